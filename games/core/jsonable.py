"""Conversion between frozen dataclasses and JSON-native values, driven by type hints.

Events, actions and states are frozen dataclasses built from ``int``, ``str``, ``bool``,
``None``, ``str``-valued ``Enum``s, tuples and nested dataclasses. Their JSON form uses lists
for tuples and plain strings for enums, so a stored payload is readable in any language and
decodes back to an equal value. There are no floats: a record's hash chain is taken over its
JSON text, and JSON writers agree on the text of integers and strings but not of every float
(docs/record-format.md).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.core.errors import CodecError

JSON = Any
T = TypeVar("T")


def to_json(value: object) -> JSON:
    """The JSON-native form of a value made of dataclasses, tuples, enums and scalars."""
    kind = type(value)
    encoder = _ENCODERS.get(kind)
    if encoder is None:
        encoder = _ENCODERS[kind] = _encoder_for(kind)
    return encoder(value)


Encoder = Callable[[Any], JSON]
_ENCODERS: dict[type, Encoder] = {}
"""One encoder per type met: which branch a value takes depends only on its type, and testing
it at every node of every event (``dataclasses.fields`` above all) was most of the cost of
sealing one."""


def _encoder_for(kind: type) -> Encoder:
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


def from_json(cls: type[T], data: JSON) -> T:
    """Rebuild a dataclass of type ``cls`` from its JSON form; raises CodecError on mismatch."""
    result: T = _decoder(cls)(data)
    return result


Decoder = Callable[[JSON], Any]
_DECODERS: dict[Any, Decoder] = {}
"""One decoder per type hint met, as for encoding: which branch a value takes depends only on
its type hint, and asking ``typing`` and ``dataclasses`` about it at every node of every
event was most of the cost of reading one (a publisher reads each stored event once)."""


def _decoder(tp: Any) -> Decoder:
    decoder = _DECODERS.get(tp)
    if decoder is None:
        decoder = _DECODERS[tp] = _decoder_for(tp)
    return decoder


def _decoder_for(tp: Any) -> Decoder:
    origin = typing.get_origin(tp)
    if tp is Any:
        return _same
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(typing.get_args(tp))
    if origin is tuple:
        return _tuple_decoder(typing.get_args(tp))
    if origin is frozenset:
        (item,) = typing.get_args(tp)
        return _frozenset_decoder(item)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_decoder(tp)
    if tp is type(None):
        return _decode_none
    return _scalar_decoder(tp)


def _scalar_decoder(tp: Any) -> Decoder:
    if tp is int:
        return _decode_int
    if tp in (str, bool, float):

        def decode_exactly(data: JSON) -> Any:
            if not isinstance(data, tp):
                raise CodecError(f"expected {tp.__name__}, got {data!r}")
            return data

        return decode_exactly
    return _same


def _decode_int(data: JSON) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise CodecError(f"expected an integer, got {data!r}")
    return data


def _decode_none(data: JSON) -> None:
    if data is not None:
        raise CodecError("expected null")


def _enum_decoder(tp: type[enum.Enum]) -> Decoder:
    def decode(data: JSON) -> enum.Enum:
        try:
            return tp(data)
        except ValueError as exc:
            raise CodecError(f"{data!r} is not a {tp.__name__}") from exc

    return decode


def _union_decoder(options: tuple[Any, ...]) -> Decoder:
    nullable = type(None) in options

    def decode(data: JSON) -> Any:
        if data is None and nullable:
            return None
        for option in options:
            if option is type(None):
                continue
            try:
                return _decoder(option)(data)
            except CodecError:
                continue
        raise CodecError(f"{data!r} matches none of {options}")

    return decode


def _tuple_decoder(args: tuple[Any, ...]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _decoder(args[0])
        return lambda data: tuple(map(item, _require(list, data)))

    def decode_fixed(data: JSON) -> tuple[Any, ...]:
        items = _require(list, data)
        if len(items) != len(args):
            raise CodecError(f"expected {len(args)} items, got {len(items)}")
        return tuple(_decoder(a)(x) for a, x in zip(args, items, strict=True))

    return decode_fixed


def _frozenset_decoder(item_type: Any) -> Decoder:
    item = _decoder(item_type)
    return lambda data: frozenset(map(item, _require(list, data)))


_Layout = tuple[list[tuple[str, Decoder, bool]], frozenset[str]]
"""A dataclass's fields (name, decoder, whether it must be given) and their names."""


def _dataclass_decoder(cls: type) -> Decoder:
    """Decodes a JSON object into ``cls``: every field it has, each by its own type hint;
    a missing field without a default, or a field ``cls`` has not, is a CodecError. The
    fields' decoders are found at the first call, so a dataclass may refer to itself."""
    layout: _Layout | None = None

    def decode(data: JSON) -> Any:
        nonlocal layout
        given = _require(dict, data)
        if layout is None:
            layout = _fields_of(cls)
        fields, names = layout
        kwargs: dict[str, Any] = {}
        for name, decoder, required in fields:
            if name in given:
                kwargs[name] = decoder(given[name])
            elif required:
                raise CodecError(f"{cls.__name__} needs field {name!r}")
        if len(kwargs) != len(given):  # some key is no field
            raise CodecError(f"{cls.__name__} has no field {sorted(set(given) - names)[0]!r}")
        return cls(**kwargs)

    return decode


def _fields_of(cls: type) -> _Layout:
    """Each field of ``cls``: its name, its decoder, and whether it must be given."""
    hints = typing.get_type_hints(cls)
    fields = [
        (
            f.name,
            _decoder(hints[f.name]),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    ]
    return fields, frozenset(name for name, _, _ in fields)


def _require(kind: type[T], data: JSON) -> T:
    if not isinstance(data, kind):
        raise CodecError(f"expected a {kind.__name__}, got {type(data).__name__}")
    return data
