"""Seed: NOBLEMENT PHASE (may retire at 30+ with an Office, must at 50+); notes §4.8.

The seed's FAMILIES paragraph ("an income of 30+ silver per turn from investments, it is
retired") is read through the phase text: retiring at 30+ is a choice, and the thresholds
count every card of the family (docs/rules/bourgeoisie.md, item 30).
"""

from __future__ import annotations

from dataclasses import replace

from games.bourgeoisie.actions import BuyCard, EndPhase, Invest, PlaceFamily, Retire
from games.bourgeoisie.catalogue import CardKind, Phase, card
from games.bourgeoisie.events import (
    FamilyRetired,
    GoldForfeited,
    PhaseBegan,
    RevenueCollected,
    TurnBegan,
    UpgradesPlaced,
)
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.scoring import card_value, revenue, score_seat
from games.bourgeoisie.state import Family, State

from .builders import LONG_DECK, cid, family, of_type, player, refusal, settled, step, table, track

# Artisans 10 + Bankers 10 + Manor 10 + Courtier 3 = 33
NOBLE = family("Artisans", "Bankers", lands=["Manor"], offices=["Courtier"])
# 10 + 10 + 10 + 10 + 12 = 52
GRANDEES = family("Artisans", "Bankers", lands=["Manor", "Large Estate"], offices=["Bishop"])
# 10 + 10 + 10 + 10 + 9 + 4 = 53, no Office
MAGNATES = family(
    "Artisans", "Bankers", bonds=[cid("Mortgages", 4)], lands=["Manor", "Large Estate", "Villa"]
)


def noblement(current: Family, gold: int = 7, silver: int = 6, opportunity: int = 3) -> State:
    seat0 = player(silver=silver, gold=gold, opportunity=opportunity, family=current)
    return table(seat0, player(), phase=Phase.NOBLEMENT)


def investment_income(current: Family) -> int:
    """What the family's Investments alone (Lands, Bonds and Offices: seed, THE DECK) pay."""
    investments = (CardKind.LAND, CardKind.BOND, CardKind.OFFICE)
    return sum(card_value(current, c) for c in current.cards if card(c).kind in investments)


def test_a_family_with_an_office_making_30_silver_may_retire() -> None:
    assert revenue(NOBLE) == 33
    state, events = step(noblement(NOBLE), 0, Retire(), rolls=[1])
    assert events[:2] == (FamilyRetired(0, cid("Artisans"), 33, False), GoldForfeited(0, 7))
    assert state.players[0].family is None
    assert state.players[0].retired == (NOBLE,)


def test_retiring_discards_all_gold_and_keeps_silver_and_tokens() -> None:
    state, _ = step(noblement(NOBLE, gold=7, silver=6, opportunity=3), 0, Retire(), rolls=[1])
    assert (state.players[0].gold, state.players[0].silver) == (0, 6)
    assert state.players[0].opportunity == 3


def test_a_family_making_29_silver_cannot_retire() -> None:
    short = family("Laborers", "Silk Business", lands=["Manor"], offices=["Courtier"])
    assert revenue(short) == 29
    assert refusal(noblement(short), Retire()).reason == "CANNOT_RETIRE"


def test_a_family_making_exactly_30_silver_may_retire() -> None:
    exact = family("Sailors", "Silk Business", lands=["Manor"], offices=["Courtier"])
    assert revenue(exact) == 30
    _, events = step(noblement(exact), 0, Retire(), rolls=[1])
    assert events[0] == FamilyRetired(0, cid("Sailors"), 30, False)


def test_a_family_without_an_office_cannot_retire_by_choice() -> None:
    landed = family("Artisans", "Bankers", lands=["Manor", "Large Estate"])
    assert revenue(landed) == 40
    assert refusal(noblement(landed), Retire()).reason == "CANNOT_RETIRE"


def test_the_thresholds_count_upgrade_tokens() -> None:
    upgraded = family("Servants", "Silk Business", lands=["Manor"], offices=["Courtier"],
                      upgrades=[("Servants", 3), ("Courtier", 3)])  # fmt: skip
    assert revenue(upgraded) == 32
    _, events = step(noblement(upgraded), 0, Retire(), rolls=[1])
    assert events[0] == FamilyRetired(0, cid("Servants"), 32, False)


def test_a_family_making_50_silver_must_retire() -> None:
    state, events = settled(noblement(GRANDEES), rolls=[1])
    assert events[:2] == (FamilyRetired(0, cid("Artisans"), 52, True), GoldForfeited(0, 7))
    assert state.players[0].retired == (GRANDEES,)


