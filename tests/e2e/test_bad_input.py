"""Bad input over gRPC: a clear status with a machine-readable reason, nothing stored, never
INTERNAL, and no hidden card named in any message."""

from __future__ import annotations

import logging
import re
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import bruges_pb2, common_pb2
from tabletop.v1 import game_service_pb2 as pb
from tabletop.v1 import game_service_pb2_grpc as pb_grpc

from clients.errors import TabletopError, from_rpc_error
from clients.sdk import GameClient
from games.bourgeoisie.catalogue import CARDS
from tests.clients.table import Table
from tests.e2e.conftest import ARBITER, RunningServer

pytestmark = pytest.mark.e2e
Code = grpc.StatusCode


@pytest.fixture
def table(server: RunningServer) -> Iterator[tuple[GameClient, str, list[pb.JoinGameResponse]]]:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        grants = [client.join_game(game_id, f"p{n}", n) for n in range(2)]
        yield client, game_id, grants


def _refused(call: Callable[[], Any]) -> TabletopError:
    with pytest.raises(TabletopError) as refused:
        result = call()
        if isinstance(result, Iterator):
            list(result)
    assert refused.value.code is not Code.INTERNAL
    assert refused.value.reason not in ("UNKNOWN", "INTERNAL")
    return refused.value


def _action(**kind: Any) -> pb.Action:
    return pb.Action(bourgeoisie=bpb.BourgeoisieAction(**kind))


@pytest.mark.parametrize(
    ("request_fields", "code"),
    [
        ({"game": 0, "seats": 2}, Code.INVALID_ARGUMENT),
        ({"game": 77, "seats": 2}, Code.INVALID_ARGUMENT),
        ({"game": 1, "seats": 1}, Code.INVALID_ARGUMENT),
        ({"game": 1, "seats": -3}, Code.INVALID_ARGUMENT),
        ({"game": 1, "seats": 2**31 - 1}, Code.INVALID_ARGUMENT),
        ({"game": 1, "seats": 2, "ruleset": "no-such-rules"}, Code.INVALID_ARGUMENT),
    ],
)
def test_create_game_refuses_bad_requests(
    server: RunningServer, request_fields: dict[str, Any], code: Code
) -> None:
    with GameClient(server.target) as client:
        error = _refused(
            lambda: client._call(client._stub.CreateGame, pb.CreateGameRequest(**request_fields))
        )
    assert error.code is code


@pytest.mark.parametrize(
    ("kind", "said"), [(0, "the game field is unset"), (77, "unknown game kind 77")]
)
def test_a_game_kind_left_unset_or_unknown_is_refused_naming_the_kinds(
    server: RunningServer, kind: int, said: str
) -> None:
    """A client that sends the game's key ("bourgeoisie", which protobufjs turns into the
    unset 0) or a number from a newer .proto learns from the message what to send instead,
    as an unknown perspective or ruleset does."""
    request = pb.CreateGameRequest(game=kind, seats=2)
    with GameClient(server.target) as client:
        error = _refused(lambda: client._call(client._stub.CreateGame, request))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "UNKNOWN_GAME"), error
    kinds = "GAME_KIND_BOURGEOISIE, GAME_KIND_BURGUNDY or GAME_KIND_BRUGES"
    assert error.message == f"{said}: choose {kinds}"


def test_join_game_refusals(table: tuple[GameClient, str, list[pb.JoinGameResponse]]) -> None:
    client, game_id, _ = table
    assert _refused(lambda: client.join_game("nonsense", "x")).code is Code.INVALID_ARGUMENT
    unknown = "00000000-0000-4000-8000-000000000000"
    assert _refused(lambda: client.join_game(unknown, "x")).code is Code.NOT_FOUND
    assert _refused(lambda: client.join_game(game_id, "x", -1)).code is Code.INVALID_ARGUMENT
    assert _refused(lambda: client.join_game(game_id, "x", 0)).code is Code.FAILED_PRECONDITION


