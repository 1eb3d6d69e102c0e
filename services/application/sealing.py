"""Sealing a command's events into the game's hash chain (docs/architecture.md §5), cheaply.

The chain value is exactly ``games.core.record.chain_after``: sha256 of the previous value and
the canonical JSON of the event's body (version, at, event, cause). A command's events share
one cause, so its canonical bytes and JSON form are made once per command, not once per
event; the body is assembled in canonical key order from canonical parts, which is the same
bytes ``canonical`` gives for the whole (a test holds the two to that). The parts are written
by orjson, which gives ``canonical``'s bytes for every value an event holds at a tenth of the
cost (a test holds the two to that as well).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime

import orjson

from games.core import Cause, Recorded
from games.core.jsonable import JSON
from games.core.record import canonical
from games.core.rules import AnyRules
from services.application.aggregate import codec_for


class Sealer:
    """Seals the events of one cause in one game, each after the one before."""

    def __init__(self, rules: AnyRules, cause: Cause, clock: Callable[[], datetime]) -> None:
        self._codec = codec_for(rules)
        self._clock = clock
        self.cause = cause
        self._cause_json = cause.as_json()
        self._cause_bytes = canonical_bytes(self._cause_json)

    def seal(self, previous: str, version: int, event: object) -> tuple[Recorded, dict[str, JSON]]:
        """The recorded event at ``version`` after chain value ``previous``, and its JSON."""
        encoded = self._codec.encode(event)
        at = self._clock().isoformat(timespec="microseconds")
        event_json = encoded.as_json()
        body = b'{"at":%s,"cause":%s,"event":%s,"version":%d}' % (
            orjson.dumps(at),
            self._cause_bytes,
            canonical_bytes(event_json),
            version,
        )
        chain = hashlib.sha256(previous.encode() + body).hexdigest()
        record = {"version": version, "at": at, "event": event_json, "cause": self._cause_json}
        record["chain"] = chain
        return Recorded(version, at, encoded, self.cause, chain), record


def canonical_bytes(value: JSON) -> bytes:
    """``games.core.record.canonical(value)``, written by orjson when it can."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except orjson.JSONEncodeError:  # an integer beyond 64 bits, which only json writes
        return canonical(value)
