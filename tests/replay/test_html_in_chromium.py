"""The HTML replay, opened offline in headless Chromium: it draws the board at the step asked
for, and moving to another step changes the picture; the score chart (a Burgundy game's and a
Bourgeoisie game's) is headed by what its points are, its marker follows the step shown, and a
click on the chart shows the step nearest to it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from services.application import Games, GameStore
from services.settings import Settings
from tests.replay.conftest import GOLDEN, GOLDEN_FILES
from tests.support.browser import NARROWEST_WINDOW, PAGE_WIDTH, measured_on_a_phone, run_chromium
from tests.support.play import play_random

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Timeline]:
    timeline = Timeline(open_record(GOLDEN_FILES[0]))
    path = tmp_path_factory.mktemp("html") / "replay.html"
    path.write_text(replay_page(timeline, Perspective.SEAT, 0), encoding="utf-8")
    return path, timeline


def test_the_page_needs_nothing_from_outside(page: tuple[Path, Timeline]) -> None:
    html = page[0].read_text()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "<svg" in html


def test_the_page_shows_the_step_named_in_its_address(
    page: tuple[Path, Timeline], tmp_path: Path
) -> None:
    path, timeline = page
    frame = timeline.frame(120)
    dom = run_chromium(tmp_path, "--dump-dom", f"{path.as_uri()}#v=120").stdout
    caption = re.search(r'<h2 id="caption"[^>]*>([^<]*)</h2>', dom)
    assert caption is not None, dom[:500]
    assert caption.group(1).startswith(f"version 120 of {timeline.last}")
    assert frame.description.replace("&", "&amp;") in caption.group(1)
    assert '<div id="board"><div class="picture"><div class="row"><svg' in dom


def test_a_page_written_at_a_version_opens_there(tmp_path: Path) -> None:
    """``tabletop replay FILE --at 120 --html PAGE``: the page opens at version 120 when its
    address names no step, and at the one it names when it does."""
    path = tmp_path / "at.html"
    command = [sys.executable, "-m", "cli.main", "replay", str(GOLDEN_FILES[0])]
    command += ["--at", "120", "--html", str(path)]
    written = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert written.returncode == 0, written.stderr
    for address, version in (("", 120), ("#v=30", 30)):
        dom = run_chromium(tmp_path, "--dump-dom", path.as_uri() + address).stdout
        caption = re.search(r'<h2 id="caption"[^>]*>version (\d+) of', dom)
        assert caption is not None, dom[:500]
        assert int(caption.group(1)) == version


def test_screenshots_of_two_steps_differ(page: tuple[Path, Timeline], tmp_path: Path) -> None:
    path, timeline = page
    shots = []
    for version in (40, timeline.last):
        shot = tmp_path / f"step-{version}.png"
        run_chromium(tmp_path, f"--screenshot={shot}", f"{path.as_uri()}#v={version}")
        assert shot.exists() and shot.stat().st_size > 20_000, "a drawn page, not a blank one"
        shots.append(shot.read_bytes())
    assert shots[0] != shots[1]


def dom_after(page: Path, tmp_path: Path, version: int, script: str = "", *flags: str) -> str:
    """The page's DOM once opened at ``version`` and ``script`` (run after the page's own) is
    done, as headless Chromium (given ``flags``) serialises it."""
    html = page.read_text(encoding="utf-8").replace("</body>", f"<script>{script}</script></body>")
    copy = tmp_path / "driven.html"
    copy.write_text(html, encoding="utf-8")
    return run_chromium(tmp_path, *flags, "--dump-dom", f"{copy.as_uri()}#v={version}").stdout


PHONE = """
const drawn = document.getElementById('board').getBoundingClientRect();
const list = document.getElementById('log').getBoundingClientRect();
const step = document.getElementById('next').getBoundingClientRect();
document.body.dataset.phone = [
  document.documentElement.scrollWidth <= innerWidth, drawn.width >= 0.9 * innerWidth,
  list.top >= drawn.bottom, step.width >= 44 && step.height >= 36,
].join(' ');
"""


def test_on_a_phone_the_board_takes_the_width_and_the_log_follows_it(
    page: tuple[Path, Timeline], tmp_path: Path
) -> None:
    """A phone lays a page out at its own width only when the page asks (the viewport meta
    tag; without it, at 980 pixels, shrunk); at 400 pixels the board has the width to itself,
    the log comes under it, nothing sticks out sideways, and the step buttons are big enough
    for a finger."""
    path, _ = page
    assert '<meta name="viewport" content="width=device-width' in path.read_text()
    dom = dom_after(path, tmp_path, 120, PHONE, "--window-size=400,900")
    assert 'data-phone="true true true true"' in dom, dom[:500]


MARKED = """
document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));
const marked = [...document.querySelectorAll('#log [aria-current="step"]')];
document.body.dataset.marked = [
  marked.length, marked.map(e => e.textContent.split(' ')[0]).join(),
  marked.map(e => getComputedStyle(e, '::before').content).join(),
].join(' ');
"""


def test_the_log_marks_the_step_shown_by_more_than_its_colours(
    page: tuple[Path, Timeline], tmp_path: Path
) -> None:
    """The step shown was the log's line in other colours, which a screen reader does not
    say and a screen that overrides a page's colours (forced colours) does not show: it is
    marked ``aria-current`` and begins with ▶, and the mark moves with the step."""
    path, _ = page
    dom = dom_after(path, tmp_path, 120, MARKED)
    assert 'data-marked="1 121 &quot;▶ &quot;"' in dom, dom[:500]


STEPPED = """
%s
const box = document.getElementById('log').getBoundingClientRect();
const item = document.querySelector('#log .current').getBoundingClientRect();
document.body.dataset.stepped = [
  scrollY === 0, item.top >= box.top && item.bottom <= box.bottom,
].join(' ');
"""


@pytest.mark.parametrize(
    "step",
    [
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));",
        "slider.value = 9; slider.dispatchEvent(new Event('input'));",
    ],
    ids=["down-the-log", "up-the-log"],
)
def test_stepping_scrolls_the_log_but_not_the_page(
    page: tuple[Path, Timeline], tmp_path: Path, step: str
) -> None:
    """The log follows the step shown by scrolling itself; on a phone, where it lies under
    the board, scrolling the page to it would carry the board and the step buttons out of
    sight at every step."""
    path, _ = page
    dom = dom_after(path, tmp_path, 120, STEPPED % step, "--window-size=400,700")
    assert 'data-stepped="true true"' in dom, dom[:500]


# -- the score chart ------------------------------------------------------------------------


CHARTED = [
    GOLDEN / "burgundy" / "burgundy-2p-1.jsonl",
    GOLDEN / "bourgeoisie" / "bourgeoisie-3p-3.jsonl",
]


@pytest.fixture(scope="module", params=CHARTED, ids=[p.stem for p in CHARTED])
def chart_page(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Timeline]:
    timeline = Timeline(open_record(request.param))
    path = tmp_path_factory.mktemp("chart") / "replay.html"
    path.write_text(replay_page(timeline, Perspective.PUBLIC), encoding="utf-8")
    return path, timeline


def shown(dom: str) -> tuple[int, int]:
    """The version the caption names and the version the chart's marker stands at."""
    caption = re.search(r'<h2 id="caption"[^>]*>version (\d+) of', dom)
    marker = re.search(r'<line id="chart-marker" x1="(\d+)"', dom)
    assert caption is not None and marker is not None, dom[:500]
    return int(caption.group(1)), int(marker.group(1))


