"""Seed: TURN SEQUENCE ("Each turn is divided into 9 Phases"), in the order the seed lists them."""

from __future__ import annotations

from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import PhaseBegan, TrackAdvanced, TurnBegan

from .builders import LONG_DECK, family, of_type, player, settled, table, track

SEED_ORDER = (
    Phase.FAMILY,
    Phase.REVENUE,
    Phase.FATE,
    Phase.OPPORTUNITY,
    Phase.CAPITAL,
    Phase.CONVERSION,
    Phase.INVESTMENT,
    Phase.NOBLEMENT,
    Phase.END,
)


def test_a_turn_runs_through_the_nine_phases_in_the_seeds_order() -> None:
    """Seed: TURN SEQUENCE lists Family, Revenue, Fate, Opportunity, Capital, Conversion,
    Investment, Noblement and End. Seat 0 has nothing to decide (an empty track, an empty
    hand), so its whole turn runs by itself: every phase still begins, once and in that order,
    before the track moves and seat 1's turn begins."""
    given = table(player(family=family("Serfs")), player(), track=track(), deck=LONG_DECK)
    state, events = settled(given, rolls=[3, 2])
    ended = events.index(TurnBegan(1, 2))
    entered = [e.phase for e in of_type(events[:ended], PhaseBegan)]
    assert (Phase.FAMILY, *entered) == SEED_ORDER
    assert isinstance(events[ended - 1], TrackAdvanced)
    assert (state.active, state.phase) == (1, Phase.OPPORTUNITY)
