"""The standings as ``tabletop tournament standings`` prints them and the page shows them:
every name (with its "withdrawn") is read whole on an 80-column terminal, and, in single
elimination, a player who withdrew unbeaten is not shown as still in (docs/tournaments.md,
"Standings")."""

from __future__ import annotations

import re

import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from clients.tournament_tables import print_standings
from games.core.tournament_events import Format
from services.grpc_api.tournament_servicer import standing_to_proto
from services.tournaments import Tournaments
from services.tournaments.report import standings_html
from tests.tournaments.conftest import open_event

ROUNDS = 6


def _knockout_rows() -> list[pb.TournamentStanding]:
    """A knockout after six rounds: the champion, a long-named finalist who withdrew
    unbeaten, and a player beaten in round 1."""
    by_round = list(range(1, ROUNDS + 1))
    return [
        pb.TournamentStanding(rank=1, player="Hana", points_by_round=by_round),
        pb.TournamentStanding(
            rank=2, player="Maximiliane", withdrawn=True, points_by_round=by_round
        ),
        pb.TournamentStanding(rank=3, player="Kai", eliminated_in_round=1),
    ]


def test_names_and_how_far_each_got_are_whole_on_an_80_column_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    print_standings(pb.GetStandingsResponse(standings=_knockout_rows(), after_round=ROUNDS))
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert re.search(r"│ Maximiliane \(withdrawn\) +│ withdrew +│", out), out
    assert re.search(r"│ Hana +│ still in +│", out), out
    assert re.search(r"│ Kai +│ round 1 +│", out), out


def test_a_knockout_player_who_withdrew_unbeaten_is_not_shown_still_in(
    tournaments: Tournaments, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    event = open_event(tournaments, 6, seats=2, format=Format.SINGLE_ELIMINATION, rounds=0)
    winner = event.adjudicate_round().tables[0].players[0]  # seat order is finishing order
    tournaments.drop_player(event.tournament_id, event.organiser, winner, "had to leave")
    state, rows = tournaments.standings(event.tournament_id)
    page = standings_html(state, rows)
    assert f"<td class=name>{winner} (withdrawn)</td><td>withdrew</td>" in page
    assert page.count("<td>still in</td>") == 2 and page.count("<td>round 1</td>") == 3
    monkeypatch.setenv("COLUMNS", "200")
    print_standings(pb.GetStandingsResponse(standings=[standing_to_proto(r) for r in rows]))
    assert re.search(rf"│ {winner} \(withdrawn\) +│ withdrew +│", capsys.readouterr().out)
