"""A client process of the scale-out tests: many players, each a thread with its own channel.

    python -m tests.scaleout.player < spec.json > outcome.json

Spec: ``target`` (one server), ``threads``, ``seconds``, and ``games`` (id and every seat's
token). Thread ``i`` plays game ``i % len(games)``: with as many games as threads each plays
its own; with fewer, several threads (on this server and others) race for one game. A step
reads the game, lists the legal actions of the seat to act and submits one with a new command
id; ABORTED (someone else acted first) is counted and the step is tried again on the new
state. The outcome lists every acknowledged (game, version, command id) and every other
refusal by status code.
"""

from __future__ import annotations

import json
import random
import sys
import threading
import time
import uuid
from collections import Counter
from typing import Any

import grpc

from clients.errors import TabletopError
from clients.sdk import GameClient


class Player:
    """One thread's play on one game through one server, and what came of it."""

    def __init__(self, target: str, game: dict[str, Any], seed: int) -> None:
        self.target = target
        self.game_id: str = game["game_id"]
        self.tokens: list[str] = game["tokens"]
        self.chooser = random.Random(seed)
        self.acknowledged: list[tuple[str, int, str]] = []
        self.aborted = 0
        self.refused: Counter[str] = Counter()

    def play(self, until: float) -> None:
        with GameClient(self.target) as client:
            while time.monotonic() < until and self._step(client):
                pass

    def _step(self, client: GameClient) -> bool:
        """One attempt at an action; False once the game is over."""
        try:
            status = client.get_view(self.game_id, "public").status
            if status.finished:
                return False
            client.token = self.tokens[status.to_act]
            legal = client.list_legal_actions(self.game_id)
            if legal.actions:
                command_id = str(uuid.uuid4())
                action = self.chooser.choice(legal.actions).action
                answer = client.submit_action(self.game_id, legal.version, action, command_id)
                self.acknowledged.append((self.game_id, answer.version, command_id))
        except TabletopError as error:
            if error.code is grpc.StatusCode.ABORTED:
                self.aborted += 1
            else:
                self.refused[error.code.name] += 1
        return True


def main() -> None:
    spec = json.load(sys.stdin)
    games = spec["games"]
    players = [Player(spec["target"], games[i % len(games)], i) for i in range(spec["threads"])]
    until = time.monotonic() + spec["seconds"]
    threads = [threading.Thread(target=p.play, args=(until,)) for p in players]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    json.dump(
        {
            "seconds": time.monotonic() - started,
            "acknowledged": [a for p in players for a in p.acknowledged],
            "aborted": sum(p.aborted for p in players),
            "refused": dict(sum((p.refused for p in players), Counter())),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
