"""Undoing a withdrawal (docs/tournaments.md, "Forfeits and adjudication"): the organiser may
reinstate a withdrawn player until a round is paired without them; the player is then paired
again, and the standings never mark them withdrawn."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from clients.errors import TabletopError
from clients.tournament import TournamentClient, write_archive
from games.core.tournament_events import TOURNAMENT_CODEC, PlayerReinstated
from services.tournaments import (
    NotInTournamentError,
    Round,
    TokenRefusedError,
    Tournaments,
    TournamentStateError,
)
from tests.tournaments.conftest import RunningServer, open_event


def _seated(round_: Round) -> set[str]:
    return {p for t in round_.tables for p in t.players} | set(round_.byes)


def test_a_player_reinstated_before_the_next_round_is_paired_in_it(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=2)
    event.adjudicate_round()
    tournaments.drop_player(event.tournament_id, event.organiser, "player 3", "misheard")
    back = tournaments.reinstate_player(
        event.tournament_id, event.organiser, " Player  3 ", "dropped by mistake"
    )
    assert (back.name, back.withdrawn) == ("player 3", False)
    assert "player 3" in _seated(event.adjudicate_round())
    _, rows = tournaments.standings(event.tournament_id)
    assert not any(row.withdrawn for row in rows)
    recorded = [TOURNAMENT_CODEC.decode(e.event) for e in tournaments.record(event.tournament_id)]
    assert [e for e in recorded if isinstance(e, PlayerReinstated)] == [
        PlayerReinstated("player 3", "dropped by mistake")
    ]


def test_a_withdrawal_during_a_round_is_undone_before_the_next_one(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=2)
    tables = event.start_round().tables
    tournaments.drop_player(event.tournament_id, event.organiser, "player 1", "misheard")
    tournaments.reinstate_player(event.tournament_id, event.organiser, "player 1", "stays")
    for table in tables:
        tournaments.adjudicate(event.tournament_id, event.organiser, table.game_id, [1, 2], [], "x")
    assert "player 1" in _seated(event.adjudicate_round())


def test_an_archive_with_a_reinstatement_verifies(tournaments: Tournaments, tmp_path: Path) -> None:
    """``tabletop verify`` folds the tournament's record, reinstatement included, and recounts
    the standings the archive holds."""
    event = open_event(tournaments, 4, seats=2, rounds=1)
    tournaments.drop_player(event.tournament_id, event.organiser, "player 2", "misheard")
    tournaments.reinstate_player(event.tournament_id, event.organiser, "player 2", "back")
    assert "player 2" in _seated(event.play_round())
    folder = tmp_path / "cup"
    write_archive(iter(tournaments.export(event.tournament_id)), folder)
    done = subprocess.run(
        [sys.executable, "-m", "cli.main", "verify", str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "250"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 verified, 0 failed" in done.stderr


def test_once_a_round_was_paired_without_the_player_the_withdrawal_stands(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 5, seats=2, rounds=2)
    tournaments.drop_player(event.tournament_id, event.organiser, "player 5", "ill")
    assert "player 5" not in _seated(event.start_round())
    version = tournaments.current(event.tournament_id)[1]
    with pytest.raises(TournamentStateError) as refused:
        tournaments.reinstate_player(event.tournament_id, event.organiser, "player 5", "better")
    assert refused.value.reason == "REINSTATE_TOO_LATE"
    assert "round 1 was paired without player 5" in str(refused.value)
    assert tournaments.current(event.tournament_id)[1] == version


def test_only_a_withdrawn_player_of_the_tournament_is_reinstated_by_its_organiser(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=1)
    with pytest.raises(TournamentStateError) as refused:
        tournaments.reinstate_player(event.tournament_id, event.organiser, "player 1", "x")
    assert refused.value.reason == "NOT_WITHDRAWN"
    with pytest.raises(NotInTournamentError) as missing:
        tournaments.reinstate_player(event.tournament_id, event.organiser, "Zed", "x")
    assert missing.value.reason == "PLAYER_NOT_FOUND"
    tournaments.drop_player(event.tournament_id, event.organiser, "player 1", "ill")
    with pytest.raises(TokenRefusedError) as refused_token:
        tournaments.reinstate_player(event.tournament_id, event.tokens["player 1"], "player 1", "x")
    assert refused_token.value.reason == "NOT_THE_ORGANISER"


@pytest.mark.e2e
def test_drop_and_reinstate_over_grpc_answer_the_registered_name(server: RunningServer) -> None:
    """A name sent untidy (the spaces a person types) is the registered player's, in both the
    answer and the record; DropPlayer once answered INTERNAL for it."""
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Cup", "bourgeoisie", 2, "swiss", rounds=2)
        client.token = created.organiser_token
        for name in ("Player 5", "Bo"):
            client.register_player(created.tournament_id, name)
        dropped = client.drop_player(created.tournament_id, " player  5 ", "gone")
        assert (dropped.player.name, dropped.player.withdrawn) == ("Player 5", True)
        back = client.reinstate_player(created.tournament_id, "PLAYER 5", "back")
        assert (back.player.name, back.player.withdrawn) == ("Player 5", False)
        with pytest.raises(TabletopError) as refused:
            client.reinstate_player(created.tournament_id, "Player 5", "again")
        assert refused.value.code is grpc.StatusCode.FAILED_PRECONDITION
        assert refused.value.reason == "NOT_WITHDRAWN"
