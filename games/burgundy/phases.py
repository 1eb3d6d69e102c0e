"""The automatic steps between turns: the start of a phase, the start of a round and the end
of a phase (seed: "The game is five phases"; data §4.2, §4.3, §4.8).
"""

from __future__ import annotations

from games.burgundy.catalogue import (
    BLACK_DEPOT_SIZE,
    BLACK_PILE,
    COLOURS,
    DIE_SIDES,
    Colour,
    slot_colours,
    tile,
)
from games.burgundy.events import (
    DepotsRefilled,
    DiceRolled,
    Event,
    GoodsDelivered,
    MinesPaid,
    PhaseBegan,
    RoundBegan,
    RoundGoodsLaid,
    TurnBegan,
)
from games.burgundy.evolve import evolve
from games.burgundy.state import State, has_knowledge, placed_tiles, turn_order
from games.core.chance import Chance


def begin_phase(state: State, phase: int, chance: Chance) -> tuple[Event, ...]:
    """Clear the hex tiles left on the board, refill the depots from the piles, lay this
    phase's goods on the round spaces, and begin its first round (data §4.2)."""
    cleared = tuple(t for depot in state.depots for t in depot) + state.black_depot
    events: tuple[Event, ...] = (PhaseBegan(phase, cleared),)
    state = evolve(state, events[0])
    events += (refill(state), RoundGoodsLaid(phase, state.goods_stacks[phase - 1]))
    for event in events[1:]:
        state = evolve(state, event)
    return events + begin_round(state, 1, chance)


def refill(state: State) -> DepotsRefilled:
    """Each filled depot slot takes the top tile of the pile of its colour, depot 1 first;
    the black depot takes 2-8 black-back tiles (data §2.1, §2.2). An empty pile leaves its
    slot empty."""
    piles = [list(pile) for pile in state.piles]
    depots = tuple(
        _drawn(piles, [COLOURS.index(colour) for colour in colours])
        for colours in slot_colours(state.seats, state.phase)
    )
    size = BLACK_DEPOT_SIZE[state.ruleset][state.seats]
    return DepotsRefilled(depots, _drawn(piles, [BLACK_PILE] * size))


def _drawn(piles: list[list[int]], wanted: list[int]) -> tuple[int, ...]:
    """The top tile of each wanted pile in turn, skipping piles that have run out."""
    return tuple(piles[pile].pop(0) for pile in wanted if piles[pile])


def begin_round(state: State, number: int, chance: Chance) -> tuple[Event, ...]:
    """Seed: everyone rolls two dice at once, the start player the white die too, and the
    top goods tile goes to the depot matching the white die; then the first turn begins.
    The order is the track's at the start of the round (data §2.6)."""
    order = turn_order(state)
    dice = tuple((chance.roll(DIE_SIDES), chance.roll(DIE_SIDES)) for _ in range(state.seats))
    white = chance.roll(DIE_SIDES)
    events: tuple[Event, ...] = (RoundBegan(state.phase, number, order), DiceRolled(dice, white))
    if state.round_goods:
        events += (GoodsDelivered(white, state.round_goods[0]),)
    return (*events, TurnBegan(order[0]))


def end_phase(state: State) -> tuple[Event, ...]:
    """Each mine pays 1 silverling, plus 1 worker with knowledge 2, at the end of every phase,
    E included (data §4.8)."""
    events: list[Event] = []
    for seat, player in enumerate(state.players):
        mines = sum(1 for t in placed_tiles(player) if tile(t).colour is Colour.MINE)
        if mines:
            workers = mines if has_knowledge(player, 2) else 0
            events.append(MinesPaid(seat, mines, mines, workers))
    return tuple(events)
