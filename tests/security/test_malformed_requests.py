"""Bad input (docs/architecture.md §6): hypothesis-generated requests for every RPC of GameService
and TournamentService — wrong and missing fields, another game's action, unknown enum values, huge
and negative numbers, real and made-up ids and tokens — and random bytes at the wire level, sent to
a real server on a free port.

Whatever arrives: the answer is never INTERNAL or UNKNOWN (nor a hang), every refusal carries
a machine-readable reason, a refused request stores nothing (the store's last position is
unchanged), no answer shows the seed of a game still going, and the server stays up. The
number of requests sent is printed at the end of the run.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field

import grpc
import pytest
from google.protobuf import descriptor
from grpc_health.v1 import health_pb2, health_pb2_grpc
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tabletop.v1 import game_service_pb2, tournament_service_pb2
from tabletop.v1 import game_service_pb2 as pb

import wire as convert
from clients.errors import from_rpc_error
from clients.sdk import GameClient
from games.registry import all_rules
from services.application import Games
from services.application.aggregate import seed_id
from services.tournaments import Format, Tournaments, new_spec
from tests.e2e.conftest import ARBITER, RunningServer
from tests.security import tally
from tests.security.requests import Pools, RequestStrategies
from tests.support.play import play_random, seat_everyone
from tests.support.server_process import ROOT

pytestmark = pytest.mark.e2e
Code = grpc.StatusCode
SERVICES = (
    game_service_pb2.DESCRIPTOR.services_by_name["GameService"],
    tournament_service_pb2.DESCRIPTOR.services_by_name["TournamentService"],
)
METHODS = [method for service in SERVICES for method in service.methods]
CASES = [(kind, method) for kind in ("generated", "wire-bytes") for method in METHODS]
"""Every RPC twice: generated messages, then bytes at the wire level."""
REFUSALS = frozenset(
    {
        Code.INVALID_ARGUMENT,
        Code.FAILED_PRECONDITION,
        Code.ABORTED,
        Code.NOT_FOUND,
        Code.ALREADY_EXISTS,
        Code.PERMISSION_DENIED,
        Code.UNAUTHENTICATED,
        Code.RESOURCE_EXHAUSTED,
    }
)
EXAMPLES = 3 * settings().max_examples  # settings() inherits the loaded profile
CALL_SECONDS = 15
NAMES = ["ann", "bob", "p0", "cy"]


@dataclass
class World:
    """The server under test, the real values requests may use, and its secrets."""

    target: str
    games: Games
    channel: grpc.Channel
    strategies: dict[str, RequestStrategies]  # by service name
    seeds: dict[str, str] = field(default_factory=dict)  # game id -> seed

    def position(self) -> int:
        """The store's last notification: it moves whenever anything at all is stored."""
        return int(self.games.store.recorder.max_notification_id() or 0)

    def live_seeds(self, text: bytes) -> list[str]:
        """Seeds in ``text`` of games that are not over (a finished game reveals its own)."""
        found = [g for g, seed in self.seeds.items() if seed.encode() in text]
        return [g for g in found if not _is_over(self.games, g)]


@pytest.fixture(scope="module")
def world(server: RunningServer) -> Iterator[World]:
    games = server.games
    strings, numbers, tokens, actions = _games_to_play(games)
    strings_t, tables, tokens_t = _a_tournament(games)
    every_token = [*tokens, *tokens_t, ARBITER]
    # Each service gets ids of its own records; an id of the other kind is a separate test
    # (test_known_gaps.py).
    strategies = {
        "GameService": RequestStrategies(
            Pools([*strings, *tables], NAMES, numbers, every_token, actions)
        ),
        "TournamentService": RequestStrategies(
            Pools([*strings_t, *tables], NAMES, [0, 1, 2, 3], every_token, actions)
        ),
    }
    with grpc.insecure_channel(server.target) as channel:
        built = World(server.target, games, channel, strategies)
        for game_id in [*strings, *tables]:
            if _is_game(games, game_id):
                built.seeds[game_id] = games.store.seed(seed_id(uuid.UUID(game_id))).seed
        yield built


def _is_over(games: Games, game_id: str) -> bool:
    game = games.game_info(game_id)
    return game.rules.outcome(game.state) is not None


def _is_game(games: Games, text: str) -> bool:
    try:
        games.game_info(text)
    except Exception:
        return False
    return True


def _games_to_play(games: Games) -> tuple[list[str], list[int], list[str], list[pb.Action]]:
    """A game of each kind a few moves in, a finished one, and a dispute."""
    strings: list[str] = []
    numbers: list[int] = []
    tokens: list[str] = []
    actions: list[pb.Action] = []
    for name, rules in sorted(all_rules().items()):
        game_id, _ = games.create_game(name, rules.min_seats)
        seats = seat_everyone(games, game_id, rules.min_seats)
        play_random(games, game_id, seats, limit=6)
        info = games.game_info(game_id)
        choices = games.legal_actions(game_id, seats[rules.to_act(info.state) or 0])
        actions += [convert.action_to_proto(name, a) for a in choices.actions[:20]]
        strings.append(game_id)
        numbers.append(choices.version)
        tokens += seats
    finished, _ = games.create_game("bourgeoisie", 2)
    play_random(games, finished, seat_everyone(games, finished, 2))
    dispute, version = games.open_dispute(strings[0], 3, "the deal looks wrong", ARBITER)
    return [*strings, finished, dispute], [*numbers, version], tokens, actions


