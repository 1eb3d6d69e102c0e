"""The Castles of Burgundy facts: frozen dataclasses with past-tense names.

Events record outcomes (docs/architecture.md §4): the shuffled piles, every tile drawn onto the
board, every die, every worker spent and every point scored, so ``evolve`` needs neither chance nor
scoring code. Tile ids index ``tiles.TILES``; spaces are 1..37; goods kinds and depots 1..6 (depot 0
is the black depot); ``die`` is 0 or 1 for a seat's dice, 2 for a bonus action. Goods per kind are
6-tuples of counts, index ``kind - 1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.burgundy.catalogue import Building, Colour, Effect

# --- setup (seed: setup; data §4.1) ------------------------------------------------------------


@dataclass(frozen=True)
class TilesShuffled:
    """The hex tiles were sorted by back into seven face-down piles and shuffled (secret)."""

    piles: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class GoodsShuffled:
    """The goods tiles were shuffled face down: five per phase (A..E) and the unused ones
    boxed (secret)."""

    stacks: tuple[tuple[int, ...], ...]
    boxed: tuple[int, ...]


@dataclass(frozen=True)
class StartPlayerChosen:
    """``seat`` starts; the turn-order pieces stack on the first space in ``order``, the
    start player's piece on top."""

    seat: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class PlayerSetUp:
    """``seat`` got its start castle on the centre space, silverlings, workers and goods."""

    seat: int
    castle: int
    silverlings: int
    workers: int
    goods: tuple[int, ...]


# --- phases and rounds (seed; data §4.2, §4.3) ------------------------------------------------


@dataclass(frozen=True)
class PhaseBegan:
    """Phase 1..5 (A..E) began; the hex tiles left on the board (``cleared``) left the game."""

    phase: int
    cleared: tuple[int, ...]


@dataclass(frozen=True)
class DepotsRefilled:
    """Tiles drawn face up from the piles: ``depots[d - 1]`` for depot d, and the black depot."""

    depots: tuple[tuple[int, ...], ...]
    black: tuple[int, ...]


@dataclass(frozen=True)
class RoundGoodsLaid:
    """This phase's goods stack was turned face up on the round spaces, top first."""

    phase: int
    goods: tuple[int, ...]


@dataclass(frozen=True)
class RoundBegan:
    """Round 1..5 of the phase began; seats act in ``order`` (the turn-order track)."""

    phase: int
    round: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class DiceRolled:
    """Every seat rolled its two dice (``dice[seat]``) and the start player the white die."""

    dice: tuple[tuple[int, int], ...]
    white: int


@dataclass(frozen=True)
class GoodsDelivered:
    """The top goods tile of the round spaces went to the goods space of ``depot``."""

    depot: int
    kind: int


@dataclass(frozen=True)
class TurnBegan:
    seat: int


@dataclass(frozen=True)
class TurnEnded:
    seat: int


@dataclass(frozen=True)
class MinesPaid:
    """End of a phase: ``seat``'s mines paid silverlings (and workers with knowledge 2)."""

    seat: int
    mines: int
    silverlings: int
    workers: int


# --- the actions (seed: "Your four action options") -------------------------------------------


@dataclass(frozen=True)
class TileTaken:
    """``seat`` took ``tile`` from numbered ``depot`` into storage, spending ``workers`` on
    the die; ``discarded`` left storage (and the game) to make room."""

    seat: int
    die: int
    workers: int
    tile: int
    depot: int
    discarded: int | None


@dataclass(frozen=True)
class TileBought:
    """The once-per-turn purchase: ``tile`` from ``depot`` (0 = black) for ``silverlings``."""

    seat: int
    tile: int
    depot: int
    silverlings: int
    discarded: int | None


@dataclass(frozen=True)
class TilePlaced:
    """``seat`` moved ``tile`` from storage onto estate ``space``, spending ``workers``."""

    seat: int
    die: int
    workers: int
    tile: int
    space: int


@dataclass(frozen=True)
class GoodsSold:
    """``seat`` sold all ``count`` goods of ``kind`` (by die, or by a Warehouse with die 2)."""

    seat: int
    die: int
    workers: int
    kind: int
    count: int
    silverlings: int
    points: int
    workers_gained: int


