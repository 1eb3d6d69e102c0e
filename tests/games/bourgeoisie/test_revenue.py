"""Seed: REVENUE PHASE and UPGRADE TOKENS; notes §3.2 and §4.3 (no family, no revenue)."""

from __future__ import annotations

import pytest

from games.bourgeoisie.actions import Action, Invest, PlaceFamily, PlaceTrade
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import PhaseBegan, RevenueCollected
from games.bourgeoisie.scoring import revenue

from .builders import cid, family, player, settled, step, table


def test_revenue_is_the_value_of_every_card_of_the_current_family() -> None:
    # Burghers 9 + Spice Trade 8 + Bonds 3 + Vineyard 8 + Courtier 3 = 31
    burghers = family(
        "Burghers", "Spice Trade", bonds=[cid("Bonds", 3)], lands=["Vineyard"], offices=["Courtier"]
    )
    given = table(player(silver=4, family=burghers), player(), phase=Phase.REVENUE)
    state, events = settled(given, rolls=[2])
    assert events[:2] == (RevenueCollected(0, 31), PhaseBegan(0, Phase.FATE))
    assert state.players[0].silver == 35


def test_revenue_counts_upgrade_tokens() -> None:
    upgraded = family("Serfs", "Lawyers", upgrades=[("Serfs", 3), ("Lawyers", 5)])
    assert revenue(upgraded) == 1 + 3 + 1 + 5
    given = table(player(family=upgraded), player(), phase=Phase.REVENUE)
    _, events = settled(given, rolls=[2])
    assert events[0] == RevenueCollected(0, 10)


def test_revenue_is_zero_without_a_current_family() -> None:
    given = table(player(silver=3), player(), phase=Phase.REVENUE)
    state, events = settled(given, rolls=[2])
    assert events[0] == RevenueCollected(0, 0)
    assert state.players[0].silver == 3


def test_retired_families_pay_no_revenue() -> None:
    retired = family("Artisans", "Bankers", lands=["Manor"], offices=["Mayor"])
    given = table(player(retired=[retired]), player(), phase=Phase.REVENUE)
    _, events = settled(given, rolls=[2])
    assert events[0] == RevenueCollected(0, 0)


def test_a_family_placed_this_turn_pays_revenue_the_same_turn() -> None:
    """Seed: TURN SEQUENCE puts the Family phase before the Revenue phase, so a family put in
    play this turn (with its Trade) already pays: Burghers 9 + Wool Trade 2. With nothing
    left to place, the Family phase ends by itself after the Trade."""
    given = table(player(gold=2, hand=["Burghers", "Wool Trade"]), player())
    state, _ = step(given, 0, PlaceFamily(cid("Burghers")))
    state, events = step(state, 0, PlaceTrade(cid("Wool Trade")), rolls=[1])
    assert events[1:3] == (PhaseBegan(0, Phase.REVENUE), RevenueCollected(0, 11))
    assert state.players[0].silver == 11


@pytest.mark.parametrize(
    ("trade", "phase", "action"),
    [
        (None, Phase.FAMILY, PlaceTrade(cid("Wool Trade"))),
        ("Lawyers", Phase.INVESTMENT, Invest(cid("Bonds", 2))),
        ("Lawyers", Phase.INVESTMENT, Invest(cid("Fields"))),
        ("Lawyers", Phase.INVESTMENT, Invest(cid("Courtier"))),
    ],
)
def test_upgrade_tokens_stay_on_their_cards_when_more_cards_join_the_family(
    trade: str | None, phase: Phase, action: Action
) -> None:
    """Seed: UPGRADE TOKENS, a token on a card raises its value; only discarding the card
    loses them (docs/rules/bourgeoisie.md item 7). A Trade or an investment put in play later
    leaves Reputable's tokens on the Family card and Fine Vista's on the Land."""
    upgraded = family("Serfs", trade, lands=["Plots"], upgrades=[("Serfs", 3), ("Plots", 2)])
    hand: list[str | int] = ["Wool Trade", cid("Bonds", 2), "Fields", "Courtier"]
    given = table(player(gold=9, hand=hand, family=upgraded), player(), phase=phase)
    state, _ = step(given, 0, action, rolls=[1])
    after = state.players[0].family
    assert after is not None
    assert (after.upgrades_on(cid("Serfs")), after.upgrades_on(cid("Plots"))) == (3, 2)
