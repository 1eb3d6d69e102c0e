"""``replace`` for the rules' frozen records, at a quarter of ``dataclasses.replace``'s cost.

Every step of a fold builds new states from old ones by changing a few fields, a dozen times
or more per action, so how a changed copy is made shows in every action the service takes and
every game the replay tool loads. ``dataclasses.replace`` reads every field back through
``getattr`` and calls ``__init__`` again. A record with no ``__post_init__``, no
``init=False`` field, no ``__slots__`` and no ``cached_property`` (every state record of the
rules) is fully described by its instance dict, so a copy of that dict with the changes laid
over it is the same value; for any other dataclass this falls back to
``dataclasses.replace``.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

Record = TypeVar("Record")

_PLAIN_FIELDS: dict[type, frozenset[str] | None] = {}


def replace(record: Record, /, **changes: Any) -> Record:
    """A copy of the frozen dataclass ``record`` with ``changes``; as ``dataclasses.replace``,
    an unknown field name raises TypeError."""
    kind = type(record)
    try:
        names = _PLAIN_FIELDS[kind]
    except KeyError:
        names = _PLAIN_FIELDS[kind] = _plain_fields(kind)
    if names is None:
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{kind.__name__} has no field {unknown}")
    copied: Record = object.__new__(kind)
    copied.__dict__.update(record.__dict__, **changes)
    return copied


def _plain_fields(kind: type) -> frozenset[str] | None:
    """The field names of ``kind`` when its instance dict is all there is to it, else None."""
    if not dataclasses.is_dataclass(kind) or hasattr(kind, "__slots__"):
        return None
    if hasattr(kind, "__post_init__") or _caches_attributes(kind):
        return None
    fields = dataclasses.fields(kind)
    if not all(f.init for f in fields):
        return None
    return frozenset(f.name for f in fields)


def _caches_attributes(kind: type) -> bool:
    # A cached_property keeps its value in the instance dict, where a copy would carry it
    # over to a record whose fields it no longer describes.
    return any(
        isinstance(member, functools.cached_property)
        for klass in kind.__mro__
        for member in vars(klass).values()
    )
