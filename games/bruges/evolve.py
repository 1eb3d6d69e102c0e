"""``evolve(state, event) -> state``: apply one recorded fact (docs/architecture.md §4, evolve
applies).

Total and dumb: no validation, no chance, no scoring; every outcome is read from the event.
"""

from __future__ import annotations

from typing import assert_never

from games.bruges.catalogue import COLOURS, Phase, TurnStep
from games.bruges.events import (
    CanalBuilt,
    CardDrawn,
    DiceRolled,
    DisasterResolved,
    DisasterStruck,
    DrawsForfeited,
    DrawsOwed,
    Event,
    ExtraPileOpened,
    GameEnded,
    GuildersTaken,
    HandLookedAt,
    HouseBuilt,
    Loss,
    MajorityWon,
    Payout,
    PersonActivated,
    PersonRecruited,
    PhaseBegan,
    PilesDealt,
    PileSplit,
    ReputationBought,
    ReputationDeclined,
    RoundBegan,
    RoundEnded,
    StartPlayerChosen,
    StatueClaimed,
    ThreatDiceHeldBack,
    ThreatDiceResumed,
    ThreatDiscarded,
    ThreatReceived,
    TurnBegan,
    TurnEnded,
    WorkersTaken,
)
from games.bruges.state import (
    House,
    Pending,
    PendingKind,
    State,
    added,
    player_at,
    with_player,
    without,
)
from games.core.frozen import replace


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    match event:
        case PilesDealt() | ExtraPileOpened() | PileSplit() | CardDrawn() | HandLookedAt():
            return _pile_event(state, event)
        case DrawsOwed() | DrawsForfeited() | DisasterStruck() | DisasterResolved():
            return _pending_event(state, event)
        case WorkersTaken() | GuildersTaken() | ThreatDiscarded() | CanalBuilt():
            return _play_event(state, event)
        case HouseBuilt() | PersonRecruited() | PersonActivated() | Payout() | StatueClaimed():
            return _build_event(state, event)
        case _:
            return _flow_event(state, event)


def _flow_event(state: State, event: Event) -> State:
    match event:
        case StartPlayerChosen(seat):
            return replace(state, start=seat, active=seat)
        case RoundBegan(number, start):
            # The start player's Phase 1 draw is the round's first turn, not yet begun, as
            # TurnBegan and PhaseBegan begin every other (docs/rules/bruges.md, "How a round
            # runs in the engine").
            return replace(
                state,
                round=number,
                turn=state.turn + 1,
                start=start,
                active=start,
                phase=Phase.DRAW,
                step=TurnStep.STARTED,
                dice=(),
            )
        case TurnBegan(seat):
            return replace(state, active=seat, turn=state.turn + 1, step=TurnStep.STARTED)
        case DiceRolled(_, dice):
            return replace(state, dice=dice, phase=Phase.THREATS)
        case ThreatReceived(seat, colour):
            return _set_fields(
                state, seat, threats=added(player_at(state, seat).threats, colour, 1)
            )
        case ThreatDiceHeldBack(colours):
            return replace(state, threat_dice=colours)
        case ThreatDiceResumed():
            return replace(state, threat_dice=())
        case PhaseBegan(phase):
            # Phases 2 and 3 begin with the start player's turn (docs/rules/bruges.md,
            # "Counting turns").
            return replace(
                state,
                phase=phase,
                active=state.start,
                turn=state.turn + 1,
                step=TurnStep.STARTED,
            )
        case ReputationBought(seat, paid):
            p = player_at(state, seat)
            state = _set_fields(
                state, seat, guilders=p.guilders - paid, reputation=p.reputation + 1
            )
            return replace(state, step=TurnStep.DONE)
        case ReputationDeclined() | TurnEnded():
            return replace(state, step=TurnStep.DONE)
        case MajorityWon(seat, category):
            return _set_fields(
                state, seat, majorities=(*player_at(state, seat).majorities, category)
            )
        case RoundEnded(_, next_start):
            players = tuple(replace(p, turned=(), played=0) for p in state.players)
            return replace(state, players=players, start=next_start)
        case GameEnded(scores, places):
            totals = tuple(score.total for score in scores)
            return replace(state, finished=True, phase=Phase.OVER, scores=totals, places=places)
        case _:
            return state


