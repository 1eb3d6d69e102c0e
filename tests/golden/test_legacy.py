"""Records written under older event schemas still read, fold and verify (upcasters)."""

from __future__ import annotations

from pathlib import Path

from games.core import GameCreated
from games.core.codec import Codec
from games.core.meta import META_CODEC
from games.registry import rules_for
from replay.sources import open_record
from replay.timeline import Timeline
from replay.verify import verify_record

LEGACY = Path(__file__).resolve().parent / "legacy" / "bourgeoisie-2p-schema1-opening.jsonl"


def test_a_schema_1_game_created_is_upcast_when_read() -> None:
    record = open_record(LEGACY)
    first = record.events[0].event
    assert first.type == "core.GameCreated" and first.schema == 1
    created = Codec.combine(META_CODEC, rules_for("bourgeoisie").events).decode(first)
    assert isinstance(created, GameCreated) and created.origin_game_id == ""


def test_a_legacy_record_verifies_and_replays() -> None:
    record = open_record(LEGACY)
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems
    assert Timeline(record).last == len(record.events)
