"""How the boards name a seat: its number, and its player's name when the view's status knows
one (``GameStatus.players``), so a table reads "seat 1 (Bob)" rather than a bare number.

An empty name is a free seat, and a name that only repeats the seat ("seat 1", as a local
table names unnamed seats) adds nothing; both show the number alone.
"""

from __future__ import annotations

from collections.abc import Sequence


def player_name(names: Sequence[str], seat: int) -> str:
    """The player's name at ``seat``, or "" when none is known or it only repeats the seat."""
    name = names[seat] if 0 <= seat < len(names) else ""
    return "" if name == f"seat {seat}" else name


def seat_name(names: Sequence[str], seat: int) -> str:
    """``seat 1 (Bob)`` for headings and sentences; ``seat 1`` when no name is known."""
    name = player_name(names, seat)
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def seat_cell(names: Sequence[str], seat: int) -> str:
    """``1 Bob`` for a table's seat column (headed "seat"); ``1`` when no name is known."""
    name = player_name(names, seat)
    return f"{seat} {name}" if name else str(seat)
