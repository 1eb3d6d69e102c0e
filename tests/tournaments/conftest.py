"""Tournaments on the in-memory store, helpers to play or adjudicate rounds, and a real gRPC
server on a free port for the edge tests."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from services.tournaments import Format, Round, Tournaments, new_spec
from tests.support.bus import local_bus
from tests.support.play import play_random


@dataclass
class Event:
    """A tournament under test: its id, organiser token, players' tokens by name, and the
    seat tokens of each game played (by game id)."""

    tournaments: Tournaments
    tournament_id: str
    organiser: str
    tokens: dict[str, str]
    seat_tokens: dict[str, list[str]] = field(default_factory=dict)

    def start_round(self) -> Round:
        return self.tournaments.start_round(self.tournament_id, self.organiser)

    def play_round(self, seed: int = 0) -> Round:
        """Start a round and play each table's game to its end with random legal actions."""
        round_ = self.start_round()
        for table in round_.tables:
            seat_tokens = [
                self.tournaments.claim_seat(self.tournament_id, self.tokens[player]).token
                for player in table.players
            ]
            self.seat_tokens[table.game_id] = seat_tokens
            play_random(self.tournaments.games, table.game_id, seat_tokens, seed=seed)
        return round_

    def adjudicate_round(self) -> Round:
        """Start a round and settle every table at once: seat order is finishing order."""
        round_ = self.start_round()
        for table in round_.tables:
            places = list(range(1, len(table.players) + 1))
            self.tournaments.adjudicate(
                self.tournament_id, self.organiser, table.game_id, places, [], "decided by seat"
            )
        return round_


@pytest.fixture
def tournaments() -> Iterator[Tournaments]:
    store = GameStore(Settings(store="memory"))
    yield Tournaments(Games(store))
    store.close()


def open_event(
    tournaments: Tournaments,
    players: int,
    *,
    seats: int = 4,
    format: Format = Format.SWISS,
    rounds: int = 3,
    smallest_table: int | None = None,
    bye_points: int | None = None,
    names: list[str] | None = None,
) -> Event:
    """A tournament with ``players`` named "player 1"... (and any ``names`` after them)."""
    spec = new_spec(
        "Test open",
        "bourgeoisie",
        seats,
        format,
        rounds,
        smallest_table=smallest_table,
        bye_points=bye_points,
    )
    tournament_id, organiser = tournaments.create_tournament(spec)
    tokens = {}
    for name in [f"player {n}" for n in range(1, players + 1)] + (names or []):
        registration = tournaments.register_player(tournament_id, organiser, name)
        tokens[registration.player] = registration.token
    return Event(tournaments, tournament_id, organiser, tokens)


@dataclass
class RunningServer:
    target: str
    games: Games


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """A real gRPC server on a free port over a SQLite file, with the in-process bus."""
    path = tmp_path_factory.mktemp("server") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store)
    bus = local_bus(store)
    grpc_server, port = build_server(games, bus, "127.0.0.1:0")
    grpc_server.start()
    yield RunningServer(f"127.0.0.1:{port}", games)
    grpc_server.stop(grace=None).wait()
    store.close()
