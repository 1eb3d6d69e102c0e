"""docs/architecture.md §4: ``fold`` is the one fold, a stream begins with ``GameCreated``; the
shared error hierarchy and the ``Outcome`` record."""

from __future__ import annotations

import pytest

from games.core import (
    CodecError,
    GameError,
    GameOverError,
    MalformedError,
    NotYourTurnError,
    Outcome,
    RecordError,
    RuleError,
    SeatTaken,
    SeededChance,
    SeedRevealed,
    apply,
    fold,
)
from games.core.rules import describe

from .toy import TOY, Add, Added, FirstSeatDrawn, Tally, Won, created


def test_game_created_starts_the_fold() -> None:
    assert apply(TOY, None, created(seats=3)) == Tally(seats=3)
    assert fold(TOY, [created(seats=3)]) == Tally(seats=3)


def test_a_stream_must_begin_with_game_created() -> None:
    with pytest.raises(ValueError, match="must begin with GameCreated"):
        apply(TOY, None, FirstSeatDrawn(0))
    with pytest.raises(ValueError, match="must begin with GameCreated"):
        fold(TOY, [FirstSeatDrawn(0), Added(0, 1)])
    with pytest.raises(ValueError, match="must begin with GameCreated"):
        fold(TOY, [SeatTaken(0, "Ann", "hash"), created()])


def test_folding_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="no events to fold"):
        fold(TOY, [])


def test_fold_continues_from_a_given_state() -> None:
    events = [created(), FirstSeatDrawn(1), Added(1, 3), Added(0, 2)]
    middle = fold(TOY, events[:2])
    assert fold(TOY, events[2:], middle) == fold(TOY, events)
    assert fold(TOY, [], middle) == middle
    assert fold(TOY, events) == Tally(seats=2, total=5, active=1, started=True)


def test_meta_events_leave_the_state_alone() -> None:
    state = fold(TOY, [created(), FirstSeatDrawn(0)])
    assert apply(TOY, state, SeatTaken(1, "Bea", "hash")) == state
    assert apply(TOY, state, SeedRevealed("00")) == state


def test_a_game_played_through_the_rules_folds_to_its_outcome() -> None:
    seed = b"toy seed"
    events: list[object] = [created(seed=seed)]
    state = fold(TOY, events)
    events += TOY.opening(state, SeededChance(seed, "1"))
    state = fold(TOY, events)
    while (seat := TOY.to_act(state)) is not None:
        decided = TOY.decide(state, seat, Add(2), SeededChance(seed, str(len(events))))
        events += decided
        state = fold(TOY, decided, state)
    assert state == fold(TOY, events)
    assert isinstance(events[-1], Won)
    outcome = TOY.outcome(state)
    assert outcome is not None
    assert outcome.winners == (events[-1].seat,)


def test_winners_are_the_seats_in_first_place() -> None:
    assert Outcome(scores=(3, 7, 7), places=(3, 1, 1)).winners == (1, 2)
    assert Outcome(scores=(5, 1), places=(1, 2)).winners == (0,)


def test_shared_events_are_described_for_everyone() -> None:
    assert describe(TOY, created(seats=3), "default") == "Toy created for 3 seats (default rules)"
    assert describe(TOY, SeatTaken(2, "Cleo", "hash"), "default") == "Cleo took seat 2"
    assert describe(TOY, SeatTaken(2, "", "hash"), "default") == "A player took seat 2"
    assert "seed" in describe(TOY, SeedRevealed("ab"), "default")
    assert describe(TOY, Added(0, 1), "default") == "Added"


@pytest.mark.parametrize(
    ("error", "base", "reason"),
    [
        (MalformedError, GameError, "MALFORMED"),
        (RuleError, GameError, "ILLEGAL_ACTION"),
        (NotYourTurnError, RuleError, "NOT_YOUR_TURN"),
        (GameOverError, RuleError, "GAME_OVER"),
        (CodecError, MalformedError, "UNDECODABLE"),
        (RecordError, GameError, "RECORD_INVALID"),
    ],
)
def test_errors_carry_a_machine_readable_reason(
    error: type[GameError], base: type[GameError], reason: str
) -> None:
    assert issubclass(error, base)
    assert error("why").reason == reason
    assert str(error("why")) == "why"


def test_a_specific_reason_overrides_the_class_reason() -> None:
    refused = RuleError("no", reason="TILE_TAKEN")
    assert refused.reason == "TILE_TAKEN"
    assert RuleError("no").reason == "ILLEGAL_ACTION"
