"""Starting a round while the last one has unfinished games is refused with the tables that
hold it up (docs/tournaments.md, "API"): all of them, however many, in a message that
arrives whole (a status message is cut at 400 characters)."""

from __future__ import annotations

import pytest

from clients.errors import TabletopError
from clients.tournament import TournamentClient
from services.grpc_api.status import MAX_MESSAGE_CHARS
from services.tournaments import Tournaments, TournamentStateError
from tests.tournaments.conftest import RunningServer, open_event


def _refusal(tournaments: Tournaments, players: int) -> str:
    event = open_event(tournaments, players, seats=2)
    event.start_round()
    with pytest.raises(TournamentStateError) as refused:
        event.start_round()
    assert refused.value.reason == "ROUND_IN_PROGRESS"
    return str(refused.value)


def test_a_few_unfinished_tables_are_named_with_their_games(tournaments: Tournaments) -> None:
    event = open_event(tournaments, 4, seats=2)
    first, second = event.start_round().tables
    with pytest.raises(TournamentStateError) as refused:
        event.start_round()
    assert str(refused.value) == (
        f"round 1 has unfinished tables: 1 (game {first.game_id}), 2 (game {second.game_id})"
    )


def test_many_unfinished_tables_are_named_by_number(tournaments: Tournaments) -> None:
    message = _refusal(tournaments, 18)
    assert message == (
        "round 1 has unfinished tables: 1, 2, 3, 4, 5, 6, 7, 8, 9 "
        "(tabletop tournament pairings shows their games)"
    )


def test_past_forty_tables_the_rest_are_counted(tournaments: Tournaments) -> None:
    message = _refusal(tournaments, 2 * 45)
    assert "unfinished tables: 1, 2, 3," in message and ", 40 and 5 more (" in message
    assert len(message) <= MAX_MESSAGE_CHARS


@pytest.mark.e2e
def test_the_refusal_arrives_whole(server: RunningServer) -> None:
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Club", "bourgeoisie", 2, "swiss", rounds=2)
        client.token = created.organiser_token
        for n in range(1, 19):
            client.register_player(created.tournament_id, f"player {n}")
        client.start_round(created.tournament_id)
        with pytest.raises(TabletopError) as refused:
            client.start_round(created.tournament_id)
    assert refused.value.reason == "ROUND_IN_PROGRESS"
    assert refused.value.message.endswith(
        "1, 2, 3, 4, 5, 6, 7, 8, 9 (tabletop tournament pairings shows their games)"
    )
