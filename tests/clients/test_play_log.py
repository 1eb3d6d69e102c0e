"""The log ``tabletop play`` shows before each decision: every event since the seat's last
decision, and only the latest of the game's history when the seat joins or comes back."""

from __future__ import annotations

import io
from typing import cast

from rich.console import Console
from tabletop.v1 import common_pb2

from clients.play import SHOWN_EVENTS, TerminalPlayer
from clients.sdk import GameClient


def events(first: int, last: int) -> list[common_pb2.Event]:
    """Events ``first`` to ``last``, each another seat's."""
    return [
        common_pb2.Event(version=v, type="bourgeoisie.PhaseEntered", description=f"Seat 1 did {v}")
        for v in range(first, last + 1)
    ]


def shown(player: TerminalPlayer, console: Console) -> str:
    player._show_since()
    return console.export_text()


def test_every_event_since_the_last_decision_is_listed_however_many() -> None:
    """Two other seats' Bourgeoisie turns are some thirty events, most of them phases entered:
    cut to the latest 25, the first seat's purchases went unseen ("… 12 earlier events")."""
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    player = TerminalPlayer(cast("GameClient", None), "game", 0, console)
    player.since = events(1, 40)  # the history the watch replays on joining
    joined = shown(player, console)
    assert f"… {40 - SHOWN_EVENTS} earlier events" in joined
    assert "v15 " not in joined and "v16 " in joined
    player.since = events(41, 80)  # the other seats' turns before the next decision
    later = shown(player, console)
    assert "earlier events" not in later
    assert all(f"v{version} Seat 1 did {version}" in later for version in range(41, 81))


def caused(event: common_pb2.Event, kind: int, seat: int, command: str) -> common_pb2.Event:
    event.cause.CopyFrom(common_pb2.Cause(kind=kind, seat=seat, command_id=command))
    return event


def test_coming_back_lists_everything_since_the_seats_last_decision() -> None:
    """Seat 0 decided at v20 (its action and what it set off, v20 to v22) and left; the
    others played on to v60: all of that is listed, not only the latest 25."""
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    player = TerminalPlayer(cast("GameClient", None), "game", 0, console)
    history = events(1, 60)
    for version in (20, 21, 22):
        caused(history[version - 1], common_pb2.CAUSE_KIND_ACTION, 0, "decided")
    caused(history[30], common_pb2.CAUSE_KIND_ACTION, 1, "another seat's")
    player.since = history
    back = shown(player, console)
    assert "… 19 earlier events" in back
    assert all(f"v{version} " in back for version in range(20, 61))


def test_a_new_seat_reads_from_its_joining_or_the_latest_25_if_more() -> None:
    """Joined at v5, with two bots' first turns to v40 after it: listed from v5. Joined at v50
    of 60: the latest 25 still, the game so far for a player new to it."""
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    player = TerminalPlayer(cast("GameClient", None), "game", 0, console)
    history = events(1, 40)
    caused(history[4], common_pb2.CAUSE_KIND_JOIN, 0, "joined")
    player.since = history
    assert "… 4 earlier events" in shown(player, console)
    late = TerminalPlayer(cast("GameClient", None), "game", 0, console)
    history = events(1, 60)
    caused(history[49], common_pb2.CAUSE_KIND_JOIN, 0, "joined")
    late.since = history
    assert f"… {60 - SHOWN_EVENTS} earlier events" in shown(late, console)
