"""How a call presents its token, over a real server: ``authorization: Bearer <token>`` with
the scheme in any case (RFC 7235), no header for a spectator, and a header of any other form
refused as UNAUTHENTICATED ``TOKEN_MALFORMED``, saying the form expected — never taken for
no token (``TOKEN_MISSING``) nor served as a spectator."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import grpc
import pytest
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import bruges_pb2, common_pb2, game_service_pb2_grpc
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot
from clients.errors import from_rpc_error
from clients.sdk import GameClient
from tests.clients.table import Table
from tests.e2e.conftest import ARBITER, RunningServer
from tests.support.play import play_random, seat_everyone

pytestmark = pytest.mark.e2e
Code = grpc.StatusCode
Metadata = tuple[tuple[str, str], ...]


@pytest.fixture
def seat(server: RunningServer) -> Iterator[tuple[game_service_pb2_grpc.GameServiceStub, str, str]]:
    """A stub, a game id and the token of the seat the game waits for."""
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        grants = [client.join_game(game_id, f"p{n}", n) for n in range(2)]
        to_act = client.get_view(game_id, "public").status.to_act
    with grpc.insecure_channel(server.target) as channel:
        yield game_service_pb2_grpc.GameServiceStub(channel), game_id, grants[to_act].token


def _refusal(call: Callable[..., Any], request: Any, metadata: Metadata) -> tuple[Code, str, str]:
    """(code, reason, message) of a refused call, unary or streaming."""
    with pytest.raises(grpc.RpcError) as refused:
        answer = call(request, timeout=5, metadata=metadata)
        if isinstance(answer, Iterator):
            list(answer)
    error = from_rpc_error(refused.value)
    return error.code, error.reason, error.message


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER", "bEaReR"])
def test_the_bearer_scheme_is_read_in_any_case(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str], scheme: str
) -> None:
    stub, game_id, token = seat
    metadata = (("authorization", f"{scheme} {token}"),)
    legal = stub.ListLegalActions(
        pb.ListLegalActionsRequest(game_id=game_id), timeout=5, metadata=metadata
    )
    assert legal.actions, "the seat the game waits for has actions"
    view = stub.GetView(pb.GetViewRequest(game_id=game_id), timeout=5, metadata=metadata)
    assert view.perspective == common_pb2.PERSPECTIVE_SEAT


@pytest.mark.parametrize(
    "header",
    [
        "{token}",
        "Token {token}",
        "Basic {token}",
        "Bearer",
        "Bearer {token} {token}",
        "Bearer:{token}",
    ],
    ids=["no scheme", "another scheme", "basic", "no token", "two words", "a colon"],
)
def test_a_header_of_another_form_is_refused_as_malformed(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str], header: str
) -> None:
    stub, game_id, token = seat
    metadata = (("authorization", header.format(token=token)),)
    calls = [
        (stub.ListLegalActions, pb.ListLegalActionsRequest(game_id=game_id)),
        (stub.GetView, pb.GetViewRequest(game_id=game_id)),
        (
            stub.GetView,
            pb.GetViewRequest(game_id=game_id, perspective=common_pb2.PERSPECTIVE_PUBLIC),
        ),
        (stub.ReadEvents, pb.ReadEventsRequest(game_id=game_id)),
        (stub.WatchGame, pb.WatchGameRequest(game_id=game_id)),
    ]
    for call, request in calls:
        code, reason, message = _refusal(call, request, metadata)
        assert (code, reason) == (Code.UNAUTHENTICATED, "TOKEN_MALFORMED"), (call, message)
        assert "authorization: Bearer <token>" in message
        assert token not in message, "the header's value is never echoed"


def test_no_header_is_a_spectator_and_a_missing_token_says_so(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str],
) -> None:
    stub, game_id, _ = seat
    view = stub.GetView(pb.GetViewRequest(game_id=game_id), timeout=5)
    assert view.perspective == common_pb2.PERSPECTIVE_PUBLIC
    code, reason, _ = _refusal(
        stub.ListLegalActions, pb.ListLegalActionsRequest(game_id=game_id), ()
    )
    assert (code, reason) == (Code.UNAUTHENTICATED, "TOKEN_MISSING")


def test_an_action_sent_without_a_token_is_refused_for_the_token_before_its_content(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str],
) -> None:
    """Who asks comes before what is asked: a caller with no token hears that first, whether
    or not its action would have been read."""
    stub, game_id, _ = seat
    for request in (
        pb.SubmitActionRequest(game_id=game_id, expected_version=1),  # no action at all
        pb.SubmitActionRequest(game_id=game_id, expected_version=1, action=pb.Action()),
    ):
        code, reason, _ = _refusal(stub.SubmitAction, request, ())
        assert (code, reason) == (Code.UNAUTHENTICATED, "TOKEN_MISSING")


def test_an_unreadable_action_with_a_token_holding_no_seat_is_refused_for_the_token(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str], server: RunningServer
) -> None:
    """Who asks comes before what is asked (docs/api.md section 6, which refusal comes
    first): another game's token, or the arbiter's, hears that it holds no seat here, not
    what is wrong with its action; the seat's own token hears about the action."""
    stub, game_id, token = seat
    with GameClient(server.target) as client:
        other = client.join_game(client.create_game("bourgeoisie", 2).game_id, "x").token
    unreadable = [
        pb.SubmitActionRequest(game_id=game_id, expected_version=1),  # no action at all
        pb.SubmitActionRequest(  # another game's action
            game_id=game_id, expected_version=1, action=pb.Action(bruges=bruges_pb2.BrugesAction())
        ),
    ]
    for request in unreadable:
        for holds_no_seat in (other, ARBITER):
            metadata = (("authorization", f"Bearer {holds_no_seat}"),)
            code, _, message = _refusal(stub.SubmitAction, request, metadata)
            assert code == Code.PERMISSION_DENIED, message
            assert "holds no seat" in message
        code, _, message = _refusal(
            stub.SubmitAction, request, (("authorization", f"Bearer {token}"),)
        )
        assert code == Code.INVALID_ARGUMENT, message


