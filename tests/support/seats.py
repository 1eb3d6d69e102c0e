"""Seats played in threads for the outage tests: by ``play_seat`` (what ``tabletop bot`` runs)
or by the documented example's ``play`` (docs/api.md), through a client that can be held in
the middle of a decision, so a test takes the server away exactly while a seat decides."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot, play_seat
from clients.errors import TabletopError
from clients.sdk import GameClient
from tests.support.server_process import ROOT

Play = Callable[[GameClient, str, int], Any]
"""Plays a seat (its token in the client) of a game to the end."""


def documented_example() -> Play:
    """The ``play`` function of the Python example in docs/api.md (its first Python block
    after the heading "The Python SDK"), without running its main block."""
    text = (ROOT / "docs" / "api.md").read_text()
    section = text[text.index("## The Python SDK") :]
    namespace: dict[str, Any] = {"__name__": "api_example"}
    exec(section.split("```python\n", 1)[1].split("```", 1)[0], namespace)
    play: Play = namespace["play"]
    return play


def random_bot(client: GameClient, game_id: str, seat: int) -> None:
    play_seat(client, game_id, seat, RandomBot(seat))


class HoldingClient(GameClient):
    """A seat's client that, once ``hold`` is set, stops after ListLegalActions has answered
    its next decision and before it submits, until ``release`` is set (``held`` says it
    stopped); ``held_submit`` is then how long that submit took, waiting for the server.
    ``gave_up`` is set when a submit fails with a retryable error: the client spent its whole
    outage budget."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hold, self.held = threading.Event(), threading.Event()
        self.release, self.gave_up = threading.Event(), threading.Event()
        self.held_submit: float | None = None

    def list_legal_actions(
        self, game_id: str, version: int | None = None
    ) -> pb.ListLegalActionsResponse:
        legal = super().list_legal_actions(game_id, version)
        if legal.actions and self.hold.is_set() and not self.held.is_set():
            self.held.set()
            self.release.wait(60)
        return legal

    def submit_action(
        self, game_id: str, expected_version: int, action: pb.Action, command_id: str = ""
    ) -> pb.SubmitActionResponse:
        started = time.monotonic()
        try:
            answer = super().submit_action(game_id, expected_version, action, command_id)
        except TabletopError as error:
            if error.retryable:
                self.gave_up.set()
            raise
        if self.held.is_set() and self.held_submit is None:
            self.held_submit = time.monotonic() - started
        return answer


class SeatThreads:
    """Each seat of a game played by its own ``Play`` in a thread; errors are kept."""

    def __init__(self, game_id: str, players: list[tuple[HoldingClient, Play]]) -> None:
        self.errors: list[BaseException] = []
        self.clients = [client for client, _ in players]
        self.threads = [
            threading.Thread(target=self._run, args=(play, client, game_id, seat), daemon=True)
            for seat, (client, play) in enumerate(players)
        ]
        for thread in self.threads:
            thread.start()

    def _run(self, play: Play, client: GameClient, game_id: str, seat: int) -> None:
        try:
            play(client, game_id, seat)
        except BaseException as error:  # reported by ``join``
            self.errors.append(error)

    def state(self) -> str:
        """Each seat's thread: playing, ended or gave up; and every error raised so far."""
        seats = [
            f"seat {seat}: {'playing' if thread.is_alive() else 'ended'}"
            + (", gave up" if client.gave_up.is_set() else "")
            for seat, (thread, client) in enumerate(zip(self.threads, self.clients, strict=True))
        ]
        return "; ".join(seats) + f"; errors: {self.errors!r}"

    def join(self, seconds: float) -> None:
        """Wait for every seat to finish; fails with the first error a seat raised."""
        for thread in self.threads:
            thread.join(seconds)
        assert not self.errors, f"a seat failed: {self.errors[0]!r}"
        assert not any(thread.is_alive() for thread in self.threads), "the game did not end"
