"""Correcting and withdrawing a ruling (docs/tournaments.md, "Correcting or withdrawing a
ruling"): a second adjudication corrects the first, a withdrawal returns the table to its
game's own result, or to play while the game runs; every ruling stays in the record, and
the standings follow the ruling in force."""

from __future__ import annotations

import csv
import io
import json

import grpc
import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from clients.errors import TabletopError
from clients.tournament import TournamentClient
from games.core.tournament_events import (
    TOURNAMENT_CODEC,
    AdjudicationWithdrawn,
    GameAdjudicated,
    describe,
)
from games.core.tournament_state import ResultKind, RulingKind, Table
from services.application import ApplicationError
from services.tournaments import (
    TournamentRequestError,
    Tournaments,
    TournamentStateError,
)
from tests.support.play import play_random
from tests.tournaments.conftest import Event, RunningServer, open_event


def _types(tournaments: Tournaments, tournament_id: str) -> list[str]:
    return [
        entry.event.type.removeprefix("tournament.") for entry in tournaments.record(tournament_id)
    ]


def _points(tournaments: Tournaments, tournament_id: str, after_round: int = 0) -> dict[str, int]:
    _, rows = tournaments.standings(tournament_id, after_round)
    return {row.player: row.points for row in rows}


def _one_table(tournaments: Tournaments, rounds: int = 1) -> tuple[Event, Table]:
    """A tournament of two players at one two-seat table, its round started."""
    event = open_event(tournaments, 2, seats=2, rounds=rounds)
    return event, event.start_round().tables[0]


def _play(event: Event, table: Table) -> None:
    """The table's game played to its end; the tournament records its result."""
    tokens = [
        event.tournaments.claim_seat(event.tournament_id, event.tokens[p]).token
        for p in table.players
    ]
    play_random(event.tournaments.games, table.game_id, tokens)


def _refused(event: Event, game_id: str, token: str = "", reason: str = "x") -> ApplicationError:
    """The refusal of a withdrawal, which must have stored nothing."""
    tournaments, tournament_id = event.tournaments, event.tournament_id
    version = tournaments.current(tournament_id)[1]
    with pytest.raises(ApplicationError) as refused:
        tournaments.withdraw_adjudication(tournament_id, token or event.organiser, game_id, reason)
    assert tournaments.current(tournament_id)[1] == version
    return refused.value


def test_a_second_adjudication_corrects_the_first_and_both_stay_in_the_record(
    tournaments: Tournaments,
) -> None:
    event, table = _one_table(tournaments)
    first, second = table.players
    tournaments.adjudicate(event.tournament_id, event.organiser, table.game_id, [], [0], "no-show")
    assert _points(tournaments, event.tournament_id) == {first: 0, second: 1}
    corrected = tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, [], [1], "wrong seat forfeited"
    )
    assert corrected.result is not None and corrected.result.forfeits == (1,)
    assert corrected.result.reason == "wrong seat forfeited"
    assert [(r.kind, r.forfeits, r.reason) for r in corrected.rulings] == [
        (RulingKind.ADJUDICATED, (0,), "no-show"),
        (RulingKind.ADJUDICATED, (1,), "wrong seat forfeited"),
    ]
    assert _points(tournaments, event.tournament_id) == {first: 1, second: 0}
    recorded = [TOURNAMENT_CODEC.decode(e.event) for e in tournaments.record(event.tournament_id)]
    assert [e.reason for e in recorded if isinstance(e, GameAdjudicated)] == [
        "no-show",
        "wrong seat forfeited",
    ]
    assert _types(tournaments, event.tournament_id).count("RoundCompleted") == 1


def test_withdrawing_the_ruling_on_a_game_in_play_puts_the_table_and_round_back_in_play(
    tournaments: Tournaments,
) -> None:
    event, table = _one_table(tournaments)
    tournaments.adjudicate(event.tournament_id, event.organiser, table.game_id, [], [0], "late")
    assert tournaments.tournament(event.tournament_id).completed_rounds == 1
    back = tournaments.withdraw_adjudication(
        event.tournament_id, event.organiser, table.game_id, "they arrived: play it out"
    )
    assert back.result is None
    assert [r.kind for r in back.rulings] == [RulingKind.ADJUDICATED, RulingKind.WITHDRAWN]
    state = tournaments.tournament(event.tournament_id)
    assert not state.rounds[0].completed and state.completed_rounds == 0
    with pytest.raises(TournamentRequestError) as refused:
        tournaments.standings(event.tournament_id, 1)
    assert refused.value.reason == "BAD_ROUND"
    _play(event, table)
    played = tournaments.tournament(event.tournament_id).rounds[0]
    assert played.completed and played.tables[0].result is not None
    assert played.tables[0].result.kind is ResultKind.PLAYED
    assert _types(tournaments, event.tournament_id)[-5:] == [
        "GameAdjudicated",
        "RoundCompleted",
        "AdjudicationWithdrawn",
        "ResultRecorded",
        "RoundCompleted",
    ]


