"""Threats and disasters (seed: Phase 2 step 1, Threat Penalties; bruges-data.md §2.5).

A third marker of one colour strikes: the three markers go back, then the ruleset's disaster
for that colour takes its loss. When the loss leaves a choice (which person, which worker,
which house or canal token), its victim decides; otherwise it resolves by itself.

Under ``default`` each disaster strikes as its marker arrives, and the later dice of the roll
wait for its loss (``dice.hand_out``), so several disasters resolve one by one in the dice's
colour order. Under ``published`` a player's disasters of one roll strike together
(``dice.hand_out_together``) and their victim chooses the order (bruges-data.md §2.5, "Several
disasters at once: the affected player chooses the order"): every loss of every disaster still
waiting is offered at once, and the one taken settles its own colour's disaster first. A
disaster is never asked about where the order cannot change what it takes (``order_free``).
docs/rules/bruges.md, item 10, gives both readings and why.
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
from games.bruges.evolve import evolve
from games.bruges.passive import is_immune, triggered
from games.bruges.rulesets import Disaster, ruleset_of
from games.bruges.state import PendingKind, Player, State, count_of, player_at
from games.bruges.turns import require_pending
from games.core.wording import listed

LossAction = LosePerson | LoseWorker | LoseHouse | LoseCanalToken


def receive_threat(batch: Batch, seat: int, colour: Colour, person: int | None = None) -> None:
    """``seat`` takes one ``colour`` marker (unless a protector keeps it away); the marker
    pays its trigger, and the third of a colour strikes at once (seed: Phase 2 step 1;
    bruges-data.md §2.5; docs/rules/bruges.md, items 5 and 28)."""
    if take_marker(batch, seat, colour, person) and (
        count_of(player_at(batch.state, seat).threats, colour) >= THREATS_FOR_DISASTER
    ):
        strike(batch, seat, colour)


def take_marker(batch: Batch, seat: int, colour: Colour, person: int | None = None) -> bool:
    """``seat`` takes one ``colour`` marker, which pays its trigger, unless a protector keeps
    it away; True when it was taken. A third marker is left to strike by the caller."""
    player = player_at(batch.state, seat)
    if is_immune(player, colour):
        return False
    batch.add(ThreatReceived(seat, colour, person))
    batch.add(*triggered(player, seat, EffectKind.ON_THREAT_GUILDERS))
    return True


def discard_threat(
    batch: Batch, seat: int, colour: Colour, card: int | None = None, person: int | None = None
) -> None:
    """One ``colour`` marker goes back, by Action III or an effect, for the ruleset's reward:
    +1 guilder (seed: Action III) or +1 VP (published, bruges-data.md §2.5)."""
    vp = int(ruleset_of(batch.state.ruleset).threat_reward_vp)
    batch.add(ThreatDiscarded(seat, colour, card, person, guilders=1 - vp, vp=vp))
    batch.add(*triggered(player_at(batch.state, seat), seat, EffectKind.THREAT_DISCARD_VP))


def strike_together(batch: Batch, seat: int, colours: tuple[Colour, ...]) -> None:
    """The disasters of ``colours`` hit ``seat`` at once (published, bruges-data.md §2.5): each
    is resolved now when neither its loss nor its place in the order is a choice, the others
    wait for the victim to choose which loss to take first."""
    for i, colour in enumerate(colours):
        strike(batch, seat, colour, later=colours[i + 1 :])


def strike(batch: Batch, seat: int, colour: Colour, later: tuple[Colour, ...] = ()) -> None:
    """The disaster of ``colour`` hits ``seat``: resolved now, or left to the seat's choice
    (``later`` are the seat's disasters striking with it, not yet struck)."""
    others = waiting_losses(batch.state, seat) + later
    if not order_free(batch.state, seat, colour, others):
        batch.add(DisasterStruck(seat, colour, awaiting_choice=True))
        return
    (loss,) = loss_options(batch.state, seat, colour)
    batch.add(DisasterStruck(seat, colour), DisasterResolved(seat, colour, loss))


def settle_forced_loss(batch: Batch) -> bool:
    """Resolve a loss of the seat asked first when neither it nor its place in the order is a
    choice; True when one was."""
    head = batch.state.pending[0] if batch.state.pending else None
    if head is None or head.kind is not PendingKind.LOSS:
        return False
    waiting = waiting_losses(batch.state, head.seat)
    for colour in waiting:
        others = tuple(c for c in waiting if c is not colour)
        if order_free(batch.state, head.seat, colour, others):
            (loss,) = loss_options(batch.state, head.seat, colour)
            batch.add(DisasterResolved(head.seat, colour, loss))
            return True
    return False


def waiting_losses(state: State, seat: int) -> tuple[Colour, ...]:
    """The colours of ``seat``'s disasters waiting for its choice, in the order they struck."""
    return tuple(
        p.colour
        for p in state.pending
        if p.seat == seat and p.kind is PendingKind.LOSS and p.colour is not None
    )


def order_free(state: State, seat: int, colour: Colour, others: tuple[Colour, ...]) -> bool:
    """Whether ``colour``'s disaster takes the same one loss whatever ``others`` take first,
    and leaves each of them the same losses to choose from: then the order cannot change the
    outcome, and nobody is asked (docs/rules/bruges.md, item 10). Checked pair by pair, which
    is exact while no three disasters interact: of the published ones only the plague and the
    fire do, and the default ruleset never has two waiting together."""
    options = loss_options(state, seat, colour)
    if len(options) != 1:
        return False
    after = _after(state, seat, colour, options[0])
    for other in others:
        if loss_options(after, seat, other) != loss_options(state, seat, other):
            return False
        for loss in loss_options(state, seat, other):
            if loss_options(_after(state, seat, other, loss), seat, colour) != options:
                return False
    return True


def _after(state: State, seat: int, colour: Colour, loss: Loss) -> State:
    """The table had ``colour``'s disaster taken ``loss`` from ``seat``."""
    return evolve(state, DisasterResolved(seat, colour, loss))


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
    """The victim chooses one of the losses its waiting disasters allow, which settles that
    loss's disaster first (seed: Threat Penalties; bruges-data.md §2.5, "the affected player
    chooses the order"; docs/rules/bruges.md, items 8 to 10)."""
    require_pending(state, PendingKind.LOSS)
    loss = loss_of(action, state, seat)
    waiting = waiting_losses(state, seat)
    for colour in waiting:
        if loss in loss_options(state, seat, colour):
            return DisasterResolved(seat, colour, loss)
    if len(waiting) == 1:
        raise BadLossError(f"the {waiting[0].value} disaster does not allow that loss")
    names = listed([c.value for c in waiting])
    raise BadLossError(f"none of the {names} disasters allows that loss")


def offered_losses(state: State, seat: int) -> tuple[Loss, ...]:
    """Every loss ``seat`` may choose now: those of all its waiting disasters, in the order
    they struck (bruges-data.md §2.5: the victim orders several disasters by the loss it
    takes first)."""
    return tuple(
        loss for colour in waiting_losses(state, seat) for loss in loss_options(state, seat, colour)
    )


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
