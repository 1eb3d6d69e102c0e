"""Every Event card of the seed's card list; notes §3.2-3.5, §4.9-4.11.

Each immediate Event is bought from slot 1 by seat 0, who holds 10 opportunity tokens, so
the phase goes on after it and only the Event's own dice are scripted.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bourgeoisie import decide
from games.bourgeoisie.actions import BuyCard, EndPhase
from games.bourgeoisie.catalogue import CARDS, Phase, Resource
from games.bourgeoisie.events import (
    CardBought,
    DisasterStruck,
    EventWasted,
    InvestmentDiscarded,
    OpportunityGained,
    SilverConverted,
    SilverGained,
    SilverStolen,
    UpgradesPlaced,
)
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.scoring import revenue
from games.bourgeoisie.state import Family, Player, State
from games.core import ScriptedChance

from .builders import cid, family, player, refusal, step, table, track

SERFS = family("Serfs", "Lawyers", bonds=[cid("Bonds", 2)], lands=["Plots"], offices=["Courtier"])
MIGRANTS = family("Migrants", "Woad Trade", bonds=[cid("Annuities", 3)], lands=["Fields"])


def buying(event: str, *others: Player, **seat0: object) -> State:
    """Seat 0 (Serfs family) may buy ``event`` from slot 1; ``others`` sit at seats 1 and on."""
    me = player(opportunity=10, family=SERFS, **seat0)  # type: ignore[arg-type]
    return table(me, *(others or (player(),)), phase=Phase.OPPORTUNITY, track=track(event, "Manor"))


def buy(
    state: State, target: int | None = None, rolls: tuple[int, ...] = ()
) -> tuple[State, object]:
    """Seat 0 buys slot 1; the state and the Event's effect (the event after CardBought)."""
    after, events = step(state, 0, BuyCard(1, target), rolls)
    assert isinstance(events[0], CardBought) and not events[0].kept
    assert after.track[0] is None and events[0].card in after.discard
    return after, events[1]


# --- all players lose 1D6: one roll for everybody, clamped at 0 (notes §3.5) ---------------


def test_plague_makes_every_player_lose_one_roll_of_opportunity_tokens() -> None:
    given = buying("Plague", player(opportunity=2), player(opportunity=7))
    state, effect = buy(given, rolls=(4,))
    # The buyer has 9 tokens left after paying 1 for the slot.
    assert effect == DisasterStruck(0, cid("Plague"), Resource.OPPORTUNITY, 4, (4, 2, 4))
    assert [p.opportunity for p in state.players] == [5, 0, 3]


def test_plague_takes_from_the_buyer_only_the_tokens_left_after_paying() -> None:
    """Seed card list: Plague, "All players lose 1D6 OP" (docs item 13: the buyer's loss is
    counted after it has paid for the card). Seat 0 pays 2 of its 3 tokens for slot 2, so a
    roll of 4 takes the 1 token left, not 3, and leaves none."""
    seat0 = player(opportunity=3, family=SERFS)
    given = table(
        seat0, player(opportunity=6), phase=Phase.OPPORTUNITY, track=track("Manor", "Plague")
    )
    state, events = step(given, 0, BuyCard(2), rolls=(4,))
    assert events[1] == DisasterStruck(0, cid("Plague"), Resource.OPPORTUNITY, 4, (1, 4))
    assert [p.opportunity for p in state.players] == [0, 2]


def test_famine_makes_every_player_lose_one_roll_of_gold() -> None:
    given = buying("Famine", player(gold=9), gold=2)
    state, effect = buy(given, rolls=(5,))
    assert effect == DisasterStruck(0, cid("Famine"), Resource.GOLD, 5, (2, 5))
    assert [p.gold for p in state.players] == [0, 4]


def test_taxes_make_every_player_lose_one_roll_of_silver() -> None:
    given = buying("Taxes", player(silver=1), silver=8)
    state, effect = buy(given, rolls=(3,))
    assert effect == DisasterStruck(0, cid("Taxes"), Resource.SILVER, 3, (3, 1))
    assert [p.silver for p in state.players] == [5, 0]


