"""Seed: FAMILY PHASE; notes §3.1 (Profession = Trade), §3.3 (Capital voucher), §4.4."""

from __future__ import annotations

from games.bourgeoisie.actions import DiscardCard, EndPhase, Invest, PlaceFamily, PlaceTrade
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import FamilyPlaced, PhaseBegan, TradePlaced, TurnBegan
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.state import State

from .builders import cid, ending_turn, family, player, refusal, step, table


def reason(state: State, action: object) -> str:
    return refusal(state, action).reason


def test_family_is_placed_from_the_hand_for_free_when_none_is_in_play() -> None:
    given = table(player(gold=2, hand=["Burghers", "Wool Trade"]), player())
    state, events = step(given, 0, PlaceFamily(cid("Burghers")))
    assert events[0] == FamilyPlaced(0, cid("Burghers"))
    assert state.players[0].family is not None
    assert state.players[0].family.family == cid("Burghers")
    assert state.players[0].hand == (cid("Wool Trade"),)
    assert state.players[0].gold == 2


def test_family_and_trade_may_both_be_placed_in_one_family_phase() -> None:
    given = table(player(gold=2, hand=["Burghers", "Wool Trade"]), player())
    state, _ = step(given, 0, PlaceFamily(cid("Burghers")))
    assert state.phase is Phase.FAMILY
    state, events = step(state, 0, PlaceTrade(cid("Wool Trade")), rolls=[1])
    assert events[0] == TradePlaced(0, cid("Wool Trade"), 2, ())
    assert state.players[0].family is not None
    assert state.players[0].family.trade == cid("Wool Trade")


def test_second_family_while_one_is_in_play_is_rejected() -> None:
    given = table(player(hand=["Burghers"], family=family("Serfs")), player())
    assert reason(given, PlaceFamily(cid("Burghers"))) == "FAMILY_IN_PLAY"


def test_a_non_family_card_cannot_be_placed_as_a_family() -> None:
    given = table(player(hand=["Burghers", "Wool Trade"]), player())
    assert reason(given, PlaceFamily(cid("Wool Trade"))) == "WRONG_KIND"


def test_a_card_not_in_hand_is_rejected_without_naming_hidden_cards() -> None:
    given = table(player(hand=["Burghers"]), player(hand=["Artisans"]))
    error = refusal(given, PlaceFamily(cid("Artisans")))
    assert error.reason == "CARD_NOT_IN_HAND"
    assert "Artisans" not in str(error)


def test_trade_costs_gold_equal_to_its_value() -> None:
    given = table(player(gold=9, hand=["Spice Trade"], family=family("Serfs")), player())
    state, events = step(given, 0, PlaceTrade(cid("Spice Trade")), rolls=[1])
    assert events[0] == TradePlaced(0, cid("Spice Trade"), 8, ())
    assert state.players[0].gold == 1


def test_trade_without_enough_gold_is_rejected() -> None:
    given = table(player(gold=7, hand=["Spice Trade", "Burghers"], family=family("Serfs")))
    assert reason(given, PlaceTrade(cid("Spice Trade"))) == "NOT_ENOUGH_GOLD"


def test_only_a_trade_card_may_be_placed_as_a_trade() -> None:
    """Seed: FAMILY PHASE. The phase puts a Trade card in play; a Land (an Investment) waits
    for the Investment phase, even with the gold to pay its value."""
    given = table(player(gold=9, hand=["Plots", "Burghers"], family=family("Serfs")), player())
    assert reason(given, PlaceTrade(cid("Plots"))) == "WRONG_KIND"
    assert PlaceTrade(cid("Plots")) not in list(legal_actions(given, 0))


def test_trade_without_a_family_in_play_is_rejected() -> None:
    given = table(player(gold=9, hand=["Wool Trade", "Burghers"]), player())
    assert reason(given, PlaceTrade(cid("Wool Trade"))) == "NO_FAMILY"


def test_second_trade_for_the_same_family_is_rejected() -> None:
    serfs = family("Serfs", trade="Lawyers")
    given = table(player(gold=9, hand=["Wool Trade", "Burghers"], family=serfs), player())
    assert reason(given, PlaceTrade(cid("Wool Trade"))) == "TRADE_IN_PLAY"


