"""A seat replays its own game in play from a real gRPC server (``tabletop replay GAME_ID
--token SEAT_TOKEN``): every step exactly as the server showed that seat (the seat's view, never
another's, with no payloads), numbered as the full record numbers it, in the same viewer, JSON
and HTML as a record (the HTML's points chart read off the seat's views, the same as the
record's), each saying it is a seat's view and not a verified record; a wrong token, no token,
another seat's view and a finished game each get their clear answer."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cli.main import main
from clients.sdk import GameClient
from games.core import RecordError
from replay.chart import score_series
from replay.html import replay_page
from replay.seat_timeline import SeatTimeline
from replay.sources import fetch_record, fetch_seat_timeline, fetch_timeline
from replay.terminal import Cursor
from replay.timeline import Perspective, Timeline, view_json
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.replay.test_cli import tabletop
from tests.replay.test_terminal_viewer import shown, spawn_viewer
from tests.support.bus import local_bus
from tests.support.play import play_random, seat_everyone

ARBITER = "seat-replay-arbiter"
GAMES = ("bourgeoisie", "bruges", "burgundy")
ACTIONS = 40
"""Actions played before the replay: far enough for hands, turns and rounds to change."""


@dataclass
class Served:
    target: str
    games: Games
    in_play: dict[str, tuple[str, list[str]]]
    """Per game key: a game in play there and its seats' tokens."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A real gRPC server on a free port, with one game of each kind in play."""
    path = tmp_path_factory.mktemp("server") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store, arbiter_token=ARBITER)
    grpc_server, port = build_server(games, local_bus(store), "127.0.0.1:0")
    grpc_server.start()
    in_play = {}
    for game in GAMES:
        game_id, _ = games.create_game(game, 3)
        tokens = seat_everyone(games, game_id, 3)
        play_random(games, game_id, tokens, limit=ACTIONS)
        in_play[game] = (game_id, tokens)
    yield Served(f"127.0.0.1:{port}", games, in_play)
    grpc_server.stop(grace=None).wait()
    store.close()


def _timeline(target: str, game_id: str, token: str) -> Timeline:
    with GameClient(target, token) as client:
        return fetch_timeline(client, game_id)


@pytest.mark.parametrize("game", GAMES)
def test_each_step_is_the_seats_own_view_numbered_as_the_record_numbers_it(
    served: Served, game: str
) -> None:
    game_id, tokens = served.in_play[game]
    seen = _timeline(served.target, game_id, tokens[1])
    full = _timeline(served.target, game_id, ARBITER)
    assert isinstance(seen, SeatTimeline) and seen.seat_only == 1
    assert not isinstance(full, SeatTimeline) and seen.last == full.last
    for mine, record in zip(seen.frames, full.frames, strict=True):
        version = record.version
        # Exactly what the rules show seat 1 (which hides the others' hands: the conformance
        # suite swaps them), and not the full view, which differs once hands are dealt.
        assert seen.view(version, Perspective.SEAT, 1) == full.view(version, Perspective.SEAT, 1)
        assert (
            mine.recorded.event.data == {}
            and mine.recorded.event.type == record.recorded.event.type
        )
        assert (mine.turn, mine.round, mine.actor) == (record.turn, record.round, record.actor)
        assert (mine.description, seen.round_text(version)) == (
            record.description,
            full.round_text(version),
        )
        assert seen.to_act(version) == full.to_act(version)
    assert seen.view(seen.last, Perspective.SEAT, 1) != full.view(seen.last, Perspective.FULL)


def test_another_seats_view_and_the_public_one_are_not_in_a_seats_replay(served: Served) -> None:
    game_id, tokens = served.in_play["bruges"]
    seen = _timeline(served.target, game_id, tokens[0])
    for perspective, seat in [(Perspective.SEAT, 1), (Perspective.PUBLIC, None)]:
        with pytest.raises(RecordError, match="holds only seat 0's view"):
            seen.view(seen.last, perspective, seat)
    assert Cursor(seen, seen.last, Perspective.SEAT, 0).views() == [(Perspective.SEAT, 0)]


