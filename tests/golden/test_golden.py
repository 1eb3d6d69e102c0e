"""docs/architecture.md §8, golden games: complete recorded games, regenerated only by
``scripts/make_golden.py``. Each one must still read, verify, and replay to exactly its
recorded events under today's rules — a failure here means old games no longer replay."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.core import (
    CauseKind,
    GameCreated,
    GameRecord,
    Recorded,
    SeatTaken,
    SeededChance,
    SeedRevealed,
    commitment,
    fold,
    read_record,
)
from games.core.codec import Codec
from games.core.meta import META_CODEC
from games.registry import all_rules, rules_for
from replay.verify import verify_record

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
GOLDEN = sorted(p for game in all_rules() for p in (HERE / game).glob("*.jsonl"))
REGENERATE = "regenerate them with scripts/make_golden.py"

golden = pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])


def load(path: Path) -> GameRecord:
    return read_record(path.read_text(encoding="utf-8").splitlines())


def batches(events: tuple[Recorded, ...]) -> Iterator[list[Recorded]]:
    """Runs of events with one cause: what one command appended."""
    for _, batch in itertools.groupby(events, key=lambda r: r.cause):
        yield list(batch)


def test_there_are_golden_games() -> None:
    assert GOLDEN, REGENERATE


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_every_game_has_golden_games(game: str) -> None:
    assert [p for p in GOLDEN if p.parent.name == game], f"no {game} games: {REGENERATE}"


@golden
def test_a_golden_game_verifies(path: Path) -> None:
    verdict = verify_record(load(path))
    assert verdict.problems == []
    assert "every recorded action re-decided with the revealed seed" in verdict.checks


@golden
def test_a_golden_game_replays_to_exactly_its_events(path: Path) -> None:
    record = load(path)
    rules = rules_for(str(record.header["game"]))
    codec = Codec.combine(META_CODEC, rules.events)
    revealed = codec.decode(record.events[-1].event)
    assert isinstance(revealed, SeedRevealed)
    seed = bytes.fromhex(revealed.seed)
    assert commitment(seed) == record.header["seed_commitment"]
    state: object = None
    for batch in batches(record.events):
        cause, before = batch[0].cause, batch[0].version - 1
        recorded = [codec.decode(r.event) for r in batch]
        if cause.kind is CauseKind.SETUP:
            created = recorded[0]
            assert isinstance(created, GameCreated)
            produced = [created, *rules.opening(rules.start(created), SeededChance(seed, "1"))]
        elif cause.kind is CauseKind.JOIN:
            assert all(isinstance(e, SeatTaken) for e in recorded)
            produced = recorded
        else:
            assert cause.action is not None
            assert cause.seat is not None
            action = rules.actions.decode(cause.action)
            chance = SeededChance(seed, str(before))
            produced = list(rules.decide(state, cause.seat, action, chance))
            if rules.outcome(fold(rules, produced, state)) is not None:
                produced.append(SeedRevealed(seed.hex()))
        assert [codec.encode(e) for e in produced] == [r.event for r in batch], (
            f"{path.name} versions {before + 1}-{before + len(batch)}: {REGENERATE} only if "
            "the change to the rules is meant to change recorded games"
        )
        state = fold(rules, produced, state)
    outcome = rules.outcome(state)
    assert outcome is not None
    assert record.result == {
        "scores": list(outcome.scores),
        "places": list(outcome.places),
        "chain": record.events[-1].chain,
    }


@golden
def test_a_golden_file_is_written_exactly_as_the_record_format_writes(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "".join(f"{line}\n" for line in load(path).lines()) == text


@golden
def test_a_golden_game_seats_named_players(path: Path) -> None:
    record = load(path)
    assert all(record.header["players"])
    assert len(record.header["players"]) == record.header["seats"]


def test_the_script_reproduces_the_golden_files_exactly() -> None:
    # Another hash seed than this process's: set or dict order must not leak into the games.
    env = {**os.environ, "PYTHONHASHSEED": "1234"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_golden.py"), "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