def test_submit_action_refusals_store_nothing(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
) -> None:
    client, game_id, grants = table
    status = client.get_view(game_id, "public")
    version, to_act = status.version, status.status.to_act
    idle = 1 - to_act
    end_phase = _action(end_phase=bpb.BourgeoisieEndPhase())

    def submit(token: str, action: pb.Action, expected: int = version) -> TabletopError:
        client.token = token
        return _refused(lambda: client.submit_action(game_id, expected, action))

    cases = [
        (submit("", end_phase), Code.UNAUTHENTICATED),
        (submit("forged-token", end_phase), Code.PERMISSION_DENIED),
        (submit(grants[to_act].token, end_phase, version - 1), Code.ABORTED),
        (submit(grants[to_act].token, end_phase, 2**62), Code.INVALID_ARGUMENT),
        (submit(grants[to_act].token, pb.Action()), Code.INVALID_ARGUMENT),
        (submit(grants[to_act].token, _action()), Code.INVALID_ARGUMENT),
        (
            submit(grants[to_act].token, _action(sell_card=bpb.BourgeoisieSellCard(card=10_000))),
            Code.INVALID_ARGUMENT,
        ),
        (
            submit(grants[to_act].token, _action(buy_card=bpb.BourgeoisieBuyCard(slot=-4))),
            Code.INVALID_ARGUMENT,
        ),
        (submit(grants[idle].token, end_phase), Code.FAILED_PRECONDITION),
    ]
    for error, code in cases:
        assert error.code is code, error
    client.token = ""
    assert client.get_view(game_id, "public").version == version


def test_a_version_the_game_has_not_reached_is_a_bad_request_and_an_earlier_one_stale(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
) -> None:
    """Refreshing mends a stale version (ABORTED) but not 0, which an unset field reads as,
    nor a version ahead of the game: those are refused as requests to fix (BAD_VERSION)."""
    client, game_id, grants = table
    status = client.get_view(game_id, "public")
    version = status.version
    client.token = grants[status.status.to_act].token
    action = client.list_legal_actions(game_id).actions[0].action
    for expected in (0, -1, version + 1):
        error = _refused(partial(client.submit_action, game_id, expected, action))
        assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_VERSION"), error
        assert f"at version {version}" in error.message
    error = _refused(lambda: client.submit_action(game_id, version - 1, action))
    assert (error.code, error.reason) == (Code.ABORTED, "STALE_VERSION"), error
    assert client.get_view(game_id, "public").version == version


def test_a_finished_game_refuses_an_action_as_over_whatever_version_it_carries(
    server: RunningServer,
) -> None:
    """GAME_OVER, final, not ABORTED STALE_VERSION: refreshing and deciding again, as ABORTED
    asks, finds nothing to decide on a game that has ended."""
    table = Table.open(server.target)
    try:
        table.play()
        client = table.seats[0]
        version = client.get_view(table.game_id, "public").version
        action = _action(end_phase=bpb.BourgeoisieEndPhase())
        for expected in (version - 2, version, 0):
            error = _refused(partial(client.submit_action, table.game_id, expected, action))
            assert (error.code, error.reason) == (Code.FAILED_PRECONDITION, "GAME_OVER"), error
        assert client.get_view(table.game_id, "public").version == version
    finally:
        table.close()


def _cards_in_sight(message: Message) -> set[int]:
    """The ids of every BourgeoisieCard anywhere inside ``message`` (a view)."""
    if isinstance(message, bpb.BourgeoisieCard):
        return {message.id}
    seen: set[int] = set()
    for field, value in message.ListFields():
        if field.message_type is None:
            continue
        for item in value if field.is_repeated else [value]:
            seen |= _cards_in_sight(item)
    return seen


def test_refusals_never_name_a_hidden_card(server: RunningServer) -> None:
    table = Table.open(server.target)
    try:
        seat = table.play_until_capital_phase_with_cards()
        client = table.seats[seat]
        answer = client.get_view(table.game_id)
        view = answer.view.bourgeoisie
        assert view.phase == bpb.BOURGEOISIE_PHASE_CAPITAL and view.viewer == seat
        held = {c.id for c in view.players[seat].hand}
        in_sight = _cards_in_sight(view)
        assert held and held <= in_sight
        seen_names = {CARDS[c].name for c in in_sight}
        hidden_names = {c.name for c in CARDS if c.id not in in_sight} - seen_names
        hidden_pattern = re.compile("|".join(rf"\b{re.escape(n)}\b" for n in hidden_names))
        checked = 0
        for card in sorted(set(range(len(CARDS))) - held):
            action = _action(sell_card=bpb.BourgeoisieSellCard(card=card))
            error = _refused(partial(client.submit_action, table.game_id, answer.version, action))
            assert (error.code, error.reason) == (Code.FAILED_PRECONDITION, "CARD_NOT_IN_HAND"), (
                card,
                error,
            )
            named = hidden_pattern.findall(error.message)
            assert not named, f"refusing card {card} named hidden {named}: {error.message}"
            checked += 1
        assert checked == len(CARDS) - len(held) >= 100
        assert len(set(range(len(CARDS))) - in_sight) >= 60, "most cards are out of sight"
        assert client.get_view(table.game_id).version == answer.version, "refusals store nothing"
    finally:
        table.close()


