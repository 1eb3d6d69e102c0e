"""Replay commands: ``replay`` a game, ``export`` it to a record file, ``verify`` records."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

from clients.calls import server_flag, tls_flags
from clients.sdk import GameClient
from games.core import GameRecord, RecordError
from games.core.jsonable import to_json
from replay import terminal
from replay.diff import diff_views
from replay.dispute import find_dispute, html_report, markdown_report
from replay.html import replay_page
from replay.sources import (
    TOURNAMENT_FILE,
    fetch_record,
    open_record,
    record_files,
    tournament_record,
)
from replay.timeline import Perspective, Timeline, view_json
from replay.verify import Conclusion, Verdict, verify_record, verify_tournament

console = Console(stderr=True)
EXIT_STATUS = {Conclusion.VERIFIED: 0, Conclusion.FAILED: 1, Conclusion.CANNOT_VERIFY: 3}
"""``tabletop verify``'s exit status: 3, apart from both success and failure, for a record
made under another rules version than this build's, which it can neither verify nor fail
(2 is argparse's, for a bad command line)."""
SEVERITY = (Conclusion.VERIFIED, Conclusion.CANNOT_VERIFY, Conclusion.FAILED)
"""For many records, the worst conclusion among them sets the exit status."""


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    show = commands.add_parser("replay", help="step through a recorded game (a file or a game id)")
    show.add_argument("source", help="a record file, or a game id with --server")
    show.add_argument("--server", help="read the game from this server (host:port)")
    tls_flags(show)
    show.add_argument("--token", default="", help="an arbiter token, for a game still in play")
    where = show.add_mutually_exclusive_group()
    where.add_argument("--at", type=int, help="the version to show (default: the last)")
    where.add_argument(
        "--next-of",
        metavar="TYPE",
        help="show the next event of this type after --from (any part of its name: SeatTaken)",
    )
    show.add_argument(
        "--from",
        dest="start",
        type=int,
        metavar="N",
        help="with --next-of: look after version N (default: from the first event)",
    )
    show.add_argument("--as", dest="perspective", default="public", help="public, full, or a seat")
    show.add_argument("--json", action="store_true", help="print the step as JSON and exit")
    show.add_argument("--html", type=Path, help="write a self-contained HTML replay to this file")
    show.set_defaults(run=_replay)
    export = commands.add_parser("export", help="write a game's record file (.jsonl)")
    export.add_argument("game_id")
    export.add_argument(
        "-o", "--output", type=Path, help="file (default <game id>.jsonl; - for stdout)"
    )
    server_flag(export)
    export.add_argument("--token", default="", help="an arbiter token, to export a game in play")
    export.set_defaults(run=_export)
    verify = commands.add_parser("verify", help="check records: chain, seed, every decision")
    verify.add_argument("paths", nargs="+", type=Path, help="record files, folders or archives")
    verify.set_defaults(run=_verify)
    _register_review(commands)


def _register_review(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    fork = commands.add_parser("fork", help="start a what-if game from a version of another")
    fork.add_argument("game_id")
    fork.add_argument("--at", type=int, required=True, help="the version to start from")
    _server_flags(fork)
    fork.set_defaults(run=_fork)
    dispute = commands.add_parser("dispute", help="open, rule on and report disputes")
    actions = dispute.add_subparsers(dest="dispute_command", required=True, metavar="ACTION")
    opened = actions.add_parser("open", help="open a dispute about one version (seat or arbiter)")
    opened.add_argument("game_id")
    opened.add_argument("--at", type=int, required=True, help="the version in question")
    opened.add_argument("--claim", required=True)
    _server_flags(opened)
    opened.set_defaults(run=_open_dispute)
    ruled = actions.add_parser("rule", help="rule on an open dispute (arbiter token)")
    ruled.add_argument("game_id")
    ruled.add_argument("dispute_id")
    ruled.add_argument("--ruling", required=True)
    verdict = ruled.add_mutually_exclusive_group(required=True)
    verdict.add_argument("--upheld", action="store_true")
    verdict.add_argument("--rejected", action="store_true")
    _server_flags(ruled)
    ruled.set_defaults(run=_rule_dispute)
    report = actions.add_parser("report", help="write a dispute report from a record file")
    report.add_argument("record", type=Path)
    report.add_argument("--dispute", default="", help="its id, or a prefix (default: the only one)")
    report.add_argument("--md", type=Path, help="write Markdown here (default: print it)")
    report.add_argument("--html", type=Path, help="write an HTML page here")
    report.set_defaults(run=_report_dispute)


def _server_flags(parser: argparse.ArgumentParser) -> None:
    server_flag(parser)
    parser.add_argument("--token", default="", help="a seat's or the arbiter's token")


def _load(args: argparse.Namespace) -> GameRecord:
    if args.server:
        with GameClient.for_command(args) as client:
            return fetch_record(client, args.source)
    return open_record(Path(args.source))


def _perspective(text: str, timeline: Timeline) -> tuple[Perspective, int | None]:
    if text.isdigit():
        return Perspective.SEAT, int(text)
    try:
        chosen = Perspective(text)
    except ValueError:
        raise RecordError(f"--as takes public, full or a seat number, not {text!r}") from None
    if chosen is Perspective.FULL and not timeline.finished:
        raise RecordError("full information is shown only for a finished game")
    return chosen, None


def _replay(args: argparse.Namespace) -> int:
    if args.start is not None and not args.next_of:
        raise RecordError("--from goes with --next-of (to show a version, use --at)")
    timeline = Timeline(_load(args))
    if timeline.rules_gap:
        console.print(
            f"[yellow]note:[/] {timeline.rules_gap}: events are shown as recorded, legal "
            "actions as this build's rules list them"
        )
    perspective, seat = _perspective(args.perspective, timeline)
    version = _next_of(timeline, args.next_of, args.start) if args.next_of else args.at
    version = timeline.last if version is None else version
    timeline.frame(version)  # refuses a version outside the game
    if args.html:
        args.html.write_text(replay_page(timeline, perspective, seat), encoding="utf-8")
        console.print(f"wrote {args.html} ({timeline.last} steps); open it in any browser")
        return 0
    if args.json or args.at is not None or args.next_of or not sys.stdin.isatty():
        step = _step(timeline, version, perspective, seat)
        if args.json:
            print(json.dumps(step, indent=2))
        else:
            print(_plain(step, timeline.round_text(version)))
        return 0
    terminal.run(terminal.Cursor(timeline, version, perspective, seat))
    return 0


def _next_of(timeline: Timeline, type_name: str, start: int | None) -> int:
    """The version of the first event of ``type_name`` after ``start``, for scripts: a
    name that matches no type, or no such event, is an error (exit 1), never a guess."""
    if start:
        timeline.frame(start)  # refuses a version outside the game
    after = start or 0  # 0: the first event itself may be the one
    if not timeline.types_matching(type_name):
        known = ", ".join(timeline.event_types)
        raise RecordError(f"no event type matches {type_name!r}; this game's types: {known}")
    found = timeline.next_of_type(after, type_name)
    if found is None:
        names = " or ".join(timeline.types_matching(type_name))
        raise RecordError(
            f"no {names} event after version {after} (the last version is {timeline.last})"
        )
    return found


def _step(timeline: Timeline, version: int, perspective: Perspective, seat: int | None) -> Any:
    frame = timeline.frame(version)
    view = timeline.view(version, perspective, seat)
    before = timeline.view(version - 1, perspective, seat) if version > 1 else None
    to_act, legal = timeline.legal_actions(version)
    return {
        "game_id": timeline.record.header.get("game_id"),
        "version": version,
        "last_version": timeline.last,
        "turn": frame.turn,
        "round": frame.round,
        "actor": frame.actor,
        "at": frame.recorded.at,
        "event": frame.recorded.event.as_json()
        if perspective is Perspective.FULL
        else {"type": frame.recorded.event.type},
        "description": frame.description,
        "changes": diff_views(before, view) if before is not None else [],
        "view": view_json(view),
        "to_act": to_act,
        "legal_actions": [timeline.rules.describe_action(a) for a in legal]
        if perspective is not Perspective.PUBLIC or to_act is None
        else len(legal),
        "legal_actions_json": [to_json(a) for a in legal]
        if perspective is Perspective.FULL
        else [],
    }


def _plain(step: Any, round_text: str) -> str:
    lines = [
        f"version {step['version']}/{step['last_version']}  turn {step['turn']}  "
        f"{round_text}  {step['at']}",
        step["description"],
        *(f"  {change}" for change in step["changes"]),
    ]
    return "\n".join(lines)


def _export(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        record = fetch_record(client, args.game_id)
    if args.output == Path("-"):
        record.write(sys.stdout)
        return 0
    path = args.output or Path(f"{args.game_id}.jsonl")
    with path.open("w", encoding="utf-8") as stream:
        record.write(stream)
    console.print(f"wrote {len(record.events)} events to {path}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    results = [item for path in args.paths for item in _verify_path(path)]
    if len(results) == 1:
        verdict = results[0][1]
        _print_verdict(verdict)
        return EXIT_STATUS[verdict.conclusion]
    table = Table(title=f"{len(results)} records")
    for column in ("record", "events", "result", "first problem, or why not verified"):
        table.add_column(column)
    for name, verdict in results:
        table.add_row(name, str(verdict.events), _status(name, verdict), _first_finding(verdict))
    Console().print(table)
    counts = Counter(verdict.conclusion for _, verdict in results)
    summary = f"{counts[Conclusion.VERIFIED]} verified, {counts[Conclusion.FAILED]} failed"
    if counts[Conclusion.CANNOT_VERIFY]:
        summary += f", {counts[Conclusion.CANNOT_VERIFY]} cannot be verified by this build"
    console.print(summary)
    return EXIT_STATUS[max(counts, key=SEVERITY.index)]


def _status(name: str, verdict: Verdict) -> str:
    if verdict.conclusion is Conclusion.VERIFIED:
        return "[green]intact and bound[/]" if name == TOURNAMENT_FILE else "[green]verified[/]"
    if verdict.conclusion is Conclusion.CANNOT_VERIFY:
        return "[yellow]cannot verify[/]"
    return "[red]failed[/]"


def _first_finding(verdict: Verdict) -> str:
    """The first problem, or else why the rules could not be re-run ("" for neither)."""
    return verdict.problems[0] if verdict.problems else verdict.cannot_verify


def _verify_path(path: Path) -> list[tuple[str, Verdict]]:
    """Every game record at ``path``, and first the tournament's own record when ``path`` is
    a tournament archive (its results must be bound to the game records beside it)."""
    found = list(record_files(path))
    results, closing_chains = [], {}
    for name, load in track(found, "verifying", console=console) if len(found) > 1 else found:
        try:
            record = load()
        except RecordError as exc:
            results.append((name, Verdict(problems=[str(exc)])))
            continue
        results.append((name, verify_record(record)))
        if record.events:
            closing_chains[name] = record.events[-1].chain
    try:
        tournament = tournament_record(path)
    except RecordError as exc:
        return [(TOURNAMENT_FILE, Verdict(problems=[str(exc)])), *results]
    if tournament is not None:
        results.insert(0, (TOURNAMENT_FILE, verify_tournament(tournament, closing_chains)))
    return results


CONCLUSION_LINES = {
    Conclusion.VERIFIED: "[bold green]record verified[/]",
    Conclusion.FAILED: "[bold red]record FAILED verification[/]",
    Conclusion.CANNOT_VERIFY: (
        "[bold yellow]record CANNOT BE VERIFIED by this build[/]: what it could check is "
        "intact; the rest needs the rules the game was recorded under"
    ),
}


def _print_verdict(verdict: Verdict) -> None:
    for check in verdict.checks:
        console.print(f"[green]✓[/] {check}")
    for problem in verdict.problems:
        console.print(f"[red]✗[/] {problem}")
    if verdict.cannot_verify:
        console.print(f"[yellow]?[/] cannot verify: {verdict.cannot_verify}")
        console.print("  not re-run: the result's scores and places, and every decision")
    console.print(CONCLUSION_LINES[verdict.conclusion])


def _fork(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        forked = client.fork_game(args.game_id, args.at)
    console.print(
        f"what-if game forked from version {args.at}; take its seats with `tabletop join`"
    )
    print(forked.game_id)
    return 0


def _open_dispute(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        opened = client.open_dispute(args.game_id, args.at, args.claim)
    console.print(f"dispute opened on version {args.at}; recorded as version {opened.version}")
    print(opened.dispute_id)
    return 0


def _rule_dispute(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        ruled = client.rule_dispute(args.game_id, args.dispute_id, args.ruling, args.upheld)
    verdict = "upheld" if args.upheld else "rejected"
    console.print(f"dispute {args.dispute_id[:8]} {verdict}; recorded as version {ruled.version}")
    return 0


def _report_dispute(args: argparse.Namespace) -> int:
    timeline = Timeline(open_record(args.record))
    chosen = find_dispute(timeline, args.dispute)
    markdown = markdown_report(timeline, chosen)
    if args.md:
        args.md.write_text(markdown, encoding="utf-8")
        console.print(f"wrote {args.md}")
    elif not args.html:
        print(markdown)
    if args.html:
        args.html.write_text(html_report(timeline, chosen), encoding="utf-8")
        console.print(f"wrote {args.html}")
    return 0
