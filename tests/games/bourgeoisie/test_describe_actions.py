"""Every action's description says what it costs and what it gives (the `?` help of `play`
promises it), with the numbers the rules themselves use, and an Event says what it does."""

from __future__ import annotations

from dataclasses import replace

from games.bourgeoisie.actions import (
    BuyCard,
    DiscardCard,
    EndPhase,
    Invest,
    PlaceFamily,
    PlaceTrade,
    Retire,
    SellCard,
)
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.describe import describe, describe_action
from games.bourgeoisie.events import (
    FamilyRetired,
    FamilyScore,
    GameEnded,
    GoldForfeited,
    SeatScore,
)
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.scoring import score_seat

from .builders import cid, family, of_type, player, step, table, track


def test_putting_a_trade_or_an_investment_in_play_says_its_gold() -> None:
    """Seed: FAMILY PHASE and INVESTMENT PHASE, a card costs gold equal to its value; a
    voucher counts as N gold toward its kind (notes §3.3: no change is given)."""
    state = table(player(gold=5, hand=["Woad Trade", "Manor", "Crisis"], family=family("Serfs")))
    assert (
        describe_action(state, PlaceTrade(cid("Woad Trade"))) == "put Woad Trade in play for 2 gold"
    )
    assert describe_action(state, Invest(cid("Manor"), (cid("Crisis"),))) == (
        "put Manor in play for 5 gold and Crisis (counts as 5 gold toward a Land)"
    )


def test_selling_says_the_silver_and_that_an_event_sells_for_nothing() -> None:
    """Seed: CAPITAL PHASE, silver equal to the value; an Event has none (notes §4.7). A
    voucher kept counts as gold toward its kind (notes §3.3), which selling it gives up: the
    line said only "0 silver (an Event has no value)". It then said "(an Event has no value;
    kept, it counts as 5 gold ...)" inside the sale's own brackets, which read as if selling
    kept the card; keeping it is the alternative to selling."""
    state = table(player(hand=["Provincials", "Nepotism", "Capital"]), phase=Phase.CAPITAL)
    assert describe_action(state, SellCard(cid("Provincials"))) == "sell Provincials for 6 silver"
    assert describe_action(state, SellCard(cid("Nepotism"))) == (
        "sell Nepotism for 0 silver (an Event has no value); if you keep it instead, it counts "
        "as 5 gold toward an Office"
    )
    assert describe_action(state, SellCard(cid("Capital"))) == (
        "sell Capital for 0 silver (an Event has no value); if you keep it instead, it counts "
        "as 5 gold toward a Trade"
    )


def test_retiring_says_the_gold_it_discards() -> None:
    """Seed: NOBLEMENT PHASE, "When retiring, you must discard all your Gold"."""
    stack = family("Serfs", "Bankers", lands=["Manor", "Large Estate"], offices=["Mayor"])
    rich = table(player(gold=7, family=stack), phase=Phase.NOBLEMENT)
    assert describe_action(rich, Retire()) == (
        "retire the Serfs family at 43 silver per turn, discarding all 7 gold"
    )
    one = table(player(gold=1, family=stack), phase=Phase.NOBLEMENT)
    assert describe_action(one, Retire()).endswith(", discarding its 1 gold")
    poor = table(player(family=stack), phase=Phase.NOBLEMENT)
    assert describe_action(poor, Retire()).endswith("with no gold to discard")
    assert Retire() in list(legal_actions(rich, 0))


def test_placing_a_family_and_discarding_say_they_cost_and_give_nothing() -> None:
    state = table(player(hand=["Serfs"]))
    assert describe_action(state, PlaceFamily(cid("Serfs"))).endswith(", at no cost")
    assert describe_action(state, DiscardCard(cid("Serfs"))) == (
        "discard Serfs (down to the hand limit of 7; it gives nothing)"
    )


def test_buying_an_event_says_what_it_does() -> None:
    state = table(
        player(opportunity=10, family=family("Serfs", "Lawyers")),
        phase=Phase.OPPORTUNITY,
        track=track("Cunning", "Nepotism", "Professionals"),
    )
    assert describe_action(state, BuyCard(1)) == (
        "buy Cunning from slot 1 for 1 opportunity token — event: gain 2D6 silver"
    )
    assert describe_action(state, BuyCard(2)) == (
        "buy Nepotism from slot 2 for 2 opportunity tokens"
        " — event kept in hand: counts as 5 gold toward an Office"
    )
    assert describe_action(state, BuyCard(3, cid("Lawyers"))).endswith(
        "targeting Lawyers — event: 2 upgrade tokens on a Trade in play"
    )


