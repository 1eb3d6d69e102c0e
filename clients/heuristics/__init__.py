"""Each game's heuristic bot, by game key; ``clients.bots.HeuristicBot`` picks the right one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clients.heuristics.bourgeoisie import BourgeoisieHeuristic
from clients.heuristics.bruges import BrugesHeuristic
from clients.heuristics.burgundy import BurgundyHeuristic

HEURISTICS: dict[str, Callable[[int | None], Any]] = {
    "bourgeoisie": BourgeoisieHeuristic,
    "bruges": BrugesHeuristic,
    "burgundy": BurgundyHeuristic,
}
"""Game key → factory of its heuristic bot (taking a seed for tie-breaks)."""

__all__ = ["HEURISTICS", "BourgeoisieHeuristic", "BrugesHeuristic", "BurgundyHeuristic"]
