"""WatchGame and GetView answer from one version of the game, over a real server, even when
another call stores events between the reads they make: a seat taken between a watch's read
of the game and its read of the events after it shows in the status of the update that
reports it, and a view is of a version at which the token it was asked with holds its seat."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

import grpc
import pytest

from clients.errors import TabletopError
from clients.sdk import GameClient
from services.application.aggregate import Game
from services.application.folded import Folded
from services.application.streams import seat_held
from services.tournaments import Tournaments
from tests.e2e.conftest import Interleaving, Serve
from tests.tournaments.conftest import open_event

pytestmark = pytest.mark.e2e


class ActsBeforeReading(Interleaving):
    """The service with ``meanwhile`` run once right before the next read of the events
    after a version: the moment at which a concurrent call's events can be stored."""

    def states_after(self, game_id: str, after: int, state: Any = None) -> Iterator[Folded]:
        self.interleave()
        return super().states_after(game_id, after, state)


def test_a_seat_taken_during_a_watch_shows_in_the_update_that_reports_it(
    serve: Serve,
) -> None:
    games, target = serve(ActsBeforeReading)
    with GameClient(target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        joined = client.join_game(game_id, "ada", 0)
        games.meanwhile = lambda: games.join_game(game_id, "bea", 1)
        stream = client.watch_game(game_id, after_version=joined.version, timeout=10)
        update = next(stream).update
        caught_up = next(stream).caught_up
        stream.close()

    assert update.event.version == joined.version + 1
    assert list(update.status.players) == ["ada", "bea"]
    assert caught_up.version == update.event.version
    assert list(caught_up.status.players) == ["ada", "bea"]


class ActsAfterReading(Interleaving):
    """The service with ``meanwhile`` run once right after its next read of a game as it is
    now: the moment at which a concurrent call can store a new version."""

    def _latest(self, gid: UUID) -> Game:
        game = super()._latest(gid)
        self.interleave()
        return game


def test_a_view_is_of_a_version_at_which_its_token_holds_the_seat(serve: Serve) -> None:
    games, target = serve(ActsAfterReading)
    event = open_event(Tournaments(games), 2, seats=2, rounds=1)
    player = event.start_round().tables[0].players[0]
    claim = event.tournaments.claim_seat(event.tournament_id, event.tokens[player])
    before = games.game_info(claim.game_id).version
    games.meanwhile = lambda: event.tournaments.claim_seat(  # the player's token is void after
        event.tournament_id, event.tokens[player]
    )
    with GameClient(target, token=claim.token) as client:
        answer = client.get_view(claim.game_id, "seat")

    assert games.game_info(claim.game_id).version == before + 1  # claimed again meanwhile
    seen = games.game_info(claim.game_id, answer.version)
    assert seat_held(seen, claim.token) == answer.seat == claim.seat


@pytest.mark.parametrize("perspective", ["seat", "public"])
def test_a_seat_taken_again_ends_the_watch_of_its_voided_token(
    serve: Serve, perspective: str
) -> None:
    """Claiming a seat again voids its earlier token (api.md section 2): a watch opened with
    that token, whichever perspective it asked for, ends with PERMISSION_DENIED at the event
    that took the seat again, before any later update; a watch with the new token reads the
    whole game, both seat takings included."""
    games, target = serve(Interleaving)
    event = open_event(Tournaments(games), 2, seats=2, rounds=1)
    player = event.start_round().tables[0].players[0]
    first = event.tournaments.claim_seat(event.tournament_id, event.tokens[player])
    seen: list[int] = []
    with GameClient(target, token=first.token) as old:
        stream = old.watch_game(first.game_id, perspective=perspective, timeout=20)
        for message in stream:
            if message.HasField("caught_up"):
                break
            seen.append(message.update.event.version)
        again = event.tournaments.claim_seat(event.tournament_id, event.tokens[player])
        retaken = games.game_info(again.game_id).version
        with pytest.raises(TabletopError) as ended:
            seen += [m.update.event.version for m in stream if m.HasField("update")]
    assert ended.value.code is grpc.StatusCode.PERMISSION_DENIED
    assert f"taken again under a new token at version {retaken}" in ended.value.message
    assert seen and max(seen) < retaken
    with GameClient(target, token=again.token) as new:
        watched = new.watch_game(again.game_id, perspective="seat")
        marker = next(m for m in watched if m.HasField("caught_up"))
    assert marker.caught_up.version == retaken


def test_a_watch_may_not_resume_after_a_version_stored_since_its_token_was_checked(
    serve: Serve,
) -> None:
    """A watch resumes after a version the game had reached (api.md section 4, BAD_VERSION
    otherwise), judged when its token is checked: resuming after a version stored later
    would skip, unread, the events between, and among them a seat taken again that voids
    the token (api.md section 2), which would go on being shown that seat's hand."""
    games, target = serve(ActsBeforeReading)
    event = open_event(Tournaments(games), 2, seats=2, rounds=1)
    player = event.start_round().tables[0].players[0]
    first = event.tournaments.claim_seat(event.tournament_id, event.tokens[player])
    checked = games.game_info(first.game_id).version
    # were the watch to read on, the seat would be taken again at version checked + 1
    games.meanwhile = lambda: event.tournaments.claim_seat(
        event.tournament_id, event.tokens[player]
    )
    with GameClient(target, token=first.token) as old:
        stream = old.watch_game(first.game_id, after_version=checked + 1, timeout=10)
        with pytest.raises(TabletopError) as refused:
            next(stream)
    assert (refused.value.code, refused.value.reason) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_VERSION",
    )
    assert f"the game has only {checked} versions" in refused.value.message


def test_a_seat_taken_again_leaves_a_watch_without_a_token_going(serve: Serve) -> None:
    """A watch opened without a token holds none that a seat taken again could void
    (api.md section 2): it sends the update of that event and goes on."""
    games, target = serve(Interleaving)
    event = open_event(Tournaments(games), 2, seats=2, rounds=1)
    player = event.start_round().tables[0].players[0]
    first = event.tournaments.claim_seat(event.tournament_id, event.tokens[player])
    with GameClient(target) as spectator:
        stream = spectator.watch_game(first.game_id, timeout=20)
        next(m for m in stream if m.HasField("caught_up"))
        event.tournaments.claim_seat(event.tournament_id, event.tokens[player])
        retaken = games.game_info(first.game_id).version
        update = next(stream).update
        stream.close()
    assert update.event.version == retaken
    assert update.event.type == "core.SeatTaken"
