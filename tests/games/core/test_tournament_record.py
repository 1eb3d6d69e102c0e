"""docs/tournaments.md, "The archive": a tournament result is bound to the chain value of its
game's end, ``core.SeedRevealed``, which disputes appended later do not move; nothing but a
dispute may follow the end."""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from games.core import Cause, CauseKind, Recorded, RecordError
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled, SeatTaken
from games.core.record import GENESIS, canonical
from games.core.tournament_record import Entry, chain_breaks, end_chain

from .toy import AT, recorded_game


def _appended(events: list[Recorded], event: object, kind: CauseKind) -> list[Recorded]:
    sealed = Recorded.sealed(
        events[-1].chain, len(events) + 1, AT, META_CODEC.encode(event), Cause(kind, "later")
    )
    return [*events, sealed]


def test_a_finished_game_is_bound_to_its_last_event() -> None:
    events = recorded_game()
    assert events[-1].event.type == "core.SeedRevealed"
    assert end_chain(events) == events[-1].chain


def test_disputes_after_the_end_do_not_move_the_binding() -> None:
    events = recorded_game()
    opened = _appended(
        events, DisputeOpened("d1", 3, "a wrong roll", "the arbiter"), CauseKind.DISPUTE
    )
    ruled = _appended(
        opened, DisputeRuled("d1", "the roll is the seed's", False), CauseKind.DISPUTE
    )
    assert ruled[-1].chain != events[-1].chain
    assert end_chain(ruled) == events[-1].chain


def test_only_dispute_events_may_follow_the_end() -> None:
    events = recorded_game()
    joined = _appended(events, SeatTaken(0, "Mallory", "hash"), CauseKind.JOIN)
    with pytest.raises(RecordError, match="only dispute events may follow its end"):
        end_chain(joined)
    posing = _appended(events, SeatTaken(0, "Mallory", "hash"), CauseKind.DISPUTE)
    with pytest.raises(RecordError, match="only dispute events may follow its end"):
        end_chain(posing)


def test_a_game_without_an_end_binds_nothing() -> None:
    with pytest.raises(RecordError, match="never reaches the game's end"):
        end_chain(recorded_game(finish=False))


def test_each_entry_chains_from_the_one_before_by_the_game_records_rule() -> None:
    # docs/tournaments.md, "The archive": chain = sha256(previous chain + canonical JSON of the
    # entry without its chain), from 64 zeros, the same rule as game records: the previous
    # value enters as its hex text, so dropping an entry breaks the one after it.
    event = META_CODEC.encode(DisputeOpened("d1", 1, "a claim", "seat 0"))
    first = Entry.sealed(GENESIS, 1, AT, event)
    second = Entry.sealed(first.chain, 2, AT, event)
    body = canonical({"version": 2, "at": AT, "event": event.as_json()})
    assert second.chain == hashlib.sha256(first.chain.encode() + body).hexdigest()
    assert chain_breaks([first, second]) == []
    assert chain_breaks([replace(second, version=1)]) == [
        "version 1: chain hash does not match its contents"
    ]


def test_a_version_out_of_place_is_found_even_when_the_chain_is_rehashed() -> None:
    event = META_CODEC.encode(DisputeOpened("d1", 1, "a claim", "seat 0"))
    first = Entry.sealed(GENESIS, 1, AT, event)
    skipped = Entry.sealed(first.chain, 3, AT, event)
    assert chain_breaks([first, skipped]) == ["version 3 found where 2 was expected"]
