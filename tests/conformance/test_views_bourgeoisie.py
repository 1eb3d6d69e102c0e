"""docs/architecture.md §4 and §8, views never leak, for Bourgeoisie: hands are private, the deck's
order is secret. Swapping hidden cards must leave every view that may not see them unchanged, and no
view, event description or error message may name a card its reader cannot see."""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from games.bourgeoisie.actions import (
    BuyCard,
    DiscardCard,
    Invest,
    PlaceFamily,
    PlaceTrade,
    SellCard,
)
from games.bourgeoisie.catalogue import card
from games.bourgeoisie.events import DeckShuffled
from games.bourgeoisie.scoring import points_if_ended_now
from games.bourgeoisie.state import State
from games.bourgeoisie.views import BourgeoisieView, CardView, points_shown
from games.core import GameError, SeededChance, apply
from games.core.jsonable import to_json
from games.core.rules import describe
from games.registry import all_rules

from .play import Table, played

RULES = all_rules()["bourgeoisie"]
SEATS = list(range(RULES.min_seats, RULES.max_seats + 1))


def sample_states(seats: int, stride: int = 6) -> list[State]:
    table = played("bourgeoisie", seats)
    return [*(step.state for step in table.steps[::stride]), table.state]


def cards_in(value: object) -> Iterator[CardView]:
    """Every card a view shows, wherever it is."""
    if isinstance(value, CardView):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)


def ids_in(view: BourgeoisieView) -> set[int]:
    return {c.id for c in cards_in(view)}


def with_hand(state: State, seat: int, hand: tuple[int, ...]) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], hand=hand)
    return replace(state, players=tuple(players))


def swap_with_deck(state: State, seat: int, hand_index: int, deck_index: int) -> State:
    hand, deck = list(state.players[seat].hand), list(state.deck)
    hand[hand_index], deck[deck_index] = deck[deck_index], hand[hand_index]
    return replace(with_hand(state, seat, tuple(hand)), deck=tuple(deck))


def swap_between(state: State, b: int, c: int) -> State:
    """Seat ``b``'s first card trades places with seat ``c``'s last."""
    hand_b, hand_c = list(state.players[b].hand), list(state.players[c].hand)
    hand_b[0], hand_c[-1] = hand_c[-1], hand_b[0]
    return with_hand(with_hand(state, b, tuple(hand_b)), c, tuple(hand_c))


def others(seats: int, *hidden: int) -> list[int | None]:
    return [None, *(s for s in range(seats) if s not in hidden)]


