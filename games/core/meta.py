"""Events every game stream shares, and the envelope each stored event travels in.

A stream reads itself: its first event, ``GameCreated``, names the game, the rules version, the
ruleset, the seats, the options and the commitment to the random seed (docs/architecture.md §5).
``SeatTaken`` records who sits where (only a hash of the seat's bearer token), and
``SeedRevealed`` closes a finished game by publishing the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.core.codec import Codec, Encoded
from games.core.jsonable import JSON

Seat = int
"""A seat at the table, counted from 0 in the rules (players are named only at the edges)."""


@dataclass(frozen=True)
class GameCreated:
    """The first event of every stream (schema 2 added the what-if fork's origin)."""

    SCHEMA = 2

    game: str
    game_id: str
    rules_version: int
    ruleset: str
    seats: int
    seed_commitment: str
    options: tuple[tuple[str, str], ...] = ()
    tournament: str = ""
    round: int = 0
    table: int = 0
    origin_game_id: str = ""  # set when this game is a what-if fork of another
    origin_version: int = 0

    def option(self, name: str, default: str) -> str:
        return dict(self.options).get(name, default)


@dataclass(frozen=True)
class SeatTaken:
    seat: Seat
    player: str
    token_hash: str


@dataclass(frozen=True)
class SeedRevealed:
    seed: str  # hex


@dataclass(frozen=True)
class GameForked:
    """A what-if game starts from another game's state at one of its versions.

    ``state`` is the full rules state there (JSON); ``origin_chain`` is that version's chain
    value, so the starting point can be checked against the origin's record.
    """

    origin_game_id: str
    origin_version: int
    origin_chain: str
    state: JSON


@dataclass(frozen=True)
class DisputeOpened:
    """A claim about the moment at ``version``, by a seat or the arbiter (never an edit)."""

    dispute: str
    version: int
    claim: str
    by: str


@dataclass(frozen=True)
class DisputeRuled:
    dispute: str
    ruling: str
    upheld: bool


META_EVENTS = (GameCreated, SeatTaken, SeedRevealed, GameForked, DisputeOpened, DisputeRuled)


def _created_v1_to_v2(data: dict[str, JSON]) -> dict[str, JSON]:
    return {**data, "origin_game_id": "", "origin_version": 0}


META_CODEC = Codec("core", META_EVENTS, {("core.GameCreated", 1): _created_v1_to_v2})


class CauseKind(StrEnum):
    SETUP = "setup"  # the opening: shuffles and deals, decided at version 1
    JOIN = "join"  # a player took a seat
    ACTION = "action"  # a seat's action, re-decidable by verify
    DISPUTE = "dispute"  # a dispute opened or ruled: about the game, never part of its play


@dataclass(frozen=True)
class Cause:
    """Why a batch of events was appended: who asked, what they asked, with which command id."""

    kind: CauseKind
    command_id: str = ""
    seat: Seat | None = None
    action: Encoded | None = None

    def as_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind.value,
            "command_id": self.command_id,
            "seat": self.seat,
            "action": None if self.action is None else self.action.as_json(),
        }
