"""The Bruges terminal view shows a seat what it needs to play (round, dice, piles, every
seat's position, its own hand with costs and effects) and nothing of the other hands."""

from __future__ import annotations

import io
import re

from rich.console import Console
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.render import Renderer, describe_choice, render_view
from clients.render.bruges import render_bruges
from games.bruges import full_view
from wire.bruges import view_to_proto


def printed(response: pb.GetViewResponse, render: Renderer = render_bruges) -> str:
    """The view as a 120-column terminal shows it, without styles."""
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(render(response))
    return console.export_text()


def table_in_actions_phase(round_: int = 2) -> LocalTable:
    """A 3-seat game played by bots until a seat has a hand to play in round ``round_``."""
    table = LocalTable("bruges", 3, b"render", ("Ada", "Bob", "Cy"))
    bots = [HeuristicBot(seat) for seat in range(3)]
    while (seat := table.to_act()) is not None:
        view = table.view(seat).view.bruges
        playing = view.round >= round_ and view.phase == bpb.BRUGES_PHASE_ACTIONS
        if playing and view.players[seat].hand:
            return table
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    raise AssertionError("the game ended before the round was reached")


def test_a_seat_view_shows_its_position_its_hand_and_not_the_others_hands() -> None:
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    view = response.view.bruges
    me = view.players[seat]
    screen = printed(response)

    active = f"seat {view.active_seat} ({('Ada', 'Bob', 'Cy')[view.active_seat]})"
    assert f"round {view.round} · actions phase · {active}'s turn" in screen
    assert re.search(rf"\(you\) ◀?\s+{me.score}\s+{me.guilders}\s", screen), screen
    for card in me.hand:
        assert card.name in screen and card.text[:30] in screen
    for colour, die in zip(("blue", "brown", "red", "purple", "yellow"), view.dice, strict=True):
        assert f"{colour} {die}" in screen
    for pile in view.piles:
        assert f": {pile.size}" in screen
    for other in (s for s in range(3) if s != seat):
        hidden = table.view(other).view.bruges.players[other].hand
        assert hidden and not any(card.name in screen for card in hidden)
    assert all(len(line) <= 120 for line in screen.splitlines())


def test_every_seat_row_shows_its_workers_threats_and_persons() -> None:
    table = table_in_actions_phase(round_=3)
    response = table.view(0)
    screen = printed(response)
    rows = {line.split()[1]: line for line in screen.splitlines() if re.match(r"\d \w+", line)}
    for player, name in zip(response.view.bruges.players, ("Ada", "Bob", "Cy"), strict=True):
        digits = " ".join(str(n) for n in player.workers)
        threats = " ".join(str(n) for n in player.threats)
        assert f"{digits}   {threats}" in rows[name], rows[name]
        for house in player.houses:
            if house.HasField("person"):
                assert house.person.name.split()[0] in screen


def test_render_view_uses_it_and_recruits_say_what_the_person_costs_and_does() -> None:
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    assert "Your hand" in printed(response)
    assert "Your hand" in printed(response, render_view)

    hand = {card.id: card for card in response.view.bruges.players[seat].hand}
    annotated = 0
    for choice in table.legal(seat).actions:
        if choice.action.bruges.WhichOneof("kind") == "recruit_person":
            card = hand[choice.action.bruges.recruit_person.card]
            described = describe_choice(response, choice).plain
            assert re.search(r" for \d+ guilders? — ", described), described
            assert f"{card.points} VP: {card.text}" in described
            annotated += 1
        if choice.action.bruges.WhichOneof("kind") == "take_guilders":
            assert re.search(r" — \w+ \(die \d\)$", describe_choice(response, choice).plain)
            annotated += 1
    assert annotated, "the position offers a card play to annotate"


def test_the_full_view_of_a_finished_game_shows_scores_and_every_hand() -> None:
    table = LocalTable("bruges", 2, b"finish", ("Ada", "Bob"))
    bots = [HeuristicBot(seat) for seat in range(2)]
    while (seat := table.to_act()) is not None:
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    response = table.view(0)
    response.view.bruges.CopyFrom(view_to_proto(full_view(table.state)))
    screen = printed(response)
    view = response.view.bruges
    assert f"finished · scores {', '.join(str(s) for s in view.scores)}" in screen
    assert "◀" not in screen and "(you)" not in screen
    for player, name in zip(view.players, ("Ada", "Bob"), strict=True):
        assert f"Hand of seat {player.seat} ({name}): " in screen
        assert all(card.name in screen for card in player.hand)


def test_cards_drawn_face_down_are_counted_not_called_an_empty_hand() -> None:
    """Phase 1 cards stay unseen until the hand is full (docs/rules/bruges.md item 3): the
    seat is told how many it holds face down, not that its hand is empty."""
    table = LocalTable("bruges", 2, b"draw", ("Ada", "Bob"))
    response = table.view(0)
    me = response.view.bruges.players[0]
    me.ClearField("hand")
    me.hand_size, me.hand_visible = 3, True
    screen = " ".join(printed(response).split())
    assert "Your hand: 3 cards drawn, face down until the hand is full" in screen
    me.hand_size = 0
    assert "Your hand: empty" in " ".join(printed(response).split())
