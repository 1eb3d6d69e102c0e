"""What a seat may know of a Bruges game (docs/architecture.md §4: view hides secrets).

Public: everything in play, every holding, the dice, the discard pile, the size of each pile
and the colour of its top card's back, and the colours of the cards in every hand (a card's
back shows its colour, bruges-data.md §1.2). Private: the faces of a hand (to its owner, and
only once looked at: Phase 1's fresh cards stay unseen until the hand is full) and of a
face-down house (to its owner). Never shown: the order of the piles below their top card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from games.bruges.catalogue import COLOURS, Activation, Category, Colour, Group, Phase, TurnStep
from games.bruges.persons import person
from games.bruges.reputation import base_cost
from games.bruges.state import House, PendingKind, Player, State
from games.bruges.texts import person_text
from games.bruges.turns import round_number, to_act, turn_number


@dataclass(frozen=True)
class PersonView:
    """A person card face up."""

    id: int
    name: str
    colour: Colour
    group: Group
    cost: int
    points: int
    activation: Activation
    worker: Colour | None
    text: str


@dataclass(frozen=True)
class HouseView:
    """A house: its colour is public; ``card`` (the face-down card) only to its owner."""

    colour: Colour
    card: int | None
    person: PersonView | None
    turned: bool


@dataclass(frozen=True)
class PileView:
    size: int
    top: Colour | None  # the colour of the top card's back; None when empty


@dataclass(frozen=True)
class PendingView:
    seat: int
    kind: PendingKind
    colour: Colour | None
    count: int


@dataclass(frozen=True)
class PlayerView:
    """One seat as the viewer sees it; ``hand`` is None unless the viewer may see it."""

    seat: int
    guilders: int
    workers: tuple[int, ...]  # by colour, in COLOURS order
    threats: tuple[int, ...]
    score: int
    reputation: int
    canal: tuple[int, ...]  # tokens per section
    statues: tuple[int, ...]
    majorities: tuple[Category, ...]
    houses: tuple[HouseView, ...]
    hand_size: int
    hand_colours: tuple[Colour, ...]  # every card's back, sorted by colour
    hand: tuple[PersonView, ...] | None
    played: int


@dataclass(frozen=True)
class BrugesView:
    """The game from one seat (``viewer``), or the public view when ``viewer`` is None."""

    viewer: int | None
    ruleset: str
    round: int
    turn: int
    phase: Phase
    start_player: int
    active_seat: int
    to_act: int | None
    step: TurnStep
    dice: tuple[int, ...]  # by colour; empty before the roll
    reputation_cost: int  # the sum of the dice showing 1 or 2, before discounts
    piles: tuple[PileView, ...]
    extra_size: int
    last_round: int | None
    discard: tuple[PersonView, ...]
    statues: tuple[int, ...]  # the stack, top first
    pending: tuple[PendingView, ...]
    players: tuple[PlayerView, ...]
    finished: bool
    scores: tuple[int, ...]
    places: tuple[int, ...]


def view(state: State, seat: int | None) -> BrugesView:
    """What ``seat`` may know; ``None`` is the public view, with no hand or house face."""
    return _view(state, seat, lambda owner: owner == seat, full=False)


def full_view(state: State) -> BrugesView:
    """Everything but the piles' order, every hand and house included: for finished games and
    arbiters."""
    return _view(state, None, lambda _: True, full=True)


def _view(state: State, viewer: int | None, sees: Callable[[int], bool], full: bool) -> BrugesView:
    return BrugesView(
        viewer=viewer,
        ruleset=state.ruleset,
        round=round_number(state),
        turn=turn_number(state),
        phase=state.phase,
        start_player=state.start,
        active_seat=state.active,
        to_act=to_act(state),
        step=state.step,
        dice=state.dice,
        reputation_cost=base_cost(state),
        piles=tuple(PileView(len(p), person(p[0]).colour if p else None) for p in state.piles),
        extra_size=len(state.extra),
        last_round=state.last_round,
        discard=tuple(person_view(c) for c in state.discard),
        statues=state.statues,
        pending=tuple(PendingView(p.seat, p.kind, p.colour, p.count) for p in state.pending),
        players=tuple(
            _player_view(seat, p, sees(seat), full) for seat, p in enumerate(state.players)
        ),
        finished=state.finished,
        scores=state.scores,
        places=state.places,
    )


@functools.cache  # made for every seat after every event; a card reads the same each time
def person_view(card: int) -> PersonView:
    p = person(card)
    return PersonView(
        p.id, p.name, p.colour, p.group, p.cost, p.points, p.activation, p.worker, person_text(p)
    )


def _house_view(house: House, owner_sees: bool, turned: tuple[int, ...]) -> HouseView:
    return HouseView(
        colour=person(house.card).colour,
        card=house.card if owner_sees else None,
        person=None if house.person is None else person_view(house.person),
        turned=house.person is not None and house.person in turned,
    )


def _player_view(seat: int, player: Player, sees: bool, full: bool) -> PlayerView:
    cards = player.hand + player.fresh
    shown = cards if full else player.hand
    return PlayerView(
        seat=seat,
        guilders=player.guilders,
        workers=player.workers,
        threats=player.threats,
        score=player.score,
        reputation=player.reputation,
        canal=player.canal,
        statues=player.statues,
        majorities=player.majorities,
        houses=tuple(_house_view(h, sees, player.turned) for h in player.houses),
        hand_size=len(cards),
        hand_colours=tuple(sorted((person(c).colour for c in cards), key=COLOURS.index)),
        hand=tuple(person_view(c) for c in shown) if sees else None,
        played=player.played,
    )


def track_points_shown(shown: BrugesView) -> tuple[int, ...]:
    """``track_points`` as any view shows them, by seat: the score track is public
    (docs/rules/bruges.md, item 24), so a seat's own replay charts it from its views."""
    return shown.scores or tuple(player.score for player in shown.players)
