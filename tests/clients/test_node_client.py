"""Another language integrates: the Node.js client in ``clients/node`` (grpc-js with the .proto
files loaded at run time) creates a game, takes a seat, lists legal actions, reads a refusal's
reason, submits an action and reads the events, against a live server, in plaintext and over
TLS trusting a CA file (by flag or by environment, as the tabletop commands do); its bot
(``bot.js``) plays a seat to the end, through a server restart too.

Without ``node`` or ``clients/node/node_modules`` (``npm ci`` there) the test is skipped on a
developer's machine, and fails when ``REQUIRE_SERVICES=1`` (CI installs them)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from tabletop.v1 import common_pb2

from clients.sdk import GameClient
from tests.clients.servers import RestartableServer, TlsServer

pytestmark = pytest.mark.e2e
NODE_CLIENT = Path(__file__).resolve().parents[2] / "clients" / "node"


def _node() -> str:
    node = shutil.which("node")
    missing = None
    if node is None:
        missing = "node is not installed"
    elif not (NODE_CLIENT / "node_modules" / "@grpc" / "grpc-js").is_dir():
        missing = f"Node.js dependencies are not installed: run `npm ci` in {NODE_CLIENT}"
    if missing is not None:
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(missing)
        pytest.skip(missing)
    assert node is not None
    return node


def _quickstart(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``node quickstart.js`` with ``args``, and ``env`` over a clean TABLETOP_* environment."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    return subprocess.run(
        [_node(), "quickstart.js", *args],
        cwd=NODE_CLIENT,
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_node_client_plays_an_action_against_a_live_server(server: RestartableServer) -> None:
    _assert_played(_quickstart("--server", server.target))


def test_the_node_client_plays_over_tls_trusting_a_ca_file(tls_server: TlsServer) -> None:
    _assert_played(_quickstart("--server", tls_server.target, "--tls-ca", str(tls_server.ca_cert)))
    by_env = {"TABLETOP_SERVER": tls_server.target, "TABLETOP_TLS_CA": str(tls_server.ca_cert)}
    _assert_played(_quickstart(env=by_env))
    plaintext = _quickstart("--server", tls_server.target)
    assert plaintext.returncode == 1 and plaintext.stderr.startswith("error: UNAVAILABLE")


def test_the_node_client_refuses_a_ca_file_it_cannot_read(tmp_path: Path) -> None:
    missing = tmp_path / "none.pem"
    done = _quickstart("--server", "127.0.0.1:1", "--tls-ca", str(missing))
    assert done.returncode == 2
    [line] = done.stderr.strip().splitlines()
    assert line.startswith("error: INVALID_ARGUMENT BAD_TLS_CA") and str(missing) in line


def _assert_played(done: subprocess.CompletedProcess[str]) -> None:
    """The quickstart ran its whole flow: a game, a seat, a refusal, an action, its events."""
    out = done.stdout
    assert done.returncode == 0, done.stderr + out
    game_id = re.search(r"created game ([0-9a-f-]{36}) at version \d+", out)
    assert game_id, out
    assert re.search(r"took seat \d \(the seat to act first\)", out)
    assert re.search(r"version \d+: \d+ legal actions for seat \d", out)
    assert "refused as expected: ABORTED STALE_VERSION" in out
    submitted = re.search(r"now at version (\d+)", out)
    assert submitted, out
    stored = re.findall(r"^  v(\d+) bourgeoisie\.\w+: .+$", out, re.MULTILINE)
    assert stored and int(stored[-1]) == int(submitted.group(1))
    watched = re.findall(r"^  update v(\d+) bourgeoisie\.\w+", out, re.MULTILINE)
    assert watched == stored, "WatchGame sends the same events as ReadEvents"
    assert re.search(r"^  update v\d+ .+; seat \d to act$", out, re.MULTILINE), "latest marked"
    assert f"  caught up at version {submitted.group(1)}" in out


def test_the_node_client_reports_a_server_that_is_down() -> None:
    done = _quickstart("--server", "127.0.0.1:1")
    assert done.returncode == 1
    assert done.stderr.startswith("error: UNAVAILABLE")


REUSE = """
const { loadService, connectionFromArgs, call } = require("./quickstart.js");
const client = loadService(connectionFromArgs(process.argv.slice(1), process.env));
call(client, "CreateGame", { game: "GAME_KIND_BRUGES", seats: 2 })
  .then(({ game_id }) => call(client, "GetView", { game_id, perspective: "PERSPECTIVE_PUBLIC" }))
  .then((view) => { console.log(`reused: ${view.view.game} at version ${view.version}`); })
  .finally(() => client.close());
