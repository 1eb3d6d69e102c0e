"""Bruges actions and views between protobuf messages and the pure rules' values."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from tabletop.v1 import bruges_pb2 as pb

from games.bruges import actions as act
from games.bruges.catalogue import Activation, Category, Colour, Group, Phase, TurnStep
from games.bruges.state import PendingKind
from games.bruges.views import (
    BrugesView,
    HouseView,
    PendingView,
    PersonView,
    PileView,
    PlayerView,
)
from games.core.errors import MalformedError

E = TypeVar("E", bound=Enum)


def _values(enum: type[E], proto_enum: Any, prefix: str) -> dict[E, int]:
    return {member: int(proto_enum.Value(f"{prefix}_{member.name}")) for member in enum}


_COLOURS = _values(Colour, pb.BrugesColour, "BRUGES_COLOUR")
_FROM_COLOUR = {number: colour for colour, number in _COLOURS.items()}
_GROUPS = _values(Group, pb.BrugesGroup, "BRUGES_GROUP")
_ACTIVATIONS = _values(Activation, pb.BrugesActivation, "BRUGES_ACTIVATION")
_PHASES = _values(Phase, pb.BrugesPhase, "BRUGES_PHASE")
_STEPS = _values(TurnStep, pb.BrugesTurnStep, "BRUGES_TURN_STEP")
_CATEGORIES = _values(Category, pb.BrugesCategory, "BRUGES_CATEGORY")
_PENDING = _values(PendingKind, pb.BrugesPendingKind, "BRUGES_PENDING_KIND")


def _colour(colour: Colour | None) -> int:
    return 0 if colour is None else _COLOURS[colour]


def _from_colour(number: int) -> Colour | None:
    """Unspecified (or unknown) is "no colour"; decide rejects it where one is needed."""
    return _FROM_COLOUR.get(number)


def action_from_proto(message: pb.BrugesAction) -> act.Action:
    """The rules' action for a wire action; MalformedError when none is set."""
    kind = message.WhichOneof("kind")
    if kind is None:
        raise MalformedError("the Bruges action names no kind", reason="ACTION_MISSING")
    return _FROM_PROTO[kind](getattr(message, kind))


def _required_colour(number: int) -> Colour:
    colour = _from_colour(number)
    if colour is None:
        raise MalformedError("a worker colour is needed", reason="BAD_COLOUR")
    return colour


_FROM_PROTO: dict[str, Callable[[Any], act.Action]] = {
    "draw_card": lambda m: act.DrawCard(m.pile),
    "advance_reputation": lambda m: act.AdvanceReputation(),
    "decline_reputation": lambda m: act.DeclineReputation(),
    "take_workers": lambda m: act.TakeWorkers(m.card),
    "take_guilders": lambda m: act.TakeGuilders(m.card),
    "discard_threat": lambda m: act.DiscardThreat(m.card),
    "build_canal": lambda m: act.BuildCanal(m.card, m.section),
    "build_house": lambda m: act.BuildHouse(m.card),
    "recruit_person": lambda m: act.RecruitPerson(m.card, m.house, _from_colour(m.choice)),
    "activate_person": lambda m: act.ActivatePerson(m.person, _from_colour(m.choice)),
    "end_turn": lambda m: act.EndTurn(),
    "lose_person": lambda m: act.LosePerson(m.card),
    "lose_worker": lambda m: act.LoseWorker(_required_colour(m.colour)),
    "lose_house": lambda m: act.LoseHouse(m.house),
    "lose_canal_token": lambda m: act.LoseCanalToken(m.section),
}


def action_to_proto(action: object) -> pb.BrugesAction:
    match action:
        case act.DrawCard(pile):
            return pb.BrugesAction(draw_card=pb.BrugesDrawCard(pile=pile))
        case act.AdvanceReputation():
            return pb.BrugesAction(advance_reputation=pb.BrugesAdvanceReputation())
        case act.DeclineReputation():
            return pb.BrugesAction(decline_reputation=pb.BrugesDeclineReputation())
        case act.TakeWorkers(card):
            return pb.BrugesAction(take_workers=pb.BrugesTakeWorkers(card=card))
        case act.TakeGuilders(card):
            return pb.BrugesAction(take_guilders=pb.BrugesTakeGuilders(card=card))
        case act.DiscardThreat(card):
            return pb.BrugesAction(discard_threat=pb.BrugesDiscardThreat(card=card))
        case act.BuildCanal(card, section):
            return pb.BrugesAction(build_canal=pb.BrugesBuildCanal(card=card, section=section))
        case act.BuildHouse(card):
            return pb.BrugesAction(build_house=pb.BrugesBuildHouse(card=card))
        case _:
            return _person_action_to_proto(action)


