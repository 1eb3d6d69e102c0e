"""Every GameService call that reads a token refuses the same caller for the same reason, over
a real server (docs/api.md section 2, "Who may call what", and section 6, "Which refusal comes
first").

Each row of ``CALLS`` is one call with a request that is wrong in its content, so that a
caller it admits is told about the content (or, for a read, answered) and nothing is stored:
who asks is judged before what is asked. Whatever the call, a malformed header is
``TOKEN_MALFORMED``, a forged token or another game's is ``TOKEN_NOT_VALID_FOR_GAME``, and on
a what-if fork of a game still in play a seat's token of the game it was forked from is
``PRIVATE_FORK``. The row gives what the rest — no token, a seat's token of the game, the
arbiter's — are answered, on an ordinary game and on such a fork.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb
from tabletop.v1.game_service_pb2_grpc import GameServiceStub

from clients.errors import from_rpc_error
from tests.e2e.conftest import ARBITER, RunningServer, fork_of_a_live_game

pytestmark = pytest.mark.e2e
Code = grpc.StatusCode
Outcome = tuple[Code, str] | None
"""A refusal's code and reason, or None: the caller is admitted (``Call.admitted``)."""

PASS: Outcome = None
MISSING = (Code.UNAUTHENTICATED, "TOKEN_MISSING")
MALFORMED = (Code.UNAUTHENTICATED, "TOKEN_MALFORMED")
NOT_VALID = (Code.PERMISSION_DENIED, "TOKEN_NOT_VALID_FOR_GAME")
PRIVATE = (Code.PERMISSION_DENIED, "PRIVATE_FORK")
FULL_ONLY = (Code.PERMISSION_DENIED, "FULL_VIEW_NOT_ALLOWED")
ARBITER_ONLY = (Code.PERMISSION_DENIED, "ARBITER_ONLY")

PUBLIC, SEAT, FULL = (
    common_pb2.PERSPECTIVE_PUBLIC,
    common_pb2.PERSPECTIVE_SEAT,
    common_pb2.PERSPECTIVE_FULL,
)
END_PHASE = pb.Action(bourgeoisie=bpb.BourgeoisieAction(end_phase=bpb.BourgeoisieEndPhase()))
"""An action every Bourgeoisie game can read, whether or not it is legal there."""


Triple = tuple[Outcome, Outcome, Outcome]
"""What a call answers no token, a seat's token of the game, and the arbiter's."""
ANYONE: Triple = (PASS, PASS, PASS)
KEPT: Triple = (PRIVATE, PASS, PASS)  # what needs no token, on a fork kept private
SEAT_ONLY: Triple = (MISSING, PASS, NOT_VALID)  # the arbiter's token holds no seat
FULL_INFORMATION: Triple = (FULL_ONLY, FULL_ONLY, PASS)  # while the game has secrets
OPEN: Triple = (MISSING, PASS, PASS)
RULE: Triple = (MISSING, ARBITER_ONLY, PASS)


@dataclass(frozen=True)
class Call:
    """One call (``label`` begins with its RPC), the request's fields beside the game id, the
    reason its content is refused for (None: it is answered), and what it answers on an
    ordinary game and on a what-if fork of a game still in play."""

    label: str
    fields: dict[str, Any]
    admitted: str | None
    ordinary: Triple
    fork: Triple

    @property
    def rpc(self) -> str:
        return self.label.split()[0]

    def request(self, game_id: str) -> Any:
        return getattr(pb, f"{self.rpc}Request")(game_id=game_id, **self.fields)


