"""The synchronous SDK against a real server: a round trip through every RPC, the typed
errors with their machine reasons, and the retry of a command the game has moved past."""

from __future__ import annotations

import time
from collections.abc import Iterator

import grpc
import pytest
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.calls import GAME_KINDS
from clients.errors import TabletopError
from clients.sdk import GameClient
from tests.clients.servers import ARBITER, RestartableServer
from tests.clients.table import Table

pytestmark = pytest.mark.e2e


@pytest.fixture
def table(server: RestartableServer) -> Iterator[Table]:
    opened = Table.open(server.target)
    yield opened
    opened.close()


def test_create_and_join_return_ids_versions_and_tokens(server: RestartableServer) -> None:
    with GameClient(server.target) as client:
        created = client.create_game("bourgeoisie", 3)
        first = client.join_game(created.game_id, "Ada")
        chosen = client.join_game(created.game_id, "Bob", 2)
    assert created.version >= 1 and first.version > created.version
    assert (first.seat, chosen.seat) == (0, 2)
    assert first.token and chosen.token and first.token != chosen.token


def test_list_games_answers_what_create_game_takes(server: RestartableServer) -> None:
    """Each game kind, in GameKind order, with a seat range whose ends both create a game and
    past which one is refused, its rulesets (the default first) each creating one, and the
    rules version its new games record."""
    key_of = {kind: key for key, kind in GAME_KINDS.items()}
    with GameClient(server.target) as client, GameClient(server.target, ARBITER) as arbiter:
        games = client.list_games().games
        assert [info.game for info in games] == sorted(GAME_KINDS.values())
        for info in games:
            key = key_of[info.game]
            assert info.title and info.rulesets[0] == "default"
            for ruleset in info.rulesets:
                client.create_game(key, info.min_seats, ruleset)
            created = client.create_game(key, info.max_seats)
            first = next(arbiter.read_events(created.game_id))  # its payload: full information
            assert first.type == "core.GameCreated"
            assert first.payload["rules_version"] == info.rules_version >= 1
            for seats in (info.min_seats - 1, info.max_seats + 1):
                with pytest.raises(TabletopError) as refused:
                    client.create_game(key, seats)
                assert refused.value.reason == "BAD_SEAT_COUNT"


def test_views_legal_actions_and_a_submitted_action(table: Table) -> None:
    seat = table.to_act()
    assert seat is not None
    client = table.seats[seat]
    view = client.get_view(table.game_id)  # a token's default is its seat's view
    assert view.perspective == common_pb2.PERSPECTIVE_SEAT and view.seat == seat
    assert view.view.bourgeoisie.players[seat].hand_visible
    legal = client.list_legal_actions(table.game_id)
    assert legal.seat == seat and legal.version == view.version and legal.actions
    answer = client.submit_action(table.game_id, legal.version, legal.actions[0].action)
    assert answer.version > legal.version and answer.events and not answer.replayed
    assert [e.version for e in answer.events] == list(range(legal.version + 1, answer.version + 1))
    before = client.get_view(table.game_id, "public", legal.version)
    assert before.version == legal.version and not before.HasField("seat")


def test_a_retried_command_id_is_answered_once(table: Table) -> None:
    seat = table.to_act()
    assert seat is not None
    client = table.seats[seat]
    legal = client.list_legal_actions(table.game_id)
    action = legal.actions[0].action
    first = client.submit_action(table.game_id, legal.version, action, "cmd-1")
    again = client.submit_action(table.game_id, legal.version, action, "cmd-1")
    assert again.replayed and again.version == first.version and again.events == first.events


def test_read_events_after_a_version_and_with_a_limit(table: Table) -> None:
    table.play(5)
    client = table.seats[0]
    every = list(client.read_events(table.game_id))
    assert [e.version for e in every] == list(range(1, len(every) + 1))
    assert every[0].type == "core.GameCreated" and all(e.description for e in every)
    assert [e.version for e in client.read_events(table.game_id, 3, 2)] == [4, 5]
    assert not every[0].HasField("payload"), "payloads stay hidden while the game runs"


def test_watch_game_catches_up_then_marks_it(table: Table) -> None:
    """The marker holds the version caught up to and the status there: the last update's."""
    client = table.seats[0]
    now = client.get_view(table.game_id).version
    seen: list[pb.GameUpdate] = []
    for message in client.watch_game(table.game_id, after_version=2, perspective="seat"):
        if message.HasField("caught_up"):
            assert message.caught_up.version == now
            assert message.caught_up.status == seen[-1].status
            break
        seen.append(message.update)
        assert message.update.view.bourgeoisie.viewer == 0
    else:
        pytest.fail("the watch ended without marking that it caught up")
    assert [update.event.version for update in seen] == list(range(3, now + 1))


