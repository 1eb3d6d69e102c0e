"""Phase 4 (seed: Check Majorities; bruges-data.md §2.4): for reputation, persons and canal
tokens, a sole leader turns its marker to the coloured side, where it stays; ties turn
nothing. Each coloured marker scores at game end."""

from __future__ import annotations

from games.bruges.catalogue import Category
from games.bruges.events import MajorityWon
from games.bruges.state import Player, State


def measure(player: Player, category: Category) -> int:
    """What a majority compares: steps on the reputation track, persons in play or canal
    tokens built (bruges-data.md §2.4)."""
    match category:
        case Category.REPUTATION:
            return player.reputation
        case Category.PERSONS:
            return len(player.persons)
        case Category.CANAL:
            return sum(player.canal)


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
