"""What the replay commands show on stderr while they work for more than a moment on a long
game: a bar while an HTML page's boards are drawn, a count while a game's events are read from
a server (``clients.progress``, which the tournament archive's export counts with too). Both
clear themselves when done, leaving the line that says what was done; on a pipe or a file rich
draws nothing, so a script reads only that line."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

from rich.progress import track

from clients.progress import console, counting
from replay.timeline import Frame

Read = TypeVar("Read")


def drawing(frames: Sequence[Frame]) -> Iterable[Frame]:
    """A bar while the boards of ``frames`` are drawn (seconds, in a long game)."""
    off = not console.is_terminal  # else a blank line is left on a pipe
    return track(frames, "drawing the boards", console=console, transient=True, disable=off)


def reading(events: Iterable[Read]) -> Iterator[Read]:
    """A count of ``events`` as they are read from a server (each a game's event: in its
    record, in a seat's view of it, or its chain value alone): a 10,000-event game takes
    seconds, and how many there are is known only once the last has come."""
    with counting("reading the game's events") as count:
        for event in events:
            yield event
            count.advance()
