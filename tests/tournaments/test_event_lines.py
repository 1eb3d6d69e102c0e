"""The one-line English description of each tournament event (the feed's and the record's)."""

from __future__ import annotations

from games.core.tournament_events import (
    GameAdjudicated,
    PlayerDropped,
    RoundStarted,
    Seating,
    TournamentCreated,
    describe,
)
from services.tournaments import Format, new_spec


def test_a_round_counts_its_tables_and_names_its_byes() -> None:
    one = RoundStarted(1, (Seating(1, "g1", ("a", "b")),), ())
    two = RoundStarted(2, (Seating(1, "g2", ("a", "b")), Seating(2, "g3", ("c", "d"))), ("e",))
    assert describe(one) == "Round 1 started at 1 table"
    assert describe(two) == "Round 2 started at 2 tables; byes: e"


def test_creation_withdrawal_and_adjudication_read_as_sentences() -> None:
    spec = new_spec("Cup", "bruges", 3, Format.SINGLE_ELIMINATION, 2)
    assert describe(TournamentCreated("t", spec, "")) == (
        "Cup created: bruges, single elimination, 3 seats a table"
    )
    assert describe(PlayerDropped("Ada", "ill")) == "Ada withdrew: ill"
    ruled = GameAdjudicated(1, 2, "g", (0, 0, 0), (1, 2, 3), (), "time")
    assert describe(ruled) == "Round 1, table 2 adjudicated (time): places [1, 2, 3]"
