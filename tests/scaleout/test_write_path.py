"""The write path when several servers share one store, without the processes: two ``Games``
on one SQLite file or PostgreSQL schema behave like two servers, each with its own cache.

A server's cached game may be behind the store; nothing it answers may show it: no refusal
that the store's state would not give, no lost or doubled event, every conflict ABORTED. The
group commit stores many games in one transaction and a conflict in one fails it alone.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path

import pytest
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError, PersistenceError

from games.core import Cause, CauseKind, SeatTaken
from games.core.jsonable import from_json, to_json
from games.core.record import GENESIS, chain_after
from games.registry import all_rules
from services.application import (
    ConcurrentWriteError,
    Games,
    GameStore,
    StaleVersionError,
)
from services.application.aggregate import Game, codec_for
from services.application.commit import GroupCommit
from services.application.sealing import Sealer
from services.settings import Settings
from tests.conformance.play import Table, seed_bytes, uniform
from tests.support.play import seat_everyone
from tests.support.services import postgres_schema


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.integration)])
def two_servers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Games, Games]]:
    """Two application instances (two servers' worth of caches) on one store."""
    if request.param == "postgres":
        with postgres_schema() as schema:
            settings = Settings(store="postgres", postgres_db="test", postgres_schema=schema)
            yield from _pair(settings)
    else:
        yield from _pair(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))


def _pair(settings: Settings) -> Iterator[tuple[Games, Games]]:
    stores = [GameStore(settings), GameStore(settings)]
    yield Games(stores[0]), Games(stores[1])
    for store in stores:
        store.close()


def _to_act(games: Games, game_id: str, tokens: list[str]) -> tuple[int, str, object]:
    game = games.game_info(game_id)
    seat = game.rules.to_act(game.state)
    assert seat is not None
    choices = games.legal_actions(game_id, tokens[seat])
    return choices.version, tokens[seat], choices.actions[0]


def test_a_server_behind_the_store_refuses_nothing_the_store_would_accept(
    two_servers: tuple[Games, Games],
) -> None:
    a, b = two_servers
    game_id, _ = a.create_game("bourgeoisie", 2)
    b.game_info(game_id)  # b caches the game with no seat taken
    tokens = seat_everyone(a, game_id, 2)  # seats taken through a
    version, token, action = _to_act(a, game_id, tokens)
    answer = b.submit_action(game_id, token, version, "first", action)  # b's cache is stale
    assert answer.version > version and not answer.replayed
    assert a.submit_action(game_id, token, version, "first", action).replayed


def test_a_write_on_a_stale_cache_is_aborted_and_a_retry_succeeds(
    two_servers: tuple[Games, Games],
) -> None:
    a, b = two_servers
    game_id, _ = a.create_game("bourgeoisie", 2)
    tokens = seat_everyone(a, game_id, 2)
    version, token, action = _to_act(b, game_id, tokens)  # b caches this version
    a.submit_action(game_id, token, version, "from-a", action)
    with pytest.raises(StaleVersionError):  # ABORTED; b's copy was behind, nothing stored
        b.submit_action(game_id, token, version, "from-b", action)
    version, token, action = _to_act(b, game_id, tokens)
    assert b.submit_action(game_id, token, version, "from-b", action).version > version
    events = a.read_events(game_id)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    causes = [e.cause.command_id for e in events]
    assert causes.count("from-a") >= 1 and causes.count("from-b") >= 1


def test_racing_servers_store_every_acknowledged_action_once(
    two_servers: tuple[Games, Games],
) -> None:
    a, b = two_servers
    game_id, _ = a.create_game("bourgeoisie", 2)
    tokens = seat_everyone(a, game_id, 2)
    chooser, acknowledged, aborted = random.Random(1), [], 0
    for step in range(40):
        version, token, action = _to_act(a, game_id, tokens)  # both decide on this version
        for name, server in (("a", a), ("b", b)):
            try:
                answer = server.submit_action(game_id, token, version, f"{name}{step}", action)
                acknowledged.append((answer.version, f"{name}{step}"))
            except (StaleVersionError, ConcurrentWriteError):
                aborted += 1
        a, b = (b, a) if chooser.random() < 0.5 else (a, b)
    events = a.read_events(game_id)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    assert len(acknowledged) == 40 and aborted == 40
    for version, command_id in acknowledged:
        assert events[version - 1].cause.command_id == command_id


