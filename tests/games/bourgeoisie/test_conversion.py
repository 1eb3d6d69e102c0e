"""Seed: CONVERSION PHASE (10 silver -> 1 gold, keep the change); notes §4.6 (automatic)."""

from __future__ import annotations

from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import PhaseBegan, SilverConverted

from .builders import family, player, settled, table


def test_every_ten_silver_convert_into_one_gold_keeping_the_change() -> None:
    given = table(
        player(silver=37, gold=2, family=family("Serfs")), player(), phase=Phase.CONVERSION
    )
    state, events = settled(given, rolls=[1])
    assert events[:2] == (SilverConverted(0, 30, 3), PhaseBegan(0, Phase.INVESTMENT))
    assert (state.players[0].silver, state.players[0].gold) == (7, 5)


def test_less_than_ten_silver_stays_silver() -> None:
    given = table(player(silver=9, family=family("Serfs")), player(), phase=Phase.CONVERSION)
    state, events = settled(given, rolls=[1])
    assert events[0] == PhaseBegan(0, Phase.INVESTMENT)
    assert not any(isinstance(e, SilverConverted) for e in events)
    assert (state.players[0].silver, state.players[0].gold) == (9, 0)
