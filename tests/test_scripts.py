"""`scripts/serve` (like `scripts/test`, through `scripts/setup --if-needed`) sets up only when
it must — no setup has finished yet, or pyproject.toml or scripts/setup changed since the last
one did — and otherwise starts the server at once.

The real scripts run in a copy of the project with a stand-in Python that logs what it is
asked to do, so nothing is installed and no server is started.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

STAND_IN_PYTHON = """#!/usr/bin/env bash
# Logs its arguments. `-m venv DIR` makes DIR with this script as its python and a `tabletop`
# that logs its own arguments; FAIL_INSTALL makes every pip command fail.
echo "python $*" >> "$LOG"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin"
  cp "$0" "$3/bin/python"
  printf '#!/usr/bin/env bash\\necho "tabletop $*" >> "$LOG"\\n' > "$3/bin/tabletop"
  chmod +x "$3/bin/tabletop"
elif [ "$2" = pip ] && [ -n "${FAIL_INSTALL:-}" ]; then
  exit 1
fi
"""
CREATE = "python -m venv .venv"
INSTALL = [
    "python -m pip install --quiet --upgrade pip",
    "python -m pip install --quiet -e .[dev]",
]
START = "tabletop serve --port 50099"


class Project:
    """A copy of the project's scripts and pyproject.toml, served with the stand-in Python."""

    def __init__(self, root: Path) -> None:
        self.root = root / "project"
        (self.root / "scripts").mkdir(parents=True)
        for name in ("serve", "setup"):
            shutil.copy2(ROOT / "scripts" / name, self.root / "scripts" / name)
        shutil.copy2(ROOT / "pyproject.toml", self.root / "pyproject.toml")
        self.python = root / "python3"
        self.python.write_text(STAND_IN_PYTHON)
        self.python.chmod(0o755)
        self.log = root / "log"

    def serve(self, **env: str) -> tuple[int, list[str]]:
        """Run scripts/serve; its exit code and what the stand-ins were asked to do."""
        self.log.write_text("")
        result = subprocess.run(
            [str(self.root / "scripts" / "serve"), "--port", "50099"],
            env={**os.environ, "PYTHON": str(self.python), "LOG": str(self.log), **env},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        return result.returncode, self.log.read_text().splitlines()

    def change(self, name: str) -> None:
        """Edit a file after the last setup: the setup ten seconds ago, the edit now."""
        earlier = time.time() - 10
        for written in self.root.glob(".venv/**/*"):
            os.utime(written, (earlier, earlier), follow_symlinks=False)
        (self.root / name).touch()


def test_serve_sets_up_the_first_time_and_then_starts_at_once(tmp_path: Path) -> None:
    project = Project(tmp_path)
    assert project.serve() == (0, [CREATE, *INSTALL, START])
    assert project.serve() == (0, [START])
    assert project.serve() == (0, [START])


def test_serve_sets_up_again_after_its_inputs_change(tmp_path: Path) -> None:
    project = Project(tmp_path)
    project.serve()
    for name in ("pyproject.toml", "scripts/setup"):
        project.change(name)
        assert project.serve() == (0, [*INSTALL, START]), name
        assert project.serve() == (0, [START]), name


def test_a_setup_that_did_not_finish_is_run_again(tmp_path: Path) -> None:
    project = Project(tmp_path)
    code, done = project.serve(FAIL_INSTALL="1")
    assert code != 0 and done == [CREATE, INSTALL[0]], "a failed setup starts no server"
    assert project.serve() == (0, [*INSTALL, START]), "the half-made .venv is set up"
    project.change("pyproject.toml")
    code, done = project.serve(FAIL_INSTALL="1")
    assert code != 0 and START not in done
    assert project.serve() == (0, [*INSTALL, START])
    assert project.serve() == (0, [START])