@dataclass(frozen=True)
class WorkersTaken:
    """``seat`` used a die to take ``workers`` workers (and ``silverlings``, knowledge 13)."""

    seat: int
    die: int
    workers: int
    silverlings: int


# --- the effects of placing tiles (seed; data §4.6) --------------------------------------------


@dataclass(frozen=True)
class EffectPending:
    """A placed tile's effect waits for ``seat``'s decision."""

    seat: int
    effect: Effect


@dataclass(frozen=True)
class EffectDeclined:
    """``seat`` chose not to use the effect."""

    seat: int
    effect: Effect


@dataclass(frozen=True)
class EffectLost:
    """The effect could not be used (nothing to take, sell or place) and was lost."""

    seat: int
    effect: Effect


@dataclass(frozen=True)
class GoodsShipped:
    """A ship's effect: ``seat`` took all goods of ``kinds`` from ``depots``; ``taken`` counts
    them per kind."""

    seat: int
    depots: tuple[int, ...]
    kinds: tuple[int, ...]
    taken: tuple[int, ...]


@dataclass(frozen=True)
class TurnOrderAdvanced:
    """A ship moved ``seat``'s piece to ``position``, on top of the stack there (``height``)."""

    seat: int
    position: int
    height: int


@dataclass(frozen=True)
class AnimalsScored:
    """An animal tile on ``space`` scored its own animals and those of its kind in the
    pasture: ``tiles`` tiles showing ``animals`` animals, ``points`` in all."""

    seat: int
    space: int
    tiles: int
    animals: int
    points: int


@dataclass(frozen=True)
class BuildingRewarded:
    """A Watchtower, Bank or Boarding House paid out at once."""

    seat: int
    building: Building
    points: int
    silverlings: int
    workers: int


@dataclass(frozen=True)
class RegionCompleted:
    """``seat`` covered the last space of ``region``: its size points plus the phase bonus."""

    seat: int
    region: int
    points: int
    bonus: int


@dataclass(frozen=True)
class ColourBonusTaken:
    """``seat`` covered every space of ``colour`` and took its large or small bonus tile."""

    seat: int
    colour: Colour
    large: bool
    points: int


# --- the end (seed: final scoring and tie-break) -----------------------------------------------


@dataclass(frozen=True)
class FinalScored:
    """End-of-game points: goods left, silverlings, workers (1 per 2), and knowledge tiles
    15-26 as (number, points) pairs; ``total`` is the seat's final score."""

    seat: int
    goods: int
    silverlings: int
    workers: int
    knowledge: tuple[tuple[int, int], ...]
    total: int


@dataclass(frozen=True)
class GameEnded:
    """Final scores by seat and places (1 = first; the tie-breaks leave no shared place)."""

    scores: tuple[int, ...]
    places: tuple[int, ...]


Event = (
    TilesShuffled
    | GoodsShuffled
    | StartPlayerChosen
    | PlayerSetUp
    | PhaseBegan
    | DepotsRefilled
    | RoundGoodsLaid
    | RoundBegan
    | DiceRolled
    | GoodsDelivered
    | TurnBegan
    | TurnEnded
    | MinesPaid
    | TileTaken
    | TileBought
    | TilePlaced
    | GoodsSold
    | WorkersTaken
    | EffectPending
    | EffectDeclined
    | EffectLost
    | GoodsShipped
    | TurnOrderAdvanced
    | AnimalsScored
    | BuildingRewarded
    | RegionCompleted
    | ColourBonusTaken
    | FinalScored
    | GameEnded
)

EVENT_TYPES: tuple[type, ...] = (
    TilesShuffled,
    GoodsShuffled,
    StartPlayerChosen,
    PlayerSetUp,
    PhaseBegan,
    DepotsRefilled,
    RoundGoodsLaid,
    RoundBegan,
    DiceRolled,
    GoodsDelivered,
    TurnBegan,
    TurnEnded,
    MinesPaid,
    TileTaken,
    TileBought,
    TilePlaced,
    GoodsSold,
    WorkersTaken,
    EffectPending,
    EffectDeclined,
    EffectLost,
    GoodsShipped,
    TurnOrderAdvanced,
    AnimalsScored,
    BuildingRewarded,
    RegionCompleted,
    ColourBonusTaken,
    FinalScored,
    GameEnded,
)