def _a_tournament(games: Games) -> tuple[list[str], list[str], list[str]]:
    """A tournament with its first round started: (its strings, its games, its tokens)."""
    tournaments = Tournaments(games)
    spec = new_spec("fuzz cup", "bourgeoisie", 2, Format.ROUND_ROBIN, 2)
    tournament_id, organiser = tournaments.create_tournament(spec)
    players = [tournaments.register_player(tournament_id, organiser, n) for n in ("ann", "bob")]
    round_ = tournaments.start_round(tournament_id, organiser)
    tournaments.claim_seat(tournament_id, players[0].token)
    game_ids = [table.game_id for table in round_.tables]
    return [tournament_id], game_ids, [organiser, *(p.token for p in players)]


def _path(method: descriptor.MethodDescriptor) -> str:
    return f"/{method.containing_service.full_name}/{method.name}"


def _send(
    world: World,
    method: descriptor.MethodDescriptor,
    payload: bytes,
    metadata: tuple[tuple[str, str], ...],
) -> tuple[grpc.RpcError | None, bytes]:
    """Send raw request bytes; (the refusal or None, every response byte received)."""
    if not method.server_streaming:
        try:
            send: grpc.UnaryUnaryMultiCallable[bytes, bytes] = world.channel.unary_unary(
                _path(method),
                None,
                None,  # bytes as they are
            )
            return None, send(payload, timeout=CALL_SECONDS, metadata=metadata)
        except grpc.RpcError as error:
            return error, b""
    return _send_stream(world, method, payload, metadata)


def _send_stream(
    world: World,
    method: descriptor.MethodDescriptor,
    payload: bytes,
    metadata: tuple[tuple[str, str], ...],
) -> tuple[grpc.RpcError | None, bytes]:
    send: grpc.UnaryStreamMultiCallable[bytes, bytes] = world.channel.unary_stream(
        _path(method),
        None,
        None,  # bytes as they are
    )
    call = send(payload, timeout=CALL_SECONDS, metadata=metadata)
    received = b""
    try:
        for raw in call:
            received += raw
            if method.name == "WatchGame" and pb.WatchGameResponse.FromString(raw).HasField(
                "caught_up"
            ):
                # A live game's watch goes on for ever: caught up is enough. (grpc-stubs leave
                # RpcContext.cancel unannotated.)
                call.cancel()  # type: ignore[no-untyped-call]
                return None, received
    except grpc.RpcError as error:
        return error, received
    return None, received


def _for(world: World, method: descriptor.MethodDescriptor) -> RequestStrategies:
    return world.strategies[method.containing_service.name]


def _judge(world: World, before: int, refusal: grpc.RpcError | None, received: bytes) -> None:
    tally.answered("OK" if refusal is None else refusal.code().name)
    assert not world.live_seeds(received), "an answer showed the seed of a live game"
    if refusal is None:
        return
    code, details = refusal.code(), refusal.details() or ""
    assert code in REFUSALS, f"{code.name}: {details}"
    if code is not Code.RESOURCE_EXHAUSTED:  # the transport's size limit has no reason
        assert from_rpc_error(refusal).reason not in ("UNKNOWN", "INTERNAL"), details
    assert world.position() == before, f"a refused request stored something ({details})"
    assert not world.live_seeds(details.encode()), "a refusal showed the seed of a live game"


def _exercise(
    world: World,
    kind: str,
    method: descriptor.MethodDescriptor,
    data: st.DataObject,
    payload: st.SearchStrategy[bytes],
) -> None:
    sent = data.draw(payload)
    metadata = data.draw(world.strategies[method.containing_service.name].metadata())
    before = world.position()
    tally.count(kind, f"{method.containing_service.name}/{method.name}")
    _judge(world, before, *_send(world, method, sent, metadata))


@pytest.mark.parametrize(("kind", "method"), CASES, ids=lambda case: getattr(case, "name", case))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_requests_are_refused_cleanly(
    world: World, kind: str, method: descriptor.MethodDescriptor, data: st.DataObject
) -> None:
    strategies = _for(world, method)
    payload = strategies.request(method) if kind == "generated" else strategies.wire(method)
    _exercise(world, kind, method, data, payload)


def test_the_server_is_still_up_and_games_go_on(world: World) -> None:
    request = health_pb2.HealthCheckRequest()
    status = health_pb2_grpc.HealthStub(world.channel).Check(request, timeout=5).status
    assert status == health_pb2.HealthCheckResponse.SERVING
    with GameClient(world.target) as client:
        game_id = client.create_game("bruges", 2).game_id
        grants = [client.join_game(game_id, f"p{n}", n) for n in range(2)]
        for _ in range(10):
            client.token = grants[client.get_view(game_id, "public").status.to_act].token
            legal = client.list_legal_actions(game_id)
            answer = client.submit_action(game_id, legal.version, legal.actions[0].action)
            assert answer.version > legal.version


def test_docs_reliability_quotes_this_tests_size() -> None:
    """docs/reliability.md ("Figures") says how many RPCs this test covers and how many
    requests it sends per run under each profile (3 x max_examples per RPC and kind)."""
    text = " ".join((ROOT / "docs" / "reliability.md").read_text(encoding="utf-8").split())
    row = text[text.index("| bad input:") : text.index("| hand-written bad requests")]
    per_case = {"ci": 3 * 25, "dev": 3 * 300}
    assert EXAMPLES in per_case.values()  # the profiles of tests/conftest.py
    quoted = (
        f"all {len(METHODS)} RPCs of GameService and TournamentService",
        f"{len(CASES) * per_case['ci']:,} requests per CI run ({per_case['ci']} per RPC and kind)",
        f"{len(CASES) * per_case['dev']:,} with `HYPOTHESIS_PROFILE=dev`",
    )
    assert [phrase for phrase in quoted if phrase not in row] == []
