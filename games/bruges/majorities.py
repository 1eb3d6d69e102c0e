"""Phase 4 (seed: Check Majorities; bruges-data.md §2.4): for reputation, persons and canal
tokens, a sole leader turns its marker to the coloured side, where it stays; ties turn
nothing. Each coloured marker scores at game end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.bruges.catalogue import Category
from games.bruges.events import MajorityWon
from games.bruges.state import Player, State


def measure(player: Player, category: Category) -> int:
    """What a majority compares: steps on the reputation track, persons in play or canal
    tokens built (bruges-data.md §2.4)."""
    return compared(player.reputation, len(player.persons), sum(player.canal))[category]


def compared(reputation: int, persons: int, canal_tokens: int) -> dict[Category, int]:
    """Each majority's count for one seat, from what it compares (bruges-data.md §2.4): the
    rules read it off the state, the boards off a view."""
    return {
        Category.REPUTATION: reputation,
        Category.PERSONS: persons,
        Category.CANAL: canal_tokens,
    }


@dataclass(frozen=True)
class Lead:
    """One majority as it stands: the seat that would turn its marker were Phase 4 now (None
    on a tie for the lead), and the highest count."""

    category: Category
    leader: int | None
    best: int


def leads(seats: Sequence[Mapping[Category, int]]) -> tuple[Lead, ...]:
    """Each majority in the order Phase 4 checks them, with its sole leader now, given every
    seat's counts in seat order (``compared``; seed: Phase 4)."""
    found = []
    for category in Category:
        values = [counts[category] for counts in seats]
        found.append(Lead(category, sole_leader(values), max(values)))
    return tuple(found)


def sole_leader(values: list[int]) -> int | None:
    """The seat with more than each other seat, or None on a tie for the lead."""
    best = max(values)
    leaders = [seat for seat, value in enumerate(values) if value == best]
    return leaders[0] if len(leaders) == 1 else None


def majority_events(state: State) -> tuple[MajorityWon, ...]:
    """The markers turned this Phase 4, in the order reputation, persons, canal."""
    won: list[MajorityWon] = []
    for category in Category:
        leader = sole_leader([measure(p, category) for p in state.players])
        if leader is not None and category not in state.players[leader].majorities:
            won.append(MajorityWon(leader, category))
    return tuple(won)