def test_a_command_id_is_replayed_for_its_own_action_and_refused_for_another(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
) -> None:
    client, game_id, grants = table
    to_act = client.get_view(game_id, "public").status.to_act
    client.token = grants[to_act].token
    legal = client.list_legal_actions(game_id)
    chosen, other = legal.actions[0].action, legal.actions[1].action
    first = client.submit_action(game_id, legal.version, chosen, "decision-1")
    again = client.submit_action(game_id, legal.version, chosen, "decision-1")
    assert again.replayed and again.version == first.version and again.events == first.events
    error = _refused(lambda: client.submit_action(game_id, legal.version, other, "decision-1"))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "COMMAND_ID_REUSED")
    assert client.get_view(game_id, "public").version == first.version


def test_a_bruges_colour_outside_the_enum_is_a_bad_request_naming_it(
    server: RunningServer,
) -> None:
    """The choice of a recruit is checked as the request's shape, before the rules: a number
    BrugesColour does not have was read as "no choice" and judged by the moment instead
    (WRONG_PHASE here, and stored, as no choice, for a person who asks no question)."""
    with GameClient(server.target) as client:
        game_id = client.create_game("bruges", 2).game_id
        to_act = client.get_view(game_id, "public").status.to_act
        client.token = client.join_game(game_id, "Ada", to_act).token
        version = client.get_view(game_id, "public").version
        recruit = bruges_pb2.BrugesRecruitPerson(card=9, house=0, choice=99)
        action = pb.Action(bruges=bruges_pb2.BrugesAction(recruit_person=recruit))
        error = _refused(lambda: client.submit_action(game_id, version, action))
        assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_COLOUR"), error
        assert error.message.startswith("99 is not a colour: 1 (BRUGES_COLOUR_BLUE)")
        assert client.get_view(game_id, "public").version == version


def test_views_and_reads_refusals(table: tuple[GameClient, str, list[pb.JoinGameResponse]]) -> None:
    client, game_id, _ = table
    assert _refused(lambda: client.get_view(game_id, "full")).code is Code.PERMISSION_DENIED
    assert _refused(lambda: client.get_view(game_id, "seat")).code is Code.UNAUTHENTICATED
    assert _refused(lambda: client.get_view(game_id, "public", 0)).code is Code.INVALID_ARGUMENT
    assert _refused(lambda: client.get_view(game_id, "public", 10**9)).code is Code.INVALID_ARGUMENT
    request = pb.GetViewRequest(game_id=game_id, perspective=42)
    unknown_perspective = _refused(lambda: client._call(client._stub.GetView, request))
    assert unknown_perspective.code is Code.INVALID_ARGUMENT
    assert "unknown perspective 42: PERSPECTIVE_PUBLIC" in unknown_perspective.message
    assert _refused(lambda: client.list_legal_actions(game_id)).code is Code.UNAUTHENTICATED
    unknown = "00000000-0000-4000-8000-000000000000"
    assert _refused(lambda: client.read_events(unknown)).code is Code.NOT_FOUND
    assert _refused(lambda: client.watch_game(unknown)).code is Code.NOT_FOUND


def _naming_an_unknown_game(stub: pb_grpc.GameServiceStub) -> list[partial[None]]:
    """Every GameService call that names a game, each naming one no server created, with a
    request that would be refused for its content too (a blank claim or ruling, no action)."""
    unknown = "00000000-0000-4000-8000-000000000000"
    full = common_pb2.PERSPECTIVE_FULL
    requests: list[tuple[Callable[..., Any], Message]] = [
        (stub.JoinGame, pb.JoinGameRequest(game_id=unknown, player_name="x")),
        (stub.SubmitAction, pb.SubmitActionRequest(game_id=unknown, expected_version=1)),
        (stub.GetView, pb.GetViewRequest(game_id=unknown)),
        (stub.GetView, pb.GetViewRequest(game_id=unknown, perspective=full)),
        (stub.ListLegalActions, pb.ListLegalActionsRequest(game_id=unknown)),
        (stub.ReadEvents, pb.ReadEventsRequest(game_id=unknown)),
        (stub.WatchGame, pb.WatchGameRequest(game_id=unknown)),
        (stub.ForkGame, pb.ForkGameRequest(game_id=unknown, version=1)),
        (stub.OpenDispute, pb.OpenDisputeRequest(game_id=unknown, version=1, claim=" ")),
        (stub.RuleDispute, pb.RuleDisputeRequest(game_id=unknown, dispute_id="0", ruling=" ")),
    ]
    return [partial(_answered, call, request) for call, request in requests]


