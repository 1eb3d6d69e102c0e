"""A Bruges seat reads its options in the order of its hand: `legal` and `play` list the plays
card by card as the board lists the hand, and `act N` takes the option `legal` numbered N. The
server's list keeps the rules' order (card by card in card id order), which bots and recorded
games rely on."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import pytest
from rich.console import Console
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from cli.main import main
from clients.bots import RandomBot
from clients.play import PlayerLeftError, TerminalPlayer
from clients.render.bruges_options import HAND_PLAYS
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer

pytestmark = pytest.mark.e2e


@dataclass
class Turn:
    """A seat about to play a card from a hand whose first card is not its lowest id."""

    game_id: str
    client: GameClient
    hand: Sequence[bpb.BrugesPerson]


def _cards_played(actions: Sequence[pb.LegalAction]) -> list[int]:
    """The card each play of a hand card names, in the list's order."""
    kinds = [(a.action.bruges, a.action.bruges.WhichOneof("kind")) for a in actions]
    return [getattr(action, kind).card for action, kind in kinds if kind in HAND_PLAYS]


def _hand_to_play(client: GameClient, game_id: str, seat: int) -> Sequence[bpb.BrugesPerson]:
    """The seat's hand when its first option plays a card and the hand's first card is not
    its lowest id; else nothing (the rules' order and the hand's would begin alike)."""
    hand: Sequence[bpb.BrugesPerson] = (
        client.get_view(game_id, "seat").view.bruges.players[seat].hand
    )
    options = client.list_legal_actions(game_id).actions
    if options and _cards_played(options[:1]) and hand[0].id != min(c.id for c in hand):
        return hand
    return ()


@pytest.fixture
def turn(server: RestartableServer) -> Iterator[Turn]:
    """A two-seat Bruges game played by a random bot up to such a turn."""
    with GameClient(server.target) as host:
        game_id = host.create_game("bruges", 2).game_id
        grants = [host.join_game(game_id, f"p{n}", n) for n in range(2)]
    seats = [GameClient(server.target, grant.token) for grant in grants]
    bot = RandomBot(5)
    try:
        for _ in range(500):
            seat = seats[0].get_view(game_id, "public").status.to_act
            if hand := _hand_to_play(seats[seat], game_id, seat):
                yield Turn(game_id, seats[seat], hand)
                return
            seats[seat].submit_with_retry(
                game_id, lambda legal: bot.choose(pb.GetViewResponse(), legal.actions)
            )
        raise AssertionError("no seat played from a hand out of card id order")
    finally:
        for client in seats:
            client.close()


def test_the_server_lists_the_plays_in_card_id_order(turn: Turn) -> None:
    played = _cards_played(turn.client.list_legal_actions(turn.game_id).actions)
    assert played == sorted(played) and played[0] != turn.hand[0].id


def test_legal_lists_the_plays_in_the_hands_order_and_act_takes_its_numbers(
    turn: Turn, server: RestartableServer, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = ["--server", server.target, "--token", turn.client.token]
    assert main(["legal", turn.game_id, *seat]) == 0
    listed = " ".join(capsys.readouterr().out.split())  # rows wrap at 80 columns
    first_play = [listed.find(f"play {card.name} ") for card in turn.hand]
    assert -1 not in first_play and first_play == sorted(first_play), listed
    assert listed.find(" 1 │ play") == first_play[0] - len(" 1 │ "), "number 1 is the hand's first"

    assert main(["act", turn.game_id, "1", *seat]) == 0
    assert capsys.readouterr().out.startswith(f"play {turn.hand[0].name} ")
    seen = turn.client.get_view(turn.game_id, "seat").view.bruges
    left = [card.id for card in seen.players[seen.viewer].hand]
    assert turn.hand[0].id not in left and len(left) == len(turn.hand) - 1


def test_play_numbers_the_plays_in_the_hands_order(turn: Turn) -> None:
    screen = io.StringIO()
    # A screen tall enough for the table: the layouts of shorter ones are test_choice_fit's.
    console = Console(file=screen, width=200, height=200, color_system=None)

    def leave(prompt: str) -> str:
        raise PlayerLeftError

    seat = turn.client.list_legal_actions(turn.game_id).seat
    with pytest.raises(PlayerLeftError):
        TerminalPlayer(turn.client, turn.game_id, seat, console, ask=leave).run()
    choices = screen.getvalue().split("Your legal actions", 1)[1]
    first_play = [choices.find(f"play {card.name} ") for card in turn.hand]
    assert -1 not in first_play and first_play == sorted(first_play), choices
    assert choices.find(" 1 │ play") == first_play[0] - len(" 1 │ "), "number 1 is the hand's first"
