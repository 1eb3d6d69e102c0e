"""The Bourgeoisie board drawing names every card on the table in full: a long name is broken
between words onto two lines, never cut (a cut name can read as another card's). Each Event
says what it does, each seat shows its points, its family in play and its retired families are
drawn each with the points it scores (with any bonus for retired families, adding up to the
seat's total), and the last step says the game is over with each seat's final points. A legend
says what the colours and abbreviations are, and a seat whose hand the view hides has a
shorter panel, not a blank band."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from itertools import pairwise
from pathlib import Path

import pytest

from games.bourgeoisie import catalogue
from games.bourgeoisie.catalogue import CardKind
from games.bourgeoisie.views import BourgeoisieView, CardView, score_if_ended_now
from replay.boards import draw_board
from replay.boards.bourgeoisie import (
    KIND_COLOURS,
    KIND_MARKS,
    RETIREMENT_BONUS_TEXT,
    hand_band_height,
    value_text,
)
from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN
from tests.support.browser import run_chromium

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
        # A word too wide beside a card's type letter is hyphenated onto the next line.
        drawn = " ".join(text.text or "" for text in root.iter(f"{SVG}text")).replace("- ", "")
        for card in _cards_shown(view):
            assert card.name in drawn, (version, card.name)
            if len(card.name) > 14:
                long_names.add(card.name)
    assert long_names, "the games show names longer than a line"


# -- what the cards do, the points, the retired families and the end ------------------------

RECORDS = [
    GOLDEN / "bourgeoisie" / f"{name}.jsonl" for name in ("bourgeoisie-4p-12", "bourgeoisie-3p-3")
]


def _drawn(view: BourgeoisieView) -> tuple[str, list[str]]:
    """The drawing's texts, joined, and its tooltips."""
    root = ET.fromstring(draw_board("bourgeoisie", view))
    texts = " ".join(text.text or "" for text in root.iter(f"{SVG}text"))
    return texts, [title.text or "" for title in root.iter(f"{SVG}title")]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_event_on_the_board_says_what_it_does(path: Path) -> None:
    timeline = Timeline(open_record(path))
    seen = set()
    for version in range(1, timeline.last + 1, 25):
        view = timeline.view(version, Perspective.FULL)
        assert isinstance(view, BourgeoisieView)
        texts, titles = _drawn(view)
        for shown in _cards_shown(view):
            if shown.kind is CardKind.EVENT:
                text = catalogue.card(shown.id).text
                assert f"{shown.name}: {text}" in titles, (version, shown.name)
                assert text.split()[0] in texts, (version, shown.name)
                seen.add(shown.name)
    assert len(seen) > 5


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_each_seat_shows_the_points_end_game_scoring_would_give_now(path: Path) -> None:
    """Seed: END GAME SCORING; the figure is the rules' own sum, so at the end it is the final
    score recorded in GameEnded."""
    timeline = Timeline(open_record(path))
    last = timeline.view(timeline.last, Perspective.PUBLIC)
    assert isinstance(last, BourgeoisieView) and last.finished
    assert [score_if_ended_now(p).total for p in last.players] == list(last.scores)
    view = timeline.view(timeline.last * 2 // 3, Perspective.PUBLIC)
    assert isinstance(view, BourgeoisieView)
    texts, _ = _drawn(view)
    for player in view.players:
        assert f"{score_if_ended_now(player).total} PP if the game ended now" in texts


def test_retired_families_are_drawn_with_their_cards_and_points() -> None:
    timeline = Timeline(open_record(RECORDS[0]))
    view = timeline.view(timeline.last, Perspective.PUBLIC)
    assert isinstance(view, BourgeoisieView)
    retired = [(p, f) for p in view.players for f in p.retired]
    assert retired, "the game retires a family"
    texts, _ = _drawn(view)
    for player, family in retired:
        assert f"Retired: {family.family.name} {family.family.value}" in texts
        for shown in (*family.lands, *family.offices):
            assert f"{shown.name} {shown.value}" in texts
        scores = score_if_ended_now(player).families
        assert any(f"→ {score.total} PP" in texts for score in scores[: len(player.retired)])


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_last_step_says_game_over_with_each_seats_final_points(path: Path) -> None:
    """As the Burgundy and Bruges boards do: a "Game over" heading naming the winner, and each
    seat's place and final points."""
    timeline = Timeline(open_record(path))
    view = timeline.view(timeline.last, Perspective.PUBLIC)
    assert isinstance(view, BourgeoisieView)
    texts, _ = _drawn(view)
    assert f"Game over after turn {view.turn}" in texts and "end phase" not in texts
    winner = view.places.index(1)
    assert f"Seat {winner} wins with {view.scores[winner]} prestige points" in texts
    for player in view.players:
        place = ("1st", "2nd", "3rd", "4th")[view.places[player.seat] - 1]
        assert f"{place} place · {view.scores[player.seat]} final prestige points" in texts
        assert "if the game ended now" not in texts


def test_the_replay_page_in_chromium_ends_with_game_over(tmp_path: Path) -> None:
    timeline = Timeline(open_record(RECORDS[1]))
    page = tmp_path / "bourgeoisie.html"
    page.write_text(replay_page(timeline, Perspective.PUBLIC), encoding="utf-8")
    dom = run_chromium(tmp_path, "--dump-dom", f"{page.as_uri()}#v={timeline.last}").stdout
    board = dom[dom.index('<div id="board">') :]
    assert "Game over after turn" in board and "final prestige points" in board
    # Every family scored, retired or in play, has its figure on the page as shown.
    view = timeline.view(timeline.last, Perspective.PUBLIC)
    assert isinstance(view, BourgeoisieView)
    families = sum(len(score_if_ended_now(player).families) for player in view.players)
    assert len(FIGURE.findall(board)) == families


# -- the legend, printed prestige and hidden hands ------------------------------------------


def test_the_legend_names_every_card_kind_and_abbreviation() -> None:
    """As the Burgundy and Bruges boards do: what each card colour is, and OT, PP and the
    upgrade tokens after a value."""
    timeline = Timeline(open_record(RECORDS[0]))
    view = timeline.view(timeline.last // 2, Perspective.PUBLIC)
    assert isinstance(view, BourgeoisieView)
    texts, _ = _drawn(view)
    assert "Legend" in texts
    assert all(f" {kind.value} " in f" {texts} " for kind in CardKind)
    for meaning in ("OT opportunity tokens", "PP prestige points", "2 upgrade tokens"):
        assert meaning in texts


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_every_cards_type_is_written_on_it_not_given_by_its_colour_alone(path: Path) -> None:
    """A card's type was its colour alone, lost in greyscale and to a colour-blind reader:
    each card, and each swatch of the legend, has its type's letter drawn on it, and the
    legend says which type each letter is."""
    timeline = Timeline(open_record(path))
    view = timeline.view(timeline.last // 2, Perspective.FULL)
    assert isinstance(view, BourgeoisieView)
    root = ET.fromstring(draw_board("bourgeoisie", view))
    drawn = [shape for block in root.iter(f"{SVG}svg") for shape in block]
    kind_of = {colour: kind for kind, colour in KIND_COLOURS.items()}
    marked = []
    for index, shape in enumerate(drawn):
        kind = kind_of.get(shape.get("fill", "")) if shape.tag == f"{SVG}rect" else None
        if kind is not None:
            letter = drawn[index + 1]
            assert letter.tag == f"{SVG}text" and letter.text == KIND_MARKS[kind], kind
            marked.append(kind)
    assert len(marked) == len(_cards_shown(view)) + len(CardKind), "every card, every swatch"
    legend = [(text.text, after.text) for text, after in pairwise(drawn)]
    assert all((KIND_MARKS[kind], kind.value) in legend for kind in CardKind)
    assert len(set(KIND_MARKS.values())) == len(CardKind), "a letter names one type"


def test_a_cards_printed_prestige_is_set_apart_from_its_value() -> None:
    """``9 (+2 PP)``, as the terminal board writes it: "9  2 PP" drew as "9 2 PP", one number
    run into the other."""
    timeline = Timeline(open_record(RECORDS[0]))
    seen = 0
    for version in range(1, timeline.last + 1, 25):
        view = timeline.view(version, Perspective.FULL)
        assert isinstance(view, BourgeoisieView)
        texts, _ = _drawn(view)
        for shown in _cards_shown(view):
            if shown.prestige and shown.kind is not CardKind.EVENT:
                assert f"{value_text(shown)} (+{shown.prestige} PP)" in texts, shown.name
                seen += 1
    assert seen > 5


def _seat_heights(view: BourgeoisieView) -> list[float]:
    """Each seat's panel's height (the blocks headed "Seat N"), seat by seat."""
    root = ET.fromstring(draw_board("bourgeoisie", view))
    heights = {}
    for block in root.iter(f"{SVG}svg"):
        first = next(block.iter(f"{SVG}text"), None)
        if first is not None and (first.text or "").startswith("Seat "):
            heights[first.text] = float(block.attrib["viewBox"].split()[3])
    return [heights[f"Seat {player.seat}"] for player in view.players]


def test_a_hand_the_view_hides_leaves_no_blank_band() -> None:
    """The public view hides every hand: each seat's panel is shorter than in the full view
    by its hand's band, not the same height with the band left blank."""
    timeline = Timeline(open_record(RECORDS[0]))
    version = timeline.last // 2
    full = timeline.view(version, Perspective.FULL)
    public = timeline.view(version, Perspective.PUBLIC)
    assert isinstance(full, BourgeoisieView) and isinstance(public, BourgeoisieView)
    bands = [hand_band_height(len(player.hand or ())) for player in full.players]
    hidden = [a - b for a, b in zip(_seat_heights(full), _seat_heights(public), strict=True)]
    assert hidden == bands and all(band > 0 for band in bands)


# -- the family in play's points, and what adds up to the seat's total ---------------------

FIGURE = re.compile(r"→ (-?\d+) PP")


def _panels(view: BourgeoisieView) -> list[list[str]]:
    """The drawing's texts seat by seat: each seat's panel and its retired families' lines."""
    root = ET.fromstring(draw_board("bourgeoisie", view))
    texts = [text.text or "" for text in root.iter(f"{SVG}text")]
    starts = [texts.index(f"Seat {player.seat}") for player in view.players]
    return [texts[a:b] for a, b in zip(starts, [*starts[1:], len(texts)], strict=True)]


def _figures(panel: list[str]) -> list[int]:
    return [int(points) for text in panel for points in FIGURE.findall(text)]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_each_family_in_play_shows_its_points_and_the_figures_add_up(path: Path) -> None:
    """Seed: END GAME SCORING scores each family, retired and in play: the panel gives the
    family in play's points as the retired families' lines give theirs, so the seat's total
    (if the game ended now, or final) is their sum, as on the terminal board."""
    timeline = Timeline(open_record(path))
    seen = 0
    for version in [*range(1, timeline.last + 1, 25), timeline.last]:
        view = timeline.view(version, Perspective.FULL)
        assert isinstance(view, BourgeoisieView)
        for player, panel in zip(view.players, _panels(view), strict=True):
            score = score_if_ended_now(player)
            expected = [family.total for family in score.families]
            assert sorted(_figures(panel)) == sorted(expected), version
            assert sum(_figures(panel)) == score.total
            seen += player.family is not None and score.families[-1].total > 0
    assert seen > 5, "the games show families in play that score"


def test_the_bonus_for_a_second_retired_family_is_a_figure_of_its_own() -> None:
    """Seed: END GAME SCORING: +5 PP for each retired family after the first; without its own
    line the families' figures would fall short of the seat's total."""
    timeline = Timeline(open_record(RECORDS[1]))
    view = timeline.view(timeline.last, Perspective.PUBLIC)
    assert isinstance(view, BourgeoisieView)
    player = next(p for p in view.players if p.retired and p.family is not None)
    twice = replace(player, retired=player.retired * 2)
    players = tuple(twice if p is player else p for p in view.players)
    view = replace(view, finished=False, players=players)
    score = score_if_ended_now(twice)
    assert score.retirement_bonus == 5
    panel = _panels(view)[player.seat]
    assert f"{RETIREMENT_BONUS_TEXT} → 5 PP" in panel
    assert sum(_figures(panel)) == score.total
    assert f"{score.total} PP if the game ended now" in " ".join(panel)
