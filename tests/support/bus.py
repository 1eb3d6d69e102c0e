"""The in-process bus wired to a store, as ``tabletop serve`` wires it without Redis."""

from __future__ import annotations

from services.application import GameStore
from services.publisher.bus import LocalBus


def local_bus(store: GameStore) -> LocalBus:
    """A bus that wakes the watchers of every game a save to ``store`` changed."""
    bus = LocalBus()

    def notify_each(game_ids: set[str]) -> None:
        for game_id in game_ids:
            bus.notify(game_id)

    store.saved_listeners.append(notify_each)
    return bus
