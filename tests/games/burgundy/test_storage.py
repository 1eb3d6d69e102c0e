"""Seed: "take a hex tile from the depot whose number matches that die and put it on one of
the three storage spaces ... If all three are full, discard one first, out of the game";
data §4.4, §4.7, §5.10."""

from __future__ import annotations

from games.burgundy import legal_actions
from games.burgundy.actions import TakeTile
from games.burgundy.catalogue import Effect
from games.burgundy.events import TileTaken

from .builders import castle, depots, mine, pending, player, refusal, ship, step, table


def test_a_die_takes_a_tile_from_the_depot_of_its_number() -> None:
    given = table(player(dice=(3, 5)), depots=depots(d3=[ship(), mine()], d5=[castle()]))
    state, events = step(given, 0, TakeTile(0, mine()))
    assert events[0] == TileTaken(0, 0, 0, mine(), 3, None)
    assert state.players[0].storage == (mine(),)
    assert state.depots[2] == (ship(),)


def test_a_tile_in_no_numbered_depot_cannot_be_taken() -> None:
    given = table(player(dice=(3, 5)), black_depot=(ship(),))
    assert refusal(given, TakeTile(0, ship())).reason == "TILE_NOT_IN_DEPOT"


def test_with_storage_full_a_stored_tile_is_discarded_out_of_the_game() -> None:
    stored = (ship(0), ship(1), mine(1))
    given = table(player(dice=(3, 5), storage=stored), depots=depots(d3=[castle()]))
    state, events = step(given, 0, TakeTile(0, castle(), discard=ship(1)))
    assert events[0] == TileTaken(0, 0, 0, castle(), 3, ship(1))
    assert state.players[0].storage == (ship(0), mine(1), castle())
    assert all(ship(1) not in d for d in state.depots)


def test_with_storage_full_the_discard_must_be_named_and_stored() -> None:
    stored = (ship(0), ship(1), mine(1))
    given = table(player(dice=(3, 5), storage=stored), depots=depots(d3=[castle()]))
    assert refusal(given, TakeTile(0, castle())).reason == "STORAGE_FULL"
    assert refusal(given, TakeTile(0, castle(), discard=mine(3))).reason == "BAD_DISCARD"
    takes = [a for a in legal_actions(given, 0) if isinstance(a, TakeTile) and a.die == 0]
    assert takes == [TakeTile(0, castle(), t) for t in stored]


def test_with_room_in_storage_nothing_is_discarded() -> None:
    given = table(player(dice=(3, 5), storage=(ship(0),)), depots=depots(d3=[castle()]))
    assert refusal(given, TakeTile(0, castle(), discard=ship(0))).reason == "BAD_DISCARD"


def test_a_castles_extra_action_into_full_storage_names_a_discard() -> None:
    """Data §4.7: "A tile gained when storage is full (by die, building effect or purchase)
    forces a discard of a tile already stored"; §4.6: a castle's extra action is "as if you
    had a third die showing any number", so its tile from any numbered depot needs a
    discard as a die's would."""
    stored = (ship(0), ship(1), mine(1))
    given = pending(table(player(storage=stored), depots=depots(d6=[castle()])), Effect.CASTLE)
    assert refusal(given, TakeTile(2, castle())).reason == "STORAGE_FULL"
    takes = [a for a in legal_actions(given, 0) if isinstance(a, TakeTile)]
    assert takes == [TakeTile(2, castle(), t) for t in stored]
    state, events = step(given, 0, TakeTile(2, castle(), discard=ship(0)))
    assert events[0] == TileTaken(0, 2, 0, castle(), 6, ship(0))
    assert state.players[0].storage == (ship(1), mine(1), castle())
    assert state.pending == ()