def test_famine_takes_gold_coins_but_not_the_vouchers_that_count_as_gold() -> None:
    """Seed card list: Famine, "All players lose 1D6 Gold" (docs item 33). A voucher only
    "counts as" gold for buying its kind of card: Famine leaves it in the hand."""
    given = buying("Famine", player(gold=1, hand=["Nepotism"]), gold=0, hand=["Crisis"])
    state, effect = buy(given, rolls=(6,))
    assert effect == DisasterStruck(0, cid("Famine"), Resource.GOLD, 6, (0, 1))
    assert [p.gold for p in state.players] == [0, 0]
    assert [p.hand for p in state.players] == [(cid("Crisis"),), (cid("Nepotism"),)]


@pytest.mark.parametrize(
    ("event", "rolls"),
    [
        ("Plague", (6,)),
        ("Famine", (6,)),
        ("Taxes", (6,)),
        ("Cunning", (6, 6)),
        ("Diversify Portfolio", (6,)),
    ],
)
def test_every_event_die_is_six_sided(event: str, rolls: tuple[int, ...]) -> None:
    """Seed card list: the Events roll 1D6 (Plague, Famine, Taxes, Diversify Portfolio) or
    2D6 (Cunning), never a die of more sides."""
    chance = ScriptedChance(rolls)
    decide(buying(event), 0, BuyCard(1), chance)
    assert chance.rolled == [(6, roll) for roll in rolls]


# --- gains -----------------------------------------------------------------------------------


def test_corruption_steals_up_to_two_silver_from_every_other_player() -> None:
    given = buying("Corruption", player(silver=5), player(silver=1), silver=4)
    state, effect = buy(given)
    assert effect == SilverStolen(0, cid("Corruption"), (0, 2, 1))
    assert [p.silver for p in state.players] == [7, 3, 0]


def test_cunning_gains_2d6_silver() -> None:
    state, effect = buy(buying("Cunning", silver=1), rolls=(3, 6))
    assert effect == SilverGained(0, cid("Cunning"), (3, 6), 9)
    assert state.players[0].silver == 10


def test_diversify_portfolio_gains_1d6_opportunity_tokens() -> None:
    state, effect = buy(buying("Diversify Portfolio"), rolls=(4,))
    assert effect == OpportunityGained(0, cid("Diversify Portfolio"), 4)
    assert state.players[0].opportunity == 9 + 4


def test_diversify_portfolio_tokens_may_be_spent_in_the_same_phase() -> None:
    """Seed: OPPORTUNITY PHASE, "Some Event cards are resolved as soon as you buy them" (docs
    item 8): the tokens Diversify Portfolio gains are there at once. Seat 0 spends its only
    token on it, rolls 4, and may go on buying up to slot 4 in the same phase."""
    slots = track("Diversify Portfolio", "Manor", "Plots", "Courtier", "Serfs")
    given = table(player(opportunity=1), player(), phase=Phase.OPPORTUNITY, track=slots)
    state, effect = buy(given, rolls=(4,))
    assert effect == OpportunityGained(0, cid("Diversify Portfolio"), 4)
    assert state.phase is Phase.OPPORTUNITY
    assert list(legal_actions(state, 0)) == [BuyCard(2), BuyCard(3), BuyCard(4), EndPhase()]


def test_cunning_silver_converts_in_the_same_turn() -> None:
    """Seed: TURN SEQUENCE puts the Conversion phase after the Opportunity phase (docs item 8):
    Cunning's 7 silver join the buyer's 5 and become 1 gold this turn, 2 silver kept."""
    seat0 = player(silver=5, opportunity=1, family=family("Serfs"))
    given = table(seat0, player(), phase=Phase.OPPORTUNITY, track=track("Cunning", "Manor"))
    state, events = step(given, 0, BuyCard(1), rolls=(3, 4, 2))
    assert events[1] == SilverGained(0, cid("Cunning"), (3, 4), 7)
    assert SilverConverted(0, 10, 1) in events
    assert (state.players[0].gold, state.players[0].silver) == (1, 2)


# --- upgrade tokens on a target card in a current family (notes §3.2) -----------------------


