"""Buying from the opportunity track and resolving Event cards (seed: OPPORTUNITY PHASE and
the Events of the COMMON DECK CARD LIST).

Every Event except the six "counts as N gold" vouchers resolves as soon as it is bought
(notes §4.9); its dice and its effect on every seat are recorded in the events.
"""

from __future__ import annotations

from games.bourgeoisie.actions import BuyCard
from games.bourgeoisie.catalogue import (
    CORRUPTION_STEAL,
    CUNNING_DICE,
    CUNNING_DIE,
    DISASTER_DIE,
    DIVERSIFY_DIE,
    REINVEST_COST,
    CardKind,
    Effect,
    Phase,
    Resource,
    card,
    disaster_of,
    discard_kind_of,
    is_immediate,
    upgrade_of,
)
from games.bourgeoisie.errors import BadTargetError, NotEnoughOpportunityError, SlotEmptyError
from games.bourgeoisie.events import (
    CardBought,
    DisasterStruck,
    Event,
    EventWasted,
    InvestmentDiscarded,
    OpportunityGained,
    SilverGained,
    SilverStolen,
    UpgradesPlaced,
)
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.state import Player, State, owner_of, player_at
from games.bourgeoisie.turns import require_phase
from games.core.chance import Chance


def require_buy(state: State, seat: int, slot: int, target: int | None) -> int:
    """Seed: OPPORTUNITY PHASE. The card in ``slot`` costs ``slot`` tokens; a targeted Event
    must name one of its legal targets. Returns the card bought."""
    require_phase(state, Phase.OPPORTUNITY)
    card_id = state.track[slot - 1]
    if card_id is None:
        raise SlotEmptyError(f"slot {slot} is empty")
    if player_at(state, seat).opportunity < slot:
        raise NotEnoughOpportunityError(f"slot {slot} costs {slot} opportunity tokens")
    require_target(state, seat, card_id, target)
    return card_id


def target_kind(card_id: int) -> CardKind | None:
    """The kind of card in play an immediately resolved Event acts on, if it targets one."""
    upgrade = upgrade_of(card_id)
    return discard_kind_of(card_id) if upgrade is None else upgrade[0]


def targets(state: State, seat: int, card_id: int) -> tuple[int, ...]:
    """Legal targets of a targeted Event: cards of its kind in any seat's current family, in
    seat order (retired families are set aside and immune, notes §3.2 and §4.11). Reinvest
    has none unless the buyer can pay its 3 gold."""
    kind = target_kind(card_id)
    if kind is None:
        return ()
    if card(card_id).effect is Effect.REINVEST and player_at(state, seat).gold < REINVEST_COST:
        return ()
    found: list[int] = []
    for player in state.players:
        if player.family is not None:
            found += [c for c in player.family.cards if card(c).kind is kind]
    return tuple(found)


def require_target(state: State, seat: int, card_id: int, target: int | None) -> None:
    """A target is required exactly when the Event has a legal one (notes §4.9)."""
    options = targets(state, seat, card_id)
    if target is None and options:
        raise BadTargetError(f"{card(card_id).name} needs a target")
    if target is not None and target not in options:
        raise BadTargetError(f"that is not a target {card(card_id).name} can take")


def buy(state: State, seat: int, action: BuyCard, chance: Chance) -> tuple[Event, ...]:
    """Take the card into the hand, or resolve an immediate Event on the spot."""
    card_id = require_buy(state, seat, action.slot, action.target)
    bought = CardBought(seat, action.slot, card_id, action.slot, not is_immediate(card_id))
    if bought.kept:
        return (bought,)
    # The effect is judged after paying, so Plague counts the buyer's remaining tokens.
    return (bought, resolve(evolve(state, bought), seat, card_id, action.target, chance))


def resolve(state: State, seat: int, card_id: int, target: int | None, chance: Chance) -> Event:
    """The effect of an immediately resolved Event, with its dice."""
    effect = card(card_id).effect
    resource = disaster_of(card_id)
    if resource is not None:
        return _disaster(state, seat, card_id, resource, chance.roll(DISASTER_DIE))
    if effect is Effect.CORRUPTION:
        takings = tuple(
            0 if s == seat else min(CORRUPTION_STEAL, p.silver) for s, p in enumerate(state.players)
        )
        return SilverStolen(seat, card_id, takings)
    if effect is Effect.CUNNING:
        rolls = tuple(chance.roll(CUNNING_DIE) for _ in range(CUNNING_DICE))
        return SilverGained(seat, card_id, rolls, sum(rolls))
    if effect is Effect.DIVERSIFY_PORTFOLIO:
        return OpportunityGained(seat, card_id, chance.roll(DIVERSIFY_DIE))
    return _targeted(state, seat, card_id, target)


def _targeted(state: State, seat: int, card_id: int, target: int | None) -> Event:
    owner = None if target is None else owner_of(state, target)
    if target is None or owner is None:
        return EventWasted(seat, card_id)
    upgrade = upgrade_of(card_id)
    if upgrade is not None:
        gold = REINVEST_COST if card(card_id).effect is Effect.REINVEST else 0
        return UpgradesPlaced(seat, card_id, owner, target, upgrade[1], gold)
    family = player_at(state, owner).family
    lost = 0 if family is None else family.upgrades_on(target)
    return InvestmentDiscarded(seat, card_id, owner, target, lost)


def _disaster(state: State, seat: int, card_id: int, resource: Resource, roll: int) -> Event:
    # One roll for everybody, the buyer included; nobody goes below zero (notes §3.5).
    losses = tuple(min(roll, _holding(p, resource)) for p in state.players)
    return DisasterStruck(seat, card_id, resource, roll, losses)


def _holding(player: Player, resource: Resource) -> int:
    match resource:
        case Resource.SILVER:
            return player.silver
        case Resource.GOLD:
            return player.gold
        case Resource.OPPORTUNITY:
            return player.opportunity
