"""Stalled tables: a game's status says when it last moved, and the organiser's pairings say
how long the seat to act has kept its table waiting (docs/tournaments.md, "Forfeits and
adjudication")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from clients.sdk import GameClient
from clients.tournament import TableInPlay
from clients.tournament_tables import print_round, waited
from tests.tournaments.conftest import RunningServer

SINCE = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("span", "shown"),
    [
        (timedelta(seconds=59), "<1 min"),
        (timedelta(minutes=42, seconds=30), "42 min"),
        (timedelta(hours=2, minutes=5), "2 h 05 min"),
        (timedelta(seconds=-30), "<1 min"),  # this machine's clock a little behind the server's
    ],
)
def test_a_wait_reads_in_whole_minutes(span: timedelta, shown: str) -> None:
    assert waited(span) == shown


def test_the_seat_to_act_shows_how_long_its_table_has_waited(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    tables = [
        pb.TournamentTable(table=1, game_id="g1", players=["Ada", "Bo", "Cy"]),
        pb.TournamentTable(table=2, game_id="g2", players=["Di", "Ed"]),
    ]
    in_play = {
        1: TableInPlay(frozenset(), to_act=2, since=SINCE),
        2: TableInPlay(frozenset({1}), to_act=1, since=SINCE),
    }
    print_round(pb.TournamentRound(round=1, tables=tables), in_play, SINCE + timedelta(hours=1))
    rows = {
        cells[2]: cells[3]
        for line in capsys.readouterr().out.splitlines()
        if len(cells := [c.strip() for c in line.split("│")[1:-1]]) == 7
    }
    assert rows == {
        "Ada": "in play",
        "Bo": "in play",
        "Cy": "to act (1 h 00 min)",
        "Di": "in play",
        "Ed": "not claimed",  # a no-show, though the game waits for that seat
    }


@pytest.mark.e2e
def test_a_games_status_is_stamped_with_the_time_of_its_event(server: RunningServer) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        client.join_game(game_id, "Ada")
        events = list(client.read_events(game_id))
        status = client.get_view(game_id, "public").status
        assert status.updated_at == events[-1].recorded_at
        first = client.get_view(game_id, "public", version=1).status
        assert first.updated_at == events[0].recorded_at
        watched = []
        for message in client.watch_game(game_id, perspective="public", timeout=30):
            if message.HasField("caught_up"):
                break
            watched.append(message.update)
        assert [u.event.version for u in watched] == [e.version for e in events]
        assert [u.status.updated_at for u in watched] == [e.recorded_at for e in events]
