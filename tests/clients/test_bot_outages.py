"""A seat whose decision fails because the server stays away longer than its client's outage
budget (``reconnect_for``) decides again once its watch has reconnected: the caught-up marker
of the new stream (``watch(..., resumes=True)``) says so, since no new update will come while
the game waits for that very seat. Both the SDK's bot loop and the documented example."""

from __future__ import annotations

import time

import pytest

from tests.clients.servers import RestartableServer
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