def _answered(call: Callable[..., Any], request: Message, metadata: tuple[Any, ...]) -> None:
    answer = call(request, timeout=5, metadata=metadata)
    if isinstance(answer, Iterator):
        list(answer)


def test_an_unknown_game_is_not_found_whoever_asks(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]], server: RunningServer
) -> None:
    """docs/api.md §6, which refusal comes first: "Once the game a request names is found,
    who asks comes before what is asked", on every call alike. A game this server does not
    hold is NOT_FOUND with no token, another game's, or the arbiter's (then the client checks
    the id and the server, as the table says), never a token's refusal or a blank ruling's."""
    _, _, grants = table
    callers = ("", grants[0].token, ARBITER)
    with grpc.insecure_channel(server.target) as channel:
        for call in _naming_an_unknown_game(pb_grpc.GameServiceStub(channel)):
            for token in callers:
                metadata = (("authorization", f"Bearer {token}"),) if token else ()
                with pytest.raises(grpc.RpcError) as refused:
                    call(metadata)
                error = from_rpc_error(refused.value)
                assert (error.code, error.reason) == (Code.NOT_FOUND, "GAME_NOT_FOUND"), (
                    call.args,
                    token[:4],
                    error.message,
                )


def test_a_malformed_authorization_header_is_refused_first_by_every_call(
    server: RunningServer,
) -> None:
    """docs/api.md §6, which refusal comes first: a malformed ``authorization`` header is
    refused before the request is read, its game id included, by every call that reads
    tokens alike: the header is wrong whatever game it names."""
    with grpc.insecure_channel(server.target) as channel:
        for call in _naming_an_unknown_game(pb_grpc.GameServiceStub(channel)):
            with pytest.raises(grpc.RpcError) as refused:
                call((("authorization", "Token abc"),))
            error = from_rpc_error(refused.value)
            assert (error.code, error.reason) == (Code.UNAUTHENTICATED, "TOKEN_MALFORMED"), (
                call.args,
                error.message,
            )


@pytest.mark.parametrize(
    "method", ["CreateGame", "JoinGame", "SubmitAction", "GetView", "ReadEvents"]
)
def test_random_bytes_on_the_wire_are_invalid_argument(server: RunningServer, method: str) -> None:
    garbage = b"\xff\xff\xff\xff\x0f\x12\x99garbage"
    with grpc.insecure_channel(server.target) as channel:
        path = f"/tabletop.v1.GameService/{method}"
        if method == "ReadEvents":
            call = channel.unary_stream(path, None, None)  # bytes as they are
            with pytest.raises(grpc.RpcError) as refused:
                list(call(garbage, timeout=5))
        else:
            with pytest.raises(grpc.RpcError) as refused:
                channel.unary_unary(path, None, None)(garbage, timeout=5)
    assert refused.value.code() is Code.INVALID_ARGUMENT


def test_health_and_reflection_answer(server: RunningServer) -> None:
    with grpc.insecure_channel(server.target) as channel:
        health = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service="tabletop.v1.GameService"), timeout=5
        )
        assert health.status == health_pb2.HealthCheckResponse.SERVING
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        answers = stub.ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(list_services="")])
        )
        names = {s.name for s in next(answers).list_services_response.service}
    assert "tabletop.v1.GameService" in names


