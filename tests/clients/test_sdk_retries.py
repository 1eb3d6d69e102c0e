"""The SDK's calls wait out what passes: a server that is away for a few seconds (the calls that
may be sent again unchanged: GetView, ListLegalActions, SubmitAction with its command id), a
rate limit (every call: a limited call is refused before any work, with a RetryInfo saying how
long to wait), and a game that moves on while a seat decides (``submit_with_retry`` refreshes
until its action is stored). Sync and asyncio alike; each within the outage budget."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.aio import AsyncGameClient
from clients.calls import RECONNECT_FOR, Outage, retry_pause
from clients.errors import SERVER_UNREACHABLE, TabletopError
from clients.sdk import GameClient
from services.grpc_api.limits import RateLimit, RateLimiter
from tests.clients.servers import ARBITER, RestartableServer
from tests.clients.table import Table
from tests.security.conftest import serving

pytestmark = pytest.mark.e2e

AWAY_SECONDS = 3.0
"""How long the server stays down: longer than a client waited before, within its budget."""


@pytest.fixture
def table(restartable: RestartableServer) -> Iterator[Table]:
    opened = Table.open(restartable.target)
    yield opened
    opened.close()


def _away_for_a_while(server: RestartableServer) -> threading.Thread:
    """Stop the server now and start it again on its port after ``AWAY_SECONDS``."""
    server.stop()
    back = threading.Timer(AWAY_SECONDS, server.start)
    back.start()
    return back


def test_the_calls_a_bot_makes_wait_for_a_restarted_server(
    restartable: RestartableServer, table: Table
) -> None:
    seat = table.to_act()
    assert seat is not None
    client = table.seats[seat]
    client.get_view(table.game_id)  # this client has reached its server
    _away_for_a_while(restartable)
    legal = client.list_legal_actions(table.game_id)
    assert legal.actions
    _away_for_a_while(restartable)
    assert client.get_view(table.game_id, "seat").version == legal.version
    _away_for_a_while(restartable)
    answer = client.submit_action(table.game_id, legal.version, legal.actions[0].action)
    assert answer.version > legal.version
    events = list(client.read_events(table.game_id, legal.version))
    assert len({e.cause.command_id for e in events if e.cause.command_id}) == 1, "stored once"


def test_a_connection_made_for_a_seat_waits_for_a_server_its_maker_reached(
    restartable: RestartableServer, table: Table
) -> None:
    """``connect_as`` while the server is away: the new client's first call waits the outage
    out, as its maker's would, and is not told the address is wrong."""
    host = GameClient(restartable.target)
    host.get_view(table.game_id)  # the maker has reached its server
    _away_for_a_while(restartable)
    with host.connect_as(table.seats[0].token) as seat:
        assert seat.get_view(table.game_id).version >= 1
    host.close()


def test_the_async_calls_wait_for_a_restarted_server(
    restartable: RestartableServer, table: Table
) -> None:
    seat = table.to_act()
    assert seat is not None

    async def decide() -> tuple[pb.ListLegalActionsResponse, pb.SubmitActionResponse]:
        async with AsyncGameClient(restartable.target, table.seats[seat].token) as client:
            await client.get_view(table.game_id)  # this client has reached its server
            _away_for_a_while(restartable)
            legal = await client.list_legal_actions(table.game_id)
            _away_for_a_while(restartable)
            action = legal.actions[0].action
            answer = await client.submit_action(table.game_id, legal.version, action)
            return legal, answer

    legal, answer = asyncio.run(decide())
    assert answer.version > legal.version


def test_a_call_that_must_not_be_sent_twice_is_refused_at_once_in_an_outage(
    restartable: RestartableServer, table: Table
) -> None:
    """docs/api.md §3: only the calls that may be sent twice wait out an outage; a CreateGame
    or a JoinGame sent again might make a second game or take a second seat, so its refusal
    is raised at once, even by a client that has reached its server."""
    client = GameClient(restartable.target)
    client.get_view(table.game_id)  # this client has reached its server
    restartable.stop()
    started = time.monotonic()
    with pytest.raises(TabletopError) as refused:
        client.create_game("bourgeoisie", 2)
    assert refused.value.code is grpc.StatusCode.UNAVAILABLE
    with pytest.raises(TabletopError) as refused:
        client.join_game(table.game_id, "late")
    assert refused.value.code is grpc.StatusCode.UNAVAILABLE
    assert time.monotonic() - started < 1.0, "waited for the server"
    client.close()
    restartable.start()


def test_a_watch_by_a_client_that_reached_its_server_waits_for_it(
    restartable: RestartableServer, table: Table
) -> None:
    """A watch opened while the server is away, by a client whose other calls have reached
    it, waits the outage out as those calls do (not "no server at this address")."""
    with GameClient(restartable.target) as client:
        client.get_view(table.game_id)
        _away_for_a_while(restartable)
        first = next(iter(client.watch(table.game_id)))
    assert first.update.event.version == 1


