"""The Bourgeoisie board drawing names every card on the table in full: a long name is broken
between words onto two lines, never cut (a cut name can read as another card's)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from games.bourgeoisie.views import BourgeoisieView, CardView
from replay.boards import draw_board
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"


def _cards_shown(view: BourgeoisieView) -> list[CardView]:
    """The cards the drawing shows: the track, each family in play and each hand (as drawn,
    up to ten)."""
    cards = [card for card in view.track if card is not None]
    for player in view.players:
        family = player.family
        if family is not None:
            cards += [family.family, *family.bonds, *family.lands, *family.offices]
            cards += [family.trade] if family.trade is not None else []
        cards += list(player.hand or ())[:10]
    return cards


@pytest.mark.parametrize("name", ["bourgeoisie-4p-12", "bourgeoisie-3p-3"])
def test_every_card_on_the_board_is_named_in_full(name: str) -> None:
    timeline = Timeline(open_record(GOLDEN / "bourgeoisie" / f"{name}.jsonl"))
    long_names = set()
    for version in range(1, timeline.last + 1, 25):
        view = timeline.view(version, Perspective.FULL)
        assert isinstance(view, BourgeoisieView)
        root = ET.fromstring(draw_board("bourgeoisie", view))
        drawn = " ".join(text.text or "" for text in root.iter(f"{SVG}text"))
        for card in _cards_shown(view):
            assert card.name in drawn, (version, card.name)
            if len(card.name) > 14:
                long_names.add(card.name)
    assert long_names, "the games show names longer than a line"
