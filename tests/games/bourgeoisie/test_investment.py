"""Seed: INVESTMENT PHASE; notes §3.3 (vouchers) and §4.5 (prerequisites, offices <= lands)."""

from __future__ import annotations

import pytest

from games.bourgeoisie import decide
from games.bourgeoisie.actions import BuyCard, EndPhase, Invest
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import InvestmentDiscarded, InvestmentMade, PhaseBegan
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.scoring import revenue, score_family
from games.bourgeoisie.state import Family, State
from games.core import MalformedError, ScriptedChance

from .builders import cid, family, player, refusal, step, table, track


def investing(current: Family | None, gold: int, *hand: str | int) -> State:
    seat0 = player(gold=gold, hand=hand, family=current)
    return table(seat0, player(), phase=Phase.INVESTMENT)


TRADER = family("Serfs", "Lawyers")
LANDED = family("Serfs", "Lawyers", lands=["Plots"])


def test_land_costs_gold_equal_to_its_value() -> None:
    state, events = step(investing(TRADER, 9, "Vineyard", "Manor"), 0, Invest(cid("Vineyard")), [1])
    assert events[0] == InvestmentMade(0, cid("Vineyard"), 8, ())
    current = state.players[0].family
    assert current is not None and current.lands == (cid("Vineyard"),)
    assert state.players[0].gold == 1
    assert state.players[0].hand == (cid("Manor"),)


def test_bond_costs_gold_equal_to_its_value() -> None:
    bond = cid("Mortgages", 4)
    state, events = step(investing(TRADER, 4, bond, "Manor"), 0, Invest(bond), [1])
    assert events[0] == InvestmentMade(0, bond, 4, ())
    current = state.players[0].family
    assert current is not None and current.bonds == (bond,)


def test_several_investments_may_be_bought_in_one_phase() -> None:
    state, _ = step(investing(TRADER, 20, "Vineyard", "Plots", "Manor"), 0, Invest(cid("Plots")))
    state, _ = step(state, 0, Invest(cid("Vineyard")))
    current = state.players[0].family
    assert current is not None and current.lands == (cid("Plots"), cid("Vineyard"))
    assert state.players[0].gold == 11


def test_a_family_may_buy_two_bonds_in_one_investment_phase() -> None:
    # Seed: "A family may have multiple Land and Bond cards in play."
    first, second = cid("Bonds", 2), cid("Annuities", 3)
    state, events = step(investing(TRADER, 5, first, second), 0, Invest(first))
    assert events == (InvestmentMade(0, first, 2, ()),)
    assert list(legal_actions(state, 0)) == [Invest(second), EndPhase()]
    state, events = step(state, 0, Invest(second), rolls=[1])
    assert events[0] == InvestmentMade(0, second, 3, ())
    current = state.players[0].family
    assert current is not None and current.bonds == (first, second)
    assert state.players[0].gold == 0


def test_land_needs_a_trade_in_play() -> None:
    given = investing(family("Serfs"), 9, "Vineyard")
    assert refusal(given, Invest(cid("Vineyard"))).reason == "NEEDS_TRADE"


def test_bond_needs_a_trade_in_play() -> None:
    given = investing(family("Serfs"), 9, cid("Bonds", 1))
    assert refusal(given, Invest(cid("Bonds", 1))).reason == "NEEDS_TRADE"


def test_investments_need_a_current_family() -> None:
    given = investing(None, 9, "Vineyard")
    assert refusal(given, Invest(cid("Vineyard"))).reason == "NO_FAMILY"


def test_office_needs_a_land_in_play() -> None:
    given = investing(TRADER, 9, "Courtier")
    assert refusal(given, Invest(cid("Courtier"))).reason == "NEEDS_LAND"


def test_office_is_allowed_while_offices_do_not_outnumber_lands() -> None:
    state, events = step(investing(LANDED, 3, "Courtier", "Manor"), 0, Invest(cid("Courtier")), [1])
    assert events[0] == InvestmentMade(0, cid("Courtier"), 3, ())
    current = state.players[0].family
    assert current is not None and current.offices == (cid("Courtier"),)


def test_an_office_beyond_the_number_of_lands_is_rejected() -> None:
    one_each = family("Serfs", "Lawyers", lands=["Plots"], offices=["Registrar"])
    given = investing(one_each, 9, "Courtier")
    assert refusal(given, Invest(cid("Courtier"))).reason == "TOO_MANY_OFFICES"


def test_bonds_do_not_count_as_lands_for_the_office_limit() -> None:
    """Seed: INVESTMENT PHASE, "not more Office cards in play than land cards". A family with
    one Land, one Office and a Bond may not buy a second Office: a Bond is no Land."""
    bonded = family("Serfs", "Lawyers", [cid("Bonds", 4)], lands=["Plots"], offices=["Registrar"])
    given = investing(bonded, 9, "Courtier")
    assert refusal(given, Invest(cid("Courtier"))).reason == "TOO_MANY_OFFICES"