def test_health_lists_every_service_and_names_an_unknown_one(server: RunningServer) -> None:
    """The health service's List answers (the library's servicer leaves it unimplemented, and
    a call to it ended in an error), and Check of an unknown service says which."""
    with grpc.insecure_channel(server.target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        listed = stub.List(health_pb2.HealthListRequest(), timeout=5)
        with pytest.raises(grpc.RpcError) as unknown:
            stub.Check(health_pb2.HealthCheckRequest(service="no.such.Service"), timeout=5)
    serving = health_pb2.HealthCheckResponse.SERVING
    for name in ("", "tabletop.v1.GameService", "tabletop.v1.TournamentService"):
        assert listed.statuses[name].status == serving, name
    assert unknown.value.code() is Code.NOT_FOUND
    assert "'no.such.Service'" in (unknown.value.details() or "")


@pytest.mark.parametrize(
    "garbage", [b"\xff\xff\xff\xff\x0f\x12\x99garbage", b"\x0a\x03\xff\xfe\xfd", b"\x00"]
)
def test_random_bytes_to_reflection_are_invalid_argument(
    server: RunningServer, garbage: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Reflection reads a stream of requests; bytes that are not one are the client's
    mistake, refused like any other method's, not an internal error with a logged traceback."""
    path = "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"
    with (
        caplog.at_level(logging.ERROR),
        grpc.insecure_channel(server.target) as channel,
        pytest.raises(grpc.RpcError) as refused,
    ):
        list(channel.stream_stream(path, None, None)(iter([garbage]), timeout=5))
    assert refused.value.code() is Code.INVALID_ARGUMENT
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_a_reflection_stream_cancelled_while_it_reads_logs_no_error(
    server: RunningServer, caplog: pytest.LogCaptureFixture
) -> None:

    done = threading.Event()

    def requests() -> Iterator[reflection_pb2.ServerReflectionRequest]:
        yield reflection_pb2.ServerReflectionRequest(list_services="")
        done.wait(10)  # the server waits for the next request when the call is cancelled

    with caplog.at_level(logging.ERROR), grpc.insecure_channel(server.target) as channel:
        answers = reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
            requests(), timeout=10
        )
        next(answers)
        answers.cancel()
        time.sleep(0.5)
        done.set()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_health_watches_hold_no_worker_thread(server: RunningServer) -> None:
    """The health service's Watch answers through a callback and holds no thread while it is
    open: more watchers than the server has worker threads leave every other call served."""
    with grpc.insecure_channel(server.target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        watches = [stub.Watch(health_pb2.HealthCheckRequest(), timeout=30) for _ in range(40)]
        try:
            for watch in watches:
                assert next(watch).status == health_pb2.HealthCheckResponse.SERVING
            answer = stub.Check(health_pb2.HealthCheckRequest(), timeout=5)
            assert answer.status == health_pb2.HealthCheckResponse.SERVING
        finally:
            for watch in watches:
                watch.cancel()


def test_reflection_v1_is_unimplemented_so_tools_fall_back_to_v1alpha(
    server: RunningServer,
) -> None:
    """Only v1alpha reflection is served (grpcio-reflection has no v1): a v1 call is answered
    UNIMPLEMENTED, the answer on which grpcurl falls back to v1alpha (docs/api.md)."""

    request = reflection_pb2.ServerReflectionRequest(list_services="")
    path = "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo"  # same messages as v1alpha
    with grpc.insecure_channel(server.target) as channel:
        call = channel.stream_stream(
            path,
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        with pytest.raises(grpc.RpcError) as refused:
            list(call(iter([request]), timeout=5))
    assert refused.value.code() is Code.UNIMPLEMENTED


def _head(server: RunningServer) -> int:
    """The store's last notification: unchanged when a refusal stored nothing."""
    return int(server.games.store.recorder.max_notification_id() or 0)


@pytest.mark.parametrize("version", [0, -1, -(2**63)])
def test_a_fork_from_a_version_before_the_first_is_a_bad_version(
    server: RunningServer, version: int
) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        client.token = ARBITER
        before = _head(server)
        error = _refused(lambda: client.fork_game(game_id, version))
        last = client.get_view(game_id, "public").version
        beyond = _refused(lambda: client.fork_game(game_id, last + 1))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_VERSION"), error
    assert (beyond.code, beyond.reason) == (Code.INVALID_ARGUMENT, "BAD_VERSION"), beyond
    assert _head(server) == before


@pytest.mark.parametrize("after", [1, 1000, 2**62])
def test_watching_after_a_version_the_game_has_not_reached_is_refused(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]], after: int
) -> None:
    client, game_id, _ = table
    version = client.get_view(game_id, "public").version
    error = _refused(lambda: client.watch_game(game_id, version + after, timeout=5))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_VERSION"), error
    assert f"the game has only {version} versions" in error.message


def test_watching_after_a_negative_version_is_refused(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
) -> None:
    client, game_id, _ = table
    error = _refused(lambda: client.watch_game(game_id, -1, timeout=5))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_VERSION"), error


@pytest.mark.parametrize(
    ("after", "limit", "reason"),
    [
        (-1, 0, "BAD_VERSION"),
        (-(2**63), 0, "BAD_VERSION"),
        (0, -1, "BAD_LIMIT"),
        (0, -(2**31), "BAD_LIMIT"),
    ],
)
def test_reading_events_after_a_negative_version_or_with_a_negative_limit_is_refused(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]], after: int, limit: int, reason: str
) -> None:
    client, game_id, _ = table
    error = _refused(lambda: client.read_events(game_id, after, limit))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, reason), error
    assert [e.version for e in client.read_events(game_id, 0, 1)] == [1], "0 and 1 still work"


