"""The replay's drawn boards show what the terminal boards show of the table: the rules played,
the colour bonus tiles left by their points, the order a ship gives the next round, the seats
that have had their turn, what each knowledge tile in sight does and who sits where (Castles of
Burgundy); the houses by number and who leads each majority (Bruges); the discard pile and the
reminders beside the board (Bourgeoisie). The figures come from the functions the terminal
boards use, so the two agree step by step."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from html import unescape
from pathlib import Path

import pytest

from clients.render.bourgeoisie import REFERENCE
from games.burgundy.catalogue import KNOWLEDGE_TEXT
from replay.boards import board_notes, board_with_notes, draw_board
from replay.sources import open_record
from replay.textboard import board_text
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Alice", "Bob", "Chloé", "Dmitri")


def timeline_of(game: str, seats: int) -> Timeline:
    return Timeline(open_record(next((GOLDEN / game).glob(f"{game}-{seats}p-*.jsonl"))))


@pytest.fixture(scope="module")
def burgundy() -> Timeline:
    return timeline_of("burgundy", 3)


@pytest.fixture(scope="module")
def bruges() -> Timeline:
    return timeline_of("bruges", 3)


@pytest.fixture(scope="module")
def bourgeoisie() -> Timeline:
    return timeline_of("bourgeoisie", 3)


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def titles(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}title")]


def note_items(notes: str) -> list[str]:
    """Each line of the notes as a reader sees it, tags dropped."""
    return [unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", notes)]


def spread(timeline: Timeline) -> list[int]:
    return sorted({timeline.last // 5, timeline.last // 2, 4 * timeline.last // 5})


# -- Castles of Burgundy ---------------------------------------------------------------------


def test_the_burgundy_board_names_the_rules_it_plays(burgundy: Timeline) -> None:
    """The rulesets differ in the black depot, the City Hall and the tie-break
    (docs/rules/burgundy.md items 1-3); the board says which, read off the view."""
    view = burgundy.view(100, Perspective.PUBLIC)
    assert "default rules" in texts(draw_board("burgundy", view))
    published = replace(view, ruleset="published")
    assert "published rules" in texts(draw_board("burgundy", published))


def test_the_bonus_tiles_left_show_their_points(burgundy: Timeline) -> None:
    """Three seats: 6 and 3 points a colour at the start; a colour whose large tile is gone
    shows the small one's 3, and one with both gone none (data §2.4)."""
    view = burgundy.view(1, Perspective.PUBLIC)
    drawn = texts(draw_board("burgundy", view))
    assert "Bonus tiles left (points)" in drawn and drawn.count("6 3") == 6
    later = replace(view, bonus_tiles_taken=(1, 2, 0, 0, 0, 0))
    svg = draw_board("burgundy", later)
    assert texts(svg).count("6 3") == 4 and "3" in texts(svg) and "\N{EN DASH}" in texts(svg)
    said = titles(svg)
    assert "castle bonus tiles left: 3 points" in said
    assert "pasture bonus tiles left: none" in said
    assert "ship bonus tiles left: 6 and 3 points" in said


def test_the_terminal_and_the_drawn_board_agree_on_the_bonus_tiles(burgundy: Timeline) -> None:
    view = burgundy.view(burgundy.last, Perspective.PUBLIC)
    terminal = " ".join(board_text(burgundy, burgundy.last, Perspective.PUBLIC).split())
    said = [t for t in titles(draw_board("burgundy", view)) if "bonus tiles left" in t]
    assert len(said) == 6
    for title in said:
        colour, left = title.split(" bonus tiles left: ")
        points = left.removesuffix(" points") if left != "none" else "none"
        assert f"{colour} {points}" in terminal, (title, terminal)


def test_the_notes_say_what_each_knowledge_tile_in_sight_does(burgundy: Timeline) -> None:
    """Every knowledge tile face up anywhere (depots, black depot, storage, estates), once,
    by the label its hex carries, with its rule (data §3.4); the terminal's key lists the
    same tiles."""
    for version in spread(burgundy):
        view = burgundy.view(version, Perspective.PUBLIC)
        shown = {t.knowledge for d in view.depots for t in d.tiles}
        shown |= {t.knowledge for t in view.black_depot}
        for player in view.players:
            shown |= {t.knowledge for t in player.storage}
            shown |= {p.tile.knowledge for p in player.estate}
        expected = [f"K{n} {KNOWLEDGE_TEXT[n]}" for n in sorted(shown) if n in KNOWLEDGE_TEXT]
        assert expected, f"version {version} has knowledge tiles in sight"
        assert note_items(board_notes("burgundy", view)) == expected
        terminal = board_text(burgundy, version, Perspective.PUBLIC).split("in sight\n", 1)[1]
        listed = re.findall(r"^knowledge (\d+)", terminal, flags=re.MULTILINE)
        assert [f"K{n}" for n in listed] == [line.split()[0] for line in expected]


