"""Standings rules (docs/tournaments.md, "Standings"), on states folded from hand-written
events: points per place at full and smaller tables, shared places, byes, forfeits and the
tie-break order."""

from __future__ import annotations

from games.core.tournament_events import (
    GameAdjudicated,
    PlayerDropped,
    PlayerRegistered,
    ResultRecorded,
    RoundStarted,
    Seating,
    TournamentCreated,
)
from games.core.tournament_standings import forfeit_places, points_for, standings
from games.core.tournament_state import TournamentState, fold_tournament
from services.tournaments import Format, new_spec

SPEC = new_spec("Cup", "bourgeoisie", 4, Format.SWISS, 3)


def _state(players: list[str], *events: object) -> TournamentState:
    registered = [PlayerRegistered(name, "") for name in players]
    return fold_tournament([TournamentCreated("t", SPEC, ""), *registered, *events])


def test_default_points_are_seats_minus_place_and_a_bye_earns_second_place() -> None:
    assert SPEC.points == (3, 2, 1, 0) and SPEC.bye_points == 2


def test_at_a_smaller_table_first_is_first_and_last_is_last() -> None:
    assert [points_for(SPEC, place, 3) for place in (1, 2, 3)] == [3, 2, 0]
    assert [points_for(SPEC, place, 4) for place in (1, 2, 3, 4)] == [3, 2, 1, 0]


def test_seats_tied_in_a_game_share_the_better_place_and_its_points() -> None:
    state = _state(
        ["a", "b", "c", "d"],
        RoundStarted(1, (Seating(1, "g", ("a", "b", "c", "d")),), ()),
        ResultRecorded(1, 1, "g", (9, 9, 4, 1), (1, 1, 3, 4), "chain"),
    )
    assert {s.player: s.points for s in standings(state)} == {"a": 3, "b": 3, "c": 1, "d": 0}


def test_forfeiting_seats_share_the_last_place_and_the_present_ones_first() -> None:
    assert forfeit_places(4, [1, 3]) == (1, 4, 1, 4)
    assert forfeit_places(3, [0, 1, 2]) == (3, 3, 3), "no one came: all share the last place"


def test_ties_on_points_go_to_game_score_then_opponents_then_first_places_then_seed() -> None:
    state = _state(
        ["a", "b", "c", "d", "e"],
        RoundStarted(1, (Seating(1, "g1", ("a", "b")), Seating(2, "g2", ("c", "d"))), ("e",)),
        ResultRecorded(1, 1, "g1", (5, 3), (1, 2), "x"),
        ResultRecorded(1, 2, "g2", (7, 2), (1, 2), "y"),
    )
    rows = standings(state)
    # c and a both have 3 points: c scored more in its game.
    assert [s.player for s in rows][:2] == ["c", "a"]
    # e had a bye (2 points, no game score); b and d scored 0 points.
    assert [(s.player, s.points, s.byes) for s in rows][2] == ("e", 2, 1)
    assert [s.player for s in rows][3:] == ["b", "d"], "b's game score 3 beats d's 2"


def test_an_adjudication_replaces_the_result_and_its_reason_is_kept() -> None:
    state = _state(
        ["a", "b"],
        RoundStarted(1, (Seating(1, "g", ("a", "b")),), ()),
        ResultRecorded(1, 1, "g", (5, 3), (1, 2), "x"),
        GameAdjudicated(1, 1, "g", (5, 3), (2, 1), (), "a played out of turn"),
    )
    result = state.rounds[0].tables[0].result
    assert result is not None and result.reason == "a played out of turn"
    assert [s.player for s in standings(state)] == ["b", "a"]


def test_standings_after_an_earlier_round_ignore_later_rounds() -> None:
    state = _state(
        ["a", "b"],
        RoundStarted(1, (Seating(1, "g1", ("a", "b")),), ()),
        ResultRecorded(1, 1, "g1", (1, 0), (1, 2), "x"),
        RoundStarted(2, (Seating(1, "g2", ("b", "a")),), ()),
        ResultRecorded(2, 1, "g2", (1, 0), (1, 2), "y"),
    )
    # At a two-seat table of a four-seat tournament, first earns 3 and last 0.
    assert [(s.player, s.points) for s in standings(state, 1)] == [("a", 3), ("b", 0)]
    assert [s.points_by_round for s in standings(state)] == [(3, 3), (0, 3)]


def test_standings_after_a_round_show_only_the_withdrawals_made_by_then() -> None:
    """A player who withdrew in round 2 was still in after round 1: the standings after
    round 1 say what was so then (withdrawing during a round counts from that round on)."""
    state = _state(
        ["a", "b", "c"],
        PlayerDropped("c", "ill before round 1"),
        RoundStarted(1, (Seating(1, "g1", ("a", "b")),), ()),
        ResultRecorded(1, 1, "g1", (1, 0), (1, 2), "x"),
        RoundStarted(2, (Seating(1, "g2", ("b", "a")),), ()),
        PlayerDropped("b", "left during round 2"),
    )
    after_one = {s.player: s.withdrawn for s in standings(state, 1)}
    assert after_one == {"a": False, "b": False, "c": True}
    assert {s.player: s.withdrawn for s in standings(state, 2)}["b"] is True
    assert {s.player: s.withdrawn for s in standings(state)}["b"] is True