def test_a_watcher_resuming_at_the_current_version_gets_the_next_one(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
) -> None:
    client, game_id, grants = table
    status = client.get_view(game_id, "public")
    stream = client.watch_game(game_id, status.version, "public", timeout=10)
    try:
        first = next(stream)
        assert first.WhichOneof("message") == "caught_up"
        assert first.caught_up.version == status.version
        with GameClient(client.endpoint, grants[status.status.to_act].token) as seat:
            legal = seat.list_legal_actions(game_id)
            seat.submit_action(game_id, legal.version, legal.actions[0].action)
        update = next(stream)
        assert update.update.event.version == status.version + 1
    finally:
        stream.close()


def test_an_over_long_or_invisible_command_id_is_refused_before_anything_is_stored(
    server: RunningServer, table: tuple[GameClient, str, list[pb.JoinGameResponse]]
) -> None:
    client, game_id, grants = table
    client.token = grants[client.get_view(game_id, "public").status.to_act].token
    legal = client.list_legal_actions(game_id)
    action = legal.actions[0].action
    before = _head(server)
    for command_id in ("c" * 129, "c" * 500_000):
        error = _refused(partial(client.submit_action, game_id, legal.version, action, command_id))
        assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_COMMAND_ID"), error
        assert "128" in error.message
    for command_id, code_point in (
        ("a\x00b", "U+0000"),
        ("a\nb", "U+000A"),
        ("a\u200bb", "U+200B"),
    ):
        error = _refused(partial(client.submit_action, game_id, legal.version, action, command_id))
        assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_COMMAND_ID"), error
        assert code_point in error.message
    assert _head(server) == before
    assert client.submit_action(game_id, legal.version, action, "c" * 128).version > legal.version


@pytest.mark.parametrize(
    "options",
    [
        [common_pb2.GameOption(name="variant", value="long")],
        [common_pb2.GameOption(name="x" * 100_000, value="y" * 100_000)],
        [common_pb2.GameOption(name=f"o{n}", value="1") for n in range(1000)],
    ],
    ids=["one unknown option", "huge option", "many options"],
)
def test_game_options_no_game_reads_are_refused(
    server: RunningServer, options: list[common_pb2.GameOption]
) -> None:
    before = _head(server)
    request = pb.CreateGameRequest(game=common_pb2.GAME_KIND_BOURGEOISIE, seats=2, options=options)
    with GameClient(server.target) as client:
        error = _refused(lambda: client._call(client._stub.CreateGame, request))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "UNKNOWN_OPTION"), error
    assert _head(server) == before


@pytest.mark.parametrize(
    "name",
    ["", "   ", "\t", "Ada\x00", "A\nda", "\u200b", "Ada\u202e", "x" * 65],
    ids=["empty", "spaces", "tab", "nul", "newline", "zero-width", "bidi override", "long"],
)
def test_a_player_name_must_be_visible_text_and_the_seat_stays_free(
    server: RunningServer, name: str
) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        before = _head(server)
        error = _refused(lambda: client.join_game(game_id, name, 0))
        assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_TEXT"), error
        assert _head(server) == before
        assert list(client.get_view(game_id, "public").status.players) == ["", ""]
        assert client.join_game(game_id, "  Ada   Lovelace ", 0).seat == 0
        assert client.get_view(game_id, "public").status.players[0] == "Ada Lovelace"


