"""The organiser's command line end to end against a real server on a free port, as
docs/tournaments.md tells an organiser to run an event: create, register, start a round,
read the pairings, let players claim and play their seats, adjudicate a no-show and a
dispute, withdraw a player, read the standings, export the archive and verify it."""

from __future__ import annotations

import re
import zipfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from cli.main import main
from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from clients.tournament_cli import TOKEN_VARIABLE
from tests.support.standings_table import read_standings
from tests.tournaments.conftest import RunningServer

pytestmark = pytest.mark.e2e
PLAYERS = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


@dataclass(frozen=True)
class Outcome:
    """What one ``tabletop`` invocation left behind: its exit code and both streams."""

    code: int
    out: str
    err: str


@dataclass(frozen=True)
class Seat:
    """One row of the pairings table."""

    table: int
    seat: int
    player: str
    status: str
    place: str
    score: str
    points: str


class Organiser:
    """Runs ``tabletop`` in-process against one server, capturing what it prints."""

    def __init__(self, target: str, capsys: pytest.CaptureFixture[str]) -> None:
        self.target = target
        self.capsys = capsys

    def __call__(self, *argv: str) -> Outcome:
        """``tabletop tournament ARGV`` against the server."""
        return self.offline("tournament", *argv, "--server", self.target)

    def offline(self, *argv: str) -> Outcome:
        """``tabletop ARGV`` as given: for commands that read files, not a server."""
        self.capsys.readouterr()  # start from empty streams
        code = main(list(argv))
        out, err = self.capsys.readouterr()
        return Outcome(code, out, err)


def _rows(text: str) -> list[list[str]]:
    """The body rows of the pairings tables rich printed (header rows use another border)."""
    return [
        [cell.strip() for cell in line.strip().strip("│").split("│")]
        for line in text.splitlines()
        if line.lstrip().startswith("│")
    ]


def _pairings(text: str) -> tuple[list[Seat], dict[int, str]]:
    """The seats of a round, and each table's game id from the lines under the table."""
    seats = [Seat(int(r[0]), int(r[1]), *r[2:]) for r in _rows(text)]
    games = {int(t): g for t, g in re.findall(r"^table (\d+): game (\S+)", text, re.M)}
    return seats, games


def _play(target: str, game_id: str, seat_tokens: dict[int, str]) -> None:
    """Random bots play each claimed seat over gRPC until the game ends."""

    def seat(number: int) -> int:
        with GameClient(target, seat_tokens[number]) as client:
            return play_seat(client, game_id, number, RandomBot(number), timeout=120)

    with ThreadPoolExecutor(len(seat_tokens)) as pool:
        taken = list(pool.map(seat, sorted(seat_tokens)))
    assert sum(taken) > 0


