"""docs/architecture.md §4 "view hides secrets": hands are private, the deck's order is never shown;
notes §4.18 (everything else is open)."""

from __future__ import annotations

from dataclasses import replace

from games.bourgeoisie import RULES, describe, full_view, view
from games.bourgeoisie.actions import ACTION_TYPES, BuyCard, Invest, PlaceFamily
from games.bourgeoisie.catalogue import CARDS, Phase
from games.bourgeoisie.describe import describe_action
from games.bourgeoisie.events import CardBought, DeckShuffled, OpportunityRolled
from games.bourgeoisie.state import State
from games.bourgeoisie.views import CardView
from games.core import GameCreated, SeededChance

from .builders import cid, family, player, table, track


def secret_table() -> State:
    upgraded = family("Serfs", "Lawyers", lands=["Plots"], upgrades=[("Lawyers", 3)])
    return table(
        player(silver=4, gold=1, opportunity=2, hand=["Manor", "Nepotism"], family=upgraded),
        player(hand=["Bishop"], retired=[family("Artisans", offices=["Mayor"])]),
        phase=Phase.OPPORTUNITY,
    )


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    seen = view(secret_table(), 0)
    assert seen.viewer == 0
    assert seen.players[0].hand is not None
    assert [c.name for c in seen.players[0].hand] == ["Manor", "Nepotism"]
    assert seen.players[1].hand is None
    assert seen.players[1].hand_size == 1


def test_the_public_view_shows_no_hand() -> None:
    seen = view(secret_table(), None)
    assert seen.viewer is None
    assert all(p.hand is None for p in seen.players)
    assert [p.hand_size for p in seen.players] == [2, 1]


def test_the_full_view_shows_every_hand() -> None:
    seen = full_view(secret_table())
    assert [None if p.hand is None else len(p.hand) for p in seen.players] == [2, 1]


def test_cards_in_play_coins_and_tokens_are_public() -> None:
    seen = view(secret_table(), 1)
    mine = seen.players[0]
    assert (mine.silver, mine.gold, mine.opportunity) == (4, 1, 2)
    assert mine.family is not None and mine.family.trade is not None
    assert mine.family.trade == CardView(cid("Lawyers"), "Lawyers", CARDS[21].kind, 1, 0, 3)
    assert mine.family.revenue == 1 + 1 + 3 + 1
    assert seen.players[1].retired[0].offices[0].name == "Mayor"
    assert [None if c is None else c.name for c in seen.track][:2] == ["Paupers", "Physicians"]


def test_a_retired_family_shows_no_revenue_and_the_current_one_its_own() -> None:
    """Seed: REVENUE PHASE, "for your most current family" (docs item 6): a retired family's
    cards still show, but it earns nothing."""
    seen = view(secret_table(), None)
    assert seen.players[0].family is not None
    assert seen.players[0].family.revenue == 1 + 1 + 3 + 1  # Serfs, Lawyers + 3 UT, Plots
    (retired,) = seen.players[1].retired
    assert [c.name for c in retired.offices] == ["Mayor"]
    assert retired.revenue == 0


def test_the_deck_order_is_never_shown() -> None:
    state = secret_table()
    shuffled = replace(state, deck=tuple(reversed(state.deck)))
    for seat in (0, 1, None):
        assert view(state, seat) == view(shuffled, seat)
    assert view(state, 0).deck_size == len(state.deck)


def test_swapping_an_opponents_hidden_card_leaves_a_seats_view_unchanged() -> None:
    state = secret_table()
    swapped_hand = (state.deck[0],)
    other = replace(state.players[1], hand=swapped_hand)
    swapped = replace(
        state, players=(state.players[0], other), deck=(cid("Bishop"), *state.deck[1:])
    )
    assert view(state, 0) == view(swapped, 0)
    assert view(state, None) == view(swapped, None)
    assert view(state, 1) != view(swapped, 1)


def test_describing_the_shuffle_names_no_card() -> None:
    line = describe(DeckShuffled(tuple(range(20, 120))), "default")
    assert line == "The deck was shuffled (100 cards)"


def test_every_event_of_a_game_has_a_one_line_description() -> None:
    created = GameCreated("bourgeoisie", "g", 1, "default", 3, "c")
    state = RULES.start(created)
    events = RULES.opening(state, SeededChance(b"views", "open"))
    for event in events:
        state = RULES.evolve(state, event)
    lines = [describe(e, "default") for e in events]
    assert all(line and "\n" not in line for line in lines)
    assert any(line.startswith("Turn 1: seat") for line in lines)


def test_actions_have_a_description() -> None:
    state = table(track=track())
    assert describe_action(state, BuyCard(4, cid("Plots"))) == (
        "buy the card in slot 4, targeting Plots"
    )
    assert describe_action(state, PlaceFamily(cid("Serfs"))) == (
        "put the Serfs family in play, at no cost"
    )
    assert describe_action(state, Invest(cid("Courtier"), (cid("Nepotism"),))) == (
        "put Courtier in play for 0 gold and Nepotism (counts as 5 gold toward an Office)"
    )


def test_a_purchase_names_the_card_in_its_slot_and_its_price() -> None:
    """Seed: OPPORTUNITY PHASE, the card in slot N costs N opportunity tokens."""
    state = table(phase=Phase.OPPORTUNITY, track=track(None, None, "Courtier", "War"))
    assert describe_action(state, BuyCard(3)) == (
        "buy Courtier from slot 3 for 3 opportunity tokens"
    )
    assert describe_action(state, BuyCard(4, cid("Plots"))) == (
        "buy War from slot 4 for 4 opportunity tokens, targeting Plots"
        " — event: discard a Land in play"
    )
    assert len(ACTION_TYPES) == 8
    assert describe_action(table(track=track("Serfs")), BuyCard(1)) == (
        "buy Serfs from slot 1 for 1 opportunity token"
    )


def test_a_roll_of_one_is_one_token() -> None:
    assert describe(OpportunityRolled(2, 1), "default") == "Seat 2 rolled 1 opportunity token"
    assert describe(OpportunityRolled(0, 5), "default") == "Seat 0 rolled 5 opportunity tokens"


def test_a_purchase_says_what_it_cost_in_opportunity_tokens() -> None:
    bought = CardBought(1, 1, cid("Mortgages"), 1, kept=True)
    assert describe(bought, "default") == "Seat 1 bought Mortgages (slot 1) for 1 opportunity token"
