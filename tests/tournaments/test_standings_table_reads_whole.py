"""The standings as ``tabletop tournament standings`` prints them and the page shows them:
on an 80-column terminal every name (with its "withdrawn") is read whole, wrapped onto more
lines if it is long, and no figure or heading is cut (nor a column lost on a terminal too
narrow for the table); and, in single elimination, a player who withdrew unbeaten is not
shown as still in (docs/tournaments.md, "Standings")."""

from __future__ import annotations

import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from clients.tournament_tables import print_standings
from games.core.tournament_events import Format
from games.core.tournament_standings import lost_in
from services.grpc_api.tournament_servicer import standing_to_proto
from services.tournaments import Tournaments
from services.tournaments.report import standings_html
from tests.support.standings_table import StandingsTable, read_standings
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
    shown = {row["player"]: row["lost in"] for row in read_standings(out).rows}
    assert shown == {"Hana": "still in", "Maximiliane (withdrawn)": "withdrew", "Kai": "round 1"}


LONG_NAME = "Maximiliane Alexandra von Hohenzollern"
LEGEND = {
    "pts": "tournament points",
    "score": "total game score",
    "opp": "opponents' points",
    "1st": "first places",
}
HEADINGS = ["#", "player", "pts", "score", "opp", "1st", "played", "byes", "by round"]


def _nine_rounds(knockout: bool) -> list[pb.TournamentStanding]:
    """Nine rounds at four-seat tables: cumulative points up to two digits, game scores in
    four, and a long-named player who withdrew (in a knockout, unbeaten)."""
    return [
        pb.TournamentStanding(
            rank=rank,
            player=name,
            withdrawn=name == LONG_NAME,
            points=points,
            game_score=1000 + 111 * rank,
            opponents_points=90 - rank,
            first_places=10 - rank,
            games_played=9 - byes,
            byes=byes,
            points_by_round=[points * n // 9 for n in range(1, 10)],
            eliminated_in_round=lost if knockout else 0,
        )
        for rank, (name, points, byes, lost) in enumerate(
            [("Hana", 27, 0, 0), (LONG_NAME, 24, 1, 0), ("Kai", 9, 0, 1)], 1
        )
    ]


@pytest.mark.parametrize(
    ("columns", "knockout"),
    [(80, False), (80, True), (60, False)],
    ids=["swiss-80", "single-elimination-80", "swiss-60"],
)
def test_figures_and_headings_are_whole_and_a_long_name_wraps_between_its_words(
    columns: int,
    knockout: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing is cut to make the table fit: the name wraps onto more lines (the points by
    round give up their room first, so it wraps between its words), every figure and
    heading is whole, and the legend says what the short headings stand for."""
    monkeypatch.setenv("COLUMNS", str(columns))
    rows = _nine_rounds(knockout)
    print_standings(pb.GetStandingsResponse(standings=rows, after_round=9, rounds_planned=9))
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= columns, out
    table = _read_whole(out, rows, knockout)
    assert len(table.blocks[1]) > 1, "the long name wraps rather than widening the table"
    assert table.rows[1]["player"] == f"{LONG_NAME} (withdrawn)", out
    legend = " ".join(out.split())
    for short, meaning in LEGEND.items():
        assert f"{short}: {meaning}" in legend


@pytest.mark.parametrize("knockout", [False, True], ids=["swiss", "single-elimination"])
def test_a_terminal_too_narrow_for_the_table_loses_no_column(
    knockout: bool, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its lines run past the terminal's edge (which wraps them) rather than shrink the
    figures' columns away."""
    monkeypatch.setenv("COLUMNS", "40")
    rows = _nine_rounds(knockout)
    print_standings(pb.GetStandingsResponse(standings=rows, after_round=9, rounds_planned=9))
    _read_whole(capsys.readouterr().out, rows, knockout)


def _read_whole(out: str, rows: list[pb.TournamentStanding], knockout: bool) -> StandingsTable:
    """The table printed, having checked that no heading, name or figure in it is cut (a
    name may be folded within a word on a narrow terminal: its letters are all there)."""
    assert "…" not in out, out
    table = read_standings(out)
    headings = [*HEADINGS[:2], *(["lost in"] if knockout else []), *HEADINGS[2:]]
    assert table.headings == headings, out
    for shown, row in zip(table.rows, rows, strict=True):
        lost = {"lost in": lost_in(row.eliminated_in_round, row.withdrawn)} if knockout else {}
        name = row.player + (" (withdrawn)" if row.withdrawn else "")
        figures = dict(shown)
        assert figures.pop("player").replace(" ", "") == name.replace(" ", ""), out
        assert figures == {
            "#": str(row.rank),
            **lost,
            "pts": str(row.points),
            "score": str(row.game_score),
            "opp": str(row.opponents_points),
            "1st": str(row.first_places),
            "played": str(row.games_played),
            "byes": str(row.byes),
            "by round": " ".join(str(points) for points in row.points_by_round),
        }, out
    return table


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
    shown = {row["player"]: row["lost in"] for row in read_standings(capsys.readouterr().out).rows}
    assert shown[f"{winner} (withdrawn)"] == "withdrew"
