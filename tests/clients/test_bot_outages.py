"""A seat whose decision fails because the server stays away longer than its client's outage
budget (``reconnect_for``) decides again once its watch has reconnected: the caught-up marker
of the new stream (``watch(..., resumes=True)``) says so, since no new update will come while
the game waits for that very seat. Both the SDK's bot loop and the documented example."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from tests.clients.servers import ARBITER, RestartableServer
from tests.clients.table import Table
from tests.support.seats import HoldingClient, Play, SeatThreads, documented_example, random_bot

pytestmark = pytest.mark.e2e

BUDGET = 5.0
"""The held seat's outage budget: its decision gives up after this long without a server."""


@pytest.mark.parametrize("player", ["play_seat", "documented example"])
def test_a_seat_decides_again_after_an_outage_longer_than_its_budget(
    restartable: RestartableServer, player: str
) -> None:
    play: Play = random_bot if player == "play_seat" else documented_example()
    table = Table.open(restartable.target)
    slow = HoldingClient(restartable.target, table.seats[0].token, reconnect_for=BUDGET)
    other = HoldingClient(restartable.target, table.seats[1].token)
    slow.hold.set()
    seats = SeatThreads(table.game_id, [(slow, play), (other, random_bot)])
    assert slow.held.wait(30), "seat 0 never decided"
    before = table.seats[1].get_view(table.game_id, "public").version
    restartable.stop()
    started = time.monotonic()
    slow.release.set()  # its submit now meets no server, until it gives up
    assert slow.gave_up.wait(BUDGET + 10), "the decision waited longer than its budget"
    assert time.monotonic() - started >= BUDGET - 0.5, "it gave up before its budget was spent"
    time.sleep(1)  # the seat's watch now reconnects, within a budget of its own
    restartable.start()
    seats.join(120)
    after = table.seats[1].get_view(table.game_id, "public")
    assert after.status.finished and after.version > before
    for client in (slow, other):
        client.close()
    table.close()


class OvertakingBot:
    """A random bot whose first ``times`` decisions are each overtaken before they are sent:
    the arbiter opens a dispute and rules on it (two stored events) while the bot decides."""

    def __init__(self, arbiter: GameClient, game_id: str, times: int) -> None:
        self.arbiter, self.game_id, self.left = arbiter, game_id, times
        self.offered: list[int] = []
        self._random = RandomBot(0)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        self.offered.append(view.version)
        if self.left:
            self.left -= 1
            opened = self.arbiter.open_dispute(self.game_id, view.version, "a second look")
            self.arbiter.rule_dispute(self.game_id, opened.dispute_id, "played as ruled", False)
        return self._random.choose(view, legal)


def test_a_bot_whose_decision_was_overtaken_decides_again(server: RestartableServer) -> None:
    """``play_seat``: when the game moved on while the bot decided (ABORTED: any stored event
    moves the version, a dispute too), it lists its actions and decides again, as often as it
    takes, and plays on to the end; each time seeing the view at the version it decides at,
    not the one its watch last brought."""
    table = Table.open(server.target)
    arbiter = GameClient(server.target, ARBITER)
    bot = OvertakingBot(arbiter, table.game_id, times=3)

    def overtaken(client: GameClient, game_id: str, seat: int) -> None:
        play_seat(client, game_id, seat, bot)

    seats = [HoldingClient(server.target, client.token) for client in table.seats]
    SeatThreads(table.game_id, [(seats[0], overtaken), (seats[1], random_bot)]).join(120)
    assert table.seats[0].get_view(table.game_id, "public").status.finished
    assert bot.left == 0 and bot.offered[1] > bot.offered[0], "decided again, on a newer view"
    for client in (arbiter, *seats):
        client.close()
    table.close()
