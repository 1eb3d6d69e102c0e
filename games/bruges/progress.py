"""The automatic progress of a round (seed: Turn Structure).

After every action the game runs on by itself through every step where nobody has a choice:
forced draws and losses, the end of each player's draw, the dice and threats (and the dice
held back behind a disaster's loss, once it is chosen), the reputation turns of players who
cannot climb, the end of Phase 3 turns with nothing left to activate, Phase 4's majorities,
the start player's banner, the next round and the final scoring. It stops at the next real
decision.
"""

from __future__ import annotations

from games.bruges.activation import can_activate
from games.bruges.batch import Batch
from games.bruges.catalogue import Phase, TurnStep
from games.bruges.dice import resume_threat_dice, roll_dice
from games.bruges.disasters import settle_forced_loss
from games.bruges.draw import draw, drawable, finish_drawing, wants_cards
from games.bruges.events import (
    DrawsForfeited,
    GameEnded,
    PhaseBegan,
    RoundBegan,
    RoundEnded,
    TurnBegan,
    TurnEnded,
)
from games.bruges.majorities import majority_events
from games.bruges.reputation import can_advance
from games.bruges.scoring import final_scores, places
from games.bruges.state import PendingKind, player_at, turn_order
from games.bruges.turns import can_play
from games.core.chance import Chance


def settle(batch: Batch, chance: Chance) -> None:
    """Run every automatic step from the batch's state up to the next decision."""
    while automatic_step(batch, chance):
        pass


def automatic_step(batch: Batch, chance: Chance) -> bool:
    """Take the next step that needs nobody's decision; False when a seat must decide."""
    state = batch.state
    if state.finished or state.phase in (Phase.SETUP, Phase.OVER):
        return False
    if state.pending:
        return _pending_step(batch)
    if resume_threat_dice(batch):
        return True
    match state.phase:
        case Phase.DRAW:
            return _draw_step(batch, chance)
        case Phase.THREATS:
            batch.add(PhaseBegan(Phase.REPUTATION))
            return True
        case Phase.REPUTATION:
            return _reputation_step(batch)
        case _:
            return _action_step(batch, chance)


def _pending_step(batch: Batch) -> bool:
    head = batch.state.pending[0]
    if head.kind is PendingKind.LOSS:
        return settle_forced_loss(batch)
    piles = drawable(batch.state)
    if not piles:
        batch.add(DrawsForfeited(head.seat))
        return True
    if len(piles) == 1:
        draw(batch, head.seat, piles[0], effect=True)
        return True
    return False


def _draw_step(batch: Batch, chance: Chance) -> bool:
    """Seed: Phase 1. A draw with only one pile left needs no choice."""
    state, seat = batch.state, batch.state.active
    piles = drawable(state)
    if wants_cards(state, seat) and piles:
        if len(piles) > 1:
            return False
        draw(batch, seat, piles[0], effect=False)
        return True
    finish_drawing(batch, seat)
    if seat == turn_order(state)[-1]:
        roll_dice(batch, chance)
    else:
        batch.add(TurnBegan((seat + 1) % state.seats))
    return True


def _reputation_step(batch: Batch) -> bool:
    state, seat = batch.state, batch.state.active
    if state.step is TurnStep.STARTED and can_advance(state, seat):
        return False
    if seat == turn_order(state)[-1]:
        batch.add(PhaseBegan(Phase.ACTIONS))
    else:
        batch.add(TurnBegan((seat + 1) % state.seats))
    return True


def _action_step(batch: Batch, chance: Chance) -> bool:
    """Seed: Phase 3. Turns go clockwise, skipping players with no play left."""
    state, seat = batch.state, batch.state.active
    if state.step is TurnStep.STARTED and can_play(player_at(state, seat)):
        return False
    if state.step is TurnStep.PLAYED:
        if can_activate(state, seat):
            return False
        batch.add(TurnEnded(seat))
        return True
    following = [(seat + i) % state.seats for i in range(1, state.seats + 1)]
    ready = [s for s in following if can_play(player_at(state, s))]
    if ready:
        batch.add(TurnBegan(ready[0]))
    else:
        end_round(batch)
    return True


def end_round(batch: Batch) -> None:
    """Seed: Phase 4, then the next round, or the final scoring after the last round."""
    state = batch.state
    batch.add(*majority_events(state))
    batch.add(RoundEnded(state.round, (state.start + 1) % state.seats))
    if state.last_round is not None and state.round >= state.last_round:
        scores = final_scores(batch.state)
        batch.add(GameEnded(scores, places(scores)))
    else:
        batch.add(RoundBegan(state.round + 1, batch.state.start))
