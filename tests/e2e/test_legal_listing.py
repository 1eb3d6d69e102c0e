"""ListLegalActions describes its actions on the state it listed them from, over a real
server, even when another call stores an action between the listing and the answer (a seat's
own SubmitAction sent alongside, a dispute, another seat's loss): each description names the
cards, slots and costs of the answer's version, never of a later one."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import wire
from clients.sdk import GameClient
from games.registry import rules_for
from services.application import Choices, Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.support.bus import local_bus

pytestmark = pytest.mark.e2e


class ActsWhileListing(Games):
    """The service with ``meanwhile`` run once right after the next listing of legal actions:
    the moment at which a concurrent call's action can be stored."""

    meanwhile: Callable[[], object] | None = None

    def legal_actions(self, game_id: str, token: str) -> Choices:
        listed = super().legal_actions(game_id, token)
        step, self.meanwhile = self.meanwhile, None
        if step is not None:
            step()
        return listed


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[ActsWhileListing, str]]:
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    games = ActsWhileListing(store)
    server, port = build_server(games, local_bus(store), "127.0.0.1:0")
    server.start()
    yield games, f"127.0.0.1:{port}"
    server.stop(grace=None).wait()
    store.close()


def test_legal_actions_are_described_on_the_version_they_were_listed_at(
    served: tuple[ActsWhileListing, str],
) -> None:
    games, target = served
    with GameClient(target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        tokens = [client.join_game(game_id, f"p{n}", n).token for n in range(2)]
        seat = client.get_view(game_id, "public").status.to_act
        client.token = tokens[seat]
        listed = games.legal_actions(game_id, tokens[seat])
        games.meanwhile = lambda: games.submit_action(
            game_id, tokens[seat], listed.version, uuid.uuid4().hex, listed.actions[0]
        )
        answer = client.list_legal_actions(game_id)

    assert games.game_info(game_id).version > answer.version == listed.version
    rules = rules_for("bourgeoisie")
    state = games.game_info(game_id, answer.version).state
    described = [
        rules.describe_action(state, wire.action_from_proto("bourgeoisie", option.action))
        for option in answer.actions
    ]
    assert [option.description for option in answer.actions] == described
