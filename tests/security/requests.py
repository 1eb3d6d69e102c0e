"""Hypothesis strategies for requests of any RPC, built from the protobuf descriptors.

Every field may be missing or hold anything its wire type allows: edge and random integers
(huge, negative), enum numbers that name nothing, empty, random, enormous and *real* strings
(ids of existing games, tournaments and disputes, so requests reach past id parsing), real
legal actions of every game offered to every game, and lists long and short. At the wire
level, random bytes and real requests with bytes spliced in or cut off.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from google.protobuf import descriptor, message, message_factory
from hypothesis import strategies as st

Field = descriptor.FieldDescriptor
INT32 = (Field.TYPE_INT32, Field.TYPE_SINT32, Field.TYPE_SFIXED32)
INT64 = (Field.TYPE_INT64, Field.TYPE_SINT64, Field.TYPE_SFIXED64)
UINT32 = (Field.TYPE_UINT32, Field.TYPE_FIXED32)
UINT64 = (Field.TYPE_UINT64, Field.TYPE_FIXED64)
EDGES = (0, 1, -1, 2, 3, 7, 100, 1_000_000, 2**31 - 1, -(2**31))
MAX_DEPTH = 5
TOKEN_ALPHABET = string.ascii_letters + string.digits + "-_.:/=+"


@dataclass(frozen=True)
class Pools:
    """Real values of the server under test, so generated requests can go deep."""

    ids: Sequence[str]
    names: Sequence[str]
    numbers: Sequence[int]
    tokens: Sequence[str]
    actions: Sequence[message.Message]


class RequestStrategies:
    """Strategies for messages of any descriptor, cached per message type and depth."""

    def __init__(self, pools: Pools) -> None:
        self.pools = pools
        self._cache: dict[tuple[str, int], st.SearchStrategy[message.Message]] = {}

    def request(self, method: descriptor.MethodDescriptor) -> st.SearchStrategy[bytes]:
        """Serialized requests for ``method``: generated messages."""
        return self.message(method.input_type).map(lambda m: m.SerializeToString())

    def wire(self, method: descriptor.MethodDescriptor) -> st.SearchStrategy[bytes]:
        """Bytes at the wire level: random, or a generated request spliced or truncated."""
        spliced = st.builds(
            _splice, self.request(method), st.integers(0, 200), st.binary(min_size=1, max_size=16)
        )
        cut = st.builds(lambda data, n: data[:n], self.request(method), st.integers(0, 64))
        return st.one_of(st.binary(max_size=256), spliced, cut)

    def metadata(self) -> st.SearchStrategy[tuple[tuple[str, str], ...]]:
        """No token, a real one, a made-up one, or an authorization header of any shape."""
        made_up = st.text(TOKEN_ALPHABET, min_size=1, max_size=80)
        bearer = mostly(st.sampled_from(self.pools.tokens), made_up).map(
            lambda token: (("authorization", f"Bearer {token}"),)
        )
        shapeless = made_up.map(lambda value: (("authorization", value),))
        return mostly(bearer, st.one_of(st.just(()), shapeless))

    def message(self, kind: descriptor.Descriptor, depth: int = 0) -> st.SearchStrategy[Any]:
        key = (kind.full_name, depth)
        if key not in self._cache:
            self._cache[key] = st.deferred(lambda: self._build(kind, depth))
        return self._cache[key]

    def _build(self, kind: descriptor.Descriptor, depth: int) -> st.SearchStrategy[Any]:
        cls = message_factory.GetMessageClass(kind)
        if depth >= MAX_DEPTH:
            return st.just(cls())
        fields = {f.name: mostly(self._values(f, depth), st.none()) for f in kind.fields}
        generated = st.fixed_dictionaries(fields).map(lambda chosen: _filled(cls(), chosen))
        if kind.full_name == "tabletop.v1.Action" and self.pools.actions:
            return st.one_of(st.sampled_from(list(self.pools.actions)), generated)
        return generated

    def _values(self, field: Field, depth: int) -> st.SearchStrategy[Any]:
        if field.type == Field.TYPE_MESSAGE:
            assert field.message_type is not None, field.full_name
            one = self.message(field.message_type, depth + 1)
            return st.lists(one, max_size=3) if field.is_repeated else one
        one = self._scalar(field)
        if field.is_repeated:
            return st.lists(one, max_size=4) | st.lists(one, min_size=50, max_size=300)
        return one

    def _scalar(self, field: Field) -> st.SearchStrategy[Any]:
        numbers = st.sampled_from((*EDGES, *self.pools.numbers))
        kind = field.type
        if kind in INT32:
            return numbers | st.integers(-(2**31), 2**31 - 1)
        if kind in INT64:
            return numbers | st.integers(-(2**63), 2**63 - 1) | st.sampled_from((2**62, -(2**63)))
        if kind in UINT32:
            return st.integers(0, 2**32 - 1)
        if kind in UINT64:
            return st.integers(0, 2**64 - 1)
        if kind == Field.TYPE_ENUM:
            assert field.enum_type is not None, field.full_name
            named = [value.number for value in field.enum_type.values]
            return st.sampled_from(named) | st.integers(-(2**31), 2**31 - 1)
        if kind == Field.TYPE_BOOL:
            return st.booleans()
        if kind == Field.TYPE_STRING:
            return self._text(field.name)
        if kind == Field.TYPE_BYTES:
            return st.binary(max_size=64)
        return st.floats(allow_nan=True, allow_infinity=True)

    def _text(self, name: str) -> st.SearchStrategy[str]:
        huge = st.builds(
            lambda char, n: char * n, st.sampled_from("xé€😀"), st.integers(1, 200_000)
        )
        uuids = st.uuids().map(str)
        made_up = st.one_of(st.text(max_size=40), uuids, huge)
        if name.endswith("_id"):
            return mostly(st.sampled_from(list(self.pools.ids)), made_up)
        if name.endswith("name"):
            return mostly(st.sampled_from(list(self.pools.names)), made_up)
        return mostly(st.text(min_size=1, max_size=80), made_up)


def mostly(common: st.SearchStrategy[Any], rare: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``common`` three times in four, else ``rare``: requests should mostly reach past the
    first check (a real id, a real token, a field present) to test what lies behind it."""
    return st.integers(0, 3).flatmap(lambda n: rare if n == 0 else common)


def _filled(target: message.Message, chosen: dict[str, Any]) -> message.Message:
    fields = target.DESCRIPTOR.fields_by_name
    for name, value in chosen.items():
        if value is None:
            continue
        field = fields[name]
        if field.is_repeated:
            getattr(target, name).extend(value)
        elif field.type == Field.TYPE_MESSAGE:
            getattr(target, name).CopyFrom(value)
        else:
            setattr(target, name, value)
    return target


def _splice(data: bytes, at: int, noise: bytes) -> bytes:
    if not data:
        return noise
    at %= len(data)
    return data[:at] + noise + data[at + len(noise) :]
