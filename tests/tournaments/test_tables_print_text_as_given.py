"""Names and reasons are printed as they were given: text that looks like rich markup
(``[red]``, ``[/]``) is neither styled away nor able to break the organiser's tables."""

from __future__ import annotations

import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from clients.tournament_tables import print_round, print_standings

NAMES = ("Bo [/]", "[red]Cy[/red]", "Ada [NL]", "Di")


def test_a_round_prints_names_byes_and_reasons_as_given(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    table = pb.TournamentTable(
        table=1,
        game_id="g",
        players=NAMES[:2],
        status=pb.TABLE_STATUS_ADJUDICATED,
        scores=[0, 0],
        places=[1, 2],
        points=[1, 0],
        reason="[bold]seat 1[/bold] left",
    )
    print_round(pb.TournamentRound(round=1, tables=[table], byes=NAMES[2:]))
    out = capsys.readouterr().out
    for text in (*NAMES, "adjudicated: [bold]seat 1[/bold] left", "byes: Ada [NL], Di"):
        assert text in out


def test_the_standings_print_names_as_given(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    rows = [
        pb.TournamentStanding(rank=n, player=name, withdrawn=n == 1)
        for n, name in enumerate(NAMES, 1)
    ]
    print_standings(pb.GetStandingsResponse(standings=rows))
    out = capsys.readouterr().out
    assert "Bo [/] (withdrawn)" in out
    for name in NAMES[1:]:
        assert name in out
