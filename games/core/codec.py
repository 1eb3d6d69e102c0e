"""The event and action codec: stable type names, schema versions and upcasters.

A stored event is ``{"type": "bourgeoisie.CardBought", "schema": 1, "data": {...}}``. The type name
never mentions a Python module, so code can move freely (docs/architecture.md §5). When an event's
shape changes, its class gains a higher ``SCHEMA`` and an upcaster from the old version; old games
then decode through the chain of upcasters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Self

from games.core.errors import CodecError
from games.core.jsonable import JSON, from_json, to_json

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]


def schema_of(cls: type) -> int:
    """The current schema version of a message class (``SCHEMA``, default 1)."""
    return int(getattr(cls, "SCHEMA", 1))


@dataclass(frozen=True)
class Encoded:
    """A message in its stored form."""

    type: str
    schema: int
    data: dict[str, JSON]

    def as_json(self) -> dict[str, JSON]:
        return {"type": self.type, "schema": self.schema, "data": self.data}


class Codec:
    """Encodes and decodes one family of messages (a game's events, or its actions).

    Type names are ``<prefix>.<ClassName>``; ``upcasters`` maps ``(type name, from schema)``
    to a function producing the next schema's data.
    """

    def __init__(
        self,
        prefix: str,
        classes: Iterable[type],
        upcasters: Mapping[tuple[str, int], Upcaster] | None = None,
    ) -> None:
        self._names: dict[type, str] = {c: f"{prefix}.{c.__name__}" for c in classes}
        self._classes: dict[str, type] = {n: c for c, n in self._names.items()}
        if len(self._classes) != len(self._names):
            raise ValueError(f"duplicate message names in {prefix}")
        self._upcasters: dict[tuple[str, int], Upcaster] = dict(upcasters or {})

    @classmethod
    def combine(cls, *codecs: Codec) -> Self:
        """One codec that understands every family given."""
        combined = cls("", ())
        for codec in codecs:
            combined._names.update(codec._names)
            combined._classes.update(codec._classes)
            combined._upcasters.update(codec._upcasters)
        return combined

    @property
    def classes(self) -> tuple[type, ...]:
        return tuple(self._names)

    def name_of(self, cls: type) -> str:
        try:
            return self._names[cls]
        except KeyError:
            raise CodecError(f"{cls.__name__} is not a known message") from None

    def class_of(self, name: str) -> type:
        try:
            return self._classes[name]
        except KeyError:
            raise CodecError(f"unknown message type {name!r}") from None

    def encode(self, message: object) -> Encoded:
        cls = type(message)
        return Encoded(self.name_of(cls), schema_of(cls), to_json(message))

    def decode(self, encoded: Encoded) -> object:
        cls = self.class_of(encoded.type)
        data, schema = dict(encoded.data), encoded.schema
        while schema < schema_of(cls):
            upcast = self._upcasters.get((encoded.type, schema))
            if upcast is None:
                raise CodecError(f"no upcaster for {encoded.type} schema {schema}")
            data, schema = upcast(data), schema + 1
        if schema != schema_of(cls):
            raise CodecError(f"{encoded.type} schema {schema} is newer than this code")
        decoded: object = from_json(cls, data)
        return decoded


def encoded_from_json(data: JSON) -> Encoded:
    """Read the stored form back; raises CodecError when it is not one."""
    if not isinstance(data, dict):
        raise CodecError("an encoded message is an object")
    kind, schema, body = data.get("type"), data.get("schema"), data.get("data")
    if not isinstance(kind, str) or not isinstance(schema, int) or not isinstance(body, dict):
        raise CodecError("an encoded message has a type, a schema and data")
    return Encoded(kind, schema, body)
