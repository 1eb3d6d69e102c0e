"""Benchmarks: ratios measured in one run (see bench/README.md)."""
