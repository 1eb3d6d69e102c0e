"""Stepping and seeking through recorded games agree with folding from scratch."""

from __future__ import annotations

import random

import pytest

from games.core import GameRecord, RecordError, fold
from games.core.codec import Codec
from games.core.meta import META_CODEC
from games.registry import rules_for
from replay.diff import diff_views
from replay.selfplay import Table, seed_bytes, uniform
from replay.timeline import Perspective, Timeline
from replay.verify import verify_record


def test_every_frame_holds_the_state_folded_from_scratch(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    codec = Codec.combine(META_CODEC, timeline.rules.events)
    events = [codec.decode(r.event) for r in golden.events]
    checked = [*range(1, timeline.last + 1, 25), timeline.last]
    for version in checked:
        assert timeline.frame(version).state == fold(timeline.rules, events[:version])
    assert [f.version for f in timeline.frames] == list(range(1, len(events) + 1))


def test_turns_and_rounds_never_go_backwards_and_seeks_land_on_their_boundaries(
    golden: GameRecord,
) -> None:
    timeline = Timeline(golden)
    turns = [f.turn for f in timeline.frames]
    rounds = [f.round for f in timeline.frames]
    assert turns == sorted(turns) and rounds == sorted(rounds)
    assert turns[-1] > 10 and 1 < rounds[-1] < turns[-1]
    middle = timeline.last // 2
    after = timeline.next_turn(middle)
    assert after is not None and timeline.frame(after).turn == timeline.frame(middle).turn + 1
    assert timeline.frame(after - 1).turn == timeline.frame(middle).turn
    before = timeline.previous_turn(middle)
    assert before is not None and timeline.frame(before).turn == timeline.frame(middle).turn - 1
    assert timeline.frame(before - 1).turn < timeline.frame(before).turn
    next_round = timeline.next_round(middle)
    assert (
        next_round is not None and timeline.frame(next_round).round > timeline.frame(middle).round
    )


def test_seeking_by_event_type_and_by_seat(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    found = timeline.next_of_type(1, "SeatTaken")
    assert found is not None and timeline.frame(found).recorded.event.type == "core.SeatTaken"
    acted = timeline.next_by_seat(1, 1)
    assert acted is not None and timeline.frame(acted).actor == 1
    assert all(f.actor != 1 for f in timeline.frames[: acted - 1])
    assert timeline.next_of_type(timeline.last, "SeatTaken") is None


def test_a_versions_outside_the_game_is_refused(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    for version in (0, -1, timeline.last + 1):
        with pytest.raises(RecordError):
            timeline.frame(version)


def test_the_diff_names_what_changed(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    changed = [
        v
        for v in range(2, timeline.last + 1)
        if diff_views(
            timeline.view(v - 1, Perspective.FULL),
            timeline.view(v, Perspective.FULL),
            game=timeline.rules.name,
        )
    ]
    assert len(changed) > timeline.last // 2
    same = timeline.view(5, Perspective.FULL)
    assert diff_views(same, same, game=timeline.rules.name) == []


def test_a_kind_named_in_full_or_in_part(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    assert timeline.types_matching("CORE.seattaken") == ("core.SeatTaken",)
    assert set(timeline.types_matching("Dispute")) == {"core.DisputeOpened", "core.DisputeRuled"}
    assert timeline.types_matching("no such kind") == timeline.types_matching("  ") == ()
    assert {r.event.type for r in golden.events} <= set(timeline.event_types)
    joined = [r.version for r in golden.events if r.event.type == "core.SeatTaken"]
    assert timeline.previous_of_type(timeline.last, "SeatTaken") == joined[-1]
    assert timeline.previous_of_type(joined[0], "SeatTaken") is None
    assert timeline.next_of_type(joined[0], "core.SeatTaken") == joined[1]


def test_disputes_in_a_record_are_steps_that_leave_the_state_alone() -> None:
    table = Table(rules_for("bourgeoisie"), 2, seed_bytes(1))
    choose = uniform(random.Random(1))
    for _ in range(5):
        seat, legal = table.legal()
        table.play(seat, legal[choose(legal)], legal)
        table.dispute((seat + 1) % 2, "not legal", "it was")
    assert verify_record(table.record()).ok
    timeline = Timeline(table.record())
    disputes = timeline.types_matching("Dispute")
    found = [f for f in timeline.frames if f.recorded.event.type in disputes]
    assert len(found) == 10
    assert all(timeline.frame(f.version - 1).state == f.state for f in found)
