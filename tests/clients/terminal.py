"""Driving ``tabletop play`` through a pseudo-terminal, as a person at a keyboard would.

The player runs in a child process whose stdin, stdout and stderr are the slave side of a new
pty (so rich and ``input`` see a real terminal); the test reads and types on the master side
with pexpect. The child is started by ``subprocess`` rather than pexpect's own ``pty.fork``:
this test process runs gRPC servers, and forking it at the Python level runs gRPC's fork
handlers, which can break the child before it even starts.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import TYPE_CHECKING

from pexpect import fdpexpect

ROOT = Path(__file__).resolve().parents[2]
KEYS = r", b board, \? help, q to leave\]: "
"""The keys every choice prompt names after its numbers."""
PROMPT = r"Your choice \[1(?:-\d+)?(?:, a letter opens a group)?" + KEYS
"""The choice prompt: ``[1-7, b board, ? help, q to leave]``, or ``[1, ...]`` for a single
choice, or ``[1-160, a letter opens a group, ...]`` for a list folded (``FOLDED_PROMPT``)."""
FOLDED_PROMPT = r"Your choice \[1-\d+, a letter opens a group" + KEYS
GAME_OVER = r"Game over: you finished in place (\d)"
ROWS, COLUMNS = 50, 120


if TYPE_CHECKING:  # the stubs make fdspawn generic in what it reads; the class is not
    _Spawn = fdpexpect.fdspawn[str]
else:
    _Spawn = fdpexpect.fdspawn


class Terminal(_Spawn):
    """The master side of the pty, with the child process behind it."""

    process: subprocess.Popen[bytes]

    def exit_code(self, timeout: float = 30) -> int:
        return self.process.wait(timeout)

    def group(self, number: int) -> str:
        """Group ``number`` of what the last ``expect`` matched (a pattern, not EOF)."""
        assert isinstance(self.match, re.Match), f"the last expect matched {self.match!r}"
        return self.match.group(number)

    def shown_before(self) -> str:
        """What the terminal showed before the last ``expect``'s match."""
        assert self.before is not None, "no expect has matched yet"
        return self.before


def spawn_play(
    *arguments: str, transcript: list[str], rows: int = ROWS, columns: int = COLUMNS
) -> Terminal:
    """``tabletop play ARGUMENTS`` in a pseudo-terminal of ``rows`` by ``columns`` (50x120
    unless said); what it shows is appended to ``transcript``. TERM=dumb keeps the screen
    free of colour codes."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "PYTHONPATH": str(ROOT)}
    env.update(COLUMNS=str(columns), LINES=str(rows))
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "play", *arguments],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    terminal = Terminal(master, encoding="utf-8", timeout=60)
    terminal.process = process
    terminal.logfile_read = _Recorder(transcript)
    return terminal


class _Recorder:
    """A file-like sink collecting what the terminal showed."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def write(self, text: str) -> None:
        self.lines.append(text)

    def flush(self) -> None:
        pass
