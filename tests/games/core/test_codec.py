"""docs/architecture.md §5: stored messages carry a stable type name and a schema version; old
schemas decode through upcasters."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from games.core import Codec, CodecError, Encoded, MalformedError
from games.core.codec import encoded_from_json, schema_of


@dataclass(frozen=True)
class Moved:
    seat: int
    to: str


@dataclass(frozen=True)
class Passed:
    seat: int


@dataclass(frozen=True)
class Scored:
    """Schema 3. Schema 1 was ``{"who": seat}``; schema 2 added ``points`` (0 when absent);
    schema 3 renamed ``who`` to ``seat``."""

    SCHEMA: ClassVar[int] = 3

    seat: int
    points: int


def add_points(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "points": 0}


def rename_who(data: dict[str, Any]) -> dict[str, Any]:
    rest = {k: v for k, v in data.items() if k != "who"}
    return {"seat": data["who"], **rest}


UPCASTERS = {("test.Scored", 1): add_points, ("test.Scored", 2): rename_who}
CODEC = Codec("test", (Moved, Passed, Scored), UPCASTERS)


def through_json_text(encoded: Encoded) -> Encoded:
    return encoded_from_json(json.loads(json.dumps(encoded.as_json())))


def test_a_message_round_trips_through_json_text() -> None:
    encoded = CODEC.encode(Moved(seat=1, to="Paris"))
    assert encoded == Encoded("test.Moved", 1, {"seat": 1, "to": "Paris"})
    assert CODEC.decode(through_json_text(encoded)) == Moved(1, "Paris")


def test_type_names_are_stable_and_never_name_a_module() -> None:
    assert [CODEC.name_of(c) for c in CODEC.classes] == ["test.Moved", "test.Passed", "test.Scored"]
    assert CODEC.class_of("test.Passed") is Passed
    assert __name__ not in CODEC.encode(Passed(0)).type


def test_the_schema_is_the_class_schema_defaulting_to_one() -> None:
    assert (schema_of(Moved), schema_of(Scored)) == (1, 3)
    assert CODEC.encode(Scored(2, 5)) == Encoded("test.Scored", 3, {"seat": 2, "points": 5})


def test_an_unknown_type_is_undecodable() -> None:
    with pytest.raises(CodecError, match=r"unknown message type 'test\.Jumped'"):
        CODEC.decode(Encoded("test.Jumped", 1, {}))
    with pytest.raises(CodecError, match="unknown message type"):
        CODEC.decode(Encoded("Moved", 1, {"seat": 1, "to": "x"}))


def test_an_unknown_class_cannot_be_encoded() -> None:
    @dataclass(frozen=True)
    class Stranger:
        seat: int

    with pytest.raises(CodecError, match="Stranger is not a known message"):
        CODEC.encode(Stranger(1))


def test_old_schemas_are_upcast_step_by_step() -> None:
    assert CODEC.decode(Encoded("test.Scored", 1, {"who": 4})) == Scored(seat=4, points=0)
    assert CODEC.decode(Encoded("test.Scored", 2, {"who": 4, "points": 9})) == Scored(4, 9)
    assert CODEC.decode(Encoded("test.Scored", 3, {"seat": 4, "points": 9})) == Scored(4, 9)


def test_decoding_leaves_the_stored_data_alone() -> None:
    stored = Encoded("test.Scored", 1, {"who": 4})
    CODEC.decode(stored)
    assert stored.data == {"who": 4}


def test_a_missing_upcaster_is_undecodable() -> None:
    without_second_step = Codec("test", (Scored,), {("test.Scored", 1): add_points})
    with pytest.raises(CodecError, match=r"no upcaster for test\.Scored schema 2"):
        without_second_step.decode(Encoded("test.Scored", 1, {"who": 4}))


def test_a_schema_newer_than_the_code_is_undecodable() -> None:
    with pytest.raises(CodecError, match="schema 4 is newer than this code"):
        CODEC.decode(Encoded("test.Scored", 4, {"seat": 4, "points": 1}))
    with pytest.raises(CodecError, match="newer than this code"):
        CODEC.decode(Encoded("test.Moved", 2, {"seat": 1, "to": "x"}))


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"seat": 1}, "needs field 'to'"),
        ({"to": "x"}, "needs field 'seat'"),
        ({"seat": 1, "to": "x", "from": "y"}, "has no field 'from'"),
        ({"seat": "1", "to": "x"}, "expected an integer"),
        ({"seat": True, "to": "x"}, "expected an integer"),
        ({"seat": 1, "to": 2}, "expected str"),
    ],
)
def test_a_payload_that_does_not_fit_its_class_is_undecodable(
    data: dict[str, Any], problem: str
) -> None:
    with pytest.raises(CodecError, match=problem):
        CODEC.decode(Encoded("test.Moved", 1, data))


def test_combined_codecs_understand_every_family() -> None:
    other = Codec("other", (Moved,))
    combined = Codec.combine(CODEC, other)
    assert combined.decode(Encoded("other.Moved", 1, {"seat": 0, "to": "x"})) == Moved(0, "x")
    assert combined.decode(Encoded("test.Scored", 1, {"who": 2})) == Scored(2, 0)
    assert combined.decode(Encoded("test.Passed", 1, {"seat": 3})) == Passed(3)


def test_two_classes_may_not_share_a_name() -> None:
    def passed_class() -> type:
        @dataclass(frozen=True)
        class Passed:
            seat: int

        return Passed

    with pytest.raises(ValueError, match="duplicate message names in test"):
        Codec("test", (Passed, passed_class()))


@pytest.mark.parametrize(
    "stored",
    [
        [],
        "test.Moved",
        {"type": "test.Moved", "schema": 1},
        {"type": "test.Moved", "data": {}},
        {"schema": 1, "data": {}},
        {"type": 3, "schema": 1, "data": {}},
        {"type": "test.Moved", "schema": "1", "data": {}},
        {"type": "test.Moved", "schema": 1, "data": []},
    ],
)
def test_a_stored_form_without_type_schema_and_data_is_refused(stored: Any) -> None:
    with pytest.raises(CodecError):
        encoded_from_json(stored)


def test_codec_errors_are_malformed_requests() -> None:
    assert issubclass(CodecError, MalformedError)
    assert CodecError("x").reason == "UNDECODABLE"
