"""One readable English line per event and per action (docs/architecture.md §4), revealing
nothing a view would hide: the deck's order above all."""

from __future__ import annotations

from games.bourgeoisie.actions import (
    Action,
    BuyCard,
    DiscardCard,
    EndPhase,
    Invest,
    PlaceFamily,
    PlaceTrade,
    Retire,
    SellCard,
)
from games.bourgeoisie.catalogue import (
    CARD_COUNT,
    HAND_LIMIT,
    REINVEST_COST,
    RETIRE_MUST,
    CardKind,
    Effect,
    card,
    is_immediate,
    voucher_of,
)
from games.bourgeoisie.decide import forced_retirement_ahead
from games.bourgeoisie.events import (
    CardBought,
    CardDiscarded,
    CardSold,
    DeckShuffled,
    DisasterStruck,
    Event,
    EventWasted,
    FamilyDealt,
    FamilyPlaced,
    FamilyRetired,
    FamilyScore,
    FirstSeatChosen,
    GameEnded,
    GoldForfeited,
    InvestmentDiscarded,
    InvestmentMade,
    OpportunityGained,
    OpportunityRolled,
    PhaseBegan,
    RevenueCollected,
    SeatScore,
    SilverConverted,
    SilverGained,
    SilverStolen,
    StartingSilverRolled,
    TrackAdvanced,
    TrackLaidOut,
    TradePlaced,
    TurnBegan,
    UpgradesPlaced,
)
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.hand import sale_value
from games.bourgeoisie.noblement import must_retire, retirement
from games.bourgeoisie.opportunity import target_kind, targets
from games.bourgeoisie.placement import gold_due, require_invest
from games.bourgeoisie.scoring import revenue, score_seat
from games.bourgeoisie.state import Player, State
from games.core.errors import GameError


def describe(event: Event, ruleset: str) -> str:
    """One readable English line for an event, revealing nothing a view would hide (the
    deck's order above all); it reads the same under every ``ruleset``."""
    match event:
        case DeckShuffled(deck):
            return f"The deck was shuffled ({len(deck)} cards)"
        case TrackLaidOut(cards):
            return f"The track was laid out: {_names(cards)}"
        case FirstSeatChosen(seat):
            return f"Seat {seat} was drawn to go first"
        case TurnBegan(seat, turn):
            return f"Turn {turn}: seat {seat} begins"
        case PhaseBegan(seat, phase):
            return f"Seat {seat} entered the {phase.value} phase"
        case TrackAdvanced(discarded, revealed):
            gone = "nothing" if discarded is None else _name(discarded)
            return f"The track slid down: {gone} left slot 1; revealed {_names(revealed)}"
        case GameEnded(scores, places):
            ranked = "; ".join(_seat_result(s, p) for s, p in zip(scores, places, strict=True))
            return f"The game ended: {ranked}"
        case _:
            return _describe_seat_event(event)


def _describe_seat_event(event: Event) -> str:
    match event:
        case FamilyDealt(seat, c):
            return f"Seat {seat} starts with the {_name(c)} family"
        case StartingSilverRolled(seat, roll):
            return f"Seat {seat} rolled {roll} starting silver"
        case FamilyPlaced(seat, c):
            return f"Seat {seat} put the {_name(c)} family in play"
        case TradePlaced(seat, c, gold, vouchers) | InvestmentMade(seat, c, gold, vouchers):
            return f"Seat {seat} put {_name(c)} in play for {_payment(gold, vouchers)}"
        case RevenueCollected(seat, silver):
            return f"Seat {seat} collected {silver} silver of revenue"
        case OpportunityRolled(seat, roll):
            return f"Seat {seat} rolled {_tokens(roll, 'opportunity')}"
        case CardBought(seat, slot, c, cost, _):
            return f"Seat {seat} bought {_name(c)} (slot {slot}) for {_tokens(cost, 'opportunity')}"
        case CardSold(seat, c, silver):
            return f"Seat {seat} sold {_name(c)} for {silver} silver"
        case SilverConverted(seat, silver, gold):
            return f"Seat {seat} converted {silver} silver into {gold} gold"
        case FamilyRetired(seat, c, income, forced):
            how = "had to retire" if forced else "retired"
            return f"Seat {seat} {how} the {_name(c)} family at {income} silver per turn"
        case GoldForfeited(seat, gold):
            return f"Seat {seat} discarded {gold} gold on retiring"
        case CardDiscarded(seat, c):
            return f"Seat {seat} discarded {_name(c)} down to the hand limit"
        case _:
            return _describe_event_card(event)


