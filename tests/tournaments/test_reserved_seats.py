"""A tournament's games are reserved for its players (docs/tournaments.md, "Tokens"): each
seat is taken only with ``ClaimSeat`` and the player token, never with ``JoinGame``, and a
refused join changes nothing."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest

from cli.main import main
from clients.errors import TabletopError
from clients.sdk import GameClient
from clients.tournament import TournamentClient
from games.core.errors import GameOverError
from replay.verify import verify_record
from services.application import Games, GameStore, PermissionDeniedError
from services.settings import Settings
from services.tournaments import Tournaments
from tests.support.play import play_random
from tests.tournaments.conftest import Event, RunningServer, open_event

ARBITER = "arbiter of the reserved-seat tests"


def _versions(games: Games, game_ids: list[str]) -> list[int]:
    return [games.game_info(game_id).version for game_id in game_ids]


def test_joining_a_tournaments_game_is_refused_and_changes_nothing(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2)
    games = [table.game_id for table in event.start_round().tables]
    before = _versions(tournaments.games, games)
    for game_id in games:
        for seat in (None, 0, 1):
            with pytest.raises(PermissionDeniedError) as refused:
                tournaments.games.join_game(game_id, "intruder", seat)
            assert refused.value.reason == "SEAT_RESERVED"
    assert _versions(tournaments.games, games) == before
    assert all(not held for g in games for held in tournaments.games.game_info(g).token_hashes)


def test_every_player_still_claims_their_seat_and_only_their_own(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2)
    round_ = event.start_round()
    for table in round_.tables:
        for seat, player in enumerate(table.players):
            claim = tournaments.claim_seat(event.tournament_id, event.tokens[player])
            assert (claim.game_id, claim.seat) == (table.game_id, seat)
            game = tournaments.games.game_info(table.game_id)
            assert game.players[seat] == player


def test_a_seat_is_claimed_only_for_the_tournament_that_created_the_game(
    tournaments: Tournaments,
) -> None:
    first = open_event(tournaments, 2, seats=2)
    second = open_event(tournaments, 2, seats=2)
    game_id = first.start_round().tables[0].game_id
    ordinary, _ = tournaments.games.create_game("bourgeoisie", 2)
    for game, tournament_id in ((game_id, second.tournament_id), (game_id, ""), (ordinary, "")):
        before = tournaments.games.game_info(game).version
        with pytest.raises(PermissionDeniedError) as refused:
            tournaments.games.claim_reserved_seat(game, tournament_id, "intruder", 0)
        assert refused.value.reason == "SEAT_RESERVED"
        assert tournaments.games.game_info(game).version == before


def test_games_stored_earlier_stay_reserved_for_a_server_started_later(tmp_path: Path) -> None:
    settings = Settings(store="sqlite", sqlite_path=tmp_path / "games.db")
    store = GameStore(settings)
    event = open_event(Tournaments(Games(store)), 2, seats=2)
    game_id = event.start_round().tables[0].game_id
    store.close()
    reopened = GameStore(settings)
    games = Games(reopened)  # nothing cached: the game is read back from the store
    with pytest.raises(PermissionDeniedError) as refused:
        games.join_game(game_id, "intruder", 1)
    assert refused.value.reason == "SEAT_RESERVED"
    reopened.close()


def test_a_what_if_fork_of_a_tournament_game_has_no_reserved_seats() -> None:
    """The fork is no game of the tournament: its seats are the arbiter's to give (the
    origin is still in play, so the fork is kept private: tests/e2e/test_private_forks.py)."""
    store = GameStore(Settings(store="memory"))
    tournaments = Tournaments(Games(store, arbiter_token=ARBITER))
    event = open_event(tournaments, 2, seats=2)
    table = event.start_round().tables[0]
    tokens = [
        tournaments.claim_seat(event.tournament_id, event.tokens[p]).token for p in table.players
    ]
    play_random(tournaments.games, table.game_id, tokens, limit=3)
    version = tournaments.games.game_info(table.game_id).version
    fork, _ = tournaments.games.fork_game(table.game_id, version, ARBITER)
    assert tournaments.games.join_game(fork, "analyst", 0, ARBITER).seat == 0
    store.close()


def test_claiming_again_replaces_a_lost_seat_token_and_the_old_one_stops_working() -> None:
    """docs/tournaments.md, "Tokens": the player token proves who the player is, so a second
    claim gives a new seat token for the same seat, and the record shows the seat taken twice
    by the same player and still verifies once the game ends."""
    store = GameStore(Settings(store="memory"))
    tournaments = Tournaments(Games(store))
    event = open_event(tournaments, 2, seats=2)
    table = event.start_round().tables[0]
    first = [tournaments.claim_seat(event.tournament_id, event.tokens[p]) for p in table.players]
    tokens = [claim.token for claim in first]
    play_random(tournaments.games, table.game_id, tokens, limit=3)
    assert not any(claim.replaced for claim in first)
    again = tournaments.claim_seat(event.tournament_id, event.tokens[table.players[1]])
    assert (again.game_id, again.seat) == (table.game_id, 1) and again.token != tokens[1]
    assert again.replaced, "the answer says the earlier token is void"
    with pytest.raises(PermissionDeniedError, match="holds no seat"):
        tournaments.games.legal_actions(table.game_id, tokens[1])
    tokens[1] = again.token
    play_random(tournaments.games, table.game_id, tokens)
    record = tournaments.games.record(table.game_id)
    assert record.header["players"] == list(table.players)
    taken = [e for e in record.events if e.event.type == "core.SeatTaken"]
    assert [(e.event.data["seat"], e.event.data["player"]) for e in taken] == [
        (0, table.players[0]),
        (1, table.players[1]),
        (1, table.players[1]),
    ]
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems
    store.close()


def test_a_seat_cannot_be_claimed_again_once_its_game_is_over() -> None:
    store = GameStore(Settings(store="memory"))
    tournaments = Tournaments(Games(store))
    event = open_event(tournaments, 2, seats=2)
    table = event.start_round().tables[0]
    tokens = [
        tournaments.claim_seat(event.tournament_id, event.tokens[p]).token for p in table.players
    ]
    play_random(tournaments.games, table.game_id, tokens)
    before = tournaments.games.game_info(table.game_id).version
    with pytest.raises(GameOverError):
        tournaments.claim_seat(event.tournament_id, event.tokens[table.players[0]])
    assert tournaments.games.game_info(table.game_id).version == before
    store.close()


# -- over gRPC and the command line -----------------------------------------------------------


@pytest.fixture
def running(server: RunningServer) -> Event:
    """A two-player tournament in round 1 on the real server, its one game unclaimed."""
    tournaments = Tournaments(server.games)
    event = open_event(tournaments, 2, seats=2)
    event.start_round()
    return event


def _game(event: Event) -> str:
    round_ = event.tournaments.tournament(event.tournament_id).current
    assert round_ is not None
    return round_.tables[0].game_id


def _head(server: RunningServer) -> int:
    return int(server.games.store.recorder.max_notification_id() or 0)


@pytest.mark.e2e
def test_join_game_over_grpc_is_refused_as_permission_denied_seat_reserved(
    server: RunningServer, running: Event
) -> None:
    game_id, before = _game(running), _head(server)
    with GameClient(server.target) as client:
        for seat in (None, 1):
            with pytest.raises(TabletopError) as refused:
                client.join_game(game_id, "intruder", seat)
            assert refused.value.code is grpc.StatusCode.PERMISSION_DENIED
            assert refused.value.reason == "SEAT_RESERVED"
            assert "ClaimSeat" in refused.value.message
    assert _head(server) == before, "nothing was stored"
    with TournamentClient(server.target) as players:
        for name, token in running.tokens.items():
            claim = players.claim_seat(running.tournament_id, token)
            assert claim.game_id == game_id and claim.token, name


@pytest.mark.e2e
@pytest.mark.timeout(60)  # a bot that did take the seat would wait for the other one forever
@pytest.mark.parametrize(
    "command",
    [["join", "--name", "X"], ["join", "--name", "X", "--seat", "1"], ["bot", "--seat", "1"]],
    ids=["join", "join a seat", "bot"],
)
def test_the_join_and_bot_commands_cannot_take_a_tournament_seat(
    server: RunningServer,
    running: Event,
    command: list[str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    game_id, before = _game(running), _head(server)
    name, *flags = command
    capsys.readouterr()
    code = main([name, game_id, *flags, "--server", server.target])
    out, err = capsys.readouterr()
    assert code != 0 and "PERMISSION_DENIED SEAT_RESERVED" in out + err
    assert _head(server) == before, "nothing was stored"
    player, token = next(iter(running.tokens.items()))
    with TournamentClient(server.target) as players:
        claim = players.claim_seat(running.tournament_id, token)
    game = server.games.game_info(game_id)
    assert game.players[claim.seat] == player


def test_the_refusal_names_the_command_as_well_as_the_rpc(tournaments: Tournaments) -> None:
    """A person reads the refusal at ``tabletop join``: it names the command they would use,
    and the RPC for a program's author."""
    event = open_event(tournaments, 4, seats=2)
    game_id = event.start_round().tables[0].game_id
    with pytest.raises(PermissionDeniedError) as refused:
        tournaments.games.join_game(game_id, "intruder", None)
    assert refused.value.reason == "SEAT_RESERVED"
    assert "`tabletop tournament claim` (TournamentService.ClaimSeat)" in str(refused.value)
