"""Phase 2, step 1 (seed: Roll Dice): the start player rolls the five dice; every die showing
5 or 6 gives every player, in turn order, one threat marker of its colour."""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import COLOURS, THREAT_DICE
from games.bruges.disasters import receive_threat
from games.bruges.events import DiceRolled
from games.bruges.state import turn_order
from games.core.chance import Chance

DIE_SIDES = 6


def roll_dice(batch: Batch, chance: Chance) -> None:
    """Roll, record, and hand out the threats (disasters strike as they come)."""
    dice = tuple(chance.roll(DIE_SIDES) for _ in COLOURS)
    batch.add(DiceRolled(batch.state.start, dice))
    for colour, value in zip(COLOURS, dice, strict=True):
        if value in THREAT_DICE:
            for seat in turn_order(batch.state):
                receive_threat(batch, seat, colour)
