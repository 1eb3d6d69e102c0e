"""The Castles of Burgundy board drawing: well-formed SVG with every seat's 37-space estate,
a picture that follows the game, and an HTML replay Chromium draws."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from clients.render.bruges_town import disaster_legend
from games.bruges import view as bruges_view
from games.bruges.catalogue import COLOURS
from games.bruges.catalogue import Colour as BrugesColour
from games.bruges.rulesets import DISASTER_LOSSES, RULESET_NAMES, ruleset_of
from games.bruges.views import BrugesView
from games.burgundy.catalogue import COLOURS as BURGUNDY_COLOURS
from games.burgundy.catalogue import Colour
from games.burgundy.sight import bonus_points
from games.burgundy.views import BonusView
from replay.boards import RENDERERS, draw_board
from replay.boards.bruges.style import SHORT
from replay.boards.bruges.texts import turn_text
from replay.boards.burgundy import COLOUR_LETTER
from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.games.bruges import builders as bruges
from tests.games.bruges.test_disasters import struck
from tests.replay.conftest import GOLDEN
from tests.support.browser import run_chromium

SVG = "{http://www.w3.org/2000/svg}"
BURGUNDY_FILES = sorted((GOLDEN / "burgundy").glob("*.jsonl"))


@pytest.fixture(scope="module", params=BURGUNDY_FILES, ids=[p.stem for p in BURGUNDY_FILES])
def timeline(request: pytest.FixtureRequest) -> Timeline:
    return Timeline(open_record(request.param))


def versions(timeline: Timeline) -> list[int]:
    last = timeline.last
    return sorted({1, 6, last // 4, last // 2, 3 * last // 4, last})


def svg_at(timeline: Timeline, version: int) -> str:
    return draw_board("burgundy", timeline.view(version, Perspective.PUBLIC))


def spaces_per_seat(root: ET.Element) -> dict[str, int]:
    counts: dict[str, int] = {}
    for polygon in root.iter(f"{SVG}polygon"):
        classes = polygon.get("class", "").split()
        if "space" in classes:
            seat = next(c for c in classes if c.startswith("seat-"))
            counts[seat] = counts.get(seat, 0) + 1
    return counts


def test_burgundy_has_its_own_drawing() -> None:
    assert "burgundy" in RENDERERS
    assert len(BURGUNDY_FILES) >= 1


def test_every_step_is_well_formed_svg_with_37_hexes_per_seat(timeline: Timeline) -> None:
    seats = int(timeline.record.header["seats"])
    for version in versions(timeline):
        root = ET.fromstring(svg_at(timeline, version))
        assert root.tag == "div" and root.get("class") == "picture"
        assert all(block.tag == f"{SVG}svg" for row in root for block in row)
        assert spaces_per_seat(root) == {f"seat-{seat}": 37 for seat in range(seats)}


def test_the_picture_follows_the_game(timeline: Timeline) -> None:
    first, last = svg_at(timeline, 1), svg_at(timeline, timeline.last)
    assert first != last
    root = ET.fromstring(last)
    placed = [p for p in root.iter(f"{SVG}polygon") if "placed" in p.get("class", "").split()]
    assert placed, "tiles lie on the estates by the end"
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Game over" in texts and "Castle" in texts


def test_what_the_burgundy_board_tells_by_colour_has_the_colours_letter_too(
    timeline: Timeline,
) -> None:
    """An empty space, a face-down pile and a colour's bonus tiles left were told apart by
    their colour alone, lost in greyscale and to a colour-blind reader: each has its colour's
    letter (C castle, P pasture, S ship, M mine, B building, K knowledge), and the legend's
    hexes the same letters beside the colours' names."""
    root = ET.fromstring(svg_at(timeline, timeline.last // 2))
    drawn = [shape for block in root.iter(f"{SVG}svg") for shape in block]
    empty = 0
    for index, shape in enumerate(drawn):
        if "space" not in shape.get("class", "").split() or drawn[index + 1].tag != f"{SVG}text":
            continue  # a tile covers the space: its label names it
        title = shape.find(f"{SVG}title")
        colour = Colour((title.text or "").split(": ")[1].split()[0]) if title is not None else None
        assert colour is not None and drawn[index + 2].text == COLOUR_LETTER[colour], index
        empty += 1
    assert empty, "the estates have empty spaces"
    texts = [t.text or "" for t in drawn if t.tag == f"{SVG}text"]
    letters = [COLOUR_LETTER[colour] for colour in BURGUNDY_COLOURS]
    found = [text for text in texts if text in (*letters, "black")]
    assert [*letters, "black", *letters] in [found[i : i + 13] for i in range(len(found))]
    legend = list(pairwise(texts))
    assert all((COLOUR_LETTER[colour], colour.value) in legend for colour in BURGUNDY_COLOURS)


def test_at_the_end_each_seat_shows_its_final_points_and_its_track(timeline: Timeline) -> None:
    """Final scoring adds to the track's points (rules: end of the game), so the box shows the
    result and the standing line the track's figure, never the track's alone as "points"."""
    view = timeline.view(timeline.last, Perspective.PUBLIC)
    root = ET.fromstring(draw_board("burgundy", view))
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert texts.count("final points") == len(view.players) and "points" not in texts
    for player in view.players:
        assert str(view.scores[player.seat]) in texts
        track = f"{player.points} on the track before final scoring"
        assert any(track in text for text in texts), track
    assert any(view.scores[p.seat] != p.points for p in view.players)
    winner = view.places.index(1)
    assert f"Final scores: Seat {winner} wins with {view.scores[winner]} points" in texts


def test_a_bonus_tile_a_seat_holds_shows_its_points(timeline: Timeline) -> None:
    """A colour bonus tile a seat holds showed "L" or "S"; the terminal gives its points
    ("+6"), and so does the picture now, from the same figures (``sight.bonus_points``). No
    seat of the golden games completes a colour, so the seats are given tiles here."""
    view = timeline.view(timeline.last, Perspective.PUBLIC)
    held = (BonusView(Colour.CASTLE, True), BonusView(Colour.SHIP, False))
    view = replace(view, players=tuple(replace(p, bonuses=held) for p in view.players))
    seats = len(view.players)
    expected = Counter(f"+{bonus_points(b.large, seats)}" for b in held for _ in view.players)
    texts = (t.text or "" for t in ET.fromstring(draw_board("burgundy", view)).iter(f"{SVG}text"))
    assert Counter(text for text in texts if re.fullmatch(r"\+\d+", text)) == expected


def test_a_chromium_screenshot_of_the_replay(tmp_path: Path) -> None:
    timeline = Timeline(open_record(BURGUNDY_FILES[-1]))
    page = tmp_path / "burgundy.html"
    page.write_text(replay_page(timeline, Perspective.PUBLIC), encoding="utf-8")
    shots = []
    for version in (timeline.last // 2, timeline.last):
        shot = tmp_path / f"burgundy-{version}.png"
        run_chromium(tmp_path, "--window-size=1400,1100", f"--screenshot={shot}",
                     f"{page.as_uri()}#v={version}")  # fmt: skip
        assert shot.exists() and shot.stat().st_size > 50_000, "a drawn board, not a blank page"
        shots.append(shot.read_bytes())
    assert shots[0] != shots[1]


# -- Bruges ---------------------------------------------------------------------------------

BRUGES_FILES = sorted((GOLDEN / "bruges").glob("*.jsonl"))


@pytest.fixture(scope="module", params=BRUGES_FILES, ids=[p.stem for p in BRUGES_FILES])
def bruges_timeline(request: pytest.FixtureRequest) -> Timeline:
    return Timeline(open_record(request.param))


def bruges_svg_at(timeline: Timeline, version: int) -> str:
    return draw_board("bruges", timeline.view(version, Perspective.PUBLIC))


def svg_texts(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


def test_bruges_has_its_own_drawing() -> None:
    assert "bruges" in RENDERERS
    assert len(BRUGES_FILES) >= 1


def test_bruges_steps_are_well_formed_svg_with_every_seat(bruges_timeline: Timeline) -> None:
    seats = int(bruges_timeline.record.header["seats"])
    for version in versions(bruges_timeline):
        root = ET.fromstring(bruges_svg_at(bruges_timeline, version))
        assert root.tag == "div" and root.get("class") == "picture"
        assert all(block.tag == f"{SVG}svg" for row in root for block in row)
        texts = svg_texts(root)
        assert all(f"Seat {seat}" in texts for seat in range(seats))
        assert "Legend" in texts and "Statues left" in texts


def test_the_bruges_picture_follows_the_game(bruges_timeline: Timeline) -> None:
    first = bruges_svg_at(bruges_timeline, 1)
    last = bruges_svg_at(bruges_timeline, bruges_timeline.last)
    assert first != last
    assert "Setting up" in svg_texts(ET.fromstring(first))
    texts = svg_texts(ET.fromstring(last))
    assert "Game over" in texts and "final points" in texts and "houses:" in texts


def test_what_the_bruges_board_draws_in_a_colour_has_the_colours_name_too(
    bruges_timeline: Timeline,
) -> None:
    """The dice, every seat's workers and threats, a person's card and the discard's top
    card were told apart by colour alone, lost in greyscale and to a colour-blind reader: each
    has its colour's short name (as the card backs had), and the legend says which colour
    each short name is."""
    view = bruges_timeline.view(bruges_timeline.last // 2, Perspective.FULL)
    assert isinstance(view, BrugesView)
    texts = [t.text or "" for t in ET.fromstring(draw_board("bruges", view)).iter(f"{SVG}text")]
    in_order = [SHORT[colour] for colour in COLOURS]
    names = [text for text in texts if text in in_order]
    runs = sum(names[i : i + len(in_order)] == in_order for i in range(len(names)))
    # the dice, each seat's workers and threats, the legend's swatches
    assert runs >= 2 * len(view.players) + 2, runs
    faces = [house.person for p in view.players for house in p.houses if house.person]
    faces += [card for p in view.players for card in p.hand or ()]
    assert faces, "the game shows persons by their faces"
    for card in faces:
        assert any(t.startswith(f"{SHORT[card.colour]} · {card.group.value}") for t in texts)
    if view.discard:
        top = view.discard[-1]
        assert any(t.startswith(f"{top.colour.value} · {top.cost}g") for t in texts)


def test_the_bruges_legend_says_what_the_short_colour_names_are(
    bruges_timeline: Timeline,
) -> None:
    """The legend said "Backs show a card's colour only", from before a face, a die, a
    worker and a threat carried their colour's short name too: it says what the short names
    stand for on all of them."""
    texts = svg_texts(ET.fromstring(bruges_svg_at(bruges_timeline, bruges_timeline.last)))
    assert "colour only" not in texts
    shorts = " ".join(SHORT[colour] for colour in COLOURS)
    assert f"{shorts}: the colour of a card (back or face), a die, a worker or a threat" in texts


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_the_legend_and_the_terminal_name_each_disaster_from_one_source(
    bruges_timeline: Timeline, ruleset: str
) -> None:
    """The legend said "-1 canal token" where the terminal said "the canal's last token":
    both take their words from ``rulesets.DISASTER_LOSSES``, the legend its short form."""
    view = replace(bruges_timeline.view(bruges_timeline.last, Perspective.PUBLIC), ruleset=ruleset)
    texts = [t.text or "" for t in ET.fromstring(draw_board("bruges", view)).iter(f"{SVG}text")]
    disasters = ruleset_of(ruleset).disasters
    for colour, disaster in zip(COLOURS, disasters, strict=True):
        assert f"{colour.value} {DISASTER_LOSSES[disaster].short}" in texts
    terminal = disaster_legend(ruleset).plain
    for colour, disaster in zip(COLOURS, disasters, strict=True):
        assert f"{colour.value} {DISASTER_LOSSES[disaster].long}" in terminal


@pytest.mark.parametrize("path", BRUGES_FILES, ids=[p.stem for p in BRUGES_FILES])
def test_a_chromium_screenshot_of_the_bruges_replay(path: Path, tmp_path: Path) -> None:
    timeline = Timeline(open_record(path))
    page = tmp_path / "bruges.html"
    page.write_text(replay_page(timeline, Perspective.PUBLIC), encoding="utf-8")
    shots = []
    for version in (timeline.last // 2, timeline.last):
        shot = tmp_path / f"bruges-{version}.png"
        run_chromium(tmp_path, "--window-size=1400,1100", f"--screenshot={shot}",
                     f"{page.as_uri()}#v={version}")  # fmt: skip
        assert shot.exists() and shot.stat().st_size > 50_000, "a drawn board, not a blank page"
        shots.append(shot.read_bytes())
    assert shots[0] != shots[1]


def test_the_bruges_board_says_a_victim_of_several_disasters_orders_them() -> None:
    """Under the published rules one roll's plague and fire wait together for their victim,
    who takes their losses in the order it likes (data §2.5): one line for both, not the
    first and "1 more waiting" as if the game would ask the other next."""
    houses = [
        bruges.house(bruges.plain(colour), bruges.pid(name))
        for colour, name in (
            (BrugesColour.RED, "Baron Gillis"),
            (BrugesColour.BLUE, "Count Boudewijn"),
        )
    ]
    victim = bruges.player(houses=houses)
    given, _ = struck(victim, BrugesColour.BROWN, BrugesColour.RED, ruleset="published")
    assert turn_text(bruges_view(given, None)) == (
        "Seat 0 chooses what its brown and red disasters take, in the order it likes"
    )
    one, _ = struck(victim, BrugesColour.BROWN, ruleset="published")
    assert turn_text(bruges_view(one, None)) == "Seat 0 chooses what its brown disaster takes"
