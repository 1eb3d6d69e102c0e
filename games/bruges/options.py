"""One line of English per action a seat may choose, saying what it gains and what it costs,
as the rules' own checks work them out (the same ``require_*`` functions decide runs), so a
description never works out a number of its own; an action the rules refuse now is named
without them. The events' lines are in ``describe.py``."""

from __future__ import annotations

from typing import NamedTuple

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
from games.bruges.activation import require_activate
from games.bruges.batch import Batch
from games.bruges.canal import board, require_canal
from games.bruges.catalogue import Activation, Colour, EffectKind, Person
from games.bruges.decide import require_well_formed
from games.bruges.disasters import LossAction, require_loss, waiting_losses
from games.bruges.effects import resolve
from games.bruges.events import Payout, ThreatDiscarded
from games.bruges.passive import ongoing, recruit_discounters, triggered
from games.bruges.persons import person
from games.bruges.plays import (
    discard_by_card,
    require_discard_threat,
    require_house,
    require_recruit,
    require_take_guilders,
    require_take_workers,
)
from games.bruges.reputation import reputation_cost
from games.bruges.rulesets import CanalBoard
from games.bruges.state import Player, State, player_at
from games.bruges.texts import canal_name, card_name
from games.bruges.turns import to_act
from games.core.errors import GameError
from games.core.wording import counted


def describe_action(state: State, action: Action) -> str:
    """One readable line for an action of the seat to act in ``state``; building a canal
    space and recruiting a person name their price there, discounts counted (seed: actions
    IV and VI), a canal play also the space it builds and what that scores, and the
    reputation step its price and the step reached, or the step kept (seed: Phase 2 step 2)."""
    seat = to_act(state)
    match action:
        case LosePerson() | LoseWorker() | LoseHouse() | LoseCanalToken() if seat is not None:
            return _loss(state, seat, action)
        case BuildCanal(card, section) if seat is not None:
            return _canal_play(state, player_at(state, seat), card, section)
        case RecruitPerson() if seat is not None:
            return _recruit_play(state, seat, action)
        case AdvanceReputation() if seat is not None:
            return _reputation_step(state, seat)
        case DeclineReputation() if seat is not None:
            return f"stay on reputation step {player_at(state, seat).reputation}"
        case _:
            return _action_text(action) + _price(state, action)


def _loss(state: State, seat: int, action: LossAction) -> str:
    """A loss the seat's disaster takes; where several of its disasters wait (published rules:
    the victim orders them by the loss it takes first, data §2.5), also the one it settles."""
    if isinstance(action, LoseCanalToken):
        text = f"lose the last token of {canal_name(state.ruleset, action.section, 'your')}"
    else:
        text = _describe_other(action)
    if len(waiting_losses(state, seat)) < 2:
        return text
    try:
        settled = require_loss(state, seat, action)
    except GameError:  # a loss none of them allows: said as it is, and refused if sent
        return text
    return f"{text}, to the {settled.colour.value} disaster first"


def _reputation_step(state: State, seat: int) -> str:
    """The step's price, the dice showing 1 or 2 less the seat's discounts, and the step it
    reaches (seed: Phase 2 step 2; docs/rules/bruges.md, item 6: free with no such die)."""
    cost = reputation_cost(state, seat)
    to = f"climb the reputation track to step {player_at(state, seat).reputation + 1}"
    return f"pay {counted(cost, 'guilder')} to {to}" if cost else f"{to}, for free"


def _canal_play(state: State, player: Player, card: int, section: int) -> str:
    """``play X to build canal space 3 for 4 guilders, scoring 3 VP``: the space the token
    goes on ("section N" only on a canal of several sections), its price and what it earns
    (seed: Action IV; bruges-data.md §2.2)."""
    canal = board(state)
    play = f"play {card_name(card)} to build "
    if not 0 <= section < min(canal.sections, len(player.canal)):
        return play + f"canal section {section}"  # refused: no such section to name a space of
    space = player.canal[section] + 1
    where = f"canal space {space}"
    if canal.sections > 1:
        where = f"space {space} of canal section {section}"
    if space > canal.length:
        return play + where  # refused: the section is complete
    price = _price(state, BuildCanal(card, section))
    first = space > player.canal_peak[section]
    return play + where + price + _canal_gains(state, canal, space, first)