def test_two_authorization_headers_are_refused_as_malformed_whichever_comes_first(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str], server: RunningServer
) -> None:
    """Reading the first of several headers would act for whichever seat a proxy or a
    client library happened to put first."""
    stub, game_id, token = seat
    with GameClient(server.target) as client:
        other = client.join_game(client.create_game("bourgeoisie", 2).game_id, "x").token
    for first, second in ((token, other), (other, token), (token, "garbage")):
        metadata = (("authorization", f"Bearer {first}"), ("authorization", f"Bearer {second}"))
        code, reason, message = _refusal(
            stub.ListLegalActions, pb.ListLegalActionsRequest(game_id=game_id), metadata
        )
        assert (code, reason) == (Code.UNAUTHENTICATED, "TOKEN_MALFORMED"), message
        assert "2 authorization headers" in message


def test_a_token_not_of_the_game_is_refused_even_where_none_is_needed(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str],
) -> None:
    """A mistyped arbiter token on a public read is refused, not served as a spectator
    (docs/api.md §2); the seat's own token and the arbiter's still read."""
    stub, game_id, token = seat
    public = common_pb2.PERSPECTIVE_PUBLIC
    reads = [
        (stub.GetView, pb.GetViewRequest(game_id=game_id, perspective=public)),
        (stub.ReadEvents, pb.ReadEventsRequest(game_id=game_id)),
        (stub.WatchGame, pb.WatchGameRequest(game_id=game_id, perspective=public)),
    ]
    for mistyped in (ARBITER.upper(), token[:-1] + ("0" if token[-1] != "0" else "1")):
        metadata = (("authorization", f"Bearer {mistyped}"),)
        for call, request in reads:
            code, reason, message = _refusal(call, request, metadata)
            assert (code, reason) == (Code.PERMISSION_DENIED, "TOKEN_NOT_VALID_FOR_GAME"), (
                call,
                message,
            )
            assert "without a token" in message
    for good in (token, ARBITER):
        metadata = (("authorization", f"Bearer {good}"),)
        view = stub.GetView(reads[0][1], timeout=5, metadata=metadata)
        assert view.perspective == public
        events = list(stub.ReadEvents(reads[1][1], timeout=5, metadata=metadata))
        assert len(events) == view.version