def test_investment_without_enough_gold_is_rejected() -> None:
    given = investing(TRADER, 7, "Vineyard")
    assert refusal(given, Invest(cid("Vineyard"))).reason == "NOT_ENOUGH_GOLD"


def test_only_lands_bonds_and_offices_are_investments() -> None:
    given = investing(TRADER, 9, "Woad Trade")
    assert refusal(given, Invest(cid("Woad Trade"))).reason == "WRONG_KIND"


@pytest.mark.parametrize(
    ("office", "voucher", "gold_paid"),
    [
        ("Tax Farmer", "Nepotism", 5),
        ("Tax Farmer", "Patronage", 6),
        ("Dowry", "Recognition Fees", 3),
    ],
)
def test_office_vouchers_count_as_gold_for_an_office(
    office: str, voucher: str, gold_paid: int
) -> None:
    given = investing(LANDED, 6, office, voucher)
    state, events = step(given, 0, Invest(cid(office), (cid(voucher),)), rolls=[1])
    assert events[0] == InvestmentMade(0, cid(office), gold_paid, (cid(voucher),))
    assert state.players[0].gold == 6 - gold_paid
    assert cid(voucher) in state.discard and cid(voucher) not in state.players[0].hand


@pytest.mark.parametrize(("voucher", "gold_paid"), [("Crisis", 5), ("Feudal Tenures", 6)])
def test_land_vouchers_count_as_gold_for_a_land(voucher: str, gold_paid: int) -> None:
    given = investing(TRADER, 6, "Manor", voucher)
    state, events = step(given, 0, Invest(cid("Manor"), (cid(voucher),)), rolls=[1])
    assert events[0] == InvestmentMade(0, cid("Manor"), gold_paid, (cid(voucher),))
    assert state.players[0].gold == 6 - gold_paid


def test_vouchers_combine_and_give_no_change() -> None:
    given = investing(LANDED, 2, "Courtier", "Nepotism", "Patronage")
    vouchers = (cid("Nepotism"), cid("Patronage"))
    state, events = step(given, 0, Invest(cid("Courtier"), vouchers), rolls=[1])
    assert events[0] == InvestmentMade(0, cid("Courtier"), 0, vouchers)
    assert state.players[0].gold == 2  # 9 gold worth paid for a 3-gold office: no change


def test_a_purchase_only_several_vouchers_can_pay_is_among_the_legal_actions() -> None:
    """Notes §3.3: vouchers combine with each other and with gold. Tax Farmer costs 10 gold:
    1 gold with Nepotism (5) and Patronage (4) pays it, no single voucher does, and the pair
    is offered in ascending id order."""
    given = investing(LANDED, 1, "Tax Farmer", "Nepotism", "Patronage")
    assert list(legal_actions(given, 0)) == [
        Invest(cid("Tax Farmer"), (cid("Nepotism"), cid("Patronage"))),
        EndPhase(),
    ]


def test_a_voucher_for_another_kind_is_rejected() -> None:
    given = investing(LANDED, 0, "Courtier", "Crisis")
    assert refusal(given, Invest(cid("Courtier"), (cid("Crisis"),))).reason == "BAD_VOUCHER"


def test_bonds_have_no_voucher() -> None:
    given = investing(TRADER, 0, cid("Bonds", 4), "Crisis")
    assert refusal(given, Invest(cid("Bonds", 4), (cid("Crisis"),))).reason == "BAD_VOUCHER"


def test_a_voucher_not_in_hand_is_rejected() -> None:
    given = investing(LANDED, 0, "Courtier")
    assert refusal(given, Invest(cid("Courtier"), (cid("Nepotism"),))).reason == "CARD_NOT_IN_HAND"


def test_vouchers_do_not_lift_the_prerequisites() -> None:
    given = investing(family("Serfs"), 0, "Courtier", "Nepotism")
    assert refusal(given, Invest(cid("Courtier"), (cid("Nepotism"),))).reason == "NEEDS_LAND"


@pytest.mark.parametrize("vouchers", [("Patronage", "Nepotism"), ("Nepotism", "Nepotism")])
def test_vouchers_out_of_order_or_repeated_are_malformed(vouchers: tuple[str, str]) -> None:
    given = investing(LANDED, 0, "Courtier", "Nepotism", "Patronage")
    action = Invest(cid("Courtier"), tuple(cid(v) for v in vouchers))
    with pytest.raises(MalformedError) as error:
        decide(given, 0, action, ScriptedChance())
    assert error.value.reason == "BAD_VOUCHERS"


def test_investing_before_the_investment_phase_is_rejected() -> None:
    """Seed: TURN SEQUENCE and INVESTMENT PHASE. Lands, Bonds and Offices are bought only in
    the Investment phase, after this turn's silver has been converted."""
    seat0 = player(gold=9, hand=["Vineyard"], family=TRADER)
    given = table(seat0, player(), phase=Phase.CAPITAL)
    assert refusal(given, Invest(cid("Vineyard"))).reason == "WRONG_PHASE"