def _json_step(
    served: Served, game_id: str, token: str, version: int, *seen: str
) -> tuple[Any, str]:
    """The step ``replay --json`` prints, and what it says on stderr."""
    result = tabletop(
        "replay", game_id, "--server", served.target, "--token", token, "--at", str(version),
        "--json", *seen,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), result.stderr


def test_the_json_step_is_the_seats_view_with_the_notice_and_its_own_options_alone(
    served: Served,
) -> None:
    """At the seat's own decisions the step lists what the server offered it then, exactly
    as the full record lists them; at another seat's, nothing (null: not even how many)."""
    game_id, tokens = served.in_play["bruges"]
    full = _timeline(served.target, game_id, ARBITER)
    deciding = [full.to_act(v) for v in range(1, full.last + 1)]
    own, other = deciding.index(2) + 1, deciding.index(0) + 1
    step, said = _json_step(served, game_id, tokens[2], own)
    assert step["view"] == view_json(full.view(own, Perspective.SEAT, 2))
    assert step["event"].keys() == {"type"} and step["to_act"] == 2
    listed, _ = _json_step(served, game_id, ARBITER, own, "--as", "full")
    assert step["legal_actions"] == listed["legal_actions"] and len(step["legal_actions"]) > 1
    assert step["legal_actions_json"] == listed["legal_actions_json"]
    assert step["notice"].startswith("seat 2's view of a game in play")
    assert "not a verified record" in step["notice"] and "not a verified record" in said
    elsewhere, _ = _json_step(served, game_id, tokens[2], other)
    assert elsewhere["legal_actions"] is None and elsewhere["legal_actions_json"] is None


def test_the_html_page_shows_the_seats_view_and_says_it_is_no_verified_record(
    served: Served, tmp_path: Path
) -> None:
    game_id, tokens = served.in_play["burgundy"]
    page = tmp_path / "seat.html"
    result = tabletop(
        "replay", game_id, "--server", served.target, "--token", tokens[0], "--html", page
    )
    assert result.returncode == 0, result.stderr
    text = page.read_text()
    assert "as seat 0 saw it (player 0)" in text and "in play" in text
    assert '<p class="caution">seat 0&#x27;s view of a game in play' in text
    # The points chart, read off the seat's views: the same lines as the full record's.
    full = replay_page(_timeline(served.target, game_id, ARBITER), Perspective.FULL)
    assert _chart_lines(text) == _chart_lines(full) and _chart_lines(text)


def _chart_lines(page: str) -> list[str]:
    """The score chart's lines: each seat's points at the versions where they change."""
    return re.findall(r'<polyline class="track" data-seat="\d" points="[^"]*"', page)


@pytest.mark.parametrize("game", GAMES)
def test_the_points_charted_are_those_every_view_shows(served: Served, game: str) -> None:
    """Burgundy's and Bruges's score tracks are on every view; Bourgeoisie's end-game scoring
    counts only the families in play and retired, which every view shows, never a hand: a
    seat's replay charts every seat's points at every step as the full record does."""
    game_id, tokens = served.in_play[game]
    seen = score_series(_timeline(served.target, game_id, tokens[2]))
    full = score_series(_timeline(served.target, game_id, ARBITER))
    assert seen is not None and seen == full
    if game != "bourgeoisie":  # which scores nothing in its first steps (test_score_chart)
        assert any(any(points) for _, points in seen), "points from the first steps"


