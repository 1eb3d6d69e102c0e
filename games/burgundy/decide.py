"""``decide(state, seat, action, chance) -> events``: judge one action (docs/architecture.md §4).

The action's own events come first (with the immediate effects of a placed tile), then every
automatic consequence up to the next real decision (progress.automatic_step). Nonsense raises
MalformedError; a well-formed action the rules forbid now raises a RuleError subclass.
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
from games.burgundy.catalogue import DEPOTS, GOODS_KINDS, SPACE_COUNT, TILE_COUNT
from games.burgundy.effects import placed
from games.burgundy.errors import DiceUnusedError, EffectPendingError, NothingPendingError
from games.burgundy.events import (
    EffectDeclined,
    Event,
    GoodsShipped,
    GoodsSold,
    TileBought,
    TilePlaced,
    TileTaken,
    WorkersTaken,
)
from games.burgundy.evolve import evolve
from games.burgundy.goods import require_sell, require_ship, require_take_workers
from games.burgundy.placement import require_place
from games.burgundy.progress import automatic_step, end_turn
from games.burgundy.state import State
from games.burgundy.storage import require_buy, require_take
from games.burgundy.turns import require_to_act
from games.core.chance import Chance
from games.core.errors import MalformedError
from games.core.rules_kit import is_int, resolve_judged


def decide(state: State, seat: int, action: Action, chance: Chance) -> tuple[Event, ...]:
    """The events ``action`` by ``seat`` causes, automatic consequences included; raises as
    ``resolve`` does."""
    return resolve(state, seat, action, chance)[0]


def resolve(
    state: State, seat: int, action: Action, chance: Chance
) -> tuple[tuple[Event, ...], tuple[State, ...]]:
    """``decide``'s events, and the state each leads to.

    Raises:
        MalformedError: not a Burgundy action, or a die, tile, space, kind or depot out of range.
        GameOverError, NotYourTurnError, NotStartedError: it is not ``seat``'s decision.
        RuleError subclasses (games.burgundy.errors): the rule the action breaks.
    """
    require_well_formed(action)
    require_to_act(state, seat)
    return resolve_judged(
        state, _judge(state, seat, action, chance), chance, automatic_step, evolve
    )


Recorded = TileTaken | TilePlaced | GoodsSold | WorkersTaken | TileBought | GoodsShipped
"""The event one of the six actions that use a die or the purchase records first."""


def recorded_first(state: State, seat: int, action: Action) -> Recorded | None:
    """The event ``action`` records first, when it is one of the six actions that use a die
    or the purchase (raising the rule it breaks); None for Pass and EndTurn. A placement's
    consequences follow it (``placed``)."""
    match action:
        case TakeTile():
            return require_take(state, seat, action)
        case PlaceTile():
            return require_place(state, seat, action)
        case SellGoods():
            return require_sell(state, seat, action)
        case TakeWorkers():
            return require_take_workers(state, seat, action)
        case BuyTile():
            return require_buy(state, seat, action)
        case ShipGoods():
            return require_ship(state, seat, action)
        case _:
            return None


def _judge(state: State, seat: int, action: Action, chance: Chance) -> tuple[Event, ...]:
    first = recorded_first(state, seat, action)
    if isinstance(action, PlaceTile) and first is not None:
        return (first, *placed(evolve(state, first), seat, action.tile, action.space))
    if first is not None:
        return (first,)
    if isinstance(action, Pass):
        require_pass(state)
        return (EffectDeclined(seat, state.pending[-1]),)
    require_end_turn(state)  # EndTurn, the one action left
    return end_turn(state, chance)


def require_pass(state: State) -> None:
    """Pass declines the effect on top of the stack; there must be one."""
    if not state.pending:
        raise NothingPendingError("there is no effect to decline")


def require_end_turn(state: State) -> None:
    """Seed: each turn uses both dice; the purchase is optional, so EndTurn declines it."""
    if state.pending:
        raise EffectPendingError("use or decline the waiting effect first")
    if not all(state.used):
        raise DiceUnusedError("use both dice before ending the turn")


def require_well_formed(action: object) -> None:
    """Raise MalformedError unless ``action`` is a Burgundy action with every number in range:
    die 0..2, tile 0..163, space 1..37, goods kind and depot 1..6, shipments listed in
    ascending order without repeats."""
    match action:
        case TakeTile(die, tile, discard):
            _require_die(die)
            _require_tile(tile, optional=discard)
        case BuyTile(tile, discard):
            _require_tile(tile, optional=discard)
        case PlaceTile(die, tile, space):
            _require_die(die)
            _require_tile(tile)
            _require_range(space, 1, SPACE_COUNT, "space", "BAD_SPACE")
        case SellGoods(die, kind):
            _require_die(die)
            _require_range(kind, 1, GOODS_KINDS, "goods kind", "BAD_KIND")
        case TakeWorkers(die):
            _require_die(die)
        case ShipGoods(depots, kinds):
            _require_ascending(depots, DEPOTS, "depots", "BAD_DEPOT")
            _require_ascending(kinds, GOODS_KINDS, "goods kinds", "BAD_KIND")
        case Pass() | EndTurn():
            pass
        case _:
            raise MalformedError("not a Castles of Burgundy action", reason="UNKNOWN_ACTION")


def _require_die(die: object) -> None:
    _require_range(die, 0, BONUS_DIE, "die", "BAD_DIE")


def _require_tile(tile: object, optional: object = None) -> None:
    """A tile id, and a second one that may be absent (a discard)."""
    for value in (tile,) if optional is None else (tile, optional):
        _require_range(value, 0, TILE_COUNT - 1, "tile", "BAD_TILE")


def _require_range(value: object, low: int, high: int, name: str, reason: str) -> None:
    if not is_int(value) or not low <= value <= high:
        raise MalformedError(f"{name} must be {low}..{high}", reason=reason)


def _require_ascending(values: object, high: int, name: str, reason: str) -> None:
    if not isinstance(values, tuple):
        raise MalformedError(f"{name} must be a list", reason=reason)
    for value in values:
        _require_range(value, 1, high, name, reason)
    # One canonical spelling per shipment keeps decide and legal_actions in exact agreement.
    if list(values) != sorted(set(values)):
        raise MalformedError(f"list {name} once each, in ascending order", reason=reason)
