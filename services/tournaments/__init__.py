"""Tournament recording: a tournament is its own event-sourced aggregate in the game store.

Create a tournament, register players, start rounds (each table's game is created through the
game service with its tournament, round and table in ``GameCreated``), record results as games
end, adjudicate, and read pairings and standings. See docs/tournaments.md.
"""

from games.core.tournament_events import Format, Spec
from games.core.tournament_standings import Standing
from games.core.tournament_state import Round, Table, TournamentState
from services.tournaments.errors import (
    AlreadyRegisteredError,
    NotInTournamentError,
    TokenMissingError,
    TokenRefusedError,
    TournamentError,
    TournamentNotFoundError,
    TournamentRequestError,
    TournamentStateError,
)
from services.tournaments.spec import new_spec, planned_rounds
from services.tournaments.tournaments import Registration, SeatClaim, Tournaments

__all__ = [
    "AlreadyRegisteredError",
    "Format",
    "NotInTournamentError",
    "Registration",
    "Round",
    "SeatClaim",
    "Spec",
    "Standing",
    "Table",
    "TokenMissingError",
    "TokenRefusedError",
    "TournamentError",
    "TournamentNotFoundError",
    "TournamentRequestError",
    "TournamentState",
    "TournamentStateError",
    "Tournaments",
    "new_spec",
    "planned_rounds",
]
