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
_COLOUR_NUMBERS = " to ".join(
    f"{number} ({pb.BrugesColour.Name(number)})"
    for number in (min(_COLOURS.values()), max(_COLOURS.values()))
)
_GROUPS = _values(Group, pb.BrugesGroup, "BRUGES_GROUP")
_ACTIVATIONS = _values(Activation, pb.BrugesActivation, "BRUGES_ACTIVATION")
_PHASES = _values(Phase, pb.BrugesPhase, "BRUGES_PHASE")
_STEPS = _values(TurnStep, pb.BrugesTurnStep, "BRUGES_TURN_STEP")
_CATEGORIES = _values(Category, pb.BrugesCategory, "BRUGES_CATEGORY")
_PENDING = _values(PendingKind, pb.BrugesPendingKind, "BRUGES_PENDING_KIND")


def _inverse(values: dict[E, int]) -> dict[int, E]:
    return {number: member for member, number in values.items()}


_FROM_GROUP = _inverse(_GROUPS)
_FROM_ACTIVATION = _inverse(_ACTIVATIONS)
_FROM_PHASE = _inverse(_PHASES)
_FROM_STEP = _inverse(_STEPS)
_FROM_CATEGORY = _inverse(_CATEGORIES)
_FROM_PENDING = _inverse(_PENDING)


def _colour(colour: Colour | None) -> int:
    return 0 if colour is None else _COLOURS[colour]


def _from_colour(number: int) -> Colour | None:
    """A view's colour, as the server writes it: unspecified is "no colour"."""
    return _FROM_COLOUR.get(number)


def action_from_proto(message: pb.BrugesAction) -> act.Action:
    """The rules' action for a wire action; MalformedError when none is set."""
    kind = message.WhichOneof("kind")
    if kind is None:
        raise MalformedError("the Bruges action names no kind", reason="ACTION_MISSING")
    return _FROM_PROTO[kind](getattr(message, kind))


def _chosen_colour(number: int) -> Colour | None:
    """The colour an action names, or none for 0. Any other number BrugesColour does not
    have is refused naming it: read as none, it would pass for a choice never made."""
    if number == 0:
        return None
    colour = _FROM_COLOUR.get(number)
    if colour is None:
        raise MalformedError(
            f"{number} is not a colour: {_COLOUR_NUMBERS}, or 0 for none where the action "
            "allows none",
            reason="BAD_COLOUR",
        )
    return colour


def _required_colour(number: int) -> Colour:
    colour = _chosen_colour(number)
    if colour is None:
        raise MalformedError(f"a worker colour is needed: {_COLOUR_NUMBERS}", reason="BAD_COLOUR")
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
    "recruit_person": lambda m: act.RecruitPerson(m.card, m.house, _chosen_colour(m.choice)),
    "activate_person": lambda m: act.ActivatePerson(m.person, _chosen_colour(m.choice)),
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
        turn=view.turn,
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


def view_from_proto(message: pb.BrugesView) -> BrugesView:
    """The rules' view a wire view carries: ``view_to_proto`` undone, for a client that
    replays the views it was sent (``tabletop replay --token``)."""
    return BrugesView(
        viewer=message.viewer if message.HasField("viewer") else None,
        ruleset=message.ruleset,
        round=message.round,
        turn=message.turn,
        phase=_FROM_PHASE[message.phase],
        start_player=message.start_player,
        active_seat=message.active_seat,
        to_act=message.to_act if message.HasField("to_act") else None,
        step=_FROM_STEP[message.step],
        dice=tuple(message.dice),
        reputation_cost=message.reputation_cost,
        piles=tuple(PileView(p.size, _from_colour(p.top)) for p in message.piles),
        extra_size=message.extra_size,
        last_round=message.last_round if message.HasField("last_round") else None,
        discard=tuple(map(_person_from, message.discard)),
        statues=tuple(message.statues),
        pending=tuple(map(_pending_from, message.pending)),
        players=tuple(map(_player_from, message.players)),
        finished=message.finished,
        scores=tuple(message.scores),
        places=tuple(message.places),
    )


def _person_from(person: pb.BrugesPerson) -> PersonView:
    return PersonView(
        id=person.id,
        name=person.name,
        colour=_FROM_COLOUR[person.colour],
        group=_FROM_GROUP[person.group],
        cost=person.cost,
        points=person.points,
        activation=_FROM_ACTIVATION[person.activation],
        worker=_from_colour(person.worker),
        text=person.text,
    )


def _house_from(house: pb.BrugesHouse) -> HouseView:
    return HouseView(
        colour=_FROM_COLOUR[house.colour],
        card=house.card if house.HasField("card") else None,
        person=_person_from(house.person) if house.HasField("person") else None,
        turned=house.turned,
    )


def _pending_from(pending: pb.BrugesPending) -> PendingView:
    return PendingView(
        seat=pending.seat,
        kind=_FROM_PENDING[pending.kind],
        colour=_from_colour(pending.colour),
        count=pending.count,
    )


def _player_from(player: pb.BrugesPlayer) -> PlayerView:
    return PlayerView(
        seat=player.seat,
        guilders=player.guilders,
        workers=tuple(player.workers),
        threats=tuple(player.threats),
        score=player.score,
        reputation=player.reputation,
        canal=tuple(player.canal),
        statues=tuple(player.statues),
        majorities=tuple(_FROM_CATEGORY[c] for c in player.majorities),
        houses=tuple(map(_house_from, player.houses)),
        hand_size=player.hand_size,
        hand_colours=tuple(_FROM_COLOUR[c] for c in player.hand_colours),
        hand=tuple(map(_person_from, player.hand)) if player.hand_visible else None,
        played=player.played,
    )