def _canal_gains(state: State, canal: CanalBoard, space: int, first: bool) -> str:
    """What building ``space`` earns: its printed VP and a statue the first time it is built,
    VP at game end while it stands (seed: Action IV; bruges-data.md §2.2 and §3.7)."""
    gains = []
    if first and canal.build_vp[space - 1]:
        gains.append(f"scoring {canal.build_vp[space - 1]} VP")
    if canal.end_vp[space - 1]:
        gains.append(f"worth {canal.end_vp[space - 1]} VP at game end")
    if first and space in canal.statue_spaces and state.statues:
        gains.append(f"taking the statue worth {state.statues[0]}")
    return "".join(f", {gain}" for gain in gains)


def _price(state: State, action: Action) -> str:
    seat = to_act(state)
    if seat is None:
        return ""
    try:
        require_well_formed(action)
        player = player_at(state, seat)
        match action:
            case BuildCanal(card, section):
                price = require_canal(state, seat, card, section)
                discounters = ongoing(player, EffectKind.CANAL_DISCOUNT)
            case RecruitPerson(card, house, choice):
                price = require_recruit(state, seat, card, house, choice)
                discounters = recruit_discounters(player, person(card))
            case TakeWorkers(card) | TakeGuilders(card) | DiscardThreat(card) | BuildHouse(card):
                return _card_play_terms(state, seat, action)
            case ActivatePerson(card, choice):
                return _activation_terms(state, seat, card, choice)
            case _:
                return ""
    except GameError:
        return ""  # an action the rules refuse now has no price to name
    return f" for {counted(price, 'guilder')}{_discounts(discounters)}"


def _recruit_play(state: State, seat: int, action: RecruitPerson) -> str:
    """``recruit X into house 1 for 3 guilders, choosing red: discards a red marker for +1
    guilder``: the price comes before the choice of an immediate effect, so that it is not read
    as the price of the choice, and a person that discards threat markers at once says what
    they earn, as activating one does (seed: Action VI; docs/rules/bruges.md, item 11)."""
    recruit = f"recruit {card_name(action.card)} into house {action.house}"
    price = _price(state, action)
    if not price:
        return recruit + _choice(action.choice)  # refused now: no price, nothing resolves
    reactions = _paid_for(triggered(player_at(state, seat), seat, EffectKind.ON_RECRUIT_VP))
    choice, discard = _choice(action.choice), _recruit_discard(state, seat, action)
    return recruit + price + reactions + choice + discard


def _paid_for(payouts: tuple[Payout, ...]) -> str:
    """``, +1 VP (Dame Kateline of Damme)``: what the seat's persons in play pay when it
    recruits another (our cards: ``ON_RECRUIT_VP``), as the rules' own ``triggered`` pays it
    when the recruit is played (``plays.recruit``)."""
    return "".join(f", {_gains(p.guilders, p.vp)} ({card_name(p.person)})" for p in payouts)


def _recruit_discard(state: State, seat: int, action: RecruitPerson) -> str:
    """``: discards 2 red markers for +2 guilders``, for a person whose immediate effect
    discards markers of the colour chosen; "" for any other (bruges-data.md §1.6)."""
    recruited = person(action.card)
    if recruited.activation is not Activation.IMMEDIATE or action.choice is None:
        return ""
    if recruited.effect.kind is not EffectKind.DISCARD_THREAT:
        return ""
    batch = Batch(state)
    resolve(batch, seat, recruited, action.choice)
    return _discards(action.choice, _discard_reward(batch))


def _discards(colour: Colour, reward: DiscardReward) -> str:
    """``: discards 2 red markers for +2 guilders``: the markers a person's effect sends
    back, and what they earn (seed: Action III, "Discard 1 Threat marker ... Gain 1 guilder
    each time you discard a threat"); "" where no marker goes back."""
    if not reward.markers:
        return ""
    discarded = f"a {colour.value} marker"
    if reward.markers > 1:
        discarded = f"{reward.markers} {colour.value} markers"
    return f": discards {discarded} for {reward.own}{reward.persons}"


def _discounts(discounters: tuple[Person, ...]) -> str:
    """`` (2 off for Cartographer Filips)``: whose ongoing effects took what off the price,
    so that a price below the die or the printed cost explains itself (seed: persons'
    ongoing effects; bruges-data.md §1.7)."""
    if not discounters:
        return ""
    return f" ({', '.join(f'{p.effect.amount} off for {p.name}' for p in discounters)})"


