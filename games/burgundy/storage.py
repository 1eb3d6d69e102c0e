"""Taking tiles into storage: with a die, through a building's effect, or by the once-per-turn
purchase (seed: "take a hex tile from the depot", "pay two Silverlings"; data §4.4, §4.5, §4.7).
"""

from __future__ import annotations

from games.burgundy.actions import BuyTile, TakeTile
from games.burgundy.catalogue import BLACK_DEPOT, BLACK_PRICE, EFFECT_TAKES, HEX_STORAGE, tile
from games.burgundy.dice import Use, require_die, require_workers
from games.burgundy.errors import (
    AlreadyBoughtError,
    BadDiscardError,
    EffectPendingError,
    NotEnoughSilverlingsError,
    StorageFullError,
    TileNotInDepotError,
    WrongTileColourError,
)
from games.burgundy.events import TileBought, TileTaken
from games.burgundy.state import Player, State, depot_of, has_knowledge, player_at


def require_discard(player: Player, discard: int | None) -> None:
    """Storage holds three tiles. When it is full, a tile already stored is discarded out of
    the game first (data §4.7, §5.10); when it has room, nothing is."""
    if len(player.storage) < HEX_STORAGE:
        if discard is not None:
            raise BadDiscardError("storage has room; nothing needs discarding")
        return
    if discard is None:
        raise StorageFullError("storage is full: name a stored tile to discard")
    if discard not in player.storage:
        raise BadDiscardError("the tile to discard is not in your storage")


def require_take(state: State, seat: int, action: TakeTile) -> TileTaken:
    """Seed: with one die, take a tile from the numbered depot matching that die. A castle's
    extra action takes from any numbered depot; a Carpenter's Workshop, Church or Market
    only a tile of its colours (data §3.2). Knowledge 12 gives a free ±1."""
    shown = require_die(state, action.die, Use.TAKE)
    depot = depot_of(state, action.tile)
    if depot is None or depot == BLACK_DEPOT:
        raise TileNotInDepotError("that tile is not in a numbered depot")
    if state.pending and tile(action.tile).colour not in EFFECT_TAKES[state.pending[-1]]:
        raise WrongTileColourError(f"the {state.pending[-1].value} cannot take that tile")
    player = player_at(state, seat)
    workers = require_workers(player, shown, depot, has_knowledge(player, 12))
    require_discard(player, action.discard)
    return TileTaken(seat, action.die, workers, action.tile, depot, action.discard)


def require_buy(state: State, seat: int, action: BuyTile) -> TileBought:
    """Seed: once per turn, before, between or after the actions (never during an effect),
    pay 2 silverlings for a tile of the black depot; knowledge 6 opens the numbered depots
    to the purchase too (data §4.5)."""
    if state.pending:
        raise EffectPendingError("finish the effect before buying")
    if state.bought:
        raise AlreadyBoughtError("you have already bought a tile this turn")
    player = player_at(state, seat)
    depot = depot_of(state, action.tile)
    if depot is None or (depot != BLACK_DEPOT and not has_knowledge(player, 6)):
        raise TileNotInDepotError("that tile is not in the black depot")
    if player.silverlings < BLACK_PRICE:
        raise NotEnoughSilverlingsError(f"a purchase costs {BLACK_PRICE} silverlings")
    require_discard(player, action.discard)
    return TileBought(seat, action.tile, depot, BLACK_PRICE, action.discard)
