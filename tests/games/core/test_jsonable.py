"""Dataclasses to JSON-native values and back, driven by type hints (games.core.jsonable)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from typing import Any, Optional

import pytest

from games.core import CodecError, GameCreated
from games.core.jsonable import from_json, to_json


class Colour(str, Enum):  # noqa: UP042 (the str-valued Enum base every game uses)
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Piece:
    colour: Colour
    value: int


@dataclass(frozen=True)
class Square:
    name: str
    piece: Piece | None = None


@dataclass(frozen=True)
class Board:
    squares: tuple[Square, ...]
    corner: tuple[int, str]
    scores: tuple[tuple[int, int], ...] = ()
    marked: frozenset[int] = frozenset()
    note: Optional[str] = None  # noqa: UP045 (the older spelling must decode too)
    ready: bool = False
    extra: Any = None


@dataclass(frozen=True)
class Either:
    item: Piece | Square


@dataclass(frozen=True)
class Link:
    value: int
    following: Link | None = None


BOARD = Board(
    squares=(Square("a1", Piece(Colour.RED, 3)), Square("a2")),
    corner=(7, "h8"),
    scores=((0, 12), (1, 9)),
    marked=frozenset({5, 2, 9}),
    note="opening",
    ready=True,
    extra={"free": ["form"]},
)


def test_a_nested_value_round_trips_through_json_text() -> None:
    text = json.dumps(to_json(BOARD))
    assert from_json(Board, json.loads(text)) == BOARD


def test_the_json_form_is_plain_and_readable() -> None:
    assert to_json(BOARD) == {
        "squares": [
            {"name": "a1", "piece": {"colour": "red", "value": 3}},
            {"name": "a2", "piece": None},
        ],
        "corner": [7, "h8"],
        "scores": [[0, 12], [1, 9]],
        "marked": [2, 5, 9],
        "note": "opening",
        "ready": True,
        "extra": {"free": ["form"]},
    }


def test_tuples_decode_as_tuples() -> None:
    board = from_json(Board, {"squares": [], "corner": [1, "x"], "scores": [[1, 2]]})
    assert board.squares == ()
    assert board.corner == (1, "x")
    assert board.scores == ((1, 2),)
    assert isinstance(board.scores[0], tuple)


def test_optionals_take_null_or_a_value() -> None:
    assert from_json(Square, {"name": "b", "piece": None}) == Square("b")
    assert from_json(Square, {"name": "b"}) == Square("b")
    assert from_json(Board, {"squares": [], "corner": [1, "x"], "note": None}).note is None
    with pytest.raises(CodecError, match="matches none of"):
        from_json(Square, {"name": "b", "piece": 3})


def test_enums_are_stored_as_their_values() -> None:
    assert to_json(Colour.BLUE) == "blue"
    assert from_json(Piece, {"colour": "blue", "value": 1}) == Piece(Colour.BLUE, 1)
    with pytest.raises(CodecError, match="'green' is not a Colour"):
        from_json(Piece, {"colour": "green", "value": 1})


def test_frozensets_are_sorted_lists() -> None:
    board = from_json(Board, {"squares": [], "corner": [1, "x"], "marked": [3, 1, 3]})
    assert board.marked == frozenset({1, 3})


def test_unions_of_dataclasses_take_the_first_that_fits() -> None:
    assert from_json(Either, {"item": {"colour": "red", "value": 2}}) == Either(
        Piece(Colour.RED, 2)
    )
    assert from_json(Either, {"item": {"name": "c3", "piece": None}}) == Either(Square("c3"))
    with pytest.raises(CodecError, match="matches none of"):
        from_json(Either, {"item": {"name": 3}})
    with pytest.raises(CodecError, match="matches none of"):  # null only where None is one
        from_json(Either, {"item": None})


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"squares": [], "corner": [1]}, "expected 2 items, got 1"),
        ({"squares": [], "corner": [1, "x", 2]}, "expected 2 items, got 3"),
        ({"squares": {}, "corner": [1, "x"]}, "expected a list"),
        ({"squares": [], "corner": ["1", "x"]}, "expected an integer"),
        ({"squares": [], "corner": [1.0, "x"]}, "expected an integer"),
        ({"squares": [], "corner": [1, "x"], "ready": 1}, "expected bool"),
        ({"squares": [], "corner": [1, "x"], "marked": "5"}, "expected a list"),
        ({"squares": [["a1"]], "corner": [1, "x"]}, "expected a dict"),
        ({"corner": [1, "x"]}, "needs field 'squares'"),
        ({"squares": [], "corner": [1, "x"], "colour": "red"}, "has no field 'colour'"),
    ],
)
def test_values_that_do_not_fit_the_hints_are_refused(data: Any, problem: str) -> None:
    with pytest.raises(CodecError, match=problem):
        from_json(Board, data)


def test_a_dataclass_may_hold_one_of_its_own_kind() -> None:
    chain = Link(1, Link(2, Link(3)))
    assert from_json(Link, json.loads(json.dumps(to_json(chain)))) == chain
    with pytest.raises(CodecError, match="matches none of"):
        from_json(Link, {"value": 1, "following": {"value": "2"}})


def test_a_value_outside_an_enum_is_refused() -> None:
    with pytest.raises(CodecError, match="'green' is not a Colour"):
        from_json(Piece, {"colour": "green", "value": 1})


def test_a_dataclass_needs_an_object() -> None:
    with pytest.raises(CodecError, match="expected a dict, got list"):
        from_json(Piece, ["red", 1])


@pytest.mark.parametrize("value", [b"bytes", object(), {1, 2}, 1j, 0.5])
def test_values_outside_the_json_world_cannot_be_encoded(value: object) -> None:
    with pytest.raises(CodecError, match="cannot encode"):
        to_json(value)


def test_the_shared_first_event_round_trips() -> None:
    created = GameCreated(
        "bourgeoisie", "g", 1, "default", 3, "c0ffee", options=(("variant", "long"),)
    )
    assert from_json(GameCreated, json.loads(json.dumps(to_json(created)))) == created
    assert created.option("variant", "short") == "long"
    assert created.option("speed", "slow") == "slow"
