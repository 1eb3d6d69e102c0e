"""Phase 2, step 1 (seed: Roll Dice): the start player rolls the five dice; every die showing
5 or 6 gives every player, in turn order, one threat marker of its colour.

How the dice meet the disasters depends on the ruleset (docs/rules/bruges.md, items 5 and 10):

- ``default``: the dice hand out their markers in colour order, and a disaster strikes at once
  (bruges-data.md §2.5, "strikes immediately"): when one waits for its victim to choose the
  loss, the later dice wait too, and hand out their markers once the loss is settled. So a
  protector or a trigger lost to the disaster no longer acts on them.
- ``published``: every die hands out its markers first, with the persons held before the roll;
  then each player's third markers strike together, and a victim of several chooses their
  order (bruges-data.md §2.5, "Several disasters at once: the affected player chooses the
  order"). A die whose markers the supply of 9 cannot cover is the exception: its markers go
  out in player order and each third marker strikes at once, returning its markers
  (bruges-data.md §2.5, "Threat supply runs out").
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import (
    COLOURS,
    THREAT_DICE,
    THREAT_MARKERS,
    THREATS_FOR_DISASTER,
    Colour,
)
from games.bruges.disasters import receive_threat, strike_together, take_marker
from games.bruges.events import DiceRolled, ThreatDiceHeldBack, ThreatDiceResumed
from games.bruges.passive import is_immune
from games.bruges.rulesets import ruleset_of
from games.bruges.state import State, count_of, player_at, turn_order
from games.core.chance import Chance

DIE_SIDES = 6


def roll_dice(batch: Batch, chance: Chance) -> None:
    """Roll, record, and hand out the threats (disasters strike as the ruleset says)."""
    dice = tuple(chance.roll(DIE_SIDES) for _ in COLOURS)
    batch.add(DiceRolled(batch.state.start, dice))
    colours = tuple(c for c, v in zip(COLOURS, dice, strict=True) if v in THREAT_DICE)
    if ruleset_of(batch.state.ruleset).disasters_together:
        hand_out_together(batch, colours)
    else:
        hand_out(batch, colours)


def hand_out(batch: Batch, colours: tuple[Colour, ...]) -> None:
    """Each die of ``colours`` gives every player a marker; behind a loss still to be chosen,
    the dice after it are held back."""
    for i, colour in enumerate(colours):
        for seat in turn_order(batch.state):
            receive_threat(batch, seat, colour)
        if batch.state.pending and colours[i + 1 :]:
            batch.add(ThreatDiceHeldBack(colours[i + 1 :]))
            return


def hand_out_together(batch: Batch, colours: tuple[Colour, ...]) -> None:
    """Every die of ``colours`` gives every player a marker, then each player's third markers
    strike together, in turn order (published: bruges-data.md §2.5). A die the supply cannot
    cover strikes each third marker as it arrives instead (``runs_short``)."""
    for colour in colours:
        short = runs_short(batch.state, colour)
        for seat in turn_order(batch.state):
            if short:
                receive_threat(batch, seat, colour)
            else:
                take_marker(batch, seat, colour)
    for seat in turn_order(batch.state):
        threats = player_at(batch.state, seat).threats
        struck = tuple(c for c in colours if count_of(threats, c) >= THREATS_FOR_DISASTER)
        strike_together(batch, seat, struck)


def runs_short(state: State, colour: Colour) -> bool:
    """True when the markers of ``colour`` left in the supply (9 less those players hold) are
    fewer than the players a die of that colour gives one to. Published, bruges-data.md §2.5:
    "Threat supply runs out: hand markers out in player order. Resolve each triggered disaster
    at once; that returns markers to the supply, so everyone still gets one". Holding back
    every disaster to the end of the roll would need more markers than there are (four players
    holding six or more of the colour; docs/rules/bruges.md, item 5)."""
    held = sum(count_of(player.threats, colour) for player in state.players)
    takers = sum(not is_immune(player, colour) for player in state.players)
    return held + takers > THREAT_MARKERS


def resume_threat_dice(batch: Batch) -> bool:
    """With no loss left to choose, the dice held back hand out their markers; True when
    there were any."""
    colours = batch.state.threat_dice
    if batch.state.pending or not colours:
        return False
    batch.add(ThreatDiceResumed())
    hand_out(batch, colours)
    return True