def _pending_writes(games: Games, count: int, rivals: int) -> tuple[list[uuid.UUID], list[Game]]:
    """``count`` new games, and a private copy of each with a seat taken but not yet stored,
    followed by ``rivals`` more copies of the first games, which take the same versions."""
    ids = [uuid.UUID(games.create_game("bourgeoisie", 2)[0]) for _ in range(count)]
    writes = [games._load(gid) for gid in (*ids, *ids[:rivals])]  # as a write makes them
    for game in writes:
        taken = SeatTaken(seat=0, player="p", token_hash="0" * 64)
        games._append(game, (taken,), Cause(CauseKind.JOIN, "join", 0))
    return ids, writes


def test_one_transaction_stores_many_games_and_a_conflict_fails_only_its_own(
    tmp_path: Path,
) -> None:
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    ids, writes = _pending_writes(Games(store), 3, rivals=1)
    copies = writes[:3]
    outcomes = store.save_together([[game] for game in writes])
    assert outcomes[:3] == [None, None, None] and isinstance(outcomes[3], IntegrityError)
    assert [store.game(gid).version for gid in ids] == [game.version for game in copies]
    store.close()


class SlowStore(GameStore):
    """A store whose every transaction takes a while, so that callers queue behind it."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self.transactions: list[int] = []  # groups stored by each

    def save_together(self, groups: Sequence[Sequence[Aggregate]]) -> list[PersistenceError | None]:
        self.transactions.append(len(groups))
        time.sleep(0.02)
        return super().save_together(groups)


def test_the_group_commit_batches_waiting_callers_and_tells_each_its_own_outcome(
    tmp_path: Path,
) -> None:
    store = SlowStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    ids, writes = _pending_writes(Games(store), 12, rivals=4)
    store.transactions.clear()
    commit, start = GroupCommit(store), threading.Barrier(len(writes))
    outcomes: dict[int, BaseException | None] = {}

    def write(index: int) -> None:
        start.wait()
        try:
            commit.save(writes[index])
            outcomes[index] = None
        except IntegrityError as refused:
            outcomes[index] = refused

    threads = [threading.Thread(target=write, args=(i,)) for i in range(len(writes))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sum(store.transactions) == len(writes) and len(store.transactions) < len(writes)
    assert all(outcomes[i] is None for i in range(4, 12))
    for first, rival in zip(range(4), range(12, 16), strict=True):  # one of each pair wins
        assert (outcomes[first] is None) != (outcomes[rival] is None)
    assert [store.game(gid).version for gid in ids] == [game.version for game in writes[:12]]
    store.close()


def test_every_value_a_game_stores_decodes_back_to_itself() -> None:
    for rules in all_rules().values():
        table = Table(rules, rules.min_seats, seed_bytes(3)).play_with(uniform(random.Random(3)))
        for step in table.steps[:60]:
            for value in (step.state, step.action, *step.events, rules.view(step.state, 0)):
                assert from_json(type(value), to_json(value)) == value


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_sealing_chains_exactly_as_the_record_format_says(game: str) -> None:
    rules = all_rules()[game]
    table = Table(rules, 2, seed_bytes(4)).play_with(uniform(random.Random(4)))
    previous = GENESIS
    for original in table.recorded:
        sealer = Sealer(rules, original.cause, partial(_parse, original.at))
        event = codec_for(rules).decode(original.event)
        recorded, record = sealer.seal(previous, original.version, event)
        assert recorded.chain == chain_after(previous, recorded) == original.chain
        assert record == recorded.as_json()
        previous = recorded.chain


def _parse(at: str) -> datetime:
    return datetime.fromisoformat(at)
