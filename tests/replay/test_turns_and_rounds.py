"""A replayed step's turn and round are the ones the game itself counts at that version.

The turn is the one the game's view shows — also on the automatic events that open a turn,
which the previous turn's last action brought about. The round is the game's own where its
rules have rounds: Bruges's view's round, and Burgundy's round of the game, 1..25, which its
view shows as a phase (A..E) and a round within it (1..5); Bourgeoisie's is the lap of turns
its view's turn falls in. Checked on every version of every
golden game, and on a game played on a real server against GetView and `tabletop replay --json`;
and seeking by round lands on the step where the game begins each round.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from clients.sdk import GameClient
from games.core import GameRecord, apply
from games.core.codec import Codec
from games.core.meta import META_CODEC
from replay.sources import fetch_record, open_record
from replay.timeline import Timeline, lap_of
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.bus import LocalBus
from services.settings import Settings
from tests.replay.conftest import GOLDEN_FILES
from tests.replay.test_cli import tabletop
from tests.replay.test_terminal_viewer import spawn_viewer
from tests.support.play import play_random

ARBITER = "turns-arbiter"

GAME_ROUND: dict[str, Callable[[Any], int]] = {
    "bruges": lambda view: int(view.round),
    "burgundy": lambda view: 5 * (view.phase - 1) + view.round if view.phase else 0,
}
"""The round of the game, read off a public view, for each game whose rules have rounds."""

COUNTED = [path for path in GOLDEN_FILES if path.parent.name in GAME_ROUND]


def _public_views(record: GameRecord) -> list[Any]:
    """The public view after each event of ``record``, folded here, apart from the replay."""
    rules = Timeline(record).rules
    codec = Codec.combine(META_CODEC, rules.events)
    state: Any = None
    views = []
    for recorded in record.events:
        state = apply(rules, state, codec.decode(recorded.event))
        views.append(rules.view(state, None))
    return views


def test_every_step_carries_the_turn_its_view_shows(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    rules = timeline.rules
    shown = [getattr(view, "turn", None) for view in _public_views(golden)]
    if set(shown) == {None}:
        assert rules.turn is None, "a game that numbers turns shows the number in its views"
        return
    assert [frame.turn for frame in timeline.frames] == shown


def test_every_step_carries_the_round_the_game_counts(golden: GameRecord) -> None:
    timeline = Timeline(golden)
    rules = timeline.rules
    views = _public_views(golden)
    if rules.name in GAME_ROUND:
        counted = [GAME_ROUND[rules.name](view) for view in views]
    else:
        # Bourgeoisie's seed has turns only ("Players take turns"), passed round the table:
        # its rounds are the laps of its view's turns.
        assert rules.round is None and not any(hasattr(view, "round") for view in views)
        counted = [lap_of(view.turn, timeline.seats) for view in views]
    assert [frame.round for frame in timeline.frames] == counted
    assert counted[0] == 0 and counted[-1] == max(counted) > 1


@pytest.fixture(params=COUNTED, ids=[p.stem for p in COUNTED])
def counted(request: pytest.FixtureRequest) -> Timeline:
    """A golden game of a game whose rules count rounds."""
    return Timeline(open_record(request.param))


def test_seeking_by_round_lands_where_the_game_begins_each_round(counted: Timeline) -> None:
    timeline = counted
    began = [f.version for f in timeline.frames if f.recorded.event.type.endswith(".RoundBegan")]
    forward, version = [], 1
    while (found := timeline.next_round(version)) is not None:
        forward.append(version := found)
    assert forward == began
    assert [timeline.frame(v).round for v in forward] == list(range(1, len(began) + 1))
    backward, version = [], timeline.last
    while (found := timeline.previous_round(version)) is not None:
        backward.append(version := found)
    assert backward == [*reversed(began[:-1]), 1]


def test_burgundy_shows_the_round_of_the_game_with_its_phase_and_round_in_the_phase() -> None:
    record = next(path for path in COUNTED if path.parent.name == "burgundy")
    timeline = Timeline(open_record(record))
    began = [f.version for f in timeline.frames if f.recorded.event.type == "burgundy.RoundBegan"]
    assert len(began) == 25
    seventh = timeline.frame(began[6])
    assert seventh.round == 7 and seventh.description.startswith("Phase B, round 2:")
    assert timeline.round_text(seventh.version) == "round 7 (phase B, round 2)"
    # Phase B has begun, but its first round not yet: still round 5, of phase A.
    assert timeline.round_text(began[5] - 1) == "round 5"
    assert timeline.round_text(1) == "round 0"
    step = json.loads(tabletop("replay", record, "--at", str(began[6]), "--json").stdout)
    assert step["round"] == 7 and (step["view"]["phase"], step["view"]["round"]) == (2, 2)
    plain = tabletop("replay", record, "--at", str(began[6]))
    assert plain.returncode == 0, plain.stderr
    assert "round 7 (phase B, round 2)" in plain.stdout.splitlines()[0]


def test_seeking_a_burgundy_round_from_the_keyboard() -> None:
    record = next(path for path in COUNTED if path.parent.name == "burgundy")
    timeline = Timeline(open_record(record))
    began = [f.version for f in timeline.frames if f.recorded.event.type == "burgundy.RoundBegan"]
    last, start = timeline.last, began[4] + 3  # inside round 5, phase A's last
    assert start < began[5]
    viewer = spawn_viewer(str(record), "--as", "0")
    viewer.expect_exact(f"version {last}/{last}")
    viewer.send(f":{start}\r")
    viewer.expect_exact(
        f"version {start}/{last} · turn {timeline.frame(start).turn} · round 5 (phase A"
    )
    viewer.send("r")
    sixth = timeline.frame(began[5])
    viewer.expect_exact(
        f"version {began[5]}/{last} · turn {sixth.turn} · round 6 (phase B, round 1)"
    )
    viewer.send("r")
    viewer.expect_exact(
        f"version {began[6]}/{last} · turn {timeline.frame(began[6]).turn} · round 7"
    )
    viewer.send("R")
    viewer.expect_exact(
        f"version {began[5]}/{last} · turn {sixth.turn} · round 6 (phase B, round 1)"
    )
    viewer.send("q")
    assert viewer.exit_code() == 0


@pytest.fixture
def target(tmp_path: Path) -> Iterator[tuple[str, Games]]:
    """A real gRPC server on a free port over a SQLite file, and the use cases behind it."""
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    games = Games(store, arbiter_token=ARBITER)
    server, port = build_server(games, LocalBus(), "127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}", games
    server.stop(grace=None).wait()
    store.close()


@pytest.mark.e2e
def test_getview_and_replay_json_agree_on_the_turn_at_every_version(
    target: tuple[str, Games],
) -> None:
    address, games = target
    with GameClient(address, ARBITER) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        tokens = [client.join_game(game_id, f"player {n}").token for n in range(2)]
        play_random(games, game_id, tokens, seed=3, limit=30)
        timeline = Timeline(fetch_record(client, game_id))
        served = [
            client.get_view(game_id, "public", version).view.bourgeoisie.turn
            for version in range(1, timeline.last + 1)
        ]
    assert [frame.turn for frame in timeline.frames] == served
    # Where the two used to part: a turn begun by the previous seat's last action.
    begun = [
        frame.version
        for frame in timeline.frames
        if frame.recorded.event.type == "bourgeoisie.TurnBegan" and frame.actor is not None
    ]
    assert len(begun) > 3
    for version in (begun[0], begun[-1], begun[-1] - 1):
        result = tabletop(
            "replay", game_id, "--server", address, "--token", ARBITER,
            "--at", str(version), "--json",
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        step = json.loads(result.stdout)
        assert step["turn"] == step["view"]["turn"] == served[version - 1]


@pytest.mark.e2e
@pytest.mark.parametrize("game", sorted(GAME_ROUND))
def test_getview_and_replay_json_agree_on_the_round_at_every_version(
    target: tuple[str, Games], game: str
) -> None:
    address, games = target
    with GameClient(address, ARBITER) as client:
        game_id = client.create_game(game, 2).game_id
        tokens = [client.join_game(game_id, f"player {n}").token for n in range(2)]
        play_random(games, game_id, tokens, seed=5, limit=150)
        timeline = Timeline(fetch_record(client, game_id))
        served = [
            GAME_ROUND[game](getattr(client.get_view(game_id, "public", version).view, game))
            for version in range(1, timeline.last + 1)
        ]
    assert [frame.round for frame in timeline.frames] == served
    assert served[-1] > 2
    # A round begun by the previous round's last action is already the new round.
    began = timeline.next_round(timeline.next_round(1) or 1)
    assert began is not None and timeline.frame(began).actor is not None
    result = tabletop(
        "replay", game_id, "--server", address, "--token", ARBITER,
        "--at", str(began), "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["round"] == served[began - 1] == 2
