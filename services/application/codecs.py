"""The game codec on the write path: the same stored form, produced and read back cheaply.

``games.core.jsonable.to_json`` decides what a value is with a chain of ``isinstance`` checks
and ``dataclasses.fields`` calls at every node, which is most of the cost of sealing an event.
Which branch a value takes depends only on its type, so ``to_json`` here decides once per type
and keeps the answer; its output is identical (a test holds it to that on every game's events
and views).

``GameCodec`` also remembers, for the last few thousand messages it encoded or decoded, the
message behind each ``Encoded`` object: the events a command has just sealed are described
back to the client and published from the same objects, so they are never decoded again.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from games.core.codec import Codec, Encoded, schema_of
from games.core.errors import CodecError
from games.core.jsonable import JSON

Encoder = Callable[[Any], JSON]
MEMO_SIZE = 4096
_ENCODERS: dict[type, Encoder] = {}


def to_json(value: object) -> JSON:
    """Exactly ``games.core.jsonable.to_json``, with the type tests done once per type."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


def _encoder_for(kind: type) -> Encoder:
    # The same order of tests as jsonable.to_json: dataclass, enum, sequence, mapping, scalar.
    if dataclasses.is_dataclass(kind) and not issubclass(kind, type):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    if issubclass(kind, enum.Enum):
        return _enum_value
    if issubclass(kind, frozenset):
        return lambda value: [to_json(item) for item in sorted(value)]
    if issubclass(kind, tuple | list):
        return lambda value: [to_json(item) for item in value]
    if issubclass(kind, Mapping):
        return lambda value: {str(k): to_json(v) for k, v in value.items()}
    if kind is type(None) or issubclass(kind, bool | int | str):
        return _same
    raise CodecError(f"cannot encode a {kind.__name__}")


def _enum_value(value: enum.Enum) -> JSON:
    return value.value


def _same(value: JSON) -> JSON:
    return value


class GameCodec(Codec):
    """A ``Codec`` that encodes through the per-type encoders and remembers recent messages."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._memo: OrderedDict[int, tuple[Encoded, object]] = OrderedDict()

    def encode(self, message: object) -> Encoded:
        kind = type(message)
        encoded = Encoded(self.name_of(kind), schema_of(kind), to_json(message))
        self._remember(encoded, message)
        return encoded

    def decode(self, encoded: Encoded) -> object:
        # Keyed by identity, and the memo holds the Encoded itself, so an id is never reused
        # while its entry lives; messages are frozen, so sharing one decoded value is safe.
        known = self._memo.get(id(encoded))
        if known is not None and known[0] is encoded:
            return known[1]
        message = super().decode(encoded)
        self._remember(encoded, message)
        return message

    def _remember(self, encoded: Encoded, message: object) -> None:
        # Each OrderedDict operation is atomic under the GIL; racing threads may at worst
        # evict one entry too many, which costs a decode later.
        self._memo[id(encoded)] = (encoded, message)
        if len(self._memo) > MEMO_SIZE:
            with contextlib.suppress(KeyError):
                self._memo.popitem(last=False)
