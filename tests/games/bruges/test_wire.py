"""The wire format: every Bruges action met in random games survives the trip to protobuf and
back, every view converts, and a message naming no action is malformed."""

from __future__ import annotations

import pytest
from tabletop.v1 import bruges_pb2 as pb

from games.bruges import actions as act
from games.bruges import full_view, legal_actions, view
from games.bruges.actions import ACTION_TYPES, Action
from games.bruges.catalogue import Colour
from games.core import MalformedError
from wire.bruges import action_from_proto, action_to_proto, view_to_proto

from .randomplay import keen_chooser, play


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_every_legal_action_round_trips_through_protobuf(ruleset: str) -> None:
    kinds: set[type] = set()
    for seed in range(3):
        for step in play(3, seed, keen_chooser(seed), ruleset):
            for action in legal_actions(step.before, step.seat):
                wire = pb.BrugesAction.FromString(action_to_proto(action).SerializeToString())
                assert action_from_proto(wire) == action
                kinds.add(type(action))
    assert len(kinds) >= len(ACTION_TYPES) - 4


def test_every_kind_of_action_round_trips() -> None:
    samples: list[Action] = [
        act.DrawCard(1),
        act.AdvanceReputation(),
        act.DeclineReputation(),
        act.TakeWorkers(4),
        act.TakeGuilders(5),
        act.DiscardThreat(6),
        act.BuildCanal(7, 1),
        act.BuildHouse(8),
        act.RecruitPerson(9, 2, Colour.PURPLE),
        act.RecruitPerson(9, 0),
        act.ActivatePerson(10, Colour.YELLOW),
        act.ActivatePerson(10),
        act.EndTurn(),
        act.LosePerson(11),
        act.LoseWorker(Colour.BROWN),
        act.LoseHouse(1),
        act.LoseCanalToken(1),
    ]
    assert {type(a) for a in samples} == set(ACTION_TYPES)
    for action in samples:
        assert action_from_proto(action_to_proto(action)) == action


def test_a_message_without_an_action_is_malformed() -> None:
    with pytest.raises(MalformedError) as error:
        action_from_proto(pb.BrugesAction())
    assert error.value.reason == "ACTION_MISSING"
    with pytest.raises(MalformedError):
        action_from_proto(pb.BrugesAction(lose_worker=pb.BrugesLoseWorker()))


@pytest.mark.parametrize(
    ("message", "number"),
    [
        (pb.BrugesAction(recruit_person=pb.BrugesRecruitPerson(card=9, house=0, choice=99)), 99),
        (pb.BrugesAction(activate_person=pb.BrugesActivatePerson(person=10, choice=6)), 6),
        (pb.BrugesAction(lose_worker=pb.BrugesLoseWorker(colour=42)), 42),
    ],
    ids=["recruit", "activate", "lose worker"],
)
def test_a_colour_number_the_enum_does_not_have_is_malformed(
    message: pb.BrugesAction, number: int
) -> None:
    """A number outside BrugesColour (an open enum on the wire) is refused naming it, never
    read as "no choice": a recruit whose person asks no question would then be stored with a
    choice its sender never made."""
    with pytest.raises(MalformedError) as error:
        action_from_proto(message)
    assert error.value.reason == "BAD_COLOUR"
    assert str(error.value) == (
        f"{number} is not a colour: 1 (BRUGES_COLOUR_BLUE) to 5 (BRUGES_COLOUR_YELLOW),"
        " or 0 for none where the action allows none"
    )


def test_every_view_of_a_game_converts() -> None:
    for number, step in enumerate(play(4, 9, keen_chooser(9), "published")):
        if number % 15:
            continue
        for seat in (None, 0, 1, 2, 3):
            message = view_to_proto(view(step.after, seat))
            assert message.ruleset == "published" and len(message.players) == 4
            assert message.HasField("viewer") == (seat is not None)
        full = view_to_proto(full_view(step.after))
        assert all(p.hand_visible for p in full.players)
