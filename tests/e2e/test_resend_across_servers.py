"""A resent SubmitAction that races its first sending on another server, over real servers.

Two gRPC servers share one SQLite file, as servers behind a load balancer share a store. A
client whose first sending of an action went to server A resends it, same command id, to
server B; A stores the first sending after B has read the game and before B saves. The resend
is answered from the first sending (``replayed``), as docs/api.md (section 3) promises for
a retry: an ABORTED answer would tell the client to decide again, and a second action of the
same decision could follow.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import PersistenceError

from clients.sdk import GameClient
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.support.bus import local_bus

pytestmark = pytest.mark.e2e


class OvertakenStore(GameStore):
    """A store whose next save first lets ``overtake`` run: another server's write lands
    between this server's read of the game and its save."""

    overtake: Callable[[], None] | None = None

    def save_together(self, groups: Sequence[Sequence[Aggregate]]) -> list[PersistenceError | None]:
        overtake, self.overtake = self.overtake, None
        if overtake is not None:
            overtake()
        return super().save_together(groups)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[tuple[str, str, OvertakenStore]]:
    """Server A's and server B's addresses over one SQLite file, and B's store."""
    settings = Settings(store="sqlite", sqlite_path=tmp_path / "games.db")
    store_b = OvertakenStore(settings)
    stores = [GameStore(settings), store_b]
    running, targets = [], []
    for store in stores:
        server, port = build_server(Games(store), local_bus(store), "127.0.0.1:0")
        server.start()
        running.append(server)
        targets.append(f"127.0.0.1:{port}")
    yield targets[0], targets[1], store_b
    for server in running:
        server.stop(grace=None).wait()
    for store in stores:
        store.close()


def test_a_resend_overtaken_by_its_first_sending_is_answered_as_replayed(
    servers: tuple[str, str, OvertakenStore],
) -> None:
    server_a, server_b, store_b = servers
    with GameClient(server_a) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        to_act = client.get_view(game_id, "public").status.to_act
        token = client.join_game(game_id, "Ada", to_act).token
    command_id = str(uuid.uuid4())
    with GameClient(server_a, token) as on_a, GameClient(server_b, token) as on_b:
        legal = on_a.list_legal_actions(game_id)
        action = legal.actions[0].action
        first: list[int] = []
        store_b.overtake = lambda: first.append(
            on_a.submit_action(game_id, legal.version, action, command_id).version
        )
        resent = on_b.submit_action(game_id, legal.version, action, command_id)
        assert first and resent.replayed and resent.version == first[0]
        stored = [e for e in on_a.read_events(game_id) if e.cause.command_id == command_id]
        assert [e.version for e in stored] == [e.version for e in resent.events]