def test_a_family_making_50_silver_must_retire_even_without_an_office() -> None:
    # Its Investments alone make 33: the 50 counts every card too (item 30).
    assert (revenue(MAGNATES), investment_income(MAGNATES)) == (53, 33)
    state, events = settled(noblement(MAGNATES, gold=0), rolls=[1])
    assert events[0] == FamilyRetired(0, cid("Artisans"), 53, True)
    assert not any(isinstance(e, GoldForfeited) for e in events)  # no gold to discard
    assert state.players[0].family is None


def test_the_noblement_phase_is_skipped_when_retiring_is_not_possible() -> None:
    state, events = settled(noblement(family("Serfs")), rolls=[1])
    assert events[0] == PhaseBegan(0, Phase.END)
    assert state.players[0].family == family("Serfs")


def test_end_phase_declines_to_retire() -> None:
    state, events = step(noblement(NOBLE), 0, EndPhase(), rolls=[1])
    assert events[0] == PhaseBegan(0, Phase.END)
    assert state.players[0].family == NOBLE and state.players[0].gold == 7


def test_retiring_outside_the_noblement_phase_is_rejected() -> None:
    """Seed: NOBLEMENT PHASE. A family retires in that phase only, after the Investment
    phase, even when it already qualifies earlier in the turn."""
    given = table(player(gold=7, family=NOBLE), player(), phase=Phase.INVESTMENT)
    assert refusal(given, Retire()).reason == "WRONG_PHASE"


def test_retiring_without_a_family_is_rejected() -> None:
    given = table(player(), player(), phase=Phase.NOBLEMENT)
    assert refusal(given, Retire()).reason == "NO_FAMILY"


def test_a_new_family_may_be_started_on_the_next_turn() -> None:
    given = table(player(hand=["Burghers"], retired=[NOBLE]), player(), phase=Phase.FAMILY)
    assert list(legal_actions(given, 0)) == [PlaceFamily(cid("Burghers")), EndPhase()]
    state, _ = step(given, 0, PlaceFamily(cid("Burghers")), rolls=[2])
    assert state.players[0].family == family("Burghers")
    assert state.players[0].retired == (NOBLE,)


def test_investments_made_this_turn_count_toward_retiring() -> None:
    # Laborers 7 + Silk Business 9 + Manor 10 + Courtier 3 = 29; a 4-gold Bond makes it 33.
    short = family("Laborers", "Silk Business", lands=["Manor"], offices=["Courtier"])
    bond = cid("Bonds", 4)
    given = table(player(gold=4, hand=[bond], family=short), player(), phase=Phase.INVESTMENT)
    state, events = step(given, 0, Invest(bond))
    assert events[-1] == PhaseBegan(0, Phase.NOBLEMENT)
    assert list(legal_actions(state, 0)) == [Retire(), EndPhase()]


def test_retiring_at_30_silver_counts_the_family_and_trade_cards_not_only_investments() -> None:
    # Item 30: "making 30+ Silver per turn" is the family's revenue (Artisans 10 + Bankers 10
    # + Manor 10 + Courtier 3 = 33), not the 13 its Investments alone make.
    assert (revenue(NOBLE), investment_income(NOBLE)) == (33, 13)
    given = noblement(NOBLE)
    assert list(legal_actions(given, 0)) == [Retire(), EndPhase()]
    state, events = step(given, 0, Retire(), rolls=[1])
    assert events[0] == FamilyRetired(0, cid("Artisans"), 33, False)
    assert state.players[0].retired == (NOBLE,)


def test_a_family_making_exactly_50_silver_must_retire() -> None:
    """Seed: NOBLEMENT PHASE, "50+": fifty itself forces the retirement."""
    # Artisans 10 + Bankers 10 + Manor 10 + Large Estate 10 + Tax Farmer 10 = 50
    fifty = family("Artisans", "Bankers", lands=["Manor", "Large Estate"], offices=["Tax Farmer"])
    assert revenue(fifty) == 50
    state, events = settled(noblement(fifty), rolls=[1])
    assert events[:2] == (FamilyRetired(0, cid("Artisans"), 50, True), GoldForfeited(0, 7))
    assert state.players[0].retired == (fifty,)


def test_a_family_making_49_silver_is_not_forced_to_retire() -> None:
    """Seed: NOBLEMENT PHASE. Below 50 retiring stays a choice: the seat is asked, and may
    decline."""
    # Burghers 9 + Bankers 10 + Manor 10 + Large Estate 10 + Tax Farmer 10 = 49
    short = family("Burghers", "Bankers", lands=["Manor", "Large Estate"], offices=["Tax Farmer"])
    assert revenue(short) == 49
    given = noblement(short)
    state, events = settled(given)
    assert (state, events) == (given, ())
    assert list(legal_actions(given, 0)) == [Retire(), EndPhase()]


