"""Seed: SETUP, THE DECK and the card list; notes §2, §3.6 and §4.1-4.2."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bourgeoisie import RULES, decide, opening, start
from games.bourgeoisie.actions import EndPhase
from games.bourgeoisie.catalogue import CARDS, HAND_LIMIT, TRACK_SLOTS, CardKind, Phase
from games.bourgeoisie.events import (
    DeckShuffled,
    FamilyDealt,
    FirstSeatChosen,
    OpportunityRolled,
    StartingSilverRolled,
    TrackLaidOut,
    TurnBegan,
)
from games.bourgeoisie.turns import to_act
from games.core import GameCreated, MalformedError, RuleError, ScriptedChance, fold

from .builders import cid, of_type


def created(seats: int = 3, ruleset: str = "default") -> GameCreated:
    return GameCreated("bourgeoisie", "g1", 1, ruleset, seats, "commitment")


def test_catalogue_holds_the_seeds_120_cards_by_kind() -> None:
    counts = Counter(card.kind for card in CARDS)
    assert counts == dict.fromkeys(CardKind, 20)
    assert [card.id for card in CARDS] == list(range(120))


def test_catalogue_keeps_the_seeds_order_and_values() -> None:
    assert (CARDS[0].name, CARDS[19].name, CARDS[20].name, CARDS[39].name) == (
        "Paupers",
        "Artisans",
        "Physicians",
        "Financiers",
    )
    assert [(c.name, c.value) for c in CARDS[40:44]] == [("Securities", v) for v in (1, 2, 3, 4)]
    assert (CARDS[99].name, CARDS[99].value, CARDS[99].prestige) == ("Mayor", 12, 5)
    assert (CARDS[119].name, CARDS[119].kind) == ("Diversify Portfolio", CardKind.EVENT)
    assert all(c.value == 0 for c in CARDS if c.kind is CardKind.EVENT)


def test_catalogue_prestige_bonuses_match_the_seed() -> None:
    land_pp = [CARDS[cid(n)].prestige for n in ("Range", "Agricultural Land", "Large Estate")]
    office_pp = [CARDS[cid(n)].prestige for n in ("Fiscal Officer", "Administrator", "Bishop")]
    assert land_pp == [0, 1, 5]
    assert office_pp == [0, 1, 5]
    assert sum(c.prestige for c in CARDS if c.kind is CardKind.LAND) == 24
    assert sum(c.prestige for c in CARDS if c.kind is CardKind.OFFICE) == 30
    assert (HAND_LIMIT, TRACK_SLOTS) == (7, 10)


def test_start_seats_the_players_with_nothing_dealt() -> None:
    state = start(created(seats=4))
    assert (state.seats, len(state.players), state.ruleset) == (4, 4, "default")
    assert state.deck == () and state.turn == 0
    assert to_act(state) is None


def test_no_action_is_accepted_before_the_opening_deal() -> None:
    """Seed: SETUP comes before the TURN SEQUENCE. On the table before the deal no seat has a
    turn, so even seat 0 (the state's default active seat) is refused, as NOT_STARTED."""
    state = start(created(seats=2))
    with pytest.raises(RuleError) as error:
        decide(state, 0, EndPhase(), ScriptedChance())
    assert error.value.reason == "NOT_STARTED"


@pytest.mark.parametrize("seats", [1, 7])
def test_start_accepts_only_two_to_six_seats(seats: int) -> None:
    with pytest.raises(MalformedError) as error:
        start(created(seats=seats))
    assert error.value.reason == "BAD_SEAT_COUNT"


def test_start_rejects_an_unknown_ruleset() -> None:
    with pytest.raises(MalformedError) as error:
        start(created(ruleset="deluxe"))
    assert error.value.reason == "UNKNOWN_RULESET"


def scripted_opening(seats: int = 3, first_roll: int = 2) -> ScriptedChance:
    # Families reversed (so seat 0 gets Artisans), deck left in catalogue order.
    families = list(range(19, -1, -1))
    silver = [3, 10, 1, 6, 7, 8][:seats]
    return ScriptedChance(rolls=[*silver, first_roll, 4], shuffles=[families])


def test_opening_deals_one_family_per_seat_from_the_family_cards() -> None:
    events = opening(start(created()), scripted_opening())
    dealt = of_type(events, FamilyDealt)
    assert [(e.seat, e.card) for e in dealt] == [(0, 19), (1, 18), (2, 17)]
    state = fold(RULES, [created(), *events])
    assert [p.family.family for p in state.players if p.family] == [19, 18, 17]


def test_opening_shuffles_every_other_card_into_the_deck_and_records_its_order() -> None:
    events = opening(start(created()), scripted_opening())
    (shuffled,) = of_type(events, DeckShuffled)
    assert len(shuffled.deck) == 117
    assert sorted(shuffled.deck) == sorted(set(range(120)) - {19, 18, 17})


def test_opening_lays_out_ten_track_cards_from_the_top_of_the_deck() -> None:
    events = opening(start(created()), scripted_opening())
    (shuffled,) = of_type(events, DeckShuffled)
    (laid,) = of_type(events, TrackLaidOut)
    assert laid.cards == shuffled.deck[:10]
    state = fold(RULES, [created(), *events])
    assert state.track == shuffled.deck[:10]
    assert len(state.deck) == 107


def test_opening_rolls_1d10_starting_silver_for_each_seat() -> None:
    chance = scripted_opening()
    events = opening(start(created()), chance)
    assert [(e.seat, e.roll) for e in of_type(events, StartingSilverRolled)] == [
        (0, 3),
        (1, 10),
        (2, 1),
    ]
    assert chance.rolled[:3] == [(10, 3), (10, 10), (10, 1)]


def test_opening_draws_the_first_seat_and_runs_its_turn_to_the_first_decision() -> None:
    events = opening(start(created()), scripted_opening(first_roll=2))
    assert of_type(events, FirstSeatChosen) == [FirstSeatChosen(1)]
    assert of_type(events, TurnBegan) == [TurnBegan(1, 1)]
    # Seat 1 has nothing to place, collects revenue, rolls fate and stops at the track.
    assert of_type(events, OpportunityRolled) == [OpportunityRolled(1, 4)]
    state = fold(RULES, [created(), *events])
    assert (to_act(state), state.phase) == (1, Phase.OPPORTUNITY)
    assert state.players[1].silver == 10 + 10  # 10 silver rolled + Craftsmen's revenue of 10


def test_opening_twice_is_rejected() -> None:
    state = fold(RULES, [created(), *opening(start(created()), scripted_opening())])
    with pytest.raises(RuleError) as error:
        opening(state, scripted_opening())
    assert error.value.reason == "ALREADY_OPENED"


@pytest.mark.parametrize(("seats", "deck_left"), [(2, 108), (4, 106)])
def test_opening_at_two_and_four_seats(seats: int, deck_left: int) -> None:
    """Seed: SETUP ("Each player starts with 1 random Family card in play", ten cards on the
    track, "1D10 Silver" each) at both ends of the box's player count: the deck keeps the 120
    cards less one Family per seat and the ten on the track (notes §3.6), and the first seat is
    drawn with a die of as many sides as there are seats."""
    chance = scripted_opening(seats=seats, first_roll=seats)
    events = opening(start(created(seats=seats)), chance)
    assert [e.card for e in of_type(events, FamilyDealt)] == list(range(19, 19 - seats, -1))
    (shuffled,) = of_type(events, DeckShuffled)
    assert len(shuffled.deck) == 120 - seats
    assert chance.rolled[: seats + 1] == [
        *((10, roll) for roll in [3, 10, 1, 6][:seats]),
        (seats, seats),
    ]
    assert of_type(events, FirstSeatChosen) == [FirstSeatChosen(seats - 1)]
    state = fold(RULES, [created(seats=seats), *events])
    assert len(state.deck) == deck_left
    assert None not in state.track


def test_opening_at_six_seats_the_most_allowed() -> None:
    """Seed: SETUP at the largest table we seat (docs item 23: 2 to 6 seats): six Family cards
    are dealt, the deck keeps the other 114 cards, 104 of them once the track is laid out, each
    seat rolls its 1D10 silver, and the first seat is drawn with a six-sided die."""
    chance = scripted_opening(seats=6, first_roll=6)
    events = opening(start(created(seats=6)), chance)
    assert [e.card for e in of_type(events, FamilyDealt)] == [19, 18, 17, 16, 15, 14]
    (shuffled,) = of_type(events, DeckShuffled)
    assert len(shuffled.deck) == 114
    assert [(e.seat, e.roll) for e in of_type(events, StartingSilverRolled)] == list(
        enumerate([3, 10, 1, 6, 7, 8])
    )
    assert chance.rolled[6] == (6, 6)
    assert of_type(events, FirstSeatChosen) == [FirstSeatChosen(5)]
    state = fold(RULES, [created(seats=6), *events])
    assert len(state.deck) == 104
    assert None not in state.track
    assert all(p.family is not None for p in state.players)


def test_the_starting_silver_rolled_is_each_seats_silver() -> None:
    """Seed: SETUP, "Each player starts with 1D10 Silver": the rolls of 3, 10 and 1 are the
    seats' silver before the first turn begins (and before any Revenue or Conversion)."""
    events = opening(start(created()), scripted_opening())
    dealt = events[: events.index(FirstSeatChosen(1))]
    state = fold(RULES, [created(), *dealt])
    assert [p.silver for p in state.players] == [3, 10, 1]
