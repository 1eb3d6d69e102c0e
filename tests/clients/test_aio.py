"""The asyncio SDK against a real server: every RPC, the retrying submit, and a whole game
followed by the resuming watch while two seats play it concurrently."""

from __future__ import annotations

import asyncio
import contextlib

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.aio import AsyncGameClient
from clients.bots import RandomBot
from clients.errors import TabletopError
from tests.clients.servers import ARBITER, RestartableServer
from wire import games_to_proto

pytestmark = pytest.mark.e2e


async def _round_trip(target: str) -> None:
    async with AsyncGameClient(target) as host:
        assert list((await host.list_games()).games) == games_to_proto()
        game_id = (await host.create_game("bourgeoisie", 2)).game_id
        grants = [await host.join_game(game_id, f"p{n}", n) for n in range(2)]
        public = await host.get_view(game_id, "public")
    assert public.status.players == ["p0", "p1"] and public.status.HasField("to_act")
    seat = public.status.to_act
    async with AsyncGameClient(target, grants[seat].token) as player:
        legal = await player.list_legal_actions(game_id)
        assert legal.seat == seat and legal.version == public.version
        answer = await player.submit_action(game_id, legal.version, legal.actions[0].action)
        assert answer.version > legal.version and answer.events
        events = [e.version async for e in player.read_events(game_id, after_version=2, limit=3)]
        assert events == [3, 4, 5]
        async for message in player.watch_game(game_id, perspective="seat"):
            if message.HasField("caught_up"):
                assert message.caught_up.version == answer.version
                break
        else:
            pytest.fail("the watch ended without marking that it caught up")
        with pytest.raises(TabletopError) as stale:
            await player.submit_action(game_id, legal.version, legal.actions[0].action)
        assert (stale.value.code, stale.value.reason) == (grpc.StatusCode.ABORTED, "STALE_VERSION")


def test_every_rpc_round_trips(server: RestartableServer) -> None:
    asyncio.run(_round_trip(server.target))


async def _review(target: str) -> None:
    async with AsyncGameClient(target) as host:
        game_id = (await host.create_game("bourgeoisie", 2)).game_id
        grant = await host.join_game(game_id, "p0", 0)
        await host.join_game(game_id, "p1", 1)
        version = (await host.get_view(game_id, "public")).version
    async with AsyncGameClient(target, grant.token) as seat:
        opened = await seat.open_dispute(game_id, version, "the deal looks wrong")
    async with AsyncGameClient(target, ARBITER) as arbiter:
        ruled = await arbiter.rule_dispute(game_id, opened.dispute_id, "it was dealt fairly", False)
        fork = await arbiter.fork_game(game_id, version)
        forked = await arbiter.get_view(fork.game_id, "full")
    assert ruled.dispute_id == opened.dispute_id and ruled.version > opened.version
    assert fork.game_id != game_id and forked.version == fork.version
    assert forked.status.seats == 2 and forked.status.players == ["", ""]  # seated afresh


def test_disputes_and_forks_round_trip(server: RestartableServer) -> None:
    asyncio.run(_review(server.target))


async def _seat(target: str, game_id: str, token: str, seat: int) -> int:
    """Play a seat with the retrying submit, polling the public status."""
    bot, taken = RandomBot(seat), 0
    async with AsyncGameClient(target, token) as client:
        while True:
            status = (await client.get_view(game_id, "public")).status
            if status.finished:
                return taken
            if status.to_act != seat:
                await asyncio.sleep(0.005)
                continue
            await client.submit_with_retry(
                game_id, lambda legal: bot.choose(pb.GetViewResponse(), legal.actions)
            )
            taken += 1


async def _whole_game(target: str) -> tuple[list[int], int]:
    async with AsyncGameClient(target) as host:
        game_id = (await host.create_game("bourgeoisie", 2)).game_id
        grants = [await host.join_game(game_id, f"p{n}", n) for n in range(2)]

        async def watch() -> list[int]:
            return [
                m.update.event.version
                async for m in host.watch(game_id, perspective="public")
                if m.HasField("update")
            ]

        seen, _ = await asyncio.gather(
            watch(), asyncio.gather(*(_seat(target, game_id, g.token, g.seat) for g in grants))
        )
        final = await host.get_view(game_id, "public")
    assert final.status.finished
    return seen, int(final.version)


def test_a_whole_game_played_and_watched_with_asyncio(server: RestartableServer) -> None:
    seen, final = asyncio.run(_whole_game(server.target))
    assert seen == list(range(1, final + 1))


async def _markers_within(target: str, stream_timeout: float, seconds: float) -> int:
    """How many caught-up markers a resuming watch of a game that waits (no seat taken)
    passes on within ``seconds``: one per stream, each ended by its deadline."""
    async with AsyncGameClient(target) as host:
        game_id = (await host.create_game("bourgeoisie", 2)).game_id
        markers = 0

        async def count() -> None:
            nonlocal markers
            watch = host.watch(game_id, resumes=True, stream_timeout=stream_timeout)
            async for message in watch:
                markers += message.HasField("caught_up")

        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(count(), seconds)
    return markers


def test_the_watch_keeps_each_stream_within_the_deadline_it_is_given(
    server: RestartableServer,
) -> None:
    """``watch(..., stream_timeout=)``: each stream ends by then and the next begins, as
    ``play_seat`` relies on to give up on time while no update comes."""
    assert asyncio.run(_markers_within(server.target, 0.25, 2.0)) >= 3
