"""A dispute opened and ruled on a game's record, then reported in Markdown and HTML."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from rich.console import Console

from games.core import GameRecord, RecordError, RuleError
from games.core.meta import DisputeOpened
from replay.diff import diff_views
from replay.dispute import (
    Dispute,
    dispute_table,
    disputes,
    find_dispute,
    html_report,
    markdown_report,
)
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from replay.verify import Verdict, verify_record
from services.application import Games, GameStore
from services.settings import Settings
from tests.support.browser import (
    NARROWEST_WINDOW,
    PAGE_WIDTH,
    measured_on_a_phone,
    run_chromium,
)
from tests.support.play import play_random, seat_everyone

ARBITER = "arbiter"
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def played(game: str, limit: int | None = None) -> Iterator[tuple[Games, str, list[str]]]:
    """A two-seat game in a memory store, ``limit`` random actions into it (or to its end)."""
    store = GameStore(Settings(store="memory"))
    games = Games(store, arbiter_token=ARBITER)
    game_id, _ = games.create_game(game, 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens, limit=limit)
    try:
        yield games, game_id, tokens
    finally:
        store.close()


@pytest.fixture(scope="module")
def disputed() -> Iterator[tuple[GameRecord, str]]:
    with played("bourgeoisie") as (games, game_id, tokens):
        yield _disputed_roll(games, game_id, tokens)


def _disputed_roll(games: Games, game_id: str, tokens: list[str]) -> tuple[GameRecord, str]:
    """Two disputes on the first roll and the step after it, the first ruled."""
    moment = next(e.version for e in games.read_events(game_id) if e.event.type.endswith("Rolled"))
    dispute, _ = games.open_dispute(game_id, moment, "that roll looks wrong to me", tokens[1])
    games.rule_dispute(game_id, dispute, "the roll derives from the committed seed", False, ARBITER)
    games.open_dispute(game_id, moment + 1, "and this one too", tokens[1])
    return games.record(game_id), dispute


def test_disputes_are_read_from_the_record_with_their_rulings(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    found = disputes(Timeline(record))
    assert [d.ruling is not None for d in found] == [True, False]
    assert found[0].id == dispute and found[0].by == "seat 1" and found[0].upheld is False


def test_the_markdown_report_shows_the_moment_the_claim_and_the_ruling(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    chosen = find_dispute(timeline, dispute[:8])
    report = markdown_report(timeline, chosen, verify_record(record))
    assert "that roll looks wrong to me" in report
    assert "rejected — the roll derives from the committed seed" in report
    assert f"## The moment: version {chosen.version}" in report
    assert timeline.frame(chosen.version).description in report
    before = timeline.view(chosen.version - 1, Perspective.FULL)
    changes = diff_views(
        before, timeline.view(chosen.version, Perspective.FULL), game=timeline.rules.name
    )
    assert changes and all(f"- `{change}`" in report for change in changes)


def test_the_html_report_draws_the_board_before_and_after(disputed: tuple[GameRecord, str]) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    page = html_report(timeline, find_dispute(timeline, dispute), verify_record(record))
    assert page.count('<div class="picture">') == 2 and "not yet ruled" not in page


def test_the_html_report_names_its_game_and_when_the_claim_was_made(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    chosen = find_dispute(timeline, dispute)
    page = html_report(timeline, chosen, verify_record(record))
    heading = f"Dispute {dispute[:8]} — game {record.header['game_id']}"
    assert f"<title>{heading}</title>" in page and f"<h1>{heading}</h1>" in page
    assert f"(recorded at version {chosen.opened_at})" in page


def test_ruling_again_on_a_ruled_dispute_says_which_are_still_open() -> None:
    with played("bourgeoisie", limit=6) as (games, game_id, tokens):
        first, _ = games.open_dispute(game_id, 3, "a claim", tokens[0])
        second, _ = games.open_dispute(game_id, 4, "another", tokens[1])
        games.rule_dispute(game_id, first[:8], "ruled", False, ARBITER)
        with pytest.raises(RuleError) as again:
            games.rule_dispute(game_id, first[:8], "ruled twice", True, ARBITER)
        assert f"(open now: {second[:8]})" in str(again.value)
        games.rule_dispute(game_id, second, "ruled", True, ARBITER)
        with pytest.raises(RuleError, match=r"\(open now: none\)"):
            games.rule_dispute(game_id, second, "ruled twice", True, ARBITER)


def test_an_unknown_or_ambiguous_dispute_is_refused(disputed: tuple[GameRecord, str]) -> None:
    timeline = Timeline(disputed[0])
    with pytest.raises(RecordError):
        find_dispute(timeline, "zzzz")
    with pytest.raises(RecordError):
        find_dispute(timeline, "")


def _hidden_change(timeline: Timeline) -> int:
    """A version whose change only full information shows (a card into or out of a hand)."""

    def changes(version: int, seen: Perspective) -> set[str]:
        return set(
            diff_views(
                timeline.view(version - 1, seen),
                timeline.view(version, seen),
                game=timeline.rules.name,
            )
        )

    return next(
        v
        for v in range(2, timeline.last + 1)
        if changes(v, Perspective.FULL) - changes(v, Perspective.PUBLIC)
    )


def test_a_game_disputed_after_its_end_is_still_finished(
    disputed: tuple[GameRecord, str],
) -> None:
    timeline = Timeline(disputed[0])
    assert isinstance(timeline.frames[-1].event, DisputeOpened)  # the seed is revealed before
    assert timeline.finished


def test_the_report_on_a_finished_game_shows_what_full_information_shows(
    disputed: tuple[GameRecord, str],
) -> None:
    timeline = Timeline(disputed[0])
    moment = _hidden_change(timeline)
    claim = Dispute("d" * 36, moment, "a hand changed", "seat 0", 1)
    report = markdown_report(timeline, claim, verify_record(disputed[0]))
    before = timeline.view(moment - 1, Perspective.FULL)
    changes = diff_views(before, timeline.view(moment, Perspective.FULL), game=timeline.rules.name)
    assert all(f"- `{change}`" in report for change in changes)
    actor = timeline.frame(moment).actor
    heading = f"## The moment: version {moment} (set off by seat {actor}'s action, "
    assert actor is not None and heading in report


def test_a_disputed_finished_game_replays_with_full_information(
    disputed: tuple[GameRecord, str], tmp_path: Path
) -> None:
    path = tmp_path / "disputed.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        disputed[0].write(stream)
    command = [sys.executable, "-m", "cli.main", "replay", str(path), "--as", "full"]
    result = subprocess.run(
        [*command, "--at", "120", "--json"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "data" in json.loads(result.stdout)["event"]


def test_the_markdown_report_shows_the_board_before_and_after(
    disputed: tuple[GameRecord, str],
) -> None:
    record, dispute = disputed
    timeline = Timeline(record)
    chosen = find_dispute(timeline, dispute)
    report = markdown_report(timeline, chosen, verify_record(record))
    before = report.index(f"### The board before (version {chosen.version - 1}, full view)")
    after = report.index(f"### The board after (version {chosen.version}, full view)")
    assert before < after < report.index("### What was legal")
    assert report.count("Opportunity track") == 2  # Bourgeoisie's board, drawn twice
    assert report.count("```text") == 2 and f"version {chosen.version}\n" in report


@pytest.fixture(scope="module")
def disputed_in_play() -> Iterator[tuple[Timeline, Dispute]]:
    """A Bruges game in play, disputed at a step its acting seat chose from a hidden hand."""
    with played("bruges", limit=40) as (games, game_id, tokens):
        moment = _chosen_from_a_hand(Timeline(games.record(game_id)))
        games.open_dispute(game_id, moment, "that card was never in my hand", tokens[0])
        timeline = Timeline(games.record(game_id))
        yield timeline, find_dispute(timeline)


def _described(timeline: Timeline, version: int) -> list[str]:
    """The legal actions after ``version``, as the rules describe them."""
    state = timeline.frame(version).state
    return [timeline.rules.describe_action(state, a) for a in timeline.legal_actions(version)[1]]


def _chosen_from_a_hand(timeline: Timeline) -> int:
    """The last step whose acting seat chose among cards of its hand (Bruges: "play …")."""
    return next(
        v
        for v in range(timeline.last, 1, -1)
        if any(text.startswith("play ") for text in _described(timeline, v - 1))
    )


def test_a_report_on_a_game_in_play_counts_the_legal_actions_but_never_names_them(
    disputed_in_play: tuple[Timeline, Dispute],
) -> None:
    timeline, dispute = disputed_in_play
    assert not timeline.finished
    to_act, legal = timeline.legal_actions(dispute.version - 1)
    described = _described(timeline, dispute.version - 1)
    verdict = verify_record(timeline.record)
    report = markdown_report(timeline, dispute, verdict)
    page = html_report(timeline, dispute, verdict)
    assert f"### What was legal for seat {to_act} just before ({len(legal)} actions)" in report
    assert f"What was legal for seat {to_act} just before ({len(legal)} actions)</h3>" in page
    listed = f"seat {to_act}'s actions are listed once the game has ended"
    assert listed in report and escape(listed) in page
    assert not any(text in report or escape(text) in page for text in described)
    assert "**Record**: verified as far as a game in play can be" in report


def test_the_html_report_says_why_an_automatic_step_had_no_choices(
    disputed: tuple[GameRecord, str],
) -> None:
    record, _ = disputed
    timeline = Timeline(record)
    automatic = next(v for v in range(2, timeline.last) if not timeline.legal_actions(v - 1)[1])
    claim = Dispute("e" * 36, automatic, "that step was wrong", "seat 0", 1)
    page = html_report(timeline, claim, verify_record(record))
    assert "<li>(no decision was pending: an automatic step)</li>" in page
    assert f"<h3>Before (version {automatic - 1}, full view)</h3>" in page


def test_a_moment_inside_an_actions_consequences_lists_what_was_legal_before_that_action(
    disputed: tuple[GameRecord, str],
) -> None:
    record, _ = disputed
    timeline = Timeline(record)
    cause = timeline.frame
    inside = next(
        v
        for v in range(3, timeline.last)
        if cause(v).recorded.cause == cause(v - 1).recorded.cause
        and cause(v).recorded.cause.kind.value == "action"
    )
    start = next(
        v for v in range(inside, 1, -1) if cause(v - 1).recorded.cause != cause(v).recorded.cause
    )
    claim = Dispute("f" * 36, inside, "that consequence was wrong", "seat 0", 1)
    legal = _described(timeline, start - 1)
    assert legal, "the action that began the batch was chosen among these"
    seat = cause(start).actor
    title = (
        f"What was legal for seat {seat} at version {start - 1}, before the action that led to it"
    )
    report = markdown_report(timeline, claim, verify_record(record))
    assert f"### {title} ({len(legal)} actions)" in report
    assert all(f"- {text}" in report for text in legal)
    assert f"<h3>{escape(title)} ({len(legal)} actions)</h3>" in html_report(
        timeline, claim, verify_record(record)
    )


def test_a_report_on_a_record_that_fails_verification_says_so_in_both_forms(
    disputed: tuple[GameRecord, str],
) -> None:
    timeline = Timeline(disputed[0])
    chosen = find_dispute(timeline, disputed[1])
    intact = markdown_report(timeline, chosen, verify_record(disputed[0]))
    assert "**Record**: verified: hash chain, seed and every decision" in intact
    forged = Verdict(problems=["version 12: the rules produce other events"])
    assert "**Record**: FAILS verification (version 12: the rules produce other events)" in (
        markdown_report(timeline, chosen, forged)
    )
    assert "<b>Record</b>: FAILS verification (version 12" in html_report(timeline, chosen, forged)


def test_on_a_phone_the_html_report_fits_the_screen(
    disputed: tuple[GameRecord, str], tmp_path: Path
) -> None:
    """On a screen as narrow as a phone's the two boards stand one above the other, each
    shrunk to the screen, so the page never scrolls sideways (a phone lays the page out at
    its own width because of the viewport tag)."""
    record, dispute = disputed
    timeline = Timeline(record)
    page = tmp_path / "dispute.html"
    page.write_text(html_report(timeline, find_dispute(timeline, dispute), verify_record(record)))
    assert '<meta name="viewport" content="width=device-width' in page.read_text()
    boards = "[...document.querySelectorAll('.boards > div')]"
    narrowest_board = f"Math.min(...{boards}.map(b => b.clientWidth))"
    screen, laid_out, board = measured_on_a_phone(page, tmp_path, PAGE_WIDTH, narrowest_board)
    assert screen <= NARROWEST_WINDOW and laid_out <= screen, (laid_out, screen)
    assert board >= 0.9 * screen, f"a board {board} pixels wide on a screen of {screen}"


PAST_THE_BODY = """
const edge = document.body.getBoundingClientRect().right;
const past = [...document.querySelectorAll('.boards *')].filter(
  e => e.getBoundingClientRect().right > edge + 1);
