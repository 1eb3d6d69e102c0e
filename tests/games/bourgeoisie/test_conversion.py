"""Seed: CONVERSION PHASE (10 silver -> 1 gold, keep the change); notes §4.6 (automatic)."""

from __future__ import annotations

import pytest

from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import PhaseBegan, SilverConverted

from .builders import family, player, settled, table


@pytest.mark.parametrize(("silver", "gold", "change"), [(37, 3, 7), (10, 1, 0), (125, 12, 5)])
def test_every_ten_silver_convert_into_one_gold_keeping_the_change(
    silver: int, gold: int, change: int
) -> None:
    given = table(
        player(silver=silver, gold=2, family=family("Serfs")), player(), phase=Phase.CONVERSION
    )
    state, events = settled(given, rolls=[1])
    assert events[:2] == (SilverConverted(0, 10 * gold, gold), PhaseBegan(0, Phase.INVESTMENT))
    assert (state.players[0].silver, state.players[0].gold) == (change, 2 + gold)


def test_less_than_ten_silver_stays_silver() -> None:
    given = table(player(silver=9, family=family("Serfs")), player(), phase=Phase.CONVERSION)
    state, events = settled(given, rolls=[1])
    assert events[0] == PhaseBegan(0, Phase.INVESTMENT)
    assert not any(isinstance(e, SilverConverted) for e in events)
    assert (state.players[0].silver, state.players[0].gold) == (9, 0)
