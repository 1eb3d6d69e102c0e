"""The store's mapper, with a fast lane for the event the store holds by the million.

Every action stores several ``Game.Appended`` events, and the publisher reads each of them
back. eventsourcing's ``JSONTranscoder`` writes through ``json.JSONEncoder`` with a Python
``default`` hook and reads through a Python ``object_hook`` called for every JSON object,
which together cost more than sealing the event into the hash chain. The state of an
``Appended`` event is known exactly: its timestamp and its record, which is plain JSON. Here it
is written and read with orjson in the very layout ``JSONTranscoder`` gives it (a test holds
the bytes equal), so a store written either way reads the same; every other event, and every
snapshot, goes through the library's transcoder.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import (
    DatetimeAsISO,
    Mapper,
    StoredEvent,
    find_id_convertor,
)
from eventsourcing.utils import get_topic

from services.application.aggregate import Game

APPENDED_FIELDS = ("originator_id", "originator_version", "timestamp", "record")
DATETIME = DatetimeAsISO.name
WIDE_INTEGER = re.compile(rb"[:,\[]-?\d{19}")
"""A JSON number of 19 digits or more, which orjson may read back as a float (beyond 64
bits, or below -2**63). Records
hold no such numbers as a rule, but one may, and only json reads it exactly; a string that
happens to look like one costs that event the slower path, nothing else."""


class GameMapper(Mapper[UUID]):
    """``Mapper`` with ``Game.Appended`` written and read by orjson, byte for byte alike."""

    appended_topic = get_topic(Game.Appended)

    def to_stored_event(self, domain_event: DomainEventProtocol[UUID]) -> StoredEvent:
        state = vars(domain_event)
        if type(domain_event) is not Game.Appended or not self._plain(state):
            return super().to_stored_event(domain_event)
        stamp = {"_type_": DATETIME, "_data_": state["timestamp"].isoformat()}
        try:
            encoded = orjson.dumps({"timestamp": stamp, "record": state["record"]})
        except orjson.JSONEncodeError:  # an integer beyond 64 bits, which only json writes
            return super().to_stored_event(domain_event)
        return StoredEvent(
            originator_id=state["originator_id"],
            originator_version=state["originator_version"],
            topic=self.appended_topic,
            state=encoded,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[UUID]:
        state = self._written_here(stored_event)
        if state is None:
            return super().to_domain_event(stored_event)
        convert = find_id_convertor(Game.Appended, type(stored_event.originator_id))  # type: ignore[arg-type]
        event = object.__new__(Game.Appended)
        object.__setattr__(
            event,
            "__dict__",
            {
                "originator_id": convert(stored_event.originator_id),
                "originator_version": stored_event.originator_version,
                "timestamp": _timestamp(state),
                "record": state["record"],
            },
        )
        return event

    def record_of(self, stored_event: StoredEvent) -> Any:
        """The ``record`` (JSON) of a stored game event, as ``to_domain_event`` would give it,
        without building the event when this mapper wrote it: a reader of the notification
        log (the publisher) needs nothing else, and builds no event to throw away."""
        state = self._written_here(stored_event)
        if state is None:
            return getattr(self.to_domain_event(stored_event), "record")  # noqa: B009
        _timestamp(state)  # read and dropped: a row the event could not be built from is refused
        return state["record"]

    def _written_here(self, stored_event: StoredEvent) -> dict[str, Any] | None:
        """The stored state, read by orjson, when ``to_stored_event`` wrote it; None when the
        library's own reader is needed (another topic, compression, encryption, a number
        orjson cannot read exactly, or a layout written by the library)."""
        if (
            stored_event.topic != self.appended_topic
            or self.compressor
            or self.cipher
            or WIDE_INTEGER.search(stored_event.state)
        ):
            return None
        state: dict[str, Any] = orjson.loads(stored_event.state)
        stamp = state["timestamp"]
        if not (isinstance(stamp, dict) and stamp.get("_type_") == DATETIME):
            return None
        return state

    def _plain(self, state: dict[str, Any]) -> bool:
        # The library's path handles what this one does not: compression, encryption, and
        # an event carrying more than the fields it was declared with.
        return not (self.compressor or self.cipher) and tuple(state) == APPENDED_FIELDS


def _timestamp(state: dict[str, Any]) -> datetime:
    """The moment the library stamped on a stored ``Appended`` event (``_written_here``)."""
    return datetime.fromisoformat(state["timestamp"]["_data_"])
