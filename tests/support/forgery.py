"""Records forged as a careful forger would: edited, then re-hashed from scratch."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import GameRecord, Recorded
from games.core.record import GENESIS, record_of
from games.registry import rules_for


def rechained(events: Sequence[Recorded]) -> list[Recorded]:
    """The events renumbered from 1 and re-chained, as a forger who recomputes every hash
    would (and as a build writing them would have chained them)."""
    chained: list[Recorded] = []
    for version, recorded in enumerate(events, start=1):
        previous = chained[-1].chain if chained else GENESIS
        chained.append(
            Recorded.sealed(previous, version, recorded.at, recorded.event, recorded.cause)
        )
    return chained


def resealed(record: GameRecord, events: Sequence[Recorded]) -> GameRecord:
    """The record of ``events`` renumbered and re-hashed from scratch, result line included,
    so its hash chain holds whatever was changed."""
    return record_of(rules_for(str(record.header["game"])), rechained(events))