@pytest.mark.parametrize("seats", SEATS)
def test_swapping_a_hand_card_with_the_deck_changes_only_that_seats_view(seats: int) -> None:
    swaps = 0
    for state in sample_states(seats):
        for b in range(seats):
            if not state.players[b].hand or not state.deck:
                continue
            for hand_index, deck_index in ((0, 0), (-1, len(state.deck) // 2)):
                swapped = swap_with_deck(state, b, hand_index, deck_index)
                swaps += 1
                for a in others(seats, b):
                    assert RULES.view(swapped, a) == RULES.view(state, a)
                assert RULES.view(swapped, b) != RULES.view(state, b)
    assert swaps > 10


@pytest.mark.parametrize("seats", SEATS)
def test_swapping_cards_between_two_hands_leaves_the_other_views_alone(seats: int) -> None:
    swaps = 0
    for state in sample_states(seats):
        for b in range(seats):
            for c in range(seats):
                hand_b, hand_c = state.players[b].hand, state.players[c].hand
                if b == c or not hand_b or not hand_c or hand_b[0] == hand_c[-1]:
                    continue
                swapped = swap_between(state, b, c)
                swaps += 1
                for a in others(seats, b, c):
                    assert RULES.view(swapped, a) == RULES.view(state, a)
                assert RULES.view(swapped, b) != RULES.view(state, b)
    assert swaps > 10


@pytest.mark.parametrize("seats", SEATS)
def test_the_deck_order_is_in_no_view(seats: int) -> None:
    for state in sample_states(seats):
        if len(state.deck) < 2:
            continue
        for reordered in (state.deck[::-1], state.deck[1:] + state.deck[:1]):
            other = replace(state, deck=reordered)
            for seat in [None, *range(seats)]:
                assert RULES.view(other, seat) == RULES.view(state, seat)
            assert RULES.full_view(other) == RULES.full_view(state)
        text = json.dumps(to_json(RULES.view(state, None)))
        assert json.dumps(list(state.deck[:3]))[1:-1] not in text


@pytest.mark.parametrize("seats", SEATS)
def test_views_show_no_card_hidden_from_their_viewer(seats: int) -> None:
    for state in sample_states(seats):
        deck, hands = set(state.deck), [set(p.hand) for p in state.players]
        assert not ids_in(RULES.view(state, None)) & (deck | set().union(*hands))
        for seat in range(seats):
            shown = RULES.view(state, seat)
            hidden = deck | set().union(*(h for s, h in enumerate(hands) if s != seat))
            assert not ids_in(shown) & hidden
            own = shown.players[seat].hand
            assert own is not None
            assert tuple(c.id for c in own) == state.players[seat].hand
            assert all(p.hand is None for s, p in enumerate(shown.players) if s != seat)
            assert [p.hand_size for p in shown.players] == [len(h.hand) for h in state.players]


def test_describing_the_shuffle_names_no_card() -> None:
    table = played("bourgeoisie", 3)
    shuffled = next(e for e in table.events if isinstance(e, DeckShuffled))
    text = describe(RULES, shuffled, "default")
    assert text == describe(RULES, DeckShuffled(shuffled.deck[::-1]), "default")
    assert not [c for c in shuffled.deck if re.search(rf"\b{re.escape(card(c).name)}\b", text)]


def public_names(state: object) -> set[str]:
    return {c.name for c in cards_in(RULES.view(state, None))}


@pytest.mark.parametrize("seats", [2, 4])
def test_event_descriptions_name_only_cards_the_public_can_see(seats: int) -> None:
    """Every seat's stream carries each event's description (services/publisher)."""
    table: Table = played("bourgeoisie", seats)
    all_names = {card(c).name for c in range(120)}
    state = apply(RULES, None, table.events[0])
    for event in table.events[1:]:
        after = apply(RULES, state, event)
        secret = all_names - public_names(state) - public_names(after)
        text = describe(RULES, event, "default")
        named = [n for n in secret if re.search(rf"\b{re.escape(n)}\b", text)]
        assert not named, f"{text!r} names {named}"
        state = after


def probes(state: State, seat: int, hidden: int) -> Iterator[object]:
    """Actions by ``seat`` naming a card it cannot see."""
    yield from (PlaceFamily(hidden), PlaceTrade(hidden), Invest(hidden), SellCard(hidden))
    yield DiscardCard(hidden)
    for slot, on_track in enumerate(state.track, start=1):
        if on_track is not None:
            yield BuyCard(slot, hidden)
    for own in sorted(set(state.players[seat].hand)):
        yield from (PlaceTrade(own, (hidden,)), Invest(own, (hidden,)))


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_rejections_name_no_card_hidden_from_the_seat(seats: int) -> None:
    probed = 0
    for state in sample_states(seats, stride=10):
        seat = RULES.to_act(state)
        if seat is None:
            continue
        visible = {c.name for c in cards_in(RULES.view(state, seat))}
        hidden = [
            *state.deck[:10],
            *(c for s, p in enumerate(state.players) if s != seat for c in p.hand),
        ]
        for card_id in hidden:
            name = card(card_id).name
            if name in visible:
                continue
            for action in probes(state, seat, card_id):
                for asking in range(seats):
                    try:
                        RULES.decide(state, asking, action, SeededChance(b"s", "1"))
                    except GameError as refused:
                        probed += 1
                        assert not re.search(rf"\b{re.escape(name)}\b", str(refused)), (
                            f"{action!r} by seat {asking}: {refused}"
                        )
    assert probed > 100


SCORED_GAMES = [(2, 14), (3, 7)]
"""(seats, label) of played games that reach both a retired family and an upgrade token on a
Land or an Office, the cards whose tokens score (seed: END GAME SCORING)."""


@pytest.mark.parametrize(("seats", "label"), SCORED_GAMES, ids=[f"{s}p" for s, _ in SCORED_GAMES])
def test_every_view_shows_the_points_the_rules_count_now(seats: int, label: int) -> None:
    """``views.points_shown`` charts a seat's replay from its views alone: it must be the
    rules' own ``points_if_ended_now`` (seed: END GAME SCORING), upgrade tokens and retired
    families included, at every moment and from every seat."""
    table = played("bourgeoisie", seats, label)
    states = [*(step.state for step in table.steps[::2]), table.state]
    families = [(f, p) for s in states for p in s.players for f in (p.family, *p.retired) if f]
    assert any(p.retired for _, p in families)
    assert any(card in f.lands + f.offices for f, _ in families for card, _ in f.upgrades)
    for state in states:
        expected = points_if_ended_now(state)
        for viewer in (None, *range(seats)):
            assert points_shown(RULES.view(state, viewer)) == expected
