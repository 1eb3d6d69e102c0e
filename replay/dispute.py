"""Dispute reports: the moment in question, before and after, what was legal, claim and ruling.

Built from a game's record alone (disputes are events on it), as Markdown for a message or a
forum post and as a self-contained HTML page with the board drawn before and after.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from rich.table import Table
from rich.text import Text

from games.core import RecordError
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled
from games.core.wording import counted
from replay.boards import board_with_notes
from replay.boards.notes import NOTES_STYLE
from replay.diff import diff_views
from replay.markdown import fenced, inline, quoted
from replay.textboard import board_text
from replay.timeline import Perspective, Timeline
from replay.verify import Conclusion, Verdict

DISPUTE_EVENTS = frozenset(META_CODEC.name_of(kind) for kind in (DisputeOpened, DisputeRuled))
"""The stored types of a dispute's events: opened, and ruled."""


@dataclass(frozen=True)
class Dispute:
    id: str
    version: int
    claim: str
    by: str
    opened_at: int
    ruling: str | None = None
    upheld: bool | None = None


def disputes(timeline: Timeline) -> list[Dispute]:
    """Every dispute on the record, with its ruling once there is one."""
    found: dict[str, Dispute] = {}
    for frame in timeline.frames:
        event = frame.event
        if isinstance(event, DisputeOpened):
            found[event.dispute] = Dispute(
                event.dispute, event.version, event.claim, event.by, frame.version
            )
        elif isinstance(event, DisputeRuled) and event.dispute in found:
            opened = found[event.dispute]
            found[event.dispute] = Dispute(
                **{**opened.__dict__, "ruling": event.ruling, "upheld": event.upheld}
            )
    return list(found.values())


def dispute_table(timeline: Timeline) -> Table:
    """Every dispute on the record, oldest first: its id (the 8 characters that name it), the
    version in question, who claimed what, and whether and how it was ruled."""
    if timeline.seat_only is not None:  # its frames hold no event payloads: no claims
        raise RecordError(
            "a seat's replay of a game in play holds no dispute's claim: list them with the "
            "arbiter's token, or from the record once the game has ended"
        )
    table = Table(title=f"disputes on game {timeline.record.header.get('game_id')}")
    for column in ("dispute", "version", "by", "claim", "ruling"):
        table.add_column(column, overflow="fold", no_wrap=column in ("dispute", "version"))
    for dispute in disputes(timeline):
        table.add_row(
            dispute.id[:8],
            str(dispute.version),
            Text(dispute.by),  # a player's own words: printed as typed, never read as markup
            Text(dispute.claim),
            Text(_ruling_text(dispute)),
        )
    return table


def dispute_lines_table(game_id: str, lines: Sequence[tuple[int, str]]) -> Table:
    """The disputes on a game in play as anyone but the arbiter sees them: the line each
    dispute event has in the game's log, by version (who opened which dispute about which
    version; how it was ruled). Not the claim: it may name what a seat holds, so the server
    shows it to the arbiter alone until the game ends (docs/api.md)."""
    table = Table(title=f"disputes on game {game_id}, as the game's log shows them")
    table.add_column("version", no_wrap=True)
    table.add_column("event", overflow="fold")
    for version, line in lines:
        table.add_row(str(version), Text(line))  # the players' own words: never markup
    return table


def find_dispute(timeline: Timeline, prefix: str = "") -> Dispute:
    """The dispute whose id begins with ``prefix`` (any, when the record has only one).

    Reports and rulings show a dispute by the first 8 characters of its id, so a prefix is
    how a reader names one; a prefix that several ids begin with is refused with their ids.
    """
    found = disputes(timeline)
    if not found:
        raise RecordError("this record has no disputes")
    matches = [d for d in found if d.id.startswith(prefix)]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(d.id[:8] for d in found)
    if not matches:
        raise RecordError(
            f"no dispute on this record begins with {prefix!r} (its disputes: {known})"
        )
    if not prefix:
        raise RecordError(
            f"this record has {len(found)} disputes; choose one with --dispute: {known}"
        )
    candidates = ", ".join(d.id for d in matches)
    raise RecordError(f"{len(matches)} disputes begin with {prefix!r}: {candidates}")


def _perspective(timeline: Timeline) -> Perspective:
    # An arbiter reviews with everything in view; a record of a game in play shows only
    # what spectators saw.
    return Perspective.FULL if timeline.finished else Perspective.PUBLIC