def test_a_watch_resumed_at_the_current_version_learns_the_status_from_its_marker(
    table: Table,
) -> None:
    """No update comes before the marker then; its status says whose decision the game
    waits for, as GetView would, so a raw client needs no other call to know it is its turn."""
    table.play(3)
    client = table.seats[0]
    now = client.get_view(table.game_id)
    stream = client.watch_game(table.game_id, after_version=now.version, timeout=5)
    first = next(stream)
    stream.close()
    assert first.WhichOneof("message") == "caught_up" and first.caught_up.version == now.version
    assert first.caught_up.status == now.status and first.caught_up.status.HasField("to_act")


def test_watch_follows_a_whole_game_to_its_end(table: Table) -> None:
    table.play()
    messages = list(table.seats[1].watch(table.game_id))
    versions = [m.update.event.version for m in messages if m.HasField("update")]
    final = table.seats[1].get_view(table.game_id)
    assert versions == list(range(1, final.version + 1)) and final.status.finished
    assert list(table.seats[1].watch(table.game_id, after_version=final.version)) == [
        pb.WatchGameResponse(caught_up=pb.CaughtUp(version=final.version, status=final.status))
    ], "a watch resumed after the last event of an ended game ends at once"


def test_an_ended_games_payloads_come_to_a_full_watch_and_to_read_events(table: Table) -> None:
    """docs/api.md §5: once a game has ended anyone may see everything; ReadEvents then
    carries every payload, and WatchGame does when asked for PERSPECTIVE_FULL (the public
    perspective shows the public's view, without them)."""
    table.play()
    client = table.seats[1]

    def payloads(perspective: str) -> list[bool]:
        stream = client.watch_game(table.game_id, 0, perspective)
        return [m.update.event.HasField("payload") for m in stream if m.HasField("update")]

    assert all(e.HasField("payload") for e in client.read_events(table.game_id))
    full, public = payloads("full"), payloads("public")
    assert len(full) == len(public) > 1 and all(full) and not any(public)


def test_one_watch_stream_ends_right_after_the_seed_is_revealed(table: Table) -> None:
    """What docs/api.md §4 says of a game's end: ``status.finished`` is already true at the
    event that ends the game, one more update (``core.SeedRevealed``) follows, and then the
    server ends the stream itself — live, on catching up, and when resumed after the last
    event — long before the stream's deadline."""
    client, deadline = table.seats[0], 60.0
    live = client.watch_game(table.game_id, 0, "public", timeout=deadline)
    assert next(message for message in live if message.HasField("caught_up"))
    table.play()
    started = time.monotonic()  # the game is over: from here on, only the streams' own ending
    for stream in (
        live,
        client.watch_game(table.game_id, 0, "public", timeout=deadline),
    ):
        updates = [m.update for m in stream if m.HasField("update")]
        ended = [n for n, update in enumerate(updates) if update.status.finished]
        assert ended and ended[0] == len(updates) - 2, "finished at the last two updates"
        assert updates[-1].event.type == "core.SeedRevealed"
    final = updates[-1].event.version
    resumed = list(client.watch_game(table.game_id, final, "public", timeout=deadline))
    assert [m.WhichOneof("message") for m in resumed] == ["caught_up"]
    assert resumed[0].caught_up.version == final and resumed[0].caught_up.status.finished
    assert time.monotonic() - started < deadline / 2, "every stream ended by itself"


def test_submit_with_retry_refreshes_after_the_game_moved_on(table: Table) -> None:
    seat = table.play_until_capital_phase_with_cards()
    client, offers = table.seats[seat], []

    def choose(legal: pb.ListLegalActionsResponse) -> pb.Action:
        offers.append(legal.version)
        if len(offers) == 1:  # the game moves (here: a sale of ours) before we submit
            client.submit_action(table.game_id, legal.version, legal.actions[0].action)
        return legal.actions[-1].action

    answer = client.submit_with_retry(table.game_id, choose)
    assert len(offers) == 2 and offers[1] > offers[0] and answer.version > offers[1]


def test_submit_with_retry_gives_up_after_its_attempts(table: Table) -> None:
    seat = table.play_until_capital_phase_with_cards(3)
    client = table.seats[seat]

    def always_stale(legal: pb.ListLegalActionsResponse) -> pb.Action:
        client.submit_action(table.game_id, legal.version, legal.actions[0].action)
        return legal.actions[-1].action

    with pytest.raises(TabletopError) as refused:
        client.submit_with_retry(table.game_id, always_stale, attempts=2)
    assert refused.value.code is grpc.StatusCode.ABORTED
    assert refused.value.reason == "STALE_VERSION"


def test_submit_with_retry_says_when_there_is_nothing_to_decide(table: Table) -> None:
    seat = table.to_act()
    assert seat is not None
    idle = table.seats[1 - seat]
    with pytest.raises(TabletopError) as refused:
        idle.submit_with_retry(table.game_id, lambda legal: legal.actions[0].action)
    assert refused.value.reason == "NO_DECISION"
