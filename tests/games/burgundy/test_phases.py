"""Seed: five phases of five rounds; at the start of every phase the hex tiles left on the
board are cleared (goods stay) and the depots refilled; the white die places goods; turn
order from the track; mines pay at the end of every phase; final scoring and the tie-break
(data §2.6, §4.2, §4.3, §4.8, §4.10)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.burgundy import RULES, evolve
from games.burgundy.actions import EndTurn, Pass, PlaceTile, ShipGoods, TakeWorkers
from games.burgundy.catalogue import START_CASTLES, TILES, Colour, tile
from games.burgundy.events import (
    DepotsRefilled,
    DiceRolled,
    FinalScored,
    GameEnded,
    GoodsDelivered,
    MinesPaid,
    PhaseBegan,
    RoundBegan,
    RoundGoodsLaid,
    TurnBegan,
    TurnEnded,
)
from games.burgundy.phases import refill
from games.burgundy.state import Player, State
from games.core import GameOverError

from .builders import (
    castle,
    counts,
    depot_goods,
    depots,
    knowledge,
    mine,
    of_type,
    player,
    ship,
    step,
    table,
    with_player,
)
from .randomplay import opened


def last_turn(*players: Player, phase: int = 1, round: int = 5, **changes: object) -> State:
    """Seat 1 is about to end the last turn of a round (seat 0 went first)."""
    given = table(*players, phase=phase, round=round, order=(0, 1), active=1)
    return replace(given, used=(True, True), **changes)  # type: ignore[arg-type]


def test_the_next_seat_in_round_order_plays_next() -> None:
    given = table(player(), player(), player(), order=(2, 0, 1), active=0, used=(True, True))
    _, events = step(given, 0, EndTurn())
    assert events == (TurnEnded(0), TurnBegan(1))


def test_a_new_round_rolls_dice_and_the_white_die_delivers_the_top_goods_tile() -> None:
    given = last_turn(round=2, round_goods=(4, 1, 6))
    # Seat 0 roll, seat 1 roll, then the white die shows 5.
    state, events = step(given, 1, EndTurn(), rolls=[2, 3, 6, 6, 5])
    assert events[1:] == (
        RoundBegan(1, 3, (0, 1)),
        DiceRolled(((2, 3), (6, 6)), 5),
        GoodsDelivered(5, 4),
        TurnBegan(0),
    )
    assert state.depot_goods[4] == counts({4: 1}) and state.round_goods == (1, 6)
    assert state.players[1].dice == (6, 6)


def test_turns_follow_the_round_order_not_the_seat_numbers() -> None:
    """Seed: "players take turns in order", the order of the turn-order track: after seat 2
    comes seat 1 when the round's order is 0, 2, 1."""
    given = table(player(), player(), player(), order=(0, 2, 1), active=2, used=(True, True))
    _, events = step(given, 2, EndTurn())
    assert events == (TurnEnded(2), TurnBegan(1))


def test_goods_delivered_join_the_goods_already_on_the_depot() -> None:
    """Seed: the top goods tile goes "onto the goods space of the depot matching the white
    die", where earlier goods still lie until a ship takes them all (data §4.3: "Goods add to
    any already there")."""
    given = last_turn(round=2, round_goods=(4, 1, 6), depot_goods=depot_goods(d5={4: 1, 2: 2}))
    state, events = step(given, 1, EndTurn(), rolls=[2, 3, 6, 6, 5])
    assert GoodsDelivered(5, 4) in events
    assert state.depot_goods[4] == counts({4: 2, 2: 2})


def test_a_phase_has_five_rounds() -> None:
    """Seed: five phases "each of five rounds"; "The phase ends after five rounds". The end
    of round 4 begins round 5 of the same phase: no mine pays and no tiles are cleared."""
    given = last_turn(player(estate={25: mine(0)}), player(), round=4, depots=depots(d1=[ship()]))
    state, events = step(given, 1, EndTurn())
    assert of_type(events, RoundBegan) == [RoundBegan(1, 5, (0, 1))]
    assert of_type(events, MinesPaid) == [] and of_type(events, PhaseBegan) == []
    assert (state.phase, state.round) == (1, 5)
    assert state.depots[0] == (ship(),) and state.players[0].silverlings == 0


