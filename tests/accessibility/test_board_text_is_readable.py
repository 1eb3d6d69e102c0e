"""Every word drawn in the pictures of the HTML pages (the boards, the score chart), measured in
headless Chromium as it draws them: its contrast with what is painted beneath it, and its size
on the screen. axe-core leaves SVG text alone, so this test does it (``svg_text.js``).

The pages: each game's replay (a real recorded game at several steps, and a game under the
published rules where they draw differently: Burgundy says which rules it plays, Bruges draws
the published canal and disasters) and each game's dispute report, on a laptop's window and a
phone's.

- Contrast: at least 4.5:1, or 3:1 for large text (24 pixels, or 18.66 bold), WCAG 2.x success
  criterion 1.4.3 (AA).
- Size: WCAG sets no least size, so the floors are ours. On a laptop (a 1,400-pixel window),
  ``LAPTOP_FLOOR``: the page's own smallest type (the log) is 12 pixels, and below 10 a word
  takes a reader leaning in. On a phone (400 pixels), ``PHONE_FLOOR``: a board's blocks
  (``svg.blocks``), up to 458 units wide, shrink to the 384 pixels the page leaves them, so a
  10-unit word shows at some 8.4 pixels (``palette.SMALLEST``), and the score chart keeps 760
  pixels and scrolls sideways; a phone is held closer than a laptop's screen, and a finger
  zooms the page (its viewport lets it).
"""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from games.core import GameCreated
from games.registry import rules_for
from replay.dispute import Dispute, html_report
from replay.html import replay_page
from replay.selfplay import Table, by_kind, seed_bytes
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from replay.verify import verify_record
from tests.support.browser import run_chromium

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
MEASURE = Path(__file__).resolve().parent / "svg_text.js"
NORMAL_CONTRAST, LARGE_CONTRAST = 4.5, 3.0
LAPTOP_FLOOR, PHONE_FLOOR = 10.0, 8.0
STEPS = (0.02, 0.15, 0.35, 0.55, 0.75, 0.95, 1.0)
"""Where in a game its replay is measured, as a share of its steps: the opening, the middle
game (goods, hands and families built up) and the end (the results)."""


@dataclass(frozen=True)
class Window:
    flag: str
    style: str
    floor: float


WINDOWS = {
    "laptop": Window("--window-size=1400,1000", "", LAPTOP_FLOOR),
    # Headless Chromium widens a window narrower than 500 pixels; the page's body, set 400
    # wide, lays out as on a phone (the page's phone layout starts at 760).
    "phone": Window("--window-size=400,900", "<style>body{width:400px}</style>", PHONE_FLOOR),
}


def golden(game: str) -> Timeline:
    return Timeline(open_record(sorted((GOLDEN / game).glob("*-4p-*.jsonl"))[0]))


def published(game: str) -> Timeline:
    """A four-seat game played to its end under the published rules."""
    rules = rules_for(game)
    created = GameCreated(
        game=game,
        game_id=f"00000000-0000-4000-8000-{sum(game.encode()):012d}",
        rules_version=rules.rules_version,
        ruleset="published",
        seats=4,
        seed_commitment="",
    )
    table = Table(rules, 4, seed_bytes(7), created=created)
    return Timeline(table.play_with(by_kind(random.Random(7))).record())


def replay(timeline: Timeline) -> tuple[str, str]:
    """The replay page, and the script that measures it at each of ``STEPS``."""
    last = len(timeline.frames) - 1
    steps = sorted({round(last * share) for share in STEPS})
    script = f"const found = {json.dumps(steps)}.flatMap(i => "
    script += "(show(i), measureSvgText('version ' + frames[i].v)));"
    return replay_page(timeline, Perspective.SEAT, 0), script


def dispute_report(timeline: Timeline) -> tuple[str, str]:
    """The report of a dispute on the game's middle step, and the script that measures it."""
    version = timeline.last // 2
    dispute = Dispute("d" * 32, version, "that looks wrong", "Alice", timeline.last)
    page = html_report(timeline, dispute, verify_record(timeline.record))
    return page, "const found = measureSvgText('report');"


PAGES: dict[str, Callable[[], tuple[str, str]]] = {
    "replay-burgundy": lambda: replay(golden("burgundy")),
    "replay-burgundy-published": lambda: replay(published("burgundy")),
    "replay-bruges": lambda: replay(golden("bruges")),
    "replay-bruges-published": lambda: replay(published("bruges")),
    "replay-bourgeoisie": lambda: replay(golden("bourgeoisie")),
    "dispute-burgundy": lambda: dispute_report(golden("burgundy")),
    "dispute-bruges": lambda: dispute_report(golden("bruges")),
    "dispute-bourgeoisie": lambda: dispute_report(golden("bourgeoisie")),
}


def measured(page: str, script: str, window: Window, tmp_path: Path) -> list[dict[str, Any]]:
    """Every SVG text of ``page`` as ``script`` (given ``svg_text.js``) measures it."""
    verdict = (
        f"<script>{MEASURE.read_text(encoding='utf-8')}\n{script}\n"
        "const out = document.createElement('output'); out.id = 'svg-text';"
        "out.textContent = JSON.stringify(found); document.body.append(out);</script></body>"
    )
    driven = tmp_path / "measured.html"
    driven.write_text(
        page.replace("</head>", window.style + "</head>").replace("</body>", verdict),
        encoding="utf-8",
    )
    dom = run_chromium(tmp_path, window.flag, "--dump-dom", driven.as_uri()).stdout
    found = re.search(r'<output id="svg-text">(.*?)</output>', dom, re.S)
    assert found is not None, dom[-1000:]
    texts: list[dict[str, Any]] = json.loads(html.unescape(found.group(1)))
    return texts


def unreadable(text: dict[str, Any], floor: float) -> list[str]:
    """What is wrong with one measured text: too little contrast, too small."""
    least = LARGE_CONTRAST if text["large"] else NORMAL_CONTRAST
    faults = []
    if text["ratio"] < least:
        faults.append(f"contrast {text['ratio']}:1 ({text['ink']} on {text['under']})")
    if text["size"] < floor:
        faults.append(f"{text['size']} px")
    return faults


@pytest.fixture(scope="module", params=list(PAGES))
def page(request: pytest.FixtureRequest) -> tuple[str, str]:
    return PAGES[request.param]()


@pytest.mark.parametrize("window", list(WINDOWS))
def test_every_word_drawn_is_readable(page: tuple[str, str], window: str, tmp_path: Path) -> None:
    texts = measured(*page, WINDOWS[window], tmp_path)
    assert len(texts) > 100, "the pictures were drawn and measured"
    faults = Counter(
        f"{text['words']!r}: {', '.join(fault)}"
        for text in texts
        if (fault := unreadable(text, WINDOWS[window].floor))
    )
    listed = "\n".join(f"{count} times {fault}" for fault, count in faults.most_common())
    if faults:
        pytest.fail(f"{sum(faults.values())} of {len(texts)} texts on a {window}:\n{listed}")
