"""End to end: bots play complete games over gRPC while a watcher sees every version once,
in order; the exported record verifies, and editing any event line makes it fail."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from games.core import Encoded, GameRecord, Recorded, RecordError, read_record
from games.core.record import GENESIS
from replay.sources import fetch_record
from replay.verify import verify_record
from tests.e2e.conftest import RunningServer

pytestmark = pytest.mark.e2e


def _watch(target: str, game_id: str, seen: list[int], caught_up: threading.Event) -> None:
    with GameClient(target) as client:
        for message in client.watch_game(game_id, perspective="public", timeout=300):
            if message.HasField("caught_up"):
                caught_up.set()
            else:
                seen.append(message.update.event.version)


def _play_game(
    target: str, seats: int, game: str = "bourgeoisie", ruleset: str = ""
) -> tuple[str, list[int]]:
    with GameClient(target) as client:
        game_id = client.create_game(game, seats, ruleset).game_id
        grants = [client.join_game(game_id, f"bot {n}", n) for n in range(seats)]
    seen: list[int] = []
    caught_up = threading.Event()
    watcher = threading.Thread(target=_watch, args=(target, game_id, seen, caught_up))
    watcher.start()
    assert caught_up.wait(10)

    def play(seat: int) -> None:
        with GameClient(target, grants[seat].token) as client:
            play_seat(client, game_id, seat, RandomBot(seat), timeout=300)

    players = [threading.Thread(target=play, args=(n,)) for n in range(seats)]
    for thread in players:
        thread.start()
    for thread in (*players, watcher):
        thread.join(300)
    return game_id, seen


TABLES = [
    *(("bourgeoisie", seats, "default") for seats in (2, 3, 4)),
    *(("burgundy", seats, ruleset) for seats in (2, 3, 4) for ruleset in ("default", "published")),
    *(("bruges", seats, ruleset) for seats in (2, 3, 4) for ruleset in ("default", "published")),
]


@pytest.mark.parametrize(("game", "seats", "ruleset"), TABLES)
def test_bots_finish_a_game_watched_and_recorded(
    server: RunningServer, game: str, seats: int, ruleset: str
) -> None:
    game_id, seen = _play_game(server.target, seats, game, ruleset)
    with GameClient(server.target) as client:
        status = client.get_view(game_id, "public").status
        record = fetch_record(client, game_id)
    assert status.finished and sorted(status.outcome.places)[0] == 1
    assert status.ruleset == ruleset
    assert seen == list(range(1, len(record.events) + 1)), "every version exactly once, in order"
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems
    assert len(verdict.checks) == 4


@pytest.fixture(scope="module")
def record_lines(server: RunningServer) -> list[str]:
    game_id, _ = _play_game(server.target, 2)
    with GameClient(server.target) as client:
        return list(fetch_record(client, game_id).lines())


def _sampled_event_lines(lines: list[str]) -> list[int]:
    # Every event line near both ends, and every fifth between: each verification re-hashes
    # the whole chain, so checking all of a long game's lines takes half a minute.
    events = range(1, len(lines) - 1)
    return [n for n in events if n <= 20 or n >= len(lines) - 21 or n % 5 == 0]


def test_editing_an_event_line_fails_verification(record_lines: list[str]) -> None:
    assert verify_record(read_record(record_lines)).ok
    for number in _sampled_event_lines(record_lines):
        event = json.loads(record_lines[number])
        event["at"] = event["at"].replace("T", " ")  # any change of content at all
        tampered = [*record_lines[:number], json.dumps(event), *record_lines[number + 1 :]]
        assert not verify_record(read_record(tampered)).ok, f"edit of line {number} went unnoticed"


Path = tuple[str | int, ...]


def _leaves(value: Any, path: Path = ()) -> list[Path]:
    """The path of every scalar inside a parsed JSON value."""
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in _leaves(item, (*path, key))]
    if isinstance(value, list):
        return [leaf for index, item in enumerate(value) for leaf in _leaves(item, (*path, index))]
    return [path]


def _change(value: Any, path: Path) -> None:
    """Change the scalar at ``path`` to another value of a plausible kind."""
    *parents, last = path
    for step in parents:
        value = value[step]
    old = value[last]
    if isinstance(old, bool):
        value[last] = not old
    elif isinstance(old, int):
        value[last] = old + 1
    elif isinstance(old, str):
        value[last] = old[:-1] + ("0" if old[-1:] != "0" else "1")
    else:
        value[last] = 0


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_changing_any_value_of_any_event_line_fails_verification(
    record_lines: list[str], data: st.DataObject
) -> None:
    number = data.draw(st.integers(1, len(record_lines) - 2), label="event line")
    event = json.loads(record_lines[number])
    _change(event, data.draw(st.sampled_from(_leaves(event)), label="value"))
    tampered = [*record_lines[:number], json.dumps(event), *record_lines[number + 1 :]]
    try:
        record = read_record(tampered)
    except RecordError:
        return  # refused as unreadable: verification fails too
    assert not verify_record(record).ok


def test_editing_an_event_payload_fails_even_with_a_recomputed_chain(
    record_lines: list[str],
) -> None:
    """Re-sealing a forged event keeps the chain intact, so re-running the rules must catch it."""
    events = list(read_record(record_lines).events)
    target = next(
        i for i, e in enumerate(events) if e.event.type == "bourgeoisie.OpportunityRolled"
    )
    roll = events[target].event.data["roll"]
    forged_data = {**events[target].event.data, "roll": 6 if roll != 6 else 5}
    forged = [*events[:target]]
    for recorded in events[target:]:
        event = recorded.event
        if recorded is events[target]:
            event = Encoded(event.type, event.schema, forged_data)
        previous = forged[-1].chain if forged else GENESIS
        forged.append(
            Recorded.sealed(previous, recorded.version, recorded.at, event, recorded.cause)
        )
    record = read_record(record_lines)
    result = {**(record.result or {}), "chain": forged[-1].chain}
    verdict = verify_record(GameRecord(record.header, tuple(forged), result))
    assert not verdict.ok
    forged_version = events[target].version
    assert any(p.startswith(f"version {forged_version}: recorded") for p in verdict.problems), (
        verdict.problems
    )


def test_a_dropped_or_reordered_event_fails_verification(record_lines: list[str]) -> None:
    dropped = [*record_lines[:10], *record_lines[11:]]
    swapped = [*record_lines[:10], record_lines[11], record_lines[10], *record_lines[12:]]
    assert not verify_record(read_record(dropped)).ok
    assert not verify_record(read_record(swapped)).ok
