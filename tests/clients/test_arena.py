"""The arena's figures: Wilson intervals, win shares, seat rotation, and the heuristic bot
beating the random one clearly, in-process and on a server; the table and the PNG chart."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from clients.arena import (
    ArenaPlan,
    GameResult,
    entrant_names,
    game_seed,
    play_local,
    run_arena,
    seatings,
    standings,
    wilson,
)
from clients.calls import Endpoint
from clients.local import LocalTable
from clients.sdk import GameClient
from replay.sources import fetch_record
from tests.clients.servers import RestartableServer


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (81, 100, 0.7222, 0.8749),
        (0, 0, 0.0, 1.0),  # no game played: nothing is known
    ],
)
def test_wilson_intervals_match_the_published_values(
    wins: int, games: int, low: float, high: float
) -> None:
    assert wilson(wins, games) == pytest.approx((low, high), abs=1e-4)


def test_shared_first_places_split_the_win_and_seats_rotate() -> None:
    results = [
        GameResult(("a", "b"), (10, 10), (1, 1)),
        GameResult(("b", "a"), (12, 3), (1, 2)),
    ]
    ranked = standings(results, ["a", "b"])
    assert [row.entrant for row in ranked] == ["b", "a"], "the best win rate first"
    rows = {row.entrant: row for row in ranked}
    assert (rows["a"].wins, rows["b"].wins) == (0.5, 1.5)
    assert rows["b"].average_score == 11 and rows["a"].average_place == 1.5
    assert list(seatings(["x", "y", "z"], 4)) == [
        ("x", "y", "z"), ("y", "z", "x"), ("z", "x", "y"), ("x", "y", "z")
    ]  # fmt: skip
    assert entrant_names(["random", "random", "heuristic"]) == ("random", "random#2", "heuristic")


def test_the_heuristic_bot_beats_the_random_bot_in_process() -> None:
    plan = ArenaPlan("bourgeoisie", ("heuristic", "random"), 60, seed=7)
    rows = {row.entrant: row for row in standings(run_arena(plan), plan.entrants)}
    heuristic, random = rows["heuristic"], rows["random"]
    assert heuristic.games == random.games == 60
    assert heuristic.win_rate > 0.8 and heuristic.interval[0] > 0.7, heuristic
    assert heuristic.average_score > random.average_score + 10


def test_the_heuristic_bot_also_leads_a_three_seat_table() -> None:
    plan = ArenaPlan("bourgeoisie", ("heuristic", "random", "random"), 15, seed=3)
    rows = {row.entrant: row for row in standings(run_arena(plan), plan.entrants)}
    assert rows["heuristic"].win_rate > 0.6


def test_each_game_of_a_run_is_dealt_anew_and_a_run_repeats_with_its_seed() -> None:
    """A run's games are different games (their chance seeded by the run's seed and the game's
    number), and the same seed plays the same games again: a bot author's comparison between
    two versions of a bot meets the same deals."""
    assert len({game_seed(5, number) for number in range(200)}) == 200, "a deal repeated"
    assert game_seed(5, 0) != game_seed(6, 0)
    plan = ArenaPlan("bourgeoisie", ("random", "random#2"), 4, seed=5)
    first = run_arena(plan)
    assert run_arena(plan) == first
    assert run_arena(ArenaPlan("bourgeoisie", ("random", "random#2"), 4, seed=6)) != first


@pytest.mark.e2e
def test_arena_games_on_a_server_count_each_seat_as_the_server_recorded_it(
    server: RestartableServer,
) -> None:
    """Each server game's result, seat by seat (the entrant, its score and its place), is the
    game's own: its record as the server gives it (players from the SeatTaken events, the
    result folded from every event here), not the arena's reading of GetView."""
    plan = ArenaPlan("bourgeoisie", ("random", "heuristic"), 2, server=Endpoint(server.target))
    results = run_arena(plan)
    assert sorted(r.seating for r in results) == sorted(seatings(plan.entrants, 2))
    assert len({r.game_id for r in results}) == 2
    with GameClient(server.target) as client:
        for result in results:
            record = fetch_record(client, result.game_id)
            assert record.result is not None, f"game {result.game_id} has not ended"
            recorded = zip(
                record.header["players"],
                record.result["scores"],
                record.result["places"],
                strict=True,
            )
            counted = zip(
                [f"{entrant} bot" for entrant in result.seating],
                result.scores,
                result.places,
                strict=True,
            )
            assert list(counted) == list(recorded), f"game {result.game_id}"
    # Seats swapped in the arena's result show only in a game whose seats did not tie.
    assert any(len(set(r.places)) > 1 for r in results)