def test_a_table_without_knowledge_tiles_in_sight_has_no_notes(burgundy: Timeline) -> None:
    view = burgundy.view(1, Perspective.PUBLIC)
    bare = replace(view, depots=(), black_depot=(), players=())
    assert board_notes("burgundy", bare) == ""


def test_the_order_a_ship_gives_the_next_round_shows_as_on_the_terminal(
    burgundy: Timeline,
) -> None:
    """A round keeps the order read at its start (docs/rules/burgundy.md item 10): once a
    ship moves a piece past another, both boards give the next round's order, the same."""
    seen = 0
    for frame in burgundy.frames[1:]:
        terminal = " ".join(board_text(burgundy, frame.version, Perspective.PUBLIC).split())
        following = re.search(r"from the next round ((?:\d+(?: → )?)+)", terminal)
        view = burgundy.view(frame.version, Perspective.PUBLIC)
        drawn = [t for t in texts(draw_board("burgundy", view)) if "next round" in t]
        if following is None:
            assert drawn == [], frame.version
            continue
        seats = re.findall(r"\d+", following.group(1))
        assert drawn == ["from the next round: " + " → ".join(f"Seat {s}" for s in seats)]
        seen += 1
        if seen == 5:
            break
    assert seen, "the golden game has a ship change the order"


def test_a_seat_that_has_had_its_turn_says_so(burgundy: Timeline) -> None:
    """The terminal marks such a seat's dice "(played)"; the drawn board's standing line says
    it has played this round."""
    view = burgundy.view(200, Perspective.PUBLIC)
    assert view.active_seat is not None
    done = view.order[: view.order.index(view.active_seat)]
    assert done, "at version 200 a seat has had its turn"
    drawn = texts(draw_board("burgundy", view))
    played = [line for line in drawn if "has played this round" in line]
    assert len(played) == len(done)
    terminal = board_text(burgundy, 200, Perspective.PUBLIC)
    assert terminal.count("(played)") == len(done)


def test_each_seat_is_named_after_its_player(burgundy: Timeline) -> None:
    view = burgundy.view(200, Perspective.PUBLIC)
    drawn = texts(draw_board("burgundy", view, NAMES[:3]))
    assert {"Seat 0 (Alice)", "Seat 1 (Bob)", "Seat 2 (Chloé)"} <= set(drawn)
    assert "Seat 0" in texts(draw_board("burgundy", view)), "no names known: the number alone"


def test_a_long_name_is_cut_and_a_name_that_repeats_the_seat_is_left_out(
    burgundy: Timeline,
) -> None:
    view = burgundy.view(200, Perspective.PUBLIC)
    drawn = texts(draw_board("burgundy", view, ("Maximilian von Habsburg-Lothringen", "seat 1")))
    assert "Seat 0 (Maximilian von\N{HORIZONTAL ELLIPSIS})" in drawn
    assert "Seat 1" in drawn and not any(t.startswith("Seat 1 (") for t in drawn)


# -- Bruges ----------------------------------------------------------------------------------


def majorities(notes: str) -> dict[str, str]:
    return dict(line.split(" ", 1) for line in note_items(notes)[1:])


def test_the_notes_say_who_leads_each_majority_as_the_terminal_does(bruges: Timeline) -> None:
    """Reputation, persons and canal, in the order Phase 4 checks them, each with its sole
    leader or the tie, and what a marker is worth (seed: Phase 4; bruges-data.md §2.4)."""
    names = [str(p) for p in bruges.record.header["players"]]
    for version in spread(bruges):
        view = bruges.view(version, Perspective.PUBLIC)
        notes = board_notes("bruges", view, names)
        assert note_items(notes)[0] == "4 VP a marker, turned in Phase 4 by a sole leader"
        found = majorities(notes)
        assert list(found) == ["reputation", "persons", "canal"]
        terminal = " ".join(board_text(bruges, version, Perspective.PUBLIC).split())
        for category, standing in found.items():
            assert f"{category} {standing.replace('Seat', 'seat')}" in terminal, terminal


