"""A recorded game as a sequence of frames one can step and seek through (pure: no I/O).

The record is folded once when it is opened; every frame keeps the state after its event, so
seeking to any version costs one lookup and a view.

A frame's turn and round are the game's own numbers (``GameRules.turn``, ``GameRules.round``),
read from the state at that version, so they always agree with it and with its views. Every
game's state counts its turns over the whole game, and a turn begins with the event that opens
it, in the batch of the previous turn's last action: Bourgeoisie's and Burgundy's
``TurnBegan``; in Bruges also the ``RoundBegan`` and ``PhaseBegan`` that begin the start
player's turn, where a turn is one seat's draw, its reputation decision or one card play (a
seat passed over on the reputation track has a turn with no action in it, and a loss another
seat chooses during a turn is part of it: docs/rules/bruges.md, "Counting turns"). So a
what-if fork, whose ``GameForked`` copies its origin's state, goes on from its origin's turn
and round. A fork stored before Bruges's and Burgundy's states counted turns copied a state
without the count, and numbers its turns from its start (docs/record-format.md).

Bruges's round is its view's ``round``: every seat acts several times in one. Burgundy's is the
round of the game, 1..25, where its view shows the phase (A..E) and the round within it (1..5):
round 7 is phase B, round 2, so seeking a round never lands in another phase's round of the
same number. In both a round begins with its ``RoundBegan``, in the batch of the previous
round's last action.

A game that counts no rounds has its turns pass round the table one seat after another, so its
round is the lap of turns its turn falls in: turn t of a game of n seats is in round ⌈t / n⌉.
Bourgeoisie has no rounds (seed: TURN SEQUENCE: "Players take turns"; clockwise, notes §4.2),
so a round begins there with the ``TurnBegan`` of its first turn. A game whose rules count no
turns (none of the three) would have them read from the causes: a turn a run of actions by one
seat, beginning with its first action, and numbered from a fork's start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeVar

from games.core import (
    CauseKind,
    GameCreated,
    GameRecord,
    Recorded,
    RecordError,
    SeedRevealed,
    apply,
)
from games.core.codec import Codec
from games.core.jsonable import to_json
from games.core.meta import META_CODEC
from games.core.record import chain_breaks
from games.core.rules import AnyRules, Outcome, describe, rules_version_gap
from games.core.visible import record_hidden_text
from games.registry import rules_for

NO_SEAT_CAUSES = {
    CauseKind.SETUP: "the setup",
    CauseKind.JOIN: "a seat taken",
    CauseKind.DISPUTE: "a dispute",
}
"""What brought about a step that no seat's action did, by the kind of its cause."""
T = TypeVar("T")


class Perspective(Enum):
    PUBLIC = "public"
    SEAT = "seat"
    FULL = "full"


@dataclass(frozen=True)
class Frame:
    """One step of the game: the event at ``version`` and the state it led to.

    ``actor`` is the seat whose action caused the event (None for the opening, joins and
    other steps no seat chose). ``turn`` and ``round`` are numbered as the module's docstring
    says: where the game counts them, the events that open a turn or a round already carry the
    new one, though their actor is still the seat whose action brought them about.
    """

    version: int
    recorded: Recorded
    event: object
    state: Any
    description: str
    actor: int | None
    turn: int
    round: int

    @property
    def caused_by(self) -> str:
        """``after seat 0's action`` for a step a seat's action brought about, else what did
        (``the setup``). Said as "after" because the actor is often not the seat the step
        names: seat 0's last action of a turn also rolls seat 1's dice ("Seat 1 rolled …"),
        and "by seat 0" beside that line read as if seat 0 had rolled.
        """
        if self.actor is not None:
            return f"after seat {self.actor}'s action"
        return NO_SEAT_CAUSES.get(self.recorded.cause.kind, "no seat's action")