def test_a_knockout_player_who_withdrew_unbeaten_ranks_below_those_who_played_on() -> None:
    """How far a player got: d won round 1 and withdrew, so b, who played round 2 and lost
    it, got further; d still ranks above the players beaten in round 1."""
    knockout = new_spec("KO", "bourgeoisie", 2, Format.SINGLE_ELIMINATION, 0)
    round_one = ("a", "h"), ("b", "g"), ("c", "f"), ("d", "e")
    events: list[object] = [
        TournamentCreated("t", knockout, ""),
        *(PlayerRegistered(name, "") for name in "abcdefgh"),
        RoundStarted(1, tuple(Seating(n, f"g{n}", p) for n, p in enumerate(round_one, 1)), ()),
        *(ResultRecorded(1, n, f"g{n}", (1, 0), (1, 2), "x") for n in range(1, 5)),
        PlayerDropped("d", "left after round 1"),
        RoundStarted(2, (Seating(1, "g5", ("c", "b")),), ("a",)),
        ResultRecorded(2, 1, "g5", (1, 0), (1, 2), "y"),
    ]
    state = fold_tournament(events)
    after_two = [s.player for s in standings(state)]
    assert after_two[:4] == ["c", "a", "b", "d"]
    assert [s.player for s in standings(state, 1)][3:5] == ["d", "e"]


def test_game_score_breaks_a_tie_on_points_before_opponents_points() -> None:
    """Ranking, 3 before 4 (docs/tournaments.md, "Standings"): a and b both won their table;
    a scored more, b met stronger opponents."""
    state = _state(
        ["a", "b", "c", "d", "x", "y", "z", "w"],
        RoundStarted(
            1, (Seating(1, "g1", ("a", "c", "x", "y")), Seating(2, "g2", ("b", "d", "z", "w"))), ()
        ),
        ResultRecorded(1, 1, "g1", (9, 0, 0, 0), (1, 2, 3, 4), "x"),
        ResultRecorded(1, 2, "g2", (5, 0, 0, 0), (1, 2, 2, 2), "y"),
    )
    rows = standings(state)
    assert [(s.player, s.points, s.opponents_points) for s in rows][:2] == [
        ("a", 3, 3),
        ("b", 3, 6),
    ]


SECOND_EARNS_FIRSTS_POINTS = new_spec("Cup", "bourgeoisie", 4, Format.SWISS, 3, points=(3, 3, 1, 0))


def _two_tables(first: tuple[int, ...], second: tuple[int, ...]) -> TournamentState:
    """a, x, y, z at table 1 and b, u, v, w at table 2, every game score 0, with second place
    worth as much as first: the tie-breaks after points and game score decide."""
    players = ["a", "b", "u", "v", "w", "x", "y", "z"]
    return fold_tournament(
        [
            TournamentCreated("t", SECOND_EARNS_FIRSTS_POINTS, ""),
            *(PlayerRegistered(name, "") for name in players),
            RoundStarted(
                1,
                (Seating(1, "g1", ("a", "x", "y", "z")), Seating(2, "g2", ("b", "u", "v", "w"))),
                (),
            ),
            ResultRecorded(1, 1, "g1", (0, 0, 0, 0), first, "x"),
            ResultRecorded(1, 2, "g2", (0, 0, 0, 0), second, "y"),
        ]
    )


def test_opponents_points_break_a_tie_before_first_places() -> None:
    """Ranking, 4 before 5 (docs/tournaments.md, "Standings"): a came second and b first,
    for the same points and game score; a's opponents earned more."""
    rows = standings(_two_tables((2, 1, 3, 3), (1, 2, 3, 4)))
    assert [(s.player, s.points, s.opponents_points, s.first_places) for s in rows][:4] == [
        ("x", 3, 5, 1),
        ("a", 3, 5, 0),
        ("b", 3, 4, 1),
        ("u", 3, 4, 0),
    ]


def test_first_places_break_a_tie_on_points_game_score_and_opponents_points() -> None:
    """Ranking, 5 before 6 (docs/tournaments.md, "Standings"): level on everything before it,
    the player with more first places ranks higher, whatever the seeds; a second place,
    worth a first's points here, is no first place."""
    rows = standings(_two_tables((2, 1, 3, 4), (1, 2, 3, 4)))
    assert [(s.player, s.points, s.opponents_points, s.first_places) for s in rows][:4] == [
        ("b", 3, 4, 1),
        ("x", 3, 4, 1),
        ("a", 3, 4, 0),
        ("u", 3, 4, 0),
    ]