@pytest.mark.parametrize("viewpoint", ["1", "public", "full"])
def test_asking_a_seats_replay_for_another_view_is_one_line_and_a_failure(
    served: Served, viewpoint: str
) -> None:
    game_id, tokens = served.in_play["bourgeoisie"]
    result = tabletop("replay", game_id, "--server", served.target, "--token", tokens[0],
                      "--as", viewpoint, "--json")  # fmt: skip
    assert result.returncode == 1 and result.stdout == ""
    assert "this token replays seat 0's own view only" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("not-a-token", "PERMISSION_DENIED TOKEN_NOT_VALID_FOR_GAME"),
        ("", "or your seat's token to replay what your seat saw"),
    ],
)
def test_a_wrong_token_or_none_is_one_line_and_a_failure(
    served: Served, token: str, message: str
) -> None:
    game_id, _ = served.in_play["bourgeoisie"]
    result = tabletop("replay", game_id, "--server", served.target, "--token", token, "--json")
    assert result.returncode == 1 and result.stdout == ""
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["replay", "export"])
def test_a_wrong_token_is_not_told_to_call_without_one_where_that_is_refused_too(
    served: Served, command: str, tmp_path: Path
) -> None:
    """The server's refusal of a token that is no seat's and not the arbiter's tells a
    caller to send none, to read what a spectator sees; but ``replay`` and ``export`` read
    a game in play only with a token, so the command says to check it instead."""
    game_id, _ = served.in_play["bruges"]
    output: list[str | Path] = ["-o", tmp_path / "game.jsonl"] if command == "export" else []
    result = tabletop(command, game_id, "--server", served.target, "--token", "bad", *output)
    assert result.returncode == 1 and result.stdout == ""
    said = " ".join(result.stderr.split())
    assert "PERMISSION_DENIED TOKEN_NOT_VALID_FOR_GAME" in said and "spectator" not in said
    assert "check it, or read the game without one once it has ended" in said
    without = tabletop(command, game_id, "--server", served.target, *output)
    assert without.returncode == 1  # as the refusal said: none will not do while it is in play


@pytest.mark.parametrize("seated", [True, False])
def test_exporting_a_game_in_play_asks_for_the_arbiters_token_alone(
    served: Served, seated: bool, tmp_path: Path
) -> None:
    """A seat's token replays its own view, but exports nothing: the refusal offers it only
    to ``replay``, or a reader told to pass it would be refused again with the same words."""
    game_id, tokens = served.in_play["bourgeoisie"]
    token = ["--token", tokens[0]] if seated else []
    result = tabletop("export", game_id, "--server", served.target, *token,
                      "-o", tmp_path / "game.jsonl")  # fmt: skip
    assert result.returncode == 1 and not (tmp_path / "game.jsonl").exists()
    message = " ".join(result.stderr.split())
    assert "pass the arbiter's token with --token, or wait until the game has ended" in message
    assert "seat" not in message and "Traceback" not in message


def test_a_finished_game_is_replayed_from_its_full_record_even_with_a_seats_token(
    served: Served,
) -> None:
    game_id, _ = served.games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(served.games, game_id, 2)
    play_random(served.games, game_id, tokens)
    timeline = _timeline(served.target, game_id, tokens[0])
    assert not isinstance(timeline, SeatTimeline) and timeline.finished
    with GameClient(served.target) as anyone:
        assert timeline.record == fetch_record(anyone, game_id)
    with GameClient(served.target, tokens[0]) as seat:
        # A game that ends while a seat's steps are read is replayed from its record instead.
        assert fetch_seat_timeline(seat, game_id) is None
    result = tabletop("replay", game_id, "--server", served.target, "--token", tokens[0],
                      "--at", "5", "--as", "1", "--json")  # fmt: skip
    assert result.returncode == 0 and "notice" not in json.loads(result.stdout)


def test_the_viewer_shows_the_seats_steps_and_says_whose_view_they_are(served: Served) -> None:
    game_id, tokens = served.in_play["bourgeoisie"]
    seen = _timeline(served.target, game_id, tokens[0])
    screen = shown(Cursor(seen, seen.last, Perspective.SEAT, 0))
    assert "seat 0's view of a game in play, as the server sent it" in screen
    assert f"version {seen.last}/{seen.last}" in screen and "as seat 0 (player 0)" in screen
    viewer = spawn_viewer(game_id, "--server", served.target, "--token", tokens[0])
    viewer.expect(f"version {seen.last}/{seen.last}")
    viewer.expect("not a verified record")
    viewer.send("g")
    viewer.expect(f"version 1/{seen.last}")
    viewer.send("v")  # one view to step through: it stays the seat's
    viewer.expect("as seat 0")
    viewer.send("q")
    assert viewer.exit_code() == 0


