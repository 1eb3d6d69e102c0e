"""In-process play shows bots exactly what a server shows them (one wire conversion, `wire`,
serves both), and every game can be played to its end that way."""

from __future__ import annotations

import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot, RandomBot
from clients.local import LocalTable, local_games
from games.registry import all_rules


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_every_game_plays_locally_to_its_end(game: str) -> None:
    table = LocalTable(game, 3, b"seed")
    bots = [HeuristicBot(1), RandomBot(2), RandomBot(3)]
    decisions = 0
    while (seat := table.to_act()) is not None:
        legal = table.legal(seat).actions
        assert legal, f"{game}: seat {seat} is to act but has no legal action"
        table.submit(seat, bots[seat].choose(table.view(seat), legal))
        decisions += 1
    outcome = table.outcome()
    assert outcome is not None and decisions > 20 and sorted(outcome.places)[0] == 1


def test_a_local_table_answers_like_a_server() -> None:
    table = LocalTable("bourgeoisie", 2, b"seed", ("Ada", "Bob"))
    seat = table.to_act()
    assert seat is not None
    view, legal = table.view(seat), table.legal(seat)
    assert view.seat == seat and view.view.WhichOneof("game") == "bourgeoisie"
    assert view.status.players == ["Ada", "Bob"] and view.status.to_act == seat
    assert legal.version == view.version and all(a.description for a in legal.actions)
    assert all(isinstance(a.action, pb.Action) for a in legal.actions)
    assert local_games() == tuple(sorted(all_rules()))
