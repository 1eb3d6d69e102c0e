"""``tabletop play`` on an 80x24 terminal, driven through a pseudo-terminal, at a Burgundy turn
whose options are too many for the screen even grouped: the seat's own lines, which the tall
board has scrolled away, stand again just above them; the groups are folded a line each and
the prompt says a letter opens one; the player opens one by its letter, reads its options in
full, and chooses one by its number, and the action the server stores is the one ``legal``
and ``act`` give that number."""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pexpect
import pytest
from google.protobuf import struct_pb2
from google.protobuf.json_format import MessageToDict, ParseDict
from tabletop.v1 import game_service_pb2 as pb

import wire
from clients.bots import RandomBot
from clients.render import choices_in_order, numbered_options
from clients.render.choice_fit import Fold, FoldedList, fitted, number_ranges
from clients.render.choice_list import Option, drawn
from clients.sdk import GameClient
from games.burgundy import RULES as BURGUNDY
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.clients.servers import HANDLER_EXIT_SECONDS
from tests.clients.terminal import FOLDED_PROMPT, PROMPT, spawn_play
from tests.clients.test_choice_fit import is_numbered
from tests.support.bus import local_bus

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROWS, COLUMNS = 24, 80
SEATS = 4
SEED = bytes([0]) * 32
"""The deal of every game of the server: random bots reach a folded list in a few turns."""
ARBITER = "folded-play-arbiter"
"""Reads the stored actions (a game in play shows them to its arbiter only)."""


@pytest.fixture(scope="module")
def seeded() -> Iterator[str]:
    """A real gRPC server on a free port over a memory store, dealing every game from
    ``SEED``; yields its target."""
    store = GameStore(Settings(store="memory"))
    games = Games(store, arbiter_token=ARBITER, seeds=lambda: SEED)
    server, port = build_server(games, local_bus(store), "127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}"
    server.stop(grace=None).wait()
    time.sleep(HANDLER_EXIT_SECONDS)  # the play command's watch polls the store until then
    store.close()


@dataclass(frozen=True)
class Turn:
    """A seat to act whose options an 80x24 terminal shows folded."""

    game_id: str
    token: str
    version: int
    choices: list[pb.LegalAction]
    options: list[Option]
    folded: FoldedList


def folded_turn(target: str) -> Turn:
    """A four-seat Burgundy game played by random bots until the seat to act has more options
    than an 80x24 terminal shows grouped; that seat's turn, its options left to the player."""
    with GameClient(target) as host:
        game_id = host.create_game("burgundy", SEATS).game_id
        tokens = [host.join_game(game_id, f"player {n}", n).token for n in range(SEATS)]
    bots = [RandomBot(seat) for seat in range(SEATS)]
    for _ in range(500):
        with GameClient(target) as spectator:
            seat = spectator.get_view(game_id, "public").status.to_act
        with GameClient(target, tokens[seat]) as client:
            view, legal = client.get_view(game_id, "seat"), client.list_legal_actions(game_id)
            choices = choices_in_order(view, legal.actions)
            options = numbered_options(view, choices)
            shown = fitted(options, COLUMNS, ROWS - 1)
            if isinstance(shown, FoldedList):
                return Turn(game_id, tokens[seat], legal.version, choices, options, shown)
            client.submit_action(game_id, legal.version, bots[seat].choose(view, choices))
    raise AssertionError("no turn of the game offers a folded list")


def stored_number(target: str, turn: Turn) -> int:
    """The number, among the turn's options, of the action stored right after it."""
    with GameClient(target, ARBITER) as arbiter:
        cause = next(arbiter.read_events(turn.game_id, turn.version)).cause
    stored = (cause.action_type, MessageToDict(cause.action))
    numbers = [n for n, choice in enumerate(turn.choices, start=1) if _said(choice) == stored]
    assert len(numbers) == 1, numbers
    return numbers[0]


def _said(choice: pb.LegalAction) -> tuple[str, object]:
    """An option's action as an event's cause carries it: its stored type and fields."""
    encoded = BURGUNDY.actions.encode(wire.action_from_proto("burgundy", choice.action))
    return encoded.type, MessageToDict(ParseDict(encoded.data, struct_pb2.Struct()))


def test_a_folded_group_is_opened_by_its_letter_and_its_option_chosen_by_number(
    seeded: str,
) -> None:
    turn = folded_turn(seeded)
    key, fold = _a_later_group(turn.folded)
    picked = fold.numbers[len(fold.numbers) // 2]
    transcript: list[str] = []
    child = spawn_play(turn.game_id, "--server", seeded, "--token", turn.token,
                       transcript=transcript, rows=ROWS, columns=COLUMNS)  # fmt: skip
    child.expect(rf"Your legal actions \({len(turn.options)}\), in \d+ groups:")
    above = [line for line in child.shown_before().splitlines() if line.strip()][-4:]
    # The seat's own lines, scrolled away with the board's top, are shown again just above.
    assert any("(you)" in line for line in above[:2]), above
    assert "worker" in " ".join(above) and "storage" in " ".join(above), above
    child.expect(FOLDED_PROMPT)
    folded = child.shown_before()
    line = rf"^{key}\) [^\r\n]*: {re.escape(number_ranges(fold.numbers))}\r?$"
    assert re.search(line, folded, re.MULTILINE), folded
    assert not is_numbered(turn.options[picked - 1], folded, grouped=True), "it is folded"
    child.sendline(key)
    child.expect(FOLDED_PROMPT)
    assert is_numbered(turn.options[picked - 1], child.shown_before(), grouped=False)
    child.sendline(str(picked))
    child.expect("You chose:")
    if child.expect([PROMPT, r"Waiting for seat \d"]) == 0:  # the turn's second die
        child.sendline("q")
    else:
        child.process.send_signal(signal.SIGINT)  # while another seat decides, Ctrl-C leaves
    child.expect(pexpect.EOF)
    assert child.exit_code() in (0, 130), "".join(transcript)[-2000:]
    assert stored_number(seeded, turn) == picked


def _a_later_group(folded: FoldedList) -> tuple[str, Fold]:
    """A group of several options, not the first, that an 80x24 terminal shows opened in
    full words: its letter and it."""
    later = list(folded.folds.items())[1:]
    return next((k, f) for k, f in later if len(f.numbers) > 2 and _in_full(f))


def _in_full(fold: Fold) -> bool:
    opened = drawn(fold.opened(COLUMNS, ROWS - 1), COLUMNS)
    return all(is_numbered(option, opened, grouped=False) for option in fold.options)
