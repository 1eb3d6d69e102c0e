"""Threats and disasters (seed: Phase 2 step 1, Threat Penalties; bruges-data.md §2.5).

A third marker of one colour strikes at once: the three markers go back, then the ruleset's
disaster for that colour takes its loss. When the loss leaves a choice (which person, which
worker, which house or canal token), its victim decides, and the later dice of the roll hand
out their markers only once it has (``dice.hand_out``); otherwise it resolves by itself.
Several disasters in one roll therefore resolve one by one in the dice's colour order, not in
an order their victim chooses (docs/rules/bruges.md, item 10, says why, and when that costs the
victim an outcome).
"""

from __future__ import annotations

from games.bruges.actions import LoseCanalToken, LoseHouse, LosePerson, LoseWorker
from games.bruges.batch import Batch
from games.bruges.catalogue import (
    COLOURS,
    DISASTER_GUILDERS,
    DISASTER_VP,
    THREATS_FOR_DISASTER,
    Colour,
    EffectKind,
)
from games.bruges.errors import BadLossError
from games.bruges.events import (
    DisasterResolved,
    DisasterStruck,
    Loss,
    ThreatDiscarded,
    ThreatReceived,
)
from games.bruges.passive import is_immune, triggered
from games.bruges.rulesets import Disaster, ruleset_of
from games.bruges.state import PendingKind, Player, State, count_of, player_at
from games.bruges.turns import require_pending

LossAction = LosePerson | LoseWorker | LoseHouse | LoseCanalToken


def receive_threat(batch: Batch, seat: int, colour: Colour, person: int | None = None) -> None:
    """``seat`` takes one ``colour`` marker (unless a protector keeps it away); the marker
    pays its trigger, and the third of a colour strikes at once (seed: Phase 2 step 1;
    bruges-data.md §2.5; docs/rules/bruges.md, items 5 and 28)."""
    player = player_at(batch.state, seat)
    if is_immune(player, colour):
        return
    batch.add(ThreatReceived(seat, colour, person))
    batch.add(*triggered(player, seat, EffectKind.ON_THREAT_GUILDERS))
    if count_of(player_at(batch.state, seat).threats, colour) >= THREATS_FOR_DISASTER:
        strike(batch, seat, colour)


def discard_threat(
    batch: Batch, seat: int, colour: Colour, card: int | None = None, person: int | None = None
) -> None:
    """One ``colour`` marker goes back, by Action III or an effect, for the ruleset's reward:
    +1 guilder (seed: Action III) or +1 VP (published, bruges-data.md §2.5)."""
    vp = int(ruleset_of(batch.state.ruleset).threat_reward_vp)
    batch.add(ThreatDiscarded(seat, colour, card, person, guilders=1 - vp, vp=vp))
    batch.add(*triggered(player_at(batch.state, seat), seat, EffectKind.THREAT_DISCARD_VP))


def strike(batch: Batch, seat: int, colour: Colour) -> None:
    """The disaster of ``colour`` hits ``seat``: resolved now, or left to the seat's choice."""
    options = loss_options(batch.state, seat, colour)
    if len(options) > 1:
        batch.add(DisasterStruck(seat, colour, awaiting_choice=True))
        return
    batch.add(DisasterStruck(seat, colour), DisasterResolved(seat, colour, options[0]))


def settle_forced_loss(batch: Batch) -> bool:
    """Resolve the first pending loss when it leaves no choice; True when it did."""
    pending = batch.state.pending[0] if batch.state.pending else None
    if pending is None or pending.kind is not PendingKind.LOSS or pending.colour is None:
        return False
    options = loss_options(batch.state, pending.seat, pending.colour)
    if len(options) > 1:
        return False
    batch.add(DisasterResolved(pending.seat, pending.colour, options[0]))
    return True


def disaster_of(state: State, colour: Colour) -> Disaster:
    return ruleset_of(state.ruleset).disasters[COLOURS.index(colour)]


def loss_options(state: State, seat: int, colour: Colour) -> tuple[Loss, ...]:
    """Every loss the disaster may take from ``seat``; (Loss(),) when there is nothing."""
    player = player_at(state, seat)
    match disaster_of(state, colour):
        case Disaster.LOSE_VP:
            options: tuple[Loss, ...] = (Loss(vp=min(DISASTER_VP, player.score)),)
        case Disaster.LOSE_GUILDERS:
            options = (Loss(guilders=min(DISASTER_GUILDERS, player.guilders)),)
        case Disaster.LOSE_ALL_GUILDERS:
            options = (Loss(guilders=player.guilders),)
        case Disaster.LOSE_ALL_WORKERS:
            options = (Loss(workers=player.workers),)
        case Disaster.LOSE_WORKER:
            options = tuple(_one_worker(c) for c in COLOURS if count_of(player.workers, c))
        case Disaster.LOSE_PERSON:
            options = tuple(Loss(person=p) for p in player.persons)
        case Disaster.LOSE_CANAL_TOKEN:
            options = _canal_losses(player)
        case Disaster.LOSE_HOUSE_OR_CANAL:
            options = _house_losses(player) + _canal_losses(player)
    return options or (Loss(),)


def _one_worker(colour: Colour) -> Loss:
    return Loss(workers=tuple(int(c is colour) for c in COLOURS))


def _canal_losses(player: Player) -> tuple[Loss, ...]:
    """Only the last token of a section can go (bruges-data.md §2.5, no gaps)."""
    return tuple(Loss(section=s) for s, tokens in enumerate(player.canal) if tokens)


def _house_losses(player: Player) -> tuple[Loss, ...]:
    """A burnt house is discarded; the person in it goes back to the hand."""
    return tuple(Loss(house=i, to_hand=h.person) for i, h in enumerate(player.houses))


def loss_of(action: LossAction, state: State, seat: int) -> Loss:
    """The loss a LoseX action names (a burnt house's person goes back to the hand)."""
    match action:
        case LosePerson(card):
            return Loss(person=card)
        case LoseWorker(colour):
            return _one_worker(colour)
        case LoseHouse(house):
            houses = player_at(state, seat).houses
            return Loss(house=house, to_hand=houses[house].person if house < len(houses) else None)
        case LoseCanalToken(section):
            return Loss(section=section)


def require_loss(state: State, seat: int, action: LossAction) -> DisasterResolved:
    """The pending disaster's victim chooses one of the losses it allows (seed: Threat
    Penalties; bruges-data.md §2.5; docs/rules/bruges.md, items 8 and 9)."""
    pending = require_pending(state, PendingKind.LOSS)
    colour = pending.colour or Colour.BLUE  # a LOSS always names its colour
    loss = loss_of(action, state, seat)
    if loss not in loss_options(state, seat, colour):
        raise BadLossError(f"the {colour.value} disaster does not allow that loss")
    return DisasterResolved(seat, colour, loss)


def loss_action(loss: Loss) -> LossAction | None:
    """The action that chooses ``loss`` (None for a loss nobody chooses)."""
    if loss.person is not None:
        return LosePerson(loss.person)
    if loss.house is not None:
        return LoseHouse(loss.house)
    if loss.section is not None:
        return LoseCanalToken(loss.section)
    if sum(loss.workers) == 1:
        return LoseWorker(COLOURS[loss.workers.index(1)])
    return None