LONG_ID = {"command_id": "c" * 129, "action": END_PHASE, "expected_version": 1}
CALLS = [
    Call("JoinGame", {"player_name": " "}, "BAD_TEXT", ANYONE, KEPT),
    Call("SubmitAction no action", {"expected_version": 1}, "ACTION_MISSING", SEAT_ONLY, SEAT_ONLY),
    Call("SubmitAction long command id", LONG_ID, "BAD_COMMAND_ID", SEAT_ONLY, SEAT_ONLY),
    Call("ListLegalActions", {}, None, SEAT_ONLY, SEAT_ONLY),
    # unset: a seat's view with a token, the public's without
    Call("GetView", {}, None, (PASS, PASS, NOT_VALID), (PRIVATE, PASS, NOT_VALID)),
    Call("GetView public", {"perspective": PUBLIC}, None, ANYONE, KEPT),
    Call("GetView seat", {"perspective": SEAT}, None, SEAT_ONLY, SEAT_ONLY),
    Call("GetView full", {"perspective": FULL}, None, FULL_INFORMATION, FULL_INFORMATION),
    Call("ReadEvents", {}, None, ANYONE, KEPT),
    Call("WatchGame public", {"perspective": PUBLIC}, None, ANYONE, KEPT),
    Call("WatchGame seat", {"perspective": SEAT}, None, SEAT_ONLY, SEAT_ONLY),
    Call("WatchGame full", {"perspective": FULL}, None, FULL_INFORMATION, FULL_INFORMATION),
    Call("ForkGame", {"version": 0}, "BAD_VERSION", FULL_INFORMATION, FULL_INFORMATION),
    Call("OpenDispute", {"version": 1, "claim": " "}, "BAD_TEXT", OPEN, OPEN),
    Call("RuleDispute", {"dispute_id": "0", "ruling": " "}, "BAD_TEXT", RULE, RULE),
]

CALLERS = ("no token", "malformed", "forged", "other game's", "seat", "arbiter", "origin's seat")


@dataclass(frozen=True)
class Tables:
    """A game in play, a what-if fork of it with a seat taken, and another game."""

    game: str
    game_seat: str
    fork: str
    fork_seat: str
    other_seat: str


@pytest.fixture(scope="module")
def tables(server: RunningServer) -> Tables:
    games = server.games
    forked = fork_of_a_live_game(server)
    fork_seat = games.join_game(forked.fork, "fork 0", 0, ARBITER).token
    other, _ = games.create_game("bourgeoisie", 2)
    other_seat = games.join_game(other, "x").token
    return Tables(forked.origin, forked.origin_tokens[0], forked.fork, fork_seat, other_seat)


def _expected(call: Call, on_fork: bool, caller: str) -> Outcome:
    """What ``caller`` is answered: the row's own columns, and the same for every row."""
    own = call.fork if on_fork else call.ordinary
    return {
        "no token": own[0],
        "malformed": MALFORMED,
        "forged": NOT_VALID,
        "other game's": NOT_VALID,
        "seat": own[1],
        "arbiter": own[2],
        "origin's seat": PRIVATE,
    }[caller]


def _header(tables: Tables, on_fork: bool, caller: str) -> tuple[tuple[str, str], ...]:
    if caller == "malformed":  # a seat's own token, but without its scheme
        return (("authorization", tables.game_seat),)
    token = {
        "no token": "",
        "forged": secrets.token_hex(32),
        "other game's": tables.other_seat,
        "seat": tables.fork_seat if on_fork else tables.game_seat,
        "arbiter": ARBITER,
        "origin's seat": tables.game_seat,
    }[caller]
    return (("authorization", f"Bearer {token}"),) if token else ()


def _answer(call: Call, stub: GameServiceStub, game_id: str, metadata: Any) -> Outcome:
    """The refusal's (code, reason), or None when the call is answered or refused only for
    its content (``Call.admitted``)."""
    try:
        method = getattr(stub, call.rpc)
        answer: Any = method(call.request(game_id), timeout=5, metadata=metadata)
        if call.rpc in ("ReadEvents", "WatchGame"):  # a stream: its first message tells
            next(answer)
            answer.cancel()
    except grpc.RpcError as error:
        refusal = from_rpc_error(error)
        if call.admitted is not None and refusal.reason == call.admitted:
            return PASS
        return refusal.code, refusal.reason
    assert call.admitted is None, f"{call.rpc} was answered: its request was meant to be wrong"
    return PASS


CASES = [
    pytest.param(call, on_fork, caller, id=f"{call.label}-{where}-{caller}")
    for call in CALLS
    for on_fork, where in ((False, "ordinary game"), (True, "private fork"))
    for caller in CALLERS
    if on_fork or caller != "origin's seat"  # a game forked from none has no origin
]


@pytest.mark.parametrize(("call", "on_fork", "caller"), CASES)
def test_every_call_refuses_each_caller_as_the_guide_says(
    server: RunningServer, tables: Tables, call: Call, on_fork: bool, caller: str
) -> None:
    game_id = tables.fork if on_fork else tables.game
    with grpc.insecure_channel(server.target) as channel:
        answered = _answer(
            call, GameServiceStub(channel), game_id, _header(tables, on_fork, caller)
        )
    assert answered == _expected(call, on_fork, caller)