def test_a_call_gives_up_once_its_outage_budget_is_spent(
    restartable: RestartableServer, table: Table
) -> None:
    client = GameClient(restartable.target, table.seats[0].token, reconnect_for=1.5)
    client.get_view(table.game_id)
    restartable.stop()
    started = time.monotonic()
    with pytest.raises(TabletopError) as lost:
        client.list_legal_actions(table.game_id)
    waited = time.monotonic() - started
    assert lost.value.code is grpc.StatusCode.UNAVAILABLE
    # Past its own budget of 1.5 s, and far short of the default one (a slow machine only
    # adds to the time a refused connection takes, never to the budget).
    assert 1.0 <= waited < RECONNECT_FOR / 2, f"gave up after {waited:.1f} s"
    client.close()
    restartable.start()


def test_submit_with_retry_decides_again_however_often_the_game_moves(table: Table) -> None:
    seat = table.to_act()
    assert seat is not None
    client, offers = table.seats[seat], []
    arbiter = GameClient(client.endpoint, ARBITER)  # may open any number of disputes

    def choose(legal: pb.ListLegalActionsResponse) -> pb.Action:
        offers.append(legal.version)
        if len(offers) <= 5:  # the arbiter moves the version (a dispute is a stored event)
            arbiter.open_dispute(table.game_id, legal.version, "a second look, please")
        return legal.actions[0].action

    answer = client.submit_with_retry(table.game_id, choose)
    arbiter.close()
    assert offers == [offers[0] + n for n in range(6)] and answer.version > offers[-1]


def test_async_submit_with_retry_decides_again_however_often_the_game_moves(
    table: Table,
) -> None:
    seat = table.to_act()
    assert seat is not None
    arbiter, offers = GameClient(table.seats[seat].endpoint, ARBITER), []

    def choose(legal: pb.ListLegalActionsResponse) -> pb.Action:
        offers.append(legal.version)
        if len(offers) <= 5:
            arbiter.open_dispute(table.game_id, legal.version, "a second look, please")
        return legal.actions[0].action

    async def decide() -> pb.SubmitActionResponse:
        async with AsyncGameClient(table.seats[seat].endpoint, table.seats[seat].token) as client:
            return await client.submit_with_retry(table.game_id, choose)

    answer = asyncio.run(decide())
    arbiter.close()
    assert len(offers) == 6 and answer.version > offers[-1]


def test_submit_with_retry_raises_a_final_refusal_after_one_decision(table: Table) -> None:
    """Only ABORTED is decided again (docs/api.md §3, "Everything else is final"): an action
    the server refuses as malformed is raised, not chosen and refused again without end."""
    seat = table.to_act()
    assert seat is not None
    offers: list[int] = []

    def malformed(legal: pb.ListLegalActionsResponse) -> pb.Action:
        offers.append(legal.version)
        assert len(offers) == 1, "decided again after a final refusal"
        return pb.Action()

    with pytest.raises(TabletopError) as refused:
        table.seats[seat].submit_with_retry(table.game_id, malformed)
    assert refused.value.code is grpc.StatusCode.INVALID_ARGUMENT

    async def decide() -> pb.SubmitActionResponse:
        offers.clear()
        async with AsyncGameClient(table.seats[seat].endpoint, table.seats[seat].token) as client:
            return await client.submit_with_retry(table.game_id, malformed)

    with pytest.raises(TabletopError) as refused:
        asyncio.run(decide())
    assert refused.value.code is grpc.StatusCode.INVALID_ARGUMENT


def test_submit_with_retry_takes_at_least_one_attempt(table: Table) -> None:
    """``attempts`` caps the decisions, so 0 (which would cap nothing) is refused before any
    call, sync and asyncio alike."""
    submit = table.seats[0].submit_with_retry
    with pytest.raises(ValueError, match="attempts must be at least 1"):
        submit(table.game_id, lambda legal: legal.actions[0].action, attempts=0)

    async def decide() -> pb.SubmitActionResponse:
        async with AsyncGameClient(table.seats[0].endpoint, table.seats[0].token) as client:
            return await client.submit_with_retry(table.game_id, lambda _: pb.Action(), 0)

    with pytest.raises(ValueError, match="attempts must be at least 1"):
        asyncio.run(decide())


@pytest.fixture
def limited() -> Iterator[str]:
    """A server allowing each caller 4 requests a second, in bursts of 2."""
    limiter = RateLimiter(RateLimit(per_second=4, burst=2))
    with serving(limiter=limiter) as (target, _):
        yield target


def test_a_rate_limited_refusal_says_how_long_to_wait(limited: str) -> None:
    client = GameClient(limited, reconnect_for=0)  # no budget: every refusal is raised
    with client, pytest.raises(TabletopError) as refused:
        for _ in range(3):
            client.create_game("bourgeoisie", 2)
    error = refused.value
    assert (error.code, error.reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "RATE_LIMITED")
    assert error.retry_delay is not None and 0.1 < error.retry_delay <= 0.25
    assert error.retryable