def _describe_event_card(event: Event) -> str:
    match event:
        case DisasterStruck(seat, c, resource, roll, losses):
            lost = ", ".join(f"seat {s} lost {n}" for s, n in enumerate(losses))
            return f"Seat {seat}'s {_name(c)}: rolled {roll} {resource.value}; {lost}"
        case SilverStolen(seat, c, takings):
            return f"Seat {seat}'s {_name(c)} took {sum(takings)} silver from the other seats"
        case SilverGained(seat, c, rolls, silver):
            return f"Seat {seat}'s {_name(c)}: rolled {rolls}, gained {silver} silver"
        case OpportunityGained(seat, c, roll):
            return f"Seat {seat}'s {_name(c)}: gained {_tokens(roll, 'opportunity')}"
        case UpgradesPlaced(seat, c, owner, target, tokens, gold):
            paid = f" for {gold} gold" if gold else ""
            on = f"seat {owner}'s {_name(target)}"
            return f"Seat {seat}'s {_name(c)} put {_tokens(tokens, 'upgrade')} on {on}{paid}"
        case InvestmentDiscarded(seat, c, owner, target, _):
            return f"Seat {seat}'s {_name(c)} discarded seat {owner}'s {_name(target)}"
        case EventWasted(seat, c):
            return f"Seat {seat}'s {_name(c)} had no effect"
        case _:
            return type(event).__name__


def _tokens(count: int, kind: str) -> str:
    """``count`` tokens of ``kind`` ("1 opportunity token", "3 upgrade tokens")."""
    return f"{count} {kind} token" + ("" if count == 1 else "s")


def _name(card_id: int) -> str:
    # describe_action may see an action decide has not judged yet; never fail on it.
    return card(card_id).name if 0 <= card_id < CARD_COUNT else f"card {card_id}"


def _names(cards: tuple[int, ...]) -> str:
    return ", ".join(_name(c) for c in cards) or "nothing"


def _payment(gold: int, vouchers: tuple[int, ...]) -> str:
    parts = [f"{gold} gold", *(_name(v) for v in vouchers)]
    return " and ".join(parts)


def _seat_result(score: SeatScore, place: int) -> str:
    """``seat 0 35 PP (place 2: Serfs 13, Bankers 17, +5 for the retired families after the
    first)``: each family's points, a retired family's penalty without an Office, and the
    bonus for every retired family after the first (seed: END GAME SCORING)."""
    parts = [f"{_name(f.family)} {f.total}" + _penalty(f) for f in score.families]
    if score.retirement_bonus:
        parts.append(f"+{score.retirement_bonus} for the retired families after the first")
    return f"seat {score.seat} {score.total} PP (place {place}: {', '.join(parts)})"


def _penalty(family: FamilyScore) -> str:
    return f" with -{family.penalty} for no Office" if family.penalty else ""


def describe_action(state: State, action: Action) -> str:
    """One readable English line for an action of the seat to act in ``state``, saying what it
    costs and gives: a purchase names the card in the slot, its price (seed: the card in slot
    N costs N tokens) and, for an Event, what it does."""
    match action:
        case BuyCard(slot, target) if (bought := _in_slot(state, slot)) is not None:
            aim = "" if target is None else f", targeting {_name(target)}"
            price = _tokens(slot, "opportunity")
            note = _event_note(state, bought, target) + _forced_next(state, action)
            return f"buy {_name(bought)} from slot {slot} for {price}{aim}{note}"
        case _:
            return _action_text(state, action)


