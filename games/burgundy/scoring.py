"""Final scoring and places (seed: "The game ends when phase E finishes";
data §4.10, knowledge tiles 15-26).

decide uses these and writes the results into events; evolve never calls them.
"""

from __future__ import annotations

from games.burgundy.catalogue import (
    BUILDINGS,
    DEFAULT,
    KNOWLEDGE_ANIMAL_POINTS,
    KNOWLEDGE_BONUS_TILE_POINTS,
    KNOWLEDGE_BUILDING_POINTS,
    KNOWLEDGE_GOODS_KIND_POINTS,
    tile,
)
from games.burgundy.events import Event, FinalScored, GameEnded
from games.burgundy.evolve import evolve
from games.burgundy.state import Player, State, placed_tiles, turn_order
from games.core.rules_kit import places_by_key


def knowledge_points(player: Player, number: int) -> int:
    """What end-game knowledge tile ``number`` (15-26) is worth to ``player``."""
    tiles = [tile(t) for t in placed_tiles(player)]
    if number == 15:
        return KNOWLEDGE_GOODS_KIND_POINTS * sum(1 for n in player.sold if n)
    if 16 <= number <= 23:
        building = BUILDINGS[number - 16]
        return KNOWLEDGE_BUILDING_POINTS * sum(1 for t in tiles if t.building is building)
    if number == 24:
        return KNOWLEDGE_ANIMAL_POINTS * len({t.animal for t in tiles if t.animal is not None})
    if number == 25:
        return sum(player.sold)
    if number == 26:
        return KNOWLEDGE_BONUS_TILE_POINTS * len(player.bonuses)
    return 0


def final_score(seat: int, player: Player) -> FinalScored:
    """1 point per unsold goods tile, per silverling and per 2 workers, plus the end-game
    knowledge tiles; hex tiles left in storage score nothing (seed)."""
    numbers = sorted(tile(t).knowledge for t in placed_tiles(player) if tile(t).knowledge >= 15)
    knowledge = tuple((n, knowledge_points(player, n)) for n in numbers)
    goods, workers = sum(player.goods), player.workers // 2
    total = player.points + goods + player.silverlings + workers + sum(p for _, p in knowledge)
    return FinalScored(seat, goods, player.silverlings, workers, knowledge, total)


def empty_spaces(player: Player) -> int:
    """Estate spaces still without a tile: the first tie-break (data §4.10)."""
    return sum(1 for t in player.estate if t is None)


def places(state: State, totals: tuple[int, ...]) -> tuple[int, ...]:
    """Most points wins. Ties: fewest empty estate spaces (seed and English rulebook) or most
    (published, data §4.10 and §5.1), then the seat later in turn order. The track order
    is strict, so no place is shared."""
    order = turn_order(state)
    sign = -1 if state.ruleset == DEFAULT else 1

    def key(seat: int) -> tuple[int, int, int]:
        return (totals[seat], sign * empty_spaces(state.players[seat]), order.index(seat))

    return places_by_key([key(seat) for seat in range(state.seats)])


def end_game(state: State) -> tuple[Event, ...]:
    """Every seat's final score, then the game's end with places."""
    scored = tuple(final_score(seat, p) for seat, p in enumerate(state.players))
    for event in scored:
        state = evolve(state, event)
    totals = tuple(s.total for s in scored)
    return (*scored, GameEnded(totals, places(state, totals)))