@dataclass(frozen=True)
class _Moment:
    heading: str
    changes: list[str]
    legal_lines: list[str]
    """The legal actions described, or one line saying why they are not listed."""
    legal_title: str
    """Which decision they were open at: just before the moment, or, for a moment inside the
    consequences of one action, before that action."""


def _moment(timeline: Timeline, dispute: Dispute) -> _Moment:
    frame = timeline.frame(dispute.version)
    seen = _perspective(timeline)
    before = timeline.view(dispute.version - 1, seen) if dispute.version > 1 else None
    changes = (
        diff_views(before, timeline.view(dispute.version, seen), game=timeline.rules.name)
        if before
        else []
    )
    # "set off by": the actor is the seat whose action led here, which the step's own
    # description may not name (seat 0's action rolls seat 1's dice).
    cause = frame.caused_by if frame.actor is None else f"set off by seat {frame.actor}'s action"
    heading = f"version {dispute.version} ({cause}, {frame.recorded.at}): {frame.description}"
    asked_at = _decision_before(timeline, dispute.version)
    to_act, legal = timeline.legal_actions(asked_at)
    whose = "" if to_act is None else f" for seat {to_act}"
    title = (
        f"What was legal{whose} just before ({counted(len(legal), 'action')})"
        if asked_at == max(1, dispute.version - 1)
        else f"What was legal{whose} at version {asked_at}, before the action that led to it "
        f"({counted(len(legal), 'action')})"
    )
    lines = _legal_lines(timeline, asked_at, to_act, legal)
    return _Moment(heading, changes, lines, title)


def _decision_before(timeline: Timeline, version: int) -> int:
    """The version after which the decision leading to ``version`` was taken: the one before
    the first event of its batch. The states inside a batch are its action's consequences
    half applied (a die rolled, its goods not yet delivered): no one decided anything there,
    and what the rules would list for them is no choice anyone had."""
    cause = timeline.frame(version).recorded.cause
    first = version
    while first > 1 and timeline.frame(first - 1).recorded.cause == cause:
        first -= 1
    return max(1, first - 1)


def _legal_lines(
    timeline: Timeline, asked_at: int, to_act: int | None, legal: list[object]
) -> list[str]:
    """What was legal at ``asked_at``, described; in a game still in play only the count,
    since one seat's options name what only it may see (the cards in its hand)."""
    if not legal:
        return ["(no decision was pending: an automatic step)"]
    if _perspective(timeline) is not Perspective.FULL:
        return [
            f"(seat {to_act}'s actions are listed once the game has ended: they can name what "
            "only that seat may see)"
        ]
    state = timeline.frame(asked_at).state
    return [timeline.rules.describe_action(state, action) for action in legal]


def _record_line(verdict: Verdict) -> str:
    """What verification says of the record, so a report read away from the command that
    made it says whether its record can be trusted (README: verify)."""
    if verdict.conclusion is Conclusion.FAILED:
        return (
            f"FAILS verification ({verdict.problems[0]}): this report shows what the record "
            "says, not what was played"
        )
    if verdict.conclusion is Conclusion.CANNOT_VERIFY:
        return f"cannot be verified by this build ({verdict.cannot_verify})"
    if verdict.in_play:
        return "verified as far as a game in play can be (its decisions once the seed is out)"
    return "verified: hash chain, seed and every decision re-run by the rules"


def markdown_report(timeline: Timeline, dispute: Dispute, verdict: Verdict) -> str:
    """The report in Markdown; ``verdict`` is the record's verification, stated in it."""
    moment = _moment(timeline, dispute)
    lines = [
        f"# Dispute {dispute.id[:8]} — game {timeline.record.header.get('game_id')}",
        "",
        f"**Record**: {_record_line(verdict)}",
        "",
        f"**Claim** by {inline(dispute.by)} (recorded at version {dispute.opened_at}):",
        "",
        *quoted(dispute.claim),
        "",
        f"**Ruling**: {_ruling_markdown(dispute)}",
        "",
        f"## The moment: {inline(moment.heading)}",
        "",
        "### What changed",
        *(f"- `{change}`" for change in moment.changes or ["(nothing visible changed)"]),
        "",
        *_boards_before_and_after(timeline, dispute.version),
        f"### {moment.legal_title}",
        *([f"> Caution: {_caution(timeline)}", ""] if timeline.rules_gap else []),
        *(f"- {inline(line)}" for line in moment.legal_lines),
        "",
    ]
    return "\n".join(lines)