class Timeline:
    """Every frame of one game, with the seeks an arbiter needs."""

    seat_only: int | None = None
    """The one seat whose views this timeline holds (``replay.seat_timeline``: a seat's own
    replay of a game in play); None when it holds the whole record, and so every view."""
    notice = ""
    """What the viewer must say about where these steps come from ("" for a record)."""

    def __init__(self, record: GameRecord) -> None:
        if not record.events:
            raise RecordError("the record holds no events")
        for problem in chain_breaks(record.events):
            raise RecordError(f"the record has been altered: {problem} (see `tabletop verify`)")
        for problem in record_hidden_text(record):  # it would reach the screen as it stands
            raise RecordError(
                f"the record holds text no server stores, so it is not shown: {problem} "
                "(see `tabletop verify`)"
            )
        self._read_header(record)
        steps = _folded(self.rules, self.codec, record.events)
        self.frames: tuple[Frame, ...] = tuple(numbered_frames(self.rules, self.seats, steps))
        created = self.frames[0].event
        self.rules_gap = (
            rules_version_gap(self.rules, created.rules_version)
            if isinstance(created, GameCreated)
            else ""
        )
        """Why this build's rules may not judge this game ("" when they may): the frames fold
        the recorded outcomes, but the legal actions listed at a version are this build's,
        which another rules version may not share (``rules_version_gap``)."""

    def _read_header(self, record: GameRecord) -> None:
        """Take ``record`` and the rules its header names."""
        self.record = record
        self.rules: AnyRules = rules_for(str(record.header.get("game")))
        self.codec = Codec.combine(META_CODEC, self.rules.events)
        self.event_types: tuple[str, ...] = tuple(
            sorted(map(self.codec.name_of, self.codec.classes))
        )
        """Every event type a record of this game can hold (``core.SeatTaken``, ...)."""

    @property
    def seats(self) -> int:
        """The number of seats at the table, as the record's header says."""
        return int(self.record.header.get("seats", 0))

    @property
    def last(self) -> int:
        return len(self.frames)

    @property
    def finished(self) -> bool:
        """Whether the game has ended: its seed is revealed (docs/architecture.md §5).

        The seed is revealed in the game's last event of play, but disputes opened and ruled
        after the end are appended behind it, so the reveal is looked for anywhere in the
        record, not only at its end.
        """
        return any(isinstance(frame.event, SeedRevealed) for frame in reversed(self.frames))

    def frame(self, version: int) -> Frame:
        if not 1 <= version <= self.last:
            raise RecordError(f"versions run from 1 to {self.last}, not {version}")
        return self.frames[version - 1]

    def round_text(self, version: int) -> str:
        """``round N`` at ``version``, with the game's own name for that round where its board
        names rounds otherwise: ``round 7 (phase B, round 2)`` in Burgundy."""
        frame = self.frame(version)
        named = self.rules.round_name
        name = named(frame.state) if named is not None else ""
        return f"round {frame.round} ({name})" if name else f"round {frame.round}"

    def view(self, version: int, perspective: Perspective, seat: int | None = None) -> Any:
        """What ``perspective`` saw at ``version`` (a seat sees only what it knew then)."""
        state = self.frame(version).state
        if perspective is Perspective.FULL:
            return self.rules.full_view(state)
        if perspective is Perspective.SEAT:
            if seat is None or not 0 <= seat < self.seats:
                raise RecordError(f"no seat {seat} in this game")
            return self.rules.view(state, seat)
        return self.rules.view(state, None)

    def legal_actions(self, version: int) -> tuple[int | None, list[object]]:
        """The seat to act after ``version`` and its legal actions then."""
        state = self.frame(version).state
        seat = self.rules.to_act(state)
        return seat, [] if seat is None else list(self.rules.legal_actions(state, seat))

    def asked_after(self, version: int) -> bool:
        """Whether the game asked for a decision after ``version``: its event is the last its
        cause stored (the events of one cause, an action and its automatic steps, a seat
        taken or a dispute, are stored together, in one batch, and no one decides between
        them)."""
        return version == self.last or (
            self.frame(version + 1).recorded.cause != self.frame(version).recorded.cause
        )

    def offered(self, version: int) -> tuple[int | None, list[tuple[object, str]]]:
        """The seat the game asked to decide after ``version`` and its legal actions then,
        each with the line describing it; no seat and none inside a batch (``asked_after``),
        where the state's own options were never offered."""
        if not self.asked_after(version):
            return None, []
        seat, legal = self.legal_actions(version)
        state = self.frame(version).state
        return seat, [(action, self.rules.describe_action(state, action)) for action in legal]

    def to_act(self, version: int) -> int | None:
        """The seat the game waited for after ``version`` (None once it had ended)."""
        return self.rules.to_act(self.frame(version).state)

    def outcome(self, version: int) -> Outcome | None:
        """How the game had ended by ``version``; None while it was in play."""
        return self.rules.outcome(self.frame(version).state)

    def types_matching(self, text: str) -> tuple[str, ...]:
        """The event types ``text`` names: the one it spells out in full, otherwise every type
        containing it, in any case — so ``SeatTaken`` or ``taken`` serve as well as the full
        name, and a full name never also matches a longer one that contains it."""
        wanted = text.strip().lower()
        if not wanted:
            return ()
        exact = tuple(name for name in self.event_types if name.lower() == wanted)
        return exact or tuple(name for name in self.event_types if wanted in name.lower())

    # -- seeks: each returns a version, or None when there is no such step ---------------

    def next_where(self, version: int, test: Callable[[Frame], bool]) -> int | None:
        return next((f.version for f in self.frames[version:] if test(f)), None)

    def previous_where(self, version: int, test: Callable[[Frame], bool]) -> int | None:
        return next((f.version for f in reversed(self.frames[: version - 1]) if test(f)), None)

    def next_turn(self, version: int) -> int | None:
        turn = self.frame(version).turn
        return self.next_where(version, lambda f: f.turn > turn)

    def previous_turn(self, version: int) -> int | None:
        turn = self.frame(version).turn
        return self.previous_where(version, lambda f: f.turn < turn and _first_of_turn(self, f))

    def next_round(self, version: int) -> int | None:
        current = self.frame(version).round
        return self.next_where(version, lambda f: f.round > current)

    def previous_round(self, version: int) -> int | None:
        current = self.frame(version).round
        return self.previous_where(
            version, lambda f: f.round < current and _first_of_round(self, f)
        )

    def next_of_type(self, version: int, type_name: str) -> int | None:
        names = self.types_matching(type_name)
        return self.next_where(version, lambda f: f.recorded.event.type in names)

    def previous_of_type(self, version: int, type_name: str) -> int | None:
        names = self.types_matching(type_name)
        return self.previous_where(version, lambda f: f.recorded.event.type in names)

    def next_by_seat(self, version: int, seat: int) -> int | None:
        return self.next_where(version, lambda f: f.actor == seat)


