"""Publishes every stored game event: to Redis when configured, else to an in-process bus."""
