"""What a person does when recruited (immediate) or activated (worker or free ongoing): the
interpreter of the gain and opponent effects of ``catalogue.EffectKind`` (bruges-data.md §1.6).
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import COLOURS, Colour, Effect, EffectKind, Person
from games.bruges.disasters import discard_threat, receive_threat
from games.bruges.errors import BadChoiceError
from games.bruges.events import DrawsOwed, Payout
from games.bruges.reputation import climb
from games.bruges.scoring import per_amount
from games.bruges.state import State, count_of, opponents, player_at

K = EffectKind


def effect_choices(state: State, seat: int, effect: Effect) -> tuple[Colour | None, ...]:
    """The answers an effect's question allows: a worker colour when none is printed, the
    colour of threat to discard (None when no marker is held); (None,) for every other."""
    if effect.kind is K.GAIN_WORKERS and effect.colour is None:
        return COLOURS
    if effect.kind is K.DISCARD_THREAT:
        threats = player_at(state, seat).threats
        held = tuple(c for c in COLOURS if count_of(threats, c))
        return held or (None,)
    return (None,)


def require_choice(state: State, seat: int, effect: Effect, choice: Colour | None) -> None:
    if choice not in effect_choices(state, seat, effect):
        raise BadChoiceError(f"that choice does not fit the effect ({effect.kind.value})")


def resolve(batch: Batch, seat: int, person: Person, choice: Colour | None) -> None:
    """Carry out ``person``'s gain or opponent effect for ``seat``."""
    effect, pid = person.effect, person.id
    match effect.kind:
        case K.GAIN_GUILDERS:
            _pay(batch, Payout(seat, pid, guilders=effect.amount))
        case K.GAIN_WORKERS:
            colour = effect.colour or choice or Colour.BLUE
            workers = tuple(effect.amount * int(c is colour) for c in COLOURS)
            _pay(batch, Payout(seat, pid, workers=workers))
        case K.GAIN_VP:
            _pay(batch, Payout(seat, pid, vp=effect.amount))
        case K.DISCARD_THREAT:
            _discard(batch, seat, pid, choice, effect.amount)
        case K.ADVANCE_REPUTATION:
            climb(batch, seat, effect.amount, pid)
        case K.DRAW_CARDS:
            batch.add(DrawsOwed(seat, effect.amount, pid))
        case K.GUILDERS_PER:
            amount = per_amount(player_at(batch.state, seat), effect)
            _pay(batch, Payout(seat, pid, guilders=amount))
        case K.VP_PER:
            _pay(batch, Payout(seat, pid, vp=per_amount(player_at(batch.state, seat), effect)))
        case _:
            _against_opponents(batch, seat, person)


def _against_opponents(batch: Batch, seat: int, person: Person) -> None:
    """Effects that hit every other player, clockwise from the owner's left."""
    effect, pid = person.effect, person.id
    taken = 0
    for other in opponents(batch.state, seat):
        victim = player_at(batch.state, other)
        match effect.kind:
            case K.OPPONENTS_THREAT:
                receive_threat(batch, other, effect.colour or Colour.BLUE, pid)
            case K.OPPONENTS_LOSE_GUILDERS | K.STEAL_GUILDERS:
                loss = min(effect.amount, victim.guilders)
                taken += loss
                _pay(batch, Payout(other, pid, guilders=-loss))
            case K.OPPONENTS_LOSE_VP:
                _pay(batch, Payout(other, pid, vp=-min(effect.amount, victim.score)))
            case _:
                return  # passive kinds never reach here
    if effect.kind is K.STEAL_GUILDERS:
        _pay(batch, Payout(seat, pid, guilders=taken))


def _discard(batch: Batch, seat: int, pid: int, colour: Colour | None, amount: int) -> None:
    """Up to ``amount`` markers of the chosen colour go back, each for the usual reward."""
    if colour is None:
        return
    held = count_of(player_at(batch.state, seat).threats, colour)
    for _ in range(min(amount, held)):
        discard_threat(batch, seat, colour, person=pid)


def _pay(batch: Batch, payout: Payout) -> None:
    """Record a payout unless it changes nothing."""
    if payout.guilders or payout.vp or payout.reputation or any(payout.workers):
        batch.add(payout)
