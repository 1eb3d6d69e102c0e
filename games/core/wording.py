"""English for counts, shared by the games' descriptions and every command's output."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``n`` and its noun, plural unless ``n`` is one: "1 event", "3 events", "0 events"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