def test_the_end_of_phase_d_begins_phase_e_not_the_end_of_the_game() -> None:
    """Seed: "The game is five phases, A through E"; "The game ends when phase E finishes".
    After round 5 of phase D the mines pay and phase E begins."""
    given = last_turn(player(estate={25: mine(0)}), player(), phase=4, round=5)
    state, events = step(given, 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 1, 1, 0)]
    assert of_type(events, PhaseBegan) == [PhaseBegan(5, ())]
    assert of_type(events, FinalScored) == [] and of_type(events, GameEnded) == []
    assert (state.phase, state.round, state.finished) == (5, 1, False)


def test_the_turn_order_of_a_round_follows_the_track() -> None:
    given = last_turn(
        player(position=1, height=0), player(position=1, height=1), round=2, round_goods=(1,)
    )
    _, events = step(given, 1, EndTurn())
    assert of_type(events, RoundBegan) == [RoundBegan(1, 3, (1, 0))]


def test_the_new_rounds_order_decides_who_plays_next_in_it() -> None:
    """Data §2.6: the order is read off the track at the start of each round. Seat 1, ahead
    on the track, ends round 2 and then opens round 3; seat 0 still plays in round 3,
    after it."""
    given = last_turn(
        player(position=1, height=0), player(position=1, height=1), round=2, round_goods=(1,)
    )
    state, _ = step(given, 1, EndTurn())
    assert (state.round, state.order, state.active) == (3, (1, 0), 1)
    state, _ = step(state, 1, TakeWorkers(0))
    state, events = step(state, 1, TakeWorkers(1))
    assert events[-2:] == (TurnEnded(1), TurnBegan(0))
    assert (state.round, state.active) == (3, 0)


def test_the_end_of_a_phase_pays_the_mines_and_begins_the_next_phase() -> None:
    _, _, opened_state = opened(2, 9)
    given = replace(
        last_turn(player(estate={25: mine(0), 30: mine(1)}), player(estate={25: mine(2)})),
        piles=opened_state.piles,
        goods_stacks=((), (3, 3, 2, 1, 5), (), (), ()),
        depots=depots(d1=[ship(0)], d3=[castle(0)]),
        black_depot=(knowledge(7),),
        depot_goods=depot_goods(d2={6: 1}),
    )
    state, events = step(given, 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 2, 2, 0), MinesPaid(1, 1, 1, 0)]
    assert of_type(events, PhaseBegan) == [PhaseBegan(2, (ship(0), castle(0), knowledge(7)))]
    assert of_type(events, RoundGoodsLaid) == [RoundGoodsLaid(2, (3, 3, 2, 1, 5))]
    assert state.depot_goods[1] == counts({6: 1})  # goods on the depots stay
    assert all(t not in d for t in (ship(0), castle(0)) for d in state.depots)
    assert knowledge(7) not in state.black_depot
    assert (state.phase, state.round) == (2, 1)
    assert state.players[0].silverlings == 2


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_three_players_find_a_mine_in_depot_6_in_phase_b(ruleset: str) -> None:
    """Seed: "In a three player game only, the dark green space in depot six gets a mine
    instead of a castle in phases B and D"; data §2.1 agrees, so both rulesets deal it
    (docs/rules/burgundy.md item 20)."""
    _, _, state = opened(3, 2, ruleset)
    for phase, colour in [(2, Colour.MINE), (3, Colour.CASTLE), (4, Colour.MINE)]:
        filled = refill(replace(state, phase=phase))
        assert tile(filled.depots[5][0]).colour is colour


def test_each_phase_draws_fresh_tiles_for_every_slot() -> None:
    _, _, state = opened(4, 2)
    drawn = [t for d in refill(replace(state, phase=2)).depots for t in d]
    assert len(drawn) == 24
    assert not set(drawn) & {t for d in state.depots for t in d}


