"""The automatic progress of a turn (seed: TURN SEQUENCE).

After every action the game runs on by itself through every step where the active seat has
nothing to decide: Revenue, the Fate roll, Conversion, a forced retirement, the End phase's
slide and refill, the next seat's turn, and the final scoring. It stops at the next real
decision. A phase whose only possible action would be EndPhase is skipped, so no seat is ever
asked to "pass" a phase where nothing is possible.
"""

from __future__ import annotations

from games.bourgeoisie.catalogue import FATE_DIE, SILVER_PER_GOLD, TRACK_SLOTS, Phase
from games.bourgeoisie.events import (
    Event,
    GameEnded,
    OpportunityRolled,
    PhaseBegan,
    RevenueCollected,
    SilverConverted,
    TrackAdvanced,
    TurnBegan,
)
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.legal import has_decision
from games.bourgeoisie.noblement import must_retire, retirement
from games.bourgeoisie.scoring import final_scores, places, revenue
from games.bourgeoisie.state import State, player_at
from games.bourgeoisie.turns import next_phase
from games.core.chance import Chance
from games.core.rules_kit import run_automatic_steps


def settle(state: State, chance: Chance) -> tuple[State, tuple[Event, ...]]:
    """Run every automatic step from ``state``; the state reached and the events produced."""
    return run_automatic_steps(state, chance, automatic_step, evolve)


def automatic_step(state: State, chance: Chance) -> tuple[Event, ...]:
    """What happens next by itself, or () when the active seat has a decision to make."""
    if state.finished or state.turn == 0:
        return ()
    seat, phase = state.active, state.phase
    player = player_at(state, seat)
    match phase:
        case Phase.REVENUE:
            return RevenueCollected(seat, revenue(player.family)), PhaseBegan(seat, Phase.FATE)
        case Phase.FATE:
            roll = chance.roll(FATE_DIE)
            return OpportunityRolled(seat, roll), PhaseBegan(seat, Phase.OPPORTUNITY)
        case Phase.CONVERSION:
            return (*_conversion(state, seat), PhaseBegan(seat, Phase.INVESTMENT))
        case Phase.NOBLEMENT if must_retire(player):
            return retirement(state, seat, forced=True)
        case Phase.END if not has_decision(state, seat):
            return _end_of_turn(state)
        case _ if has_decision(state, seat):
            return ()
        case _:
            return (PhaseBegan(seat, next_phase(phase)),)


def _conversion(state: State, seat: int) -> tuple[Event, ...]:
    """Seed: CONVERSION PHASE. Every 10 silver become 1 gold, automatically; keep the change."""
    gold = player_at(state, seat).silver // SILVER_PER_GOLD
    if gold == 0:
        return ()
    return (SilverConverted(seat, gold * SILVER_PER_GOLD, gold),)


def _end_of_turn(state: State) -> tuple[Event, ...]:
    """Seed: END PHASE and VICTORY. Advance the track; the game ends when a turn ends with the
    deck empty, otherwise the next seat (clockwise, notes §4.2) begins its turn."""
    advanced = track_advance(state)
    if len(state.deck) == len(advanced.revealed):
        scores = final_scores(state)
        return advanced, GameEnded(scores, places(scores))
    return advanced, TurnBegan((state.active + 1) % state.seats, state.turn + 1)


def track_advance(state: State) -> TrackAdvanced:
    """Discard slot 1's card, slide the others down, and turn over cards from the deck until
    the ten slots are full or the deck is empty (notes §4.12)."""
    remaining = sum(1 for c in state.track[1:] if c is not None)
    revealed = state.deck[: TRACK_SLOTS - remaining]
    return TrackAdvanced(state.track[0], revealed)