def _first_of_turn(timeline: Timeline, frame: Frame) -> bool:
    return frame.version == 1 or timeline.frame(frame.version - 1).turn != frame.turn


def _first_of_round(timeline: Timeline, frame: Frame) -> bool:
    return frame.version == 1 or timeline.frame(frame.version - 1).round != frame.round


def _folded(
    rules: AnyRules, codec: Codec, events: tuple[Recorded, ...]
) -> Iterator[tuple[Recorded, object, Any, str]]:
    """Each recorded event with its decoded event, the state it led to and its description
    (which the state before it completes, ``describe``)."""
    state: Any = None
    ruleset = ""
    for recorded in events:
        event = codec.decode(recorded.event)
        before, state = state, apply(rules, state, event)
        if isinstance(event, GameCreated):
            ruleset = event.ruleset
        yield recorded, event, state, describe(rules, event, ruleset, state, before=before)


def numbered_frames(
    rules: AnyRules, seats: int, steps: Iterable[tuple[Recorded, object, Any, str]]
) -> Iterator[Frame]:
    """The frames of ``steps`` (recorded event, event, state, description) of a game of
    ``seats`` seats, each numbered with its turn and round as the module's docstring says."""
    runs = 0
    run_seat: int | None = None
    for recorded, event, state, description in steps:
        cause = recorded.cause
        actor = cause.seat if cause.kind is CauseKind.ACTION else None
        if actor is not None and actor != run_seat:
            runs, run_seat = runs + 1, actor
        turn = runs if rules.turn is None else rules.turn(state)
        round_ = lap_of(turn, seats) if rules.round is None else rules.round(state)
        yield Frame(recorded.version, recorded, event, state, description, actor, turn, round_)


def per_state(frames: Iterable[Frame], work: Callable[[Frame], T]) -> Iterator[T]:
    """``work`` at each of ``frames``, done again only where the state changed: a step that
    leaves the state as it was (a seat taken, a dispute opened or ruled: ``games.core.apply``
    passes the state on as it is) keeps the result of the step before. A page's boards and
    its score chart are most of its work, and a disputed record's steps mostly change
    nothing."""
    last: tuple[Any, T] | None = None
    for frame in frames:
        if last is None or frame.state is not last[0]:
            last = (frame.state, work(frame))
        yield last[1]


def lap_of(turn: int, seats: int) -> int:
    """The lap of turns round a table of ``seats`` seats that turn ``turn`` falls in, from 1
    (0 before the first turn): turns 1 to ``seats`` are the first lap."""
    return -(-turn // max(seats, 1))


def view_json(view: Any) -> Any:
    """A view as plain JSON (for ``--json`` output and diffs)."""
    return to_json(view)
