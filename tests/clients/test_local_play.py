"""In-process play shows bots exactly what a server shows them: the clients' wire adapter
equals the service's own conversion message for message, along whole games."""

from __future__ import annotations

from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot, RandomBot
from clients.local import LocalTable, local_games
from clients.local import bourgeoisie as local
from games.bourgeoisie import RULES
from services.grpc_api.convert import bourgeoisie as served


def _states(seed: int) -> list[LocalTable]:
    """A table after every decision of one seeded game, heuristic against random."""
    table = LocalTable("bourgeoisie", 3, seed.to_bytes(4, "big"))
    bots = [HeuristicBot(seed), RandomBot(seed), RandomBot(seed + 1)]
    seen = []
    while (seat := table.to_act()) is not None:
        seen.append(seat)
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
        if len(seen) % 7 == 0:
            _check_adapter_equals_the_service(table)
    assert table.outcome() is not None
    return [table]


def _check_adapter_equals_the_service(table: LocalTable) -> None:
    state = table.state
    for viewer in (None, 0, 1, 2):
        view = RULES.view(state, viewer)
        assert local.view_to_proto(view) == served.view_to_proto(view)
    assert local.view_to_proto(RULES.full_view(state)) == served.view_to_proto(
        RULES.full_view(state)
    )
    seat = table.to_act()
    if seat is None:
        return
    for action in RULES.legal_actions(state, seat):
        wire = local.action_to_proto(action)
        assert wire == served.action_to_proto(action)
        assert local.action_from_proto(wire) == served.action_from_proto(wire) == action


def test_the_wire_adapter_equals_the_service_conversion_along_whole_games() -> None:
    for seed in (1, 2):
        _states(seed)


def test_a_local_table_answers_like_a_server() -> None:
    table = LocalTable("bourgeoisie", 2, b"seed", ("Ada", "Bob"))
    seat = table.to_act()
    assert seat is not None
    view, legal = table.view(seat), table.legal(seat)
    assert view.seat == seat and view.view.WhichOneof("game") == "bourgeoisie"
    assert view.status.players == ["Ada", "Bob"] and view.status.to_act == seat
    assert legal.version == view.version and all(a.description for a in legal.actions)
    assert all(isinstance(a.action, pb.Action) for a in legal.actions)
    assert local_games() == ("bourgeoisie",)
