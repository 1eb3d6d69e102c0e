"""The automatic progress of the game (seed: "Players then take turns in order"; data §4.3,
§4.8, §4.10).

After every action the game runs on by itself while the seat to act has nothing to decide:
an effect that cannot be used is lost, a turn whose dice are spent and that cannot buy ends,
and then the next turn, round, phase or the final scoring follows. It stops at the next real
decision.
"""

from __future__ import annotations

from games.burgundy.catalogue import PHASES, ROUNDS
from games.burgundy.events import EffectLost, Event, TurnBegan, TurnEnded
from games.burgundy.evolve import evolve
from games.burgundy.legal import has_decision
from games.burgundy.phases import begin_phase, begin_round, end_phase
from games.burgundy.scoring import end_game
from games.burgundy.state import State
from games.core.chance import Chance
from games.core.rules_kit import run_automatic_steps


def settle(state: State, chance: Chance) -> tuple[State, tuple[Event, ...]]:
    """Run every automatic step from ``state``; the state reached and the events produced."""
    return run_automatic_steps(state, chance, automatic_step, evolve)


def automatic_step(state: State, chance: Chance) -> tuple[Event, ...]:
    """What happens next by itself, or () when the active seat has a decision to make."""
    if state.finished or state.phase == 0:
        return ()
    seat = state.active
    if state.pending:
        if has_decision(state, seat):
            return ()
        # data §4.6: a building whose advantage cannot be used is simply placed.
        return (EffectLost(seat, state.pending[-1]),)
    if not all(state.used) or has_decision(state, seat):
        return ()
    return end_turn(state, chance)


def end_turn(state: State, chance: Chance) -> tuple[Event, ...]:
    """The turn ends; the next seat of this round's order begins, or the round ends."""
    events: tuple[Event, ...] = (TurnEnded(state.active),)
    position = state.order.index(state.active) + 1
    if position < len(state.order):
        return (*events, TurnBegan(state.order[position]))
    return events + end_round(evolve(state, events[0]), chance)


def end_round(state: State, chance: Chance) -> tuple[Event, ...]:
    """After five rounds the phase ends (mines pay); after phase E the game ends."""
    if state.round < ROUNDS:
        return begin_round(state, state.round + 1, chance)
    events = end_phase(state)
    for event in events:
        state = evolve(state, event)
    if state.phase < PHASES:
        return events + begin_phase(state, state.phase + 1, chance)
    return events + end_game(state)
