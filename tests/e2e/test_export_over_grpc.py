"""Record files written from a real server are the same bytes every time: `tabletop export`
run twice, and the tournament archive's copy of the same game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from games.core import read_record
from tests.e2e.conftest import RunningServer

pytestmark = pytest.mark.e2e
ROOT = Path(__file__).resolve().parents[2]


def _export(target: str, game_id: str, path: Path) -> bytes:
    """One `tabletop export`, in a process of its own as a user runs it (each process reads
    the server's protobuf payloads afresh)."""
    command = [sys.executable, "-m", "cli.main", "export", game_id, "-o", str(path)]
    result = subprocess.run(
        [*command, "--server", target], cwd=ROOT, capture_output=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return path.read_bytes()


def test_two_exports_and_the_archive_copy_are_byte_identical(
    server: RunningServer, tmp_path: Path
) -> None:
    archive = tmp_path / "archive"
    argv = ["tournament", "run", "Export cup", "--server", server.target, "--game", "burgundy"]
    argv += ["--players", "2", "--seats", "2", "--rounds", "1", "--format", "round-robin"]
    assert main([*argv, "--bot", "random", "--export", str(archive)]) == 0
    archived = (archive / "games" / "round-1-table-1.jsonl").read_bytes()
    game_id = str(read_record(archived.decode().splitlines()).header["game_id"])
    first = _export(server.target, game_id, tmp_path / "e1.jsonl")
    second = _export(server.target, game_id, tmp_path / "e2.jsonl")
    assert first == second
    assert first == archived
    chains = [e.chain for e in read_record(first.decode().splitlines()).events]
    assert chains == [e.chain for e in server.games.read_events(game_id)]  # as sealed


def test_export_names_a_file_whose_name_looks_like_rich_markup_as_given(
    server: RunningServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "run", "--server", server.target, "--players", "2", "--seats", "2"]
    assert main([*argv, "--rounds", "1", "--export", str(tmp_path / "cup")]) == 0
    archived = (tmp_path / "cup" / "games" / "round-1-table-1.jsonl").read_text()
    game_id = str(read_record(archived.splitlines()).header["game_id"])
    path = tmp_path / "game [bold]1.jsonl"  # rich would read [bold] as a style and drop it
    capsys.readouterr()
    assert main(["export", game_id, "-o", str(path), "--server", server.target]) == 0
    out, err = capsys.readouterr()
    assert f"to {path}" in " ".join((out + err).split())
