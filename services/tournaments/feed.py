"""Publishes tournament updates to Redis, and records each result the moment its game ends.

The store is the outbox, as for game updates (``services/publisher``): the feed follows the
store's notification log from its position kept in Redis. For each stored event:

- a tournament event is published to the stream ``tabletop:tournament:<id>`` (entry id
  ``<version>-0``, so a subscriber resumes with ``XRANGE key (<version>-0 +``) and to the
  channel of the same name;
- the last event of a game (``core.SeedRevealed``) of a tournament game makes the tournament
  record the result now (the explicit check of the use cases), rather than at the next call;
  the events that stores are published in a later batch.

A batch's publications and the new position go in one MULTI/EXEC, guarded by a WATCH on the
position, so after any outage the feed resumes exactly after the last event it published, and
a second feed on the same store never publishes an event twice. While Redis is unreachable
the feed says so in one line per attempt and retries with back-off; tournaments go on
meanwhile, and the feed catches up, in order, when Redis returns.
"""

from __future__ import annotations

import json
import logging
import threading

import redis

from games.core import Recorded
from games.core.meta import META_CODEC, GameCreated
from games.core.tournament_events import TOURNAMENT_CODEC, describe
from games.core.tournament_record import GAME_END, Entry
from services.application.aggregate import Game
from services.tournaments.errors import TournamentError
from services.tournaments.streams import LoggedEvent
from services.tournaments.tournaments import Tournaments

log = logging.getLogger(__name__)
POSITION_KEY = "tabletop:tournaments:position"
MAX_BACKOFF_SECONDS = 2.0


def tournament_key(tournament_id: str) -> str:
    return f"tabletop:tournament:{tournament_id}"


def message_for(tournament_id: str, entry: Entry) -> str:
    """The JSON published for one tournament event: ids, version, type, description, data
    (without token hashes)."""
    event = TOURNAMENT_CODEC.decode(entry.event)
    return json.dumps(
        {
            "tournament_id": tournament_id,
            "version": entry.version,
            "type": entry.event.type,
            "recorded_at": entry.at,
            "description": describe(event),
            "event": _without_token_hashes(entry.event.data),
        }
    )


def _without_token_hashes(data: dict[str, object]) -> dict[str, object]:
    """The event's data less the hashes of tokens: no reader of the feed needs them, and
    the feed may be read more widely than the store."""
    return {key: value for key, value in data.items() if not key.endswith("token_hash")}


class TournamentFeed:
    """Follows the notification log; publishes tournament events and records game ends."""

    def __init__(self, tournaments: Tournaments, client: redis.Redis, *, batch: int = 500):
        self._tournaments = tournaments
        self._redis = client
        self._batch = batch
        self.wake = threading.Event()

    def publish_once(self) -> int:
        """Handle the next batch of stored events; returns how many there were.

        The position is watched from its read to the batch's MULTI/EXEC, so when another
        feed on the same store publishes first, this batch is dropped whole (``WatchError``)
        and read again from the new position: each event is published once, in order,
        however many feeds run (every ``tabletop serve`` with Redis runs one).
        """
        with self._redis.pipeline(transaction=True) as pipe:
            pipe.watch(POSITION_KEY)  # type: ignore[no-untyped-call]
            logged = self._tournaments.log_after(int(pipe.get(POSITION_KEY) or 0), self._batch)
            if not logged:
                return 0
            pipe.multi()
            for item in logged:
                if item.topic == Game.Appended.TOPIC:
                    self._on_game_event(item)
                elif item.entry is not None:
                    key = tournament_key(item.stream_id)
                    body = message_for(item.stream_id, item.entry)
                    pipe.xadd(key, {"message": body}, id=f"{item.entry.version}-0")
                    pipe.publish(key, body)
            pipe.set(POSITION_KEY, logged[-1].position)
            pipe.execute()
        return len(logged)

    def run(self, stop: threading.Event, idle_seconds: float = 0.2) -> None:
        """Follow until ``stop`` is set, backing off while Redis or the store is down.

        Redis being unreachable is an outage the feed rides out, not a fault in it: one line
        (a traceback on every retry would bury the log); anything else gets its traceback.
        """
        backoff = idle_seconds
        while not stop.is_set():
            try:
                handled = self.publish_once()
                backoff = idle_seconds
            except redis.WatchError:  # another feed published this batch first
                handled = 1  # read on at once from where it left off
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)
                log.warning(
                    "the tournament feed cannot reach Redis; retrying in %.1f s: %s", backoff, exc
                )
                handled = 0
            except Exception:
                log.exception("the tournament feed failed; retrying")
                handled, backoff = 0, min(backoff * 2, MAX_BACKOFF_SECONDS)
            if not handled:
                self.wake.wait(backoff)
                self.wake.clear()

    def _on_game_event(self, item: LoggedEvent) -> None:
        recorded = item.recorded
        if recorded is None or recorded.event.type != GAME_END:
            return
        first: Recorded = self._tournaments.games.read_events(item.stream_id, 0, 1)[0]
        created = META_CODEC.decode(first.event)
        if not isinstance(created, GameCreated) or not created.tournament:
            return
        try:
            self._tournaments.tournament(created.tournament)
        except TournamentError as error:  # a game that names no tournament of ours
            log.warning("game %s: %s", item.stream_id, error)
