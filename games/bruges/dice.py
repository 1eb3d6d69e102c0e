"""Phase 2, step 1 (seed: Roll Dice): the start player rolls the five dice; every die showing
5 or 6 gives every player, in turn order, one threat marker of its colour.

The dice hand out their markers in colour order, and a disaster strikes at once
(bruges-data.md §2.5, "strikes immediately"): when one waits for its victim to choose the
loss, the later dice wait too, and hand out their markers once the loss is settled. So a
protector or a trigger lost to the disaster no longer acts on them (docs/rules/bruges.md,
item 5).
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import COLOURS, THREAT_DICE, Colour
from games.bruges.disasters import receive_threat
from games.bruges.events import DiceRolled, ThreatDiceHeldBack, ThreatDiceResumed
from games.bruges.state import turn_order
from games.core.chance import Chance

DIE_SIDES = 6


def roll_dice(batch: Batch, chance: Chance) -> None:
    """Roll, record, and hand out the threats (disasters strike as they come)."""
    dice = tuple(chance.roll(DIE_SIDES) for _ in COLOURS)
    batch.add(DiceRolled(batch.state.start, dice))
    hand_out(batch, tuple(c for c, v in zip(COLOURS, dice, strict=True) if v in THREAT_DICE))


def hand_out(batch: Batch, colours: tuple[Colour, ...]) -> None:
    """Each die of ``colours`` gives every player a marker; behind a loss still to be chosen,
    the dice after it are held back."""
    for i, colour in enumerate(colours):
        for seat in turn_order(batch.state):
            receive_threat(batch, seat, colour)
        if batch.state.pending and colours[i + 1 :]:
            batch.add(ThreatDiceHeldBack(colours[i + 1 :]))
            return


def resume_threat_dice(batch: Batch) -> bool:
    """With no loss left to choose, the dice held back hand out their markers; True when
    there were any."""
    colours = batch.state.threat_dice
    if batch.state.pending or not colours:
        return False
    batch.add(ThreatDiceResumed())
    hand_out(batch, colours)
    return True
