"""ListLegalActions over a real server: its actions are described on the state they were
listed from, even when another call stores an action between the listing and the answer (a
seat's own SubmitAction sent alongside, a dispute, another seat's loss); and a seat may list
what it was offered at any past version, and only its own."""

from __future__ import annotations

import itertools
import random
import uuid
from typing import Any

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

import wire
from clients.errors import TabletopError
from clients.sdk import GameClient
from games.registry import rules_for
from services.application import Choices
from tests.e2e.conftest import ARBITER, Interleaving, RunningServer, Serve

pytestmark = pytest.mark.e2e


class ActsWhileListing(Interleaving):
    """The service with ``meanwhile`` run once right after the next listing of legal actions:
    the moment at which a concurrent call's action can be stored."""

    def legal_actions(self, game_id: str, token: str, version: int | None = None) -> Choices:
        listed = super().legal_actions(game_id, token, version)
        self.interleave()
        return listed


def test_legal_actions_are_described_on_the_version_they_were_listed_at(
    serve: Serve,
) -> None:
    games, target = serve(ActsWhileListing)
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


def _answered(answer: pb.ListLegalActionsResponse) -> list[tuple[bytes, str]]:
    return [(option.action.SerializeToString(), option.description) for option in answer.actions]


def test_a_seat_lists_what_it_was_offered_at_a_past_version(server: RunningServer) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        tokens = [client.join_game(game_id, f"p{n}", n).token for n in range(2)]
        offered: dict[tuple[int, int], list[tuple[bytes, str]]] = {}
        rng = random.Random(7)
        for _ in range(12):
            seat = client.get_view(game_id, "public").status.to_act
            client.token = tokens[seat]
            answer = client.list_legal_actions(game_id)
            offered[answer.version, seat] = _answered(answer)
            choice = rng.choice(answer.actions).action
            client.submit_action(game_id, answer.version, choice)
        for (version, seat), options in offered.items():
            client.token = tokens[seat]
            past = client.list_legal_actions(game_id, version)
            assert (past.version, past.seat, _answered(past)) == (version, seat, options)
            client.token = tokens[1 - seat]
            assert not client.list_legal_actions(game_id, version).actions  # not its decision


@pytest.mark.parametrize("version", [0, -3, 10_000])
def test_a_version_outside_the_game_is_refused(server: RunningServer, version: int) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        client.token = client.join_game(game_id, "p0", 0).token
        with pytest.raises(TabletopError) as refused:
            client.list_legal_actions(game_id, version)
    assert (refused.value.code, refused.value.reason) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_VERSION",
    )


def test_the_past_is_read_with_a_seat_s_token_and_only_its_own(server: RunningServer) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        client.join_game(game_id, "p0", 0)
        client.join_game(game_id, "p1", 1)
        client.token = ARBITER
        with pytest.raises(TabletopError) as arbiter:
            client.list_legal_actions(game_id, 2)
        client.token = ""
        with pytest.raises(TabletopError) as spectator:
            client.list_legal_actions(game_id, 2)
    assert arbiter.value.code is grpc.StatusCode.PERMISSION_DENIED
    assert spectator.value.code is grpc.StatusCode.UNAUTHENTICATED


def test_nothing_was_offered_inside_one_actions_events(server: RunningServer) -> None:
    """An action's automatic steps are stored with it and no one decides between them, so a
    version inside such a batch lists nothing, though its state alone would offer options;
    the batch's last version lists what the next decision offers."""
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        tokens = [client.join_game(game_id, f"p{n}", n).token for n in range(2)]
        rng, inside = random.Random(3), []
        for _ in range(200):
            client.token = tokens[client.get_view(game_id, "public").status.to_act]
            answer = client.list_legal_actions(game_id)
            action = rng.choice(answer.actions).action
            stored = client.submit_action(game_id, answer.version, action).events
            inside = [e.version for e in stored[:-1] if _offers_on_its_own(server, game_id, e)]
            if inside:
                break
        assert inside, "no batch with a state inside it that would offer options"
        for version, token in itertools.product(inside, tokens):
            client.token = token
            assert not client.list_legal_actions(game_id, version).actions
        client.token = tokens[client.get_view(game_id, "public").status.to_act]
        now = client.list_legal_actions(game_id)
        last = client.list_legal_actions(game_id, stored[-1].version)
    assert now.actions and _answered(last) == _answered(now)


def _offers_on_its_own(server: RunningServer, game_id: str, event: Any) -> bool:
    """Whether the state after ``event`` would, judged alone, offer its seat to act options."""
    state = server.games.game_info(game_id, event.version).state
    rules = rules_for("bourgeoisie")
    seat = rules.to_act(state)
    return seat is not None and any(True for _ in rules.legal_actions(state, seat))