def test_the_arena_command_prints_the_table_and_writes_the_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chart = tmp_path / "arena [bold]1.png"  # a name rich would read as a style, printed as given
    assert main(["arena", "--games", "10", "--seed", "1", "--png", str(chart)]) == 0
    out = capsys.readouterr().out
    assert f"chart written to {chart}" in " ".join(out.split())
    assert "10 games of bourgeoisie: heuristic vs random (in-process rules)" in out
    assert "95% interval" in out and "avg score" in out
    assert "heuristic" in out and "%" in out
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_arena_command_refuses_bad_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "heuristic,nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().out
    assert main(["arena", "--bots", "random"]) == 2
    assert "at least two bots" in capsys.readouterr().out
    assert main(["arena", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().out


def test_the_arena_reads_bots_listed_with_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    """``--bots "heuristic, random"``, as a list is often typed, names the two bots."""
    assert main(["arena", "--bots", "heuristic, random,", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "1 game of bourgeoisie: heuristic vs random (" in out
    assert "bourgeoisie, 1 game, seats rotating" in out


@pytest.mark.parametrize("where", [(), ("--server", "127.0.0.1:1")], ids=["in-process", "server"])
@pytest.mark.parametrize("game", ["chess", "Burgundy"])
def test_the_arena_refuses_an_unknown_game_as_every_command_does(
    game: str, where: tuple[str, ...]
) -> None:
    command = [sys.executable, "-m", "cli.main", "arena", "--game", game, "--games", "1", *where]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert "argument --game: invalid choice" in result.stderr and game in result.stderr
    assert all(name in result.stderr for name in ("bourgeoisie", "bruges", "burgundy"))
    assert "Traceback" not in result.stderr


def test_the_arena_plays_a_ruleset_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    """Bruges's published rules ask a victim of several disasters to order them (a choice
    the default rules never ask), and the bots play them to the end like any other."""
    argv = ["arena", "--game", "bruges", "--ruleset", "published", "--bots"]
    assert main([*argv, "heuristic,random,heuristic", "--games", "6", "--seed", "3"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "6 games of bruges (published rules): heuristic vs random vs heuristic#2" in out
    assert "bruges (published rules), 6 games, seats rotating" in out


def test_in_process_games_are_played_under_the_ruleset_asked_for() -> None:
    """Each in-process game of a plan with a ruleset is its game under those rules: the one
    ``play_local`` plays with the same seed and number (and not the default rules' game)."""
    plan = ArenaPlan("bruges", ("random", "heuristic"), 2, seed=3, ruleset="published")
    seating = list(seatings(plan.entrants, plan.games))
    played = [play_local("bruges", seating[n], 3, n, "published") for n in range(2)]
    assert run_arena(plan) == played
    assert played != [play_local("bruges", seating[n], 3, n) for n in range(2)], "rules alike"


def test_a_local_table_is_set_up_under_the_ruleset_asked_for() -> None:
    assert LocalTable("bruges", 2, b"seed", ruleset="published").view(0).view.bruges.ruleset == (
        "published"
    )
    assert LocalTable("bruges", 2, b"seed").view(0).view.bruges.ruleset == "default"
    with pytest.raises(ValueError, match="bruges has no 'house' ruleset"):
        LocalTable("bruges", 2, b"seed", ruleset="house")


def test_the_arena_refuses_a_ruleset_the_game_does_not_have(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "--game", "bourgeoisie", "--ruleset", "published"]) == 2
    out = capsys.readouterr().out
    assert "bourgeoisie has no 'published' ruleset; choose default" in out


@pytest.mark.e2e
def test_arena_games_on_a_server_are_created_under_the_ruleset(
    server: RestartableServer,
) -> None:
    plan = ArenaPlan(
        "burgundy", ("random", "random"), 2, server=Endpoint(server.target), ruleset="published"
    )
    results = run_arena(plan)
    with GameClient(server.target) as client:
        rulesets = {fetch_record(client, r.game_id).header["ruleset"] for r in results}
    assert rulesets == {"published"}
