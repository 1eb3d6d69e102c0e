"""Characters text must not hold to be shown: what the server refuses in every text a client
sends (``BAD_TEXT``, services/application/text.py), and so what no genuine record holds.

A record file, though, can come from anyone: a control character in a player's name (ESC
and what follows it clears a terminal, retitles its window, colours what comes after) or a
bidirectional override in a claim would reach the screen of whoever replays the record or
reports on its dispute. ``record_hidden_text`` finds them, for ``tabletop verify`` to fail
such a record and for the replay and dispute tools to refuse it, as they refuse a record
whose chain is broken (docs/record-format.md, "Reading a record").
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator

from games.core.record import GameRecord
from games.core.tournament_record import TOURNAMENT_FILE, TournamentRecord

LINE_BREAKS = frozenset("\n\r\t")
"""The only control characters allowed, and only in text of several lines."""
JOINERS = frozenset("\u200c\u200d")
"""Zero-width non-joiner and joiner: format characters that are part of real text."""


def hidden_character(text: str, *, lines: bool = False) -> str | None:
    """The first control character (Unicode category Cc; line breaks and tabs allowed in text
    of several lines) or invisible format character (Cf, but for the ``JOINERS``) in
    ``text``, if any."""
    for char in text:
        category = unicodedata.category(char)
        allowed = (category == "Cc" and lines and char in LINE_BREAKS) or char in JOINERS
        if category in ("Cc", "Cf") and not allowed:
            return char
    return None


def record_hidden_text(record: GameRecord) -> Iterator[str]:
    """Where ``record`` holds a character no server stores in any text it keeps (names,
    claims, rulings, command ids, action fields): the header, or an event by its version.
    Line breaks and tabs are allowed anywhere, as claims and rulings may hold them."""
    places: list[tuple[str, object]] = [
        ("the header or result line", (record.header, record.result))
    ]
    for recorded in record.events:
        action = recorded.cause.action
        texts = (recorded.event.data, recorded.cause.command_id, action.data if action else None)
        places.append((f"version {recorded.version}", texts))
    return _hidden_in(places)


def tournament_hidden_text(record: TournamentRecord) -> Iterator[str]:
    """``record_hidden_text`` for a tournament's own record (``tournament.json``): its name,
    and each event (names, reasons) by its version."""
    places: list[tuple[str, object]] = [(f"{TOURNAMENT_FILE}'s name", record.name)]
    places += [(f"{TOURNAMENT_FILE} version {e.version}", e.event.data) for e in record.entries]
    return _hidden_in(places)


def _hidden_in(places: list[tuple[str, object]]) -> Iterator[str]:
    """For each place (where, what it holds) holding a hidden character, what it holds."""
    for where, held in places:
        found = _first_hidden(held)
        if found is not None:
            yield f"{where} holds the {character_name(found)}, which no server stores"


def _first_hidden(value: object) -> str | None:
    """The first hidden character in a string, or in any key or value within ``value``."""
    if isinstance(value, str):
        return hidden_character(value, lines=True)
    parts: Iterable[object]
    if isinstance(value, dict):
        parts = (*value.keys(), *value.values())
    elif isinstance(value, list | tuple):
        parts = value
    else:
        return None
    return next((found for part in parts if (found := _first_hidden(part)) is not None), None)


def character_name(char: str) -> str:
    """``control character U+001B``, ``invisible format character U+202E``."""
    kind = "control" if unicodedata.category(char) == "Cc" else "invisible format"
    return f"{kind} character U+{ord(char):04X}"