def test_a_targeted_event_without_a_target_says_it_would_be_wasted() -> None:
    """docs/rules/bourgeoisie.md item 9: with no legal target the Event is bought and has no
    effect; item 10: Reinvest has none without 3 gold."""
    state = table(
        player(opportunity=10, family=family("Serfs", "Lawyers", lands=["Plots"])),
        player(family=family("Paupers")),
        phase=Phase.OPPORTUNITY,
        track=track("Legitimacy", "Reinvest"),
    )
    assert BuyCard(1) in list(legal_actions(state, 0))
    assert describe_action(state, BuyCard(1)) == (
        "buy Legitimacy from slot 1 for 1 opportunity token — event: 3 upgrade tokens on an"
        " Office in play; no Office in any current family now: it would have no effect"
    )
    assert describe_action(state, BuyCard(2)).endswith(
        "; you have less than the 3 gold it costs: it would have no effect"
    )


def test_the_end_of_the_game_says_how_each_seat_scored() -> None:
    """Seed: END GAME SCORING: each family scores its Lands and Offices; a retired family
    without an Office loses 5; every retired family after the first earns 5 more."""
    serfs, bankers, paupers = cid("Serfs"), cid("Bankers"), cid("Paupers")
    families = (
        FamilyScore(serfs, True, lands=8, offices=0, prestige=0, penalty=5, total=3),
        FamilyScore(bankers, True, lands=4, offices=12, prestige=5, penalty=0, total=21),
        FamilyScore(paupers, False, lands=0, offices=0, prestige=0, penalty=0, total=0),
    )
    ended = GameEnded(scores=(SeatScore(0, families, 5, 29, 0, 0),), places=(1,))
    assert describe(ended, "default") == (
        "The game ended: seat 0 29 PP (place 1: Serfs 3 with -5 for no Office, "
        "Bankers 21, Paupers 0, +5 for the retired families after the first)"
    )


# 10 + 10 + 10 + 10 + 9 + 4 = 53, no Office
MAGNATES = family(
    "Artisans", "Bankers", bonds=[cid("Mortgages", 4)], lands=["Manor", "Large Estate", "Villa"]
)
# 10 + 10 + 10 + 10 + 9 = 49, no Office
ALMOST = family("Artisans", "Bankers", lands=["Manor", "Large Estate", "Villa"])


def test_retiring_says_the_prestige_points_it_gains() -> None:
    """Seed: END GAME SCORING, each retired family after the first scores 5 PP more: the
    option said the gold retiring discards and not the points it brings."""
    stack = family("Serfs", "Bankers", lands=["Manor", "Large Estate"], offices=["Mayor"])
    earlier = family("Paupers", lands=["Grounds"], offices=["Clergy"])
    second = table(player(gold=7, family=stack, retired=[earlier]), phase=Phase.NOBLEMENT)
    assert describe_action(second, Retire()) == (
        "retire the Serfs family at 43 silver per turn, discarding all 7 gold, +5 PP as a "
        "retired family after the first"
    )
    _, events = step(second, 0, Retire(), rolls=[1])
    assert of_type(events, FamilyRetired) == [FamilyRetired(0, cid("Serfs"), 43, False)]
    gained = score_seat(0, replace(second.players[0], family=None, retired=(earlier, stack)))
    assert gained.total - score_seat(0, second.players[0]).total == 5


def test_ending_the_investment_phase_says_the_forced_retirement_and_what_it_costs() -> None:
    """Seed: NOBLEMENT PHASE, at 50+ the family must retire, even without an Office, and all
    gold is discarded; END GAME SCORING, a retired family without an Office loses 5 PP. Ending
    the Investment phase retires it at once, and its option said only "end the phase"."""
    forced = table(player(gold=7, family=MAGNATES, hand=["Grounds"]), phase=Phase.INVESTMENT)
    assert describe_action(forced, EndPhase()) == (
        "end the phase; the Artisans family, at 53 silver per turn, must then retire, "
        "discarding all 7 gold, -5 PP for no Office"
    )
    state, events = step(forced, 0, EndPhase(), rolls=[1])
    assert of_type(events, FamilyRetired) == [FamilyRetired(0, cid("Artisans"), 53, True)]
    assert of_type(events, GoldForfeited) == [GoldForfeited(0, 7)]
    assert score_seat(0, state.players[0]).families[0].penalty == 5
    below = table(player(gold=7, family=ALMOST, hand=["Grounds"]), phase=Phase.INVESTMENT)
    assert describe_action(below, EndPhase()) == "end the phase"


