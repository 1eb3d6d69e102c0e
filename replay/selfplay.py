"""Games played in-process through the pure rules and sealed into records, as the service
would record them: the records the conformance tests check and the benchmarks measure.

It lives beside the replay tool because what it makes is a record, the thing replay reads; it
needs no server, and tests and benchmarks alike may import it (benchmarks must not import
test code).

A ``Table`` holds one game: its seed, the decoded events, the same events sealed into the hash
chain with their causes (exactly as ``services/application/games.py`` appends them), the
current state, and every step taken. Choices come from a ``Chooser`` (a seeded policy here,
hypothesis draws in the property tests), so games are reproducible.
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

    def __init__(self, rules: AnyRules, seats: int, seed: bytes) -> None:
        self.rules, self.seats, self.seed = rules, seats, seed
        self.codec = Codec.combine(META_CODEC, rules.events)
        self.created = GameCreated(
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
        setup = Cause(CauseKind.SETUP, "setup")
        self._append((self.created,), setup)
        self.before_opening: Any = self.state
        self._append(rules.opening(self.state, SeededChance(seed, "1")), setup)
        for seat in range(seats):
            taken = SeatTaken(seat, f"player {seat}", f"token hash {seat}")
            self._append((taken,), Cause(CauseKind.JOIN, f"join {seat}", seat))

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
        cause = Cause(
            CauseKind.ACTION, f"command {version}", seat, self.rules.actions.encode(action)
        )
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

    def _append(self, events: Sequence[object], cause: Cause) -> None:
        for event in events:
            previous = self.recorded[-1].chain if self.recorded else GENESIS
            encoded = self.codec.encode(event)
            sealed = Recorded.sealed(previous, len(self.recorded) + 1, AT, encoded, cause)
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
