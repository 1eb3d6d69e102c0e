"""Seed: FATE PHASE (1D6 opportunity tokens, saved from turn to turn)."""

from __future__ import annotations

from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import OpportunityRolled, PhaseBegan
from games.bourgeoisie.progress import settle
from games.core import ScriptedChance

from .builders import family, player, settled, table


def test_fate_phase_rolls_1d6_opportunity_tokens() -> None:
    given = table(player(family=family("Serfs")), player(), phase=Phase.FATE)
    state, events = settled(given, rolls=[5])
    assert events[:2] == (OpportunityRolled(0, 5), PhaseBegan(0, Phase.OPPORTUNITY))
    assert state.players[0].opportunity == 5


def test_opportunity_tokens_are_saved_from_turn_to_turn() -> None:
    given = table(player(opportunity=4, family=family("Serfs")), player(), phase=Phase.FATE)
    state, _ = settled(given, rolls=[6])
    assert state.players[0].opportunity == 10


def test_the_fate_roll_is_one_six_sided_die() -> None:
    """Seed: FATE PHASE, 1D6: a single die of six sides, not a larger one."""
    chance = ScriptedChance((6,))
    given = table(player(family=family("Serfs")), player(), phase=Phase.FATE)
    state, _ = settle(given, chance)
    assert chance.rolled == [(6, 6)]
    assert state.players[0].opportunity == 6
