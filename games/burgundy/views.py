"""What a seat may know of a Castles of Burgundy game (docs/architecture.md §4: view hides secrets).

Everything on the table is open: estates, storage, goods, supplies, points, dice, depots and
the goods laid on the round spaces. Only face-down things are hidden: the seven piles of hex
tiles (the "tile bag") and the goods stacks of later phases, of which a view shows the sizes
alone, and the boxed goods, of which it shows nothing.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from games.burgundy.catalogue import Animal, Building, Colour, Effect, tile
from games.burgundy.scoring import empty_spaces
from games.burgundy.state import Player, State
from games.burgundy.turns import to_act, turn_number


@dataclass(frozen=True)
class TileView:
    """A face-up hex tile; ``building``/``animal``/``knowledge`` describe its face."""

    id: int
    colour: Colour
    black: bool
    building: Building | None
    animal: Animal | None
    animals: int
    knowledge: int


@dataclass(frozen=True)
class PlacedTileView:
    """A tile on an estate space (1..37)."""

    space: int
    tile: TileView


@dataclass(frozen=True)
class DepotView:
    """A numbered depot: its hex tiles and the goods on its goods space (count per kind)."""

    number: int
    tiles: tuple[TileView, ...]
    goods: tuple[int, ...]


@dataclass(frozen=True)
class BonusView:
    """A colour bonus tile: large (first to complete the colour) or small (second)."""

    colour: Colour
    large: bool


@dataclass(frozen=True)
class PlayerView:
    """One seat. ``goods`` and ``sold`` count per kind (index kind - 1); ``position`` and
    ``height`` place its piece on the turn-order track."""

    seat: int
    estate: tuple[PlacedTileView, ...]
    storage: tuple[TileView, ...]
    goods: tuple[int, ...]
    sold: tuple[int, ...]
    silverlings: int
    workers: int
    points: int
    position: int
    height: int
    dice: tuple[int, int]
    bonuses: tuple[BonusView, ...]
    empty_spaces: int


@dataclass(frozen=True)
class BurgundyView:
    """The game from one seat (``viewer``), or the public view when ``viewer`` is None.

    ``active_seat`` is None before the start and after the end. ``dice_used``, ``bought``
    and ``pending`` describe the active seat's turn (``pending`` lists the effects waiting
    for its decision, the last first to resolve). ``pile_sizes`` counts the face-down hex
    tiles per pile (six colours, then black); ``goods_stack_sizes`` the face-down goods per
    phase; ``bonus_tiles_taken`` the bonus tiles gone per colour (0-2).
    """

    viewer: int | None
    ruleset: str
    phase: int
    round: int
    turn: int
    order: tuple[int, ...]
    active_seat: int | None
    white_die: int
    dice_used: tuple[bool, bool]
    bought: bool
    pending: tuple[Effect, ...]
    depots: tuple[DepotView, ...]
    black_depot: tuple[TileView, ...]
    round_goods: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    goods_stack_sizes: tuple[int, ...]
    bonus_tiles_taken: tuple[int, ...]
    players: tuple[PlayerView, ...]
    finished: bool
    scores: tuple[int, ...]
    places: tuple[int, ...]


def view(state: State, seat: int | None) -> BurgundyView:
    """What ``seat`` may know: the whole open table, the face-down piles and stacks only by
    their sizes. ``None`` is the public view; nothing is private to a seat in this game."""
    return BurgundyView(
        viewer=seat,
        ruleset=state.ruleset,
        phase=state.phase,
        round=state.round,
        turn=turn_number(state),
        order=state.order,
        active_seat=to_act(state),
        white_die=state.white,
        dice_used=state.used,
        bought=state.bought,
        pending=state.pending,
        depots=tuple(
            DepotView(n, tuple(tile_view(t) for t in tiles), state.depot_goods[n - 1])
            for n, tiles in enumerate(state.depots, start=1)
        ),
        black_depot=tuple(tile_view(t) for t in state.black_depot),
        round_goods=state.round_goods,
        pile_sizes=tuple(len(pile) for pile in state.piles),
        goods_stack_sizes=tuple(len(stack) for stack in state.goods_stacks),
        bonus_tiles_taken=state.bonus_taken,
        players=tuple(player_view(s, p) for s, p in enumerate(state.players)),
        finished=state.finished,
        scores=state.scores,
        places=state.places,
    )


def full_view(state: State) -> BurgundyView:
    """The view for arbiters and finished games: as the public view, since the piles' order
    and the face-down goods are never shown, not even after the game."""
    return view(state, None)


@functools.cache  # made for every seat after every event; a tile looks the same each time
def tile_view(tile_id: int) -> TileView:
    t = tile(tile_id)
    return TileView(t.id, t.colour, t.black, t.building, t.animal, t.animals, t.knowledge)


def player_view(seat: int, player: Player) -> PlayerView:
    return PlayerView(
        seat=seat,
        estate=tuple(
            PlacedTileView(space, tile_view(t))
            for space, t in enumerate(player.estate, start=1)
            if t is not None
        ),
        storage=tuple(tile_view(t) for t in player.storage),
        goods=player.goods,
        sold=player.sold,
        silverlings=player.silverlings,
        workers=player.workers,
        points=player.points,
        position=player.position,
        height=player.height,
        dice=player.dice,
        bonuses=tuple(BonusView(colour, large) for colour, large in player.bonuses),
        empty_spaces=empty_spaces(player),
    )


def track_points_shown(shown: BurgundyView) -> tuple[int, ...]:
    """``track_points`` as any view shows them, by seat: every seat's points are on the table
    (docs/rules/burgundy.md, item 23), so a seat's own replay charts them from its views."""
    return shown.scores or tuple(player.points for player in shown.players)