def test_a_fork_asked_with_a_token_not_of_the_game_is_refused_for_that_token(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str], server: RunningServer
) -> None:
    """docs/api.md §2: "a token that is not this game's (mistyped, forged, another game's) is
    PERMISSION_DENIED / TOKEN_NOT_VALID_FOR_GAME", on ForkGame as on the full view it is
    grouped with: a mistyped arbiter token is told that its token is wrong, not that only the
    arbiter may fork, and is never used as no token on a finished game."""
    stub, game_id, _ = seat
    finished, _ = server.games.create_game("bourgeoisie", 2)
    play_random(server.games, finished, seat_everyone(server.games, finished, 2), seed=6)
    metadata = (("authorization", f"Bearer {ARBITER.upper()}"),)
    for game in (game_id, finished):  # in play, then ended
        request = pb.ForkGameRequest(game_id=game, version=14)  # the opening's last event
        code, reason, message = _refusal(stub.ForkGame, request, metadata)
        assert (code, reason) == (Code.PERMISSION_DENIED, "TOKEN_NOT_VALID_FOR_GAME"), message
        full = pb.GetViewRequest(game_id=game, perspective=common_pb2.PERSPECTIVE_FULL)
        assert _refusal(stub.GetView, full, metadata)[:2] == (code, reason), "as the full view"
    assert stub.ForkGame(pb.ForkGameRequest(game_id=finished, version=14), timeout=5).game_id


def test_the_arbiter_asking_for_a_seat_view_is_told_to_ask_for_the_full_one(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str],
) -> None:
    stub, game_id, _ = seat
    metadata = (("authorization", f"Bearer {ARBITER}"),)
    code, reason, message = _refusal(stub.GetView, pb.GetViewRequest(game_id=game_id), metadata)
    assert (code, reason) == (Code.PERMISSION_DENIED, "TOKEN_NOT_VALID_FOR_GAME")
    assert "PERSPECTIVE_FULL" in message


def test_what_only_the_arbiter_opens_in_play_is_not_allowed_without_its_token(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str],
) -> None:
    """docs/api.md §2: a call that needs a seat's or the arbiter's token and has none is
    TOKEN_MISSING; full information and forks of a game in play, which only the arbiter's
    opens, are refused as FULL_VIEW_NOT_ALLOWED without it, a seat's token or none at all."""
    stub, game_id, token = seat
    version = stub.GetView(pb.GetViewRequest(game_id=game_id), timeout=5).version
    full = common_pb2.PERSPECTIVE_FULL
    arbiter_only = [
        (stub.GetView, pb.GetViewRequest(game_id=game_id, perspective=full)),
        (stub.WatchGame, pb.WatchGameRequest(game_id=game_id, perspective=full)),
        (stub.ForkGame, pb.ForkGameRequest(game_id=game_id, version=version)),
    ]
    for metadata in ((), (("authorization", f"Bearer {token}"),)):
        for call, request in arbiter_only:
            code, reason, message = _refusal(call, request, metadata)
            assert (code, reason) == (Code.PERMISSION_DENIED, "FULL_VIEW_NOT_ALLOWED"), message
    token_needed = [
        (stub.OpenDispute, pb.OpenDisputeRequest(game_id=game_id, version=1, claim="a claim")),
        (stub.RuleDispute, pb.RuleDisputeRequest(game_id=game_id, dispute_id="0", ruling="r")),
        (stub.GetView, pb.GetViewRequest(game_id=game_id, perspective=common_pb2.PERSPECTIVE_SEAT)),
    ]
    for call, request in token_needed:
        code, reason, message = _refusal(call, request, ())
        assert (code, reason) == (Code.UNAUTHENTICATED, "TOKEN_MISSING"), message


