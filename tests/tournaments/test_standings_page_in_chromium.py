"""The tournament's standings page, opened offline in headless Chromium: the table has a row
per player, the chart is drawn with a line per player and nothing past its edge, and names
written as markup show as text and run nothing."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from services.tournaments import Tournaments
from tests.support.browser import NARROWEST_WINDOW, PAGE_WIDTH, measured_on_a_phone, run_chromium
from tests.tournaments.conftest import open_event

MARKUP_NAMES = ["<img src=x onerror=\"document.title='ran'\">", "<b>Bo</b> & co"]
LONG_NAMES = ["Ysolde Fitzgerald-Montmorency of the Seven Bridges", "王小明" * 6]

# Run after the page (a copy of it; the page itself has no scripts): what the browser made
# of it, written where --dump-dom shows it.
MEASURE = """<script>
const chart = document.querySelector('svg').getBoundingClientRect();
document.body.dataset.seen = JSON.stringify({
  title: document.title,
  rows: document.querySelectorAll('table')[0].rows.length - 1,
  names: [...document.querySelectorAll('table')[0].rows].slice(1).map(r => r.cells[1].textContent),
  lines: document.querySelectorAll('svg polyline').length,
  chart: [Math.round(chart.width), Math.round(chart.height)],
  images: document.images.length,
  bold: document.querySelectorAll('b').length,
  past_the_edge: [...document.querySelectorAll('svg text')].filter(
    t => t.getBBox().x + t.getBBox().width > document.querySelector('svg').viewBox.baseVal.width
  ).map(t => t.textContent),
});
</script></body>"""


@pytest.fixture
def page(tournaments: Tournaments, tmp_path: Path) -> Path:
    event = open_event(tournaments, 4, rounds=2, names=MARKUP_NAMES + LONG_NAMES)
    event.adjudicate_round()
    event.adjudicate_round()
    path = tmp_path / "standings.html"
    path.write_bytes(dict(tournaments.export(event.tournament_id))["standings.html"])
    return path


def test_the_page_draws_its_table_and_chart_and_shows_names_as_text(
    page: Path, tmp_path: Path
) -> None:
    driven = tmp_path / "driven.html"
    driven.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE))
    dom = run_chromium(tmp_path, "--dump-dom", driven.as_uri()).stdout
    found = re.search(r"data-seen=\"([^\"]*)\"", dom)
    assert found is not None, dom[:500]
    seen = json.loads(html.unescape(found.group(1)))
    assert seen["rows"] == 8 and seen["lines"] == 8
    assert seen["chart"][0] > 300 and seen["chart"][1] > 150, "the chart takes room on screen"
    assert seen["images"] == 0 and seen["bold"] == 0 and seen["title"].endswith(": standings")
    assert set(MARKUP_NAMES + LONG_NAMES) <= set(seen["names"]), "whole in the table"
    assert seen["past_the_edge"] == [], "long names are shortened in the chart's legend"


def test_a_screenshot_of_the_page_is_drawn(page: Path, tmp_path: Path) -> None:
    shot = tmp_path / "standings.png"
    run_chromium(tmp_path, f"--screenshot={shot}", page.as_uri())
    assert shot.exists() and shot.stat().st_size > 20_000, "a drawn page, not a blank one"


def test_on_a_phone_the_page_fits_the_screen_and_its_tables_scroll_alone(
    page: Path, tmp_path: Path
) -> None:
    """On a screen as narrow as a phone's the standings table and the chart, wider than the
    screen, each scroll sideways inside their own box, so the page itself never scrolls
    sideways (a phone lays the page out at its own width because of the viewport tag)."""
    assert '<meta name="viewport" content="width=device-width' in page.read_text()
    screen, laid_out = measured_on_a_phone(page, tmp_path, PAGE_WIDTH)
    assert screen <= NARROWEST_WINDOW and laid_out <= screen, (laid_out, screen)


LEGEND_TYPE = """(() => {
  const text = document.querySelector('svg text');
  const scale = text.getScreenCTM();
  return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(scale.a, scale.b);
})()"""
"""The size the chart's words show at on the screen: their type, as the chart is scaled."""
PHONE_FLOOR = 8.0
"""The least type a page's picture shows on a phone (as tests/accessibility sets it)."""


def test_on_a_phone_the_charts_words_stay_legible(page: Path, tmp_path: Path) -> None:
    """The chart shrunk to a phone's width showed its 12-pixel words (the axes, the legend's
    names) at some 6 pixels: it keeps enough of its width to show them at a legible size and
    scrolls sideways in its own box, the page still as wide as the screen."""
    screen, laid_out, shown = measured_on_a_phone(page, tmp_path, PAGE_WIDTH, LEGEND_TYPE)
    assert laid_out <= screen, (laid_out, screen)
    assert shown >= PHONE_FLOOR, shown


PLAYERS_NAMED_ON_SCREEN = """
[...document.querySelectorAll('svg text, .chart-key li')].filter(e => {
  const box = e.getBoundingClientRect();
  return /\\(\\d+\\)$/.test(e.textContent) && box.width > 0 && box.left >= 0 &&
    box.right <= innerWidth;
}).length"""
"""How many of the chart's legend entries and key's ("1. name (7)") show within the screen."""


def test_on_a_phone_the_chart_names_every_player_on_the_screen(page: Path, tmp_path: Path) -> None:
    """On a phone the chart keeps 600 of its pixels and scrolls sideways in its box, which
    left its legend, at the chart's right, out of sight: lines with no names. A key under the
    chart names each player beside its line's colour, pattern and marker, inside the screen."""
    screen, laid_out, named = measured_on_a_phone(
        page, tmp_path, PAGE_WIDTH, PLAYERS_NAMED_ON_SCREEN
    )
    assert laid_out <= screen, (laid_out, screen)
    assert named == 8, f"{named:.0f} players named on screen"
