"""A game stored under another rules version than the server's is read-only over gRPC.

A server upgraded while a Bruges game was in play (rules version 1) would otherwise decide its
next moves under version 2's rules, which deal some disasters and final rounds differently.
So it refuses whatever would continue the game — an action, the legal actions, a new seat, a
what-if fork — with FAILED_PRECONDITION / RULES_VERSION_MISMATCH, and keeps serving what only
reads the record: views, events, disputes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.sdk import GameClient, TabletopError
from games.registry import all_rules
from replay.sources import fetch_record
from replay.verify import Conclusion, verify_record
from tests.e2e.conftest import ARBITER, RunningServer

pytestmark = pytest.mark.e2e
GAP = (
    "recorded under Bruges rules version 1, this build implements version 5 "
    "(see docs/rules/bruges.md, Rules versions)"
)


def refused(call: Callable[[], object]) -> None:
    """``call`` is refused as continuing a game of another rules version."""
    with pytest.raises(TabletopError) as error:
        call()
    assert error.value.code is grpc.StatusCode.FAILED_PRECONDITION
    assert error.value.reason == "RULES_VERSION_MISMATCH"
    assert GAP in error.value.message


@dataclass(frozen=True)
class OlderGame:
    game_id: str
    token: str  # the seat to act
    action: pb.Action  # a legal action of that seat, as the older build listed it


@contextmanager
def older_build() -> Iterator[None]:
    """The server runs a build whose Bruges rules are version 1 while this is open."""
    current = all_rules()["bruges"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(all_rules(), "bruges", replace(current, rules_version=1))
        yield
    assert all_rules()["bruges"] is current


@pytest.fixture
def older_game(server: RunningServer) -> OlderGame:
    """A two-seat Bruges game created and joined under rules version 1 on this server's
    store, which the server then holds under this build's rules (version 3)."""
    with older_build():
        game_id, token, legal = _seated_game(server)
    return OlderGame(game_id, token, legal.actions[0].action)


def _seated_game(server: RunningServer) -> tuple[str, str, pb.ListLegalActionsResponse]:
    """A new two-seat Bruges game with both seats taken: its id, and the token and legal
    actions of the seat to act."""
    with GameClient(server.target) as client:
        game_id = client.create_game("bruges", 2).game_id
        tokens = [client.join_game(game_id, name, n).token for n, name in enumerate("AB")]
    for token in tokens:
        with GameClient(server.target, token) as player:
            legal = player.list_legal_actions(game_id)
        if legal.actions:
            return game_id, token, legal
    raise AssertionError("no seat had an action to take")


def test_a_game_of_an_older_rules_version_refuses_to_go_on(
    server: RunningServer, older_game: OlderGame
) -> None:
    game_id = older_game.game_id
    with GameClient(server.target, older_game.token) as player:
        version = player.get_view(game_id, "seat").version
        refused(lambda: player.list_legal_actions(game_id))
        refused(lambda: player.submit_action(game_id, version, older_game.action))
        assert player.get_view(game_id, "seat").version == version  # nothing stored
    with GameClient(server.target, ARBITER) as arbiter:
        refused(lambda: arbiter.fork_game(game_id, version))


def test_a_game_of_an_older_rules_version_refuses_new_seats(server: RunningServer) -> None:
    with older_build(), GameClient(server.target) as client:
        game_id = client.create_game("bruges", 3).game_id
    with GameClient(server.target) as client:
        refused(lambda: client.join_game(game_id, "Ada"))


def test_a_game_of_an_older_rules_version_can_still_be_read_and_disputed(
    server: RunningServer, older_game: OlderGame
) -> None:
    game_id = older_game.game_id
    with GameClient(server.target, older_game.token) as player:
        version = player.get_view(game_id, "public").version
        opened = player.open_dispute(game_id, version, "this game began under the old rules")
        assert opened.version == version + 1
    with GameClient(server.target, ARBITER) as arbiter:
        record = fetch_record(arbiter, game_id)
    assert record.header["rules_version"] == 1
    verdict = verify_record(record)
    assert verdict.conclusion is Conclusion.CANNOT_VERIFY and verdict.problems == []
    assert verdict.cannot_verify == GAP


def test_a_game_of_the_current_rules_version_plays_on(server: RunningServer) -> None:
    game_id, token, legal = _seated_game(server)
    with GameClient(server.target, token) as player:
        answer = player.submit_action(game_id, legal.version, legal.actions[0].action)
    assert answer.version > legal.version
