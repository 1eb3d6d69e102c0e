"""A readable difference between two views: one line per changed field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core.jsonable import to_json

MAX_LIST_SHOWN = 6


def diff_views(before: Any, after: Any) -> list[str]:
    """Lines like ``players[1].silver: 4 → 9`` for every field that changed."""
    return list(_diff("", to_json(before), to_json(after)))


def _diff(path: str, old: Any, new: Any) -> Iterator[str]:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new), key=str):
            yield from _diff(f"{path}.{key}" if path else str(key), old.get(key), new.get(key))
        return
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from _diff(f"{path}[{index}]", a, b)
        return
    yield f"{path}: {_short(old)} → {_short(new)}"


def _short(value: Any) -> str:
    if isinstance(value, dict) and "name" in value:
        return str(value["name"])
    if isinstance(value, list):
        shown = ", ".join(_short(v) for v in value[:MAX_LIST_SHOWN])
        more = f", … {len(value) - MAX_LIST_SHOWN} more" if len(value) > MAX_LIST_SHOWN else ""
        return f"[{shown}{more}]"
    if isinstance(value, dict):
        return "{…}"
    return "—" if value is None else str(value)
