"""Retiring a family into the aristocracy (seed: NOBLEMENT PHASE)."""

from __future__ import annotations

from games.bourgeoisie.catalogue import RETIRE_MAY, RETIRE_MUST, Phase
from games.bourgeoisie.errors import CannotRetireError
from games.bourgeoisie.events import Event, FamilyRetired, GoldForfeited
from games.bourgeoisie.scoring import revenue
from games.bourgeoisie.state import Player, State, player_at
from games.bourgeoisie.turns import require_family, require_phase


def require_retire(state: State, seat: int) -> None:
    """A family with at least one Office making 30+ silver per turn may retire. Revenue is
    recomputed now, so this turn's investments and upgrades count (notes §4.8)."""
    require_phase(state, Phase.NOBLEMENT)
    family = require_family(player_at(state, seat))
    if not family.offices:
        raise CannotRetireError("a family needs an office to retire")
    if revenue(family) < RETIRE_MAY:
        raise CannotRetireError(f"a family needs {RETIRE_MAY}+ silver of revenue to retire")


def must_retire(player: Player) -> bool:
    """A family making 50+ silver per turn must retire, even without an Office (seed:
    NOBLEMENT PHASE; notes §4.8: revenue recomputed now)."""
    return player.family is not None and revenue(player.family) >= RETIRE_MUST


def retirement(state: State, seat: int, forced: bool) -> tuple[Event, ...]:
    """The family is set aside in its own stack and all gold is discarded (silver and
    opportunity tokens are kept, notes §4.8)."""
    player = player_at(state, seat)
    family = require_family(player)
    retired = FamilyRetired(seat, family.family, revenue(family), forced)
    if player.gold == 0:
        return (retired,)
    return (retired, GoldForfeited(seat, player.gold))
