"""``tabletop verify --server`` when the server gives no answer (docs/record-format.md, "Exit
status"): nothing listens at the address, or it does not answer before the deadline. The
record's own checks still run and are shown; the comparison is reported as not done, and why;
the exit status (4) tells "could not ask" apart from "failed" (1). A server that answers that
it holds no such game fails the record: that is an answer about it. An address that is no
server's is a mistake in the command (2)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.sdk import GameClient
from games.core import GameRecord
from replay.trusted import against_server_games
from replay.verify import Conclusion
from replay.verify_cli import EXIT_STATUS
from tests.replay.conftest import GOLDEN_FILES
from tests.replay.test_cli import tabletop
from tests.replay.test_verify_claims import _illegal, _record, _write
from tests.support.services import free_port
from tests.support.verified import verified

pytestmark = pytest.mark.e2e

NOT_COMPARED = 4
"""``tabletop verify``'s exit status for a record not compared with the server."""


def _said(stderr: str) -> str:
    """What the command said, its lines joined as one (rich wraps them to the terminal)."""
    return " ".join(stderr.split())


@pytest.fixture
def closed_port() -> str:
    """An address where nothing listens."""
    return f"127.0.0.1:{free_port()}"


def test_a_server_that_cannot_be_reached_leaves_the_record_not_compared(
    served: tuple[str, GameRecord], closed_port: str, tmp_path: Path
) -> None:
    target, record = served
    path = _write(tmp_path / "game.jsonl", record)
    unreached = tabletop("verify", path, "--server", closed_port)
    assert unreached.returncode == NOT_COMPARED, unreached.stderr
    said = _said(unreached.stderr)
    assert "✓ every recorded action re-decided with the revealed seed" in said
    assert f"? not compared with the server: no tabletop server answers at {closed_port}" in said
    assert "record NOT COMPARED with the server" in said
    assert "FAILED" not in said and "Traceback" not in said
    reached = tabletop("verify", path, "--server", target)
    assert reached.returncode == 0, reached.stderr
    assert "✓ the record closes on the server's last chain value" in reached.stderr


def test_a_record_that_fails_its_own_checks_fails_whatever_the_server(
    closed_port: str, tmp_path: Path
) -> None:
    forged = _write(tmp_path / "forged.jsonl", _illegal(_record()))
    result = tabletop("verify", forged, "--server", closed_port)
    assert result.returncode == 1, result.stderr
    said = _said(result.stderr)
    assert "✗ version" in said and "? not compared with the server" in said


def test_every_record_of_a_folder_is_left_not_compared(closed_port: str, tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for path in GOLDEN_FILES[:2]:
        (folder / path.name).write_text(path.read_text())
    result = tabletop("verify", folder, "--server", closed_port)
    assert result.returncode == NOT_COMPARED, result.stderr
    assert "0 verified, 0 failed, 2 not compared with the server" in result.stderr
    assert result.stdout.count("not compared") == 2


def test_an_address_that_is_no_servers_is_a_mistake_in_the_command() -> None:
    result = tabletop("verify", GOLDEN_FILES[0], "--server", "127.0.0.1")  # no port
    assert result.returncode == 2, result.stderr  # never 4: answers will not come by waiting
    said = _said(result.stderr)
    assert "error:" in said and "has no port" in said and "Traceback" not in said


def test_a_server_that_does_not_hold_the_game_fails_the_record_and_says_so(
    served: tuple[str, GameRecord],
) -> None:
    target, _ = served
    result = tabletop("verify", GOLDEN_FILES[0], "--server", target)
    assert result.returncode == 1, result.stderr
    said = _said(result.stderr)
    assert "✗ the server holds no game" in said and "is the server that created it" in said
    assert "not compared" not in said and "Traceback" not in said


class SilentReadEvents:
    """A real gRPC server whose ReadEvents takes each call and never answers it, as a server
    stuck behind its store would; it notes the game each call asked for."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.released = threading.Event()
        handler = grpc.unary_stream_rpc_method_handler(
            self._read_events,
            request_deserializer=pb.ReadEventsRequest.FromString,
            response_serializer=pb.ReadEventsResponse.SerializeToString,
        )
        service = grpc.method_handlers_generic_handler(
            "tabletop.v1.GameService", {"ReadEvents": handler}
        )
        self.server = grpc.server(ThreadPoolExecutor(max_workers=4), handlers=[service])
        self.target = f"127.0.0.1:{self.server.add_insecure_port('127.0.0.1:0')}"

    def _read_events(
        self, request: pb.ReadEventsRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.ReadEventsResponse]:
        self.asked.append(request.game_id)
        self.released.wait(timeout=30)
        yield from ()


@pytest.fixture
def silent() -> Iterator[SilentReadEvents]:
    server = SilentReadEvents()
    server.server.start()
    yield server
    server.released.set()
    server.server.stop(grace=None).wait()


def test_a_server_that_does_not_answer_in_time_is_asked_once(silent: SilentReadEvents) -> None:
    records = [_record(path) for path in GOLDEN_FILES[:2]]
    checked, read_again = verified([(f"{n}.jsonl", r) for n, r in enumerate(records)])
    with GameClient(silent.target, stream_timeout=0.5) as client:
        against_server_games(client, checked, read_again)
    assert silent.asked == [records[0].header["game_id"]]  # not asked again for the next
    for item in checked:
        verdict = item.verdict
        assert verdict.problems == [] and verdict.conclusion is Conclusion.NOT_COMPARED
        assert verdict.not_compared == (
            f"the server at {silent.target} did not answer before the call's deadline"
        )
        assert EXIT_STATUS[verdict.conclusion] == NOT_COMPARED
