"""Random legal play for the property tests: a seeded driver and the invariants it checks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence

from games.burgundy import RULES
from games.burgundy.actions import (
    Action,
    BuyTile,
    EndTurn,
    Pass,
    PlaceTile,
    SellGoods,
    ShipGoods,
    TakeTile,
    TakeWorkers,
)
from games.burgundy.catalogue import TILE_COUNT
from games.burgundy.events import Event
from games.burgundy.state import State
from games.core import GameCreated, SeededChance
from tests.support import randomplay

# 25 rounds; each turn is at most 2 dice, 1 purchase, a chain of effects and EndTurn.
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


KEEN = (PlaceTile, ShipGoods, SellGoods, BuyTile)


def keen_chooser(seed: int) -> Callable[[Sequence[Action]], Action]:
    """Mostly build: place tiles, ship, sell and buy, taking tiles otherwise and seldom
    passing, so that estates fill, regions and colours complete and effects chain."""
    picks = SeededChance(seed.to_bytes(4, "big"), "keen")

    def choose(actions: Sequence[Action]) -> Action:
        for kinds in (KEEN, (TakeTile,)):
            wanted = [a for a in actions if isinstance(a, kinds)]
            if wanted and picks.below(6):
                return wanted[picks.below(len(wanted))]
        if picks.below(2):
            rest = [a for a in actions if not isinstance(a, Pass | EndTurn | TakeWorkers)]
            if rest:
                return rest[picks.below(len(rest))]
        return actions[picks.below(len(actions))]

    return choose


def tile_census(state: State) -> Counter[int]:
    """How many times each hex tile id is found on the table (piles, depots, estates,
    storage); tiles that left the game are simply absent."""
    places = [t for pile in state.piles for t in pile]
    places += [t for depot in state.depots for t in depot] + list(state.black_depot)
    for p in state.players:
        places += [t for t in p.estate if t is not None] + list(p.storage)
    return Counter(places)


def goods_census(state: State) -> int:
    """Goods tiles anywhere: stacks, round spaces, depots, storage, sold piles, the box."""
    total = sum(len(s) for s in state.goods_stacks) + len(state.round_goods)
    total += sum(sum(g) for g in state.depot_goods) + len(state.boxed_goods)
    return total + sum(sum(p.goods) + sum(p.sold) for p in state.players)


def check_invariants(state: State) -> None:
    census = tile_census(state)
    assert all(n == 1 for n in census.values())
    assert all(0 <= t < TILE_COUNT for t in census)
    assert goods_census(state) == 42
    for p in state.players:
        assert min(p.silverlings, p.workers, p.points) >= 0
        assert len(p.storage) <= 3
        assert sum(1 for n in p.goods if n) <= 3
    assert (RULES.to_act(state) is None) == (RULES.outcome(state) is not None)
