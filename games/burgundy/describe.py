"""One readable English line per event (docs/architecture.md §4); the actions are described
in ``options.py``.

The only secrets are the order of the face-down piles and goods stacks; the shuffle events
are described by their sizes alone, never by what they hold.
"""

from __future__ import annotations

from games.burgundy.actions import BONUS_DIE
from games.burgundy.catalogue import BLACK_DEPOT, REGIONS, Effect, phase_letter, space, tile_name
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
from games.burgundy.options import NO_DIE, describe_action, granting, which
from games.burgundy.state import State
from games.burgundy.turns import track_space
from games.core.wording import counted

__all__ = ["describe", "describe_action", "describe_in"]


def describe(event: Event, ruleset: str) -> str:
    """One line for ``event``, revealing nothing a view would hide; it reads the same under
    every ``ruleset``. An action without a die says only that (``NO_DIE``): what granted it
    is in the state before it (``describe_in``)."""
    return described(event, None)


def describe_in(before: State, event: Event, ruleset: str) -> str:
    """``describe`` given the state ``event`` was applied to, whose top waiting effect is
    what granted an action without a die: "Seat 0 took a ship from depot 3 (with the
    market)", "(with the castle's extra action)" (seed: only a castle gives an extra action;
    a building gives its own advantage, no die needed)."""
    return described(event, granting(before))


def described(event: Event, granted: Effect | None) -> str:
    """One line for ``event``, an action without a die naming ``granted`` where given."""
    match event:
        case TilesShuffled(piles):
            return f"The hex tiles were shuffled into seven face-down piles ({_sizes(piles)})"
        case GoodsShuffled(stacks, _):
            return f"The goods were shuffled face down: {len(stacks)} phase stacks of five"
        case StartPlayerChosen(seat, order):
            return f"Seat {seat} starts; turn order {_seats(order)}"
        case PlayerSetUp(seat, _, silverlings, workers, goods):
            return (
                f"Seat {seat} set up with its start castle, {counted(silverlings, 'silverling')}, "
                f"{counted(workers, 'worker')} and goods {_kinds(goods)}"
            )
        case PhaseBegan(phase, cleared):
            return (
                f"Phase {phase_letter(phase)} began; {counted(len(cleared), 'tile')} left the board"
            )
        case DepotsRefilled(depots, black):
            laid = "; ".join(f"depot {n}: {_tiles(d)}" for n, d in enumerate(depots, start=1))
            return f"The depots were filled ({laid}; black depot: {_tiles(black)})"
        case RoundGoodsLaid(phase, goods):
            return f"Phase {phase_letter(phase)}'s goods were laid out: {_kinds(goods)}"
        case RoundBegan(phase, number, order):
            return f"Phase {phase_letter(phase)}, round {number}: turn order {_seats(order)}"
        case DiceRolled(dice, white):
            rolled = ", ".join(f"seat {s} {a} and {b}" for s, (a, b) in enumerate(dice))
            return f"Dice rolled: {rolled}; white die {white}"
        case _:
            return _describe_round(event, granted)


def _describe_round(event: Event, granted: Effect | None) -> str:
    match event:
        case GoodsDelivered(depot, kind):
            return f"Goods {kind} went to depot {depot}"
        case TurnBegan(seat):
            return f"Seat {seat}'s turn began"
        case TurnEnded(seat):
            return f"Seat {seat}'s turn ended"
        case MinesPaid(seat, mines, silverlings, workers):
            extra = f" and {counted(workers, 'worker')}" if workers else ""
            paid = counted(silverlings, "silverling")
            return f"Seat {seat}'s {counted(mines, 'mine')} paid {paid}{extra}"
        case _:
            return _describe_turn(event, granted)


def _describe_turn(event: Event, granted: Effect | None) -> str:
    match event:
        case TileTaken(seat, die, workers, t, depot, discarded):
            return (
                f"Seat {seat} took a {tile_name(t)} from depot {depot}"
                f"{_die(die, workers, granted)}{_discard(discarded)}"
            )
        case TileBought(seat, t, depot, silverlings, discarded):
            where = "the black depot" if depot == BLACK_DEPOT else f"depot {depot}"
            return (
                f"Seat {seat} bought a {tile_name(t)} from {where} for "
                f"{counted(silverlings, 'silverling')}{_discard(discarded)}"
            )
        case TilePlaced(seat, die, workers, t, space):
            used = _die(die, workers, granted)
            return f"Seat {seat} placed a {tile_name(t)} on space {space}{used}"
        case GoodsSold(seat, die, workers, kind, count, silverlings, points, gained):
            extra = f", {counted(gained, 'worker')}" if gained else ""
            return (
                f"Seat {seat} sold {count} goods {kind}{_die(die, workers, granted)}: "
                f"{counted(silverlings, 'silverling')}{extra} and {counted(points, 'point')}"
            )
        case WorkersTaken(seat, die, workers, silverlings):
            extra = f" and {silverlings} silverling" if silverlings else ""
            used = _die(die, 0, granted)
            return f"Seat {seat} took {counted(workers, 'worker')}{extra}{used}"
        case _:
            return _describe_effect(event)


