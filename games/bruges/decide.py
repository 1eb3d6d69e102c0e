"""``decide(state, seat, action, chance) -> events``: judge one action (docs/architecture.md §4).

The action's own events come first, then every automatic consequence up to the next real
decision (progress.settle). Nonsense raises MalformedError; a well-formed action the rules
forbid now raises a RuleError subclass with a specific reason.
"""

from __future__ import annotations

from games.bruges.actions import (
    Action,
    ActivatePerson,
    AdvanceReputation,
    BuildCanal,
    BuildHouse,
    DeclineReputation,
    DiscardThreat,
    DrawCard,
    EndTurn,
    LoseCanalToken,
    LoseHouse,
    LosePerson,
    LoseWorker,
    RecruitPerson,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.activation import activate, require_activate
from games.bruges.batch import Batch
from games.bruges.canal import build_canal, require_canal
from games.bruges.catalogue import Colour
from games.bruges.disasters import require_loss
from games.bruges.draw import draw, require_draw
from games.bruges.events import Event, ReputationBought, ReputationDeclined, TurnEnded
from games.bruges.persons import CARD_COUNT
from games.bruges.plays import (
    build_house,
    discard_by_card,
    recruit,
    require_discard_threat,
    require_house,
    require_recruit,
    require_take_guilders,
    require_take_workers,
    take_guilders,
    take_workers,
)
from games.bruges.progress import settle
from games.bruges.reputation import climbed, require_advance, require_reputation_turn
from games.bruges.state import State
from games.bruges.turns import require_end_turn, require_to_act
from games.core.chance import Chance
from games.core.errors import MalformedError
from games.core.rules_kit import is_int


def decide(state: State, seat: int, action: Action, chance: Chance) -> tuple[Event, ...]:
    """The events ``action`` by ``seat`` causes, automatic consequences included; raises as
    ``resolve`` does."""
    return resolve(state, seat, action, chance)[0]


def resolve(
    state: State, seat: int, action: Action, chance: Chance
) -> tuple[tuple[Event, ...], tuple[State, ...]]:
    """``decide``'s events, and the state each leads to.

    Raises:
        MalformedError: not a Bruges action, or an id, pile, section or colour out of range.
        GameOverError, NotYourTurnError, NotStartedError: the game is not waiting for ``seat``.
        RuleError subclasses (games.bruges.errors): the rule the action breaks.
    """
    require_well_formed(action)
    require_to_act(state, seat)
    batch = Batch(state)
    _judge(batch, seat, action)
    settle(batch, chance)
    return batch.resolved()


def _judge(batch: Batch, seat: int, action: Action) -> None:
    state = batch.state
    match action:
        case DrawCard(pile):
            draw(batch, seat, pile, require_draw(state, seat, pile))
        case AdvanceReputation():
            batch.add(ReputationBought(seat, require_advance(state, seat)))
            climbed(batch, seat, 1)
        case DeclineReputation():
            require_reputation_turn(state)
            batch.add(ReputationDeclined(seat))
        case ActivatePerson(card, choice):
            activate(batch, seat, card, require_activate(state, seat, card, choice), choice)
        case EndTurn():
            require_end_turn(state)
            batch.add(TurnEnded(seat))
        case LosePerson() | LoseWorker() | LoseHouse() | LoseCanalToken():
            batch.add(require_loss(state, seat, action))
        case _:
            _play(batch, seat, action)


def _play(batch: Batch, seat: int, action: Action) -> None:
    """Seed: Phase 3, the six actions."""
    state = batch.state
    match action:
        case TakeWorkers(card):
            take_workers(batch, seat, card, require_take_workers(state, seat, card))
        case TakeGuilders(card):
            take_guilders(batch, seat, card, require_take_guilders(state, seat, card))
        case DiscardThreat(card):
            require_discard_threat(state, seat, card)
            discard_by_card(batch, seat, card)
        case BuildCanal(card, section):
            build_canal(batch, seat, card, section, require_canal(state, seat, card, section))
        case BuildHouse(card):
            build_house(batch, seat, card, require_house(state, seat, card))
        case RecruitPerson(card, house, choice):
            price = require_recruit(state, seat, card, house, choice)
            recruit(batch, seat, card, house, price, choice)
        case _:
            raise MalformedError("not a Bruges action", reason="UNKNOWN_ACTION")


def require_well_formed(action: object) -> None:
    """Raise MalformedError unless ``action`` is a Bruges action with card ids in 0..164, a
    pile of 0 or 1, a section of 0 or more, and colours that are colours."""
    match action:
        case DrawCard(pile):
            if not is_int(pile) or pile not in (0, 1):
                raise MalformedError("the draw piles are 0 and 1", reason="BAD_PILE")
        case TakeWorkers(card) | TakeGuilders(card) | DiscardThreat(card) | BuildHouse(card):
            _require_card(card)
        case LosePerson(card):
            _require_card(card)
        case LoseHouse(house):
            _require_house(house)
        case BuildCanal(card, section):
            _require_card(card)
            _require_section(section)
        case LoseCanalToken(section):
            _require_section(section)
        case RecruitPerson(card, house, choice):
            _require_card(card)
            _require_house(house)
            _require_colour(choice, optional=True)
        case ActivatePerson(card, choice):
            _require_card(card)
            _require_colour(choice, optional=True)
        case LoseWorker(colour):
            _require_colour(colour, optional=False)
        case AdvanceReputation() | DeclineReputation() | EndTurn():
            pass
        case _:
            raise MalformedError("not a Bruges action", reason="UNKNOWN_ACTION")


def _require_card(card: object) -> None:
    if not is_int(card) or not 0 <= card < CARD_COUNT:
        raise MalformedError(f"card ids are 0..{CARD_COUNT - 1}", reason="BAD_CARD")


def _require_house(house: object) -> None:
    if not is_int(house) or house < 0:
        raise MalformedError("houses are numbered from 0", reason="BAD_HOUSE")


def _require_section(section: object) -> None:
    if not is_int(section) or section < 0:
        raise MalformedError("a canal section is 0 or more", reason="BAD_SECTION")


def _require_colour(colour: object, optional: bool) -> None:
    if colour is None and optional:
        return
    if not isinstance(colour, Colour):
        raise MalformedError("not a colour", reason="BAD_COLOUR")
