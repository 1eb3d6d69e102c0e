"""The caps on tournament settings (docs/tournaments.md, "Limits"): with every setting at
its cap, every number a standing carries still fits its int32 field on the wire."""

from __future__ import annotations

import grpc
import pytest
from tabletop.v1 import tournament_service_pb2 as pb

from games.core.tournament_events import (
    PlayerRegistered,
    ResultRecorded,
    RoundStarted,
    Seating,
    TournamentCreated,
)
from games.core.tournament_standings import standings
from games.core.tournament_state import fold_tournament
from games.registry import all_rules
from services.grpc_api.status import status_code_of
from services.grpc_api.tournament_servicer import standing_to_proto
from services.tournaments import Format, Tournaments, new_spec
from services.tournaments import tournaments as tournaments_module
from services.tournaments.errors import TournamentStateError
from services.tournaments.spec import MAX_NAME, MAX_PLAYERS, MAX_POINTS, MAX_ROUNDS
from tests.tournaments.conftest import open_event

INT32_MAX = 2**31 - 1


def test_the_largest_standings_the_caps_allow_fit_int32() -> None:
    """The worst case: the largest table of any game, every place and bye at the cap, every
    round played by the same players, each game a tie for first (so everyone earns the most
    and meets the most points): opponents' points reach rounds * (seats - 1) * rounds * cap."""
    rules = max(all_rules().values(), key=lambda r: r.max_seats)
    seats = rules.max_seats
    spec = new_spec(
        "Cap", rules.name, seats, Format.SWISS, MAX_ROUNDS,
        points=[MAX_POINTS] * seats, bye_points=MAX_POINTS,
    )  # fmt: skip
    players = tuple(f"p{n}" for n in range(seats))
    events: list[object] = [TournamentCreated("t", spec, "")]
    events += [PlayerRegistered(name, "") for name in players]
    for number in range(1, MAX_ROUNDS + 1):
        events.append(RoundStarted(number, (Seating(1, f"g{number}", players),), ()))
        events.append(ResultRecorded(number, 1, f"g{number}", (0,) * seats, (1,) * seats, ""))
    rows = standings(fold_tournament(events))
    worst = MAX_ROUNDS * (seats - 1) * MAX_ROUNDS * MAX_POINTS
    assert {row.opponents_points for row in rows} == {worst}
    assert {row.points for row in rows} == {MAX_ROUNDS * MAX_POINTS}
    assert worst <= INT32_MAX
    for row in rows:
        standing_to_proto(row)  # raises ValueError when a number does not fit


def test_a_round_robin_needing_more_rounds_than_the_cap_does_not_start(
    tournaments: Tournaments,
) -> None:
    event = open_event(
        tournaments, MAX_ROUNDS + 1, seats=2, format=Format.ROUND_ROBIN, rounds=0
    )  # an odd field of 101 at two seats needs 101 rounds
    before = tournaments.current(event.tournament_id)[1]
    with pytest.raises(TournamentStateError) as refused:
        event.start_round()
    assert refused.value.reason == "TOO_MANY_ROUNDS"
    assert str(MAX_ROUNDS) in str(refused.value)
    assert tournaments.current(event.tournament_id)[1] == before


def test_registration_past_the_cap_is_refused_and_stores_nothing(
    tournaments: Tournaments, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/tournaments.md, "Limits": at most ``MAX_PLAYERS`` players (a smaller cap here, so
    that the test registers few)."""
    monkeypatch.setattr(tournaments_module, "MAX_PLAYERS", 3)
    event = open_event(tournaments, 3, seats=2)
    before = tournaments.current(event.tournament_id)[1]
    with pytest.raises(TournamentStateError) as refused:
        tournaments.register_player(event.tournament_id, event.organiser, "one too many")
    assert refused.value.reason == "TOURNAMENT_FULL"
    assert "at most 3 players" in str(refused.value)
    assert status_code_of(refused.value) is grpc.StatusCode.FAILED_PRECONDITION
    assert tournaments.current(event.tournament_id)[1] == before


def test_the_largest_field_s_standings_fit_what_a_client_accepts() -> None:
    """Every answer about a tournament of ``MAX_PLAYERS`` players, each with the longest name
    (64 characters of 4 UTF-8 bytes) and every number at its cap, stays under the 4 MiB a
    gRPC client accepts by default: one answer per player is the largest there is."""
    name = "\U0001f600" * MAX_NAME  # an emoji: 4 bytes in UTF-8
    most = MAX_ROUNDS * MAX_POINTS
    standing = pb.TournamentStanding(
        rank=MAX_PLAYERS, player=name, seed=MAX_PLAYERS, points=most, game_score=2**40,
        opponents_points=INT32_MAX, first_places=MAX_ROUNDS, games_played=MAX_ROUNDS,
        byes=MAX_ROUNDS, withdrawn=True, points_by_round=[most] * MAX_ROUNDS,
        eliminated_in_round=MAX_ROUNDS,
    )  # fmt: skip
    standings_answer = pb.GetStandingsResponse(standings=[standing] * MAX_PLAYERS)
    player = pb.TournamentPlayer(name=name, seed=MAX_PLAYERS, withdrawn=True)
    tournament_answer = pb.GetTournamentResponse(players=[player] * MAX_PLAYERS)
    for answer in (standings_answer, tournament_answer):
        assert answer.ByteSize() < 4 << 20
