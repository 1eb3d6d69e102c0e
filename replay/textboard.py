"""A recorded game's board at one version drawn as text, as `tabletop play` draws it.

The terminal viewer shows it live; the Markdown dispute report prints it before and after the
moment in question, since a diff alone does not show the position it was made in.
"""

from __future__ import annotations

import io

from rich.console import Console, RenderableType
from rich.pretty import Pretty
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

import wire
from clients.render import RENDERERS, render_view
from replay.timeline import Perspective, Timeline, view_json

TEXT_WIDTH = 100
"""Columns of a board drawn for a report: the width `tabletop play` is laid out for."""

_PERSPECTIVES = {
    Perspective.PUBLIC: common_pb2.PERSPECTIVE_PUBLIC,
    Perspective.SEAT: common_pb2.PERSPECTIVE_SEAT,
    Perspective.FULL: common_pb2.PERSPECTIVE_FULL,
}


def board(
    timeline: Timeline, version: int, perspective: Perspective, seat: int | None = None
) -> RenderableType:
    """The view at ``version`` drawn as its game's board; the plain view as data for a game
    with no wire adapter or no terminal renderer."""
    view = timeline.view(version, perspective, seat)
    game = str(timeline.record.header.get("game"))
    if game not in wire.ADAPTERS or game not in RENDERERS:
        return Pretty(view_json(view), max_length=12)
    seated = perspective is Perspective.SEAT
    response = pb.GetViewResponse(
        version=version,
        perspective=_PERSPECTIVES[perspective],
        seat=seat if seated else None,
        status=_status(timeline, version),
        view=wire.view_to_proto(game, view),
    )
    return render_view(response)


def board_text(
    timeline: Timeline, version: int, perspective: Perspective, seat: int | None = None
) -> str:
    """``board`` as plain text, without colours or trailing spaces (for a report)."""
    console = Console(record=True, width=TEXT_WIDTH, file=io.StringIO(), color_system=None)
    console.print(board(timeline, version, perspective, seat))
    lines = console.export_text().splitlines()
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _status(timeline: Timeline, version: int) -> common_pb2.GameStatus:
    """The game's status at ``version``, as a server would send it with the view."""
    header = timeline.record.header
    outcome = timeline.outcome(version)
    players = [str(p) for p in header.get("players", [])]
    return common_pb2.GameStatus(
        game=wire.game_kind(str(header.get("game"))),
        ruleset=str(header.get("ruleset", "")),
        seats=int(header.get("seats", len(players))),
        players=players,
        to_act=timeline.to_act(version),
        finished=outcome is not None,
        outcome=wire.outcome_to_proto(outcome),
    )
