"""Follows the store's notification log and publishes every game event to Redis.

The store is the outbox: the follower reads stored events after its saved position and, in
one atomic Redis script, appends each event's messages to their streams, publishes them to
pub/sub listeners, and saves the new position. Publishing and advancing are therefore atomic,
and the script does nothing unless the position is still the one the follower started from,
so it never publishes what another publisher has published meanwhile: after any crash,
outage or failover the follower resumes exactly after the last published event, so nothing
is lost and nothing is published twice. While Redis is down, games go on; the follower
retries with back-off and catches up, in order, when Redis returns.

Exactly one publisher is active per store (``PublisherLock``); others stand by. The active
one is woken by every write: by the store's listeners in its own process, by PostgreSQL
NOTIFY or SQLite's data version from any other (``GameStore.follow_writes``); it publishes
everything stored since: a few batches one by one, a backlog in chunks, each sent while Redis
still runs the one before.

A batch is the events one cause stored together (an action and the automatic steps it set
off, a seat taken, a dispute): only its last event's messages carry views, since no one
decides between the others (``messages_for``). Batches are therefore published whole: a read
of the store that may have cut the last one holds it back for the next read.

A what-if fork of a game still in play holds that game's secrets, so until the game ends the
fork's events go out as wake-ups alone, never as views (docs/reliability.md, "Access").

Redis holds a game's streams only for its subscribers, not as a record: each stream is kept
for a while after its last message (``StreamRetention``: a day once the game has ended, 30
days while it has not, unless ``TABLETOP_STREAM_RETENTION`` and
``TABLETOP_STREAM_IDLE_RETENTION`` say otherwise), so Redis's memory follows the games being
played, not every game ever played or abandoned. The store keeps every event; ``ReadEvents``
serves them.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

import redis
from redis.connection import Connection

from games.core import GameCreated, apply
from games.core.meta import META_CODEC
from games.core.rules import AnyRules
from games.registry import rules_for
from services.application import Games, Notification
from services.application.aggregate import codec_for
from services.publisher.lock import PublisherLock
from services.publisher.messages import POSITION_KEY, UPDATES_CHANNEL, Message, messages_for
from services.settings import DEFAULT_STREAM_RETENTION, StreamRetention

log = logging.getLogger(__name__)
_Table = tuple[AnyRules, int, str, str]
"""A game's rules, seat count, the game it was forked from ("" for none) and its ruleset."""
STATE_CACHE_GAMES = 1000
STANDBY_SECONDS = 0.25
LIVE_BATCH = 32
CATCH_UP_CHUNK = 64