def test_the_sdk_waits_as_long_as_a_rate_limit_asks(limited: str) -> None:
    started = time.monotonic()
    with GameClient(limited) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        for _ in range(4):
            client.get_view(game_id, "public")
        first = next(iter(client.watch(game_id)))  # a watch's stream is limited too
    assert first.update.event.version == 1
    assert time.monotonic() - started >= 0.75, "6 requests at 4 a second after a burst of 2"


def test_the_async_sdk_waits_as_long_as_a_rate_limit_asks(limited: str) -> None:
    async def calls() -> int:
        async with AsyncGameClient(limited) as client:
            game_id = (await client.create_game("bourgeoisie", 2)).game_id
            for _ in range(4):
                await client.get_view(game_id, "public")
            async for message in client.watch(game_id):
                return int(message.update.event.version)
        return 0

    started = time.monotonic()
    assert asyncio.run(calls()) == 1
    assert time.monotonic() - started >= 0.75


# -- the rule itself, on a clock that moves only when told --------------------------------


class _Clock:
    """A monotonic clock standing still until a test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _away(retry_delay: float | None = None) -> TabletopError:
    """The refusal of a call while a server it has reached is away (or rate-limits it)."""
    if retry_delay is not None:
        code, reason = grpc.StatusCode.RESOURCE_EXHAUSTED, "RATE_LIMITED"
        return TabletopError(code, reason, "slow down", retry_delay)
    return TabletopError(grpc.StatusCode.UNAVAILABLE, SERVER_UNREACHABLE, "connection refused")


def test_an_outage_backs_off_from_a_tenth_of_a_second_doubling_to_one() -> None:
    """docs/api.md §3: the SDK resends "backing off from 0.1 s to 1 s"; the last pause of the
    budget is cut to what is left of it."""
    clock = _Clock()
    outage = Outage(30.0, clock)
    assert [outage.pause(_away()) for _ in range(7)] == [0.1, 0.2, 0.4, 0.8, 1.0, 1.0, 1.0]
    clock.now = 29.75
    assert outage.pause(_away()) == pytest.approx(0.25)


def test_an_outage_gives_up_once_its_budget_has_passed_since_the_first_failure() -> None:
    """``reconnect_for`` seconds of failures in a row, counted from the first of the run; a
    call that got through in between starts a new run (``end``), with the whole budget and the
    shortest pause again."""
    clock = _Clock()
    outage = Outage(30.0, clock)
    assert outage.pause(_away()) == 0.1
    clock.now = 29.9
    assert outage.pause(_away()) is not None
    clock.now = 30.0
    assert outage.pause(_away()) is None
    outage.end()
    clock.now = 100.0
    assert outage.pause(_away()) == 0.1, "a new run of failures"
    clock.now = 129.0
    assert outage.pause(_away()) is not None
    assert Outage(0.0, clock).pause(_away()) is None, "no budget: the first failure is raised"


def test_a_rate_limit_is_waited_for_as_asked_while_the_budget_lasts() -> None:
    """A RetryInfo delay is waited for as it is, even where it is longer than the back-off;
    the call gives up only when the server asks for a longer wait than the budget has left."""
    clock = _Clock()
    outage = Outage(30.0, clock)
    assert outage.pause(_away(retry_delay=5.0)) == 5.0
    clock.now = 25.0
    assert outage.pause(_away(retry_delay=5.0)) == 5.0, "exactly what is left"
    clock.now = 25.5
    assert outage.pause(_away(retry_delay=5.0)) is None


@pytest.mark.parametrize("idempotent", [False, True])
def test_every_call_waits_out_a_rate_limit(idempotent: bool) -> None:
    """docs/api.md §3: "Every call waits out RATE_LIMITED for its RetryInfo delay": a limited
    call was refused before any work, so even one that must not be sent twice is resent."""
    pause = retry_pause(Outage(30.0), _away(retry_delay=0.2), idempotent=idempotent, reached=True)
    assert pause == 0.2


def test_only_the_calls_that_may_be_sent_twice_wait_out_an_outage() -> None:
    """docs/api.md §3: ``get_view``, ``list_legal_actions`` and ``submit_action`` (with its
    command id) are resent when the server is away; ``create_game``, ``join_game``, a dispute
    or a fork are not (a resent CreateGame would make a second game), so their refusal is
    raised at once, even from a server the client has reached."""
    away = _away()
    assert retry_pause(Outage(30.0), away, idempotent=True, reached=True) == 0.1
    with pytest.raises(TabletopError) as raised:
        retry_pause(Outage(30.0), away, idempotent=False, reached=True)
    assert raised.value is away
