"""The empty table and the opening (seed: setup; data §4.1).

``start`` reads the first event; ``opening`` draws every random set-up outcome through the
injected Chance and records it: the seven face-down piles of hex tiles and the goods stacks
(both secret), the start player, each seat's castle, silverling, workers and three goods.
Phase A then begins: depots filled, goods laid, dice rolled, first turn.
"""

from __future__ import annotations

from games.burgundy.catalogue import (
    GOODS_KINDS,
    GOODS_PER_KIND,
    GOODS_PER_PHASE,
    MAX_SEATS,
    MIN_SEATS,
    PHASES,
    PILES,
    RULESETS,
    START_CASTLES,
    START_GOODS,
    START_SILVERLINGS,
    START_WORKERS,
    TILES,
    pile_of,
)
from games.burgundy.events import (
    Event,
    GoodsShuffled,
    PlayerSetUp,
    StartPlayerChosen,
    TilesShuffled,
)
from games.burgundy.evolve import evolve
from games.burgundy.phases import begin_phase
from games.burgundy.state import Player, State
from games.core.chance import Chance
from games.core.errors import RuleError
from games.core.meta import GameCreated
from games.core.rules_kit import require_table


def start(created: GameCreated) -> State:
    """The table before the opening: the ruleset and the seats."""
    require_table(created, "The Castles of Burgundy", RULESETS, MIN_SEATS, MAX_SEATS)
    return State(ruleset=created.ruleset, seats=created.seats, players=(Player(),) * created.seats)


def opening(state: State, chance: Chance) -> tuple[Event, ...]:
    """Seed: setup. Shuffle the piles and the goods, choose the start player (1 worker, the
    next clockwise 2, then 3, then 4; stacked on the first track space, start player on
    top), give each seat its start castle, a silverling and three random goods, and begin
    phase A."""
    if state.phase != 0 or state.piles:
        raise RuleError("the game has already been set up", reason="ALREADY_OPENED")
    piles = tuple(
        chance.shuffle([t.id for t in TILES if pile_of(t.id) == pile and t.id not in START_CASTLES])
        for pile in range(len(PILES))
    )
    goods = chance.shuffle([k for k in range(1, GOODS_KINDS + 1) for _ in range(GOODS_PER_KIND)])
    stacked = GOODS_PER_PHASE * PHASES
    stacks = tuple(goods[i : i + GOODS_PER_PHASE] for i in range(0, stacked, GOODS_PER_PHASE))
    dealt = goods[stacked : stacked + START_GOODS * state.seats]
    first = chance.roll(state.seats) - 1
    order = tuple((first + i) % state.seats for i in range(state.seats))
    events: tuple[Event, ...] = (
        TilesShuffled(piles),
        GoodsShuffled(stacks, goods[stacked + len(dealt) :]),
        StartPlayerChosen(first, order),
        *(_set_up(seat, order, dealt) for seat in range(state.seats)),
    )
    for event in events:
        state = evolve(state, event)
    return events + begin_phase(state, 1, chance)


def _set_up(seat: int, order: tuple[int, ...], dealt: tuple[int, ...]) -> PlayerSetUp:
    goods = tuple(sorted(dealt[seat * START_GOODS : (seat + 1) * START_GOODS]))
    workers = START_WORKERS[order.index(seat)]
    return PlayerSetUp(seat, START_CASTLES[seat], START_SILVERLINGS, workers, goods)