def _knockout(seats: int, players: str, *events: object) -> TournamentState:
    spec = new_spec("KO", "bourgeoisie", seats, Format.SINGLE_ELIMINATION, 0)
    registered = [PlayerRegistered(name, "") for name in players]
    return fold_tournament([TournamentCreated("t", spec, ""), *registered, *events])


def test_a_knockout_table_tied_on_place_sends_the_better_score_then_the_better_seed_on() -> None:
    """The winner of each table: best place, then game score, then seed (docs/tournaments.md,
    "Pairing", single elimination): d outscored a, the better seed; b and c tied on both."""
    state = _knockout(
        2,
        "abcd",
        RoundStarted(1, (Seating(1, "g1", ("a", "d")), Seating(2, "g2", ("b", "c"))), ()),
        ResultRecorded(1, 1, "g1", (3, 7), (1, 1), "x"),
        ResultRecorded(1, 2, "g2", (4, 4), (1, 1), "y"),
    )
    assert {s.player: s.eliminated_in for s in standings(state)} == {
        "a": 1,
        "b": 0,
        "c": 1,
        "d": 0,
    }


def test_how_far_a_knockout_player_got_ranks_before_their_points() -> None:
    """Ranking, 1 before 2 (docs/tournaments.md, "Standings"): a had a bye, then lost the
    final: fewer points than c, who shared first place in round 1 and went out on game
    score, but further."""
    state = _knockout(
        4,
        "abcde",
        RoundStarted(1, (Seating(1, "g1", ("b", "c", "d", "e")),), ("a",)),
        ResultRecorded(1, 1, "g1", (9, 5, 0, 0), (1, 1, 3, 4), "x"),
        RoundStarted(2, (Seating(1, "g2", ("a", "b")),), ()),
        ResultRecorded(2, 1, "g2", (0, 0), (2, 1), "y"),
    )
    assert [(s.player, s.points, s.eliminated_in) for s in standings(state)] == [
        ("b", 6, 0),
        ("a", 2, 2),
        ("c", 3, 1),
        ("d", 1, 1),
        ("e", 0, 1),
    ]


def test_a_knockout_player_who_withdrew_after_a_bye_ranks_above_those_beaten_in_that_round() -> (
    None
):
    """A bye takes a player through its round: a, who withdrew after one, got further than c,
    d and e, beaten in it, though c has as many points and a better game score
    (docs/tournaments.md, "Standings": below those who played the next round, above those
    beaten in the last one they took part in)."""
    state = _knockout(
        4,
        "abcde",
        RoundStarted(1, (Seating(1, "g1", ("b", "c", "d", "e")),), ("a",)),
        ResultRecorded(1, 1, "g1", (0, 9, 0, 0), (1, 2, 3, 4), "x"),
        PlayerDropped("a", "left after round 1"),
    )
    rows = standings(state)
    assert [(s.player, s.points, s.withdrawn) for s in rows][:3] == [
        ("b", 3, False),
        ("a", 2, True),
        ("c", 2, False),
    ]


def test_a_knockout_withdrawal_ranks_below_the_next_round_whatever_the_score() -> None:
    """d won round 1 with the best game score and withdrew: b, who played round 2 and lost
    it, still got further (docs/tournaments.md, "Standings")."""
    round_one = ("a", "h"), ("b", "g"), ("c", "f"), ("d", "e")
    state = _knockout(
        2,
        "abcdefgh",
        RoundStarted(1, tuple(Seating(n, f"g{n}", p) for n, p in enumerate(round_one, 1)), ()),
        *(ResultRecorded(1, n, f"g{n}", (9 if n == 4 else 1, 0), (1, 2), "x") for n in range(1, 5)),
        PlayerDropped("d", "left after round 1"),
        RoundStarted(2, (Seating(1, "g5", ("c", "b")),), ("a",)),
        ResultRecorded(2, 1, "g5", (1, 0), (1, 2), "y"),
    )
    assert [s.player for s in standings(state)][:4] == ["c", "a", "b", "d"]


def test_a_knockout_player_beaten_then_withdrawn_ranks_with_those_beaten_in_that_round() -> None:
    """How far a player got is the round they lost in; the "withdrew" rank is for a player
    who withdrew without losing (docs/tournaments.md, "Standings"): d lost in round 1, then
    withdrew, and ranks below c by the tie-breaks, as if still registered."""
    state = _knockout(
        2,
        "abcd",
        RoundStarted(1, (Seating(1, "g1", ("a", "d")), Seating(2, "g2", ("b", "c"))), ()),
        ResultRecorded(1, 1, "g1", (1, 0), (1, 2), "x"),
        ResultRecorded(1, 2, "g2", (1, 0), (1, 2), "y"),
        PlayerDropped("d", "went home after losing"),
    )
    rows = standings(state)
    assert [(s.player, s.eliminated_in, s.withdrawn) for s in rows] == [
        ("a", 0, False),
        ("b", 0, False),
        ("c", 1, False),
        ("d", 1, True),
    ]
