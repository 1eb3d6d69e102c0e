"""The Bruges table: the round, phase and turn, the five dice, the draw piles and the statue
stack, a legend, and each seat's points, guilders, workers, threats, reputation, canal,
majority markers, houses (numbered, with the persons in them) and hand; under the picture,
what a majority marker is worth and who leads each majority now (``notes``).

Card backs show their colour only; a card's face is drawn only when the view shows it."""

from __future__ import annotations

from collections.abc import Sequence

from games.bruges.catalogue import Category
from games.bruges.majorities import compared, leads
from games.bruges.texts import majority_worth
from games.bruges.views import BrugesView, PlayerView
from replay.boards.bruges.seat import seat_panel
from replay.boards.bruges.table import dice, legend, piles, statues, status
from replay.boards.notes import item, note
from replay.boards.notes import notes as notes_of
from replay.boards.results import seat_title
from replay.boards.svg import blocks


def draw(view: BrugesView, names: Sequence[str] = ()) -> str:
    """The board for ``view`` as blocks a phone stacks (``svg.blocks``): the state of play and
    the legend, the dice, the piles and the statues, then the seats two by two, each as tall as
    its card band needs (the pieces are in ``table``, ``seat`` and ``cards``)."""
    seats = [seat_panel(view, p, seat_title(names, p.seat)) for p in view.players]
    rows = [[status(view), legend(view)], [dice(view), piles(view), statues(view)]]
    rows += [seats[index : index + 2] for index in range(0, len(seats), 2)]
    return blocks(rows)


def notes(view: BrugesView, names: Sequence[str] = ()) -> str:
    """What a majority marker is worth and who would turn each were Phase 4 now: its sole
    leader, or a tie (seed: Phase 4; bruges-data.md §2.4; docs/rules/bruges.md item 20);
    nothing once the game is over, when the markers turned say it all."""
    if view.finished:
        return ""
    lines = [item("", majority_worth(view.ruleset))]
    for lead in leads([majority_counts(player) for player in view.players]):
        if lead.leader is None:
            lines.append(item(lead.category.value, f"tied at {lead.best}"))
        else:
            leader = seat_title(names, lead.leader)
            lines.append(item(lead.category.value, f"{leader} leads with {lead.best}"))
    return notes_of([note("Majorities now", lines, "majorities")])


def majority_counts(player: PlayerView) -> dict[Category, int]:
    """The seat's count in each majority, as the view shows them (``majorities.compared``)."""
    persons = sum(house.person is not None for house in player.houses)
    return compared(player.reputation, persons, sum(player.canal))