PRESS = "document.dispatchEvent(new KeyboardEvent('keydown', {key: '%s'}));"
SLIDE = "slider.value = %d; slider.dispatchEvent(new Event('input'));"
ON_SLIDER = """
slider.focus();
if (slider.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))) {
  slider.stepUp(); slider.dispatchEvent(new Event('input'));
}
"""
"""→ pressed while the slider has the focus (after it was dragged): the browser moves the slider
one step unless a handler prevents it; a script's key event does not, so this one does it."""


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ("", 120),
        (PRESS % "ArrowRight" * 2, 122),
        (PRESS % "ArrowLeft", 119),
        (SLIDE % 9, 10),
        (ON_SLIDER, 121),
        ("document.getElementById('log').children[299].click();", 300),
    ],
    ids=["address", "right-twice", "left", "slider", "right-on-the-slider", "log"],
)
def test_the_chart_marker_follows_the_step_shown(
    chart_page: tuple[Path, Timeline], tmp_path: Path, script: str, expected: int
) -> None:
    assert shown(dom_after(chart_page[0], tmp_path, 120, script)) == (expected, expected)


CLICK = """
const chart = document.getElementById('chart');
chart.scrollIntoView();
const box = chart.getBoundingClientRect(), left = box.left + chart.clientLeft;
const x = Math.round(left + chart.clientWidth * %f), y = Math.round(box.top + box.height / 2);
const target = document.elementFromPoint(x, y);
document.body.dataset.click = [x, left, chart.clientWidth, chart.contains(target)].join(' ');
target.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: x, clientY: y}));
"""


