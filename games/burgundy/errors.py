"""Why the rules refuse a Castles of Burgundy action: one RuleError subclass per rule.

Each carries a machine-readable ``reason`` (games.core.errors). Nothing in Burgundy is hidden
but the order of the face-down piles, which no message mentions.
"""

from __future__ import annotations

from games.core.errors import RuleError


class NotStartedError(RuleError):
    """The opening has not been played yet."""

    reason = "NOT_STARTED"


class DieUsedError(RuleError):
    """That die has already been used this turn."""

    reason = "DIE_USED"


class NoBonusActionError(RuleError):
    """Die 2 is only for an action a castle or a building grants."""

    reason = "NO_BONUS_ACTION"


class EffectPendingError(RuleError):
    """A placed tile's effect must be used or declined first."""

    reason = "EFFECT_PENDING"


class WrongEffectError(RuleError):
    """The effect waiting for a decision does not allow this action."""

    reason = "WRONG_EFFECT"


class NothingPendingError(RuleError):
    """There is no effect to use or decline."""

    reason = "NOTHING_PENDING"


class NotEnoughWorkersError(RuleError):
    """Turning the die into the number needed takes more workers than the seat has."""

    reason = "NOT_ENOUGH_WORKERS"


class TileNotInDepotError(RuleError):
    """The tile is not in a depot this action may take from."""

    reason = "TILE_NOT_IN_DEPOT"


class WrongTileColourError(RuleError):
    """The tile's colour does not fit (the space, or the building's effect)."""

    reason = "WRONG_COLOUR"


class StorageFullError(RuleError):
    """Storage holds three tiles: name one to discard."""

    reason = "STORAGE_FULL"


class BadDiscardError(RuleError):
    """The tile to discard is not in storage, or storage has room and nothing may go."""

    reason = "BAD_DISCARD"


class TileNotInStorageError(RuleError):
    """Only tiles from storage may be placed in the estate."""

    reason = "TILE_NOT_IN_STORAGE"


class SpaceTakenError(RuleError):
    """The estate space already holds a tile."""

    reason = "SPACE_TAKEN"


class NotAdjacentError(RuleError):
    """A placed tile must touch a tile already in the estate."""

    reason = "NOT_ADJACENT"


class BuildingInCityError(RuleError):
    """Each building type may appear only once per city."""

    reason = "BUILDING_IN_CITY"


class NoGoodsError(RuleError):
    """The seat holds no goods of that kind."""

    reason = "NO_GOODS"


class AlreadyBoughtError(RuleError):
    """Only one purchase per turn."""

    reason = "ALREADY_BOUGHT"


class NotEnoughSilverlingsError(RuleError):
    """A purchase costs 2 silverlings."""

    reason = "NOT_ENOUGH_SILVERLINGS"


class BadShipmentError(RuleError):
    """Those depots or goods kinds are not a shipment the ship allows."""

    reason = "BAD_SHIPMENT"


class DiceUnusedError(RuleError):
    """Both dice must be used before the turn ends."""

    reason = "DICE_UNUSED"