def test_an_investment_that_brings_the_family_to_50_says_it_must_retire() -> None:
    """Seed: NOBLEMENT PHASE; docs/rules/bourgeoisie.md item 18: the revenue is recomputed in
    the Noblement phase, so an investment that takes it to 50+ retires the family this turn."""
    state = table(player(gold=7, family=ALMOST, hand=["Grounds"]), phase=Phase.INVESTMENT)
    assert describe_action(state, Invest(cid("Grounds"))) == (
        "put Grounds in play for 4 gold; the family then makes 53 silver per turn and must "
        "retire this turn (50+)"
    )
    above = table(player(gold=7, family=MAGNATES, hand=["Grounds"]), phase=Phase.INVESTMENT)
    assert describe_action(above, Invest(cid("Grounds"))).endswith(
        "; the family then makes 57 silver per turn and must retire this turn (50+)"
    )
    far = family("Artisans", "Bankers", lands=["Manor"])
    below = table(player(gold=7, family=far, hand=["Grounds"]), phase=Phase.INVESTMENT)
    assert describe_action(below, Invest(cid("Grounds"))) == "put Grounds in play for 4 gold"
    _, events = step(state, 0, Invest(cid("Grounds")), rolls=[1])
    assert of_type(events, FamilyRetired) == [FamilyRetired(0, cid("Artisans"), 53, True)]


def test_ending_the_capital_phase_says_the_forced_retirement_that_follows_at_once() -> None:
    """Seed: NOBLEMENT PHASE, at 50+ the family must retire and all gold is discarded, after
    the CONVERSION PHASE turns every 10 silver into 1 gold. With nothing to invest, ending the
    Capital phase (or selling its last card) runs on through Conversion and the empty
    Investment phase into the retirement at once (docs/rules/bourgeoisie.md item 19: the
    choices that retire a family making 50+ at once say so); the options said only "end the
    phase" and the sale."""
    given = table(
        player(gold=7, silver=25, family=MAGNATES, hand=["Cunning"]), player(), phase=Phase.CAPITAL
    )
    retiring = (
        "; the Artisans family, at 53 silver per turn, must then retire, discarding all 9 gold,"
        " -5 PP for no Office"
    )
    assert describe_action(given, EndPhase()) == "end the phase" + retiring
    assert describe_action(given, SellCard(cid("Cunning"))) == (
        "sell Cunning for 0 silver (an Event has no value)" + retiring
    )
    for action in (EndPhase(), SellCard(cid("Cunning"))):
        _, events = step(given, 0, action, rolls=[1])
        assert of_type(events, FamilyRetired) == [FamilyRetired(0, cid("Artisans"), 53, True)]
        assert of_type(events, GoldForfeited) == [GoldForfeited(0, 9)]


def test_ending_the_opportunity_phase_says_the_forced_retirement_that_follows_at_once() -> None:
    """As above from the Opportunity phase: with an empty hand the Capital and Investment
    phases offer nothing, so ending the Opportunity phase retires the family at once."""
    given = table(player(gold=2, opportunity=1, family=MAGNATES), player(), phase=Phase.OPPORTUNITY)
    assert describe_action(given, EndPhase()) == (
        "end the phase; the Artisans family, at 53 silver per turn, must then retire, "
        "discarding all 2 gold, -5 PP for no Office"
    )
    _, events = step(given, 0, EndPhase(), rolls=[1])
    assert of_type(events, GoldForfeited) == [GoldForfeited(0, 2)]


def test_a_choice_followed_by_another_decision_before_retiring_does_not_say_it() -> None:
    """The Investment phase still offers a Land (seed: INVESTMENT PHASE), so ending the
    Capital phase leads to that choice, and its own options say the retirement."""
    given = table(
        player(gold=7, family=MAGNATES, hand=["Cunning", "Grounds"]), player(), phase=Phase.CAPITAL
    )
    assert describe_action(given, EndPhase()) == "end the phase"
    assert describe_action(given, SellCard(cid("Cunning"))) == (
        "sell Cunning for 0 silver (an Event has no value)"
    )


def test_buying_the_last_affordable_card_says_the_forced_retirement_that_follows_at_once() -> None:
    """A family lifted to 50+ by a rival's upgrade retires in its own Noblement phase (item
    18). Buying its last affordable card, an Event resolved at once, leaves the hand empty, so
    the turn runs on into the retirement; Corruption's 2 silver make 10, and the Conversion on
    the way turns them into a fifth gold to discard. Cunning's dice would decide that silver,
    so its purchase foresees nothing."""
    given = table(
        player(gold=4, silver=8, opportunity=1, family=MAGNATES),
        player(silver=2),
        phase=Phase.OPPORTUNITY,
        track=track("Corruption"),
    )
    assert describe_action(given, BuyCard(1)) == (
        "buy Corruption from slot 1 for 1 opportunity token — event: take 2 silver from every"
        " other player; the Artisans family, at 53 silver per turn, must then retire,"
        " discarding all 5 gold, -5 PP for no Office"
    )
    _, events = step(given, 0, BuyCard(1), rolls=[1])
    assert of_type(events, GoldForfeited) == [GoldForfeited(0, 5)]
    cunning = replace(given, track=track("Cunning"))
    assert describe_action(cunning, BuyCard(1)) == (
        "buy Cunning from slot 1 for 1 opportunity token — event: gain 2D6 silver"
    )