def _pile_event(
    state: State, event: PilesDealt | ExtraPileOpened | PileSplit | CardDrawn | HandLookedAt
) -> State:
    match event:
        case PilesDealt(piles, extra):
            return replace(state, piles=piles, extra=extra)
        case ExtraPileOpened(pile, last_round):
            state = _set_pile(state, pile, state.extra)
            return replace(state, extra=(), last_round=last_round)
        case PileSplit(pile, count):
            other = state.piles[1 - pile]
            keep = len(other) - count
            return _set_pile(_set_pile(state, 1 - pile, other[:keep]), pile, other[keep:])
        case CardDrawn(seat, pile, card, effect):
            state = _set_pile(state, pile, state.piles[pile][1:])
            p = player_at(state, seat)
            if not effect:
                return _set_fields(state, seat, fresh=(*p.fresh, card))
            state = _set_fields(state, seat, hand=(*p.hand, card))
            return _count_down_draws(state, seat)
        case HandLookedAt(seat):
            p = player_at(state, seat)
            return _set_fields(state, seat, hand=p.hand + p.fresh, fresh=())
        case _:
            assert_never(event)


def _pending_event(
    state: State, event: DrawsOwed | DrawsForfeited | DisasterStruck | DisasterResolved
) -> State:
    match event:
        case DrawsOwed(seat, count):
            return _push(state, Pending(seat, PendingKind.DRAW, count=count))
        case DrawsForfeited(seat):
            return _pop(state, seat, PendingKind.DRAW)
        case DisasterStruck(seat, colour, awaiting_choice):
            i = COLOURS.index(colour)
            threats = player_at(state, seat).threats
            state = _set_fields(state, seat, threats=(*threats[:i], 0, *threats[i + 1 :]))
            if awaiting_choice:
                return _push(state, Pending(seat, PendingKind.LOSS, colour))
            return state
        case DisasterResolved(seat, colour, loss):
            return _settled(_apply_loss(state, seat, loss), Pending(seat, PendingKind.LOSS, colour))
        case _:
            assert_never(event)


def _play_event(
    state: State, event: WorkersTaken | GuildersTaken | ThreatDiscarded | CanalBuilt
) -> State:
    match event:
        case WorkersTaken(seat, card, colour, count):
            state = _played(state, seat, card)
            return _set_fields(
                state, seat, workers=added(player_at(state, seat).workers, colour, count)
            )
        case GuildersTaken(seat, card, amount):
            state = _played(state, seat, card)
            return _set_fields(state, seat, guilders=player_at(state, seat).guilders + amount)
        case ThreatDiscarded(seat, colour, card, _, guilders, vp):
            if card is not None:
                state = _played(state, seat, card)
            p = player_at(state, seat)
            return _set_fields(
                state,
                seat,
                threats=added(p.threats, colour, -1),
                guilders=p.guilders + guilders,
                score=p.score + vp,
            )
        case CanalBuilt(seat, card, section, paid, vp):
            return _canal_built(_played(state, seat, card), seat, section, paid, vp)
        case _:
            assert_never(event)


def _build_event(
    state: State, event: HouseBuilt | PersonRecruited | PersonActivated | Payout | StatueClaimed
) -> State:
    match event:
        case HouseBuilt(seat, card, worker):
            state = _played(state, seat, card, to_discard=False)
            p = player_at(state, seat)
            workers = p.workers if worker is None else added(p.workers, worker, -1)
            return _set_fields(state, seat, houses=(*p.houses, House(card)), workers=workers)
        case PersonRecruited(seat, card, house, paid):
            state = _played(state, seat, card, to_discard=False)
            p = player_at(state, seat)
            houses = tuple(
                replace(h, person=card) if i == house else h for i, h in enumerate(p.houses)
            )
            return _set_fields(state, seat, houses=houses, guilders=p.guilders - paid)
        case PersonActivated(seat, person, worker):
            p = player_at(state, seat)
            workers = p.workers if worker is None else added(p.workers, worker, -1)
            return _set_fields(state, seat, turned=(*p.turned, person), workers=workers)
        case Payout():
            return _paid_out(state, event)
        case StatueClaimed(seat, statue):
            state = replace(state, statues=without(state.statues, statue))
            return _set_fields(state, seat, statues=(*player_at(state, seat).statues, statue))
        case _:
            assert_never(event)


