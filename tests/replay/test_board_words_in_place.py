"""Every word a board draws stays where it can be read, measured in headless Chromium as it
draws them: inside its own picture (a word past a block's edge is cut off), inside its own box
(the card, tile or chip it is written on, whose edge it must not touch or cross: "immune to
purple threats" ran over a Bruges card's border, well inside the picture), and with nothing
painted over it (a goods chip or another word drawn on top of a label hides it).

The boards are drawn at their most crowded: a Burgundy seat that has sold every kind of goods
several times, at a turn that has spent both dice, bought from the black depot and waits on
two effects; every Bourgeoisie card, on the track and in a seat's family, however long its
name; every Bruges person, in a hand and in a house whose person was used this round.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path

from games.bourgeoisie.catalogue import CARDS
from games.bourgeoisie.views import CardView
from games.bruges.persons import PERSONS
from games.bruges.views import HouseView, person_view
from games.burgundy.catalogue import Effect
from games.burgundy.views import BurgundyView
from replay.boards import board_with_notes
from replay.boards.bourgeoisie import CARD_H, CARD_W, GAP, _card
from replay.boards.bruges.cards import Piece, draw_piece
from replay.boards.bruges.style import CARD_GAP, FACE_W
from replay.boards.bruges.style import CARD_H as BRUGES_CARD_H
from replay.boards.svg import Svg
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN
from tests.support.browser import run_chromium

MEASURE = """<script>
const faults = [];
const CLEAR = 1;  // pixels a word keeps inside its box's edge (its border is drawn on the edge)
const filled = e => e instanceof SVGGeometryElement && getComputedStyle(e).fill !== 'none' &&
  getComputedStyle(e).fill !== 'rgba(0, 0, 0, 0)';
function ownBox(text, box) {
  const under = document.elementsFromPoint(box.left + 1, box.top + box.height * 0.55).find(e =>
    e !== text && filled(e) &&
    (e.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING));
  return under && under.getBoundingClientRect();
}
for (const svg of document.querySelectorAll('svg')) {
  const edge = svg.getBoundingClientRect();
  for (const text of svg.querySelectorAll('text')) {
    if (!text.textContent.trim()) continue;
    const box = text.getBoundingClientRect();
    if (box.left < edge.left - 1 || box.right > edge.right + 1) {
      faults.push('past its picture\\'s edge: ' + text.textContent);
    }
    // Its own box (a card, a tile, a chip): the topmost shape drawn before it under its start.
    // A word passing that box's edge, or touching it, runs out of its card, not the picture.
    const own = ownBox(text, box);
    if (own && (box.left < own.left || box.right > own.right - CLEAR)) {
      faults.push('past its box\\'s edge: ' + text.textContent);
    }
    // What lies over the word at points along its middle: anything the browser hit-tests
    // there before the word itself was drawn after it, over it.
    const y = box.top + box.height * 0.55;
    // A point between a narrow word's glyphs may miss the word itself: nothing is over it.
    for (const share of [0.1, 0.3, 0.5, 0.7, 0.9, 0.97]) {
      const on = document.elementsFromPoint(box.left + box.width * share, y);
      if (!on.includes(text)) continue;
      const over = on.slice(0, on.indexOf(text)).find(e =>
        e instanceof SVGTextContentElement || filled(e));
      if (over) {
        faults.push(text.textContent + ' under ' + (over.textContent || over.tagName));
        break;
      }
    }
  }
}
const out = document.createElement('output'); out.id = 'faults';
out.textContent = JSON.stringify([...new Set(faults)]); document.body.append(out);
</script></body>"""


def faults(body: str, tmp_path: Path) -> list[str]:
    """What is wrong with the words of ``body`` (a board's markup) as Chromium draws it in a
    window tall enough to hold it all (the browser hit-tests only what is on the screen)."""
    page = tmp_path / "board.html"
    page.write_text(f"<!doctype html><html><body>{body}</body></html>".replace("</body>", MEASURE))
    dom = run_chromium(tmp_path, "--window-size=1400,6000", "--dump-dom", page.as_uri()).stdout
    found = re.search(r'<output id="faults">(.*?)</output>', dom, re.S)
    assert found is not None, dom[-1000:]
    listed: list[str] = json.loads(html.unescape(found.group(1)))
    return listed


def crowded_burgundy() -> BurgundyView:
    """A real mid-game view of four seats, with seat 0 to play having done everything a turn
    allows and holding all it can."""
    timeline = Timeline(open_record(GOLDEN / "burgundy" / "burgundy-4p-1.jsonl"))
    view = timeline.view(timeline.last // 2, Perspective.PUBLIC, None)
    assert isinstance(view, BurgundyView)
    seat = view.players[0]
    crowded = replace(seat, sold=(2, 3, 2, 4, 2, 2), goods=(2, 0, 3, 0, 0, 2))
    return replace(
        view,
        players=(crowded, *view.players[1:]),
        active_seat=0,
        dice_used=(True, True),
        bought=True,
        pending=(Effect.CITY_HALL, Effect.CARPENTER),
    )


def test_a_crowded_burgundy_board_draws_every_word_in_the_clear(tmp_path: Path) -> None:
    found = faults(board_with_notes("burgundy", crowded_burgundy()), tmp_path)
    assert not found, "\n".join(found)


def every_bourgeoisie_card() -> str:
    """Every card of the game, at a track slot's size and at a seat family's (small)."""
    cards = [CardView(c.id, c.name, c.kind, c.value, c.prestige, 3) for c in CARDS]
    per_row = 8
    rows = (len(cards) + per_row - 1) // per_row
    picture = Svg(per_row * (CARD_W + GAP), 2 * rows * (CARD_H + GAP))
    for index, shown in enumerate(cards):
        x, y = (index % per_row) * (CARD_W + GAP), (index // per_row) * (CARD_H + GAP)
        _card(picture, x, y, shown)
        _card(picture, x, y + rows * (CARD_H + GAP), shown, small=True)
    return picture.block()


def test_every_bourgeoisie_card_draws_its_name_clear_of_its_type_letter(tmp_path: Path) -> None:
    found = faults(every_bourgeoisie_card(), tmp_path)
    assert not found, "\n".join(found)


def every_bruges_person() -> str:
    """Every person of the game face up in a house whose person was used this round (the
    longest group line: "Ye · entertainer · used", beside the house's number) and in a hand."""
    faces = [person_view(card.id) for card in PERSONS]
    per_row = 8
    rows = (len(faces) + per_row - 1) // per_row
    picture = Svg(per_row * (FACE_W + CARD_GAP), 2 * rows * (BRUGES_CARD_H + CARD_GAP))
    for index, face in enumerate(faces):
        x = (index % per_row) * (FACE_W + CARD_GAP)
        y = (index // per_row) * (BRUGES_CARD_H + CARD_GAP)
        house = HouseView(face.colour, face.id, face, turned=True)
        draw_piece(picture, Piece(FACE_W, house=house, number=index % 6), x, y)
        draw_piece(picture, Piece(FACE_W, face=face), x, y + rows * (BRUGES_CARD_H + CARD_GAP))
    return picture.block()


def test_every_bruges_person_draws_its_words_in_the_clear(tmp_path: Path) -> None:
    found = faults(every_bruges_person(), tmp_path)
    assert not found, "\n".join(found)
