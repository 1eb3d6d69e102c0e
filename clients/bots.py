"""Bots: ``choose(view, legal_actions) -> action``, and the loop that plays a seat with one."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import grpc
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import TabletopError
from clients.sdk import GameClient


class Bot(Protocol):
    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        """One of the legal actions."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so a match can be repeated)."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        return self._random.choice(legal).action


BOTS = {"random": RandomBot}


def play_seat(
    client: GameClient, game_id: str, seat: int, bot: Bot, *, timeout: float = 600.0
) -> int:
    """Play ``seat`` (held by ``client.token``) until the game ends; returns the actions taken.

    The seat follows its WatchGame stream and acts whenever an update says the game waits
    for it. It acts on the version ListLegalActions reports, so a burst of updates cannot
    make it act twice on one version; a stale version is simply retried on the next update.
    """
    taken = 0
    for message in client.watch_game(game_id, perspective="seat", timeout=timeout):
        if message.HasField("update"):
            status = message.update.status
            if status.finished:
                break
            if not status.HasField("to_act") or status.to_act != seat:
                continue
        taken += _act(client, game_id, bot)
    return taken


def _act(client: GameClient, game_id: str, bot: Bot) -> int:
    legal = client.list_legal_actions(game_id)
    if not legal.actions:
        return 0
    view = client.get_view(game_id, "seat")
    try:
        client.submit_action(game_id, legal.version, bot.choose(view, legal.actions))
    except TabletopError as error:
        if error.code is grpc.StatusCode.ABORTED:
            return 0
        raise
    return 1
