"""Bots: ``choose(view, legal_actions) -> action``, and the loop that plays a seat with one.

A bot sees exactly what a seat's client sees: its seat's ``GetViewResponse`` and the
``LegalAction`` list (typed actions with descriptions). The same bot plays over gRPC
(``play_seat``) or in-process through the rules (``clients.local``, the arena's default).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Protocol

import grpc
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import TIMED_OUT, TabletopError
from clients.sdk import GameClient


class Bot(Protocol):
    """Anything that picks one of a seat's legal actions, seeing that seat's view."""

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        """One of the legal actions."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so a match can be repeated)."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        return self._random.choice(legal).action


class HeuristicBot:
    """The heuristic of the view's game (``clients.heuristics``); random play for a game that
    has none yet."""

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._bots: dict[str, Bot] = {}

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        game = view.view.WhichOneof("game") or ""
        if game not in self._bots:
            # Imported at the first choice, not with this module: every `tabletop` command
            # loads the bots' names, and the heuristics take most of a second to import.
            from clients.heuristics import HEURISTICS

            make = HEURISTICS.get(game, RandomBot)
            self._bots[game] = make(self._seed)
        return self._bots[game].choose(view, legal)


BOTS: dict[str, Callable[[int | None], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""Bot name → factory taking a seed (for repeatable tie-breaks and random choices)."""


def play_seat(
    client: GameClient, game_id: str, seat: int, bot: Bot, *, timeout: float = 3600.0
) -> int:
    """Play ``seat`` (held by ``client.token``) until the game ends; returns the actions taken.

    The seat follows its game with the resuming ``watch`` and decides when the game waits for
    it: at each caught-up marker (the first, and each one after a reconnect: ``resumes``),
    and at each live update that is the ``latest`` of its batch; the other updates of an
    action's batch show moments already past, when asking would only earn an empty list.
    Its calls wait out an outage of up to the client's ``reconnect_for`` seconds; a decision
    that fails for a longer one is left to the watch, which gives up too (STREAM_LOST) or,
    once back, sends the marker that brings the seat to decide again. Gives up (TIMED_OUT)
    after ``timeout`` seconds, also while no update comes (a seat never taken, a game left
    waiting): its watch's streams end by then. Closing ``client`` stops it.
    """
    deadline = time.monotonic() + timeout
    taken, live, update = 0, False, None
    # streams of equal length, the last ending at the deadline: a watch's reconnection after
    # a stream's deadline sends a caught-up marker, and the check below comes with it
    each = timeout / math.ceil(timeout / client.stream_timeout)
    for message in client.watch(game_id, perspective="seat", resumes=True, stream_timeout=each):
        if message.HasField("caught_up"):
            live = True
        else:
            update = message.update
            if update.status.finished:
                break
            if not (live and update.latest):
                continue
        if time.monotonic() > deadline:
            raise TabletopError(
                grpc.StatusCode.DEADLINE_EXCEEDED,
                TIMED_OUT,
                f"seat {seat} gave up after {timeout:g}s: the game had not ended",
            )
        if update is not None and _waits_for(update.status, seat):
            taken += _act(client, game_id, bot, update)
    return taken


def _waits_for(status: common_pb2.GameStatus, seat: int) -> bool:
    return bool(status.HasField("to_act") and status.to_act == seat)


def _act(client: GameClient, game_id: str, bot: Bot, update: pb.GameUpdate) -> int:
    """Decide and submit: 1 once an action is stored, 0 when the seat has nothing to decide.

    When the game moved on meanwhile (ABORTED: any stored event moves the version, another
    seat's join or dispute too) it decides again at once, as often as it takes. When the
    server stays away longer than the client's outage budget it returns 0 and leaves the
    decision to the watch's next caught-up marker (see ``play_seat``).
    """
    while True:
        try:
            return _decide(client, game_id, bot, update)
        except TabletopError as error:
            if error.retryable:
                return 0
            if error.code is not grpc.StatusCode.ABORTED:
                raise


def _decide(client: GameClient, game_id: str, bot: Bot, update: pb.GameUpdate) -> int:
    legal = client.list_legal_actions(game_id)
    if not legal.actions:
        return 0
    view = seat_view(update, legal.seat)
    if view.version != legal.version:  # the update is behind: ask for the view now
        view = client.get_view(game_id, "seat")
    client.submit_action(game_id, legal.version, bot.choose(view, legal.actions))
    return 1


def seat_view(update: pb.GameUpdate, seat: int) -> pb.GetViewResponse:
    """The GetView answer a seat's watch update already holds (its view after the event)."""
    return pb.GetViewResponse(
        version=update.event.version,
        perspective=common_pb2.PERSPECTIVE_SEAT,
        seat=seat,
        status=update.status,
        view=update.view,
    )
