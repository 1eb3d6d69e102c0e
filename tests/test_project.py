"""Project-wide checks that belong to the test command: layering and generated code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_layers_of_design_section_2_hold() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = _run(str(lint_imports), "--no-cache")
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 broken" in result.stdout


def test_generated_protobuf_code_matches_the_proto_files() -> None:
    result = _run(sys.executable, "proto/generate.py", "--check")
    assert result.returncode == 0, result.stderr