def test_a_trade_is_placed_only_in_the_family_phase() -> None:
    """Seed: FAMILY PHASE. A Trade goes into play in that phase; the Investment phase buys
    only Lands, Bonds and Offices."""
    serfs = family("Serfs")
    given = table(
        player(gold=9, hand=["Wool Trade"], family=serfs), player(), phase=Phase.INVESTMENT
    )
    assert reason(given, PlaceTrade(cid("Wool Trade"))) == "WRONG_PHASE"


def test_a_new_family_may_take_a_trade_although_a_retired_one_has_one() -> None:
    """Seed: FAMILY PHASE. The limit of one Profession (Trade) is per family, not per player:
    each new family may have its own."""
    retired = family("Artisans", "Bankers", lands=["Manor"], offices=["Mayor"])
    seat0 = player(gold=2, hand=["Wool Trade"], family=family("Serfs"), retired=[retired])
    state, events = step(table(seat0, player()), 0, PlaceTrade(cid("Wool Trade")), rolls=[1])
    assert events[0] == TradePlaced(0, cid("Wool Trade"), 2, ())
    assert state.players[0].family == family("Serfs", "Wool Trade")


def test_capital_counts_as_five_gold_for_a_trade_without_change() -> None:
    given = table(player(gold=1, hand=["Woad Trade", "Capital"], family=family("Serfs")))
    state, events = step(given, 0, PlaceTrade(cid("Woad Trade"), (cid("Capital"),)), rolls=[1])
    assert events[0] == TradePlaced(0, cid("Woad Trade"), 0, (cid("Capital"),))
    assert state.players[0].gold == 1  # no change from the 3 gold overpaid
    assert cid("Capital") in state.discard
    assert state.players[0].hand == ()


def test_capital_combines_with_gold_for_a_dearer_trade() -> None:
    given = table(player(gold=3, hand=["Metallurgy", "Capital"], family=family("Serfs")))
    state, events = step(given, 0, PlaceTrade(cid("Metallurgy"), (cid("Capital"),)), rolls=[1])
    assert events[0] == TradePlaced(0, cid("Metallurgy"), 1, (cid("Capital"),))
    assert state.players[0].gold == 2


def test_a_trade_paid_with_capital_is_among_the_legal_actions() -> None:
    """Seed: Capital "counts as 5 Gold for buying Trade" (notes §3.3). A seat without gold
    holding Capital is offered the Trade it pays for, as decide accepts it."""
    given = table(player(gold=0, hand=["Woad Trade", "Capital"], family=family("Serfs")))
    assert list(legal_actions(given, 0)) == [
        PlaceTrade(cid("Woad Trade"), (cid("Capital"),)),
        EndPhase(),
    ]


def test_a_land_voucher_cannot_pay_for_a_trade() -> None:
    given = table(player(gold=0, hand=["Woad Trade", "Crisis"], family=family("Serfs")))
    assert reason(given, PlaceTrade(cid("Woad Trade"), (cid("Crisis"),))) == "BAD_VOUCHER"


def test_family_phase_with_nothing_possible_is_skipped() -> None:
    # Seat 1 holds a Trade but has no gold: nothing to decide, so its turn runs on.
    given = ending_turn(player(hand=["Bankers"], family=family("Serfs")))
    state, events = step(given, 0, DiscardCard(cid("Grounds")), rolls=[3])
    began = events.index(TurnBegan(1, 2))
    assert events[began + 1] == PhaseBegan(1, Phase.REVENUE)
    assert (state.active, state.phase) == (1, Phase.OPPORTUNITY)


def test_family_phase_waits_for_a_seat_that_may_place_a_family() -> None:
    given = ending_turn(player(hand=["Burghers"]))
    state, events = step(given, 0, DiscardCard(cid("Grounds")))
    assert events[-1] == TurnBegan(1, 2)
    assert (state.active, state.phase) == (1, Phase.FAMILY)


def test_end_phase_declines_placing_a_family() -> None:
    given = table(player(hand=["Burghers"]), player())
    state, events = step(given, 0, EndPhase(), rolls=[3])
    assert events[0] == PhaseBegan(0, Phase.REVENUE)
    assert state.players[0].family is None
    assert state.players[0].hand == (cid("Burghers"),)


def test_family_phase_actions_in_another_phase_are_rejected() -> None:
    given = table(player(hand=["Burghers"]), player(), phase=Phase.INVESTMENT)
    assert reason(given, PlaceFamily(cid("Burghers"))) == "WRONG_PHASE"
    assert reason(given, Invest(cid("Burghers"))) == "WRONG_KIND"
