"""How the boards name a seat: its number, and its player's name when the view's status knows
one (``GameStatus.players``), so a table reads "seat 1 (Bob)" rather than a bare number.

An empty name is a free seat, and a name that only repeats the seat ("seat 1", as a local
table names unnamed seats) adds nothing; both show the number alone.

The log lines are the server's event descriptions, which name seats by number only ("Seat 0
played …"): they are part of the API and of stored messages, so the client adds the names as
it prints them (``named_seats``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from games.core.meta import META_CODEC, SeatTaken

SEAT_MENTION = re.compile(r"\b[Ss]eat (0|[1-9][0-9]*)\b(?!\.[0-9])")
"""A seat named by its number, "Seat 0" or "seat 12": not "seats 0 to 3", a number on its own,
or a number that only begins with the seat's ("seat 1.5", "seat 01")."""
SEAT_TAKEN = META_CODEC.name_of(SeatTaken)
"""The event whose line already names its player ("Ada took seat 0")."""


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


def named_seats(line: str, names: Sequence[str], event_type: str = "") -> Text:
    """``line`` with the player's name beside each seat it mentions: "Seat 0 (Ada) played …".

    Only a seat of this game that has a player is named (``player_name``); a free seat, or a
    number beyond the game's seats, keeps the number alone. The names are added as plain text,
    never read as markup, so a player called "[bold]x" is printed as typed. A ``SeatTaken``
    line says the player's name already.
    """
    if event_type == SEAT_TAKEN:
        return Text(line)
    text, written = Text(), 0
    for mention in SEAT_MENTION.finditer(line):
        name = player_name(names, int(mention[1]))
        if name:
            text.append(f"{line[written : mention.end()]} ({name})")
            written = mention.end()
    text.append(line[written:])
    return text
