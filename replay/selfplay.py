"""Games played in-process through the pure rules and sealed into records, as the service
would record them: the records the conformance tests check and the benchmarks measure.

It lives beside the replay tool because what it makes is a record, the thing replay reads; it
needs no server, and tests and benchmarks alike may import it (benchmarks must not import
test code).

A ``Table`` holds one game: its seed, the decoded events, the same events sealed into the hash
chain with their causes (exactly as ``services/application/games.py`` appends them), the
current state, and every step taken. Choices come from a ``Chooser`` (a seeded policy here,
hypothesis draws in the property tests), so games are reproducible. ``Stamps`` say what a
record holds besides the rules' events (times, command ids, players); the golden games
(``scripts/make_golden.py``) bring their own.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import (
    Cause,
    CauseKind,
    GameCreated,
    GameRecord,
    Recorded,
    SeatTaken,
    SeededChance,
    SeedRevealed,
    apply,
    commitment,
    fold,
)
from games.core.codec import Codec
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled
from games.core.record import GENESIS, record_of
from games.core.rules import AnyRules

AT = "2026-01-01T00:00:00.000000+00:00"
MAX_ACTIONS = 2_000
"""No game may take more actions than this under any policy (a Bourgeoisie game takes ~200)."""

Chooser = Callable[[Sequence[object]], int]
"""Picks the index of the action to take among the legal ones."""


def _fixed_time(version: int) -> str:
    return AT


def _plain_command_id(position: int) -> str:
    return f"command {position}"


def _plain_player(seat: int) -> tuple[str, str]:
    return f"player {seat}", f"token hash {seat}"


@dataclass(frozen=True)
class Stamps:
    """What a record holds besides the rules' events, each made from a number: the time of
    the event at a version, the id of the command whose first event comes after ``position``
    events, and the (name, token hash) of the player taking a seat."""

    at: Callable[[int], str] = _fixed_time
    command_id: Callable[[int], str] = _plain_command_id
    player: Callable[[int], tuple[str, str]] = _plain_player


@dataclass(frozen=True)
class Step:
    """One action: the state it was taken in, at which version, and what it produced."""

    state: Any
    version: int
    seat: int
    legal: tuple[object, ...]
    action: object
    events: tuple[object, ...]


class Table:
    """One game in play, driven only through the rules record."""

    def __init__(
        self,
        rules: AnyRules,
        seats: int,
        seed: bytes,
        *,
        created: GameCreated | None = None,
        stamps: Stamps = Stamps(),
    ) -> None:
        """Create the game (``created``, or a plain creation record), deal its opening and
        seat a player at every seat."""
        self.rules, self.seats, self.seed, self.stamps = rules, seats, seed, stamps
        self.codec = Codec.combine(META_CODEC, rules.events)
        self.created = created or GameCreated(
            game=rules.name,
            game_id=str(uuid.uuid5(uuid.NAMESPACE_OID, f"{rules.name}/{seats}/{seed.hex()}")),
            rules_version=rules.rules_version,
            ruleset=rules.rulesets[0],
            seats=seats,
            seed_commitment=commitment(seed),
        )
        self.events: list[object] = []
        self.recorded: list[Recorded] = []
        self.steps: list[Step] = []
        self.state: Any = None
        setup = self._cause(CauseKind.SETUP)
        self._append((self.created,), setup)
        self.before_opening: Any = self.state
        self._append(rules.opening(self.state, SeededChance(seed, "1")), setup)
        for seat in range(seats):
            taken = SeatTaken(seat, *stamps.player(seat))
            self._append((taken,), self._cause(CauseKind.JOIN, seat))

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def finished(self) -> bool:
        return self.rules.outcome(self.state) is not None

    def chance(self) -> SeededChance:
        """The chance ``decide`` gets at the current version, as the service derives it."""
        return SeededChance(self.seed, str(self.version))

    def legal(self) -> tuple[int, tuple[object, ...]]:
        """The seat to act and its legal actions."""
        seat = self.rules.to_act(self.state)
        assert seat is not None, "the game is over"
        return seat, tuple(self.rules.legal_actions(self.state, seat))

    def play(self, seat: int, action: object, legal: Sequence[object] = ()) -> tuple[object, ...]:
        """Decide ``action`` for ``seat`` and append its events (and the seed once it ends)."""
        before, version = self.state, self.version
        events = self.rules.decide(self.state, seat, action, self.chance())
        cause = self._cause(CauseKind.ACTION, seat, self.rules.actions.encode(action))
        if self.rules.outcome(fold(self.rules, events, self.state)) is not None:
            events = (*events, SeedRevealed(self.seed.hex()))
        self._append(events, cause)
        self.steps.append(Step(before, version, seat, tuple(legal), action, tuple(events)))
        return tuple(events)

    def play_with(self, choose: Chooser, limit: int = MAX_ACTIONS) -> Table:
        """Play until the game ends or ``limit`` actions have been taken."""
        while not self.finished and len(self.steps) < limit:
            seat, legal = self.legal()
            self.play(seat, legal[choose(legal)], legal)
        return self

    def dispute(self, seat: int, claim: str, ruling: str, upheld: bool = False) -> str:
        """``seat`` disputes the current version and the arbiter rules on it, appended as the
        service appends them: two events, each with its own cause, that leave the game state
        as it was. Returns the dispute's id."""
        dispute = str(uuid.uuid5(uuid.NAMESPACE_OID, f"{self.created.game_id}/{self.version}"))
        opened = DisputeOpened(dispute, self.version, claim, f"seat {seat}")
        self._append((opened,), Cause(CauseKind.DISPUTE, f"open {dispute}"))
        self._append((DisputeRuled(dispute, ruling, upheld),), Cause(CauseKind.DISPUTE, dispute))
        return dispute

    def record(self) -> GameRecord:
        return record_of(self.rules, self.recorded)

    def _cause(self, kind: CauseKind, seat: int | None = None, action: Any = None) -> Cause:
        """The cause of the next batch of events, with its command id."""
        return Cause(kind, self.stamps.command_id(len(self.recorded)), seat, action)

    def _append(self, events: Sequence[object], cause: Cause) -> None:
        for event in events:
            previous = self.recorded[-1].chain if self.recorded else GENESIS
            version = len(self.recorded) + 1
            encoded = self.codec.encode(event)
            sealed = Recorded.sealed(previous, version, self.stamps.at(version), encoded, cause)
            self.recorded.append(sealed)
            self.events.append(event)
            self.state = apply(self.rules, self.state, event)


def seed_bytes(label: int) -> bytes:
    """A 32-byte seed named by a small number, so a game can be named and played again."""
    return label.to_bytes(4, "big") * 8


def uniform(rng: random.Random) -> Chooser:
    """Every legal action equally likely."""
    return lambda legal: rng.randrange(len(legal))


def by_kind(rng: random.Random) -> Chooser:
    """First a kind of action (its class), then one of that kind: rare kinds get their turn."""

    def choose(legal: Sequence[object]) -> int:
        kinds = sorted({type(a).__name__ for a in legal})
        kind = rng.choice(kinds)
        return rng.choice([i for i, a in enumerate(legal) if type(a).__name__ == kind])

    return choose


def first(legal: Sequence[object]) -> int:
    return 0


def last(legal: Sequence[object]) -> int:
    # Legal actions end with the way to decline (pass, end the phase), so this plays long.
    return len(legal) - 1
