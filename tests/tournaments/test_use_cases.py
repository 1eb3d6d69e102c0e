"""The tournament use cases on the in-memory store: rounds create their games, results are
recorded as games end, standings follow every round, and forfeits, adjudications and
withdrawals are events with their reasons."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from clients.tournament_tables import print_standings
from games.core.meta import META_CODEC, GameCreated
from games.core.tournament_events import TOURNAMENT_CODEC, GameAdjudicated, ResultRecorded
from services.application import Games, GameStore
from services.grpc_api.tournament_servicer import standing_to_proto
from services.settings import Settings
from services.tournaments import (
    Format,
    TournamentRequestError,
    Tournaments,
    TournamentStateError,
    planned_rounds,
)
from services.tournaments.report import standings_html
from services.tournaments.rounds import meetings
from services.tournaments.spec import is_finished
from tests.support.standings_table import read_standings
from tests.tournaments.conftest import open_event


def test_a_round_creates_each_tables_game_with_tournament_round_and_table_recorded(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 8)
    round_ = event.start_round()
    assert [len(t.players) for t in round_.tables] == [4, 4] and not round_.byes
    for table in round_.tables:
        first = tournaments.games.read_events(table.game_id, 0, 1)[0]
        created = META_CODEC.decode(first.event)
        assert isinstance(created, GameCreated)
        assert (created.tournament, created.round, created.table) == (
            event.tournament_id,
            1,
            table.number,
        )
        assert created.seats == 4


def test_results_are_recorded_as_games_end_and_bind_to_each_games_record(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=1)
    round_ = event.play_round()
    state = tournaments.tournament(event.tournament_id)
    assert state.rounds[0].completed and is_finished(state)
    recorded = [TOURNAMENT_CODEC.decode(e.event) for e in tournaments.record(event.tournament_id)]
    results = [e for e in recorded if isinstance(e, ResultRecorded)]
    assert len(results) == len(round_.tables)
    for result in results:
        record = tournaments.games.record(result.game_id)
        assert record.result is not None
        assert result.chain == record.result["chain"]
        assert list(result.places) == record.result["places"]
        table = next(t for t in round_.tables if t.game_id == result.game_id)
        assert record.header["players"] == list(table.players)


def test_standings_after_every_round_follow_points_then_the_tie_breaks(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=2)
    event.adjudicate_round()  # round 1: player 1 beats 2, player 3 beats 4
    _, after_one = tournaments.standings(event.tournament_id, 1)
    assert [(s.player, s.points) for s in after_one] == [
        ("player 1", 1),
        ("player 3", 1),
        ("player 2", 0),
        ("player 4", 0),
    ]
    event.adjudicate_round()  # Swiss: 1 meets 3, 2 meets 4; seats rotate in round 2
    state, final = tournaments.standings(event.tournament_id)
    round_two = state.rounds[1]
    assert sorted(sorted(t.players) for t in round_two.tables) == [
        ["player 1", "player 3"],
        ["player 2", "player 4"],
    ]
    assert final[0].points_by_round == (1, 2)
    assert all(len(s.points_by_round) == 2 for s in final)
    ranked = [s.player for s in final]
    assert sorted(s.points for s in final) == [0, 1, 1, 2]
    assert final[0].points == 2 and final[-1].points == 0
    tied = [s for s in final if s.points == 1]
    assert tied[0].opponents_points >= tied[1].opponents_points, "opponents' strength breaks ties"
    assert ranked.index(tied[0].player) < ranked.index(tied[1].player)


def test_a_no_show_forfeits_last_place_and_the_present_players_share_first(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, rounds=1)
    table = event.start_round().tables[0]
    played = tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, [], [2], "seat 2 did not come"
    )
    assert played.result is not None
    assert played.result.places == (1, 1, 4, 1) and played.result.forfeits == (2,)
    assert played.result.reason == "seat 2 did not come"
    _, rows = tournaments.standings(event.tournament_id)
    assert {s.player: s.points for s in rows}[table.players[2]] == 0
    assert {s.player: s.points for s in rows}[table.players[0]] == 3


def test_an_adjudication_replaces_a_played_result_and_keeps_the_games_scores(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 2, seats=2, rounds=1)
    table = event.play_round().tables[0]
    played = tournaments.tournament(event.tournament_id).rounds[0].tables[0].result
    assert played is not None
    reversed_places = [3 - p if p in (1, 2) else p for p in played.places]
    ruled = tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, reversed_places, [], "ruling"
    )
    assert ruled.result is not None and ruled.result.scores == played.scores
    kinds = [e.event.type for e in tournaments.record(event.tournament_id)]
    assert kinds[-1] == "tournament.GameAdjudicated"
    last = TOURNAMENT_CODEC.decode(tournaments.record(event.tournament_id)[-1].event)
    assert isinstance(last, GameAdjudicated) and last.reason == "ruling"


def test_a_withdrawn_player_is_no_longer_paired_but_keeps_their_results(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 9, rounds=2)
    event.adjudicate_round()
    tournaments.drop_player(event.tournament_id, event.organiser, " Player  5 ", "went home")
    round_two = event.adjudicate_round()
    seated = {p for t in round_two.tables for p in t.players} | set(round_two.byes)
    assert "player 5" not in seated and len(seated) == 8
    _, rows = tournaments.standings(event.tournament_id)
    withdrawn = next(s for s in rows if s.player == "player 5")
    assert withdrawn.withdrawn and withdrawn.played == 1


def test_swiss_with_pairs_repeats_no_pairing_over_three_rounds(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 8, seats=2, rounds=3)
    for _ in range(3):
        event.adjudicate_round()
    state = tournaments.tournament(event.tournament_id)
    assert set(meetings(state).values()) == {1}
    assert is_finished(state)


def test_a_round_robin_meets_everyone_once_and_then_is_complete(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 5, seats=2, format=Format.ROUND_ROBIN, rounds=0)
    state = tournaments.tournament(event.tournament_id)
    assert planned_rounds(state) == 5
    for _ in range(5):
        event.adjudicate_round()
    state = tournaments.tournament(event.tournament_id)
    met = meetings(state)
    assert set(met) == {frozenset(p) for p in combinations(event.tokens, 2)}
    assert set(met.values()) == {1}
    assert sorted(p for r in state.rounds for p in r.byes) == sorted(event.tokens)
    with pytest.raises(TournamentStateError) as refused:
        event.start_round()
    assert refused.value.reason == "TOURNAMENT_COMPLETE"


@pytest.mark.parametrize("seats", [2, 3])
def test_a_round_robin_with_no_one_registered_plans_no_rounds(
    tournaments: Tournaments, seats: int
) -> None:
    event = open_event(tournaments, 0, seats=seats, format=Format.ROUND_ROBIN, rounds=0)
    assert planned_rounds(tournaments.tournament(event.tournament_id)) == 0


def test_a_player_withdrawn_before_round_1_takes_no_place_in_the_round_robin(
    tournaments: Tournaments,
) -> None:
    """Five registered, one dropped before the start: the four entered meet each other once
    in the three rounds planned, with no byes (the circle turns only those entered)."""
    event = open_event(tournaments, 5, seats=2, format=Format.ROUND_ROBIN, rounds=0)
    dropped = sorted(event.tokens)[2]
    tournaments.drop_player(event.tournament_id, event.organiser, dropped, "ill")
    rounds = [event.adjudicate_round() for _ in range(3)]
    state = tournaments.tournament(event.tournament_id)
    entered = set(event.tokens) - {dropped}
    assert planned_rounds(state) == 3 and is_finished(state)
    assert meetings(state) == Counter(frozenset(p) for p in combinations(sorted(entered), 2))
    assert [r.byes for r in rounds] == [(), (), ()]


def test_single_elimination_sends_each_tables_winner_on_until_one_is_left(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 6, seats=2, format=Format.SINGLE_ELIMINATION, rounds=0)
    rounds = []
    while not is_finished(tournaments.tournament(event.tournament_id)):
        rounds.append(event.adjudicate_round())
    assert [len(r.tables) for r in rounds] == [3, 1, 1]
    assert [len(r.byes) for r in rounds] == [0, 1, 0]
    _, rows = tournaments.standings(event.tournament_id)
    champion = rows[0]
    assert champion.eliminated_in == 0
    assert sorted(s.eliminated_in for s in rows[1:]) == [1, 1, 1, 2, 3]
    assert champion.player == rounds[-1].tables[0].players[0]


def test_knockout_standings_show_the_round_each_player_lost_in(
    tournaments: Tournaments, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Single elimination ranks by the round a player lost in: the page and the command's
    table both show it, "still in" for the champion."""
    event = open_event(tournaments, 6, seats=2, format=Format.SINGLE_ELIMINATION, rounds=0)
    while not is_finished(tournaments.tournament(event.tournament_id)):
        event.adjudicate_round()
    state, rows = tournaments.standings(event.tournament_id)
    lost = {
        row.player: "still in" if not row.eliminated_in else f"round {row.eliminated_in}"
        for row in rows
    }
    assert sorted(lost.values()) == [
        "round 1",
        "round 1",
        "round 1",
        "round 2",
        "round 3",
        "still in",
    ]
    page = standings_html(state, rows)
    assert "<th>lost in</th>" in page
    assert all(f"<td class=name>{p}</td><td>{round_}</td>" in page for p, round_ in lost.items())
    monkeypatch.setenv("COLUMNS", "200")
    print_standings(pb.GetStandingsResponse(standings=[standing_to_proto(r) for r in rows]))
    shown = {row["player"]: row["lost in"] for row in read_standings(capsys.readouterr().out).rows}
    assert shown == lost