def _card_play_terms(
    state: State, seat: int, action: TakeWorkers | TakeGuilders | DiscardThreat | BuildHouse
) -> str:
    """What a basic card play gains or costs, as the rules' own checks work it out, boosts
    counted (seed: actions I, II, III and V; docs/rules/bruges.md, item 11)."""
    colour = person(action.card).colour.value
    match action:
        case TakeWorkers(card):
            return f": {counted(require_take_workers(state, seat, card), colour + ' worker')}"
        case TakeGuilders(card):
            return f": {counted(require_take_guilders(state, seat, card), 'guilder')}"
        case DiscardThreat(card):
            require_discard_threat(state, seat, card)
            batch = Batch(state)
            discard_by_card(batch, seat, card)
            return f" ({colour}){_for_markers(_discard_reward(batch))}"
        case BuildHouse(card):
            paid = require_house(state, seat, card)
            return f", paying a {paid.value} worker" if paid is not None else ", free"


def _activation_terms(state: State, seat: int, card: int, choice: Colour | None) -> str:
    """``: discards 2 red markers for +2 guilders``: the markers activating a person that
    discards threat markers sends back, each for the same reward as Action III's
    (docs/rules/bruges.md, item 11); "" for any other effect, and where no marker of the
    chosen colour is held (seed: Person types; bruges-data.md §1.6)."""
    require_activate(state, seat, card, choice)
    activated = person(card)
    if activated.effect.kind is not EffectKind.DISCARD_THREAT or choice is None:
        return ""
    batch = Batch(state)
    resolve(batch, seat, activated, choice)
    return _discards(choice, _discard_reward(batch))


class DiscardReward(NamedTuple):
    """What sending threat markers back earns: how many go back, what they earn themselves
    (``+2 guilders``) and what the seat's persons pay for them (`` and +2 VP (Prior Jan)``)."""

    markers: int
    own: str
    persons: str


def _for_markers(reward: DiscardReward) -> str:
    """``, for +1 guilder and +1 VP (Prior Jan)``: what Action III's one marker earns (the
    option has said it discards it); "" where none goes back."""
    return f", for {reward.own}{reward.persons}" if reward.markers else ""


def _discard_reward(batch: Batch) -> DiscardReward:
    """What the discards in ``batch`` earn. ``batch`` holds the events of the rules' own
    discard (``disasters.discard_threat``, through the play or effect that discards), run on
    the state described and kept by nothing, so each marker's reward, +1 guilder by the seed
    (Action III) or +1 VP when ``published`` (bruges-data.md §2.5; docs/rules/bruges.md, item
    11), and what the seat's persons pay whenever it discards one (``THREAT_DISCARD_VP``,
    Prior Jan) are what the rules pay, worked out once."""
    discarded = [e for e in batch.events if isinstance(e, ThreatDiscarded)]
    own = _gains(sum(e.guilders for e in discarded), sum(e.vp for e in discarded))
    paid: dict[int, tuple[int, int]] = {}
    for payout in (e for e in batch.events if isinstance(e, Payout)):
        guilders, vp = paid.get(payout.person, (0, 0))
        paid[payout.person] = (guilders + payout.guilders, vp + payout.vp)
    persons = "".join(f" and {_gains(g, vp)} ({card_name(who)})" for who, (g, vp) in paid.items())
    return DiscardReward(len(discarded), own, persons)


def _gains(guilders: int, vp: int) -> str:
    """``+2 guilders``, ``+1 VP``, or both joined by "and"."""
    parts = ["+" + counted(guilders, "guilder") if guilders else "", f"+{vp} VP" if vp else ""]
    return " and ".join(part for part in parts if part)


def _action_text(action: Action) -> str:
    match action:
        case DrawCard(pile):
            return f"draw from pile {pile}"
        case AdvanceReputation():
            return "pay to climb the reputation track"
        case DeclineReputation():
            return "stay on the reputation track"
        case TakeWorkers(card):
            return f"play {card_name(card)} for workers"
        case TakeGuilders(card):
            return f"play {card_name(card)} for guilders"
        case DiscardThreat(card):
            return f"play {card_name(card)} to discard a threat marker"
        case BuildCanal(card, section):
            return f"play {card_name(card)} to build canal section {section}"
        case BuildHouse(card):
            return f"play {card_name(card)} as a house"
        case RecruitPerson(card, house, choice):
            return f"recruit {card_name(card)} into house {house}{_choice(choice)}"
        case _:
            return _describe_other(action)


def _describe_other(action: Action) -> str:
    match action:
        case ActivatePerson(card, choice):
            return f"activate {card_name(card)}{_choice(choice)}"
        case EndTurn():
            return "end the turn"
        case LosePerson(card):
            return f"lose {card_name(card)}"
        case LoseWorker(colour):
            return f"lose a {colour.value} worker"
        case LoseHouse(house):
            return f"lose house {house}"
        case _:
            return "an unknown action"


def _choice(choice: Colour | None) -> str:
    return "" if choice is None else f", choosing {choice.value}"
