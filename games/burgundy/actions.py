"""The Castles of Burgundy commands: one decision at a time (seed: "Your four action options").

A turn is a sequence of these. ``die`` names the die an action uses: 0 or 1 for the seat's
two dice, ``BONUS_DIE`` (2) for the die "of any number" a castle gives, and for the effect of a
Warehouse, Carpenter's Workshop, Church, Market or City Hall, which need no die. Workers are
never spent by a separate command: an action names its target (a depot, a space, a goods
kind) and the fewest workers that turn the die into that number are spent with it.
"""

from __future__ import annotations

from dataclasses import dataclass

BONUS_DIE = 2
"""The ``die`` of an action a castle or a building's effect grants (any number, no workers)."""


@dataclass(frozen=True)
class TakeTile:
    """Take ``tile`` from the numbered depot matching the die into storage; when storage is
    full, ``discard`` names the stored tile that leaves the game first."""

    die: int
    tile: int
    discard: int | None = None


@dataclass(frozen=True)
class PlaceTile:
    """Move ``tile`` from storage onto the empty estate ``space`` (1..37) showing the die."""

    die: int
    tile: int
    space: int


@dataclass(frozen=True)
class SellGoods:
    """Sell every goods tile of ``kind`` (1..6, the die's number)."""

    die: int
    kind: int


@dataclass(frozen=True)
class TakeWorkers:
    """Use the die, whatever it shows, to take workers."""

    die: int


@dataclass(frozen=True)
class BuyTile:
    """The once-per-turn purchase: 2 silverlings for ``tile`` from the black depot (or, with
    knowledge tile 6, from a numbered depot); ``discard`` as for TakeTile."""

    tile: int
    discard: int | None = None


@dataclass(frozen=True)
class ShipGoods:
    """A placed ship's effect: take the goods of ``kinds`` (ascending) from ``depots``
    (ascending; two neighbouring depots only with knowledge tile 5). Each depot named must
    give up goods, so every shipment has one spelling (docs/rules/burgundy.md item 27)."""

    depots: tuple[int, ...]
    kinds: tuple[int, ...]


@dataclass(frozen=True)
class Pass:
    """Decline the effect waiting for a decision (a castle's action, a ship's goods, a
    building's advantage)."""


@dataclass(frozen=True)
class EndTurn:
    """End the turn after both dice are used, without buying."""


Action = TakeTile | PlaceTile | SellGoods | TakeWorkers | BuyTile | ShipGoods | Pass | EndTurn
ACTION_TYPES: tuple[type, ...] = (
    TakeTile,
    PlaceTile,
    SellGoods,
    TakeWorkers,
    BuyTile,
    ShipGoods,
    Pass,
    EndTurn,
)