def test_four_seat_knockout_ends_with_a_final_of_the_table_winners(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 8, format=Format.SINGLE_ELIMINATION, rounds=0)
    first = event.adjudicate_round()
    final = event.adjudicate_round()
    assert [len(t.players) for t in first.tables] == [4, 4]
    assert sorted(final.tables[0].players) == sorted(t.players[0] for t in first.tables)
    assert is_finished(tournaments.tournament(event.tournament_id))


def test_a_knockout_runs_until_one_is_left_when_a_withdrawal_lengthens_it(
    tournaments: Tournaments,
) -> None:
    """With byes instead of smaller tables, fewer players can need more rounds: 9 at 3-seat
    tables play 3 tables, then a final; 8 play 2 tables and 2 byes, then 1 table and a bye,
    then a final. A knockout with ``rounds`` 0 "runs until one player is left"
    (docs/tournaments.md, "Pairing"), so a winner who withdraws after round 1 makes it one
    round longer than its entered field of 23 needed."""
    event = open_event(
        tournaments, 23, seats=3, smallest_table=3, format=Format.SINGLE_ELIMINATION, rounds=0
    )
    first = event.adjudicate_round()
    assert (len(first.tables), len(first.byes)) == (7, 2)
    assert planned_rounds(tournaments.tournament(event.tournament_id)) == 3
    tournaments.drop_player(event.tournament_id, event.organiser, first.byes[0], "went home")
    rounds = [first]
    while not is_finished(state := tournaments.tournament(event.tournament_id)):
        assert planned_rounds(state) == 4
        rounds.append(event.adjudicate_round())
    assert [(len(r.tables), len(r.byes)) for r in rounds] == [(7, 2), (2, 2), (1, 1), (1, 0)]
    _, rows = tournaments.standings(event.tournament_id)
    still_in = [row.player for row in rows if not row.eliminated_in and not row.withdrawn]
    assert still_in == [rows[0].player], "one player is left, the champion"