def test_end_phase_declines_to_invest() -> None:
    given = investing(TRADER, 9, "Vineyard")
    state, events = step(given, 0, EndPhase(), rolls=[1])
    assert events[0] == PhaseBegan(0, Phase.NOBLEMENT)
    assert state.players[0].hand == (cid("Vineyard"),)


def test_an_office_left_without_any_land_by_war_blocks_new_offices() -> None:
    # War took the only Land: the Office stays in play, and no new Office may join it.
    after_war = family("Serfs", "Lawyers", offices=["Registrar"])
    given = investing(after_war, 9, "Courtier")
    assert refusal(given, Invest(cid("Courtier"))).reason == "NEEDS_LAND"
    assert given.players[0].family == after_war


def test_war_leaves_offices_above_lands_in_play_and_scoring_but_blocks_new_offices() -> None:
    # Docs item 5. Two Lands and two Offices; seat 0 buys War and discards its own Plots.
    before = family("Serfs", "Lawyers", lands=["Plots", "Parcels"], offices=["Courtier", "Dowry"])
    hand = ("Lesser Official", cid("Bonds", 1))
    seat0 = player(gold=9, opportunity=10, hand=hand, family=before)
    given = table(seat0, player(), phase=Phase.OPPORTUNITY, track=track("War", "Manor"))
    state, events = step(given, 0, BuyCard(1, cid("Plots")))
    assert events[1] == InvestmentDiscarded(0, cid("War"), 0, cid("Plots"), 0)
    after = state.players[0].family
    assert after == family("Serfs", "Lawyers", lands=["Parcels"], offices=["Courtier", "Dowry"])
    # Both Offices stay: they pay revenue (1 + 1 + 1 + 3 + 6) and score (Parcels 1 + 3 + 6).
    assert revenue(after) == 12
    scored = score_family(after, retired=False)
    assert (scored.lands, scored.offices, scored.total) == (1, 9, 10)
    # On to the Investment phase (the Bond keeps it open): a third Office is refused.
    state, _ = step(state, 0, EndPhase())  # Opportunity -> Capital
    state, _ = step(state, 0, EndPhase())  # Capital -> Conversion -> Investment
    assert state.phase is Phase.INVESTMENT
    assert refusal(state, Invest(cid("Lesser Official"))).reason == "TOO_MANY_OFFICES"
    assert list(legal_actions(state, 0)) == [Invest(cid("Bonds", 1)), EndPhase()]


def test_a_land_bought_in_this_phase_lets_an_office_follow_it() -> None:
    """Seed: INVESTMENT PHASE, "If your current family has at least one Land in play, you may
    buy an Office" (docs item 4): a Land bought earlier in the same phase is in play, so an
    Office may follow it at once, but only one (offices may not outnumber lands) until a
    second Land joins them."""
    given = investing(TRADER, 9, "Plots", "Courtier", "Registrar", "Parcels")
    assert refusal(given, Invest(cid("Courtier"))).reason == "NEEDS_LAND"
    state, _ = step(given, 0, Invest(cid("Plots")))
    state, events = step(state, 0, Invest(cid("Courtier")))
    assert events == (InvestmentMade(0, cid("Courtier"), 3, ()),)
    current = state.players[0].family
    assert current is not None and (current.lands, current.offices) == (
        (cid("Plots"),),
        (cid("Courtier"),),
    )
    assert refusal(state, Invest(cid("Registrar"))).reason == "TOO_MANY_OFFICES"


def test_two_offices_may_be_bought_in_one_investment_phase() -> None:
    """Seed: INVESTMENT PHASE, "you may buy an Office card for Gold equal to its value" (docs
    item 4). The singular sets no limit of one Office a phase: the limit is "not more Office
    cards in play than land cards". With two Lands, two Offices are bought one after the
    other, and a third is refused (the Bond in hand keeps the phase open)."""
    two_lands = family("Serfs", "Lawyers", lands=["Plots", "Parcels"])
    given = investing(two_lands, 9, "Courtier", "Registrar", "Lesser Official", cid("Bonds", 1))
    state, events = step(given, 0, Invest(cid("Courtier")))
    assert events == (InvestmentMade(0, cid("Courtier"), 3, ()),)
    state, events = step(state, 0, Invest(cid("Registrar")))
    assert events == (InvestmentMade(0, cid("Registrar"), 3, ()),)
    current = state.players[0].family
    assert current is not None and current.offices == (cid("Courtier"), cid("Registrar"))
    assert state.players[0].gold == 3
    assert refusal(state, Invest(cid("Lesser Official"))).reason == "TOO_MANY_OFFICES"
    assert list(legal_actions(state, 0)) == [Invest(cid("Bonds", 1)), EndPhase()]
