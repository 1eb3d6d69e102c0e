"""The use cases of the game service, on eventsourcing (no gRPC, no Redis here)."""

from services.application.errors import (
    ApplicationError,
    ConcurrentWriteError,
    GameNotFoundError,
    InvalidRequestError,
    PermissionDeniedError,
    SeatUnavailableError,
    StaleVersionError,
    StoreUnavailableError,
    UnauthenticatedError,
)
from services.application.games import Choices, Games, Notification, SeatGrant, Submitted
from services.application.perspective import Perspective, Viewer
from services.application.store import GameStore

__all__ = [
    "ApplicationError",
    "Choices",
    "ConcurrentWriteError",
    "GameNotFoundError",
    "GameStore",
    "Games",
    "InvalidRequestError",
    "Notification",
    "PermissionDeniedError",
    "Perspective",
    "SeatGrant",
    "SeatUnavailableError",
    "StaleVersionError",
    "StoreUnavailableError",
    "Submitted",
    "UnauthenticatedError",
    "Viewer",
]