def nearest_version(page: str, x: float, left: float, width: float) -> int:
    """The version drawn nearest to ``x`` on the page, read from the chart's own geometry."""
    view_box = re.search(r'<svg [^>]*viewBox="0 0 (\d+) \d+"[^>]*id="chart"', page)
    plot = re.search(r'id="chart-plot" transform="matrix\(([-\d.e]+) 0 0 [-\d.e]+ ([-\d.e]+)', page)
    assert view_box is not None and plot is not None
    scale, shift = float(plot.group(1)), float(plot.group(2))
    return round(((x - left) * int(view_box.group(1)) / width - shift) / scale)


@pytest.mark.parametrize("across", [0.2, 0.5, 0.77])
def test_a_click_on_the_chart_shows_the_nearest_step(
    chart_page: tuple[Path, Timeline], tmp_path: Path, across: float
) -> None:
    path, timeline = chart_page
    dom = dom_after(path, tmp_path, timeline.last, CLICK % across)
    click = re.search(r'data-click="(\d+) ([\d.]+) (\d+) (true|false)"', dom)
    assert click is not None, dom[:500]
    assert click.group(4) == "true", "the point clicked lies on the chart"
    x, left, width = int(click.group(1)), float(click.group(2)), int(click.group(3))
    expected = nearest_version(path.read_text(encoding="utf-8"), x, left, width)
    assert 1 < expected < timeline.last
    assert shown(dom) == (expected, expected)


HEADING = """
const chart = document.getElementById('chart').getBoundingClientRect();
const heading = [...document.querySelectorAll('#chart text')].find(t => t.textContent === %s);
const box = heading.getBoundingClientRect();
document.body.dataset.heading = [
  box.width > 0, box.left >= chart.left, box.right <= chart.right, box.top >= chart.top,
].join(' ');
"""


HEADINGS = {
    "burgundy": "Points on the score track",
    "bourgeoisie": "Prestige points if the game ended now",
}


def test_the_chart_is_headed_by_what_its_points_are(
    chart_page: tuple[Path, Timeline], tmp_path: Path
) -> None:
    """The heading is drawn whole inside the chart."""
    path, timeline = chart_page
    heading = json.dumps(HEADINGS[timeline.rules.name])
    dom = dom_after(path, tmp_path, timeline.last, HEADING % heading)
    assert 'data-heading="true true true true"' in dom, dom[:500]


WITHIN = """
const logBox = document.getElementById('log').getBoundingClientRect();
const chartBox = document.querySelector('.chart-box');
document.body.dataset.within = [
  document.documentElement.scrollWidth <= innerWidth, logBox.right <= innerWidth,
  chartBox.scrollWidth <= chartBox.clientWidth,
].join(' ');
"""


@pytest.mark.parametrize("window", ["1400,1000", "1024,768"])
def test_on_a_laptop_the_page_fits_the_window(
    chart_page: tuple[Path, Timeline], tmp_path: Path, window: str
) -> None:
    """Beside the log, the board's blocks and the chart shrink to the room left them: a
    Bourgeoisie board's rows, drawn wider than that room, widened the board's column and
    pushed the log past the window's right edge, so the page scrolled sideways. The chart
    fits its box, border and all: two pixels over, it drew a scroll bar under the chart."""
    path, timeline = chart_page
    dom = dom_after(path, tmp_path, timeline.last, WITHIN, f"--window-size={window}")
    assert 'data-within="true true true"' in dom, dom[:500]


