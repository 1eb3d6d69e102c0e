"""``GameRules``: the one record the rest of the system relies on, and ``fold``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.core.chance import Chance
from games.core.codec import Codec
from games.core.jsonable import from_json
from games.core.meta import (
    META_EVENTS,
    DisputeOpened,
    DisputeRuled,
    GameCreated,
    GameForked,
    Seat,
    SeatTaken,
    SeedRevealed,
)

S = TypeVar("S")  # state
A = TypeVar("A")  # action
E = TypeVar("E")  # event
V = TypeVar("V")  # view


@dataclass(frozen=True)
class Outcome:
    """The end of a game: final scores and places by seat (1 = first; ties share a place)."""

    scores: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def winners(self) -> tuple[Seat, ...]:
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)


@dataclass(frozen=True)
class GameRules(Generic[S, A, E, V]):
    """Everything the service, the replay tool and the tests need to know about one game."""

    name: str
    title: str
    rules_version: int
    """Goes up whenever a change to the rules would decide a recorded game differently, and
    each change is listed under "Rules versions" in ``docs/rules/<name>.md``. Recorded in
    every game's ``GameCreated``: a game is judged only under the version it was played under
    (``rules_version_gap``)."""
    rulesets: tuple[str, ...]
    min_seats: int
    max_seats: int
    state_type: type[S]
    actions: Codec
    events: Codec
    start: Callable[[GameCreated], S]
    opening: Callable[[S, Chance], tuple[E, ...]]
    decide: Callable[[S, Seat, A, Chance], tuple[E, ...]]
    resolve: Callable[[S, Seat, A, Chance], tuple[tuple[E, ...], tuple[S, ...]]]
    """``decide``'s events and the state each leads to, which deciding computes anyway: the
    service keeps the last as the game's state, and describes each event in the action's
    answer from the states around it, rather than folding the events a second time. An
    action records at least one event, so the states are never empty."""
    evolve: Callable[[S, E], S]
    legal_actions: Callable[[S, Seat], Iterator[A]]
    to_act: Callable[[S], Seat | None]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, Seat | None], V]
    full_view: Callable[[S], V]
    describe: Callable[[E, str], str]
    """One line for an event of a game played under the named ruleset (its ``GameCreated``'s):
    the event records outcomes, and what they mean may depend on the ruleset (Bruges's canal
    has sections only in ``published``)."""
    describe_action: Callable[[S, A], str]
    """One line for a legal action in ``state``, as its seat would ask for it: the state lets
    it name what the action costs there (Burgundy's workers)."""
    turn: Callable[[S], int] | None = None
    """The number of the turn in progress, as the game's state counts it and its views show
    it; None for a game whose rules count no turns. The replay tool numbers its steps with it,
    so a replayed step and the view at that version cannot disagree about the turn, and a
    what-if fork, which starts from a copy of its origin's state, goes on counting from the
    origin's turn."""
    round: Callable[[S], int] | None = None
    """The round in progress as the game counts it, over the whole game from 1; 0 before the
    first. None for a game whose rules have no rounds, whose replay counts the laps of its
    turns round the table instead. Where a game's views count rounds within some larger unit
    (Burgundy's round of a phase), this is still the round of the game, so that "round N"
    names one round only."""
    round_name: Callable[[S], str] | None = None
    """The round in progress as the game's board names it, where that is not its number in
    ``round`` (Burgundy's "phase B, round 2"); "" before the first. None for the others."""
    running_points: Callable[[S], tuple[int, ...]] | None = None
    """Each seat's points in ``state`` as every view shows them, by seat: during play the
    points on the score track (Burgundy, Bruges) or the points the end-game scoring would give
    were the game to end now (Bourgeoisie, which scores only at the end), and once the game is
    over its final scores. None for a game whose views show no points during play. The replay's
    score chart draws them from the state without revealing anything a view hides."""
    shown_points: Callable[[V], tuple[int, ...]] | None = None
    """``running_points`` read off a view, any seat's or the public one: what a seat's own
    replay of a game in play charts, since it holds the views that seat was sent, never a
    state. None where ``running_points`` is."""
    points_name: str = "points"
    """What the game calls its points, as the replay's boards and score chart write them
    (Bourgeoisie's "prestige points")."""
    running_points_meaning: str = "on the score track"
    """What ``running_points`` are, said after ``points_name``: "on the score track", or
    Bourgeoisie's "if the game ended now". The score chart is headed by both."""
    unrecorded: Callable[[S], str] | None = None
    """What the game does by itself in the state an event led to that no event records,
    said after that event's line; "" when nothing. Bruges passes over a seat that cannot pay
    for its reputation step without an event: the stream shows only its turn beginning and
    the next one. None for a game with no such step."""
    unrecorded_effect: Callable[[S, E, S], str] | None = None
    """What an event did that it does not record, read from the state before it and the state
    it led to (``(before, event, after)``), said after the event's line and a comma; "" when
    nothing. Bourgeoisie's ``FamilyRetired`` records the family and its revenue, not the
    prestige points retiring it gains or loses, and a field added to it would change recorded
    games. None for a game whose events record all they do."""
    describe_in: Callable[[S, E, str], str] | None = None
    """``describe`` given the state the event was applied to (``(before, event, ruleset)``),
    where the line names what that state holds and the event does not record (Burgundy: the
    castle or building whose action a die-less action was). ``describe`` in its place wherever
    that state is not known. None for a game whose events record all their lines say."""
    state_fields_added: frozenset[str] = frozenset()
    """The fields the state gained after games were stored (each with a default), which a
    state stored before lacks: a fork's ``GameForked`` copy of its origin's state, and a
    snapshot. A fork's copy reads each as its default, and beside its origin's record is
    checked on every other field (``replay.forks``); a snapshot without them is passed over
    for the events it sums up (``services.application.aggregate``)."""


AnyRules = GameRules[Any, Any, Any, Any]


def rules_version_gap(rules: GameRules[S, A, E, V], recorded: int) -> str:
    """Why these rules cannot judge a game recorded under rules version ``recorded``; "" when
    they can.

    Events record outcomes, so any version folds a recorded game; but deciding its actions
    again, listing what was legal, or playing it on needs the rules it was played under (two
    versions may deal the same seed differently). A build implements one version only, so
    anything that judges a game says this instead of calling a difference tampering.
    """
    if recorded == rules.rules_version:
        return ""
    return (
        f"recorded under {rules.title} rules version {recorded}, this build implements "
        f"version {rules.rules_version} (see docs/rules/{rules.name}.md, Rules versions)"
    )


def apply(rules: GameRules[S, A, E, V], state: S | None, event: object) -> S:
    """One step of the fold: ``GameCreated`` starts, ``GameForked`` sets the starting state,
    other meta events pass, game events evolve."""
    if isinstance(event, GameCreated):
        return rules.start(event)
    if isinstance(event, GameForked):
        return from_json(rules.state_type, event.state)
    if state is None:
        raise ValueError("a stream must begin with GameCreated")
    if isinstance(event, META_EVENTS):
        return state
    return rules.evolve(state, event)  # type: ignore[arg-type]


def fold(rules: GameRules[S, A, E, V], events: Iterable[object], state: S | None = None) -> S:
    """The state after ``events`` (from ``state``, or from scratch when it is None)."""
    for event in events:
        state = apply(rules, state, event)
    if state is None:
        raise ValueError("no events to fold")
    return state


def describe(
    rules: GameRules[S, A, E, V],
    event: object,
    ruleset: str,
    state: S | None = None,
    *,
    before: S | None = None,
) -> str:
    """One line of English for any event of a stream of a game played under ``ruleset``, safe
    for every seat to read. Given ``state``, the state the event led to, the line also says
    what the game then did by itself that no event records (``GameRules.unrecorded``); given
    ``before`` too, the state the event was applied to, what the event did that it does not
    record (``GameRules.unrecorded_effect``). Given ``before``, the line itself is the game's
    ``describe_in`` where it has one."""
    if isinstance(event, GameCreated):
        return f"{rules.title} created for {event.seats} seats ({event.ruleset} rules)"
    if isinstance(event, SeatTaken):
        return f"{event.player or 'A player'} took seat {event.seat}"
    if isinstance(event, SeedRevealed):
        return "The game's random seed was revealed"
    if isinstance(event, GameForked):
        return f"Forked from game {event.origin_game_id} at version {event.origin_version}"
    if isinstance(event, DisputeOpened):
        return f"Dispute {event.dispute[:8]} opened by {event.by} about version {event.version}"
    if isinstance(event, DisputeRuled):
        verdict = "upheld" if event.upheld else "rejected"
        return f"Dispute {event.dispute[:8]} {verdict}: {event.ruling}"
    if before is not None and rules.describe_in is not None:
        line = rules.describe_in(before, event, ruleset)  # type: ignore[arg-type]
    else:
        line = rules.describe(event, ruleset)  # type: ignore[arg-type]
    if state is None:
        return line
    effect = rules.unrecorded_effect
    if effect is not None and before is not None:
        told = effect(before, event, state)  # type: ignore[arg-type]
        line = f"{line}, {told}" if told else line
    note = "" if rules.unrecorded is None else rules.unrecorded(state)
    return f"{line}; {note}" if note else line
