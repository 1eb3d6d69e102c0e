"""docs/architecture.md §5, tamper evidence: any edited, dropped, reordered or inserted event breaks
the per-game hash chain, and ``chain_breaks`` says where."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core import Encoded, Recorded
from games.core.record import chain_breaks
from tests.support.forgery import rechained

from .toy import recorded_game


@pytest.fixture
def events() -> list[Recorded]:
    return recorded_game(seats=3)


def test_an_intact_chain_has_no_breaks(events: list[Recorded]) -> None:
    assert len(events) > 8
    assert list(chain_breaks(events)) == []
    assert list(chain_breaks([])) == []


def test_an_edited_event_is_found(events: list[Recorded]) -> None:
    edited = events[5]
    events[5] = replace(edited, event=Encoded(edited.event.type, 1, {"seat": 0, "amount": 1}))
    assert list(chain_breaks(events)) == ["version 6: chain hash does not match its contents"]


@pytest.mark.parametrize(
    "change",
    [
        {"at": "2026-01-01T00:00:01.000000+00:00"},
        {"chain": "0" * 64},
    ],
)
def test_an_edited_time_or_chain_is_found(events: list[Recorded], change: dict[str, str]) -> None:
    events[4] = replace(events[4], **change)  # type: ignore[arg-type]
    assert list(chain_breaks(events))


def test_an_edited_cause_is_found(events: list[Recorded]) -> None:
    seat = events[-1].cause.seat
    assert seat is not None
    events[-1] = replace(events[-1], cause=replace(events[-1].cause, seat=(seat + 1) % 3))
    assert list(chain_breaks(events)) == [
        f"version {len(events)}: chain hash does not match its contents"
    ]


def test_an_edit_with_its_own_hash_recomputed_breaks_the_next_link(
    events: list[Recorded],
) -> None:
    previous = events[3].chain
    forged = events[4].event.data | {"seat": 1}
    events[4] = Recorded.sealed(
        previous, 5, events[4].at, replace(events[4].event, data=forged), events[4].cause
    )
    assert list(chain_breaks(events)) == ["version 6: chain hash does not match its contents"]


def test_a_dropped_event_is_found(events: list[Recorded]) -> None:
    del events[4]
    breaks = list(chain_breaks(events))
    assert "version 6 found where 5 was expected" in breaks
    assert "version 6: chain hash does not match its contents" in breaks


def test_a_dropped_first_event_is_found(events: list[Recorded]) -> None:
    assert list(chain_breaks(events[1:]))


def test_reordered_events_are_found(events: list[Recorded]) -> None:
    events[4], events[5] = events[5], events[4]
    breaks = list(chain_breaks(events))
    assert "version 6 found where 5 was expected" in breaks
    assert "version 5 found where 6 was expected" in breaks


def test_reordered_events_renumbered_are_found(events: list[Recorded]) -> None:
    events[4], events[5] = events[5], events[4]
    renumbered = [replace(r, version=v) for v, r in enumerate(events, start=1)]
    assert list(chain_breaks(renumbered))


def test_an_inserted_event_is_found(events: list[Recorded]) -> None:
    copy = events[4]
    events.insert(5, Recorded.sealed(copy.chain, 6, copy.at, copy.event, copy.cause))
    breaks = list(chain_breaks(events))
    # The inserted event itself chains on; the first event after it no longer does.
    assert breaks[0] == "version 6 found where 7 was expected"
    assert "version 6: chain hash does not match its contents" in breaks


def test_only_a_full_reseal_hides_an_edit_from_the_chain(events: list[Recorded]) -> None:
    # The chain proves integrity, not authorship: a forger who re-chains everything passes it,
    # which is why verification also re-runs the rules from the revealed seed.
    forged = [*events[:5], *events[6:]]
    assert list(chain_breaks(rechained(forged))) == []
    assert rechained(events) == events
