"""Every option a game groups in a long list gets its short form, over whole seeded games.

The short forms are read off the rules' own descriptions (``burgundy_choices``,
``bruges_options.short_bruges``, ``short_bourgeoisie``); an option whose description no longer
reads as they expect stands on its own, in full, and the list quietly grows. So which options
must be grouped is decided here from the typed action alone, and a change of wording in the
rules fails this test rather than the player's screen."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot
from clients.local.table import LocalTable
from clients.render import SHORT_FORMS
from clients.render.bruges_options import HAND_PLAYS, SHORTER
from games.burgundy.actions import BONUS_DIE

SEEDS = (0, 1, 7)
"""Seeded four-seat games between random bots; seed 1's and 7's activate a person with a
colour to choose, which the others never do."""
BURGUNDY_DICE = frozenset({"take_tile", "sell_goods", "take_workers"})


def positions(game: str) -> Iterator[tuple[pb.GetViewResponse, pb.LegalAction]]:
    """Every option of every decision of ``SEEDS``' games, with the view it was chosen in."""
    for seed in SEEDS:
        table = LocalTable(game, 4, bytes([seed]) * 32)
        bots = [RandomBot(seed * 10 + seat) for seat in range(4)]
        while (seat := table.to_act()) is not None:
            view, legal = table.view(seat), list(table.legal(seat).actions)
            yield from ((view, choice) for choice in legal)
            table.submit(seat, bots[seat].choose(view, legal))


def burgundy_grouped(choice: pb.LegalAction) -> bool:
    """A numbered die's take, sale or workers, any placement (under its tile and die) and the
    purchase; a take, sale or workers with the extra action's die (any number), the ship's
    goods, a pass and the turn's end stand alone."""
    chosen = choice.action.burgundy
    kind = chosen.WhichOneof("kind")
    if kind in BURGUNDY_DICE:
        return bool(getattr(chosen, kind).die != BONUS_DIE)
    return kind in ("place_tile", "buy_tile")


def bruges_grouped(choice: pb.LegalAction) -> bool:
    """A play of a card in hand, and a person activated: each names the card it spends."""
    kind = choice.action.bruges.WhichOneof("kind")
    return kind in HAND_PLAYS or kind == "activate_person"


def bourgeoisie_grouped(choice: pb.LegalAction) -> bool:
    """An Event bought for one of its targets."""
    chosen = choice.action.bourgeoisie
    return chosen.WhichOneof("kind") == "buy_card" and bool(chosen.buy_card.HasField("target"))


GROUPED: dict[str, Callable[[pb.LegalAction], bool]] = {
    "burgundy": burgundy_grouped,
    "bruges": bruges_grouped,
    "bourgeoisie": bourgeoisie_grouped,
}


@pytest.mark.parametrize("game", list(GROUPED))
def test_every_option_of_a_grouped_kind_gets_its_short_form(game: str) -> None:
    grouped = seen = 0
    for view, choice in positions(game):
        expected = GROUPED[game](choice)
        short = SHORT_FORMS[game](view, choice)
        assert (short is not None) == expected, (choice.description, short)
        grouped, seen = grouped + expected, seen + 1
    assert grouped > 10 and seen > grouped, (grouped, seen)


def test_every_shortening_of_a_bruges_play_meets_its_words() -> None:
    """Each of ``SHORTER``'s phrases is in the words of some play under its card's heading
    (its description less the card's name, which the heading gives): a phrase the rules no
    longer write would leave those plays' words long without a sign."""
    played, shortened = set(), set()
    for view, choice in positions("bruges"):
        if (short := SHORT_FORMS["bruges"](view, choice)) is not None:
            name = short[0].split(" (")[0]
            played.add(choice.description.replace(f" {name}", "", 1))
            shortened.add(short[1].plain)
    unmet = [long for long, _ in SHORTER if not any(long in words for words in played)]
    assert not unmet, unmet
    # and none is left long beside its shortened kin ("+1 guilder" but "for +2 guilders")
    left_long = [words for words in shortened if any(long in words for long, _ in SHORTER)]
    assert not left_long, left_long
    # "activate: purple: discards a purple marker" read as two labels
    assert not [words for words in shortened if words.count(":") > 1]


def test_a_burgundy_workers_group_is_headed_by_what_it_takes() -> None:
    """Seed: "use a die to take two worker tiles". Folded, a group is one line under its
    heading ("l) take, first die (1): 36"), so the heading says what is taken."""
    headed = set()
    for view, choice in positions("burgundy"):
        taken = choice.action.burgundy
        if taken.WhichOneof("kind") == "take_workers" and taken.take_workers.die != BONUS_DIE:
            short = SHORT_FORMS["burgundy"](view, choice)
            assert short is not None
            heading, own = short
            assert heading.startswith("take workers, "), heading
            assert own.plain.split()[1] == "workers", own.plain  # "2 workers and 1 silverling"
            headed.add(heading)
    assert {"take workers, first die", "take workers, second die"} <= {
        h.split(" (")[0] for h in headed
    }
