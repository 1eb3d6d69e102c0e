"""The Castles of Burgundy heuristic bot: it beats the random bot clearly in-process, and its
worth function prefers what the rules reward (region completion, animals in their pasture,
sales) and takes no tile it could never place."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.arena import ArenaPlan, run_arena, standings
from clients.heuristics import HEURISTICS
from clients.heuristics.burgundy import BurgundyHeuristic, seat_of, worth
from games.burgundy.actions import Action, PlaceTile, SellGoods, TakeTile, TakeWorkers
from games.burgundy.catalogue import SPACE_COUNT, START_SPACE, knowledge_tile
from games.burgundy.state import NO_GOODS, Player, State
from games.burgundy.views import view
from wire.burgundy import action_to_proto, view_to_proto

CASTLE, OTHER_CASTLE, WATCHTOWER = 4, 5, 89
THREE_COWS, OTHER_THREE_COWS, THREE_PIGS = 56, 57, 63
KNOWLEDGE_3, KNOWLEDGE_4, KNOWLEDGE_5 = (knowledge_tile(n) for n in (3, 4, 5))


def estate(tiles: Mapping[int, int]) -> tuple[int | None, ...]:
    """An estate with the start castle on its centre space and ``tiles`` (space → tile)."""
    laid = {START_SPACE: 0, **tiles}
    return tuple(laid.get(s) for s in range(1, SPACE_COUNT + 1))


def table(
    me: Player,
    depots: tuple[tuple[int, ...], ...] = ((),) * 6,
    used: tuple[bool, bool] = (False, False),
    phase: int = 1,
    round_: int = 1,
) -> pb.GetViewResponse:
    """Seat 0's view of a two-seat game (phase A, round 1 unless told), ``me`` in seat 0 and
    on turn, having used the dice ``used``."""
    other = Player(estate=estate({}))
    state = State("default", 2, (me, other), depots=depots, phase=phase, round=round_)
    wire = view_to_proto(view(replace(state, order=(0, 1), active=0, used=used), 0))
    return pb.GetViewResponse(
        seat=0, perspective=common_pb2.PERSPECTIVE_SEAT, view=pb.View(burgundy=wire)
    )


def value(answer: pb.GetViewResponse, action: Action) -> float:
    return worth(seat_of(answer.view.burgundy, 0), action_to_proto(action))


def chosen(answer: pb.GetViewResponse, actions: Sequence[Action]) -> Action:
    """What the bot picks among ``actions``, offered as the legal ones."""
    legal = [pb.LegalAction(action=pb.Action(burgundy=action_to_proto(a))) for a in actions]
    picked = BurgundyHeuristic(seed=1).choose(answer, legal)
    return actions[[option.action for option in legal].index(picked)]


def test_the_heuristic_bot_beats_the_random_bot_in_process() -> None:
    # 40 games, seats rotating: a bot no better than random would win 28 or more of them
    # less than once in a hundred runs, let alone 32.
    plan = ArenaPlan("burgundy", ("heuristic", "random"), 40, seed=11)
    rows = {row.entrant: row for row in standings(run_arena(plan), plan.entrants)}
    heuristic, random = rows["heuristic"], rows["random"]
    assert heuristic.games == random.games == 40
    assert heuristic.win_rate >= 0.8 and heuristic.interval[0] > 0.6, heuristic
    assert heuristic.average_score > random.average_score + 40
    assert HEURISTICS["burgundy"] is BurgundyHeuristic


def test_completing_a_region_is_worth_its_points_and_the_phase_bonus() -> None:
    # Knowledge region 3 is spaces 4, 8 and 13: 6 points for three spaces, 10 in phase A.
    two_laid = Player(estate=estate({13: KNOWLEDGE_3, 8: KNOWLEDGE_4}), storage=(KNOWLEDGE_5,))
    one_laid = Player(estate=estate({13: KNOWLEDGE_3}), storage=(KNOWLEDGE_5,))
    completing = value(table(two_laid), PlaceTile(2, KNOWLEDGE_5, 4))
    starting = value(table(one_laid), PlaceTile(2, KNOWLEDGE_5, 8))
    assert completing >= 16 and completing > starting + 10


def test_an_animal_goes_where_its_kind_already_grazes() -> None:
    # Pasture region 1 holds three cows on space 11: a second cow tile scores all six cows.
    me = Player(
        estate=estate({12: WATCHTOWER, 11: THREE_COWS}),
        storage=(OTHER_THREE_COWS, THREE_PIGS),
        dice=(5, 5),
    )
    cow, pig = PlaceTile(0, OTHER_THREE_COWS, 10), PlaceTile(0, THREE_PIGS, 10)
    assert value(table(me), cow) >= value(table(me), pig) + 3
    assert chosen(table(me), [pig, cow, TakeWorkers(0)]) == cow


def test_a_tile_is_taken_only_while_there_is_a_turn_left_to_place_it() -> None:
    me = Player(estate=estate({}), dice=(1, 1), workers=2)
    depots = ((CASTLE, OTHER_CASTLE), (), (), (), (), ())
    options: list[Action] = [TakeTile(1, CASTLE), TakeWorkers(1)]
    early = table(me, depots=depots, used=(True, False))
    last = table(me, depots=depots, used=(True, False), phase=5, round_=5)
    assert chosen(early, options) == TakeTile(1, CASTLE)
    assert chosen(last, options) == TakeWorkers(1)
    assert value(last, TakeTile(1, CASTLE)) <= 0


def test_selling_goods_beats_taking_workers() -> None:
    goods = tuple(3 if kind == 2 else n for kind, n in enumerate(NO_GOODS, start=1))
    me = Player(estate=estate({}), goods=goods, dice=(2, 6))
    assert chosen(table(me), [TakeWorkers(0), SellGoods(0, 2)]) == SellGoods(0, 2)
