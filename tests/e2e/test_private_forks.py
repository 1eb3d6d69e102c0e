"""A what-if fork of a game still in play is kept to the arbiter and the fork's own seats.

The fork starts from its origin's whole state — hands, deck order, the goods still to come —
so its record, and even its public views as it is played on, tell the origin's future. Until
the origin ends, anyone else is refused with PERMISSION_DENIED / PRIVATE_FORK (and full
information of the fork, even finished, with FULL_VIEW_NOT_ALLOWED); once the origin has
ended, the fork is any game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest

from cli.main import main
from clients.sdk import GameClient, TabletopError
from replay.sources import fetch_record
from replay.verify import verify_record
from tests.e2e.conftest import ARBITER, RunningServer, fork_of_a_live_game
from tests.support.play import play_random, seat_everyone

pytestmark = pytest.mark.e2e


def _refused(call: Callable[[], Any], reason: str = "PRIVATE_FORK") -> None:
    with pytest.raises(TabletopError) as refusal:
        call()
    assert refusal.value.code is grpc.StatusCode.PERMISSION_DENIED
    assert refusal.value.reason == reason, refusal.value.message


def _public_reads(client: GameClient, game_id: str) -> list[Callable[[], Any]]:
    return [
        lambda: client.get_view(game_id, "public"),
        lambda: list(client.read_events(game_id)),
        lambda: next(iter(client.watch_game(game_id, timeout=5))),
    ]


def test_a_fork_of_a_live_game_is_kept_from_everyone_but_the_arbiter_and_its_seats(
    server: RunningServer,
) -> None:
    forked = fork_of_a_live_game(server)
    with GameClient(server.target) as anyone:
        for read in _public_reads(anyone, forked.fork):
            _refused(read)
        _refused(lambda: anyone.join_game(forked.fork, "Eve"))
    with GameClient(server.target, forked.origin_tokens[0]) as origin_seat:
        _refused(lambda: origin_seat.get_view(forked.fork, "public"))  # no seat of the fork
    with GameClient(server.target, ARBITER) as arbiter:
        grant = arbiter.join_game(forked.fork, "Ada", 0)
        assert arbiter.get_view(forked.fork, "full").version == grant.version
    with GameClient(server.target, grant.token) as fork_seat:
        assert fork_seat.get_view(forked.fork, "seat").seat == 0
        assert fork_seat.get_view(forked.fork, "public").version == grant.version
        assert len(list(fork_seat.read_events(forked.fork))) == grant.version


def test_a_finished_fork_opens_only_when_its_origin_ends(server: RunningServer) -> None:
    forked = fork_of_a_live_game(server)
    games = server.games
    fork_tokens = [
        games.join_game(forked.fork, f"bot {seat}", seat, ARBITER).token for seat in range(2)
    ]
    play_random(games, forked.fork, fork_tokens, seed=2)
    assert games.game_info(forked.fork).rules.to_act(games.game_info(forked.fork).state) is None
    with GameClient(server.target) as anyone:
        _refused(lambda: anyone.get_view(forked.fork, "full"), "FULL_VIEW_NOT_ALLOWED")
        for read in _public_reads(anyone, forked.fork):
            _refused(read)
    play_random(games, forked.origin, forked.origin_tokens, seed=3)  # the origin ends
    with GameClient(server.target) as anyone:
        assert anyone.get_view(forked.fork, "full").status.finished
        record = fetch_record(anyone, forked.fork)
    assert record.header["origin_game_id"] == forked.origin
    assert verify_record(record).ok


def test_a_fork_of_a_finished_game_is_open_to_anyone(server: RunningServer) -> None:
    games = server.games
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens, seed=4, limit=20)
    at = games.game_info(game_id).version
    play_random(games, game_id, tokens, seed=4)
    fork_id, _ = games.fork_game(game_id, at, "")
    with GameClient(server.target) as anyone:
        assert anyone.get_view(fork_id, "public").version >= 1
        assert anyone.join_game(fork_id, "Eve").seat == 0


def test_the_arbiter_seats_a_private_fork_from_the_command_line(
    server: RunningServer, capsys: pytest.CaptureFixture[str]
) -> None:
    forked = fork_of_a_live_game(server)
    join = ["join", forked.fork, "--name", "Ada", "--server", server.target]
    assert main(join) == 1
    assert "PERMISSION_DENIED PRIVATE_FORK" in capsys.readouterr().err
    assert main([*join, "--token", ARBITER]) == 0
    token = capsys.readouterr().out.strip()
    with GameClient(server.target, token) as fork_seat:
        assert fork_seat.get_view(forked.fork, "seat").seat == 0


def test_forking_a_live_game_from_the_command_line_says_how_its_seats_are_taken(
    server: RunningServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fork of a game in play is the arbiter's to seat (``join --token``): the line ``fork``
    prints must not send anyone to a plain ``tabletop join``, which PRIVATE_FORK refuses."""
    games = server.games
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), seed=2, limit=20)
    at = str(games.game_info(game_id).version)
    fork = ["fork", game_id, "--at", at, "--server", server.target, "--token", ARBITER]
    assert main(fork) == 0
    said = " ".join(capsys.readouterr().err.split())  # the console wraps its lines
    assert "`tabletop join --token ARBITER_TOKEN`" in said and "in play" in said
