"""The words every board uses: a seat's title with its player's name, and once a game is over,
places as ordinals and the winners' line."""

from __future__ import annotations

from collections.abc import Sequence

from clients.render.seats import player_name
from games.core.wording import shortened

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
NAME_WIDTH = 16
"""Columns of a player's name in a seat's title on a board: a longer name is cut with an
ellipsis, so that it leaves room for the line it heads."""


def seat_title(names: Sequence[str], seat: int) -> str:
    """``Seat 1 (Bob)``, naming the seat as the terminal boards do (``player_name``: a free
    seat, or a name that only repeats the seat's, shows the number alone)."""
    name = player_name(names, seat)
    return f"Seat {seat} ({shortened(name, NAME_WIDTH)})" if name else f"Seat {seat}"


def ordinal(place: int) -> str:
    """``1st`` for place 1, and so on; ``?`` for a place the board does not know."""
    return ORDINALS[place - 1] if 0 < place <= len(ORDINALS) else "?"


def standing(places: Sequence[int], scores: Sequence[int], seat: int, unit: str) -> str:
    """``2nd place · 31 final points`` for ``seat`` once the game is over."""
    place = places[seat] if seat < len(places) else 0
    points = scores[seat] if seat < len(scores) else "?"
    return f"{ordinal(place)} place · {points} final {unit}"


def no_turn_text(finished: bool, places: Sequence[int], scores: Sequence[int]) -> str:
    """The turn line when no seat is to play: the result once the game is over
    (``result_text``), else ``no one to play yet``."""
    return result_text(places, scores, "points") if finished else "no one to play yet"


def result_text(places: Sequence[int], scores: Sequence[int], unit: str) -> str:
    """``Final scores: Seat 1 wins with 39 points`` (ties share the win), or just
    ``final scores`` when the view holds no places."""
    winners = [seat for seat, place in enumerate(places) if place == 1]
    if not winners or len(scores) <= winners[0]:
        return "final scores"
    who = " and ".join(f"Seat {seat}" for seat in winners)
    verb = "win" if len(winners) > 1 else "wins"
    return f"Final scores: {who} {verb} with {scores[winners[0]]} {unit}"
