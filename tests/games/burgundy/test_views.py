"""docs/architecture.md §4 "view hides secrets": the face-down piles of hex tiles (the tile bag),
the face-down goods stacks and the boxed goods never appear in any seat's view or the public view,
nor in a description; everything on the table is open."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import replace

from games.burgundy import RULES, describe, full_view, view
from games.burgundy.actions import (
    ACTION_TYPES,
    BONUS_DIE,
    BuyTile,
    PlaceTile,
    SellGoods,
    ShipGoods,
    TakeTile,
    TakeWorkers,
)
from games.burgundy.catalogue import Building, Colour, Effect
from games.burgundy.describe import describe_action
from games.burgundy.events import (
    AnimalsScored,
    BuildingRewarded,
    Event,
    GoodsShuffled,
    GoodsSold,
    PhaseBegan,
    TilePlaced,
    TilesShuffled,
    TileTaken,
    WorkersTaken,
)
from games.burgundy.evolve import evolve
from games.burgundy.state import State
from games.burgundy.views import TileView
from games.core.jsonable import to_json
from games.core.rules import describe as describe_line

from .builders import (
    building,
    castle,
    depots,
    knowledge,
    pending,
    player,
    ship,
    table,
    with_player,
)
from .randomplay import keen_chooser, opened, play


def mid_game() -> State:
    steps = list(play(3, 21, keen_chooser(21)))
    halfway: State = steps[len(steps) // 2].after
    return halfway


def scrambled(state: State) -> State:
    """The same table with every face-down thing in another order and the secret goods
    swapped for other kinds."""
    piles = tuple(tuple(reversed(p)) for p in state.piles)
    stacks = tuple(tuple(7 - k for k in s) for s in state.goods_stacks)
    boxed = tuple(7 - k for k in state.boxed_goods)
    return replace(state, piles=piles, goods_stacks=stacks, boxed_goods=boxed)


def test_no_view_changes_when_the_face_down_piles_and_stacks_change() -> None:
    for state in (opened(4, 3)[2], mid_game()):
        other = scrambled(state)
        assert other != state
        for seat in (None, *range(state.seats)):
            assert view(state, seat) == view(other, seat)
        assert full_view(state) == full_view(other)


def test_views_show_only_the_sizes_of_the_face_down_things() -> None:
    state = opened(2, 3)[2]
    seen = view(state, 0)
    assert seen.pile_sizes == tuple(len(p) for p in state.piles)
    assert seen.goods_stack_sizes == (0, 5, 5, 5, 5)
    text = json.dumps(to_json(seen))
    assert "boxed" not in text and "piles" not in text


def test_the_open_table_is_in_every_view() -> None:
    state = mid_game()
    seen = view(state, None)
    assert seen.viewer is None and seen.active_seat == state.active
    assert [d.goods for d in seen.depots] == list(state.depot_goods)
    assert [[t.id for t in d.tiles] for d in seen.depots] == [list(d) for d in state.depots]
    for p, shown in zip(state.players, seen.players, strict=True):
        assert [t.id for t in shown.storage] == list(p.storage)
        assert {s.space: s.tile.id for s in shown.estate} == {
            i: t for i, t in enumerate(p.estate, start=1) if t is not None
        }
        assert (shown.silverlings, shown.workers, shown.points) == (
            p.silverlings,
            p.workers,
            p.points,
        )
        assert shown.dice == p.dice and shown.goods == p.goods
    assert view(state, 1).viewer == 1


def test_a_tile_view_describes_its_face() -> None:
    state = replace(opened(2, 3)[2], black_depot=(building(Building.CHURCH),))
    church = view(state, 0).black_depot[0]
    assert (church.colour, church.building, church.black) == (
        Colour.BUILDING,
        Building.CHURCH,
        False,
    )


def test_describing_the_shuffles_names_no_tile_or_goods() -> None:
    piles = TilesShuffled(((3, 4), (5,), (), (), (), (), (6,)))
    assert (
        describe(piles, "default")
        == "The hex tiles were shuffled into seven face-down piles (2, 1, 0, 0, 0, 0, 1)"
    )
    goods = GoodsShuffled(((1, 2, 3, 4, 5),) * 5, (6, 6))
    assert describe(goods, "default") == "The goods were shuffled face down: 5 phase stacks of five"


def test_counts_in_descriptions_are_singular_for_one() -> None:
    assert describe(AnimalsScored(0, 12, 1, 1, 1), "default") == (
        "Seat 0's animals on space 12 scored 1 point (1 animal on 1 tile)"
    )
    assert describe(AnimalsScored(1, 7, 2, 5, 10), "default") == (
        "Seat 1's animals on space 7 scored 10 points (5 animals on 2 tiles)"
    )
    assert describe(BuildingRewarded(0, Building.WATCHTOWER, 4, 0, 1), "default") == (
        "Seat 0's watchtower gave 4 points, 1 worker"
    )
    assert describe(PhaseBegan(2, (7,)), "default") == "Phase B began; 1 tile left the board"
    assert describe(PhaseBegan(3, (7, 8)), "default") == "Phase C began; 2 tiles left the board"


def with_other_secrets(event: Event) -> Event | None:
    """``event`` with its face-down contents in another order and its secret goods of other
    kinds, for the events that carry secrets; None for the others."""
    if isinstance(event, TilesShuffled):
        return TilesShuffled(tuple(tuple(reversed(pile)) for pile in event.piles))
    if isinstance(event, GoodsShuffled):
        stacks = tuple(tuple(7 - kind for kind in stack) for stack in event.stacks)
        return GoodsShuffled(stacks, tuple(7 - kind for kind in event.boxed))
    return None


def test_every_event_of_a_game_has_a_one_line_description_without_secrets() -> None:
    _created, opening, _state = opened(3, 4)
    events = [*opening, *(e for step in play(3, 4, keen_chooser(4)) for e in step.events)]
    secrets = 0
    for event in events:
        line = describe(event, "default")
        assert line and "\n" not in line and line != type(event).__name__, event
        other = with_other_secrets(event)
        if other is not None:  # the description reads the same whatever the secret holds
            assert other != event and describe(other, "default") == line, line
            secrets += 1
    assert secrets == 2, "the tiles and the goods were shuffled"
    assert RULES.describe is describe


def test_actions_have_a_description() -> None:
    state = table(player(storage=(ship(),)))
    assert (
        describe_action(state, TakeTile(0, ship(), castle()))
        == "take the ship with the first die, discarding a castle"
    )
    assert describe_action(state, PlaceTile(2, knowledge(8), 13)) == (
        "place the knowledge 8 on space 13 with no die"  # refused: no effect grants it
    )
    assert describe_action(state, SellGoods(1, 4)) == "sell goods 4 with the second die"
    assert describe_action(state, TakeWorkers(1)) == "take 2 workers with the second die"
    assert describe_action(state, BuyTile(castle())) == "buy the castle"
    assert describe_action(state, ShipGoods((1, 6), (2, 5))) == "ship goods 2/5 from depot 1/6"
    assert len(ACTION_TYPES) == 8
    assert Effect.CITY_HALL.value == "city_hall"


def test_an_action_that_turns_a_die_names_the_workers_it_spends() -> None:
    """Seed: a worker shifts a die by one, 6 and 1 being neighbours; the seat sees the cost
    before it chooses."""
    state = table(
        player(dice=(2, 6), workers=3, goods={1: 2}), depots=depots(d1=[ship()], d3=[castle()])
    )
    assert describe_action(state, TakeTile(0, castle())) == (
        "take the castle from depot 3 with the first die, spending 1 worker"
    )
    assert describe_action(state, TakeTile(1, ship())) == (
        "take the ship from depot 1 with the second die, spending 1 worker"
    )
    assert describe_action(state, SellGoods(0, 1)) == (
        "sell 2 goods 1 with the first die for 1 silverling and 4 points, spending 1 worker"
    )
    assert describe_action(state, TakeTile(1, castle())) == (
        "take the castle from depot 3 with the second die, spending 3 workers"
    )
    poorer = with_player(state, 0, workers=2)
    assert describe_action(poorer, TakeTile(1, castle())) == (
        "take the castle from depot 3 with the second die"  # refused now: no cost to name
    )


def tile_ids_in(value: object) -> Iterator[int]:
    """Every tile a view shows, wherever it is."""
    if isinstance(value, TileView):
        yield value.id
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from tile_ids_in(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from tile_ids_in(item)


def test_no_view_shows_a_tile_still_in_a_pile() -> None:
    for step in list(play(4, 8, keen_chooser(8)))[::25]:
        face_down = {t for pile in step.after.piles for t in pile}
        for seat in (None, 0, 3):
            assert not set(tile_ids_in(view(step.after, seat))) & face_down


def test_a_die_less_action_s_line_names_the_castle_or_building_that_granted_it() -> None:
    """Only a castle gives an "extra action" (seed); the warehouse, carpenter's workshop,
    church, market and city hall give their own advantage. Every such line said "(extra
    action)"; it names the effect on top of the stack in the state the event was applied to,
    and only the event's own words where that state is not given (a submitted action's
    answer)."""
    stored = table(player(storage=(building(Building.CHURCH),), goods={4: 2}))

    def line(event: Event, effect: Effect) -> str:
        before = pending(stored, effect)
        return describe_line(RULES, event, "default", evolve(before, event), before=before)

    assert line(TileTaken(0, BONUS_DIE, 0, ship(), 3, None), Effect.MARKET) == (
        "Seat 0 took a ship from depot 3 (with the market)"
    )
    sold = GoodsSold(0, BONUS_DIE, 0, 4, 2, 1, 6, 0)
    assert line(sold, Effect.WAREHOUSE) == (
        "Seat 0 sold 2 goods 4 (with the warehouse): 1 silverling and 6 points"
    )
    church = TilePlaced(0, BONUS_DIE, 0, building(Building.CHURCH), 10)
    assert line(church, Effect.CITY_HALL) == (
        "Seat 0 placed a church on space 10 (with the city hall)"
    )
    assert line(WorkersTaken(0, BONUS_DIE, 2, 0), Effect.CASTLE) == (
        "Seat 0 took 2 workers (with the castle's extra action)"
    )
    assert line(TileTaken(0, 0, 1, ship(), 3, None), Effect.MARKET) == (
        "Seat 0 took a ship from depot 3 (first die, 1 worker)"  # a die's words stay
    )
    assert describe(TileTaken(0, BONUS_DIE, 0, ship(), 3, None), "default") == (
        "Seat 0 took a ship from depot 3 (no die)"
    )
