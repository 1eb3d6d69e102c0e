"""Correcting or withdrawing a ruling in single elimination (docs/tournaments.md, "Correcting
or withdrawing a ruling"): once the next round has started, a change that would put another
player through from the table is refused and stores nothing, since that round was paired
with the winner and is not paired again; a change that keeps the winner is allowed, as is
any change before the next round starts, in the final, or in the other formats."""

from __future__ import annotations

from collections.abc import Sequence

import grpc
import pytest

from clients.errors import TabletopError
from clients.tournament import TournamentClient
from games.core.tournament_standings import survivors, table_winner
from games.core.tournament_state import Table
from services.application import ApplicationError
from services.grpc_api.status import MAX_MESSAGE_CHARS
from services.tournaments import Format, Tournaments, TournamentStateError
from tests.support.play import play_random
from tests.tournaments.conftest import Event, RunningServer, open_event


def _knockout(tournaments: Tournaments, players: int = 4, seats: int = 2) -> Event:
    return open_event(tournaments, players, seats=seats, format=Format.SINGLE_ELIMINATION, rounds=0)


def _rule(
    event: Event, game_id: str, places: Sequence[int], forfeits: Sequence[int], reason: str
) -> None:
    event.tournaments.adjudicate(
        event.tournament_id, event.organiser, game_id, places, forfeits, reason
    )


def _refused_ruling(
    event: Event, game_id: str, places: Sequence[int], forfeits: Sequence[int] = ()
) -> ApplicationError:
    """The refusal of a correction, which must have stored nothing."""
    version = event.tournaments.current(event.tournament_id)[1]
    with pytest.raises(ApplicationError) as refused:
        _rule(event, game_id, places, forfeits, "late appeal")
    assert event.tournaments.current(event.tournament_id)[1] == version
    return refused.value


def _places(players: tuple[str, ...], player: str | None, place: int) -> list[int]:
    """Two seats' places, with ``player`` in ``place`` and the other in the other."""
    return [place if p == player else 3 - place for p in players]


def _play(event: Event, game_id: str, players: tuple[str, ...]) -> None:
    tokens = [
        event.tournaments.claim_seat(event.tournament_id, event.tokens[p]).token for p in players
    ]
    play_random(event.tournaments.games, game_id, tokens)


def test_a_correction_that_puts_another_player_through_is_refused_once_the_next_round_started(
    tournaments: Tournaments,
) -> None:
    event = _knockout(tournaments)
    first = event.adjudicate_round().tables[0]
    winner, loser = first.players
    event.start_round()
    for places, forfeits in (([2, 1], []), ([], [0])):
        refused = _refused_ruling(event, first.game_id, places, forfeits)
        assert isinstance(refused, TournamentStateError)
        assert refused.reason == "WINNER_ADVANCED"
    message = str(refused)
    assert f"would put {loser} through from table 1 of round 1 instead of {winner}" in message
    assert "already paired in round 2" in message and "keep them through" in message
    assert "tabletop tournament drop" in message
    assert loser not in survivors(tournaments.tournament(event.tournament_id))


def test_a_correction_that_keeps_the_winner_is_allowed_after_the_next_round_started(
    tournaments: Tournaments,
) -> None:
    event = _knockout(tournaments)
    first = event.adjudicate_round().tables[0]
    winner = first.players[0]
    event.start_round()
    _rule(event, first.game_id, [1, 2], [], "the real reason")
    _rule(event, first.game_id, [1, 1], [], "a draw: the better seed goes through")
    _rule(event, first.game_id, [], [1], "seat 1 did not come")
    table = tournaments.tournament(event.tournament_id).rounds[0].tables[0]
    assert table.result is not None and table.result.reason == "seat 1 did not come"
    assert len(table.rulings) == 4
    assert winner in survivors(tournaments.tournament(event.tournament_id))


def test_the_order_among_the_eliminated_may_still_be_corrected(tournaments: Tournaments) -> None:
    event = _knockout(tournaments, players=6, seats=3)
    first = event.adjudicate_round().tables[0]
    event.start_round()
    _rule(event, first.game_id, [1, 3, 2], [], "second and third swapped")
    _rule(event, first.game_id, [1, 2, 2], [], "shared second")
    refused = _refused_ruling(event, first.game_id, [2, 1, 3])
    assert refused.reason == "WINNER_ADVANCED"


def test_any_correction_is_allowed_before_the_next_round_and_in_the_final(
    tournaments: Tournaments,
) -> None:
    event = _knockout(tournaments)
    first = event.adjudicate_round().tables[0]
    _rule(event, first.game_id, [2, 1], [], "appeal upheld before round 2")
    assert first.players[1] in survivors(tournaments.tournament(event.tournament_id))
    final = event.adjudicate_round().tables[0]
    _rule(event, final.game_id, [2, 1], [], "appeal upheld in the final")
    assert survivors(tournaments.tournament(event.tournament_id)) == (final.players[1],)


