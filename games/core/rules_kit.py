"""The pieces every game's rules use alike, written once: the table ``start`` accepts, the
integer check of an action's fields, "does decide accept this?" for legal_actions, the run of
automatic steps after an action, and places and the outcome at the end (docs/architecture.md
§4)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ParamSpec, Protocol, TypeGuard, TypeVar

from games.core.batch import Batch
from games.core.chance import Chance
from games.core.errors import MalformedError, RuleError
from games.core.meta import GameCreated
from games.core.rules import Outcome

P = ParamSpec("P")
S = TypeVar("S")
E = TypeVar("E")


def require_table(
    created: GameCreated, title: str, rulesets: Sequence[str], min_seats: int, max_seats: int
) -> None:
    """Raise unless the game was created with one of its rulesets and a seat count it
    allows (the same limits as its ``GameRules``)."""
    if created.ruleset not in rulesets:
        raise MalformedError(f"unknown ruleset {created.ruleset!r}", reason="UNKNOWN_RULESET")
    if not min_seats <= created.seats <= max_seats:
        raise MalformedError(
            f"{title} seats {min_seats} to {max_seats} players", reason="BAD_SEAT_COUNT"
        )


def is_int(value: object) -> TypeGuard[int]:
    """True for an int that is not a bool (bool is an int to Python, never to an action)."""
    return isinstance(value, int) and not isinstance(value, bool)


def passes(check: Callable[P, object], *args: P.args, **kwargs: P.kwargs) -> bool:
    """True when ``check`` (a decide check) accepts the arguments: legal_actions lists
    exactly what decide accepts by asking the very checks decide uses."""
    try:
        check(*args, **kwargs)
    except RuleError:
        return False
    return True


def run_automatic_steps(
    state: S,
    chance: Chance,
    automatic_step: Callable[[S, Chance], tuple[E, ...]],
    evolve: Callable[[S, E], S],
) -> tuple[S, tuple[E, ...]]:
    """Run every automatic step from ``state`` until ``automatic_step`` returns () (a seat has
    a decision to make, or the game is over); the state reached and the events produced."""
    batch = Batch(state, evolve)
    batch.settle(chance, automatic_step)
    return batch.state, batch.result()


def resolve_judged(
    state: S,
    judged: tuple[E, ...],
    chance: Chance,
    automatic_step: Callable[[S, Chance], tuple[E, ...]],
    evolve: Callable[[S, E], S],
) -> tuple[tuple[E, ...], tuple[S, ...]]:
    """What ``GameRules.resolve`` answers for an action ``decide`` judged to record
    ``judged``: those events and every automatic step after them, and the state after each."""
    batch = Batch(state, evolve)
    batch.add(*judged)
    batch.settle(chance, automatic_step)
    return batch.resolved()


def places_by_key(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Each seat's place from its ranking key: 1 + the number of seats whose key is strictly
    greater, so the greatest key is first and seats with equal keys share a place."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


class Finishable(Protocol):
    """A game state that records its end: whether it is over, and its final scores and places
    by seat."""

    @property
    def finished(self) -> bool: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def places(self) -> tuple[int, ...]: ...


def recorded_outcome(state: Finishable) -> Outcome | None:
    """Final scores and places, as the game's ``GameEnded`` recorded them; None while the game
    runs."""
    if not state.finished:
        return None
    return Outcome(scores=state.scores, places=state.places)