# Appends each message to its stream and publishes it, publishes each event's wake-up on the
# channel ARGV[3], and moves the position to ARGV[2], all only if the position is still
# ARGV[1]. A script runs atomically, so this is one round trip where WATCH, GET and MULTI/EXEC
# took three, and exactly-once holds the same way: a publisher behind the position publishes
# nothing. Each event follows as: its message count n, its version (the entry id's first
# part), the seconds its streams are still kept (0: for ever), n pairs of stream key and
# message, and its wake-up; every argument costs the publisher time to pack, so none is sent
# twice. The script itself goes with each call (EVAL: Redis keeps it compiled under its
# digest), so no answer can be NOSCRIPT after Redis restarts. A stream's time to live is set
# once, after its last message here: EXPIRE, or PERSIST for 0, since its earlier messages may
# have set one (a game kept for ever once ended was kept for a while as it went on).
_PUBLISH = """
if (redis.call('GET', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
local keep, streams = {}, {}
local i = 4
while i <= #ARGV do
  local n = tonumber(ARGV[i])
  local id = ARGV[i + 1] .. '-0'
  for m = 0, n - 1 do
    local key, body = ARGV[i + 3 + 2 * m], ARGV[i + 4 + 2 * m]
    redis.call('XADD', key, id, 'message', body)
    redis.call('PUBLISH', key, body)
    if keep[key] == nil then streams[#streams + 1] = key end
    keep[key] = tonumber(ARGV[i + 2])
  end
  redis.call('PUBLISH', ARGV[3], ARGV[i + 3 + 2 * n])
  i = i + 4 + 2 * n
end
for _, key in ipairs(streams) do
  if keep[key] > 0 then redis.call('EXPIRE', key, keep[key]) else redis.call('PERSIST', key) end
end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""


class RedisPublisher:
    """Publishes stored game events to Redis streams and channels, exactly once each."""

    def __init__(
        self,
        games: Games,
        client: redis.Redis,
        *,
        batch: int = 500,
        lock: PublisherLock | None = None,
        retention: StreamRetention = DEFAULT_STREAM_RETENTION,
        announce: Callable[[str], None] = log.info,
    ) -> None:
        self._games = games
        self._announce = announce
        self._redis = client
        self._batch = batch
        self._retention = retention
        self.lock = lock if lock is not None else PublisherLock(client)
        self._states: OrderedDict[str, tuple[int, Any]] = OrderedDict()
        self._tables: OrderedDict[str, _Table] = OrderedDict()
        self._open_origins: set[str] = set()  # origins of forks whose secrets are out
        self._next = -1  # the position this publisher last saw in Redis (-1: read it)
        self.wake = threading.Event()
        self.waiting = threading.Event()  # caught up, waiting to be woken by a write
        self.active = threading.Event()

    def position(self) -> int:
        return int(self._redis.get(POSITION_KEY) or 0)

    def publish_once(self) -> int:
        """Publish the stored events after the position; returns how many were published."""
        if self._next < 0:
            self._next = self.position()
        notes = self._games.notifications(self._next, self._batch)
        batches = whole_batches(notes, cut=len(notes) == self._batch)
        # Live traffic (a few events) goes out batch by batch, so the first is not held back
        # while the rest are rendered; a backlog goes in chunks, to save round trips.
        live = sum(map(len, batches)) <= LIVE_BATCH
        return self._publish(batches if live else _chunks(batches, CATCH_UP_CHUNK))

    def _publish(self, chunks: list[list[Notification]]) -> int:
        """Publish ``chunks`` (each whole batches) in order, each by one run of the script,
        which advances the position past it only if the position is still where the chunk
        before left it; returns how many events were published.

        Each chunk is sent before the answer to the one before it is read, so Redis runs one
        chunk's script while the next is rendered here: waiting for each answer in turn left
        this process idle for about a third of its time. Sending ahead changes no outcome,
        since each script checks the position itself: after one finds it moved (another
        publisher's work) no more are sent, and the answers still due are read in order."""
        pool = self._redis.connection_pool
        connection = pool.get_connection()
        sent: deque[list[Notification]] = deque()
        published, after = 0, self._next
        try:
            for chunk in chunks:
                command = ("EVAL", _PUBLISH, 1, POSITION_KEY, *self._arguments(after, chunk))
                connection.send_command(*command)  # type: ignore[no-untyped-call]
                sent.append(chunk)
                after = chunk[-1].position
                if len(sent) > 1:
                    published += self._answer(connection, sent.popleft())
                    if self._next < 0:
                        break
            while sent:
                published += self._answer(connection, sent.popleft())
        except BaseException:
            # Answers may be left unread on it: a connection kept would hand them to the
            # next reader as its own.
            connection.disconnect()  # type: ignore[no-untyped-call]
            self._next = -1  # what was published is unknown: read the position again
            raise
        finally:
            pool.release(connection)
        return published

    def _arguments(self, after: int, notes: list[Notification]) -> list[str | int]:
        """The script's arguments that publish ``notes`` (whole batches) and move the
        position from ``after`` past them."""
        arguments: list[str | int] = [after, notes[-1].position, UPDATES_CHANNEL]
        for note, following in zip(notes, [*notes[1:], None], strict=True):
            messages, game_over = self._messages(note, ends_batch=not _same_batch(note, following))
            keep = self._retention.after(game_over=game_over)
            arguments += [len(messages), note.recorded.version, keep]
            for message in messages:
                arguments += [message.key, message.body]
            arguments.append(f"{note.game_id} {note.recorded.version}")
        return arguments

    def _answer(self, connection: Connection, chunk: list[Notification]) -> int:
        """Read the script's answer for ``chunk``: how many events it published, and where
        the position now is (unknown, -1, when the script found it moved)."""
        if connection.read_response():
            self._next = chunk[-1].position
            return len(chunk)
        self._next = -1
        return 0

    def run(self, stop: threading.Event, idle_seconds: float = 0.05) -> bool:
        """Stand by until this publisher holds the lock, then publish until ``stop`` is set
        (or the lock is lost); woken by writes, polling every ``idle_seconds`` regardless.
        Each change of role (active, standing by) is told to ``announce``. Returns True when
        it held the lock at the stop and gave it back (a standby takes over at once)."""
        follower = threading.Thread(
            target=self._games.store.follow_writes,
            args=(self.wake.set, stop, self.waiting),
            name="publisher-wake",
            daemon=True,
        )
        follower.start()
        said = ""  # what this publisher last said it waits for: told once, not every poll
        while not stop.is_set():
            waiting_for = self._try_to_lead()
            if not waiting_for:
                self._announce("active: this publisher holds the lease and publishes")
                self._publish_while_leading(stop, idle_seconds)
            else:
                if waiting_for != said:
                    self._announce(waiting_for)
                stop.wait(STANDBY_SECONDS)
            said = waiting_for
        return self._try(self.lock.release, False)

    def _try_to_lead(self) -> str:
        """Take the lease if no one holds it: "" when this publisher holds it now, else what
        it waits for: another publisher's lease, or Redis itself when Redis does not answer
        (which "standing by" would hide)."""
        try:
            if self.lock.acquire():
                return ""
            return "standing by: another publisher holds the lease"
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            return f"waiting for Redis, which does not answer: {exc}"

    def _publish_while_leading(self, stop: threading.Event, idle_seconds: float) -> None:
        self.active.set()
        self._next = -1  # another publisher may have moved it while this one stood by
        backoff = idle_seconds
        while not stop.is_set() and self._try(self.lock.keep, True):
            self.wake.clear()
            try:
                published = self.publish_once()
                backoff = idle_seconds
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                log.warning("Redis unavailable, will retry: %s", exc)
                published, backoff = 0, min(backoff * 2, 2.0)
            except Exception:
                log.exception("publishing failed; retrying")
                published, backoff = 0, min(backoff * 2, 2.0)
            if not published:
                self.waiting.set()
                self.wake.wait(backoff)
                self.waiting.clear()
        self.active.clear()

    def _try(self, step: Any, otherwise: bool) -> bool:
        """Run a lock step; while Redis is unreachable keep the current role."""
        try:
            return bool(step())
        except (redis.ConnectionError, redis.TimeoutError):
            return otherwise

    def _messages(self, note: Notification, *, ends_batch: bool) -> tuple[list[Message], bool]:
        """The event's messages (with views when it ends its batch), and whether its game has
        ended with it (or before it), which says how long its streams are kept
        (``StreamRetention``)."""
        rules, seats, origin, ruleset = self._table(note)
        event = codec_for(rules).decode(note.recorded.event)
        before, state = self._states_around(note, rules, event)
        game_over = rules.outcome(state) is not None
        if origin and self._holds_live_secrets(origin):
            return [], game_over  # only the wake-up goes out
        messages = messages_for(
            rules, note, event, state, seats, ruleset=ruleset, with_views=ends_batch, before=before
        )
        return messages, game_over

    def _holds_live_secrets(self, origin: str) -> bool:
        """Whether a fork of ``origin`` still holds secrets of a game in play: then its views,
        played on from the origin's whole state, would tell that game's future to any reader
        of Redis, so they are withheld (only the fork's arbiter and seats may read it, over
        gRPC). Checked as each event is published: once the origin has ended, the fork's
        later events are published in full."""
        if origin in self._open_origins:
            return False
        if self._games.secrets_out(origin):
            self._open_origins.add(origin)
            return False
        return True

    def _table(self, note: Notification) -> _Table:
        """A game's rules, seat count, origin ("" unless a fork) and ruleset, which never
        change: read from its first event when that is the one being published (a new game
        costs no store read), else from the store."""
        known = self._tables.get(note.game_id)
        if known is None:
            created = _created(note)
            if created is not None:
                origin = created.origin_game_id or ""
                known = (rules_for(created.game), created.seats, origin, created.ruleset)
            else:
                game = self._games.game_info(note.game_id, 1)
                origin = game.origin_game_id or ""
                known = (game.rules, len(game.players), origin, game.ruleset)
            self._tables[note.game_id] = known
            if len(self._tables) > STATE_CACHE_GAMES * 10:
                self._tables.popitem(last=False)
        return known

    def _states_around(self, note: Notification, rules: AnyRules, event: Any) -> tuple[Any, Any]:
        """The state ``note``'s event (``event``, decoded) was applied to and the state it led
        to: its game's last published state, or, when that is not at hand, the state read
        from the store at the version before; and that state with the event applied."""
        version = note.recorded.version
        cached = self._states.get(note.game_id)
        if version == 1:  # a new game: its first event starts it from nothing
            before = None
        elif cached is not None and cached[0] == version - 1:
            before = cached[1]
        else:
            before = self._games.game_info(note.game_id, version - 1).state
        state = apply(rules, before, event)
        self._states[note.game_id] = (version, state)
        self._states.move_to_end(note.game_id)
        if len(self._states) > STATE_CACHE_GAMES:
            self._states.popitem(last=False)
        return before, state


def _same_batch(note: Notification, following: Notification | None) -> bool:
    """Whether ``following`` was stored in ``note``'s batch: the same game, the same cause
    (every cause has a command id of its own, so two batches never share one)."""
    return (
        following is not None
        and following.game_id == note.game_id
        and following.recorded.cause == note.recorded.cause
    )


def whole_batches(notes: list[Notification], *, cut: bool) -> list[list[Notification]]:
    """``notes`` as their batches, in order. When the read was ``cut`` (it returned as many
    as it asked for), its last batch may go on past it, so it is left for the next read,
    unless it is all the read holds. A read that was not cut ends with a whole batch: a batch
    is stored in one transaction, and the store lists positions in commit order."""
    batches: list[list[Notification]] = []
    for note in notes:
        if batches and _same_batch(batches[-1][-1], note):
            batches[-1].append(note)
        else:
            batches.append([note])
    return batches[:-1] if cut and len(batches) > 1 else batches


def _chunks(batches: list[list[Notification]], size: int) -> list[list[Notification]]:
    """Whole batches gathered into chunks of at least ``size`` events (but the last)."""
    chunks: list[list[Notification]] = [[]]
    for batch in batches:
        if len(chunks[-1]) >= size:
            chunks.append([])
        chunks[-1].extend(batch)
    return [chunk for chunk in chunks if chunk]


def _created(note: Notification) -> GameCreated | None:
    """The game's GameCreated event, when ``note`` is its first."""
    if note.recorded.version != 1:
        return None
    event = META_CODEC.decode(note.recorded.event)
    return event if isinstance(event, GameCreated) else None
