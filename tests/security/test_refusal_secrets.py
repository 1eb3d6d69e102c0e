"""Secrets in refusals (docs/architecture.md §4, §6): for every game, random games are played and at
regular steps every seat submits actions it may not take — near misses built from what it
can see, mutated legal actions, actions naming cards it cannot see — over gRPC. Each is
refused, stores nothing, and its message names no card or tile hidden from the asker and
never the seed. The other RPCs' refusals (full views, legal actions, joins) are checked too."""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from tabletop.v1 import game_service_pb2 as pb

import wire as convert
from clients.errors import TabletopError
from clients.sdk import GameClient
from games.core.rules import AnyRules
from games.registry import all_rules
from services.application import Games
from services.application.aggregate import seed_id
from tests.conformance.candidates import illegal_candidates
from tests.security.conftest import serving
from tests.security.hidden import HIDDEN_NAMES, named
from tests.support.play import seat_everyone

pytestmark = pytest.mark.e2e
STRIDE, PER_SEAT = 3, 6


@pytest.fixture(scope="module")
def service() -> Iterator[tuple[str, Games]]:
    with serving() as running:
        yield running


class Prober:
    """Asks the server, as each seat, for things that seat may not do, and checks the answers."""

    def __init__(self, target: str, games: Games, game: str, game_id: str, tokens: list[str]):
        self.client = GameClient(target)
        self.games, self.game, self.game_id, self.tokens = games, game, game_id, tokens
        self.seed = games.store.seed(seed_id(uuid.UUID(game_id))).seed
        self.refusals = 0
        self.messages: list[str] = []

    def probe(self, rules: AnyRules, state: object, rng: random.Random) -> None:
        version = self.games.game_info(self.game_id).version
        for seat, token in enumerate(self.tokens):
            hidden = HIDDEN_NAMES[self.game](state, seat)
            legal = list(rules.legal_actions(state, seat))
            candidates = illegal_candidates(rules, state, seat, legal, rng, per_class=3, focus=8)
            protos = [p for p in map(self._on_the_wire, candidates) if p is not None]
            for proto in rng.sample(protos, min(PER_SEAT, len(protos))):
                self._refused(
                    token,
                    hidden,
                    partial(self.client.submit_action, self.game_id, version, proto),
                )
            self._refused(token, hidden, lambda: self.client.get_view(self.game_id, "full"))
        assert self.games.game_info(self.game_id).version == version, "refusals store nothing"

    def _on_the_wire(self, action: object) -> pb.Action | None:
        try:
            return convert.action_to_proto(self.game, action)
        except (ValueError, TypeError, KeyError):  # out of the wire types' range: not sendable
            return None

    def _refused(self, token: str, hidden: set[str], call: Callable[[], Any]) -> None:
        self.client.token = token
        with pytest.raises(TabletopError) as refused:
            call()
        message = refused.value.message
        self.messages.append(message)
        assert not named(message, hidden), f"{message!r} names {named(message, hidden)}"
        assert self.seed not in message
        self.refusals += 1


def _play_and_probe(target: str, games: Games, game: str, seats: int, seed: int) -> int:
    rules = all_rules()[game]
    game_id, _ = games.create_game(game, seats)
    tokens = seat_everyone(games, game_id, seats)
    prober, rng = Prober(target, games, game, game_id, tokens), random.Random(seed)
    step = 0
    while (seat := rules.to_act(state := games.game_info(game_id).state)) is not None:
        if step % STRIDE == 0:
            prober.probe(rules, state, rng)
        choices = games.legal_actions(game_id, tokens[seat])
        action = rng.choice(choices.actions)
        games.submit_action(game_id, tokens[seat], choices.version, f"step {step}", action)
        step += 1
    prober.client.token = tokens[0]
    with pytest.raises(TabletopError):
        prober.client.join_game(game_id, "latecomer")
    prober.client.close()
    return prober.refusals


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_no_refusal_names_a_hidden_card_or_the_seed(service: tuple[str, Games], game: str) -> None:
    target, games = service
    rules = all_rules()[game]
    refusals = _play_and_probe(target, games, game, rules.min_seats, seed=5)
    print(f"{game}: {refusals} refusals checked")
    assert refusals > 200
