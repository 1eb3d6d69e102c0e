"""Actions a seat could *ask* for, built generically from a game's action classes.

Field values come from each field's type hint: small integers, the integers the seat can see
(card ids, slots, amounts in its view), two out-of-range integers, every enum member, short
tuples of those. Three sources of candidates:

- random instances of every action class;
- every legal action mutated one field at a time;
- *focused* instances, built from the integers only the seat can see (those in its own view
  but not in the public view: its secret hand, in a card game). These are the near misses —
  a card the seat holds, used in the wrong way — most likely to slip past a rule.
"""

from __future__ import annotations

import dataclasses
import enum
import itertools
import random
import types
import typing
from collections.abc import Iterator, Sequence
from typing import Any

from games.core.jsonable import to_json
from games.core.rules import AnyRules

OUT_OF_RANGE = (-1, 1_000_000)
MUTATIONS = 12
"""How many other values each field of a legal action is tried with."""


def integers_in(value: object) -> Iterator[int]:
    """Every integer inside a JSON-native value."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from integers_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from integers_in(item)


def integer_pools(
    rules: AnyRules, state: object, seat: int, legal: Sequence[object]
) -> tuple[list[int], list[int]]:
    """Every integer worth trying, and those only ``seat`` can see."""
    seen = set(integers_in(to_json(rules.view(state, seat))))
    private = seen - set(integers_in(to_json(rules.view(state, None))))
    seen |= set(integers_in([to_json(action) for action in legal]))
    return sorted(seen | set(range(13)) | set(OUT_OF_RANGE)), sorted(private)


def values_for(hint: Any, ints: Sequence[int], rng: random.Random) -> list[Any]:
    """Candidate values for a field of type ``hint``."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return list(ints)
    if hint is bool:
        return [False, True]
    if hint is str:
        return ["", "x"]
    if hint is type(None):
        return [None]
    if origin in (typing.Union, types.UnionType):
        return [value for arg in args for value in values_for(arg, ints, rng)]
    if origin is tuple:
        return _tuples(args, ints, rng)
    if origin is frozenset:
        return [frozenset(t) for t in _tuples((args[0], ...), ints, rng)]
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return list(hint)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return [random_instance(hint, ints, rng) for _ in range(4)]
    raise TypeError(f"no candidate values for {hint!r}")


def _tuples(args: tuple[Any, ...], ints: Sequence[int], rng: random.Random) -> list[Any]:
    if len(args) == 2 and args[1] is Ellipsis:
        items = values_for(args[0], ints, rng)
        picks = rng.sample(items, min(6, len(items)))
        pairs = list(itertools.combinations(picks, 2))
        return [(), *((p,) for p in picks), *pairs, *(pair[::-1] for pair in pairs)]
    options = [values_for(arg, ints, rng) for arg in args]
    return [tuple(rng.choice(o) for o in options) for _ in range(6)]


def random_instance(cls: type, ints: Sequence[int], rng: random.Random) -> Any:
    hints = typing.get_type_hints(cls)
    fields = {f.name: rng.choice(values_for(hints[f.name], ints, rng)) for f in _fields(cls)}
    return cls(**fields)


def mutations(action: object, ints: Sequence[int], rng: random.Random) -> Iterator[object]:
    """``action`` with one field changed at a time."""
    hints = typing.get_type_hints(type(action))
    for field in _fields(type(action)):
        options = values_for(hints[field.name], ints, rng)
        for value in rng.sample(options, min(MUTATIONS, len(options))):
            yield dataclasses.replace(action, **{field.name: value})  # type: ignore[type-var]


def focused(cls: type, private: Sequence[int], rng: random.Random, limit: int) -> list[Any]:
    """Instances of ``cls`` whose integer fields hold only ``private`` integers."""
    if not private:
        return []
    hints = typing.get_type_hints(cls)
    options = [values_for(hints[f.name], private, rng) for f in _fields(cls)]
    size = 1
    for values in options:
        size *= len(values)
    if size <= limit:
        return [cls(*values) for values in itertools.product(*options)]
    return [cls(*(rng.choice(values) for values in options)) for _ in range(limit)]


def illegal_candidates(
    rules: AnyRules,
    state: object,
    seat: int,
    legal: Sequence[object],
    rng: random.Random,
    per_class: int = 12,
    focus: int = 150,
) -> list[object]:
    """Distinct actions of the game's action classes that are *not* among ``legal``."""
    ints, private = integer_pools(rules, state, seat, legal)
    found: list[object] = []
    for cls in rules.actions.classes:
        found += [random_instance(cls, ints, rng) for _ in range(per_class)]
        found += focused(cls, private, rng, focus)
    for action in legal:
        found += mutations(action, ints, rng)
    listed = set(legal)
    return [action for action in dict.fromkeys(found) if action not in listed]


def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)
