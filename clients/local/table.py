"""``LocalTable``: one game held in memory and played through its ``GameRules`` record, answering
with the messages a server would send (GetViewResponse, ListLegalActionsResponse)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

import wire as convert
from games.core import GameCreated, SeededChance, commitment
from games.core.rules import AnyRules, Outcome
from games.registry import rules_for
from wire import ADAPTERS


def local_games() -> tuple[str, ...]:
    """The games that can be played in-process (those with a wire adapter)."""
    return tuple(sorted(ADAPTERS))


class LocalTable:
    """A game in memory: chance comes from ``seed``, every seat is played by its caller."""

    def __init__(
        self,
        game: str,
        seats: int,
        seed: bytes,
        players: Sequence[str] = (),
        ruleset: str = "",
    ) -> None:
        if game not in ADAPTERS:
            known = ", ".join(local_games())
            raise ValueError(f"{game} cannot be played locally yet (only {known}); use a server")
        self.game = game
        self.rules: AnyRules = rules_for(game)
        if ruleset and ruleset not in self.rules.rulesets:
            raise ValueError(f"{game} has no {ruleset!r} ruleset")
        self.adapter = ADAPTERS[game]
        self.players = tuple(players) or tuple(f"seat {n}" for n in range(seats))
        self._seed = seed
        created = GameCreated(
            game=game,
            game_id=str(uuid.uuid5(uuid.NAMESPACE_OID, f"{game}/{seed.hex()}")),
            rules_version=self.rules.rules_version,
            ruleset=ruleset or self.rules.rulesets[0],
            seats=seats,
            seed_commitment=commitment(seed),
        )
        self.state: Any = self.rules.start(created)
        self.version = 1
        self._apply(self.rules.opening(self.state, SeededChance(seed, "1")))
        # A server records each seat being taken as one event, and chance is drawn by version:
        # counting them keeps a local game and a served game of the same seed the same game.
        self.version += seats

    def _apply(self, events: Sequence[object]) -> None:
        for event in events:
            self.state = self.rules.evolve(self.state, event)
            self.version += 1

    def to_act(self) -> int | None:
        """The seat the game waits for; None once it has ended."""
        seat: int | None = self.rules.to_act(self.state)
        return seat

    def outcome(self) -> Outcome | None:
        """Final scores and places once the game has ended."""
        result: Outcome | None = self.rules.outcome(self.state)
        return result

    def status(self) -> common_pb2.GameStatus:
        """The game's status as a server's GetView reports it."""
        return convert.status_to_proto(self.rules, self.state, self.state.ruleset, self.players)

    def view(self, seat: int) -> pb.GetViewResponse:
        """``seat``'s view, as GetView answers a seat token."""
        wire = self.adapter.view_to_proto(self.rules.view(self.state, seat))
        return pb.GetViewResponse(
            version=self.version,
            perspective=common_pb2.PERSPECTIVE_SEAT,
            seat=seat,
            status=self.status(),
            view=pb.View(**{self.game: wire}),
        )

    def legal(self, seat: int) -> pb.ListLegalActionsResponse:
        """``seat``'s legal actions with their descriptions, as ListLegalActions answers."""
        actions = [
            pb.LegalAction(
                action=pb.Action(**{self.game: self.adapter.action_to_proto(action)}),
                description=self.rules.describe_action(self.state, action),
            )
            for action in self.rules.legal_actions(self.state, seat)
        ]
        return pb.ListLegalActionsResponse(version=self.version, seat=seat, actions=actions)

    def submit(self, seat: int, action: pb.Action) -> None:
        """Decide and apply ``action``; the rules' RuleError when it is not legal."""
        chosen = self.adapter.action_from_proto(getattr(action, self.game))
        chance = SeededChance(self._seed, str(self.version))
        self._apply(self.rules.decide(self.state, seat, chosen, chance))
        if self.outcome() is not None:
            self.version += 1  # as a server, which reveals the seed when the game ends