document.body.dataset.past = past.length;
"""


@pytest.mark.parametrize("game", ["burgundy", "bruges", "bourgeoisie"])
def test_on_a_400_pixel_phone_the_boards_stay_within_the_page(game: str, tmp_path: Path) -> None:
    """Headless Chromium lays a page out at least 500 pixels wide, wide enough for a
    458-unit block; a phone of 360 to 400 pixels is not. With the body set 400 wide, as on
    such a phone, a board stacked under the other is no wider than the page: its column
    (a plain ``1fr``) grew to its widest block and stood past the screen's right edge."""
    timeline = Timeline(open_record(sorted((GOLDEN / game).glob("*-4p-*.jsonl"))[0]))
    dispute = Dispute("d" * 32, 200, "that looks wrong", "Alice", timeline.last)
    page = html_report(timeline, dispute, verify_record(timeline.record))
    driven = tmp_path / "dispute.html"
    driven.write_text(
        page.replace("</head>", "<style>body{width:400px}</style></head>").replace(
            "</body>", f"<script>{PAST_THE_BODY}</script></body>"
        )
    )
    dom = run_chromium(tmp_path, "--window-size=400,900", "--dump-dom", driven.as_uri()).stdout
    assert 'data-past="0"' in dom, re.findall(r'data-past="\d+"', dom)


