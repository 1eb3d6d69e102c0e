"""Seed: CAPITAL PHASE; notes §4.7 (Events are worth 0)."""

from __future__ import annotations

import pytest

from games.bourgeoisie.actions import EndPhase, SellCard
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import CardSold, PhaseBegan

from .builders import cid, family, player, refusal, settled, step, table


def test_selling_a_card_gains_silver_equal_to_its_value() -> None:
    given = table(player(hand=["Manor", "Bishop"], family=family("Serfs")), phase=Phase.CAPITAL)
    state, events = step(given, 0, SellCard(cid("Bishop")))
    assert events[0] == CardSold(0, cid("Bishop"), 12)
    assert state.players[0].silver == 12
    assert state.players[0].hand == (cid("Manor"),)
    assert state.discard[-1] == cid("Bishop")
    assert state.phase is Phase.CAPITAL  # Manor could still be sold


@pytest.mark.parametrize(
    ("name", "silver"),
    [("Artisans", 10), ("Spice Trade", 8), ("Large Estate", 10), ("Dignitary", 11)],
)
def test_every_kind_of_card_sells_for_its_printed_value(name: str, silver: int) -> None:
    """Seed: CAPITAL PHASE. Any card of the hand may be discarded for its value in silver:
    Families and Trades as well as Lands and Offices."""
    given = table(player(hand=[name, "Plots"], family=family("Serfs")), phase=Phase.CAPITAL)
    state, events = step(given, 0, SellCard(cid(name)))
    assert events[0] == CardSold(0, cid(name), silver)
    assert state.players[0].silver == silver


def test_a_bond_sells_for_its_printed_value() -> None:
    """Seed: CAPITAL PHASE. A Bond sells for its value too (Bond names repeat, so by id)."""
    bond = cid("Annuities", 3)
    given = table(player(hand=[bond, "Plots"], family=family("Serfs")), phase=Phase.CAPITAL)
    state, events = step(given, 0, SellCard(bond))
    assert events[0] == CardSold(0, bond, 3)
    assert state.players[0].silver == 3


def test_events_sell_for_zero() -> None:
    given = table(player(hand=["Nepotism", "Manor"], family=family("Serfs")), phase=Phase.CAPITAL)
    state, events = step(given, 0, SellCard(cid("Nepotism")))
    assert events[0] == CardSold(0, cid("Nepotism"), 0)
    assert state.players[0].silver == 0
    assert cid("Nepotism") in state.discard


def test_selling_a_card_not_in_hand_is_rejected() -> None:
    given = table(player(hand=["Manor"], family=family("Serfs")), phase=Phase.CAPITAL)
    assert refusal(given, SellCard(cid("Bishop"))).reason == "CARD_NOT_IN_HAND"


def test_selling_outside_the_capital_phase_is_rejected() -> None:
    given = table(player(hand=["Manor"], family=family("Serfs")), phase=Phase.INVESTMENT)
    assert refusal(given, SellCard(cid("Manor"))).reason == "WRONG_PHASE"


def test_selling_the_last_card_moves_on_and_silver_converts_the_same_turn() -> None:
    given = table(
        player(silver=5, hand=["Manor"], family=family("Serfs")), player(), phase=Phase.CAPITAL
    )
    state, events = step(given, 0, SellCard(cid("Manor")), rolls=[2])
    assert PhaseBegan(0, Phase.CONVERSION) in events
    assert (state.players[0].gold, state.players[0].silver) == (1, 5)


def test_capital_phase_with_an_empty_hand_is_skipped() -> None:
    given = table(player(family=family("Serfs")), player(), phase=Phase.CAPITAL)
    given_phase_over, events = settled(given, rolls=[2])
    assert events[0] == PhaseBegan(0, Phase.CONVERSION)
    assert given_phase_over.active == 1  # the whole turn ran out: nothing else to decide


def test_end_phase_keeps_the_unsold_cards() -> None:
    given = table(player(hand=["Manor"], family=family("Serfs")), player(), phase=Phase.CAPITAL)
    state, events = step(given, 0, EndPhase(), rolls=[2])
    assert events[0] == PhaseBegan(0, Phase.CONVERSION)
    assert state.players[0].hand == (cid("Manor"),)
