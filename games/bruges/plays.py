"""Phase 3's card plays other than the canal (seed: Actions I, II, III, V and VI).

Every check is a ``require_*`` shared by decide and legal_actions; every producer appends the
play's event and the triggers it fires.
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import WORKERS_PER_ACTION, Activation, Colour, EffectKind, colour_index
from games.bruges.disasters import discard_threat
from games.bruges.effects import require_choice, resolve
from games.bruges.errors import (
    BadChoiceError,
    HouseUnavailableError,
    NotEnoughGuildersError,
    NoThreatError,
    NoWorkerError,
)
from games.bruges.events import GuildersTaken, HouseBuilt, PersonRecruited, WorkersTaken
from games.bruges.passive import boost, builds_houses_free, recruit_discount, triggered
from games.bruges.persons import person
from games.bruges.rulesets import ruleset_of
from games.bruges.state import State, count_of, player_at
from games.bruges.turns import require_card_play


def require_take_workers(state: State, seat: int, card: int) -> int:
    """Action I: 2 workers of the card's colour, plus any boost. Returns the count."""
    player = require_card_play(state, seat, card)
    return WORKERS_PER_ACTION + boost(player, EffectKind.BOOST_WORKERS)


def take_workers(batch: Batch, seat: int, card: int, count: int) -> None:
    """Seed: Action I. The card is played for ``count`` workers of its colour."""
    batch.add(WorkersTaken(seat, card, person(card).colour, count))


def require_take_guilders(state: State, seat: int, card: int) -> int:
    """Action II: the value of the die of the card's colour, plus any boost."""
    player = require_card_play(state, seat, card)
    die = state.dice[colour_index(person(card).colour)]
    return die + boost(player, EffectKind.BOOST_GUILDERS)


def take_guilders(batch: Batch, seat: int, card: int, amount: int) -> None:
    """Seed: Action II. The card is played for ``amount`` guilders."""
    batch.add(GuildersTaken(seat, card, amount))


def require_discard_threat(state: State, seat: int, card: int) -> None:
    """Action III: return one marker of the card's colour (one must be held)."""
    player = require_card_play(state, seat, card)
    colour = person(card).colour
    if not count_of(player.threats, colour):
        raise NoThreatError(f"you hold no {colour.value} threat marker")


def discard_by_card(batch: Batch, seat: int, card: int) -> None:
    """Seed: Action III. The card is played to return one marker of its colour, for the
    usual reward (docs/rules/bruges.md, item 11)."""
    discard_threat(batch, seat, person(card).colour, card=card)


def require_house(state: State, seat: int, card: int) -> Colour | None:
    """Action V: pay 1 worker of the card's colour (none with a free-house person). Returns
    the worker colour paid."""
    player = require_card_play(state, seat, card)
    if builds_houses_free(player):
        return None
    colour = person(card).colour
    if not count_of(player.workers, colour):
        raise NoWorkerError(f"a house of that card needs a {colour.value} worker")
    return colour


def build_house(batch: Batch, seat: int, card: int, worker: Colour | None) -> None:
    """Seed: Action V. The card goes face down as a house, paid with a ``worker`` (None when a
    person builds it free); persons paid per house react."""
    batch.add(HouseBuilt(seat, card, worker))
    batch.add(*triggered(player_at(batch.state, seat), seat, EffectKind.ON_HOUSE_VP))


def recruit_price(state: State, seat: int, card: int) -> int:
    """The person's cost less its owner's discounts, never below 0."""
    recruit = person(card)
    return max(0, recruit.cost - recruit_discount(player_at(state, seat), recruit))


def require_recruit(state: State, seat: int, card: int, house: int, choice: Colour | None) -> int:
    """Action VI: an empty house of yours (of the person's colour, by the seed) and the price.
    Returns the guilders to pay."""
    player = require_card_play(state, seat, card)
    if house >= len(player.houses) or player.houses[house].person is not None:
        raise HouseUnavailableError("that is not one of your empty houses")
    recruit = person(card)
    home = person(player.houses[house].card)
    if ruleset_of(state.ruleset).matching_houses and home.colour is not recruit.colour:
        raise HouseUnavailableError(f"a {recruit.colour.value} person needs a house of its colour")
    price = recruit_price(state, seat, card)
    if player.guilders < price:
        raise NotEnoughGuildersError(f"that person costs {price} guilders")
    if recruit.activation is Activation.IMMEDIATE:
        require_choice(state, seat, recruit.effect, choice)
    elif choice is not None:
        raise BadChoiceError("that person asks no question when recruited")
    return price


def recruit(
    batch: Batch, seat: int, card: int, house: int, price: int, choice: Colour | None
) -> None:
    """The person moves in; persons already there react; an immediate effect resolves."""
    reactions = triggered(player_at(batch.state, seat), seat, EffectKind.ON_RECRUIT_VP)
    batch.add(PersonRecruited(seat, card, house, price), *reactions)
    recruited = person(card)
    if recruited.activation is Activation.IMMEDIATE:
        resolve(batch, seat, recruited, choice)