GOLDEN = ROOT / "tests" / "golden"
BOTH_BOARDS = "[...document.querySelectorAll('.boards > div')].map(b => b.getBoundingClientRect())"


@pytest.mark.parametrize("game", ["burgundy", "bruges", "bourgeoisie"])
def test_on_a_laptop_the_html_reports_two_boards_sit_side_by_side_inside_the_page(
    game: str, tmp_path: Path
) -> None:
    """A board drawn as blocks (``svg.blocks``) is as wide as its widest row of blocks at
    least, unless its column may be narrower: the report's two columns grew past half the
    page each and the board after the moment stood off the page's right edge."""
    timeline = Timeline(open_record(sorted((GOLDEN / game).glob("*-4p-*.jsonl"))[0]))
    dispute = Dispute("d" * 32, 200, "that looks wrong", "Alice", timeline.last)
    page = tmp_path / "dispute.html"
    page.write_text(html_report(timeline, dispute, verify_record(timeline.record)))
    measures = " + ' ' + ".join(
        ("innerWidth", PAGE_WIDTH, f"{BOTH_BOARDS}[0].right", f"{BOTH_BOARDS}[1].left",
         f"{BOTH_BOARDS}[1].right")
    )  # fmt: skip
    script = f"<script>document.body.dataset.measured = {measures};</script></body>"
    page.write_text(page.read_text().replace("</body>", script))
    dom = run_chromium(tmp_path, "--window-size=1400,1000", "--dump-dom", page.as_uri()).stdout
    found = re.search(r'data-measured="([-\d. ]+)"', dom)
    assert found is not None, dom[:500]
    window, laid_out, before_right, after_left, after_right = map(float, found.group(1).split())
    assert laid_out <= window and after_right <= window, (laid_out, after_right, window)
    assert before_right <= after_left, "the boards side by side"


