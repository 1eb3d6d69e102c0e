"""``evolve(state, event) -> state``: apply one recorded fact (docs/architecture.md §4, evolve
applies).

Total and dumb: no validation, no chance, no scoring; every outcome is read from the event.
"""

from __future__ import annotations

from typing import assert_never

from games.burgundy.actions import BONUS_DIE
from games.burgundy.catalogue import BLACK_DEPOT, COLOURS, DEPOTS, START_SPACE
from games.burgundy.events import (
    AnimalsScored,
    BuildingRewarded,
    ColourBonusTaken,
    DepotsRefilled,
    DiceRolled,
    EffectDeclined,
    EffectLost,
    EffectPending,
    Event,
    FinalScored,
    GameEnded,
    GoodsDelivered,
    GoodsShipped,
    GoodsShuffled,
    GoodsSold,
    MinesPaid,
    PhaseBegan,
    PlayerSetUp,
    RegionCompleted,
    RoundBegan,
    RoundGoodsLaid,
    StartPlayerChosen,
    TileBought,
    TilePlaced,
    TilesShuffled,
    TileTaken,
    TurnBegan,
    TurnEnded,
    TurnOrderAdvanced,
    WorkersTaken,
)
from games.burgundy.state import NO_GOODS, State, changed, player_at, with_player, without
from games.core.frozen import replace


def evolve(state: State, event: Event) -> State:
    """The state after ``event``."""
    match event:
        case TilesShuffled() | GoodsShuffled() | StartPlayerChosen() | PlayerSetUp():
            return _setup(state, event)
        case PhaseBegan() | DepotsRefilled() | RoundGoodsLaid() | RoundBegan():
            return _phase(state, event)
        case DiceRolled() | GoodsDelivered() | TurnBegan() | TurnEnded() | MinesPaid():
            return _round(state, event)
        case TileTaken() | TileBought() | TilePlaced() | GoodsSold() | WorkersTaken():
            return _action(state, event)
        case EffectPending() | EffectDeclined() | EffectLost() | GoodsShipped():
            return _effect(state, event)
        case TurnOrderAdvanced() | AnimalsScored() | BuildingRewarded():
            return _reward(state, event)
        case RegionCompleted() | ColourBonusTaken() | FinalScored() | GameEnded():
            return _scoring(state, event)
        case _:
            assert_never(event)


def _setup(
    state: State, event: TilesShuffled | GoodsShuffled | StartPlayerChosen | PlayerSetUp
) -> State:
    match event:
        case TilesShuffled(piles):
            return replace(state, piles=piles)
        case GoodsShuffled(stacks, boxed):
            return replace(state, goods_stacks=stacks, boxed_goods=boxed)
        case StartPlayerChosen(_, order):
            for index, seat in enumerate(order):
                # The start player's piece is on top of the one stack (data §2.6).
                height = len(order) - 1 - index
                state = _set_fields(state, seat, position=0, height=height)
            return replace(state, order=order)
        case PlayerSetUp(seat, castle, silverlings, workers, goods):
            player = player_at(state, seat)
            estate = tuple(
                castle if i == START_SPACE - 1 else t for i, t in enumerate(player.estate)
            )
            counts = NO_GOODS
            for kind in goods:
                counts = changed(counts, kind, 1)
            placed = replace(
                player, estate=estate, silverlings=silverlings, workers=workers, goods=counts
            )
            return with_player(state, seat, placed)
        case _:
            assert_never(event)


def _phase(state: State, event: PhaseBegan | DepotsRefilled | RoundGoodsLaid | RoundBegan) -> State:
    match event:
        case PhaseBegan(phase, _):
            return replace(state, phase=phase, round=0, depots=((),) * DEPOTS, black_depot=())
        case DepotsRefilled(depots, black):
            drawn = {t for d in depots for t in d} | set(black)
            piles = tuple(tuple(t for t in pile if t not in drawn) for pile in state.piles)
            return replace(state, depots=depots, black_depot=black, piles=piles)
        case RoundGoodsLaid(phase, goods):
            stacks = tuple(() if i == phase - 1 else s for i, s in enumerate(state.goods_stacks))
            return replace(state, round_goods=goods, goods_stacks=stacks)
        case RoundBegan(_, number, order):
            return replace(state, round=number, order=order)
        case _:
            assert_never(event)


def _round(
    state: State, event: DiceRolled | GoodsDelivered | TurnBegan | TurnEnded | MinesPaid
) -> State:
    match event:
        case DiceRolled(dice, white):
            for seat, pair in enumerate(dice):
                state = _set_fields(state, seat, dice=pair)
            return replace(state, white=white)
        case GoodsDelivered(depot, kind):
            goods = tuple(
                changed(g, kind, 1) if d == depot else g
                for d, g in enumerate(state.depot_goods, start=1)
            )
            return replace(state, depot_goods=goods, round_goods=state.round_goods[1:])
        case TurnBegan(seat):
            return replace(
                state,
                active=seat,
                turn=state.turn + 1,
                used=(False, False),
                bought=False,
                pending=(),
            )
        case TurnEnded():
            return state
        case MinesPaid(seat, _, silverlings, workers):
            return _add_amounts(state, seat, silverlings=silverlings, workers=workers)
        case _:
            assert_never(event)


