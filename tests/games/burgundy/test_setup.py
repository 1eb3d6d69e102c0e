"""Seed: setup; data §4.1, §4.2: the opening shuffles, deals and starts phase A."""

from __future__ import annotations

from collections import Counter

import pytest

from games.burgundy import RULES
from games.burgundy.actions import TakeWorkers
from games.burgundy.catalogue import COLOURS, START_CASTLES, START_SPACE, TILES, Colour, tile
from games.burgundy.errors import NotStartedError
from games.burgundy.events import (
    DepotsRefilled,
    DiceRolled,
    GoodsDelivered,
    GoodsShuffled,
    PhaseBegan,
    PlayerSetUp,
    RoundBegan,
    RoundGoodsLaid,
    StartPlayerChosen,
    TilesShuffled,
    TurnBegan,
)
from games.burgundy.state import State, turn_order
from games.core import GameCreated, MalformedError, ScriptedChance

from .randomplay import opened


def first(events: tuple[object, ...], kind: type) -> object:
    return next(e for e in events if isinstance(e, kind))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_seat_gets_its_castle_one_silverling_and_three_goods(seats: int) -> None:
    _, events, state = opened(seats, 3)
    for seat, p in enumerate(state.players):
        assert p.estate[START_SPACE - 1] == START_CASTLES[seat]
        assert sum(t is not None for t in p.estate) == 1
        assert p.silverlings == 1 and sum(p.goods) == 3 and p.points == 0
    setups = [e for e in events if isinstance(e, PlayerSetUp)]
    assert [s.seat for s in setups] == list(range(seats))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_workers_follow_the_starting_order_and_the_start_player_is_on_top(seats: int) -> None:
    _, events, state = opened(seats, 8)
    chosen = first(events, StartPlayerChosen)
    assert isinstance(chosen, StartPlayerChosen)
    assert chosen.order[0] == chosen.seat
    assert chosen.order == tuple((chosen.seat + i) % seats for i in range(seats))
    for place, seat in enumerate(chosen.order):
        assert state.players[seat].workers == place + 1
        assert state.players[seat].position == 0
    assert turn_order(state) == chosen.order


def test_the_start_player_is_drawn_by_chance() -> None:
    created = GameCreated("burgundy", "g", 1, "default", 3, "c")
    rolls = [2] + [1] * 7  # the start-player roll, then three seats' dice and the white die
    events = RULES.opening(RULES.start(created), ScriptedChance(rolls))
    chosen = first(events, StartPlayerChosen)
    assert chosen == StartPlayerChosen(1, (1, 2, 0))
    # Seed: "that player takes one worker, the next clockwise takes two, then three": by
    # place in the starting order, not by seat.
    workers = {e.seat: e.workers for e in events if isinstance(e, PlayerSetUp)}
    assert workers == {1: 1, 2: 2, 0: 3}


def test_the_piles_are_sorted_by_back_colour_without_the_start_castles() -> None:
    _, events, _ = opened(4, 1)
    piles = first(events, TilesShuffled)
    assert isinstance(piles, TilesShuffled)
    for index, pile in enumerate(piles.piles[:6]):
        assert all(tile(t).colour is COLOURS[index] and not tile(t).black for t in pile)
    assert all(tile(t).black for t in piles.piles[6])
    everything = [t for pile in piles.piles for t in pile]
    assert sorted(everything) == [t.id for t in TILES if t.id not in START_CASTLES]


