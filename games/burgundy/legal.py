"""Every action a seat may take now, in a stable order (docs/architecture.md §4).

Candidates are filtered through the very ``require_*`` checks decide uses, so an action is
listed here exactly when decide accepts it. Order: the die actions (die 0, then 1, or the
bonus die), then purchases, then Pass or EndTurn last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from games.burgundy.actions import (
    BONUS_DIE,
    Action,
    BuyTile,
    EndTurn,
    Pass,
    PlaceTile,
    SellGoods,
    TakeTile,
    TakeWorkers,
)
from games.burgundy.catalogue import HEX_STORAGE, Effect
from games.burgundy.goods import require_sell, require_take_workers, shipments
from games.burgundy.placement import open_spaces, require_place
from games.burgundy.state import State, player_at
from games.burgundy.storage import require_buy, require_take
from games.burgundy.turns import to_act
from games.core.rules_kit import passes

__all__ = ["decisions", "has_decision", "legal_actions"]

A = TypeVar("A")


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """The actions ``seat`` may take; nothing when it is not its turn or the game is over."""
    if to_act(state) != seat:
        return
    yield from decisions(state, seat)
    if state.pending:
        yield Pass()
    elif all(state.used):
        yield EndTurn()


def has_decision(state: State, seat: int) -> bool:
    """True when something other than Pass or EndTurn is possible."""
    return next(decisions(state, seat), None) is not None


def decisions(state: State, seat: int) -> Iterator[Action]:
    """Every action but Pass and EndTurn: the waiting effect's choices, or the unused dice
    and the purchase."""
    if state.pending:
        if state.pending[-1] is Effect.SHIP:
            yield from shipments(state, seat)
        else:
            yield from die_actions(state, seat, BONUS_DIE)
        return
    for die in (0, 1):
        if not state.used[die]:
            yield from die_actions(state, seat, die)
    yield from purchases(state, seat)


def die_actions(state: State, seat: int, die: int) -> Iterator[Action]:
    """Take, place, sell, take workers: each candidate that ``die`` allows."""
    player = player_at(state, seat)
    discards = _discards(state, seat)
    for depot in state.depots:
        for tile_id in depot:
            yield from _allowed(
                require_take, state, seat, (TakeTile(die, tile_id, d) for d in discards)
            )
    spaces = open_spaces(player)
    for tile_id in sorted(set(player.storage)):
        candidates = (PlaceTile(die, tile_id, s) for s in spaces)
        yield from _allowed(require_place, state, seat, candidates)
    kinds = (SellGoods(die, kind) for kind in range(1, 7))
    yield from _allowed(require_sell, state, seat, kinds)
    yield from _allowed(require_take_workers, state, seat, (TakeWorkers(die),))


def purchases(state: State, seat: int) -> Iterator[Action]:
    """The once-per-turn purchase: black depot first, then the numbered depots."""
    discards = _discards(state, seat)
    for tile_id in (*state.black_depot, *(t for depot in state.depots for t in depot)):
        yield from _allowed(require_buy, state, seat, (BuyTile(tile_id, d) for d in discards))


def _discards(state: State, seat: int) -> tuple[int | None, ...]:
    storage = player_at(state, seat).storage
    return tuple(storage) if len(storage) >= HEX_STORAGE else (None,)


def _allowed(
    check: Callable[[State, int, A], object], state: State, seat: int, candidates: Iterable[A]
) -> Iterator[A]:
    """The candidates ``check`` (a decide check) accepts."""
    return (candidate for candidate in candidates if passes(check, state, seat, candidate))
