"""Another language integrates: the Node.js client in ``clients/node`` (grpc-js with the .proto
files loaded at run time) creates a game, takes a seat, lists legal actions, reads a refusal's
reason, submits an action and reads the events, against a live server, in plaintext and over
TLS trusting a CA file (by flag or by environment, as the tabletop commands do).

Without ``node`` or ``clients/node/node_modules`` (``npm ci`` there) the test is skipped on a
developer's machine, and fails when ``REQUIRE_SERVICES=1`` (CI installs them)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

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


def test_a_bot_of_ones_own_reuses_the_node_client(server: RestartableServer) -> None:
    # required as a module, quickstart.js runs nothing of its own (no game, no output)
    base = {k: v for k, v in os.environ.items() if not k.startswith("TABLETOP_")}
    done = subprocess.run(
        [_node(), "-e", REUSE, "--", "--server", server.target],
        cwd=NODE_CLIENT,
        env={**base, "TABLETOP_SERVER": "127.0.0.1:1"},  # only --server may be used
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    assert re.fullmatch(r"reused: bruges at version \d+\n", done.stdout), done.stdout