SEATS_NAMED_ON_SCREEN = """
[...document.querySelectorAll('#chart text, .chart-key li')].filter(e => {
  const box = e.getBoundingClientRect();
  return /^seat \\d/.test(e.textContent) && box.width > 0 && box.left >= 0 &&
    box.right <= innerWidth;
}).length"""


def test_on_a_phone_the_chart_names_every_seat_on_the_screen(
    chart_page: tuple[Path, Timeline], tmp_path: Path
) -> None:
    """On a phone the chart keeps its width and scrolls sideways in its box, which left its
    legend, at the chart's right, out of sight: coloured lines with no names. A key under the
    chart names each seat beside its line's colour and pattern, inside the screen."""
    path, timeline = chart_page
    screen, laid_out, named = measured_on_a_phone(path, tmp_path, PAGE_WIDTH, SEATS_NAMED_ON_SCREEN)
    assert laid_out <= screen, (laid_out, screen)
    assert named == len(timeline.record.header["players"]), f"{named:.0f} seats named on screen"


# -- the notes under the board ----------------------------------------------------------------


NOTES_BOX = "document.querySelector('#board .notes').getBoundingClientRect()"
BOARD_BOX = "document.querySelector('#board .picture').getBoundingClientRect()"
NOTE_TYPE = "parseFloat(getComputedStyle(document.querySelector('#board .notes li')).fontSize)"


@pytest.fixture(scope="module")
def noted_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Burgundy replay opening at a step with knowledge tiles in sight."""
    timeline = Timeline(open_record(GOLDEN / "burgundy" / "burgundy-3p-1.jsonl"))
    path = tmp_path_factory.mktemp("notes") / "replay.html"
    path.write_text(replay_page(timeline, Perspective.PUBLIC, opening=200), encoding="utf-8")
    return path


def test_on_a_phone_the_notes_wrap_to_the_screen_in_legible_type(
    noted_page: Path, tmp_path: Path
) -> None:
    """The picture shrinks to a phone's width (its 12-pixel words to some 5 pixels); the
    notes under it are the page's own type, 14 pixels, wrapped to the screen, so what the
    knowledge tiles do reads without zooming, and nothing sticks out sideways."""
    screen, laid_out, left, right, gap, size, board = measured_on_a_phone(
        noted_page, tmp_path, PAGE_WIDTH, f"{NOTES_BOX}.left", f"{NOTES_BOX}.right",
        f"{NOTES_BOX}.top - {BOARD_BOX}.bottom", NOTE_TYPE, f"{BOARD_BOX}.width",
    )  # fmt: skip
    assert screen <= NARROWEST_WINDOW and laid_out <= screen, (laid_out, screen)
    assert left >= 0 and right <= screen, (left, right, screen)
    assert gap >= 0, "the notes come under the picture"
    assert size >= 14, f"notes set at {size} pixels"
    assert 12 * board / 1040 < size, "the notes read larger than the shrunk picture's words"


LAPTOP = f"""
const notes = {NOTES_BOX}, picture = {BOARD_BOX};
const logBox = document.getElementById('log').getBoundingClientRect();
document.body.dataset.laptop = [
  notes.top >= picture.bottom, notes.left >= picture.left - 1, notes.right <= picture.right + 1,
  notes.right <= logBox.left, {NOTE_TYPE} >= 14, {PAGE_WIDTH} <= innerWidth,
].join(' ');
"""


def test_on_a_laptop_the_notes_sit_under_the_board_beside_the_log(
    noted_page: Path, tmp_path: Path
) -> None:
    dom = dom_after(noted_page, tmp_path, 200, LAPTOP, "--window-size=1400,1000")
    assert 'data-laptop="true true true true true true"' in dom, dom[:500]


# -- the board on a phone ---------------------------------------------------------------------


def _words(smallest: int) -> str:
    """The board's words drawn at ``smallest`` pixels or more: a JavaScript array."""
    return (
        "[...document.querySelectorAll('#board svg text')]"
        f".filter(t => +t.getAttribute('font-size') >= {smallest})"
    )


