"""The next round's seating, from a tournament's state (pure; docs/tournaments.md, "Pairing").

Everything the pairing rules need is derived from the recorded rounds: who has met whom, who
has had byes, the standings, and (single elimination) who is still in.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from games.core.tournament_events import Format
from games.core.tournament_standings import standings, survivors
from games.core.tournament_state import TournamentState
from services.tournaments.pairing import (
    Plan,
    pair_knockout,
    pair_round_robin,
    pair_swiss,
    rotate_seats,
)


def meetings(state: TournamentState) -> Counter[frozenset[str]]:
    """How often each pair of players has sat at one table so far."""
    met: Counter[frozenset[str]] = Counter()
    for round_ in state.rounds:
        for table in round_.tables:
            met.update(frozenset(pair) for pair in combinations(table.players, 2))
    return met


def byes_had(state: TournamentState) -> Counter[str]:
    return Counter(player for round_ in state.rounds for player in round_.byes)


def round_robin_roster(state: TournamentState) -> list[str]:
    """The players the circle method turns, in seed order: those entered when round 1
    started (``entered``), so a player who withdrew before it takes no place in the circle
    and everyone else meets everyone once in the rounds planned (docs/tournaments.md)."""
    if not state.rounds:
        return [entrant.name for entrant in state.active]
    first = state.rounds[0]
    seated = {p for table in first.tables for p in table.players} | set(first.byes)
    return [entrant.name for entrant in state.entrants if entrant.name in seated]


def next_plan(state: TournamentState) -> Plan:
    """The seating of the next round under the tournament's format."""
    spec, number = state.spec, len(state.rounds) + 1
    active = [entrant.name for entrant in state.active]
    if spec.format is Format.SWISS:
        ranked = [s.player for s in standings(state) if not s.withdrawn]
        plan = pair_swiss(ranked, meetings(state), byes_had(state), spec.seats, spec.smallest_table)
    elif spec.format is Format.ROUND_ROBIN:
        plan = pair_round_robin(
            round_robin_roster(state),
            active,
            number,
            meetings(state),
            byes_had(state),
            spec.seats,
            spec.smallest_table,
        )
    else:
        plan = pair_knockout(survivors(state), spec.seats, spec.smallest_table)
    return rotate_seats(plan, number)