def test_a_withdrawal_that_would_put_another_player_through_is_refused(
    tournaments: Tournaments,
) -> None:
    event = _knockout(tournaments)
    second, played = _withdrawal_refused_in_round_2(event)
    tournaments.withdraw_adjudication(event.tournament_id, event.organiser, second.game_id, "ok")
    restored = tournaments.tournament(event.tournament_id).rounds[0].tables[1]
    assert restored.result == played[1].result


def _withdrawal_refused_in_round_2(event: Event) -> tuple[Table, tuple[Table, ...]]:
    """Round 1's two games played, both adjudicated (the first against its game's winner),
    round 2 started: withdrawing the first ruling is refused and stores nothing. Round 1's
    second table as started, and its tables as played."""
    tournaments = event.tournaments
    first, second = event.start_round().tables
    _play(event, first.game_id, first.players)
    _play(event, second.game_id, second.players)
    played = tournaments.tournament(event.tournament_id).rounds[0].tables
    seeds = {
        entrant.name: entrant.seed
        for entrant in tournaments.tournament(event.tournament_id).entrants
    }
    winners = [table_winner(table, seeds) for table in played]
    _rule(event, first.game_id, _places(first.players, winners[0], 2), [], "appeal upheld")
    _rule(event, second.game_id, _places(second.players, winners[1], 1), [], "sheet checked")
    event.start_round()
    version = tournaments.current(event.tournament_id)[1]
    with pytest.raises(TournamentStateError) as refused:
        tournaments.withdraw_adjudication(event.tournament_id, event.organiser, first.game_id, "x")
    assert refused.value.reason == "WINNER_ADVANCED"
    assert str(refused.value).startswith("withdrawing the ruling (its game's own result) would")
    assert str(refused.value).endswith("(adjudicate --forfeit)")
    assert len(str(refused.value)) <= MAX_MESSAGE_CHARS  # sent whole
    assert tournaments.current(event.tournament_id)[1] == version
    return second, played


LONGEST_NAMES = ["A" * 63 + "1", "A" * 63 + "2", "A" * 63 + "3", "A" * 63 + "4"]
"""Four player names at the 64-character cap."""


def test_a_refused_withdrawal_is_sent_whole_with_names_at_their_cap(
    tournaments: Tournaments,
) -> None:
    """A status message is cut at 400 characters: the refusal, names and all, must fit, or
    the organiser loses its end, which says what to do instead. A withdrawal's is the
    longest."""
    event = open_event(
        tournaments, 0, seats=2, format=Format.SINGLE_ELIMINATION, rounds=0, names=LONGEST_NAMES
    )
    _withdrawal_refused_in_round_2(event)


@pytest.mark.parametrize("format", [Format.SWISS, Format.ROUND_ROBIN])
def test_other_formats_take_a_late_correction_that_changes_the_winner(
    tournaments: Tournaments, format: Format
) -> None:
    event = open_event(tournaments, 4, seats=2, format=format, rounds=3)
    first = event.adjudicate_round().tables[0]
    event.start_round()
    _rule(event, first.game_id, [2, 1], [], "appeal upheld")
    table = tournaments.tournament(event.tournament_id).rounds[0].tables[0]
    assert table.result is not None and table.result.places == (2, 1)


def _refused_over_grpc(
    client: TournamentClient, names: Sequence[str]
) -> tuple[str, str, TabletopError]:
    """A knockout of ``names`` over gRPC, round 1 adjudicated, round 2 started: the refused
    correction that would put table 1's loser through. Its id, table 1's game, the error."""
    created = client.create_tournament("Cup", "bourgeoisie", 2, "single-elimination")
    tournament_id = created.tournament_id
    client.token = created.organiser_token
    for name in names:
        client.register_player(tournament_id, name)
    first, second = client.start_round(tournament_id).tables
    for table in (first, second):
        client.adjudicate_game(tournament_id, table.game_id, "time", places=[1, 2])
    client.start_round(tournament_id)
    with pytest.raises(TabletopError) as refused:
        client.adjudicate_game(tournament_id, first.game_id, "appeal", places=[2, 1])
    assert refused.value.code is grpc.StatusCode.FAILED_PRECONDITION
    assert refused.value.reason == "WINNER_ADVANCED"
    return tournament_id, first.game_id, refused.value


@pytest.mark.e2e
def test_a_knockout_ruling_that_changes_who_advanced_is_refused_over_grpc(
    server: RunningServer,
) -> None:
    with TournamentClient(server.target) as client:
        tournament_id, game_id, refused = _refused_over_grpc(client, ("Ada", "Bo", "Cy", "Di"))
        assert "already paired in round 2" in str(refused)
        kept = client.adjudicate_game(tournament_id, game_id, "clock fault", places=[1, 2])
        assert list(kept.places) == [1, 2] and kept.reason == "clock fault"


@pytest.mark.e2e
def test_a_refused_correction_arrives_whole_with_names_at_their_cap(
    server: RunningServer,
) -> None:
    with TournamentClient(server.target) as client:
        refused = _refused_over_grpc(client, LONGEST_NAMES)[2]
    assert refused.message.endswith("(adjudicate --forfeit)"), refused.message
