"""One line per action a seat may choose, saying what it gains and what it costs (docs/rules/
burgundy.md; seed: "sell goods", "take two worker tiles", "pay two Silverlings").

The gains and costs are the ones the rules themselves would record: the action is judged by
the same ``require_*`` checks decide runs, and a placement's consequences come from the same
``placed`` that scores it, so a description never works out a number of its own. An action the
rules refuse now is named without them.
"""

from __future__ import annotations

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
from games.burgundy.catalogue import BLACK_DEPOT, space, tile, tile_name
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
        return action_text(action)
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
                f"sell {count} goods {kind} with {which(die)} for "
                f"{counted(silverlings, 'silverling')}{extra} and {counted(points, 'point')}"
                f"{spending(workers)}"
            )
        case WorkersTaken(_, die, workers, silverlings):
            extra = f" and {counted(silverlings, 'silverling')}" if silverlings else ""
            return f"take {counted(workers, 'worker')}{extra} with {which(die)}"
        case TileBought(_, bought, depot, silverlings, discarded):
            where = "the black depot" if depot == BLACK_DEPOT else f"depot {depot}"
            price = counted(silverlings, "silverling")
            return f"buy the {tile_name(bought)} from {where} for {price}{discard(discarded)}"
        case GoodsShipped(_, _, _, taken):
            took = " and ".join(f"{n} goods {k}" for k, n in enumerate(taken, start=1) if n)
            return f"{action_text(action)}, taking {took}"
        case TilePlaced():
            return placement_text(state, judged)
        case TileTaken(_, _, workers):
            return action_text(action) + spending(workers)


def placement_text(state: State, placement: TilePlaced) -> str:
    """``place the church on space 10 with the extra action, off-colour (City Hall)``: a
    City Hall places "regardless of colour" in the default ruleset (docs/rules/burgundy.md
    item 2); then what the placement scores (data §2.4-§2.6)."""
    text = f"place the {tile_name(placement.tile)} on space {placement.space} with "
    text += which(placement.die)
    if tile(placement.tile).colour is not space(placement.space).colour:
        text += ", off-colour (City Hall)"
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


def action_text(action: Action) -> str:
    """The action alone, without its gains and costs."""
    match action:
        case TakeTile(die, t, discarded):
            return f"take the {tile_name(t)} with {which(die)}{discard(discarded)}"
        case PlaceTile(die, t, space_id):
            return f"place the {tile_name(t)} on space {space_id} with {which(die)}"
        case SellGoods(die, kind):
            return f"sell goods {kind} with {which(die)}"
        case TakeWorkers(die):
            return f"take workers with {which(die)}"
        case BuyTile(t, discarded):
            return f"buy the {tile_name(t)}{discard(discarded)}"
        case ShipGoods(depots, kinds):
            return f"ship goods {slashed(kinds)} from depot {slashed(depots)}"
        case Pass():
            return "decline the effect"
        case EndTurn():
            return "end the turn"


def which(die: int) -> str:
    if die == BONUS_DIE:
        return "the extra action"
    return "the first die" if die == 0 else "the second die"


def spending(workers: int) -> str:
    return f", spending {counted(workers, 'worker')}" if workers else ""


def discard(discarded: int | None) -> str:
    return "" if discarded is None else f", discarding a {tile_name(discarded)}"


def slashed(numbers: tuple[int, ...]) -> str:
    return "/".join(str(n) for n in numbers)