def upgrades(state: State, seat: int, name: str) -> int:
    current = state.players[seat].family
    assert isinstance(current, Family)
    return current.upgrades_on(cid(name))


def test_innovators_place_three_upgrade_tokens_on_a_target_trade() -> None:
    state, effect = buy(buying("Innovators"), cid("Lawyers"))
    assert effect == UpgradesPlaced(0, cid("Innovators"), 0, cid("Lawyers"), 3, 0)
    assert upgrades(state, 0, "Lawyers") == 3


def test_professionals_place_two_upgrade_tokens_on_a_target_trade() -> None:
    state, effect = buy(buying("Professionals"), cid("Lawyers"))
    assert effect == UpgradesPlaced(0, cid("Professionals"), 0, cid("Lawyers"), 2, 0)
    assert upgrades(state, 0, "Lawyers") == 2


def test_reputable_places_three_upgrade_tokens_on_a_target_family() -> None:
    state, effect = buy(buying("Reputable"), cid("Serfs"))
    assert effect == UpgradesPlaced(0, cid("Reputable"), 0, cid("Serfs"), 3, 0)
    assert upgrades(state, 0, "Serfs") == 3


def test_fine_vista_places_two_upgrade_tokens_on_a_target_land() -> None:
    state, effect = buy(buying("Fine Vista"), cid("Plots"))
    assert effect == UpgradesPlaced(0, cid("Fine Vista"), 0, cid("Plots"), 2, 0)
    assert upgrades(state, 0, "Plots") == 2


def test_legitimacy_places_three_upgrade_tokens_on_a_target_office() -> None:
    state, effect = buy(buying("Legitimacy"), cid("Courtier"))
    assert effect == UpgradesPlaced(0, cid("Legitimacy"), 0, cid("Courtier"), 3, 0)
    assert upgrades(state, 0, "Courtier") == 3


def test_reinvest_costs_three_gold_and_places_five_upgrade_tokens_on_a_target_trade() -> None:
    state, effect = buy(buying("Reinvest", gold=4), cid("Lawyers"))
    assert effect == UpgradesPlaced(0, cid("Reinvest"), 0, cid("Lawyers"), 5, 3)
    assert upgrades(state, 0, "Lawyers") == 5
    assert state.players[0].gold == 1


def test_reinvest_without_three_gold_is_bought_but_has_no_effect() -> None:
    given = buying("Reinvest", gold=2)
    assert refusal(given, BuyCard(1, cid("Lawyers"))).reason == "BAD_TARGET"
    state, effect = buy(given)
    assert effect == EventWasted(0, cid("Reinvest"))
    assert state.players[0].gold == 2
    assert upgrades(state, 0, "Lawyers") == 0


def test_upgrades_may_target_another_players_current_family() -> None:
    state, effect = buy(buying("Innovators", player(family=MIGRANTS)), cid("Woad Trade"))
    assert effect == UpgradesPlaced(0, cid("Innovators"), 1, cid("Woad Trade"), 3, 0)
    assert upgrades(state, 1, "Woad Trade") == 3


def test_upgrade_tokens_on_one_card_add_up() -> None:
    """Seed: UPGRADE TOKENS, "Each Upgrade Token (UT) on a card increases its value by 1"
    (docs item 7). Innovators on a Trade already carrying 2 tokens leaves 5 on it, and every
    one of them counts in revenue: Serfs 1 + Lawyers 1 + 5 + Bonds 2 + Plots 1 + Courtier 3."""
    upgraded = replace(SERFS, upgrades=((cid("Lawyers"), 2),))
    seat0 = player(opportunity=10, family=upgraded)
    given = table(seat0, player(), phase=Phase.OPPORTUNITY, track=track("Innovators", "Manor"))
    state, effect = buy(given, cid("Lawyers"))
    assert effect == UpgradesPlaced(0, cid("Innovators"), 0, cid("Lawyers"), 3, 0)
    assert upgrades(state, 0, "Lawyers") == 5
    assert revenue(state.players[0].family) == 13


# --- discarding a target investment (notes §4.11) ------------------------------------------


