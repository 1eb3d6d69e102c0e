"""A toy game, so the kernel can be tested without any real game's rules.

Seats take turns adding 1 to 3 to a shared total, starting from a seat drawn at random; the seat
that brings the total to ``TARGET`` wins. It has just enough of a ``GameRules`` record for
``fold``, ``record_of`` and the codec to work with.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from games.core import (
    Cause,
    CauseKind,
    Chance,
    Codec,
    GameCreated,
    GameOverError,
    GameRules,
    MalformedError,
    NotYourTurnError,
    Outcome,
    Recorded,
    RuleError,
    SeatTaken,
    SeededChance,
    SeedRevealed,
    commitment,
    fold,
)
from games.core.meta import META_CODEC
from games.core.record import GENESIS

TARGET = 10
AT = "2026-01-01T00:00:00.000000+00:00"


@dataclass(frozen=True)
class Add:
    amount: int


@dataclass(frozen=True)
class FirstSeatDrawn:
    seat: int


@dataclass(frozen=True)
class Added:
    seat: int
    amount: int


@dataclass(frozen=True)
class Won:
    seat: int


@dataclass(frozen=True)
class Tally:
    seats: int
    total: int = 0
    active: int = 0
    started: bool = False
    winner: int | None = None


def start(created: GameCreated) -> Tally:
    return Tally(seats=created.seats)


def opening(state: Tally, chance: Chance) -> tuple[object, ...]:
    return (FirstSeatDrawn(chance.roll(state.seats) - 1),)


def decide(state: Tally, seat: int, action: Add, chance: Chance) -> tuple[object, ...]:
    if state.winner is not None:
        raise GameOverError("the game is over")
    if not state.started:
        raise RuleError("not started")
    if seat != state.active:
        raise NotYourTurnError(f"it is seat {state.active}'s turn")
    if not isinstance(action, Add) or action.amount not in (1, 2, 3):
        raise MalformedError("add 1, 2 or 3")
    added = Added(seat, action.amount)
    if state.total + action.amount >= TARGET:
        return (added, Won(seat))
    return (added,)


def resolve(
    state: Tally, seat: int, action: Add, chance: Chance
) -> tuple[tuple[object, ...], tuple[Tally, ...]]:
    events = decide(state, seat, action, chance)
    return events, tuple(fold(TOY, events[: n + 1], state) for n in range(len(events)))


def evolve(state: Tally, event: object) -> Tally:
    match event:
        case FirstSeatDrawn(seat):
            return replace(state, active=seat, started=True)
        case Added(seat, amount):
            return replace(state, total=state.total + amount, active=(seat + 1) % state.seats)
        case Won(seat):
            return replace(state, winner=seat)
    raise AssertionError(f"not a toy event: {event!r}")


def legal_actions(state: Tally, seat: int) -> Iterator[Add]:
    if to_act(state) == seat:
        yield from (Add(1), Add(2), Add(3))


def to_act(state: Tally) -> int | None:
    return None if state.winner is not None or not state.started else state.active


def outcome(state: Tally) -> Outcome | None:
    if state.winner is None:
        return None
    places = tuple(1 if seat == state.winner else 2 for seat in range(state.seats))
    scores = tuple(1 if seat == state.winner else 0 for seat in range(state.seats))
    return Outcome(scores=scores, places=places)


TOY: GameRules[Tally, Add, object, Tally] = GameRules(
    name="toy",
    title="Toy",
    rules_version=1,
    rulesets=("default",),
    min_seats=2,
    max_seats=4,
    state_type=Tally,
    actions=Codec("toy", (Add,)),
    events=Codec("toy", (FirstSeatDrawn, Added, Won)),
    start=start,
    opening=opening,
    decide=decide,
    resolve=resolve,
    evolve=evolve,
    legal_actions=legal_actions,
    to_act=to_act,
    outcome=outcome,
    view=lambda state, seat: state,
    full_view=lambda state: state,
    describe=lambda event, _ruleset: type(event).__name__,
    describe_action=lambda _state, action: f"add {action.amount}",
)

CODEC = Codec.combine(META_CODEC, TOY.events)


def created(seats: int = 2, seed: bytes = b"toy seed") -> GameCreated:
    return GameCreated(
        game="toy",
        game_id="00000000-0000-0000-0000-000000000001",
        rules_version=1,
        ruleset="default",
        seats=seats,
        seed_commitment=commitment(seed),
        tournament="Toy Open",
        round=2,
        table=3,
    )


def recorded_game(
    seats: int = 2, seed: bytes = b"toy seed", *, finish: bool = True
) -> list[Recorded]:
    """A toy game sealed into its hash chain, as the service stores it: creation and opening,
    every seat joining, then actions (always adding 3) until the end when ``finish``."""
    recorded: list[Recorded] = []

    def seal(events: tuple[object, ...], cause: Cause) -> None:
        for event in events:
            previous = recorded[-1].chain if recorded else GENESIS
            encoded = CODEC.encode(event)
            recorded.append(Recorded.sealed(previous, len(recorded) + 1, AT, encoded, cause))

    first = created(seats, seed)
    setup = Cause(CauseKind.SETUP, "setup")
    seal((first,), setup)
    state = TOY.start(first)
    seal(TOY.opening(state, SeededChance(seed, "1")), setup)
    for joining in range(seats):
        seal(
            (SeatTaken(joining, f"player {joining}", f"hash {joining}"),),
            Cause(CauseKind.JOIN, f"j{joining}", joining),
        )
    state = fold(TOY, [CODEC.decode(r.event) for r in recorded])
    while (seat := TOY.to_act(state)) is not None and (finish or state.total < TARGET - 3):
        events = TOY.decide(state, seat, Add(3), SeededChance(seed, str(len(recorded))))
        state = fold(TOY, events, state)
        if TOY.outcome(state) is not None:
            events = (*events, SeedRevealed(seed.hex()))
        seal(events, Cause(CauseKind.ACTION, f"a{len(recorded)}", seat, TOY.actions.encode(Add(3))))
    return recorded