@pytest.mark.parametrize("claim", ["", "  ", "bad\x07bell", "\u200b\u200b", "x" * 2001])
def test_a_dispute_claim_must_be_visible_text(server: RunningServer, claim: str) -> None:
    with GameClient(server.target, ARBITER) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        before = _head(server)
        error = _refused(lambda: client.open_dispute(game_id, 1, claim))
        assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_TEXT"), error
        assert _head(server) == before
        multi_line = "the dice at v1:\n\tthey were loaded"
        dispute = client.open_dispute(game_id, 1, multi_line).dispute_id
        bad = _refused(lambda: client.rule_dispute(game_id, dispute, "no\x1b[31m", False))
        assert (bad.code, bad.reason) == (Code.INVALID_ARGUMENT, "BAD_TEXT"), bad


def _spellings(game_id: str) -> list[str]:
    return [
        f"urn:uuid:{game_id}",
        "{" + game_id.upper() + "}",
        game_id.upper(),
        game_id.replace("-", ""),
        f" {game_id}",
        f"{{{game_id}}}",
    ]


def test_only_the_canonical_spelling_of_a_game_id_is_accepted(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
) -> None:
    client, game_id, _ = table
    for spelling in _spellings(game_id):
        for call in (
            lambda s=spelling: client.get_view(s, "public"),
            lambda s=spelling: client.join_game(s, "Ada"),
            lambda s=spelling: client.read_events(s),
        ):
            error = _refused(call)
            assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "BAD_GAME_ID"), spelling
            assert "lowercase" in error.message, error.message
    assert client.get_view(game_id, "public").version > 0


def _frame(kind: int, flags: int, stream: int, payload: bytes) -> bytes:
    return (
        struct.pack(">I", len(payload))[1:]
        + bytes([kind, flags])
        + struct.pack(">I", stream)
        + payload
    )


def _raw_call(target: str, path: str, message: bytes, metadata: list[tuple[bytes, bytes]]) -> None:
    """One gRPC call over a bare HTTP/2 connection, with header bytes no gRPC client would
    send (HPACK literals, never indexed), waiting until the server ends the stream."""
    host, port = target.rsplit(":", 1)
    headers = [
        (b":method", b"POST"),
        (b":scheme", b"http"),
        (b":path", path.encode()),
        (b":authority", host.encode()),
        (b"content-type", b"application/grpc"),
        (b"te", b"trailers"),
        *metadata,
    ]
    block = b"".join(b"\x00" + bytes([len(k)]) + k + bytes([len(v)]) + v for k, v in headers)
    body = b"\x00" + struct.pack(">I", len(message)) + message
    with socket.create_connection((host, int(port)), timeout=5) as connection:
        connection.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + _frame(4, 0, 0, b""))
        connection.sendall(_frame(1, 4, 1, block) + _frame(0, 1, 1, body))
        received, deadline = b"", time.monotonic() + 5
        while time.monotonic() < deadline:
            while len(received) >= 9:
                length = int.from_bytes(received[:3], "big")
                kind, flags, stream = received[3], received[4], received[5:9]
                if int.from_bytes(stream, "big") == 1 and (kind == 3 or (kind == 1 and flags & 1)):
                    return  # the stream ended (trailers, or reset)
                received = received[9 + length :]
            chunk = connection.recv(65536)
            if not chunk:
                return
            received += chunk
    pytest.fail("the server did not end the call")


def test_a_metadata_value_that_is_not_utf8_is_logged_in_one_line_without_the_value(
    table: tuple[GameClient, str, list[pb.JoinGameResponse]],
    server: RunningServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """grpcio logs such a value with a traceback (grpc._cython.cygrpc); the server's filter
    cuts it to one line, so a token sent in a bad encoding never reaches the log."""
    client, game_id, _ = table
    request = pb.GetViewRequest(game_id=game_id, perspective=common_pb2.PERSPECTIVE_SEAT)
    secret = b"Bearer s3cret-\xff-token"
    with caplog.at_level(logging.DEBUG):
        _raw_call(server.target, "/tabletop.v1.GameService/GetView",
                  request.SerializeToString(), [(b"authorization", secret)])  # fmt: skip
    records = [r for r in caplog.records if r.name == "grpc._cython.cygrpc"]
    assert records, "grpcio logged the bad value"
    for record in records:
        assert record.exc_info is None and record.exc_text is None, "no traceback"
        assert "s3cret" not in record.getMessage() and "\n" not in record.getMessage()
    assert "s3cret" not in caplog.text
    assert client.get_view(game_id, "public").version > 0, "the server still answers"