def _in_slot(state: State, slot: int) -> int | None:
    # describe_action may see a slot out of range or empty; it then names the slot alone.
    return state.track[slot - 1] if 1 <= slot <= len(state.track) else None


def _event_note(state: State, bought: int, target: int | None) -> str:
    """What an Event bought does (seed: COMMON DECK CARD LIST), and that it would be wasted
    when it names no target and has no legal one now (docs/rules/bourgeoisie.md item 9)."""
    c = card(bought)
    if c.kind is not CardKind.EVENT:
        return ""
    if not is_immediate(bought):
        return f" — event kept in hand: {c.text}"
    kind = target_kind(bought)
    if kind is None or target is not None or targets(state, state.active, bought):
        return f" — event: {c.text}"
    return f" — event: {c.text}; {_why_no_target(state, bought, kind)}: it would have no effect"


def _why_no_target(state: State, bought: int, kind: CardKind) -> str:
    short = (
        card(bought).effect is Effect.REINVEST and state.players[state.active].gold < REINVEST_COST
    )
    if short:
        return f"you have less than the {REINVEST_COST} gold it costs"
    return f"no {kind.value.title()} in any current family now"


def _action_text(state: State, action: Action) -> str:
    match action:
        case PlaceFamily(c):
            return f"put the {_name(c)} family in play, at no cost"
        case PlaceTrade(c, vouchers):
            return f"put {_name(c)} in play for {_price(c, vouchers)}"
        case Invest(c, vouchers):
            return f"put {_name(c)} in play for {_price(c, vouchers)}{_forcing(state, c, vouchers)}"
        case BuyCard(slot, target):
            aim = "" if target is None else f", targeting {_name(target)}"
            return f"buy the card in slot {slot}{aim}"
        case SellCard(c):
            return f"sell {_name(c)} for {_sale(c)}" + _forced_next(state, action)
        case Retire():
            return _retire_text(state)
        case DiscardCard(c):
            return f"discard {_name(c)} (down to the hand limit of {HAND_LIMIT}; it gives nothing)"
        case EndPhase():
            return "end the phase" + _forced_next(state, action)


def _price(card_id: int, vouchers: tuple[int, ...]) -> str:
    """``2 gold``, or ``1 gold and Capital (counts as 5 gold)`` (seed: a card costs gold equal
    to its value; a voucher counts as N gold toward its kind)."""
    if not 0 <= card_id < CARD_COUNT:
        return "its value in gold"
    gold = gold_due(card_id, vouchers)
    spent = [f"{_name(v)} ({card(v).text})" if 0 <= v < CARD_COUNT else _name(v) for v in vouchers]
    return " and ".join([f"{gold} gold", *spent])


def _sale(card_id: int) -> str:
    """``0 silver (an Event has no value); if you keep it instead, it counts as 5 gold toward
    a Trade``. Seed: CAPITAL PHASE, silver equal to the card's value; an Event sells for 0
    (notes §4.7), and a voucher is worth its gold only kept in hand (notes §3.3;
    docs/rules/bourgeoisie.md item 11), which selling gives up: the alternative is said after
    the sale, not inside its brackets."""
    if not 0 <= card_id < CARD_COUNT:
        return "its value in silver"
    silver = f"{sale_value(card_id)} silver"
    if card(card_id).kind is not CardKind.EVENT:
        return silver
    kept = f"; if you keep it instead, it {card(card_id).text}" if voucher_of(card_id) else ""
    return f"{silver} (an Event has no value){kept}"


def _retire_text(state: State) -> str:
    """Seed: NOBLEMENT PHASE, the family is set aside and all gold is discarded."""
    player = state.players[state.active] if state.players else None
    if player is None or player.family is None:
        return "retire the current family, discarding all your gold"
    name, income = _name(player.family.family), revenue(player.family)
    return f"retire the {name} family at {income} silver per turn, {_retiring(state, False)}"


