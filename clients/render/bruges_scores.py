"""Each Bruges seat's points were the game to end now, worked out from the view by the rules'
own end-game scoring (``games.bruges.scoring.end_score``), so that the board never keeps a
second copy of it.

Everything the end-game scoring counts is public (docs/rules/bruges.md items 21 and 24): the
track, the persons in play, the houses (counted, never read), the majority markers, the canal,
the statues, reputation and, for a laurel person, guilders, workers and threats. No hand
scores. So every view, a spectator's included, can give every seat's points, and the line says
that it uses nothing hidden. It says too that it counts the majority markers turned so far:
the ones this round's Phase 4 would turn are the Majorities line's to tell.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from tabletop.v1 import bruges_pb2 as bpb

from clients.render.seats import seat_name
from games.bruges.catalogue import Person
from games.bruges.persons import CARD_COUNT, person
from games.bruges.scoring import end_score

IF_ENDED_NOW_NOTE = (
    "the track plus the end-game scoring, from public information only; majority markers as "
    "turned so far"
)
"""What the line counts, said on the line: nothing hidden, and the Phase 4 still to come not
foreseen."""


def points_if_ended_now(view: bpb.BrugesView, player: bpb.BrugesPlayer) -> int:
    """``player``'s VP were the game to end now: the rules' end-game scoring of what the view
    shows of it (seed: End-Game Scoring; docs/rules/bruges.md item 21)."""
    return end_score(view.ruleset or "default", player.seat, player, persons_in_play(player)).total


def persons_in_play(player: bpb.BrugesPlayer) -> list[Person]:
    """The persons in ``player``'s houses, as the rules' catalogue has them (their effects are
    what a laurel person scores by)."""
    ids = (house.person.id for house in player.houses if house.HasField("person"))
    return [person(card) for card in ids if 0 <= card < CARD_COUNT]


def if_ended_now_line(view: bpb.BrugesView, names: Sequence[str] = ()) -> Text:
    """``VP if the game ended now: seat 0 (Ann) 23, seat 1 (Bob) 19 (…)``: one line rather
    than a column, so that the seats table keeps to 80 columns; each seat by its player's name
    where ``names`` (the status's) knows it."""
    text = Text("VP if the game ended now: ", style="bold")
    for index, player in enumerate(view.players):
        text.append(", " if index else "").append(seat_name(names, player.seat))
        text.append(f" {points_if_ended_now(view, player)}", style="bold")
    return text.append(f" ({IF_ENDED_NOW_NOTE})", style="dim")
