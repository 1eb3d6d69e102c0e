"""Whether a record's times run forward (docs/record-format.md, "Times").

Each event carries the time it was stored, read from the clock of the server process that
stored it. Nothing makes those times run forward within a game: the servers behind a load
balancer each read their own clock, and a clock may be stepped back (by NTP, or by hand). An
event stamped earlier than the one before it is therefore no proof of tampering, and fails
nothing; ``tabletop verify`` notes it, for an arbiter to weigh: a server's clock stepped back,
or a line was edited and every chain value after it computed again.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import pairwise

from games.core import Recorded
from games.core.wording import counted


def times_going_back(events: Sequence[Recorded]) -> str:
    """Where an event is stamped earlier than the one before it, in a few words: the first
    such place, and how many more there are ("" when every time is at or after the one
    before it). A time that is not ISO 8601 is named instead, as the order cannot be told."""
    try:
        stamped = [(recorded, _moment(recorded)) for recorded in events]
    except ValueError as unreadable:
        return str(unreadable)
    back = [(before, after) for before, after in pairwise(stamped) if after[1] < before[1]]
    if not back:
        return ""
    (earlier, earlier_moment), (later, later_moment) = back[0]
    seconds = f"{(earlier_moment - later_moment).total_seconds():.6f}".rstrip("0").rstrip(".")
    more = f", and at {counted(len(back) - 1, 'later version')}" if len(back) > 1 else ""
    return (
        f"times go back: version {later.version} is stamped {later.at}, {seconds} s before "
        f"version {earlier.version} ({earlier.at}){more}; a server's clock stepped back, or "
        "the record was edited and re-hashed"
    )


def _moment(recorded: Recorded) -> datetime:
    """The moment ``recorded`` is stamped with, a time without an offset read as UTC (as the
    service reads one it sends over gRPC); ValueError, saying so, when it is not ISO 8601."""
    try:
        moment = datetime.fromisoformat(recorded.at)
    except ValueError:
        raise ValueError(
            f"version {recorded.version}'s time {recorded.at!r} is not an ISO 8601 time, so "
            "the order of the times was not checked"
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