def _person_action_to_proto(action: object) -> pb.BrugesAction:
    match action:
        case act.RecruitPerson(card, house, choice):
            recruit = pb.BrugesRecruitPerson(card=card, house=house, choice=_colour(choice))
            return pb.BrugesAction(recruit_person=recruit)
        case act.ActivatePerson(card, choice):
            activate = pb.BrugesActivatePerson(person=card, choice=_colour(choice))
            return pb.BrugesAction(activate_person=activate)
        case act.EndTurn():
            return pb.BrugesAction(end_turn=pb.BrugesEndTurn())
        case act.LosePerson(card):
            return pb.BrugesAction(lose_person=pb.BrugesLosePerson(card=card))
        case act.LoseWorker(colour):
            return pb.BrugesAction(lose_worker=pb.BrugesLoseWorker(colour=_colour(colour)))
        case act.LoseHouse(house):
            return pb.BrugesAction(lose_house=pb.BrugesLoseHouse(house=house))
        case act.LoseCanalToken(section):
            return pb.BrugesAction(lose_canal_token=pb.BrugesLoseCanalToken(section=section))
    raise TypeError(f"not a Bruges action: {action!r}")


def view_to_proto(view: BrugesView) -> pb.BrugesView:
    return pb.BrugesView(
        viewer=view.viewer,
        ruleset=view.ruleset,
        round=view.round,
        phase=_PHASES[view.phase],
        start_player=view.start_player,
        active_seat=view.active_seat,
        to_act=view.to_act,
        step=_STEPS[view.step],
        dice=view.dice,
        reputation_cost=view.reputation_cost,
        piles=[_pile(p) for p in view.piles],
        extra_size=view.extra_size,
        last_round=view.last_round,
        discard=[_person(p) for p in view.discard],
        statues=view.statues,
        pending=[_pending(p) for p in view.pending],
        players=[_player(p) for p in view.players],
        finished=view.finished,
        scores=view.scores,
        places=view.places,
    )


def _person(person: PersonView) -> pb.BrugesPerson:
    return pb.BrugesPerson(
        id=person.id,
        name=person.name,
        colour=_COLOURS[person.colour],
        group=_GROUPS[person.group],
        cost=person.cost,
        points=person.points,
        activation=_ACTIVATIONS[person.activation],
        worker=_colour(person.worker),
        text=person.text,
    )


def _house(house: HouseView) -> pb.BrugesHouse:
    return pb.BrugesHouse(
        colour=_COLOURS[house.colour],
        card=house.card,
        person=None if house.person is None else _person(house.person),
        turned=house.turned,
    )


def _pile(pile: PileView) -> pb.BrugesPile:
    return pb.BrugesPile(size=pile.size, top=_colour(pile.top))


def _pending(pending: PendingView) -> pb.BrugesPending:
    return pb.BrugesPending(
        seat=pending.seat,
        kind=_PENDING[pending.kind],
        colour=_colour(pending.colour),
        count=pending.count,
    )


def _player(player: PlayerView) -> pb.BrugesPlayer:
    return pb.BrugesPlayer(
        seat=player.seat,
        guilders=player.guilders,
        workers=player.workers,
        threats=player.threats,
        score=player.score,
        reputation=player.reputation,
        canal=player.canal,
        statues=player.statues,
        majorities=[_CATEGORIES[c] for c in player.majorities],
        houses=[_house(h) for h in player.houses],
        hand_size=player.hand_size,
        hand_colours=[_COLOURS[c] for c in player.hand_colours],
        hand_visible=player.hand is not None,
        hand=[_person(p) for p in player.hand or ()],
        played=player.played,
    )