def test_the_arbiter_replays_a_game_in_play_in_full_and_reads_its_claim(served: Served) -> None:
    """The arbiter rules on a dispute mid-game, so the arbiter's token shows the full record's
    steps in full (the claim, every hand); a record file of a game in play still does not."""
    game_id, _ = served.games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(served.games, game_id, 2)
    play_random(served.games, game_id, tokens, limit=10)
    served.games.open_dispute(game_id, 5, "the deal looks wrong", tokens[0])
    result = tabletop("replay", game_id, "--server", served.target, "--token", ARBITER,
                      "--next-of", "DisputeOpened", "--as", "full", "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    step = json.loads(result.stdout)
    assert step["event"]["data"]["claim"] == "the deal looks wrong"
    assert all(player["hand"] is not None for player in step["view"]["players"])


def _disputed(served: Served) -> tuple[str, list[str], str]:
    """A game in play with a dispute seat 0 opened and one the arbiter rejected: its id, its
    seats' tokens, and the first 8 characters of the rejected dispute's id."""
    game_id, _ = served.games.create_game("bruges", 2)
    tokens = seat_everyone(served.games, game_id, 2)
    play_random(served.games, game_id, tokens, limit=10)
    served.games.open_dispute(game_id, 5, "that draw skipped my turn", tokens[0])
    rejected, _ = served.games.open_dispute(game_id, 6, "my hand holds two blues", tokens[1])
    served.games.rule_dispute(game_id, rejected, "the draw was in order", False, ARBITER)
    return game_id, tokens, rejected[:8]


def test_the_arbiter_lists_a_game_in_plays_disputes_with_their_claims(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # each claim on one line of the table
    game_id, _, _ = _disputed(served)
    listed = tabletop("dispute", "list", game_id, "--server", served.target, "--token", ARBITER)
    assert listed.returncode == 0, listed.stderr
    assert "that draw skipped my turn" in listed.stdout and "not yet ruled" in listed.stdout


@pytest.mark.parametrize("seated", [True, False], ids=["seat", "spectator"])
def test_anyone_else_lists_a_game_in_plays_disputes_by_their_log_lines_and_reads_no_views(
    served: Served,
    seated: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A claim may name what a seat holds, so the server shows it to the arbiter alone until
    the game ends (docs/api.md); each dispute's line in the game's log it shows anyone, and
    they are listed from the events the server sends, without reading a seat's views of every
    step only to refuse them."""
    game_id, tokens, rejected = _disputed(served)
    watched: list[str] = []
    watch = GameClient.watch_game

    def watching(client: GameClient, game: str, *args: Any, **kwargs: Any) -> Any:
        watched.append(game)
        return watch(client, game, *args, **kwargs)

    monkeypatch.setattr(GameClient, "watch_game", watching)
    monkeypatch.setenv("COLUMNS", "200")
    token = ["--token", tokens[1]] if seated else []
    assert main(["dispute", "list", game_id, "--server", served.target, *token]) == 0
    out, err = capsys.readouterr()
    assert watched == []
    assert "opened by seat 0 about version 5" in out
    assert f"Dispute {rejected} rejected: the draw was in order" in out
    assert "that draw skipped my turn" not in out + err
    assert "a claim is shown to the arbiter alone until the game ends" in " ".join(err.split())


def test_a_finished_games_disputes_are_listed_with_their_claims_for_anyone(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    game_id, tokens, _ = _disputed(served)
    play_random(served.games, game_id, tokens)
    for token in (["--token", tokens[1]], []):
        listed = tabletop("dispute", "list", game_id, "--server", served.target, *token)
        assert listed.returncode == 0, listed.stderr
        assert "that draw skipped my turn" in listed.stdout and "not yet ruled" in listed.stdout
