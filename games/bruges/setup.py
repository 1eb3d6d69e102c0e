"""The empty table and the opening (seed: Setup; bruges-data.md §1.1, §3.1).

``start`` reads the first event; ``opening`` shuffles the 165 cards through the injected
Chance and records the piles, picks the start player, and begins round 1.
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import MAX_SEATS, MIN_SEATS, STACK_SIZE, Phase
from games.bruges.events import Event, PilesDealt, RoundBegan, StartPlayerChosen
from games.bruges.persons import CARD_COUNT
from games.bruges.progress import settle
from games.bruges.rulesets import RULESET_NAMES, ruleset_of
from games.bruges.state import Player, State
from games.core.chance import Chance
from games.core.errors import RuleError
from games.core.frozen import replace
from games.core.meta import GameCreated
from games.core.rules_kit import require_table


def start(created: GameCreated) -> State:
    """The table before the shuffle: ruleset, seats, each player's starting holdings."""
    require_table(created, "Bruges", RULESET_NAMES, MIN_SEATS, MAX_SEATS)
    sections = ruleset_of(created.ruleset).canal.sections
    player = replace(Player(), canal=(0,) * sections, canal_peak=(0,) * sections)
    return State(ruleset=created.ruleset, seats=created.seats, players=(player,) * created.seats)


def deal(order: tuple[int, ...], seats: int) -> PilesDealt:
    """One stack of 33 per player, split into two draw piles (the first one card larger when
    the count is odd); the remaining stacks are the extra pile (bruges-data.md §1.1). One
    uniform shuffle of all 165 cards is the same as shuffling, stacking and reshuffling."""
    in_play = STACK_SIZE * seats
    half = (in_play + 1) // 2
    piles = (order[:half], order[half:in_play])
    return PilesDealt(piles, order[in_play:])


def opening(state: State, chance: Chance) -> tuple[Event, ...]:
    """Shuffle and deal, choose the start player at random (seed: Setup 5 names the most
    recent chocolate eater; docs/rules/bruges.md, item 1), and run round 1 up to its first
    decision."""
    if state.phase is not Phase.SETUP:
        raise RuleError("the cards have already been dealt", reason="ALREADY_OPENED")
    order = chance.shuffle(list(range(CARD_COUNT)))
    first = chance.roll(state.seats) - 1
    batch = Batch(state)
    batch.add(deal(order, state.seats), StartPlayerChosen(first), RoundBegan(1, first))
    settle(batch, chance)
    return batch.result()