def test_withdrawing_the_ruling_on_a_game_that_ended_restores_the_games_own_result(
    tournaments: Tournaments,
) -> None:
    event, table = _one_table(tournaments)
    _play(event, table)
    played = tournaments.tournament(event.tournament_id).rounds[0].tables[0].result
    assert played is not None
    points = _points(tournaments, event.tournament_id)
    reversed_places = [2 if place == 1 else 1 for place in played.places]
    tournaments.adjudicate(
        event.tournament_id, event.organiser, table.game_id, reversed_places, [], "appeal"
    )
    assert _points(tournaments, event.tournament_id) != points
    restored = tournaments.withdraw_adjudication(
        event.tournament_id, event.organiser, table.game_id, "appeal rejected"
    )
    assert restored.result == played
    assert _points(tournaments, event.tournament_id) == points
    assert tournaments.tournament(event.tournament_id).rounds[0].completed
    recorded = [TOURNAMENT_CODEC.decode(e.event) for e in tournaments.record(event.tournament_id)]
    withdrawn = next(e for e in recorded if isinstance(e, AdjudicationWithdrawn))
    assert withdrawn == AdjudicationWithdrawn(1, 1, table.game_id, "appeal rejected")
    assert describe(withdrawn) == ("Round 1, table 1: adjudication withdrawn (appeal rejected)")


def test_a_ruling_of_a_closed_round_is_withdrawn_only_if_its_game_has_ended(
    tournaments: Tournaments,
) -> None:
    event = open_event(tournaments, 4, seats=2, rounds=2)
    first, second = event.start_round().tables
    _play(event, first)
    tournaments.adjudicate(event.tournament_id, event.organiser, first.game_id, [1, 1], [], "tie")
    tournaments.adjudicate(event.tournament_id, event.organiser, second.game_id, [], [1], "late")
    event.start_round()
    refused = _refused(event, second.game_id)
    assert isinstance(refused, TournamentStateError) and refused.reason == "ROUND_CLOSED"
    assert "round 2 has started" in str(refused)
    assert "correct the ruling instead (AdjudicateGame: tabletop tournament adjudicate)" in str(
        refused
    )
    before = _points(tournaments, event.tournament_id, 1)
    tournaments.withdraw_adjudication(event.tournament_id, event.organiser, first.game_id, "no")
    state = tournaments.tournament(event.tournament_id)
    assert state.rounds[0].completed and state.rounds[0].tables[0].result is not None
    assert state.rounds[0].tables[0].result.kind is ResultKind.PLAYED
    assert _points(tournaments, event.tournament_id, 1) != before


@pytest.mark.parametrize("adjudicated", [False, True])
def test_a_table_with_no_ruling_in_force_has_nothing_to_withdraw(
    tournaments: Tournaments, adjudicated: bool
) -> None:
    event, table = _one_table(tournaments)
    if adjudicated:  # a ruling made, then withdrawn: none is left in force
        tournaments.adjudicate(event.tournament_id, event.organiser, table.game_id, [], [0], "x")
        tournaments.withdraw_adjudication(event.tournament_id, event.organiser, table.game_id, "y")
    refused = _refused(event, table.game_id)
    assert isinstance(refused, TournamentStateError) and refused.reason == "NOT_ADJUDICATED"
    assert "table 1 of round 1 has no ruling in force" in str(refused)


def test_a_withdrawal_needs_the_organiser_a_table_of_the_tournament_and_a_reason(
    tournaments: Tournaments,
) -> None:
    event, table = _one_table(tournaments)
    tournaments.adjudicate(event.tournament_id, event.organiser, table.game_id, [], [0], "x")
    refusals = [
        (event.organiser, "4f1c0c3e-0000-4000-8000-000000000000", "x", "GAME_NOT_IN_TOURNAMENT"),
        (event.organiser, "not an id", "x", "BAD_GAME_ID"),
        (event.tokens[table.players[0]], table.game_id, "x", "NOT_THE_ORGANISER"),
        ("guess", table.game_id, "x", "NOT_THE_ORGANISER"),
        (event.organiser, table.game_id, "   ", "BAD_TEXT"),
    ]
    for token, game_id, reason, expected in refusals:
        assert _refused(event, game_id, token, reason).reason == expected