def _retiring(state: State, forced: bool) -> str:
    """What retiring the active seat's family now discards and changes in its prestige
    points, from the rules' own retirement events (seed: NOBLEMENT PHASE) and end-game scoring
    of the seat before and after them (seed: END GAME SCORING): ``discarding all 7 gold, +5 PP
    as a retired family after the first``, ``with no gold to discard, -5 PP for no Office``."""
    events = retirement(state, state.active, forced)
    forfeited = [e.gold for e in events if isinstance(e, GoldForfeited)]
    text = "with no gold to discard"
    if forfeited:
        text = (
            "discarding its 1 gold" if forfeited[0] == 1 else f"discarding all {forfeited[0]} gold"
        )
    after = state
    for event in events:
        after = evolve(after, event)
    seat = state.active
    points = _points_retiring(seat, state.players[seat], after.players[seat])
    return f"{text}, {points}" if points else text


def retirement_points(before: State, event: Event, after: State) -> str:
    """The prestige points a retirement gains or loses, which ``FamilyRetired`` does not
    record, said as the option to retire says them (``_retiring``), from the seat before and
    after it (seed: END GAME SCORING): ``-5 PP for no Office``. A family forced to retire at
    50+ has no option that would say them (seed: NOBLEMENT PHASE). "" for any other event,
    and for a retirement that changes no points (``GameRules.unrecorded_effect``)."""
    if not isinstance(event, FamilyRetired):
        return ""
    seat = event.seat
    return _points_retiring(seat, before.players[seat], after.players[seat])


def _points_retiring(seat: int, before: Player, after: Player) -> str:
    """What retiring ``before``'s family (leaving ``after``) changes in ``seat``'s prestige
    points: ``+5 PP as a retired family after the first, -5 PP for no Office``; "" when
    nothing (seed: END GAME SCORING). The family retired scores after those retired before."""
    if before.family is None or after.family is not None:
        return ""
    before_score, after_score = score_seat(seat, before), score_seat(seat, after)
    bonus = after_score.retirement_bonus - before_score.retirement_bonus
    penalty = after_score.families[len(before.retired)].penalty
    said = [f"+{bonus} PP as a retired family after the first"] if bonus else []
    return ", ".join(said + ([f"-{penalty} PP for no Office"] if penalty else []))


def _forced_next(state: State, action: Action) -> str:
    """An action after which the family making 50+ silver per turn retires at once, even
    without an Office (seed: NOBLEMENT PHASE; docs/rules/bourgeoisie.md items 18 and 19):
    ending the Investment phase, and ending the Opportunity or Capital phase, selling the last
    card or buying the last affordable one when the phases between offer nothing. ``; the
    Serfs family, at 52 silver per turn, must then retire, discarding all 7 gold``, the gold
    counted after the Conversion phase on the way. "" when another decision comes first,
    below 50, and where an Event's die decides the way there."""
    # describe_action may see a table without players; never fail on it.
    ahead = forced_retirement_ahead(state, action) if state.players else None
    family = None if ahead is None else ahead.players[ahead.active].family
    if ahead is None or family is None:
        return ""
    name, income = _name(family.family), revenue(family)
    return f"; the {name} family, at {income} silver per turn, must then retire, " + _retiring(
        ahead, True
    )


def _forcing(state: State, card_id: int, vouchers: tuple[int, ...]) -> str:
    """``; the family then makes 52 silver per turn and must retire this turn (50+)``: an
    investment after which the family makes the revenue at which it must retire in the
    Noblement phase ahead (seed: NOBLEMENT PHASE; docs/rules/bourgeoisie.md item 18, revenue
    recomputed then), which follows at once when no other investment is possible; "" for any
    other, and for one the rules refuse now."""
    seat = state.active
    try:
        gold = require_invest(state, seat, card_id, vouchers)
    except GameError:
        return ""
    after = evolve(state, InvestmentMade(seat, card_id, gold, vouchers))
    player = after.players[seat]
    if not must_retire(player):
        return ""
    makes = f"; the family then makes {revenue(player.family)} silver per turn"
    return f"{makes} and must retire this turn ({RETIRE_MUST}+)"
