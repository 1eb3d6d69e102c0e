"""Checking what an organiser asks for, and how long each format runs (docs/tournaments.md).

Defaults: ``points`` are ``seats - place`` (4 seats: 3, 2, 1, 0); a bye earns the points of
the middle place, rounding towards first (2 seats: a win; 4 seats: second place); tables may
be one seat smaller when the players do not divide evenly, as far as the game allows.

Caps: at most ``MAX_ROUNDS`` rounds (asked for, or needed by a round robin with ``rounds``
0: ``require_round_cap``) and ``MAX_POINTS`` points for a place or a bye, so every number a
standing carries fits the int32 fields of the API (see ``MAX_POINTS``); at most
``MAX_PLAYERS`` players.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.core.errors import MalformedError
from games.core.tournament_events import Format, Spec
from games.core.tournament_standings import survivors
from games.core.tournament_state import TournamentState
from games.registry import rules_for
from services.application.text import visible_text
from services.tournaments.errors import TournamentRequestError, TournamentStateError
from services.tournaments.pairing import knockout_rounds

MAX_NAME = 64
MAX_REASON = 2000
MAX_ROUNDS = 100
MAX_PLAYERS = 4_096
"""The most players a tournament takes (``TOURNAMENT_FULL`` beyond). Anyone may create a
tournament and register players in it, and each registration costs more the larger the
field; and the answers that list every player (``GetStandings``, ``GetTournament``) stay
under the 4 MiB a gRPC client accepts by default even with every name 64 characters of 4
bytes and every number at its cap: some 2.5 MiB (tests/tournaments/test_limits.py)."""
MAX_POINTS = 10_000
"""The most tournament points a place or a bye earns. The largest number a standing carries
is its opponents' points: each round a player meets at most ``seats - 1`` others (6 seats is
the most any game has), each of whom has at most ``MAX_ROUNDS * MAX_POINTS`` points, so

    opponents' points <= MAX_ROUNDS * (6 - 1) * MAX_ROUNDS * MAX_POINTS
                       = 100 * 5 * 100 * 10,000 = 500,000,000 < 2**31 - 1 = 2,147,483,647