def test_a_tournament_survives_a_restart(tmp_path: Path) -> None:
    settings = Settings(store="sqlite", sqlite_path=tmp_path / "games.db")
    store = GameStore(settings)
    event = open_event(Tournaments(Games(store)), 4, rounds=2)
    event.adjudicate_round()
    store.close()
    reopened = GameStore(settings)
    again = Tournaments(Games(reopened))
    state, rows = again.standings(event.tournament_id)
    assert len(state.rounds) == 1 and state.rounds[0].completed
    assert [s.points for s in rows] == [3, 2, 1, 0]
    reopened.close()


def test_a_player_withdrawn_during_a_round_keeps_their_seat_in_it_and_no_later_one(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=2)
    table = event.start_round().tables[0]
    leaving = table.players[1]
    tournaments.drop_player(event.tournament_id, event.organiser, leaving, "leaves after this")
    claim = tournaments.claim_seat(event.tournament_id, event.tokens[leaving])
    assert (claim.round, claim.game_id, claim.seat) == (1, table.game_id, 1)
    assert tournaments.games.game_info(table.game_id).players[1] == leaving
    for open_table in tournaments.tournament(event.tournament_id).rounds[0].tables:
        tournaments.adjudicate(
            event.tournament_id, event.organiser, open_table.game_id, [1, 2], [], "by seat"
        )
    second = event.start_round()
    assert leaving not in {p for t in second.tables for p in t.players} | set(second.byes)
    with pytest.raises(TournamentStateError) as refused:
        tournaments.claim_seat(event.tournament_id, event.tokens[leaving])
    assert refused.value.reason == "WITHDRAWN"


def test_a_player_withdrawn_before_round_one_is_told_so_when_claiming(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 3, seats=2, rounds=1)
    tournaments.drop_player(event.tournament_id, event.organiser, "player 3", "cannot come")
    event.start_round()
    with pytest.raises(TournamentStateError) as refused:
        tournaments.claim_seat(event.tournament_id, event.tokens["player 3"])
    assert refused.value.reason == "WITHDRAWN"


def test_standings_count_only_completed_rounds(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=2)
    first, second = event.start_round().tables
    tournaments.adjudicate(event.tournament_id, event.organiser, first.game_id, [1, 2], [], "x")
    _, rows = tournaments.standings(event.tournament_id)  # table 2 is still in play
    assert [(s.points, s.played, s.points_by_round) for s in rows] == [(0, 0, ())] * 4
    seeds = [(player, seed) for seed, player in enumerate(event.tokens, start=1)]
    assert [(s.player, s.seed) for s in rows] == seeds, "in seed order: registration order"
    with pytest.raises(TournamentRequestError) as refused:
        tournaments.standings(event.tournament_id, 1)
    assert refused.value.reason == "BAD_ROUND" and "round 1 is in play" in str(refused.value)

    tournaments.adjudicate(event.tournament_id, event.organiser, second.game_id, [2, 1], [], "x")
    _, after_one = tournaments.standings(event.tournament_id)
    assert sorted(s.points_by_round for s in after_one) == [(0,), (0,), (1,), (1,)]
    event.start_round()
    _, during_two = tournaments.standings(event.tournament_id)
    assert during_two == after_one, "round 2 counts once it is complete"
