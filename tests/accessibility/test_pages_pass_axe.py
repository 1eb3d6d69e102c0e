"""Every kind of HTML page the project writes, audited by axe-core in headless Chromium: the
replay and the dispute report of each game, and a tournament's standings page, on a laptop's
window and a phone's. A violation of any impact (minor, moderate, serious or critical) fails
the test, listed: the pages are clean of them all.

axe-core leaves the words drawn in the pictures (SVG text) alone; ``test_board_text_is_readable``
measures those.

axe-core comes from this folder's locked npm package (``npm ci`` here, as ``.ci/run`` does);
its ``axe.min.js`` is loaded from the installed file, so the audit needs no network."""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from replay.dispute import Dispute, html_report
from replay.html import replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from replay.verify import verify_record
from services.application import Games, GameStore
from services.settings import Settings
from services.tournaments import Tournaments
from tests.support.browser import run_chromium
from tests.tournaments.conftest import open_event

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
GOLDEN = Path(__file__).resolve().parents[1] / "golden"
GAMES = ["burgundy", "bruges", "bourgeoisie"]
WINDOWS = {"laptop": "--window-size=1400,1000", "phone": "--window-size=400,900"}

# Run after the page's own scripts: axe's verdict, written where --dump-dom shows it.
AUDIT = """<script src="%s"></script><script>
axe.run(document).then(found => {
  const verdict = document.createElement('output');
  verdict.id = 'axe-verdict';
  verdict.textContent = JSON.stringify(found.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary),
  })));
  document.body.append(verdict);
}, error => { document.body.dataset.axeError = String(error); });
</script></body>"""


def axe_script() -> Path:
    """The installed ``axe.min.js``; a test without it fails where services are required
    (CI), else is skipped."""
    if not AXE.exists():
        message = "axe-core is not installed: run `npm ci` in tests/accessibility"
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return AXE


def violations(page: Path, tmp_path: Path, window: str) -> list[dict[str, object]]:
    """What axe finds wrong with ``page`` laid out in ``window``."""
    audited = tmp_path / f"audited-{page.name}"
    script = AUDIT % axe_script().as_uri()
    audited.write_text(page.read_text(encoding="utf-8").replace("</body>", script))
    dom = run_chromium(tmp_path, window, "--dump-dom", audited.as_uri()).stdout
    verdict = re.search(r'<output id="axe-verdict">(.*?)</output>', dom, re.S)
    assert verdict is not None, dom[-1000:]
    found: list[dict[str, object]] = json.loads(html.unescape(verdict.group(1)))
    return found


def replay(game: str, folder: Path) -> Path:
    timeline = Timeline(open_record(sorted((GOLDEN / game).glob("*-4p-*.jsonl"))[0]))
    page = folder / f"replay-{game}.html"
    page.write_text(replay_page(timeline, Perspective.SEAT, 0), encoding="utf-8")
    return page


def dispute_report(game: str, folder: Path) -> Path:
    timeline = Timeline(open_record(sorted((GOLDEN / game).glob("*-4p-*.jsonl"))[0]))
    dispute = Dispute("d" * 32, 200, "that looks wrong", "Alice", timeline.last)
    page = folder / f"dispute-{game}.html"
    page.write_text(html_report(timeline, dispute, verify_record(timeline.record)))
    return page


def standings(folder: Path) -> Path:
    """A Swiss tournament's page after two rounds, a player since withdrawn (its row is set in
    another colour)."""
    store = GameStore(Settings(store="memory"))
    try:
        tournaments = Tournaments(Games(store))
        event = open_event(tournaments, 4, rounds=2)
        event.adjudicate_round()
        event.adjudicate_round()
        tournaments.drop_player(event.tournament_id, event.organiser, "player 4", "went home")
        page = folder / "standings.html"
        page.write_bytes(dict(tournaments.export(event.tournament_id))["standings.html"])
    finally:
        store.close()
    return page


PAGES: dict[str, Callable[[Path], Path]] = {
    **{f"replay-{game}": partial(replay, game) for game in GAMES},
    **{f"dispute-{game}": partial(dispute_report, game) for game in GAMES},
    "standings": standings,
}


@pytest.fixture(scope="module", params=list(PAGES))
def page(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return PAGES[request.param](tmp_path_factory.mktemp(request.param))


@pytest.mark.parametrize("window", list(WINDOWS))
def test_the_page_has_no_violation(page: Path, window: str, tmp_path: Path) -> None:
    found = violations(page, tmp_path, WINDOWS[window])
    listed = "\n".join(f"[{v['impact']}] {v['id']}: {v['help']}: {v['nodes']}" for v in found)
    assert not found, f"{page.name} on a {window}:\n{listed}"
