"""docs/architecture.md §8 property tests: random legal play over every game and seat count, with
every choice drawn through hypothesis, so a failure shrinks to a short game of simple choices.

Most examples stop after a few dozen actions and check the properties up to there; a few play
whole games and verify the record they leave.
"""

from __future__ import annotations

import dataclasses
import enum
import io
import types
import typing
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import MalformedError, RuleError, SeededChance, fold, read_record
from games.registry import all_rules
from replay.verify import verify_record

from .play import GAMES, MAX_ACTIONS, Table

SHORT_GAME = 40
"""Actions per example in the capped properties."""

games = pytest.mark.parametrize("game", GAMES)


def draw_table(data: st.DataObject, game: str) -> Table:
    rules = all_rules()[game]
    seats = data.draw(st.integers(rules.min_seats, rules.max_seats), label="seats")
    seed = data.draw(st.binary(min_size=1, max_size=32), label="seed")
    return Table(rules, seats, seed)


def play_drawn(data: st.DataObject, table: Table, limit: int, *, refold: bool = False) -> None:
    """Play drawn legal actions until the end or ``limit``, checking the per-step properties."""
    rules = table.rules
    while len(table.steps) < limit:
        seat = rules.to_act(table.state)
        if rules.outcome(table.state) is not None:
            assert seat is None, "a finished game still has a seat to act"
            return
        assert seat is not None, "a running game has no seat to act"
        legal = tuple(rules.legal_actions(table.state, seat))
        assert legal, f"seat {seat} has no legal action at version {table.version}"
        table.play(seat, legal[data.draw(st.integers(0, len(legal) - 1), label="choice")], legal)
        if refold:
            assert fold(rules, table.events) == table.state


def values(hint: Any) -> st.SearchStrategy[Any]:
    """Small values of a message field's type."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return st.integers(-1, 130)
    if hint is type(None):
        return st.none()
    if hint in (bool, str):
        return st.from_type(hint)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(values(arg) for arg in args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(values(args[0]), max_size=3).map(tuple)
    if origin is tuple:
        return st.tuples(*(values(arg) for arg in args))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(list(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return messages_of(hint)
    raise TypeError(f"no strategy for {hint!r}")


def messages_of(cls: type) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls)
    return st.builds(cls, **{f.name: values(hints[f.name]) for f in dataclasses.fields(cls)})


def any_action(game: str) -> st.SearchStrategy[Any]:
    return st.one_of(*(messages_of(cls) for cls in all_rules()[game].actions.classes))


@games
@given(data=st.data())
def test_short_random_games_keep_every_contract(game: str, data: st.DataObject) -> None:
    table = draw_table(data, game)
    play_drawn(data, table, data.draw(st.integers(0, SHORT_GAME), label="actions"), refold=True)
    assert fold(table.rules, table.events) == table.state


@games
@given(data=st.data())
def test_decide_accepts_exactly_the_legal_actions(game: str, data: st.DataObject) -> None:
    table = draw_table(data, game)
    play_drawn(data, table, data.draw(st.integers(0, SHORT_GAME), label="actions"))
    seat = table.rules.to_act(table.state)
    if seat is None:
        return
    legal = list(table.rules.legal_actions(table.state, seat))
    action = data.draw(st.one_of(st.sampled_from(legal), any_action(game)), label="asked")
    try:
        table.rules.decide(table.state, seat, action, table.chance())
    except (RuleError, MalformedError):
        assert action not in legal, f"decide refused the legal {action!r}"
    else:
        assert action in legal, f"decide accepted {action!r}, which is not listed as legal"


@games
@settings(max_examples=max(2, settings().max_examples // 5))
@given(data=st.data())
def test_whole_random_games_end_and_verify(game: str, data: st.DataObject) -> None:
    table = draw_table(data, game)
    play_drawn(data, table, MAX_ACTIONS)
    assert table.finished, f"no outcome after {MAX_ACTIONS} actions"
    assert all(not list(table.rules.legal_actions(table.state, s)) for s in range(table.seats))
    assert fold(table.rules, table.events) == table.state
    stream = io.StringIO()
    table.record().write(stream)
    record = read_record(stream.getvalue().splitlines())
    assert verify_record(record).problems == []
    assert record.result is not None
    outcome = table.rules.outcome(table.state)
    assert outcome is not None
    assert record.result["places"] == list(outcome.places)


def test_the_drawn_chance_is_the_services_chance() -> None:
    table = Table(all_rules()[GAMES[0]], all_rules()[GAMES[0]].min_seats, b"seed")
    assert table.chance().roll(1000) == SeededChance(b"seed", str(table.version)).roll(1000)