def test_default_discards_a_target_bond_with_its_upgrade_tokens() -> None:
    annuities = cid("Annuities", 3)
    migrants = replace(MIGRANTS, upgrades=((annuities, 2),))
    state, effect = buy(buying("Default", player(family=migrants)), annuities)
    assert effect == InvestmentDiscarded(0, cid("Default"), 1, annuities, 2)
    current = state.players[1].family
    assert current is not None and current.bonds == () and current.upgrades == ()
    assert annuities in state.discard


def test_war_discards_a_target_land() -> None:
    state, effect = buy(buying("War", player(family=MIGRANTS)), cid("Fields"))
    assert effect == InvestmentDiscarded(0, cid("War"), 1, cid("Fields"), 0)
    current = state.players[1].family
    assert current is not None and current.lands == ()
    assert cid("Fields") in state.discard


# --- targets ------------------------------------------------------------------------------


def test_a_targeted_event_needs_a_target_when_one_exists() -> None:
    assert refusal(buying("War"), BuyCard(1)).reason == "BAD_TARGET"


def test_a_buyer_whose_own_land_is_the_only_target_must_name_it() -> None:
    """docs/rules/bourgeoisie.md, item 9: a legal target must be named, even the buyer's own:
    War bought when only seat 0's Plots are in play discards them (leaving the card on the
    track was the way to keep them)."""
    state, effect = buy(buying("War"), cid("Plots"))
    assert effect == InvestmentDiscarded(0, cid("War"), 0, cid("Plots"), 0)
    current = state.players[0].family
    assert current is not None and current.lands == ()


def test_a_target_of_the_wrong_kind_is_rejected() -> None:
    assert refusal(buying("War"), BuyCard(1, cid("Courtier"))).reason == "BAD_TARGET"


def test_a_targeted_event_without_any_legal_target_is_wasted() -> None:
    given = table(
        player(opportunity=10, family=family("Serfs")),
        player(),
        phase=Phase.OPPORTUNITY,
        track=track("War", "Manor"),
    )
    state, effect = buy(given)
    assert effect == EventWasted(0, cid("War"))
    assert cid("War") in state.discard


def test_retired_families_cannot_be_targeted() -> None:
    veteran = player(retired=[family("Artisans", "Bankers", lands=["Manor"], offices=["Mayor"])])
    given = table(
        player(opportunity=10), veteran, phase=Phase.OPPORTUNITY, track=track("War", "Plots")
    )
    assert refusal(given, BuyCard(1, cid("Manor"))).reason == "BAD_TARGET"
    state, effect = buy(given)
    assert effect == EventWasted(0, cid("War"))
    assert state.players[1].retired[0].lands == (cid("Manor"),)


# --- "counts as N gold" vouchers are kept in hand (notes §3.3) ----------------------------

VOUCHERS = ["Nepotism", "Patronage", "Recognition Fees", "Crisis", "Feudal Tenures", "Capital"]


@pytest.mark.parametrize("name", VOUCHERS)
def test_voucher_events_go_to_the_hand_unresolved(name: str) -> None:
    state, events = step(buying(name), 0, BuyCard(1))
    assert events == (CardBought(0, 1, cid(name), 1, True),)
    assert state.players[0].hand == (cid(name),)


def test_every_event_card_is_covered() -> None:
    covered = {
        "Plague", "Famine", "Taxes", "Corruption", "Cunning", "Diversify Portfolio",
        "Innovators", "Professionals", "Reputable", "Fine Vista", "Legitimacy", "Reinvest",
        "Default", "War", *VOUCHERS,
    }  # fmt: skip
    assert covered == {c.name for c in CARDS if c.effect is not None}


# --- limits and player counts -------------------------------------------------------------


def test_reinvest_with_exactly_three_gold_is_paid_in_full() -> None:
    """Seed card list: Reinvest, "Cost 3 Gold. Place 5 UT on target Trade" (docs item 10):
    three gold is enough, and leaves none."""
    state, effect = buy(buying("Reinvest", gold=3), cid("Lawyers"))
    assert effect == UpgradesPlaced(0, cid("Reinvest"), 0, cid("Lawyers"), 5, 3)
    assert state.players[0].gold == 0
    assert upgrades(state, 0, "Lawyers") == 5


