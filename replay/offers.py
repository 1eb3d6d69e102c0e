"""What the game offered after a step, as one view of it may read it.

A seat's options name what only it may see (the cards in its hand), so they are listed to full
information and to that seat; any other view of a record learns only how many there were. A
seat's own replay of a game in play holds its own options alone: the server never sends one
seat another's, so there not even their number is known. Inside one cause's events no one was
asked anything (``Timeline.asked_after``). ``replay --json`` and the viewer's ``l`` panel both
read them from here, so they show the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group
from rich.text import Text

from clients.render.seats import seat_name
from replay.timeline import Perspective, Timeline


@dataclass(frozen=True)
class Offers:
    """The seat asked to decide after a step (None: no one was), and what this view may read
    of its options: their lines and actions where it may see them, else their number where
    that is known (None where it is not)."""

    to_act: int | None
    lines: list[str] | None
    actions: list[object] | None
    count: int | None


def offers_at(
    timeline: Timeline, version: int, perspective: Perspective, seat: int | None
) -> Offers:
    """What ``perspective`` (as ``seat``) may read of the options offered after ``version``."""
    to_act, offered = timeline.offered(version)
    if perspective is Perspective.FULL or (seat is not None and seat == to_act):
        lines = [line for _, line in offered]
        return Offers(to_act, lines, [action for action, _ in offered], len(offered))
    known = timeline.seat_only is None or to_act is None
    return Offers(to_act, None, None, len(offered) if known else None)


def offers_panel(
    timeline: Timeline,
    version: int,
    perspective: Perspective,
    seat: int | None,
    names: Sequence[str] = (),
) -> Group:
    """What was offered after ``version``, as ``perspective`` may read it, under a heading:
    the viewer's ``l`` panel."""
    heading, lines = _offers_text(
        timeline, version, offers_at(timeline, version, perspective, seat), names
    )
    return Group(Text(heading, style="bold"), *(Text(line) for line in lines))


def _offers_text(
    timeline: Timeline, version: int, offers: Offers, names: Sequence[str]
) -> tuple[str, list[str]]:
    """A heading and numbered lines saying what was offered after ``version``."""
    if offers.to_act is None:
        return "no decision asked", [_why_no_one(timeline, version)]
    heading = f"what {seat_name(names, offers.to_act)} could do after this step"
    if offers.lines is not None:
        numbered = [f"{n}. {line}" for n, line in enumerate(offers.lines, start=1)]
        return heading, numbered or ["(nothing: no legal action)"]
    if offers.count is None:
        return heading, ["another seat's options are never sent to this one"]
    return heading, [
        f"{offers.count} options, listed to full information and to that seat: they can "
        "name what only it may see (press v for its view)"
    ]


def _why_no_one(timeline: Timeline, version: int) -> str:
    if timeline.outcome(version) is not None:
        return "the game had ended"
    if not timeline.asked_after(version):
        return (
            "this step is inside one cause's events, stored together: no one decides between "
            "them (the decision comes after the last of them)"
        )
    return "no seat had a decision to make (the seats were not all taken)"