def phases_dealt(seats: int, ruleset: str) -> list[DepotsRefilled]:
    """Every phase's deal of one game: phase A's in the opening, then B to E, each phase
    first clearing the hex tiles left on the board (seed: "At the start of every phase, clear
    all remaining hex tiles from the board ... then refill")."""
    _, events, state = opened(seats, 11, ruleset)
    deals = [e for e in events if isinstance(e, DepotsRefilled)]
    for phase in range(2, 6):
        cleared = tuple(t for d in state.depots for t in d) + state.black_depot
        state = evolve(state, PhaseBegan(phase, cleared))
        deals.append(refill(state))
        state = evolve(state, deals[-1])
    return deals


@pytest.mark.parametrize(
    ("seats", "ruleset", "black"),
    [(2, "default", 2), (2, "published", 4), (3, "default", 6), (4, "published", 8)],
)
def test_every_phase_lays_fresh_black_tiles_in_the_black_depot(
    seats: int, ruleset: str, black: int
) -> None:
    """Seed: at the start of every phase "Refill the black depot in the middle with black
    backed tiles"; data §2.2, §4.2: 4 / 6 / 8 random black-back tiles each phase in the
    published game (docs/rules/burgundy.md item 1: 2 with two players by the seed). No
    tile comes back once it has been laid out."""
    deals = phases_dealt(seats, ruleset)
    assert [len(deal.black) for deal in deals] == [black] * 5
    assert all(tile(t).black for deal in deals for t in deal.black)
    laid = [t for deal in deals for t in deal.black]
    assert len(set(laid)) == len(laid)


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_four_players_lay_out_every_hex_tile_over_the_five_phases(ruleset: str) -> None:
    """Data §3.1: "the 4-player game uses every tile exactly": 24 coloured-back tiles in the
    numbered depots and 8 black-back tiles in the black depot each phase take all 160 tiles
    of the piles, none twice and no slot left empty."""
    deals = phases_dealt(4, ruleset)
    assert [sum(len(d) for d in deal.depots) for deal in deals] == [24] * 5
    laid = [t for deal in deals for t in (*(t for d in deal.depots for t in d), *deal.black)]
    assert sorted(laid) == [t.id for t in TILES if t.id not in START_CASTLES]


def final_round(*players: Player, ruleset: str = "default") -> State:
    return last_turn(*players, phase=5, round=5, ruleset=ruleset)


def test_the_game_ends_after_phase_e_with_final_scoring() -> None:
    rich = player(points=40, goods={1: 2, 3: 1}, silverlings=5, workers=5, estate={25: mine(0)})
    state, events = step(final_round(rich, player(points=30)), 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 1, 1, 0)]
    assert of_type(events, FinalScored) == [
        FinalScored(0, 3, 6, 2, (), 40 + 3 + 6 + 2),
        FinalScored(1, 0, 0, 0, (), 30),
    ]
    assert events[-1] == GameEnded((51, 30), (1, 2))
    assert state.finished and RULES.to_act(state) is None
    assert RULES.outcome(state) is not None
    with pytest.raises(GameOverError):
        step(state, 0, TakeWorkers(0))


def test_storage_scores_nothing_at_the_end() -> None:
    _, events = step(final_round(player(storage=(ship(), castle())), player()), 1, EndTurn())
    assert of_type(events, FinalScored)[0].total == 0


