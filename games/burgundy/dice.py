"""Dice and workers: which die an action may use and what turning it costs (seed: "Worker
tiles are your flexibility"; data §4.4, knowledge tiles 8-12).

Checks shared by decide and legal_actions, so the two cannot drift apart (docs/architecture.md §4).
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Final

from games.burgundy.actions import BONUS_DIE
from games.burgundy.catalogue import DIE_SIDES, Effect
from games.burgundy.errors import (
    DieUsedError,
    EffectPendingError,
    NoBonusActionError,
    NotEnoughWorkersError,
    WrongEffectError,
)
from games.burgundy.state import Player, State, has_knowledge


class Use(Enum):
    """The four things a die can do."""

    TAKE = "take"
    PLACE = "place"
    SELL = "sell"
    WORKERS = "workers"


EFFECT_USES: Final = MappingProxyType(
    {
        Effect.CASTLE: frozenset(Use),  # "an extra action with a die of any value"
        Effect.WAREHOUSE: frozenset({Use.SELL}),
        Effect.CARPENTER: frozenset({Use.TAKE}),
        Effect.CHURCH: frozenset({Use.TAKE}),
        Effect.MARKET: frozenset({Use.TAKE}),
        Effect.CITY_HALL: frozenset({Use.PLACE}),
        Effect.SHIP: frozenset(),
    }
)
"""Which die actions each waiting effect grants (data §3.2, §4.6)."""


def require_die(state: State, die: int, use: Use) -> int | None:
    """The number the die shows, or None for a bonus die of any number.

    While an effect waits, only the bonus die (2) acts, and only as that effect allows;
    otherwise die 0 or 1, each once per turn (seed: "exactly two actions, one per die").
    """
    if state.pending:
        effect = state.pending[-1]
        if die != BONUS_DIE:
            raise EffectPendingError(f"use or decline the {effect.value}'s effect first")
        if use not in EFFECT_USES[effect]:
            raise WrongEffectError(f"the {effect.value}'s effect does not allow that")
        return None
    if die == BONUS_DIE:
        raise NoBonusActionError("no castle or building has granted an extra action")
    if state.used[die]:
        raise DieUsedError(f"die {die} has already been used this turn")
    return state.players[state.active].dice[die]


def distance(a: int, b: int) -> int:
    """Steps from one die face to another, 6 and 1 being neighbours (seed)."""
    gap = abs(a - b) % DIE_SIDES
    return min(gap, DIE_SIDES - gap)


def workers_needed(player: Player, shown: int | None, target: int, free_step: bool) -> int:
    """The fewest workers that turn ``shown`` into ``target``: one per ±1 (seed: "Worker
    tiles are your flexibility"; data §4.4), or per ±2 with knowledge 8; ``free_step`` is
    the free ±1 of knowledge tiles 9-12 (data §3.4). A bonus die (None) shows any number and
    costs nothing (data §4.6, castle)."""
    if shown is None:
        return 0
    steps = max(0, distance(shown, target) - (1 if free_step else 0))
    reach = 2 if has_knowledge(player, 8) else 1
    return -(-steps // reach)


def require_workers(player: Player, shown: int | None, target: int, free_step: bool) -> int:
    """The workers spent to use the die for ``target``; raises when the seat has too few
    (seed: "Spend several to shift further"; data §4.4)."""
    needed = workers_needed(player, shown, target, free_step)
    if needed > player.workers:
        raise NotEnoughWorkersError(
            f"turning a {shown} into a {target} takes {needed} workers; you have {player.workers}"
        )
    return needed