and points, points by round, first places, games and byes are smaller still (the game score
is int64). tests/tournaments/test_limits.py builds that worst case from the registry."""


def clean_text(text: str, what: str, limit: int = MAX_NAME) -> str:
    """One line of visible text, 1 to ``limit`` characters (``BAD_TEXT``: see
    services/application/text.py, the one check of every name and reason)."""
    return visible_text(text, what, limit)


def new_spec(
    name: str,
    game: str,
    seats: int,
    format: Format,
    rounds: int,
    *,
    ruleset: str = "",
    points: Sequence[int] = (),
    bye_points: int | None = None,
    smallest_table: int | None = None,
) -> Spec:
    """A checked tournament spec with the documented defaults filled in."""
    try:
        rules = rules_for(game)
    except MalformedError as exc:
        raise TournamentRequestError(str(exc), reason="UNKNOWN_GAME") from None
    if not rules.min_seats <= seats <= rules.max_seats:
        raise _bad(f"{rules.title} tables have {rules.min_seats} to {rules.max_seats} seats")
    ruleset = ruleset or rules.rulesets[0]
    if ruleset not in rules.rulesets:
        raise _bad(f"{rules.title} has the rulesets {', '.join(rules.rulesets)}")
    smallest = _smallest(seats, max(2, rules.min_seats), smallest_table)
    chosen = tuple(points) or tuple(range(seats - 1, -1, -1))
    _require_points(chosen, seats)
    _require_rounds(format, rounds)
    bye = chosen[(seats - 1) // 2] if bye_points is None else bye_points
    if not 0 <= bye <= MAX_POINTS:
        raise _bad(f"a bye earns 0 to {MAX_POINTS:,} points")
    name = clean_text(name, "tournament name")
    return Spec(name, rules.name, ruleset, seats, format, rounds, chosen, bye, smallest)


def _smallest(seats: int, least: int, asked: int | None) -> int:
    if asked is None:
        return max(least, seats - 1)
    if not least <= asked <= seats:
        raise _bad(f"the smallest table has {least} to {seats} seats")
    return asked


def _require_points(points: tuple[int, ...], seats: int) -> None:
    if len(points) != seats:
        raise _bad(f"give tournament points for each of the {seats} places")
    if any(p < 0 for p in points) or list(points) != sorted(points, reverse=True):
        raise _bad("tournament points are not negative and never rise with a worse place")
    if points[0] > MAX_POINTS:
        raise _bad(f"a place earns 0 to {MAX_POINTS:,} tournament points")


def _require_rounds(format: Format, rounds: int) -> None:
    if not 0 <= rounds <= MAX_ROUNDS:
        raise _bad(f"a tournament has 0 to {MAX_ROUNDS} rounds")
    if format is Format.SWISS and rounds == 0:
        raise _bad("a Swiss tournament needs its number of rounds")


def _bad(message: str) -> TournamentRequestError:
    return TournamentRequestError(message, reason="BAD_TOURNAMENT_SPEC")


def require_round_cap(state: TournamentState) -> None:
    """Refuse to go on with a tournament planned for more than ``MAX_ROUNDS`` rounds: only a
    round robin with ``rounds`` 0 can be (its length grows with the field), and it is
    refused before round 1, when the field is known and nothing has been played."""
    planned = planned_rounds(state)
    if planned > MAX_ROUNDS:
        raise TournamentStateError(
            f"a {state.spec.format.value.replace('_', ' ')} of {entered(state)} players needs "
            f"{planned} rounds, more than the {MAX_ROUNDS} a tournament may have; set the "
            "number of rounds, or split the field",
            reason="TOO_MANY_ROUNDS",
        )


def entered(state: TournamentState) -> int:
    """How many players the tournament is for: those seated in round 1, or registered now."""
    if state.rounds:
        first = state.rounds[0]
        return sum(len(t.players) for t in first.tables) + len(first.byes)
    return len(state.active)


def planned_rounds(state: TournamentState) -> int:
    """The number of rounds: as asked, or (``rounds`` = 0) as many as the format needs."""
    spec, players = state.spec, entered(state)
    if spec.format is Format.SINGLE_ELIMINATION:
        needed = _knockout_length(state)
        return min(spec.rounds, needed) if spec.rounds else needed
    if spec.rounds:
        return spec.rounds
    if not players:  # none registered yet: no round to count (n - 1 would be -1)
        return 0
    if spec.seats == 2:
        return players - 1 if players % 2 == 0 else players
    return math.ceil((players - 1) / (spec.seats - 1))


def _knockout_length(state: TournamentState) -> int:
    """Single elimination: the rounds before the latest field, and the rounds that field
    needs to leave one player ("With ``rounds`` 0 it runs until one player is left").

    Counted from the field of the round in play, or the survivors of the last one complete,
    not only from the field entered: a withdrawal leaves fewer players, and with byes instead
    of smaller tables fewer can need more rounds (9 at 3-seat tables play 3 tables then a
    final, 8 play 2 tables and 2 byes, 1 table and a bye, then a final)."""
    spec, current = state.spec, state.current
    if current is None:
        before, field = 0, entered(state)
    elif current.completed:
        before, field = len(state.rounds), len(survivors(state))
    else:
        seated = sum(len(table.players) for table in current.tables) + len(current.byes)
        before, field = len(state.rounds) - 1, seated
    return before + knockout_rounds(field, spec.seats, spec.smallest_table)


def is_finished(state: TournamentState) -> bool:
    """Every planned round has been played and completed (or one player is left standing)."""
    current = state.current
    if current is None or not current.completed:
        return False
    knockout = state.spec.format is Format.SINGLE_ELIMINATION
    if knockout and len(survivors(state)) <= 1:
        return True
    return len(state.rounds) >= planned_rounds(state)