def _action(
    state: State, event: TileTaken | TileBought | TilePlaced | GoodsSold | WorkersTaken
) -> State:
    match event:
        case TileTaken(seat, die, workers, tile, depot, discarded):
            state = _from_depot(state, tile, depot)
            state = _to_storage(state, seat, tile, discarded)
            return _use_die(_add_amounts(state, seat, workers=-workers), die)
        case TileBought(seat, tile, depot, silverlings, discarded):
            state = _from_depot(state, tile, depot)
            state = _to_storage(state, seat, tile, discarded)
            return replace(_add_amounts(state, seat, silverlings=-silverlings), bought=True)
        case TilePlaced(seat, die, workers, tile, space):
            player = player_at(state, seat)
            estate = tuple(tile if i == space - 1 else t for i, t in enumerate(player.estate))
            placed = replace(player, estate=estate, storage=without(player.storage, tile))
            state = with_player(state, seat, placed)
            return _use_die(_add_amounts(state, seat, workers=-workers), die)
        case GoodsSold(seat, die, workers, kind, count, silverlings, points, gained):
            player = player_at(state, seat)
            goods, sold = changed(player.goods, kind, -count), changed(player.sold, kind, count)
            state = with_player(state, seat, replace(player, goods=goods, sold=sold))
            state = _add_amounts(state, seat, silverlings, gained - workers, points)
            return _use_die(state, die)
        case WorkersTaken(seat, die, workers, silverlings):
            return _use_die(_add_amounts(state, seat, silverlings, workers), die)
        case _:
            assert_never(event)


def _effect(
    state: State, event: EffectPending | EffectDeclined | EffectLost | GoodsShipped
) -> State:
    match event:
        case EffectPending(_, effect):
            return replace(state, pending=(*state.pending, effect))
        case EffectDeclined() | EffectLost():
            return replace(state, pending=state.pending[:-1])
        case GoodsShipped(seat, depots, kinds, taken):
            depot_goods = tuple(
                tuple(0 if d in depots and k in kinds else n for k, n in enumerate(g, start=1))
                for d, g in enumerate(state.depot_goods, start=1)
            )
            player = player_at(state, seat)
            goods = tuple(a + b for a, b in zip(player.goods, taken, strict=True))
            state = with_player(state, seat, replace(player, goods=goods))
            return replace(state, depot_goods=depot_goods, pending=state.pending[:-1])
        case _:
            assert_never(event)


def _reward(state: State, event: TurnOrderAdvanced | AnimalsScored | BuildingRewarded) -> State:
    match event:
        case TurnOrderAdvanced(seat, position, height):
            return _set_fields(state, seat, position=position, height=height)
        case AnimalsScored(seat, _, _, _, points):
            return _add_amounts(state, seat, points=points)
        case BuildingRewarded(seat, _, points, silverlings, workers):
            return _add_amounts(state, seat, silverlings, workers, points)
        case _:
            assert_never(event)


def _scoring(
    state: State, event: RegionCompleted | ColourBonusTaken | FinalScored | GameEnded
) -> State:
    match event:
        case RegionCompleted(seat, _, points, bonus):
            return _add_amounts(state, seat, points=points + bonus)
        case ColourBonusTaken(seat, colour, large, points):
            player = player_at(state, seat)
            state = _set_fields(state, seat, bonuses=(*player.bonuses, (colour, large)))
            index = COLOURS.index(colour)
            taken = tuple(n + 1 if i == index else n for i, n in enumerate(state.bonus_taken))
            return replace(_add_amounts(state, seat, points=points), bonus_taken=taken)
        case FinalScored():
            return state
        case GameEnded(scores, places):
            return replace(state, finished=True, scores=scores, places=places)
        case _:
            assert_never(event)


def _set_fields(state: State, seat: int, **changes: object) -> State:
    """The state with the seat's player's fields set to ``changes``."""
    return with_player(state, seat, replace(player_at(state, seat), **changes))


def _add_amounts(
    state: State, seat: int, silverlings: int = 0, workers: int = 0, points: int = 0
) -> State:
    """The state with the amounts added to the seat's player (a negative amount is spent)."""
    player = player_at(state, seat)
    gained = replace(
        player,
        silverlings=player.silverlings + silverlings,
        workers=player.workers + workers,
        points=player.points + points,
    )
    return with_player(state, seat, gained)


def _use_die(state: State, die: int) -> State:
    """A seat's die is spent; a bonus action (die 2) resolves the effect that granted it."""
    if die == BONUS_DIE:
        return replace(state, pending=state.pending[:-1])
    used = tuple(True if i == die else u for i, u in enumerate(state.used))
    return replace(state, used=(used[0], used[1]))


def _from_depot(state: State, tile: int, depot: int) -> State:
    if depot == BLACK_DEPOT:
        return replace(state, black_depot=without(state.black_depot, tile))
    depots = tuple(without(d, tile) if n == depot else d for n, d in enumerate(state.depots, 1))
    return replace(state, depots=depots)


def _to_storage(state: State, seat: int, tile: int, discarded: int | None) -> State:
    player = player_at(state, seat)
    storage = (*without(player.storage, discarded), tile)
    return with_player(state, seat, replace(player, storage=storage))
