"""docs/tournaments.md, "The archive": a tournament result is bound to the chain value of its
game's end, ``core.SeedRevealed``, which disputes appended later do not move; nothing but a
dispute may follow the end."""

from __future__ import annotations

import pytest

from games.core import Cause, CauseKind, Recorded, RecordError
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled, SeatTaken
from games.core.tournament_record import end_chain

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