def test_each_caller_sees_the_hands_its_token_opens(server: RunningServer) -> None:
    """docs/api.md §5: a spectator sees no hand, a seat its own alone, and the arbiter's full
    view every hand of a game in play."""
    table = Table.open(server.target)
    try:
        bot = RandomBot(2)
        while not all(p.hand_size for p in _players(table.seats[0], table.game_id, "public")):
            assert table.step(bot) is not None, "the game ended before every seat held cards"

        def hands_shown(token: str, perspective: str) -> list[int]:
            with GameClient(server.target, token) as caller:
                players = _players(caller, table.game_id, perspective)
            shown = [seat for seat, p in enumerate(players) if p.hand_visible]
            assert all(len(players[seat].hand) == players[seat].hand_size for seat in shown)
            assert not any(p.hand for p in players if not p.hand_visible)
            return shown

        assert hands_shown("", "public") == []
        assert hands_shown(table.seats[0].token, "public") == []
        for seat, client in enumerate(table.seats):
            assert hands_shown(client.token, "seat") == [seat]
        assert hands_shown(ARBITER, "full") == [0, 1]
    finally:
        table.close()


def _players(client: GameClient, game_id: str, perspective: str) -> Sequence[bpb.BourgeoisiePlayer]:
    players: Sequence[bpb.BourgeoisiePlayer] = client.get_view(
        game_id, perspective
    ).view.bourgeoisie.players
    return players


def test_event_payloads_go_only_to_a_caller_who_may_see_everything(
    server: RunningServer,
) -> None:
    """docs/api.md §5: events carry their full payload (and the action's fields) only for a
    caller who may see everything; while a game is in play that is the arbiter alone, on
    ReadEvents, on WatchGame asked for the full view, and never in an action's answer."""
    table = Table.open(server.target)
    try:
        bot = RandomBot(4)
        answers = [answer for _ in range(3) if (answer := table.step(bot)) is not None]
        assert len(answers) == 3 and all(answer.events for answer in answers)
        assert not any(e.HasField("payload") for answer in answers for e in answer.events)
        seat = table.seats[0]
        for token, perspective in (("", "public"), (seat.token, "seat"), (ARBITER, "full")):
            with GameClient(server.target, token) as caller:
                read = list(caller.read_events(table.game_id))
                watched = []
                for message in caller.watch_game(table.game_id, perspective=perspective):
                    if message.HasField("caught_up"):
                        break
                    watched.append(message.update.event)
            for events in (read, watched):
                assert len(events) == answers[-1].version
                with_payload = {e.HasField("payload") for e in events}
                assert with_payload == {token == ARBITER}, (token, perspective)
    finally:
        table.close()


def test_a_join_without_a_seat_takes_the_first_free_one(server: RunningServer) -> None:
    """docs/api.md §1: ``JoinGame`` without ``seat`` answers the first free seat (an unset
    field is not seat 0)."""
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 3).game_id
        assert client.join_game(game_id, "ada", 0).seat == 0
        assert client.join_game(game_id, "bo").seat == 1


def test_a_watch_sends_one_caught_up_marker_and_marks_only_the_last_read_as_latest(
    seat: tuple[game_service_pb2_grpc.GameServiceStub, str, str],
) -> None:
    """docs/api.md §4: the stored events, one ``caught_up`` marker, then live events; an
    update is ``latest`` only when no later event was stored when the server read it."""
    stub, game_id, token = seat
    metadata = (("authorization", f"Bearer {token}"),)
    watch = stub.WatchGame(pb.WatchGameRequest(game_id=game_id), timeout=3, metadata=metadata)
    messages: list[pb.WatchGameResponse] = []
    with pytest.raises(grpc.RpcError) as ended:
        for message in watch:
            messages.append(message)
            first_marker = [m.HasField("caught_up") for m in messages].count(True) == 1
            if message.HasField("caught_up") and first_marker:  # a live move to follow
                legal = stub.ListLegalActions(
                    pb.ListLegalActionsRequest(game_id=game_id), timeout=5, metadata=metadata
                )
                move = pb.SubmitActionRequest(
                    game_id=game_id, expected_version=legal.version, action=legal.actions[0].action
                )
                stub.SubmitAction(move, timeout=5, metadata=metadata)
    assert ended.value.code() is Code.DEADLINE_EXCEEDED, "a game in play is watched until then"
    kinds = [message.WhichOneof("message") for message in messages]
    assert kinds.count("caught_up") == 1 and kinds[-1] == "update", kinds
    stored = messages[: kinds.index("caught_up")]
    assert [update.update.latest for update in stored] == [False] * (len(stored) - 1) + [True]