def _paid_out(state: State, payout: Payout) -> State:
    p = player_at(state, payout.seat)
    return _set_fields(
        state,
        payout.seat,
        guilders=p.guilders + payout.guilders,
        score=p.score + payout.vp,
        reputation=p.reputation + payout.reputation,
        workers=tuple(a + b for a, b in zip(p.workers, payout.workers, strict=True)),
    )


def _set_fields(state: State, seat: int, **changes: object) -> State:
    """The state with the seat's player's fields set to ``changes``."""
    return with_player(state, seat, replace(player_at(state, seat), **changes))


def _set_pile(state: State, pile: int, cards: tuple[int, ...]) -> State:
    piles = (cards, state.piles[1]) if pile == 0 else (state.piles[0], cards)
    return replace(state, piles=piles)


def _played(state: State, seat: int, card: int, to_discard: bool = True) -> State:
    """A card left the hand for one of the six actions: one of the round's four plays."""
    p = player_at(state, seat)
    state = _set_fields(state, seat, hand=without(p.hand, card), played=p.played + 1)
    state = replace(state, step=TurnStep.PLAYED)
    return replace(state, discard=(*state.discard, card)) if to_discard else state


def _canal_built(state: State, seat: int, section: int, paid: int, vp: int) -> State:
    p = player_at(state, seat)
    canal = tuple(n + 1 if i == section else n for i, n in enumerate(p.canal))
    peak = tuple(max(a, b) for a, b in zip(p.canal_peak, canal, strict=True))
    return _set_fields(
        state, seat, canal=canal, canal_peak=peak, guilders=p.guilders - paid, score=p.score + vp
    )


def _apply_loss(state: State, seat: int, loss: Loss) -> State:
    p = player_at(state, seat)
    p = replace(
        p,
        score=p.score - loss.vp,
        guilders=p.guilders - loss.guilders,
        workers=tuple(a - b for a, b in zip(p.workers, loss.workers, strict=True)),
    )
    discarded: tuple[int, ...] = ()
    if loss.person is not None:
        p = replace(p, houses=_vacated(p.houses, loss.person))
        discarded += (loss.person,)
    if loss.house is not None and loss.house < len(p.houses):
        discarded += (p.houses[loss.house].card,)
        p = replace(p, houses=p.houses[: loss.house] + p.houses[loss.house + 1 :])
    if loss.to_hand is not None:
        # Back in the hand, the card is a new person if recruited again: upright, unused.
        p = replace(p, hand=(*p.hand, loss.to_hand), turned=without(p.turned, loss.to_hand))
    if loss.section is not None:
        p = replace(p, canal=tuple(n - (i == loss.section) for i, n in enumerate(p.canal)))
    state = with_player(state, seat, p)
    return replace(state, discard=state.discard + discarded)


def _vacated(houses: tuple[House, ...], person: int) -> tuple[House, ...]:
    return tuple(House(h.card) if h.person == person else h for h in houses)


def _push(state: State, pending: Pending) -> State:
    return replace(state, pending=(*state.pending, pending))


def _pop(state: State, seat: int, kind: PendingKind) -> State:
    """Drop the first pending decision when it is ``seat``'s of ``kind`` (the one resolved)."""
    if state.pending and state.pending[0].seat == seat and state.pending[0].kind is kind:
        return replace(state, pending=state.pending[1:])
    return state


def _settled(state: State, loss: Pending) -> State:
    """Drop the pending ``loss`` just resolved: the victim may settle its disasters in any
    order (published, docs/rules/bruges.md, item 10), so it need not be the first; a disaster
    resolved as it struck was never pending, and leaves the others in place."""
    if loss not in state.pending:
        return state
    i = state.pending.index(loss)
    return replace(state, pending=state.pending[:i] + state.pending[i + 1 :])


def _count_down_draws(state: State, seat: int) -> State:
    head = state.pending[0] if state.pending else None
    if head is None or head.seat != seat or head.kind is not PendingKind.DRAW:
        return state
    if head.count <= 1:
        return replace(state, pending=state.pending[1:])
    return replace(state, pending=(replace(head, count=head.count - 1), *state.pending[1:]))
