"""The newest known state of recently used games, kept in process.

An entry is a ``Game`` that nobody mutates any more: a write works on a copy and, once the
copy is stored, puts it here in place of the old one. Readers may therefore share entries.
Another process may have stored newer versions meanwhile, so an entry is a starting point:
reads bring it up to date with one query for newer events, and writes that depend on it are
checked by the store's unique (game, version) key (see ``GameStreams``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from uuid import UUID

from services.application.aggregate import Game

CACHED_GAMES = 1000


class GameCache:
    """A bounded, thread-safe map of game id to its newest known ``Game`` (LRU)."""

    def __init__(self, capacity: int = CACHED_GAMES) -> None:
        self._capacity = capacity
        self._games: OrderedDict[UUID, Game] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: UUID) -> Game | None:
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
            return game

    def put(self, game: Game) -> None:
        """Keep ``game`` unless a newer version of it is kept already."""
        with self._lock:
            known = self._games.get(game.id)
            if known is None or known.version <= game.version:
                self._games[game.id] = game
                self._games.move_to_end(game.id)
            while len(self._games) > self._capacity:
                self._games.popitem(last=False)

    def drop(self, game_id: UUID) -> None:
        with self._lock:
            self._games.pop(game_id, None)