@pytest.mark.parametrize("seats", [2, 3])
def test_the_start_castles_of_absent_seats_stay_out_of_the_castle_pile(seats: int) -> None:
    _, events, _ = opened(seats, 1)
    piles = first(events, TilesShuffled)
    assert isinstance(piles, TilesShuffled)
    castles = piles.piles[COLOURS.index(tile(START_CASTLES[0]).colour)]
    assert not set(castles) & set(START_CASTLES)
    assert len(castles) == 10  # of the 14 castles, the 4 start castles are set apart


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_goods_are_five_stacks_of_five_three_per_seat_and_the_rest_boxed(seats: int) -> None:
    _, events, _ = opened(seats, 2)
    shuffled = first(events, GoodsShuffled)
    assert isinstance(shuffled, GoodsShuffled)
    assert [len(s) for s in shuffled.stacks] == [5] * 5
    assert len(shuffled.boxed) == 42 - 25 - 3 * seats
    dealt = [k for e in events if isinstance(e, PlayerSetUp) for k in e.goods]
    everything = Counter([*(k for s in shuffled.stacks for k in s), *shuffled.boxed, *dealt])
    assert everything == dict.fromkeys(range(1, 7), 7)


@pytest.mark.parametrize(
    ("seats", "ruleset", "black"),
    [(2, "published", 4), (3, "published", 6), (4, "published", 8), (2, "default", 2),
     (3, "default", 6), (4, "default", 8)],
)  # fmt: skip
def test_phase_a_fills_the_depots_and_the_black_depot(seats: int, ruleset: str, black: int) -> None:
    """Seed: "Refill the black depot in the middle with black backed tiles, two to eight
    depending on player count" (no 3-player number, so the default takes the published 6,
    docs/architecture.md §4); data §2.2: 4 / 6 / 8 in the published game."""
    _, events, state = opened(seats, 5, ruleset)
    assert first(events, PhaseBegan) == PhaseBegan(1, ())
    refill = first(events, DepotsRefilled)
    assert isinstance(refill, DepotsRefilled)
    assert sum(len(d) for d in refill.depots) == 6 * seats
    assert len(refill.black) == black and all(tile(t).black for t in refill.black)
    assert all(not tile(t).black for d in refill.depots for t in d)
    assert state.depots == refill.depots
    assert sum(len(p) for p in state.piles) == 160 - 6 * seats - black


def test_depot_tiles_match_their_slot_colours() -> None:
    _, events, _ = opened(4, 6)
    refill = first(events, DepotsRefilled)
    assert isinstance(refill, DepotsRefilled)
    assert [tile(t).colour for t in refill.depots[0]] == [
        Colour.KNOWLEDGE,
        Colour.BUILDING,
        Colour.SHIP,
        Colour.PASTURE,
    ]


def test_the_first_round_lays_goods_rolls_dice_and_delivers_the_top_goods_tile() -> None:
    _, events, state = opened(3, 4)
    laid = first(events, RoundGoodsLaid)
    rolled = first(events, DiceRolled)
    delivered = first(events, GoodsDelivered)
    assert isinstance(laid, RoundGoodsLaid) and isinstance(rolled, DiceRolled)
    assert delivered == GoodsDelivered(rolled.white, laid.goods[0])
    assert state.round_goods == laid.goods[1:]
    assert state.depot_goods[rolled.white - 1][laid.goods[0] - 1] == 1
    began = first(events, RoundBegan)
    assert isinstance(began, RoundBegan) and began.round == 1
    assert events[-1] == TurnBegan(began.order[0])
    assert [p.dice for p in state.players] == list(rolled.dice)
    assert state.goods_stacks[0] == ()


def test_unknown_rulesets_and_seat_counts_are_malformed() -> None:
    with pytest.raises(MalformedError):
        RULES.start(GameCreated("burgundy", "g", 1, "solo", 2, "c"))
    for seats in (1, 5):
        with pytest.raises(MalformedError):
            RULES.start(GameCreated("burgundy", "g", 1, "default", seats, "c"))
    assert RULES.rulesets == ("default", "published")


def test_no_seat_acts_before_the_opening() -> None:
    """decide refuses as legal_actions does: not even the first seat, whose dice a plain
    table already holds, may take workers before the game is set up."""
    state: State = RULES.start(GameCreated("burgundy", "g", 1, "default", 2, "c"))
    assert RULES.to_act(state) is None
    assert list(RULES.legal_actions(state, 0)) == []
    for seat in (0, 1):
        with pytest.raises(NotStartedError):
            RULES.decide(state, seat, TakeWorkers(0), ScriptedChance())