def test_reinvest_on_a_rivals_trade_is_paid_by_the_buyer() -> None:
    """Seed card list: Reinvest, "Cost 3 Gold. Place 5 UT on target Trade" (docs items 9 and
    10): aimed at a rival's Trade, the buyer pays the 3 gold and the rival's Trade takes the 5
    tokens; the rival's own gold is untouched."""
    given = buying("Reinvest", player(gold=4, family=MIGRANTS), gold=3)
    state, effect = buy(given, cid("Woad Trade"))
    assert effect == UpgradesPlaced(0, cid("Reinvest"), 1, cid("Woad Trade"), 5, 3)
    assert [p.gold for p in state.players] == [0, 4]
    assert upgrades(state, 1, "Woad Trade") == 5


def test_a_rivals_gold_does_not_pay_for_reinvest() -> None:
    """Docs item 10: the buyer must hold the 3 gold. A buyer with 2 may not aim Reinvest at a
    rival's Trade however rich the rival is; bought, the card is wasted and nobody pays."""
    given = buying("Reinvest", player(gold=9, family=MIGRANTS), gold=2)
    assert refusal(given, BuyCard(1, cid("Woad Trade"))).reason == "BAD_TARGET"
    state, effect = buy(given)
    assert effect == EventWasted(0, cid("Reinvest"))
    assert [p.gold for p in state.players] == [2, 9]
    assert upgrades(state, 1, "Woad Trade") == 0


def test_taxes_at_four_players_is_one_roll_for_every_seat() -> None:
    """Seed card list: Taxes, "All players lose 1D6 Silver" (docs item 13): at four players
    one die is rolled, and each seat loses that much, or all it has."""
    chance = ScriptedChance((4,))
    given = buying("Taxes", player(silver=9), player(silver=0), player(silver=4), silver=2)
    events = decide(given, 0, BuyCard(1), chance)
    assert chance.rolled == [(6, 4)]
    assert events[1] == DisasterStruck(0, cid("Taxes"), Resource.SILVER, 4, (2, 4, 0, 4))


def test_corruption_at_two_players_takes_from_the_one_other_player() -> None:
    """Seed card list: Corruption, "Steal 2 Silver from all other Players" (docs item 14): at
    two players the one rival pays, and a rival with a single silver gives only that."""
    state, effect = buy(buying("Corruption", player(silver=1), silver=3))
    assert effect == SilverStolen(0, cid("Corruption"), (0, 1))
    assert [p.silver for p in state.players] == [4, 0]


def test_an_event_may_be_bought_and_aimed_by_a_seat_without_a_family() -> None:
    """Seed: OPPORTUNITY PHASE lets any seat buy from the track; only putting a Trade or an
    Investment in play needs a Family (FAMILY PHASE). Docs item 9: a seat with no family of its
    own may still aim Innovators at a rival's Trade."""
    given = table(
        player(opportunity=3),
        player(family=MIGRANTS),
        phase=Phase.OPPORTUNITY,
        track=track("Innovators", "Manor"),
    )
    state, effect = buy(given, cid("Woad Trade"))
    assert effect == UpgradesPlaced(0, cid("Innovators"), 1, cid("Woad Trade"), 3, 0)
    assert upgrades(state, 1, "Woad Trade") == 3


def test_reinvest_with_three_gold_but_no_trade_in_play_is_wasted_and_costs_nothing() -> None:
    """Seed card list: Reinvest, "Cost 3 Gold. Place 5 UT on target Trade" (docs item 10: the
    3 gold pay for the tokens, so with no Trade in any current family the card is bought and
    wasted, and the buyer keeps its gold)."""
    seat0 = player(opportunity=10, gold=5, family=family("Serfs"))
    given = table(
        seat0, player(family=family("Migrants")), phase=Phase.OPPORTUNITY,
        track=track("Reinvest", "Manor"),
    )  # fmt: skip
    state, effect = buy(given)
    assert effect == EventWasted(0, cid("Reinvest"))
    assert state.players[0].gold == 5
