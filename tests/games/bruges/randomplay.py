"""Random legal play for the property tests: a seeded driver and the invariants it checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from games.bruges import RULES
from games.bruges.actions import (
    Action,
    ActivatePerson,
    AdvanceReputation,
    BuildCanal,
    BuildHouse,
    DeclineReputation,
    DiscardThreat,
    DrawCard,
    EndTurn,
    LoseCanalToken,
    LoseHouse,
    LosePerson,
    LoseWorker,
    RecruitPerson,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.catalogue import COLOURS
from games.bruges.events import Event
from games.bruges.state import State
from games.core import GameCreated, SeededChance
from tests.support import randomplay

MAX_ROUNDS = 9
MAX_DECISIONS = 1500


Step = randomplay.Step
seeded_chooser = randomplay.seeded_chooser


def opened(
    seats: int, seed: int, ruleset: str = "default"
) -> tuple[GameCreated, tuple[Event, ...], State]:
    """A new game after its opening."""
    return randomplay.opened(RULES, seats, seed, ruleset)


def play(
    seats: int,
    seed: int,
    choose: Callable[[Sequence[Action]], Action],
    ruleset: str = "default",
) -> Iterator[Step]:
    """Every decision of one game, each action picked by ``choose`` among the legal ones."""
    return randomplay.play(RULES, seats, seed, choose, ruleset, MAX_DECISIONS)


KEEN = (RecruitPerson, BuildHouse, ActivatePerson, BuildCanal, AdvanceReputation)


def keen_chooser(seed: int) -> Callable[[Sequence[Action]], Action]:
    """Mostly recruit, build and activate, so persons come into play and their effects fire:
    the paths uniform play rarely reaches."""
    picks = SeededChance(seed.to_bytes(4, "big"), "keen")

    def choose(actions: Sequence[Action]) -> Action:
        for kind in KEEN:
            wanted = [a for a in actions if isinstance(a, kind)]
            if wanted and picks.below(4):
                return wanted[picks.below(len(wanted))]
        gains = [a for a in actions if isinstance(a, TakeGuilders | TakeWorkers)]
        if gains and picks.below(2):
            return gains[picks.below(len(gains))]
        return actions[picks.below(len(actions))]

    return choose


def census(state: State) -> Counter[int]:
    """How many times each card appears anywhere: piles, discard, hands, houses, persons."""
    places = [*state.piles[0], *state.piles[1], *state.extra, *state.discard]
    for player in state.players:
        places += [*player.hand, *player.fresh, *player.persons]
        places += [h.card for h in player.houses]
    return Counter(places)


def candidate_actions(state: State, seat: int) -> Iterator[Action]:
    """A broad sample of the action space around ``state``, legal or not."""
    player = state.players[seat]
    cards = [*sorted(set(player.hand)), 0, 40, 99, 164]
    yield from (DrawCard(0), DrawCard(1), AdvanceReputation(), DeclineReputation(), EndTurn())
    for card in cards:
        yield from (TakeWorkers(card), TakeGuilders(card), DiscardThreat(card), BuildHouse(card))
        yield from (BuildCanal(card, 0), BuildCanal(card, 1), LosePerson(card))
        for house in range(len(player.houses) + 1):
            yield from (RecruitPerson(card, house, c) for c in (None, *COLOURS[:2]))
    for card in (*player.persons, 5):
        yield from (ActivatePerson(card, c) for c in (None, *COLOURS))
    for house in range(len(player.houses) + 1):
        yield LoseHouse(house)
    yield from (LoseWorker(c) for c in COLOURS)
    yield from (LoseCanalToken(0), LoseCanalToken(1))