def _describe_effect(event: Event) -> str:
    match event:
        case EffectPending(seat, effect):
            return f"Seat {seat}'s {effect.value.replace('_', ' ')} takes effect"
        case EffectDeclined(seat, effect):
            return f"Seat {seat} declined the {effect.value.replace('_', ' ')}'s effect"
        case EffectLost(seat, effect):
            return f"Seat {seat}'s {effect.value.replace('_', ' ')} had nothing to act on"
        case GoodsShipped(seat, depots, _, taken):
            took = ", ".join(f"{n} goods {k}" for k, n in enumerate(taken, start=1) if n)
            return f"Seat {seat}'s ship took {took or 'nothing'} from depot {_seats(depots)}"
        case TurnOrderAdvanced(seat, position, height):
            # The space counts from 1, as the board does; the height from 0, the bottom of a
            # stack, so it is said in words: the piece on top plays first (data §2.6).
            moved = f"Seat {seat} moved to turn-order space {track_space(position)}"
            return moved + (", on top of the pieces there" if height else "")
        case AnimalsScored(seat, space, tiles, animals, points):
            return (
                f"Seat {seat}'s animals on space {space} scored {counted(points, 'point')} "
                f"({counted(animals, 'animal')} on {counted(tiles, 'tile')})"
            )
        case BuildingRewarded(seat, building, points, silverlings, workers):
            gains = {"point": points, "silverling": silverlings, "worker": workers}
            paid = ", ".join(counted(n, name) for name, n in gains.items() if n)
            return f"Seat {seat}'s {building.value.replace('_', ' ')} gave {paid}"
        case _:
            return _describe_scoring(event)


def _describe_scoring(event: Event) -> str:
    match event:
        case RegionCompleted(seat, region, points, bonus):
            return (
                f"Seat {seat} completed region {region} ({_region(region)}): "
                f"{points} + {bonus} phase bonus"
            )
        case ColourBonusTaken(seat, colour, large, points):
            size = "large" if large else "small"
            return f"Seat {seat} took the {size} {colour.value} bonus tile: {points} points"
        case FinalScored(seat, goods, silverlings, workers, knowledge, total):
            yellow = sum(points for _, points in knowledge)
            return (
                f"Seat {seat} scored {goods} for goods, {silverlings} for silverlings, "
                f"{workers} for workers, {yellow} for knowledge: {total} in all"
            )
        case GameEnded(scores, places):
            ranked = ", ".join(
                f"seat {s} {score} (place {p})"
                for s, (score, p) in enumerate(zip(scores, places, strict=True))
            )
            return f"The game ended: {ranked}"
        case _:
            return type(event).__name__


def _die(die: int, workers: int, granted: Effect | None) -> str:
    """`` (first die, 1 worker)``, or what granted an action without a die: `` (with the
    market)``, `` (no die)`` where that is not known."""
    if die == BONUS_DIE:
        named = which(die, granted)
        return f" ({named})" if named == NO_DIE else f" (with {named})"
    numbered = "first" if die == 0 else "second"
    spent = f", {counted(workers, 'worker')}" if workers else ""
    return f" ({numbered} die{spent})"


def _discard(discarded: int | None, verb: str = "discarded") -> str:
    return "" if discarded is None else f", {verb} a {tile_name(discarded)}"


def _tiles(tiles: tuple[int, ...]) -> str:
    return ", ".join(tile_name(t) for t in tiles) or "empty"


def _kinds(goods: tuple[int, ...]) -> str:
    return ", ".join(str(k) for k in goods) or "none"


def _seats(seats: tuple[int, ...]) -> str:
    return "/".join(str(s) for s in seats)


def _region(region: int) -> str:
    """``ship, spaces 20-22``: a region's colour and spaces, as the estate board shows them."""
    spaces = REGIONS[region]
    where = f"space {spaces[0]}" if len(spaces) == 1 else f"spaces {_listed(spaces)}"
    return f"{space(spaces[0]).colour.value}, {where}"


def _listed(spaces: tuple[int, ...]) -> str:
    consecutive = list(spaces) == list(range(spaces[0], spaces[-1] + 1))
    return f"{spaces[0]}-{spaces[-1]}" if consecutive else ", ".join(str(s) for s in spaces)


def _sizes(piles: tuple[tuple[int, ...], ...]) -> str:
    return ", ".join(str(len(p)) for p in piles)
