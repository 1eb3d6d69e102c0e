"""The wire format (proto/tabletop/v1/burgundy.proto): every action met in random games
survives rules -> proto -> rules unchanged, and every view converts with nothing lost."""

from __future__ import annotations

import pytest
from google.protobuf.json_format import MessageToDict
from tabletop.v1 import burgundy_pb2 as pb

from games.burgundy import legal_actions, view
from games.burgundy.actions import ACTION_TYPES, Action
from games.core import MalformedError
from wire.burgundy import action_from_proto, action_to_proto, view_to_proto

from .randomplay import keen_chooser, play, seeded_chooser


def round_trip(action: Action) -> Action:
    wire = pb.BurgundyAction.FromString(action_to_proto(action).SerializeToString())
    return action_from_proto(wire)


def test_every_legal_action_of_random_games_round_trips() -> None:
    kinds: set[type] = set()
    for seats, seed in [(2, 1), (3, 2), (4, 3)]:
        for chooser in (seeded_chooser(seed), keen_chooser(seed)):
            for step in play(seats, seed, chooser):
                for action in legal_actions(step.before, step.seat):
                    assert round_trip(action) == action
                    kinds.add(type(action))
    assert kinds == set(ACTION_TYPES)


def test_an_action_without_a_kind_is_malformed() -> None:
    with pytest.raises(MalformedError) as error:
        action_from_proto(pb.BurgundyAction())
    assert error.value.reason == "ACTION_MISSING"


def test_views_convert_field_for_field() -> None:
    steps = list(play(3, 5, keen_chooser(5)))
    for step in steps[:: len(steps) // 6]:
        for seat in (None, 0, 2):
            seen = view(step.after, seat)
            wire = view_to_proto(seen)
            assert wire.HasField("viewer") == (seat is not None)
            assert list(wire.pile_sizes) == list(seen.pile_sizes)
            assert [len(d.tiles) for d in wire.depots] == [len(d.tiles) for d in seen.depots]
            for p, shown in zip(wire.players, seen.players, strict=True):
                assert [t.space for t in p.estate] == [t.space for t in shown.estate]
                assert list(p.goods) == list(shown.goods)
                assert (p.points, p.workers, p.silverlings) == (
                    shown.points,
                    shown.workers,
                    shown.silverlings,
                )
            assert MessageToDict(wire)["ruleset"] == "default"


def test_a_finished_game_has_scores_and_places_on_the_wire() -> None:
    last = list(play(2, 9, seeded_chooser(9)))[-1].after
    wire = view_to_proto(view(last, None))
    assert wire.finished and not wire.HasField("active_seat")
    assert sorted(wire.places) == [1, 2] and list(wire.scores) == list(last.scores)
