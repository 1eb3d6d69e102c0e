"""Seed: OPPORTUNITY PHASE and THE OPPORTUNITY TRACK (a card costs its slot number)."""

from __future__ import annotations

import pytest

from games.bourgeoisie import decide
from games.bourgeoisie.actions import BuyCard, EndPhase
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import CardBought, PhaseBegan
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.state import State
from games.core import MalformedError, ScriptedChance

from .builders import TRACK, cid, family, player, refusal, settled, step, table, track


def shopping(opportunity: int, slots: tuple[int | None, ...] = TRACK) -> State:
    seat0 = player(opportunity=opportunity, family=family("Serfs"))
    return table(seat0, player(), phase=Phase.OPPORTUNITY, track=slots)


def test_a_card_costs_its_slot_number_in_opportunity_tokens() -> None:
    state, events = step(shopping(5), 0, BuyCard(4))
    assert events == (CardBought(0, 4, cid("Courtier"), 4, True),)
    assert state.players[0].opportunity == 1


def test_a_bought_card_goes_to_the_hand_and_leaves_its_slot_empty() -> None:
    state, _ = step(shopping(5), 0, BuyCard(4))
    assert state.players[0].hand == (cid("Courtier"),)
    assert state.track[3] is None
    assert state.track[4] == cid("Serfs")  # nothing slides until the End phase


def test_several_cards_may_be_bought_in_one_phase() -> None:
    state, _ = step(shopping(10), 0, BuyCard(3))
    state, _ = step(state, 0, BuyCard(6))
    assert state.players[0].hand == (cid("Plots"), cid("Lawyers"))
    assert state.players[0].opportunity == 1
    assert state.phase is Phase.OPPORTUNITY


def test_buying_with_too_few_tokens_is_rejected() -> None:
    assert refusal(shopping(3), BuyCard(4)).reason == "NOT_ENOUGH_OPPORTUNITY"


def test_buying_an_empty_slot_is_rejected() -> None:
    given = shopping(9, track(None, "Plots"))
    assert refusal(given, BuyCard(1)).reason == "SLOT_EMPTY"


@pytest.mark.parametrize("slot", [0, 11, -1, True])
def test_a_slot_outside_one_to_ten_is_malformed(slot: int) -> None:
    """Seed: THE OPPORTUNITY TRACK has slots 01 to 10; a slot is a whole number among them,
    and True is no number of a slot although Python counts it as 1."""
    with pytest.raises(MalformedError) as error:
        decide(shopping(9), 0, BuyCard(slot), ScriptedChance())
    assert error.value.reason == "BAD_SLOT"


@pytest.mark.parametrize("target", [120, -1, True])
def test_a_target_that_is_not_a_card_id_is_malformed(target: int) -> None:
    """Card ids are the positions 0-119 in the seed's card list (docs/rules/bourgeoisie.md,
    "How a turn runs"): a target outside them is nonsense, not a rule broken."""
    with pytest.raises(MalformedError) as error:
        decide(shopping(9), 0, BuyCard(3, target=target), ScriptedChance())
    assert error.value.reason == "BAD_CARD"


def test_a_target_for_a_card_that_takes_none_is_rejected() -> None:
    assert refusal(shopping(9), BuyCard(3, target=cid("Serfs"))).reason == "BAD_TARGET"


def test_buying_outside_the_opportunity_phase_is_rejected() -> None:
    given = table(player(opportunity=9, hand=["Manor"]), phase=Phase.CAPITAL)
    assert refusal(given, BuyCard(1)).reason == "WRONG_PHASE"


def test_the_phase_ends_by_itself_when_nothing_more_is_affordable() -> None:
    state, events = step(shopping(1), 0, BuyCard(1))
    assert events[1] == PhaseBegan(0, Phase.CAPITAL)
    assert state.phase is Phase.CAPITAL  # Paupers in hand may be sold


def test_the_opportunity_phase_is_skipped_when_nothing_is_affordable() -> None:
    given = table(player(family=family("Serfs"), hand=["Manor"]), phase=Phase.OPPORTUNITY)
    state, events = settled(given)
    assert events == (PhaseBegan(0, Phase.CAPITAL),)
    assert state.phase is Phase.CAPITAL


def test_end_phase_declines_to_buy_and_keeps_the_tokens() -> None:
    given = table(
        player(opportunity=6, family=family("Serfs"), hand=["Manor"]), phase=Phase.OPPORTUNITY
    )
    state, events = step(given, 0, EndPhase())
    assert events == (PhaseBegan(0, Phase.CAPITAL),)
    assert state.players[0].opportunity == 6


def test_the_card_in_slot_ten_costs_all_ten_tokens() -> None:
    """Seed: THE OPPORTUNITY TRACK, "A cards position on the track is the cost in Opportunity
    Tokens to take it", at the track's far end: slot 10 is out of reach with 9 tokens (not
    offered, and refused) and takes every one of 10."""
    short = shopping(9)
    assert BuyCard(10) not in list(legal_actions(short, 0))
    assert refusal(short, BuyCard(10)).reason == "NOT_ENOUGH_OPPORTUNITY"
    state, events = step(shopping(10), 0, BuyCard(10))
    assert events[0] == CardBought(0, 10, cid("Woad Trade"), 10, True)
    assert state.players[0].opportunity == 0
    assert state.players[0].hand == (cid("Woad Trade"),)


def test_a_targeted_event_is_offered_once_for_each_legal_target() -> None:
    """Seed card list: War, "Discard target Land" (docs item 9: any seat's current family may
    be the target, and one must be named when one exists). War in slot 1 with a Land in each
    family is offered as one purchase per Land, and never without a target."""
    mine = player(opportunity=1, family=family("Serfs", "Lawyers", lands=["Plots"]))
    rival = player(family=family("Migrants", "Woad Trade", lands=["Fields", "Pasture"]))
    given = table(mine, rival, phase=Phase.OPPORTUNITY, track=track("War", "Manor"))
    purchases = [a for a in legal_actions(given, 0) if isinstance(a, BuyCard)]
    assert purchases == [BuyCard(1, cid(n)) for n in ("Plots", "Fields", "Pasture")]