def test_the_archive_shows_every_ruling_and_verifies(tournaments: Tournaments) -> None:
    event, table = _one_table(tournaments)
    _play(event, table)
    for places, reason in (([1, 1], "=shared, on appeal"), ([2, 1], "second appeal")):
        tournaments.adjudicate(
            event.tournament_id, event.organiser, table.game_id, places, [], reason
        )
    tournaments.withdraw_adjudication(event.tournament_id, event.organiser, table.game_id, "void")
    files = dict(tournaments.export(event.tournament_id))
    document = json.loads(files["tournament.json"])
    types = [item["event"]["type"] for item in document["events"]]
    assert types.count("tournament.GameAdjudicated") == 2
    assert types.count("tournament.AdjudicationWithdrawn") == 1
    rows = list(csv.DictReader(io.StringIO(files["results.csv"].decode())))
    assert {row["status"] for row in rows} == {"played"}
    assert rows[0]["rulings"] == (
        "1. adjudicated places [1, 1]: =shared, on appeal; 2. adjudicated places [2, 1]: "
        "second appeal; 3. ruling withdrawn: void"
    )
    assert "Table 1, rulings: 1. adjudicated places [1, 1]" in files["standings.html"].decode()


@pytest.mark.e2e
def test_a_ruling_is_corrected_and_withdrawn_over_grpc(server: RunningServer) -> None:
    """Through a real server: the table carries its rulings, and each refusal has its status
    and reason (never INTERNAL)."""
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Cup", "bourgeoisie", 2, "swiss", rounds=2)
        tournament_id = created.tournament_id
        client.token = created.organiser_token
        for name in ("Ada", "Bo", "Cy", "Di"):
            client.register_player(tournament_id, name)
        first, second = client.start_round(tournament_id).tables
        ruled = client.adjudicate_game(tournament_id, first.game_id, "no-show", forfeits=[0])
        corrected = client.adjudicate_game(tournament_id, first.game_id, "wrong seat", forfeits=[1])
        assert list(corrected.places) == [1, 2] and corrected.reason == "wrong seat"
        assert [(list(r.forfeits), r.reason) for r in corrected.rulings] == [
            ([0], "no-show"),
            ([1], "wrong seat"),
        ]
        assert list(ruled.places) == [2, 1]
        back = client.withdraw_adjudication(tournament_id, first.game_id, "both came")
        assert back.status == pb.TABLE_STATUS_IN_PLAY and not back.places
        assert [r.kind for r in back.rulings] == [
            pb.RULING_KIND_ADJUDICATED,
            pb.RULING_KIND_ADJUDICATED,
            pb.RULING_KIND_WITHDRAWN,
        ]
        assert not client.get_pairings(tournament_id).completed
        refusals = [
            (first.game_id, "again", grpc.StatusCode.FAILED_PRECONDITION, "NOT_ADJUDICATED"),
            (second.game_id, "never", grpc.StatusCode.FAILED_PRECONDITION, "NOT_ADJUDICATED"),
            (created.tournament_id, "x", grpc.StatusCode.NOT_FOUND, "GAME_NOT_IN_TOURNAMENT"),
            (first.game_id, "", grpc.StatusCode.INVALID_ARGUMENT, "BAD_TEXT"),
        ]
        for game_id, reason, code, expected in refusals:
            with pytest.raises(TabletopError) as refused:
                client.withdraw_adjudication(tournament_id, game_id, reason)
            assert (refused.value.code, refused.value.reason) == (code, expected)
        for token, code, expected in (
            ("", grpc.StatusCode.UNAUTHENTICATED, "ORGANISER_TOKEN_MISSING"),
            ("guess", grpc.StatusCode.PERMISSION_DENIED, "NOT_THE_ORGANISER"),
        ):
            client.token = token
            with pytest.raises(TabletopError) as refused:
                client.withdraw_adjudication(tournament_id, first.game_id, "x")
            assert (refused.value.code, refused.value.reason) == (code, expected)
        client.token = created.organiser_token
        for table in (first, second):
            client.adjudicate_game(tournament_id, table.game_id, "time", places=[1, 2])
        client.start_round(tournament_id)
        with pytest.raises(TabletopError) as closed:
            client.withdraw_adjudication(tournament_id, first.game_id, "late appeal")
        assert closed.value.code is grpc.StatusCode.FAILED_PRECONDITION
        assert closed.value.reason == "ROUND_CLOSED"


def test_a_games_own_result_is_no_ruling_to_withdraw(tournaments: Tournaments) -> None:
    """A table "never adjudicated" has nothing to withdraw, its game ended or not
    (docs/tournaments.md, "Correcting or withdrawing a ruling"; `NOT_ADJUDICATED`)."""
    event, table = _one_table(tournaments)
    _play(event, table)
    refused = _refused(event, table.game_id)
    assert isinstance(refused, TournamentStateError) and refused.reason == "NOT_ADJUDICATED"
    assert "its result is its game's own" in str(refused)
