"""Replay and verification of recorded games: from a server, a record file, or a folder of them."""
