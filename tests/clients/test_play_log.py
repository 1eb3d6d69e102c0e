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