@pytest.fixture
def run(
    server: RunningServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Organiser:
    monkeypatch.delenv(TOKEN_VARIABLE, raising=False)
    monkeypatch.setenv("COLUMNS", "200")  # wide enough that no cell of a table wraps
    return Organiser(server.target, capsys)


def _create(run: Organiser) -> tuple[str, str]:
    created = run(
        *("create", "Club night", "--game", "bourgeoisie"),
        *("--seats", "2", "--format", "swiss", "--rounds", "2"),
    )
    assert created.code == 0
    tournament_id, organiser_token = created.out.splitlines()  # nothing else on stdout
    assert "organiser token" in created.err
    return tournament_id, organiser_token


def _register(run: Organiser, tournament_id: str, organiser_token: str) -> dict[str, str]:
    registered = run("register", tournament_id, *PLAYERS, "--token", organiser_token)
    assert registered.code == 0
    tokens = dict(line.split("\t") for line in registered.out.splitlines())
    assert list(tokens) == list(PLAYERS) and all(tokens.values())
    return tokens


def _claim(run: Organiser, tournament_id: str, player_token: str) -> tuple[str, str]:
    claimed = run("claim", tournament_id, "--player-token", player_token)
    assert claimed.code == 0
    game_id, seat_token = claimed.out.splitlines()  # the hint went to stderr
    assert "round 1" in claimed.err
    return game_id, seat_token


def test_claiming_again_prints_a_new_token_and_says_the_old_one_is_void(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament_id, player_tokens, _ = _round_one_started(run, monkeypatch)
    first = run("claim", tournament_id, "--player-token", player_tokens["Ada"])
    again = run("claim", tournament_id, "--player-token", player_tokens["Ada"])
    assert first.code == again.code == 0
    assert "no longer works" not in first.err and "no longer works" in again.err
    assert first.out.splitlines()[0] == again.out.splitlines()[0]  # the same game
    assert first.out.splitlines()[1] != again.out.splitlines()[1]  # a new token


def test_a_duplicate_name_is_refused_clearly_and_changes_nothing(run: Organiser) -> None:
    tournament_id, organiser_token = _create(run)
    _register(run, tournament_id, organiser_token)
    duplicate = run("register", tournament_id, "ada", "--token", organiser_token)
    assert duplicate.code == 1 and duplicate.out == ""
    assert "ALREADY_EXISTS ALREADY_REGISTERED" in duplicate.err
    shown = run("show", tournament_id)
    assert re.findall(r"^\s+\d+\. (\w+)$", shown.out, re.M) == list(PLAYERS)


def test_an_organiser_command_without_the_token_is_refused_and_changes_nothing(
    run: Organiser,
) -> None:
    tournament_id, organiser_token = _create(run)
    _register(run, tournament_id, organiser_token)
    refused = run("start-round", tournament_id)
    assert refused.code == 1 and refused.out == ""
    assert "UNAUTHENTICATED ORGANISER_TOKEN_MISSING" in refused.err
    assert "pass --token, or set TABLETOP_ORGANISER_TOKEN" in " ".join(refused.err.split())
    assert "round 0 of 2" in run("show", tournament_id).out
    wrong = run("drop", tournament_id, "Ada", "--reason", "x", "--token", "guess")
    assert wrong.code == 1 and "PERMISSION_DENIED NOT_THE_ORGANISER" in wrong.err
    assert "(withdrawn)" not in run("show", tournament_id).out


def test_a_withdrawal_in_error_is_undone_from_the_command_line(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament_id, organiser_token = _create(run)
    _register(run, tournament_id, organiser_token)
    monkeypatch.setenv(TOKEN_VARIABLE, organiser_token)
    assert run("drop", tournament_id, "ada", "--reason", "misheard").code == 0
    assert "Ada (withdrawn)" in run("show", tournament_id).out
    back = run("reinstate", tournament_id, "ada", "--reason", "dropped by mistake")
    assert back.code == 0 and back.out == "Ada reinstated: paired again from the next round\n"
    assert "(withdrawn)" not in run("show", tournament_id).out
    again = run("reinstate", tournament_id, "Ada", "--reason", "twice")
    assert again.code == 1 and "FAILED_PRECONDITION NOT_WITHDRAWN" in again.err


def test_a_ruling_is_corrected_and_withdrawn_from_the_command_line(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament_id, _, started = _round_one_started(run, monkeypatch)
    game = _pairings(started)[1][1]
    first = run("adjudicate", tournament_id, game, "--forfeit", "0", "--reason", "no-show")
    assert first.out == "table 1: places [2, 1], points [0, 1]\n", "nothing to correct yet"
    corrected = run("adjudicate", tournament_id, game, "--forfeit", "1", "--reason", "wrong seat")
    assert corrected.out == "table 1: places [1, 2], points [1, 0] (corrects the earlier ruling)\n"
    withdrawn = run("withdraw-adjudication", tournament_id, game, "--reason", "both came")
    assert withdrawn.out == "table 1: ruling withdrawn; its game is in play again\n"
    pairings = run("pairings", tournament_id).out
    assert f"table 1: game {game}\n" in pairings
    assert "  1. adjudicated places [2, 1], forfeits [0]: no-show\n" in pairings
    assert "  2. adjudicated places [1, 2], forfeits [1]: wrong seat\n" in pairings
    assert "  3. ruling withdrawn: both came\n" in pairings
    again = run("withdraw-adjudication", tournament_id, game, "--reason", "twice")
    assert again.code == 1 and "FAILED_PRECONDITION NOT_ADJUDICATED" in again.err
    monkeypatch.setenv("COLUMNS", "40")  # a narrow terminal: each answer is still one line
    narrow = run("adjudicate", tournament_id, game, "--forfeit", "1", "--reason", "no-show")
    assert narrow.out == "table 1: places [1, 2], points [1, 0] (corrects the earlier ruling)\n"
    withdrawn = run("withdraw-adjudication", tournament_id, game, "--reason", "came")
    assert withdrawn.out == "table 1: ruling withdrawn; its game is in play again\n"


def test_an_organiser_runs_a_round_from_the_command_line_to_a_verified_archive(
    run: Organiser, server: RunningServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    tournament_id, organiser_token = _create(run)
    player_tokens = _register(run, tournament_id, organiser_token)
    monkeypatch.setenv(TOKEN_VARIABLE, organiser_token)  # as the docs suggest

    started = run("start-round", tournament_id)
    assert started.code == 0
    seats, games = _pairings(started.out)
    assert sorted(games) == [1, 2, 3] and sorted(s.player for s in seats) == sorted(PLAYERS)
    assert _pairings(run("pairings", tournament_id).out) == (seats, games)
    assert re.search(
        r"^\s+progress\s+round 1 of 2 \(in play\)$", run("show", tournament_id).out, re.M
    )
    by_table = {n: [s.player for s in seats if s.table == n] for n in games}

    # Table 1 is played: both players claim their seats and play them with the seat tokens.
    claims = [_claim(run, tournament_id, player_tokens[p]) for p in by_table[1]]
    assert {game_id for game_id, _ in claims} == {games[1]}
    _play(server.target, games[1], dict(enumerate(token for _, token in claims)))

    # Table 2's second seat never came; table 3's first seat conceded a dispute.
    forfeit = run(
        *("adjudicate", tournament_id, games[2]),
        *("--forfeit", "1", "--reason", "seat 1 did not come"),
    )
    decided = run(
        *("adjudicate", tournament_id, games[3]),
        *("--places", "2,1", "--reason", "seat 0 conceded the dispute"),
    )
    assert forfeit.code == decided.code == 0

    pairings = run("pairings", tournament_id, "--round", "1").out
    seats, _ = _pairings(pairings)
    assert "Round 1 (completed)" in pairings
    shown = run("show", tournament_id).out
    assert re.search(
        r"^\s+progress\s+round 1 of 2 \(completed: the next round may start\)$", shown, re.M
    )
    assert f"table 2: game {games[2]}  forfeited by seat 1  adjudicated: seat 1 did not come" in (
        pairings
    )
    assert f"table 3: game {games[3]}  adjudicated: seat 0 conceded the dispute" in pairings
    table = {(s.table, s.seat): s for s in seats}
    assert table[1, 0].status == "finished"
    assert [(table[2, n].status, table[2, n].place, table[2, n].points) for n in (0, 1)] == [
        ("adjudicated", "1", "1"),
        ("adjudicated", "2", "0"),
    ]
    assert [(table[3, n].place, table[3, n].points) for n in (0, 1)] == [("2", "0"), ("1", "1")]

    withdrawn = by_table[3][0]
    dropped = run("drop", tournament_id, withdrawn, "--reason", "left early")
    assert dropped.code == 0

    # The standings carry every table's points, and the adjudicated games' zero scores.
    standings = run("standings", tournament_id)
    assert standings.code == 0 and "Standings after round 1 of 2" in standings.out
    rows = read_standings(standings.out).rows
    assert [int(r["#"]) for r in rows] == list(range(1, len(PLAYERS) + 1))
    served = {r["player"].removesuffix(" (withdrawn)"): r for r in rows}
    assert served[withdrawn]["player"] == f"{withdrawn} (withdrawn)"
    for seat in seats:
        standing = served[seat.player]
        assert (standing["pts"], standing["score"]) == (seat.points, seat.score)
        assert standing["played"] == "1", "one game played"
    assert [int(r["pts"]) for r in rows] == sorted((int(r["pts"]) for r in rows), reverse=True)
    assert all(served[p]["score"] == "0" for p in by_table[2] + by_table[3])

    # Round 2 pairs everyone but the withdrawn player: two tables and a bye.
    second = run("start-round", tournament_id).out
    paired, _ = _pairings(second)
    byes = re.findall(r"^byes: (.*)$", second, re.M)
    assert len(paired) == 4 and len(byes) == 1
    assert withdrawn not in {s.player for s in paired} | set(byes[0].split(", "))

    _export_and_verify(run, tournament_id, tmp_path)


def _export_and_verify(run: Organiser, tournament_id: str, folder: Path) -> None:
    """The archive, as a folder and as a .zip, holds the tournament's record and the one game
    that was played to its end (adjudicated and unfinished games have no record), and
    ``tabletop verify`` accepts both."""
    directory, packed = folder / "club-night", folder / "club-night.zip"
    for target in (directory, packed):
        assert run("export", tournament_id, "-o", str(target)).code == 0
    files = {str(p.relative_to(directory)) for p in directory.rglob("*") if p.is_file()}
    assert "tournament.json" in files and "standings.html" in files
    assert {f for f in files if f.startswith("games/")} == {"games/round-1-table-1.jsonl"}
    with zipfile.ZipFile(packed) as archive:
        assert set(archive.namelist()) == files
    for target in (directory, packed):
        verified = run.offline("verify", str(target))
        assert verified.code == 0, verified.out + verified.err


def test_show_prints_the_game_format_and_the_other_settings(run: Organiser) -> None:
    tournament_id, _ = _create(run)
    shown = run("show", tournament_id).out
    assert re.search(r"^\s+game\s+bourgeoisie\b", shown, re.M)
    assert re.search(r"^\s+format\s+swiss, 2 rounds$", shown, re.M)
    assert re.search(r"^\s+tables\s+2 seats$", shown, re.M)
    assert re.search(r"^\s+points\s+1, 0 by place; bye 1$", shown, re.M)
    created = run(
        *("create", "Cup", "--game", "burgundy", "--seats", "4", "--format", "round-robin"),
        *("--rounds", "5", "--points", "5,3,1,0"),
    )
    other = run("show", created.out.splitlines()[0]).out
    assert re.search(r"^\s+game\s+burgundy\b", other, re.M)
    assert re.search(r"^\s+format\s+round-robin, 5 rounds$", other, re.M)
    assert re.search(r"^\s+tables\s+4 seats \(down to 3 ", other, re.M)
    assert re.search(r"^\s+points\s+5, 3, 1, 0 by place; bye 3$", other, re.M)


@pytest.mark.parametrize("format_", ["round-robin", "single-elimination"])
def test_show_says_rounds_left_to_the_field_follow_the_players_registered(
    run: Organiser, format_: str
) -> None:
    created = run("create", "Cup", "--seats", "2", "--format", format_, "--rounds", "0")
    tournament_id, organiser_token = created.out.splitlines()
    empty = run("show", tournament_id).out
    assert re.search(rf"^\s+format\s+{format_}, as many rounds as its players need$", empty, re.M)
    assert re.search(r"^\s+progress\s+registration open$", empty, re.M)
    run("register", tournament_id, "Ada", "Bo", "Cy", "Di", "--token", organiser_token)
    entered = run("show", tournament_id).out
    needed = {"round-robin": "3 rounds", "single-elimination": "2 rounds"}[format_]
    assert f"as many rounds as its players need ({needed} for the 4 players so far)" in entered


def _round_one_started(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, dict[str, str], str]:
    """A tournament with every player registered, the organiser's token in the environment
    and round 1 started: its id, the players' tokens and what start-round printed."""
    tournament_id, organiser_token = _create(run)
    player_tokens = _register(run, tournament_id, organiser_token)
    monkeypatch.setenv(TOKEN_VARIABLE, organiser_token)
    return tournament_id, player_tokens, run("start-round", tournament_id).out


def test_standings_during_a_round_show_only_the_rounds_completed(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament_id, _, started = _round_one_started(run, monkeypatch)
    _, games = _pairings(started)

    during_one = run("standings", tournament_id).out
    assert "Standings (round 1 of 2 in play)" in during_one and "after round" not in during_one
    by_round = [row["by round"] for row in read_standings(during_one).rows]
    assert by_round == [""] * len(PLAYERS), "no points by round"
    refused = run("standings", tournament_id, "--after-round", "1")
    assert refused.code == 1 and "INVALID_ARGUMENT BAD_ROUND" in refused.err

    for game_id in games.values():
        settled = run("adjudicate", tournament_id, game_id, "--places", "1,2", "--reason", "r")
        assert settled.code == 0
    between = run("standings", tournament_id).out
    assert "Standings after round 1 of 2" in between and "in play" not in between
    run("start-round", tournament_id)
    during_two = run("standings", tournament_id).out
    assert "Standings after round 1 of 2 (round 2 of 2 in play)" in during_two
    by_round = sorted(row["by round"] for row in read_standings(during_two).rows)
    assert by_round == ["0"] * 3 + ["1"] * 3


def test_a_player_dropped_during_a_round_still_claims_their_seat_in_it(
    run: Organiser, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tournament_id, player_tokens, started = _round_one_started(run, monkeypatch)
    seats, games = _pairings(started)
    leaving = seats[0]
    dropped = run("drop", tournament_id, leaving.player, "--reason", "leaves after this game")
    assert dropped.code == 0 and "withdrawn from later rounds" in dropped.out
    game_id, seat_token = _claim(run, tournament_id, player_tokens[leaving.player])
    assert game_id == games[leaving.table] and seat_token
    with pytest.raises(SystemExit):
        main(["tournament", "drop", "--help"])
    assert "a round in play keeps their seat" in " ".join(capsys.readouterr().out.split())


def test_adjudicate_help_says_forfeit_is_given_once_a_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "adjudicate", "--help"])
    assert "a seat that did not play (repeat for each one)" in " ".join(
        capsys.readouterr().out.split()
    )


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (["tournament", "drop"], "if they do not come, you adjudicate their table"),
        (["bot"], "or `tabletop tournament claim` for a tournament's game"),
    ],
)
def test_help_says_who_adjudicates_a_dropped_players_table_and_where_a_seat_token_comes_from(
    command: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert says in " ".join(capsys.readouterr().out.split())


def test_pairings_tell_an_unclaimed_seat_from_one_being_played_and_the_one_to_act(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An organiser looks for no-shows and stalled tables in the pairings: a seat nobody
    claimed says so, and the seat its game waits for says since when."""
    tournament_id, player_tokens, started = _round_one_started(run, monkeypatch)
    seats, games = _pairings(started)
    assert {s.status for s in seats} == {"not claimed"}
    table_one = [s for s in seats if s.table == 1]
    for seat in table_one:
        _claim(run, tournament_id, player_tokens[seat.player])
    with GameClient(run.target) as client:
        to_act = client.get_view(games[1], "public").status.to_act
    status = {(s.table, s.seat): s.status for s in _pairings(run("pairings", tournament_id).out)[0]}
    assert status.pop((1, to_act)) == "to act (<1 min)"
    assert {status.pop((1, s.seat)) for s in table_one if s.seat != to_act} == {"in play"}
    assert set(status.values()) == {"not claimed"}


def test_standings_after_a_round_mark_only_the_players_withdrawn_by_then(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament_id, _, started = _round_one_started(run, monkeypatch)
    _, games = _pairings(started)
    for game_id in games.values():
        run("adjudicate", tournament_id, game_id, "--places", "1,2", "--reason", "r")
    run("start-round", tournament_id)
    assert run("drop", tournament_id, "Ada", "--reason", "left during round 2").code == 0
    after_one = run("standings", tournament_id, "--after-round", "1").out
    assert "Standings after round 1 of 2" in after_one and "(withdrawn)" not in after_one
    assert "Ada (withdrawn)" in run("show", tournament_id).out


def test_a_drop_names_the_player_as_registered_whatever_the_case_typed(
    run: Organiser, monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament_id, _, _ = _round_one_started(run, monkeypatch)
    dropped = run("drop", tournament_id, "fLO", "--reason", "left")
    assert dropped.code == 0 and dropped.out == "Flo withdrawn from later rounds\n"


@pytest.mark.parametrize("command", ["create", "run"])
def test_the_settings_flags_show_their_defaults_in_help(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit):
        main(["tournament", command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for default in ("bourgeoisie", "swiss", "random" if command == "run" else "swiss"):
        assert f"(default: {default})" in shown
    assert "(default: 3)" in shown and "(default: 4)" in shown
    assert "0: as many as the format needs; swiss needs a number" in shown


def test_publish_help_says_what_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "publish", "--help"])
    usage, _, rest = capsys.readouterr().out.partition("\n\n")
    assert "publish" in usage and rest.split("\n")[0].strip().startswith("publish")
    assert "Redis" in " ".join(rest.split("options:")[0].split())


@pytest.mark.parametrize("command", ["show", "pairings", "standings", "export", "create", "run"])
def test_commands_that_need_no_organiser_token_take_none(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reads, and the commands that make a tournament (and so its token): a --token
    they would ignore would only suggest they need one."""
    with pytest.raises(SystemExit):
        main(["tournament", command, "--help"])
    assert "--token" not in capsys.readouterr().out
