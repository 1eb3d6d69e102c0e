"""``games.core.frozen.replace`` makes exactly the value ``dataclasses.replace`` makes."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import pytest

from games.core.frozen import replace
from tests.conformance.play import GAMES, played


def _records(value: object) -> list[Any]:
    """``value`` and every dataclass instance inside it (fields, tuples, frozensets)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        inner = [getattr(value, f.name) for f in dataclasses.fields(value)]
        return [value, *[r for item in inner for r in _records(item)]]
    if isinstance(value, tuple | frozenset):
        return [r for item in value for r in _records(item)]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_every_record_of_a_played_game_is_replaced_as_dataclasses_replaces_it(game: str) -> None:
    table = played(game, 2)
    states = [step.state for step in table.steps[:: max(1, len(table.steps) // 8)]]
    records = [r for state in [*states, table.state] for r in _records(state)]
    assert len({type(r) for r in records}) >= 2  # the state and its players at least
    for record, other in zip(records, records[1:] + records[:1], strict=True):
        for field in dataclasses.fields(record):
            # The same value, and a value taken from another record of the game.
            new = getattr(other, field.name, None) if type(other) is type(record) else None
            for changed in (getattr(record, field.name), new):
                expected = dataclasses.replace(record, **{field.name: changed})
                made = replace(record, **{field.name: changed})
                assert made == expected
                assert type(made) is type(expected)
                assert vars(made) == vars(expected)
        assert replace(record) == record and replace(record) is not record


@dataclasses.dataclass(frozen=True)
class _Plain:
    a: int
    b: tuple[int, ...] = ()


def test_an_unknown_field_is_refused_as_by_dataclasses() -> None:
    with pytest.raises(TypeError, match="no field c"):
        replace(_Plain(1), c=2)
    assert replace(_Plain(1), b=(2,)) == _Plain(1, (2,))


@dataclasses.dataclass(frozen=True)
class _Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@dataclasses.dataclass(frozen=True)
class _Cached:
    a: int

    @functools.cached_property
    def double(self) -> int:
        return 2 * self.a


def test_records_with_more_than_their_fields_go_through_dataclasses_replace() -> None:
    with pytest.raises(ValueError, match="negative"):  # __post_init__ runs
        replace(_Checked(1), a=-1)
    cached = _Cached(1)
    assert cached.double == 2
    assert replace(cached, a=5).double == 10  # not the value cached for a=1
