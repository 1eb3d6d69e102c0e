"""One line per action a seat may choose, saying what it gains and what it costs (docs/rules/
burgundy.md; seed: "sell goods", "take two worker tiles", "pay two Silverlings").

The gains and costs are the ones the rules themselves would record: the action is judged by
the same ``require_*`` checks decide runs, and a placement's consequences come from the same
``placed`` that scores it, so a description never works out a number of its own. An action the
rules refuse now is named without them.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

from games.burgundy.actions import (
    BONUS_DIE,
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
from games.burgundy.catalogue import BLACK_DEPOT, Effect, space, tile, tile_name
from games.burgundy.decide import Recorded, recorded_first, require_well_formed
from games.burgundy.effects import placed
from games.burgundy.events import (
    AnimalsScored,
    BuildingRewarded,
    ColourBonusTaken,
    Event,
    GoodsShipped,
    GoodsSold,
    RegionCompleted,
    TileBought,
    TilePlaced,
    TileTaken,
    TurnOrderAdvanced,
    WorkersTaken,
)
from games.burgundy.evolve import evolve
from games.burgundy.state import State
from games.burgundy.turns import track_space
from games.core.errors import GameError
from games.core.wording import counted


def describe_action(state: State, action: Action) -> str:
    """One line for an action of the seat to act in ``state``, with what it gains and costs
    as the rules judge it now: the workers turning a die (seed: one worker per step), a
    sale's silverling and points, the workers taken, a purchase's price, a shipment's goods,
    what a placement scores, and a City Hall's placement off its space's colour."""
    judged = judge(state, action)
    if judged is None:
        return action_text(action, state)
    return judged_text(state, action, judged)


def judge(state: State, action: Action) -> Recorded | None:
    """The event decide would record first for ``action``; None when the rules refuse it."""
    try:
        require_well_formed(action)
        return recorded_first(state, state.active, action)
    except GameError:
        return None


def judged_text(state: State, action: Action, judged: Recorded) -> str:
    match judged:
        case GoodsSold(_, die, workers, kind, count, silverlings, points, gained):
            extra = f", {counted(gained, 'worker')}" if gained else ""
            return (
                f"sell {count} goods {kind} with {which(die, granting(state))} for "
                f"{counted(silverlings, 'silverling')}{extra} and {counted(points, 'point')}"
                f"{spending(workers)}"
            )
        case WorkersTaken(_, die, workers, silverlings):
            extra = f" and {counted(silverlings, 'silverling')}" if silverlings else ""
            return f"take {counted(workers, 'worker')}{extra} with {which(die, granting(state))}"
        case TileBought(_, bought, depot, silverlings, discarded):
            where = "the black depot" if depot == BLACK_DEPOT else f"depot {depot}"
            price = counted(silverlings, "silverling")
            return f"buy the {tile_name(bought)} from {where} for {price}{discard(discarded)}"
        case GoodsShipped(_, _, _, taken):
            took = " and ".join(f"{n} goods {k}" for k, n in enumerate(taken, start=1) if n)
            return f"{action_text(action, state)}, taking {took}"
        case TilePlaced():
            return placement_text(state, judged)
        case TileTaken(_, _, workers):
            return action_text(action, state) + spending(workers)


def placement_text(state: State, placement: TilePlaced) -> str:
    """``place the church on space 10 with the city hall, off-colour``: a City Hall places
    "regardless of colour" in the default ruleset (docs/rules/burgundy.md item 2); then what
    the placement scores (data §2.4-§2.6)."""
    text = f"place the {tile_name(placement.tile)} on space {placement.space} with "
    text += which(placement.die, granting(state))
    if tile(placement.tile).colour is not space(placement.space).colour:
        text += ", off-colour"
    text += spending(placement.workers)
    after = evolve(state, placement)
    gains = [gain_text(e) for e in placed(after, placement.seat, placement.tile, placement.space)]
    shown = [gain for gain in gains if gain]
    return f"{text}: {', '.join(shown)}" if shown else text


def gain_text(event: Event) -> str:
    """What one consequence of a placement gives, "" for an effect that waits for a choice."""
    match event:
        case RegionCompleted(_, region, points, bonus):
            return f"completes region {region} for {points} + {bonus} phase bonus"
        case ColourBonusTaken(_, colour, large, points):
            return f"the {'large' if large else 'small'} {colour.value} bonus tile, {points} points"
        case AnimalsScored(_, _, _, _, points):
            return f"{counted(points, 'point')} for animals"
        case BuildingRewarded(_, _, points, silverlings, workers):
            gains = {"point": points, "silverling": silverlings, "worker": workers}
            return ", ".join(counted(n, name) for name, n in gains.items() if n)
        case TurnOrderAdvanced(_, position, _):
            return f"to turn-order space {track_space(position)}"
        case _:
            return ""


def action_text(action: Action, state: State) -> str:
    """The action alone, without its gains and costs, and the depot a take is from where the
    tile lies in one."""
    granted = granting(state)
    match action:
        case TakeTile(die, t, discarded):
            where = depot_text(state, t)
            return f"take the {tile_name(t)}{where} with {which(die, granted)}{discard(discarded)}"
        case PlaceTile(die, t, space_id):
            return f"place the {tile_name(t)} on space {space_id} with {which(die, granted)}"
        case SellGoods(die, kind):
            return f"sell goods {kind} with {which(die, granted)}"
        case TakeWorkers(die):
            return f"take workers with {which(die, granted)}"
        case BuyTile(t, discarded):
            return f"buy the {tile_name(t)}{discard(discarded)}"
        case ShipGoods(depots, kinds):
            return f"ship goods {slashed(kinds)} from depot {slashed(depots)}"
        case Pass():
            return "decline the effect"
        case EndTurn():
            return "end the turn"


GRANTED_BY: Final = MappingProxyType(
    {
        Effect.CASTLE: "the castle's extra action",
        Effect.WAREHOUSE: "the warehouse",
        Effect.CARPENTER: "the carpenter's workshop",
        Effect.CHURCH: "the church",
        Effect.MARKET: "the market",
        Effect.CITY_HALL: "the city hall",
    }
)
"""What grants an action without a die, as an option or a line names it: only a castle gives
an "extra action ... with a die of any value" (seed); a building gives its own advantage, "no
die needed" (seed; data §3.2). A ship's goods are a ``ShipGoods``, not an action of a die."""
NO_DIE: Final = "no die"
"""An action without a die where nothing names what granted it: a refused option with no
effect waiting, or a line given its event alone."""


def granting(state: State) -> Effect | None:
    """The effect whose action a die-less action of ``state`` is: the top of the stack."""
    return state.pending[-1] if state.pending else None


def which(die: int, granted: Effect | None = None) -> str:
    """``the first die``, ``the second die``, or what ``granted`` an action without one
    (``GRANTED_BY``)."""
    if die == BONUS_DIE:
        return NO_DIE if granted is None else GRANTED_BY.get(granted, NO_DIE)
    return "the first die" if die == 0 else "the second die"


def depot_text(state: State, taken: int) -> str:
    """`` from depot 3``: the numbered depot ``taken`` lies in (seed: a tile is taken "from
    the depot whose number matches that die"), so that alike tiles in two depots read apart;
    "" where it lies in none."""
    number = next((n for n, d in enumerate(state.depots, start=1) if taken in d), None)
    return "" if number is None else f" from depot {number}"


def spending(workers: int) -> str:
    return f", spending {counted(workers, 'worker')}" if workers else ""


def discard(discarded: int | None) -> str:
    return "" if discarded is None else f", discarding a {tile_name(discarded)}"


def slashed(numbers: tuple[int, ...]) -> str:
    return "/".join(str(n) for n in numbers)