def test_a_retired_family_keeps_its_upgrade_tokens_and_scores_them() -> None:
    """Seed: UPGRADE TOKENS and END GAME SCORING. The set-aside stack keeps the tokens on its
    cards, so its Lands and Offices still score their upgraded value."""
    upgraded = replace(NOBLE, upgrades=((cid("Manor"), 2), (cid("Courtier"), 3)))
    state, _ = step(noblement(upgraded), 0, Retire(), rolls=[1])
    (stack,) = state.players[0].retired
    assert stack == upgraded
    scored = score_seat(0, state.players[0])
    # Manor 10 + 2 UT + 4 PP, Courtier 3 + 3 UT
    assert [(f.lands, f.offices, f.prestige, f.total) for f in scored.families] == [(12, 6, 4, 22)]


def test_retiring_discards_the_gold_but_keeps_the_vouchers_in_hand() -> None:
    """Seed: NOBLEMENT PHASE, "When retiring, you must discard all your Gold" (docs item 33).
    The "counts as N gold" Events are cards, not gold: they stay in the hand."""
    seat0 = player(gold=7, hand=["Nepotism", "Crisis", "Capital"], family=NOBLE)
    given = table(seat0, player(), phase=Phase.NOBLEMENT)
    state, events = step(given, 0, Retire(), rolls=[1])
    assert events[:2] == (FamilyRetired(0, cid("Artisans"), 33, False), GoldForfeited(0, 7))
    assert state.players[0].gold == 0
    assert state.players[0].hand == tuple(cid(n) for n in ("Nepotism", "Crisis", "Capital"))


def test_upgrade_tokens_bought_this_turn_can_force_retiring_the_same_turn() -> None:
    """Seed: NOBLEMENT PHASE, "If it is making 50+ Silver per turn, you must retire it", with
    the revenue recomputed in that phase (docs item 18) and UT counted (seed: UPGRADE TOKENS,
    docs item 7). Seat 0's family makes 46; in the Opportunity phase it buys Reinvest, pays 3
    of its 5 gold and puts 5 UT on its own Bankers. Nothing else is open to it, so its turn
    runs on to the Noblement phase, where the family, now making 51, must retire and the 2
    gold left are discarded."""
    # Artisans 10 + Bankers 10 + Manor 10 + Large Estate 10 + Dowry 6 = 46
    forty_six = family("Artisans", "Bankers", lands=["Manor", "Large Estate"], offices=["Dowry"])
    assert revenue(forty_six) == 46
    seat0 = player(gold=5, opportunity=1, family=forty_six)
    given = table(seat0, player(), phase=Phase.OPPORTUNITY, track=track("Reinvest", "Plots"))
    state, events = step(given, 0, BuyCard(1, cid("Bankers")), rolls=[2])
    assert events[1] == UpgradesPlaced(0, cid("Reinvest"), 0, cid("Bankers"), 5, 3)
    retired = events.index(FamilyRetired(0, cid("Artisans"), 51, True))
    assert events[retired - 1] == PhaseBegan(0, Phase.NOBLEMENT)
    assert events[retired + 1] == GoldForfeited(0, 2)
    assert state.players[0].family is None
    assert state.players[0].retired == (replace(forty_six, upgrades=((cid("Bankers"), 5),)),)


def test_a_rivals_upgrade_past_50_waits_for_that_familys_own_noblement_phase() -> None:
    """Seed: NOBLEMENT PHASE is a phase of the owner's turn (TURN SEQUENCE: "Each turn is
    divided into 9 Phases"). Seat 0's Innovators lifts seat 1's family from 49 to 52 silver
    per turn: it stays in play through seat 0's turn, pays its 52 in seat 1's Revenue phase,
    and must retire only when seat 1 reaches its own Noblement phase."""
    # Burghers 9 + Bankers 10 + Manor 10 + Large Estate 10 + Tax Farmer 10 = 49
    forty_nine = family(
        "Burghers", "Bankers", lands=["Manor", "Large Estate"], offices=["Tax Farmer"]
    )
    seat0 = player(opportunity=1)
    given = table(
        seat0,
        player(family=forty_nine),
        phase=Phase.OPPORTUNITY,
        track=track("Innovators", "Plots"),
        deck=LONG_DECK,
    )
    state, events = step(given, 0, BuyCard(1, cid("Bankers")), rolls=[4])
    assert not of_type(events, FamilyRetired)
    assert TurnBegan(1, 2) in events and RevenueCollected(1, 52) in events
    assert (state.active, state.phase) == (1, Phase.OPPORTUNITY)
    assert state.players[1].family == replace(forty_nine, upgrades=((cid("Bankers"), 3),))
    state, events = step(state, 1, EndPhase(), rolls=[1])
    retired = events.index(FamilyRetired(1, cid("Burghers"), 52, True))
    assert events[retired - 1] == PhaseBegan(1, Phase.NOBLEMENT)
    assert events[retired + 1] == GoldForfeited(1, 5)  # the 52 silver converted to 5 gold
    assert state.players[1].family is None