def _smallest_shown(words: str) -> str:
    """How large the smallest of ``words`` shows, in CSS pixels: its size in its picture's
    units times the picture's scale on the screen."""
    scale = (
        "t.ownerSVGElement.getBoundingClientRect().width / t.ownerSVGElement.viewBox.baseVal.width"
    )
    return f"Math.min(...{words}.map(t => +t.getAttribute('font-size') * {scale}))"


BLOCKS = "[...document.querySelectorAll('#board svg')].map(s => s.getBoundingClientRect())"
RIGHTMOST = f"Math.max(...{BLOCKS}.map(b => b.right))"
LEFTMOST = f"Math.min(...{BLOCKS}.map(b => b.left))"


PHONE_WIDTH = 400
AS_ON_A_PHONE = f"<style>body{{width:{PHONE_WIDTH}px}}</style>"
"""A phone's 400 pixels in Chromium's narrowest window (500 pixels, narrower than the page's
phone layout's 760 already): the page laid out as on the phone."""


@pytest.mark.parametrize("game", ["burgundy", "bruges", "bourgeoisie"])
def test_on_a_phone_the_boards_words_are_legible(game: str, tmp_path: Path) -> None:
    """The board drawn for a laptop only shrank on a phone, its 12-pixel words to some 5
    pixels; drawn as blocks that a narrow screen stacks (``svg.blocks``), its ordinary words
    show at 10 pixels or more and its smallest labels (10 to 11 pixels drawn,
    ``palette.SMALLEST``) at 8 or more, every block inside the screen."""
    timeline = Timeline(open_record(sorted((GOLDEN / game).glob("*-4p-*.jsonl"))[0]))
    page = tmp_path / "replay.html"
    html = replay_page(timeline, Perspective.PUBLIC, opening=200)
    page.write_text(html.replace("</head>", AS_ON_A_PHONE + "</head>"), encoding="utf-8")
    window, laid_out, words, labels, left, right = measured_on_a_phone(
        page, tmp_path, PAGE_WIDTH, _smallest_shown(_words(12)), _smallest_shown(_words(0)),
        LEFTMOST, RIGHTMOST,
    )  # fmt: skip
    assert window <= NARROWEST_WINDOW and laid_out <= window, (laid_out, window)
    screen = PHONE_WIDTH
    assert left >= 0 and right <= screen, (left, right, screen)
    assert words >= 10, f"12-pixel words shown at {words:.1f} pixels on a {screen}-pixel screen"
    assert labels >= 8, f"the smallest labels shown at {labels:.1f} pixels"


# -- what players typed ---------------------------------------------------------------------


RAN = """
document.body.dataset.ran = [
  document.querySelectorAll('script').length, !!document.getElementById('boards'),
  document.getElementById('board').children.length > 0,
].join(' ');
"""


@pytest.mark.parametrize("name", ["<!--<script>", "</script><b>x", "<!-- x"])
def test_a_player_name_cannot_stop_the_page_s_scripts(tmp_path: Path, name: str) -> None:
    """A name is free text (api.md §1) and the log's lines quote it in the page's embedded
    JSON. ``<!--`` followed by ``<script`` there would make the browser read the rest of the
    page, every later ``</script>`` included, as that one script's text: no board, no step
    buttons, no script at all."""
    store = GameStore(Settings(store="memory"))
    try:
        games = Games(store)
        game_id, _ = games.create_game("bourgeoisie", 2)
        tokens = [games.join_game(game_id, name, 0).token, games.join_game(game_id, "bo", 1).token]
        play_random(games, game_id, tokens, limit=6)
        timeline = Timeline(games.record(game_id))
    finally:
        store.close()
    path = tmp_path / "named.html"
    path.write_text(replay_page(timeline, Perspective.PUBLIC), encoding="utf-8")
    dom = dom_after(path, tmp_path, timeline.last, RAN)
    assert 'data-ran="6 true true"' in dom, dom[-800:]
