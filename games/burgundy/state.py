"""Immutable Castles of Burgundy state: the central board, the players' estates and the turn.

Everything is a frozen dataclass of ints, enums and tuples (docs/architecture.md §4). The piles of
hex tiles and the face-down goods stacks are secret: views show only their sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.burgundy.catalogue import (
    BLACK_DEPOT,
    DEPOTS,
    GOODS_KINDS,
    PHASES,
    SPACE_COUNT,
    Colour,
    Effect,
    tile,
)
from games.burgundy.sight import track_ranking
from games.core.frozen import replace

NO_GOODS: tuple[int, ...] = (0,) * GOODS_KINDS


@dataclass(frozen=True)
class Player:
    """One seat's estate, storage and supplies.

    ``estate[i]`` is the tile on space ``i + 1`` (or None); ``goods`` and ``sold`` count goods
    per kind (index kind - 1); ``position``/``height`` place the piece on the turn-order track
    (higher first; on one space, the higher in the stack first); ``bonuses`` are the colour
    bonus tiles held, (colour, large).
    """

    estate: tuple[int | None, ...] = (None,) * SPACE_COUNT
    storage: tuple[int, ...] = ()
    goods: tuple[int, ...] = NO_GOODS
    sold: tuple[int, ...] = NO_GOODS
    silverlings: int = 0
    workers: int = 0
    points: int = 0
    position: int = 0
    height: int = 0
    dice: tuple[int, int] = (1, 1)
    bonuses: tuple[tuple[Colour, bool], ...] = ()


@dataclass(frozen=True)
class State:
    """The whole table.

    ``phase`` is 0 until the opening, then 1..5 (A..E); ``order`` is this round's turn order
    and ``active`` the seat whose turn it is. Turn state: ``used`` marks the active seat's dice
    spent, ``bought`` its purchase made, ``pending`` the stack of effects waiting for its
    decision (the last one first). ``turn`` counts the turns begun over the whole game, 0
    until the opening begins the first (``turns.turn_number``).
    """

    ruleset: str
    seats: int
    players: tuple[Player, ...]
    piles: tuple[tuple[int, ...], ...] = ()
    goods_stacks: tuple[tuple[int, ...], ...] = ((),) * PHASES
    boxed_goods: tuple[int, ...] = ()
    depots: tuple[tuple[int, ...], ...] = ((),) * DEPOTS
    black_depot: tuple[int, ...] = ()
    depot_goods: tuple[tuple[int, ...], ...] = (NO_GOODS,) * DEPOTS
    round_goods: tuple[int, ...] = ()
    phase: int = 0
    round: int = 0
    order: tuple[int, ...] = ()
    turn: int = 0
    active: int = 0
    white: int = 0
    used: tuple[bool, bool] = (False, False)
    bought: bool = False
    pending: tuple[Effect, ...] = ()
    bonus_taken: tuple[int, ...] = (0,) * len(Colour)
    finished: bool = False
    scores: tuple[int, ...] = ()
    places: tuple[int, ...] = ()


def player_at(state: State, seat: int) -> Player:
    """The player in ``seat``."""
    return state.players[seat]


def with_player(state: State, seat: int, player: Player) -> State:
    """``state`` with the player in ``seat`` replaced."""
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return replace(state, players=players)


def without(items: tuple[int, ...], item: int | None) -> tuple[int, ...]:
    """``items`` without the first occurrence of ``item`` (unchanged when absent)."""
    if item is None or item not in items:
        return items
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def changed(counts: tuple[int, ...], kind: int, by: int) -> tuple[int, ...]:
    """Goods counts with ``kind`` (1..6) changed by ``by``."""
    return tuple(n + by if k == kind else n for k, n in enumerate(counts, start=1))


def placed_tiles(player: Player) -> tuple[int, ...]:
    """Every tile in the estate, in space order."""
    return tuple(t for t in player.estate if t is not None)


def has_knowledge(player: Player, number: int) -> bool:
    """True when knowledge tile ``number`` lies in the player's estate (data §3.4: a yellow
    tile works from its placement on)."""
    return any(tile(t).knowledge == number for t in placed_tiles(player))


def track_points(state: State) -> tuple[int, ...]:
    """Each seat's points on the scoring track, by seat: what it has scored during play and,
    once the game has ended, the final totals, which the final scoring adds to the track
    (``GameEnded``). Every view shows both (docs/rules/burgundy.md, item 23)."""
    return state.scores or tuple(player.points for player in state.players)


def turn_order(state: State) -> tuple[int, ...]:
    """Seats in track order: furthest along first; on one space, the top of the stack first
    (data §2.6)."""
    return track_ranking(state.players)


def depot_of(state: State, tile_id: int) -> int | None:
    """The numbered depot (1..6) holding ``tile_id``, 0 for the black depot, else None."""
    if tile_id in state.black_depot:
        return BLACK_DEPOT
    for number, tiles in enumerate(state.depots, start=1):
        if tile_id in tiles:
            return number
    return None
