"""Random legal play for the property tests: a seeded driver and the invariants it checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.bourgeoisie import RULES
from games.bourgeoisie.actions import (
    Action,
    BuyCard,
    DiscardCard,
    EndPhase,
    Invest,
    PlaceFamily,
    PlaceTrade,
    Retire,
    SellCard,
)
from games.bourgeoisie.catalogue import CARD_COUNT, VOUCHERS, card
from games.bourgeoisie.events import Event
from games.bourgeoisie.state import State
from games.core import GameCreated, SeededChance

# Deck of at most 120 - 2 - 10 cards, at least one card drawn per turn (notes §3.6).
MAX_TURNS = 108
MAX_DECISIONS = 4000


@dataclass(frozen=True)
class Step:
    """One decision of a random game: the state before it, who acted, what, and the result."""

    before: State
    seat: int
    action: Action
    events: tuple[Event, ...]
    after: State


def opened(seats: int, seed: int) -> tuple[GameCreated, tuple[Event, ...], State]:
    """A new game after its opening."""
    created = GameCreated("bourgeoisie", f"g{seed}", 1, "default", seats, "commitment")
    state = RULES.start(created)
    events = RULES.opening(state, SeededChance(seed.to_bytes(4, "big"), "opening"))
    for event in events:
        state = RULES.evolve(state, event)
    return created, events, state


def play(seats: int, seed: int, choose: Callable[[Sequence[Action]], Action]) -> Iterator[Step]:
    """Every decision of one game, each action picked by ``choose`` among the legal ones."""
    _, _, state = opened(seats, seed)
    for number in range(MAX_DECISIONS):
        seat = RULES.to_act(state)
        if seat is None:
            return
        action = choose(list(RULES.legal_actions(state, seat)))
        chance = SeededChance(seed.to_bytes(4, "big"), f"decision {number}")
        events = RULES.decide(state, seat, action, chance)
        after = state
        for event in events:
            after = RULES.evolve(after, event)
        yield Step(state, seat, action, events, after)
        state = after
    raise AssertionError("the game did not end")


def seeded_chooser(seed: int) -> Callable[[Sequence[Action]], Action]:
    """Pick uniformly with a seeded stream (never the random module)."""
    picks = SeededChance(seed.to_bytes(4, "big"), "choices")
    return lambda actions: actions[picks.below(len(actions))]


KEEN = (Retire, Invest, PlaceTrade, PlaceFamily, BuyCard, DiscardCard)


def keen_chooser(seed: int) -> Callable[[Sequence[Action]], Action]:
    """Mostly build (buy, place, invest, retire) and seldom sell, so that hands fill up,
    families retire and vouchers get spent: the paths uniform play rarely reaches."""
    picks = SeededChance(seed.to_bytes(4, "big"), "keen")

    def choose(actions: Sequence[Action]) -> Action:
        building = [a for a in actions if isinstance(a, KEEN)]
        if building and picks.below(5):
            return building[picks.below(len(building))]
        if EndPhase() in actions and picks.below(3):
            return EndPhase()
        return actions[picks.below(len(actions))]

    return choose


def census(state: State) -> Counter[int]:
    """How many times each card appears anywhere: deck, track, discard, hands and families."""
    places = [*state.deck, *(c for c in state.track if c is not None), *state.discard]
    for player in state.players:
        places += player.hand
        for stack in (*player.retired, *((player.family,) if player.family else ())):
            places += stack.cards
    return Counter(places)


def candidate_actions(state: State, seat: int) -> Iterator[Action]:
    """A broad sample of the action space around ``state``, legal or not."""
    player = state.players[seat]
    hand = sorted(set(player.hand))
    cards = [*hand, 0, 25, 47, 70, 85, 104, CARD_COUNT - 1]
    for c in cards:
        yield from (PlaceFamily(c), SellCard(c), DiscardCard(c), PlaceTrade(c), Invest(c))
    vouchers = [v for v in hand if card(v).effect in VOUCHERS]
    for size in range(1, len(vouchers) + 1):
        for chosen in combinations(vouchers, size):
            for c in hand:
                yield from (PlaceTrade(c, chosen), Invest(c, chosen))
    in_play = [c for p in state.players if p.family for c in p.family.cards]
    for slot in range(1, 11):
        yield from (BuyCard(slot, target) for target in (None, *in_play))
    yield from (Retire(), EndPhase())
