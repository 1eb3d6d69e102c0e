"""docs/architecture.md §4 and §8, views never leak, for Bruges. Hidden: the faces of hands (a seat
sees its own once looked at), of face-down houses (to their owner) and the piles' order. Public:
every card back's colour. Swapping hidden cards of the same colour must leave every view that may
not see them unchanged, and no view, description or rejection may name such a card."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from dataclasses import replace

import pytest

from games.bruges import RULES
from games.bruges.actions import (
    ActivatePerson,
    BuildHouse,
    DiscardThreat,
    LosePerson,
    RecruitPerson,
    TakeWorkers,
)
from games.bruges.persons import person
from games.bruges.state import State
from games.bruges.views import BrugesView, HouseView, PersonView
from games.core import GameError, SeededChance, apply
from tests.games.bruges.randomplay import keen_chooser, opened, play

SEATS = [2, 3, 4]


def sample_states(seats: int, stride: int = 7, ruleset: str = "default") -> list[State]:
    steps = list(play(seats, 40 + seats, keen_chooser(40 + seats), ruleset))
    return [s.before for s in steps[::stride]] + [steps[-1].after]


def ids_in(value: object) -> Iterator[int]:
    """Every card a view shows face up, wherever it is (house cards included)."""
    if isinstance(value, PersonView):
        yield value.id
    elif isinstance(value, HouseView):
        if value.card is not None:
            yield value.card
        yield from ids_in(value.person)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from ids_in(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from ids_in(item)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """The cards ``seat`` may not see face up."""
    hidden = set(state.piles[0]) | set(state.piles[1]) | set(state.extra)
    for owner, player in enumerate(state.players):
        hidden |= set(player.fresh)
        if owner != seat:
            hidden |= set(player.hand) | {h.card for h in player.houses}
    return hidden


def same_colour_swap(state: State, seat: int) -> State | None:
    """Seat's first hand card trades places with a pile card of the same colour."""
    player = state.players[seat]
    if not player.hand:
        return None
    card = player.hand[0]
    for pile_index, pile in enumerate(state.piles):
        for i, other in enumerate(pile[1:], start=1):
            if person(other).colour is person(card).colour:
                new_pile = (*pile[:i], card, *pile[i + 1 :])
                piles = list(state.piles)
                piles[pile_index] = new_pile
                hand = (other, *player.hand[1:])
                players = list(state.players)
                players[seat] = replace(player, hand=hand)
                return replace(state, players=tuple(players), piles=(piles[0], piles[1]))
    return None


@pytest.mark.parametrize("seats", SEATS)
def test_swapping_a_hand_card_with_a_pile_card_of_its_colour_changes_only_that_seats_view(
    seats: int,
) -> None:
    swaps = 0
    for state in sample_states(seats):
        for b in range(seats):
            swapped = same_colour_swap(state, b)
            if swapped is None:
                continue
            swaps += 1
            for a in [None, *(s for s in range(seats) if s != b)]:
                assert RULES.view(swapped, a) == RULES.view(state, a)
            assert RULES.view(swapped, b) != RULES.view(state, b)
    assert swaps > 5


@pytest.mark.parametrize("seats", SEATS)
def test_the_piles_order_below_the_top_card_is_in_no_view(seats: int) -> None:
    for state in sample_states(seats):
        reordered = replace(
            state,
            piles=(
                state.piles[0][:1] + state.piles[0][1:][::-1],
                state.piles[1][:1] + state.piles[1][1:][::-1],
            ),
            extra=state.extra[::-1],
        )
        for seat in [None, *range(seats)]:
            assert RULES.view(reordered, seat) == RULES.view(state, seat)
        assert RULES.full_view(reordered) == RULES.full_view(state)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_views_show_no_card_hidden_from_their_viewer(seats: int, ruleset: str) -> None:
    for state in sample_states(seats, ruleset=ruleset):
        for seat in [None, *range(seats)]:
            shown: BrugesView = RULES.view(state, seat)
            assert not set(ids_in(shown)) & hidden_from(state, seat)
            assert [p.hand_size for p in shown.players] == [
                len(p.hand) + len(p.fresh) for p in state.players
            ]


def test_the_opening_describes_the_shuffle_by_sizes_only() -> None:
    _, events, _ = opened(3, 1)
    text = RULES.describe(events[0], "default")
    assert not re.search(r"\b(Count|Baron|the)\b", text)


def public_names(state: State) -> set[str]:
    return {person(c).name for c in ids_in(RULES.view(state, None))}


@pytest.mark.parametrize("seats", [2, 4])
def test_event_descriptions_name_only_cards_the_public_can_see(seats: int) -> None:
    all_names = {person(c).name for c in range(165)}
    created, events, _ = opened(seats, 77)
    state = apply(RULES, None, created)
    history = list(events)
    for step in play(seats, 77, keen_chooser(77)):
        history += step.events
    for event in history:
        after = apply(RULES, state, event)
        secret = all_names - public_names(state) - public_names(after)
        text = RULES.describe(event, "default")
        named = [n for n in secret if re.search(rf"\b{re.escape(n)}\b", text)]
        assert not named, f"{text!r} names {named}"
        state = after


def probes(state: State, seat: int, hidden: int) -> Iterator[object]:
    """Actions by ``seat`` naming a card it cannot see."""
    yield from (TakeWorkers(hidden), DiscardThreat(hidden), BuildHouse(hidden))
    yield from (RecruitPerson(hidden, 0), ActivatePerson(hidden), LosePerson(hidden))


@pytest.mark.parametrize("seats", [2, 4])
def test_rejections_name_no_card_hidden_from_the_seat(seats: int) -> None:
    probed = 0
    for state in sample_states(seats, stride=10):
        seat = RULES.to_act(state)
        if seat is None:
            continue
        visible = {person(c).name for c in ids_in(RULES.view(state, seat))}
        for card in sorted(hidden_from(state, seat))[:20]:
            if person(card).name in visible:
                continue
            for action in probes(state, seat, card):
                try:
                    RULES.decide(state, seat, action, SeededChance(b"x", "probe"))  # type: ignore[arg-type]
                except GameError as error:
                    assert person(card).name not in str(error)
                    probed += 1
    assert probed > 100