def _boards_before_and_after(timeline: Timeline, version: int) -> list[str]:
    """The board just before ``version`` and at it, as text: a diff alone does not show the
    position a move was made in (README: reported "with the state before and after")."""
    seen = _perspective(timeline)
    lines: list[str] = []
    for title, shown in (("before", version - 1), ("after", version)):
        lines += [f"### The board {title} (version {shown}, {seen.value} view)", ""]
        if shown < 1:
            lines += ["(the game begins here)", ""]
            continue
        lines += [*fenced(board_text(timeline, shown, seen)), ""]
    return lines


def _caution(timeline: Timeline) -> str:
    """Why the legal actions listed may not be the ones the game was played under."""
    return f"{timeline.rules_gap}; what was legal is listed under this build's rules"


def html_report(timeline: Timeline, dispute: Dispute, verdict: Verdict) -> str:
    """The report as a self-contained page; ``verdict`` as for ``markdown_report``."""
    moment = _moment(timeline, dispute)
    seen = _perspective(timeline)
    game = timeline.rules.name
    shown_before = max(1, dispute.version - 1)
    names = [str(p) for p in timeline.record.header.get("players", [])]
    before = board_with_notes(game, timeline.view(shown_before, seen), names)
    after = board_with_notes(game, timeline.view(dispute.version, seen), names)
    changes = moment.changes or ["(nothing visible changed)"]
    items = "".join(f"<li><code>{escape(c)}</code></li>" for c in changes)
    actions = "".join(f"<li>{escape(line)}</li>" for line in moment.legal_lines)
    caution = f"<p><b>Caution</b>: {escape(_caution(timeline))}</p>" if timeline.rules_gap else ""
    game_id = str(timeline.record.header.get("game_id"))  # a report is filed away from its record
    # On a phone (the viewport tag makes it lay the page out at its own width) the boards
    # stand one above the other, each the screen's width, rather than two shrunk side by side;
    # their one column, too, is minmax(0, 1fr), or a 458-unit block widens it past a
    # 400-pixel screen.
    # A column may be narrower than its board's widest row of blocks (minmax(0, 1fr)), as it
    # is on a laptop: there the row wraps, as on a phone, so that each block keeps its own size
    # and its words stay legible, rather than every block shrinking to fit (where a plain 1fr
    # would widen the column past the page).
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dispute {escape(dispute.id[:8])} — game {escape(game_id)}</title>
<style>body{{font-family:sans-serif;margin:24px;max-width:1400px;overflow-wrap:anywhere}}
.boards{{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:16px}}
.boards .picture .row{{flex-wrap:wrap}}
@media (max-width:760px){{body{{margin:8px}}.boards{{grid-template-columns:minmax(0,1fr)}}}}
{NOTES_STYLE}</style>
</head><body><main>
<h1>Dispute {escape(dispute.id[:8])} — game {escape(game_id)}</h1>
<p><b>Record</b>: {escape(_record_line(verdict))}</p>
<p><b>Claim</b> by {escape(dispute.by)} (recorded at version {dispute.opened_at}):
{escape(dispute.claim)}</p>
<p><b>Ruling</b>: {escape(_ruling_text(dispute))}</p>
<h2>{escape(moment.heading)}</h2>
<div class="boards">
<div><h3>Before (version {shown_before}, {seen.value} view)</h3>{before}</div>
<div><h3>After (version {dispute.version}, {seen.value} view)</h3>{after}</div></div>
<h3>What changed</h3><ul>{items}</ul>
<h3>{escape(moment.legal_title)}</h3>{caution}<ul>{actions}</ul>
</main></body></html>
"""


def _ruling_markdown(dispute: Dispute) -> str:
    """The ruling in one paragraph of Markdown: its lines kept apart by hard line breaks (a
    backslash at a line's end), none able to start a block (``replay.markdown``)."""
    return "\\\n".join(inline(line) for line in _ruling_text(dispute).splitlines() if line.strip())


def _ruling_text(dispute: Dispute) -> str:
    if dispute.ruling is None:
        return "not yet ruled"
    verdict = "upheld" if dispute.upheld else "rejected"
    return f"{verdict} — {dispute.ruling}"
