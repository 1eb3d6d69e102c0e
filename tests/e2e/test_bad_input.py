"""Bad input over gRPC: a clear status with a machine-readable reason, nothing stored, never
INTERNAL, and no hidden card named in any message."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import TabletopError
from clients.sdk import GameClient
from games.bourgeoisie.catalogue import CARDS
from tests.clients.table import Table
from tests.e2e.conftest import RunningServer

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
        (submit(grants[to_act].token, end_phase, 2**62), Code.ABORTED),
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
    assert again.replayed and again.version == first.version and not again.events
    error = _refused(lambda: client.submit_action(game_id, legal.version, other, "decision-1"))
    assert (error.code, error.reason) == (Code.INVALID_ARGUMENT, "COMMAND_ID_REUSED")
    assert client.get_view(game_id, "public").version == first.version


def test_views_and_reads_refusals(table: tuple[GameClient, str, list[pb.JoinGameResponse]]) -> None:
    client, game_id, _ = table
    assert _refused(lambda: client.get_view(game_id, "full")).code is Code.PERMISSION_DENIED
    assert _refused(lambda: client.get_view(game_id, "seat")).code is Code.UNAUTHENTICATED
    assert _refused(lambda: client.get_view(game_id, "public", 0)).code is Code.INVALID_ARGUMENT
    assert _refused(lambda: client.get_view(game_id, "public", 10**9)).code is Code.INVALID_ARGUMENT
    request = pb.GetViewRequest(game_id=game_id, perspective=42)
    assert (
        _refused(lambda: client._call(client._stub.GetView, request)).code is Code.INVALID_ARGUMENT
    )
    assert _refused(lambda: client.list_legal_actions(game_id)).code is Code.UNAUTHENTICATED
    unknown = "00000000-0000-4000-8000-000000000000"
    assert _refused(lambda: client.read_events(unknown)).code is Code.NOT_FOUND
    assert _refused(lambda: client.watch_game(unknown)).code is Code.NOT_FOUND


@pytest.mark.parametrize(
    "method", ["CreateGame", "JoinGame", "SubmitAction", "GetView", "ReadEvents"]
)
def test_random_bytes_on_the_wire_are_invalid_argument(server: RunningServer, method: str) -> None:
    garbage = b"\xff\xff\xff\xff\x0f\x12\x99garbage"
    with grpc.insecure_channel(server.target) as channel:
        path = f"/tabletop.v1.GameService/{method}"
        if method == "ReadEvents":
            call = channel.unary_stream(path)
            with pytest.raises(grpc.RpcError) as refused:
                list(call(garbage, timeout=5))
        else:
            with pytest.raises(grpc.RpcError) as refused:
                channel.unary_unary(path)(garbage, timeout=5)
    assert refused.value.code() is Code.INVALID_ARGUMENT


def test_health_and_reflection_answer(server: RunningServer) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

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