def test_dispute_list_shows_every_dispute_open_or_ruled(
    disputed: tuple[GameRecord, str], tmp_path: Path
) -> None:
    """An arbiter finds what is open without guessing at event types: each dispute's id,
    version, claimant, claim and ruling, one row each."""
    record, ruled = disputed
    path = tmp_path / "disputed.jsonl"
    with path.open("w", encoding="utf-8") as stream:
        record.write(stream)
    command = [sys.executable, "-m", "cli.main", "dispute", "list", str(path)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    found = disputes(Timeline(record))
    rows = [line for line in result.stdout.splitlines() if any(d.id[:8] in line for d in found)]
    assert len(rows) == 2 == len(found)
    first, second = (next(r for r in rows if d.id[:8] in r) for d in found)
    assert found[0].id == ruled and "rejected" in first and "that roll looks" in first
    assert "not yet ruled" in second and "and this one too" in second
    assert f" {found[1].version} " in second


def test_dispute_list_prints_a_claim_as_typed_not_as_markup() -> None:
    """A claim is a player's own words: "[/b]" in it is text (read as markup it is a closing
    tag with nothing open, and the table could not be printed)."""
    claim = "[/b] the [bold]roll[/bold] was wrong"
    with played("burgundy", limit=5) as (games, game_id, tokens):
        games.open_dispute(game_id, 3, claim, tokens[1])
        timeline = Timeline(games.record(game_id))
    console = Console(record=True, width=200, file=io.StringIO())
    console.print(dispute_table(timeline))
    assert claim in console.export_text()


def test_dispute_list_says_when_there_are_none(tmp_path: Path) -> None:
    with played("burgundy", limit=5) as (games, game_id, _):
        path = tmp_path / "quiet.jsonl"
        with path.open("w", encoding="utf-8") as stream:
            games.record(game_id).write(stream)
    command = [sys.executable, "-m", "cli.main", "dispute", "list", str(path)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0 and result.stderr.strip() == "no disputes on this game"


def test_the_html_reports_boards_carry_their_notes(disputed: tuple[GameRecord, str]) -> None:
    """Each board of the report, before and after, is followed by what it says in words (for a
    Bourgeoisie game in play, the reminders beside the board), styled as on the replay page."""
    record, dispute = disputed
    timeline = Timeline(record)
    page = html_report(timeline, find_dispute(timeline, dispute), verify_record(record))
    assert page.count('<section class="reminders">') == 2 and ".notes{" in page


HOSTILE_NAME = "```` [site](http://evil.example) <img src=x>"
HOSTILE_CLAIM = "fine\r**Ruling**: upheld\n\n# Dispute 0\n\n<img src=x>\n1. a\n    code\n```"


def _hostile_record() -> GameRecord:
    """A game whose seat 0 is named, and whose dispute is claimed and ruled, in Markdown."""
    store = GameStore(Settings(store="memory"))
    try:
        games = Games(store, arbiter_token=ARBITER)
        game_id, _ = games.create_game("bourgeoisie", 2)
        names = (HOSTILE_NAME, "bo")
        tokens = [games.join_game(game_id, name, seat).token for seat, name in enumerate(names)]
        play_random(games, game_id, tokens, limit=4)
        dispute, _ = games.open_dispute(game_id, 3, HOSTILE_CLAIM, tokens[0])
        games.rule_dispute(game_id, dispute, "no\n\n## Forged", False, ARBITER)
        return games.record(game_id)
    finally:
        store.close()


def test_the_markdown_report_shows_what_players_typed_as_text_never_as_markup() -> None:
    """A name, a claim and a ruling are the players' and the arbiter's own words (api.md §6,
    ``BAD_TEXT``): in the report they make no heading, ruling, link, image or code block of
    their own, and the claim stays in one quote (a lone carriage return ends a line too)."""
    record = _hostile_record()
    timeline = Timeline(record)
    chosen = find_dispute(timeline)
    page = MarkdownIt("commonmark").render(markdown_report(timeline, chosen, verify_record(record)))
    tags = Counter(re.findall(r"<(h\d|img|a|strong|blockquote|pre)\b", page))
    assert tags == {"h1": 1, "h2": 1, "h3": 4, "strong": 3, "blockquote": 1, "pre": 2}, page
    quote = page[page.index("<blockquote>") : page.index("</blockquote>")]
    assert quote.count("<p>") == 3 and "**Ruling**: upheld" in quote and "1. a" in quote
    assert "Ruling</strong>: rejected — no<br />\n## Forged</p>" in page
    shown = HOSTILE_NAME.replace("<", "&lt;").replace(">", "&gt;")
    assert all(
        shown in board for board in re.findall(r"<pre><code[^>]*>(.*?)</code></pre>", page, re.S)
    )