"""


def _script(script: str, target: str) -> subprocess.CompletedProcess[str]:
    """``node -e script -- --server target`` in the client's folder, as a bot of one's own
    requires its modules; TABLETOP_SERVER names no server, so only ``--server`` may be used."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    return subprocess.run(
        [_node(), "-e", script, "--", "--server", target],
        cwd=NODE_CLIENT,
        env={**base, "TABLETOP_SERVER": "127.0.0.1:1"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_bot_of_ones_own_reuses_the_node_client(server: RestartableServer) -> None:
    # required as a module, quickstart.js runs nothing of its own (no game, no output)
    done = _script(REUSE, server.target)
    assert done.returncode == 0, done.stderr + done.stdout
    assert re.fullmatch(r"reused: bruges at version \d+\n", done.stdout), done.stdout


STRATEGY = """
const { loadService, connectionFromArgs, call } = require("./quickstart.js");
const { playSeat } = require("./bot.js");
const client = loadService(connectionFromArgs(process.argv.slice(1), process.env));
let decisions = 0;
const lastListed = (actions) => { decisions += 1; return actions[actions.length - 1]; };
(async () => {
  const { game_id } = await call(client, "CreateGame", { game: "GAME_KIND_BOURGEOISIE", seats: 2 });
  const seats = [];
  for (const player_name of ["Ada", "Bob"]) {
    seats.push(await call(client, "JoinGame", { game_id, player_name }));
  }
  const play = ({ token, seat }) => playSeat(client, game_id, token, seat, lastListed);
  await Promise.all(seats.map(play));
  console.log(`${game_id} ${decisions}`);
})().finally(() => client.close());
"""


def test_a_bot_of_ones_own_plays_with_its_own_strategy(server: RestartableServer) -> None:
    """bot.js required as a module: ``playSeat`` takes the strategy, so a bot of one's own need
    not edit bot.js; every action stored is the one the strategy chose (the last listed)."""
    done = _script(STRATEGY, server.target)
    assert done.returncode == 0, done.stderr + done.stdout
    game_id, decisions = done.stdout.split()
    with GameClient(server.target) as client:
        assert client.get_view(game_id, "public").status.finished
        actions = [
            e for e in client.read_events(game_id) if e.cause.kind == common_pb2.CAUSE_KIND_ACTION
        ]
    assert int(decisions) == len({e.cause.command_id for e in actions}) > 0


def _bots(target: str, game: str, seats: int) -> tuple[str, list[subprocess.Popen[str]]]:
    """A new game and a ``node bot.js`` process at each of its seats."""
    with GameClient(target) as client:
        game_id = client.create_game(game, seats).game_id
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    bots = [
        subprocess.Popen(
            [_node(), "bot.js", game_id, "--seat", str(seat), "--server", target],
            cwd=NODE_CLIENT,
            env=base,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seat in range(seats)
    ]
    return game_id, bots


def _assert_played_to_the_end(target: str, game_id: str, bots: list[subprocess.Popen[str]]) -> None:
    """Every bot exited 0 saying its seat's score and place, as the finished game has them."""
    done = [bot.communicate(timeout=120) for bot in bots]
    with GameClient(target) as client:
        outcome = client.get_view(game_id, "public").status.outcome
    for seat, (bot, (out, err)) in enumerate(zip(bots, done, strict=True)):
        assert bot.returncode == 0, err + out
        said = f"game over: seat {seat} scored {outcome.scores[seat]}, place {outcome.places[seat]}"
        assert out.splitlines()[-1] == said, out


@pytest.mark.parametrize("game", ["bourgeoisie", "burgundy", "bruges"])
def test_the_node_bot_plays_every_seat_to_the_end(server: RestartableServer, game: str) -> None:
    game_id, bots = _bots(server.target, game, 2)
    _assert_played_to_the_end(server.target, game_id, bots)


def test_the_node_bot_plays_on_through_a_server_restart(restartable: RestartableServer) -> None:
    game_id, bots = _bots(restartable.target, "burgundy", 2)
    with GameClient(restartable.target) as client:
        while client.get_view(game_id, "public").version < 60:
            time.sleep(0.05)
    restartable.restart()
    with GameClient(restartable.target) as client:
        assert not client.get_view(game_id, "public").status.finished, "restarted too late"
    _assert_played_to_the_end(restartable.target, game_id, bots)
