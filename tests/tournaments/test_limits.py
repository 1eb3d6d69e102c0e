"""The caps on tournament settings (docs/tournaments.md, "Limits"): with every setting at
its cap, every number a standing carries still fits its int32 field on the wire."""

from __future__ import annotations

import pytest

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
from services.grpc_api.tournament_servicer import standing_to_proto
from services.tournaments import Format, Tournaments, new_spec
from services.tournaments.errors import TournamentStateError
from services.tournaments.spec import MAX_POINTS, MAX_ROUNDS
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
