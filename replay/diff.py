"""A readable difference between two views: one line per changed field."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.burgundy.turns import track_space
from games.core.jsonable import to_json

MAX_LIST_SHOWN = 6
MAX_FIELDS_SHOWN = 4
"""How many of an item's fields are shown: enough to tell a tile or a house from the others
beside it (its id, colour, kind), short enough to keep one change on one line."""
IDENTIFYING = frozenset({"id", "seat", "space", "number", "card"})
"""Fields that name an item even when they hold 0: tile 0, seat 0 and space 0 exist."""


@dataclass(frozen=True)
class Shown:
    """A number a view holds one way and the game's boards print another: shown as the
    boards print it (``value``), after a ``label`` that says what it counts."""

    label: str
    value: Callable[[int], int]


SHOWN_AS: Mapping[str, Mapping[str, Shown]] = {
    # The view holds the turn-order track's first space as position 0; the board, the log
    # and the HTML board count it as space 1 (seed: "the first space of the turn order track").
    "burgundy": {"position": Shown("turn-order space", track_space)},
}
"""Game key → field name → how a change of that field is shown."""


def diff_views(before: Any, after: Any, *, game: str) -> list[str]:
    """Lines like ``players[1].silver: 4 → 9`` for every field that changed between two views
    of ``game``; a field the boards print otherwise (``SHOWN_AS``) reads as they print it:
    ``players[1].position: turn-order space 2 → 3``. The views themselves are not changed."""
    return list(_diff("", to_json(before), to_json(after), SHOWN_AS.get(game, {})))


def _diff(path: str, old: Any, new: Any, shown: Mapping[str, Shown]) -> Iterator[str]:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new), key=str):
            inner = f"{path}.{key}" if path else str(key)
            yield from _diff(inner, old.get(key), new.get(key), shown)
        return
    if isinstance(old, list) and isinstance(new, list):
        if len(old) == len(new):
            for index, (a, b) in enumerate(zip(old, new, strict=True)):
                yield from _diff(f"{path}[{index}]", a, b, shown)
        else:
            yield f"{path}: {_resized(old, new)}"
        return
    field = shown.get(path.rsplit(".", 1)[-1])
    if field is not None and isinstance(old, int) and isinstance(new, int):
        yield f"{path}: {field.label} {field.value(old)} → {field.value(new)}"
        return
    yield f"{path}: {_short(old)} → {_short(new)}"


def _resized(old: list[Any], new: list[Any]) -> str:
    """A collection that grew or shrank: both whole while short; once too long to show whole,
    its sizes and the items that came and went, which a shortened list may not show (a card
    onto the end of a long discard pile)."""
    if max(len(old), len(new)) <= MAX_LIST_SHOWN:
        return f"{_short(old)} → {_short(new)}"
    added, removed = _missing_from(old, new), _missing_from(new, old)
    moves = [f"added {_listed(added)}"] if added else []
    moves += [f"removed {_listed(removed)}"] if removed else []
    return f"{len(old)} → {len(new)} items ({'; '.join(moves)})"


def _missing_from(base: list[Any], other: list[Any]) -> list[Any]:
    """The items of ``other`` that ``base`` lacks, counting repeats, in ``other``'s order."""
    left = [json.dumps(item, sort_keys=True) for item in base]
    missing = []
    for item in other:
        key = json.dumps(item, sort_keys=True)
        if key in left:
            left.remove(key)
        else:
            missing.append(item)
    return missing


def _short(value: Any) -> str:
    if isinstance(value, dict):
        return _item(value)
    if isinstance(value, list):
        return f"[{_listed(value)}]"
    return "—" if value is None else str(value)


def _listed(values: list[Any]) -> str:
    shown = ", ".join(_short(v) for v in values[:MAX_LIST_SHOWN])
    more = f", … {len(values) - MAX_LIST_SHOWN} more" if len(values) > MAX_LIST_SHOWN else ""
    return f"{shown}{more}"


def _item(value: dict[str, Any]) -> str:
    """An object by what tells it apart from the others in its collection.

    A collection that grows or shrinks shows its items, and an arbiter must see *which* came
    or went (``depots[0].tiles`` losing tile 112, the market): an item with a name is its name;
    any other shows its identifying fields and its first others that hold something (a colour,
    a kind), skipping the empty ones (none, false, 0) that most items share; one with nothing
    but empty fields shows its first.
    """
    if "name" in value:
        return str(value["name"])
    telling = [(k, field) for k, field in value.items() if k in IDENTIFYING or _tells(field)]
    fields = telling or list(value.items())[:1]
    shown = ", ".join(_field(key, field) for key, field in fields[:MAX_FIELDS_SHOWN])
    more = ", …" if len(fields) > MAX_FIELDS_SHOWN else ""
    return f"{{{shown}{more}}}"


def _tells(field: Any) -> bool:
    return field not in (None, False, 0, "", [], {})


def _field(key: str, field: Any) -> str:
    return key if field is True else f"{key}: {_short(field)}"
