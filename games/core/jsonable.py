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
import functools
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
    result: T = _decode(cls, data)
    return result


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(tp: Any, data: JSON) -> Any:
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        return _decode_union(typing.get_args(tp), data)
    if origin is tuple:
        return _decode_tuple(typing.get_args(tp), data)
    if origin is frozenset:
        (item,) = typing.get_args(tp)
        return frozenset(_decode(item, x) for x in _require(list, data))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass(tp, data)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError as exc:
            raise CodecError(f"{data!r} is not a {tp.__name__}") from exc
    if tp is type(None):
        if data is not None:
            raise CodecError("expected null")
        return None
    return _decode_scalar(tp, data)


def _decode_scalar(tp: Any, data: JSON) -> Any:
    if tp is int and (isinstance(data, bool) or not isinstance(data, int)):
        raise CodecError(f"expected an integer, got {data!r}")
    if tp in (str, bool, float) and not isinstance(data, tp):
        raise CodecError(f"expected {tp.__name__}, got {data!r}")
    return data


def _decode_union(options: tuple[Any, ...], data: JSON) -> Any:
    if data is None and type(None) in options:
        return None
    for option in options:
        if option is type(None):
            continue
        try:
            return _decode(option, data)
        except CodecError:
            continue
    raise CodecError(f"{data!r} matches none of {options}")


def _decode_tuple(args: tuple[Any, ...], data: JSON) -> tuple[Any, ...]:
    items = _require(list, data)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_decode(args[0], item) for item in items)
    if len(items) != len(args):
        raise CodecError(f"expected {len(args)} items, got {len(items)}")
    return tuple(_decode(a, item) for a, item in zip(args, items, strict=True))


def _decode_dataclass(cls: type, data: JSON) -> Any:
    fields = _require(dict, data)
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name in fields:
            kwargs[f.name] = _decode(hints[f.name], fields[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CodecError(f"{cls.__name__} needs field {f.name!r}")
    unknown = set(fields) - {f.name for f in dataclasses.fields(cls)}
    if unknown:
        raise CodecError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    return cls(**kwargs)


def _require(kind: type[T], data: JSON) -> T:
    if not isinstance(data, kind):
        raise CodecError(f"expected a {kind.__name__}, got {type(data).__name__}")
    return data
