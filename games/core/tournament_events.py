"""The facts of a tournament: frozen dataclasses, past tense, with stable type names.

A tournament's stream is these events in order (docs/tournaments.md, "The model"). They go
through the same codec as game events, so each stored event is
``{"type": "tournament.RoundStarted", "schema": 1, "data": {...}}`` and never names a Python
module. Pure: standard library and ``games.core`` only. They live here, beside the tournament
record, because both the service, which appends them, and the replay tool, which folds an
archive's ``tournament.json`` offline to check it, need them (``tournament_record.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.core.codec import Codec
from games.core.wording import counted


class Format(StrEnum):
    """How players are seated round by round (docs/tournaments.md, "Pairing")."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    SINGLE_ELIMINATION = "single_elimination"


@dataclass(frozen=True)
class Spec:
    """What the organiser chose when creating the tournament.

    ``points`` are tournament points by finishing place at a full table (first place first);
    ``rounds`` is 0 for "as many as the format needs".
    """

    name: str
    game: str
    ruleset: str
    seats: int
    format: Format
    rounds: int
    points: tuple[int, ...]
    bye_points: int
    smallest_table: int


@dataclass(frozen=True)
class Seating:
    """One table of a round: its game and the players by seat."""

    table: int
    game_id: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class TournamentCreated:
    tournament_id: str
    spec: Spec
    organiser_token_hash: str


@dataclass(frozen=True)
class PlayerRegistered:
    player: str
    token_hash: str


@dataclass(frozen=True)
class PlayerDropped:
    player: str
    reason: str


@dataclass(frozen=True)
class PlayerReinstated:
    """The organiser undid a withdrawal before any round started without the player."""

    player: str
    reason: str


@dataclass(frozen=True)
class RoundStarted:
    round: int
    tables: tuple[Seating, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class ResultRecorded:
    """A table's game ended: its final scores and places by seat, and the chain value of its
    end (``core.SeedRevealed``, ``tournament_record.end_chain``), which binds this result to
    that game's record file whatever disputes follow the end."""

    round: int
    table: int
    game_id: str
    scores: tuple[int, ...]
    places: tuple[int, ...]
    chain: str


@dataclass(frozen=True)
class GameAdjudicated:
    """The organiser, as arbiter, set a table's result: places by seat, the seats that
    forfeited (no-shows), and why. It replaces any earlier result of that table: on a table
    already adjudicated it corrects the ruling, which stays in the record before it."""

    round: int
    table: int
    game_id: str
    scores: tuple[int, ...]
    places: tuple[int, ...]
    forfeits: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class AdjudicationWithdrawn:
    """The organiser withdrew the ruling in force at a table, and why. The table has no
    result again, and its round is not complete, until the game's own result is recorded:
    at once (``ResultRecorded`` follows in the same save) when the game has ended."""

    round: int
    table: int
    game_id: str
    reason: str


@dataclass(frozen=True)
class RoundCompleted:
    round: int


EVENT_TYPES = (
    TournamentCreated,
    PlayerRegistered,
    PlayerDropped,
    RoundStarted,
    ResultRecorded,
    GameAdjudicated,
    RoundCompleted,
    PlayerReinstated,
    AdjudicationWithdrawn,
)
TOURNAMENT_CODEC = Codec("tournament", EVENT_TYPES)


def describe(event: object) -> str:
    """One line of English saying what happened (no tokens, no hashes)."""
    if isinstance(event, TournamentCreated):
        spec = event.spec
        style = spec.format.value.replace("_", " ")
        return f"{spec.name} created: {spec.game}, {style}, {spec.seats} seats a table"
    if isinstance(event, PlayerRegistered):
        return f"{event.player} registered"
    if isinstance(event, PlayerDropped):
        return f"{event.player} withdrew: {event.reason}"
    if isinstance(event, PlayerReinstated):
        return f"{event.player} reinstated: {event.reason}"
    if isinstance(event, RoundStarted):
        byes = f"; byes: {', '.join(event.byes)}" if event.byes else ""
        return f"Round {event.round} started at {counted(len(event.tables), 'table')}{byes}"
    if isinstance(event, ResultRecorded | GameAdjudicated):
        how = "finished" if isinstance(event, ResultRecorded) else f"adjudicated ({event.reason})"
        return f"Round {event.round}, table {event.table} {how}: places {list(event.places)}"
    if isinstance(event, AdjudicationWithdrawn):
        return f"Round {event.round}, table {event.table}: adjudication withdrawn ({event.reason})"
    if isinstance(event, RoundCompleted):
        return f"Round {event.round} completed"
    return type(event).__name__