@pytest.mark.parametrize(("ruleset", "places"), [("default", (1, 2)), ("published", (2, 1))])
def test_ties_go_to_fewest_empty_spaces_by_the_seed_and_most_by_the_published_game(
    ruleset: str, places: tuple[int, int]
) -> None:
    # Seat 0 has two mines more (two empty spaces fewer); they pay 2, so both total 20.
    fuller = player(points=18, estate={25: mine(0), 30: mine(1)})
    tied = final_round(fuller, player(points=20), ruleset=ruleset)
    _, events = step(tied, 1, EndTurn())
    assert events[-1] == GameEnded((20, 20), places)


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_a_tie_in_everything_else_goes_to_the_seat_later_in_turn_order(ruleset: str) -> None:
    tied = final_round(
        player(points=20, position=3, height=0), player(points=20, position=2), ruleset=ruleset
    )
    _, events = step(tied, 1, EndTurn())
    assert events[-1] == GameEnded((20, 20), (2, 1))


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_the_last_tie_break_reads_the_track_at_the_end_of_the_game(ruleset: str) -> None:
    """Seed: "if still tied, the one who went later in turn order"; docs/rules/burgundy.md
    item 25: the order is the track's at the end of the game. Seat 1 played last in the final
    round, but a ship then carried it ahead of seat 0, so seat 0 is later on the track."""
    tied = final_round(
        player(points=20, estate={20: ship(0)}, position=0, height=0),
        player(points=20, estate={20: ship(1)}, position=1, height=0),
        ruleset=ruleset,
    )
    assert tied.order == (0, 1)
    _, events = step(tied, 1, EndTurn())
    assert events[-1] == GameEnded((20, 20), (1, 2))


def test_only_mines_in_the_estate_pay_at_the_end_of_a_phase() -> None:
    """Seed: "A mine does nothing now but pays one Silverling at the end of every phase";
    "Hex tiles still sitting in your storage spaces score nothing". A mine in storage pays
    nothing; the one on space 25 pays one silverling."""
    given = last_turn(player(estate={25: mine(0)}, storage=(mine(1),)), player(storage=(mine(2),)))
    state, events = step(given, 1, EndTurn())
    assert of_type(events, MinesPaid) == [MinesPaid(0, 1, 1, 0)]
    assert (state.players[0].silverlings, state.players[1].silverlings) == (1, 0)


def test_a_ship_in_the_games_last_turn_brings_its_goods_before_the_final_scoring() -> None:
    """Seed: "A ship lets you take all the goods from any one depot's goods space"; "The
    game ends when phase E finishes. Then score one point per unsold goods tile". The last
    seat of phase E's last round places a ship with its second die: the game waits for the
    ship's goods, and the two goods it brings count at the end."""
    given = replace(
        final_round(player(), player(dice=(5, 5), storage=(ship(),))),
        used=(True, False),
        depot_goods=depot_goods(d3={2: 2}),
    )
    state, events = step(given, 1, PlaceTile(1, ship(), 20))
    assert of_type(events, FinalScored) == [] and not state.finished
    assert RULES.to_act(state) == 1
    assert list(RULES.legal_actions(state, 1)) == [ShipGoods((3,), (2,)), Pass()]
    state, events = step(state, 1, ShipGoods((3,), (2,)))
    assert of_type(events, FinalScored)[1] == FinalScored(1, 2, 0, 0, (), 2)
    assert state.finished


@pytest.mark.parametrize(
    ("ruleset", "places"), [("default", (3, 2, 4, 1)), ("published", (4, 3, 2, 1))]
)
def test_only_the_tied_seats_go_to_the_tie_breaks(ruleset: str, places: tuple[int, ...]) -> None:
    """Seed: "Most points wins; if tied, the tied player with the fewest empty estate spaces
    wins, and if still tied, the one who went later in turn order"; data §4.10 (published:
    the most empty spaces). Four seats: seat 3 leads on points whatever its estate; seats 0
    and 1 tie on points and on empty spaces, so the track puts seat 1 (later) ahead of seat
    0; seat 2 ties them on points with two more empty spaces."""
    fuller = {18: ship(0), 20: ship(1)}
    seats = (
        player(points=20, estate=fuller),
        player(points=20, estate=fuller),
        player(points=20),
        player(points=25),
    )
    last = table(*seats, ruleset=ruleset, phase=5, round=5, order=(0, 1, 2, 3), active=3)
    tied = replace(last, used=(True, True))
    for seat in range(4):
        tied = with_player(tied, seat, position=0, height=3 - seat)
    _, events = step(tied, 3, EndTurn())
    assert events[-1] == GameEnded((20, 20, 20, 25), places)
