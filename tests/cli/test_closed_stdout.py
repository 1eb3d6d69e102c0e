"""A reader that stops early (``tabletop replay --json | head``) ends tabletop quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from cli.main import CLOSED_STDOUT

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests" / "golden" / "bourgeoisie" / "bourgeoisie-2p-2.jsonl"


def _with_stdout_closed(*args: str) -> subprocess.CompletedProcess[str]:
    """Run tabletop writing into a pipe whose reader has already gone."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        return subprocess.run(
            [sys.executable, "-m", "cli.main", *args],
            cwd=ROOT,
            stdout=writer,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(writer)


def test_a_closed_stdout_ends_the_command_without_a_traceback() -> None:
    result = _with_stdout_closed("replay", str(RECORD), "--json")
    assert result.stderr == ""
    assert result.returncode == CLOSED_STDOUT


def test_a_rich_table_into_a_closed_stdout_ends_the_same_way() -> None:
    result = _with_stdout_closed("verify", str(RECORD), str(RECORD.parent))
    assert "Traceback" not in result.stderr and "Broken pipe" not in result.stderr
    assert result.returncode == CLOSED_STDOUT, "one status, whichever way a command writes"