def test_the_majority_leader_is_the_sole_one(bruges: Timeline) -> None:
    view = bruges.view(250, Perspective.PUBLIC)
    ahead = replace(view.players[1], reputation=12)
    found = majorities(board_notes("bruges", replace(view, players=(view.players[0], ahead))))
    assert found["reputation"] == "Seat 1 leads with 12"
    level = replace(view.players[0], reputation=12)
    found = majorities(board_notes("bruges", replace(view, players=(level, ahead))))
    assert found["reputation"] == "tied at 12"


def test_a_finished_bruges_game_has_no_majority_notes(bruges: Timeline) -> None:
    assert board_notes("bruges", bruges.view(bruges.last, Perspective.PUBLIC)) == ""


def test_each_house_carries_its_number_as_the_log_names_it(bruges: Timeline) -> None:
    """ "recruited … into house 1", "house 1 burnt": the drawn houses are numbered from 0, as
    the log and the terminal board number them."""
    view = bruges.view(bruges.last // 2, Perspective.PUBLIC)
    svg = draw_board("bruges", view)
    said = titles(svg)
    for player in view.players:
        for number, house in enumerate(player.houses):
            if house.person is None:
                assert f"house {number}: a {house.colour.value} house, empty" in said
            else:
                where = f", in house {number}, {house.colour.value}):"
                assert any(house.person.name in t and where in t for t in said)
    houses = max(len(player.houses) for player in view.players)
    assert houses >= 2 and all(str(n) in texts(svg) for n in range(houses))


def test_each_bruges_seat_is_named_after_its_player(bruges: Timeline) -> None:
    view = bruges.view(250, Perspective.PUBLIC)
    assert {"Seat 0 (Alice)", "Seat 2 (Chloé)"} <= set(texts(draw_board("bruges", view, NAMES)))


# -- Bourgeoisie -----------------------------------------------------------------------------


def test_the_bourgeoisie_board_shows_the_discard_pile_and_its_top_card(
    bourgeoisie: Timeline,
) -> None:
    """The face-up discard pile beside the track (seed: THE OPPORTUNITY TRACK), by its size
    and top card, as the terminal's header gives them."""
    view = bourgeoisie.view(400, Perspective.PUBLIC)
    assert view.discard, "cards have been discarded by version 400"
    top = view.discard[-1]
    said = f"discard pile {len(view.discard)} · top: {top.name} ({top.kind.value} {top.value}"
    assert any(t.startswith(said) for t in texts(draw_board("bourgeoisie", view)))
    terminal = " ".join(board_text(bourgeoisie, 400, Perspective.PUBLIC).split())
    assert f"discard {len(view.discard)}, last {top.name} {top.kind.value} {top.value}" in terminal
    empty = replace(view, discard=())
    assert "discard pile 0" in texts(draw_board("bourgeoisie", empty))


def test_the_reminders_are_the_terminal_boards_while_the_game_is_on(
    bourgeoisie: Timeline,
) -> None:
    view = bourgeoisie.view(400, Perspective.PUBLIC)
    assert note_items(board_notes("bourgeoisie", view)) == [REFERENCE]
    assert board_notes("bourgeoisie", bourgeoisie.view(bourgeoisie.last, Perspective.PUBLIC)) == ""


def test_each_bourgeoisie_seat_is_named_after_its_player(bourgeoisie: Timeline) -> None:
    view = bourgeoisie.view(400, Perspective.PUBLIC)
    drawn = texts(draw_board("bourgeoisie", view, NAMES))
    assert {"Seat 0 (Alice)", "Seat 1 (Bob)", "Seat 2 (Chloé)"} <= set(drawn)


# -- the pages -------------------------------------------------------------------------------


def test_a_board_is_its_picture_then_its_notes(burgundy: Timeline) -> None:
    view = burgundy.view(200, Perspective.PUBLIC)
    both = board_with_notes("burgundy", view, NAMES)
    assert both == draw_board("burgundy", view, NAMES) + board_notes("burgundy", view, NAMES)
    assert both.startswith('<div class="picture">') and '<div class="notes">' in both


def test_the_pages_carry_the_notes_and_their_style(burgundy: Timeline, tmp_path: Path) -> None:
    from replay.html import replay_page

    page = replay_page(burgundy, Perspective.PUBLIC)
    assert ".notes{" in page and "knowledge-key" in page and "Seat 1 (Bob)" in page
