"""The count a command shows on stderr while it reads for more than a moment from a server: of
what has come so far, and out of how many once that is known. It clears itself when done,
leaving the line that says what was done; on a pipe or a file rich draws nothing, so a script
reads only that line. ``replay`` counts a game's events with it, ``tournament export`` the
game records of an archive."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TaskID, TextColumn

console = Console(stderr=True)


class Count:
    """The count on show: ``advance`` as each thing is done, ``expect`` once their number is
    known (the server may tell it only part way)."""

    def __init__(self, progress: Progress, task: TaskID) -> None:
        self._progress = progress
        self._task = task

    def advance(self) -> None:
        self._progress.advance(self._task)

    def expect(self, total: int) -> None:
        self._progress.update(self._task, total=total, of=f" of {total:,}")


@contextmanager
def counting(what: str) -> Iterator[Count]:
    """A count of ``what`` ("reading the game's events: 1,234", then "... 3 of 12") while the
    block runs, cleared at its end."""
    shown = TextColumn("{task.description}: {task.completed:,}{task.fields[of]}")
    # Off a terminal rich would still leave a blank line where the count was: none at all.
    off = not console.is_terminal
    with Progress(SpinnerColumn(), shown, console=console, transient=True, disable=off) as progress:
        yield Count(progress, progress.add_task(what, total=None, of=""))
