"""What ``tabletop play`` says while the game waits for someone else: the seat to act (by
name), or players to take the free seats when the seat to act is one of them."""

from __future__ import annotations

from tabletop.v1 import common_pb2

from clients.play import waiting_line


def _status(
    players: list[str], to_act: int | None, finished: bool = False
) -> common_pb2.GameStatus:
    return common_pb2.GameStatus(
        seats=len(players), players=players, to_act=to_act, finished=finished
    )


def test_another_seat_to_act_is_named_with_its_player() -> None:
    assert waiting_line(_status(["Ada", "Bob"], 1), 0) == "Waiting for seat 1 (Bob) to act…"


def test_nothing_is_said_when_it_is_your_decision_or_the_game_has_ended() -> None:
    assert waiting_line(_status(["Ada", "Bob"], 0), 0) == ""
    assert waiting_line(_status(["Ada", "Bob"], None, finished=True), 0) == ""


def test_a_free_seat_to_act_waits_for_players_to_join() -> None:
    line = waiting_line(_status(["", "Ada"], 0), 1)
    assert line == "Waiting for players to join: seat 0 is still free…"
    line = waiting_line(_status(["Ada", "", ""], 2), 0)
    assert line == "Waiting for players to join: seats 1, 2 are still free…"
    line = waiting_line(_status(["Ada", ""], None), 0)
    assert line == "Waiting for players to join: seat 1 is still free…"


def test_a_taken_seat_to_act_is_waited_for_even_while_other_seats_are_free() -> None:
    assert waiting_line(_status(["Ada", "Bob", ""], 1), 0) == "Waiting for seat 1 (Bob) to act…"
