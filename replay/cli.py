"""Replay commands: ``replay`` a game, ``export`` it to a record file, ``verify`` records."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from clients.calls import SERVER_VARIABLE, server_flag, tls_flags
from clients.sdk import GameClient
from games.core import GameRecord, RecordError
from games.core.wording import counted
from replay import terminal
from replay.diff import diff_views
from replay.dispute import (
    DISPUTE_EVENTS,
    dispute_lines_table,
    dispute_table,
    find_dispute,
    html_report,
    markdown_report,
)
from replay.html import replay_page
from replay.offers import offers_at
from replay.progress import drawing, reading
from replay.sources import (
    fetch_log_lines,
    fetch_record,
    fetch_timeline,
    open_record,
    shows_in_full,
)
from replay.timeline import Perspective, Timeline, view_json
from replay.verify import Verdict, verify_record
from replay.verify_cli import register_verify

console = Console(stderr=True)
GAME_ID = re.compile(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", re.IGNORECASE)
"""A game id (a UUID) as ``replay`` recognises one that names no file."""


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """``replay``, ``export``, ``verify``, ``fork`` and ``dispute``."""
    _register_replay(commands)
    _register_export(commands)
    register_verify(commands)
    _register_review(commands)


def _register_replay(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    show = commands.add_parser("replay", help="step through a recorded game (a file or a game id)")
    _source_flags(
        show,
        "for a game still in play: the arbiter's token (the full record), or your seat's "
        "(what your seat saw)",
    )
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
    show.add_argument(
        "--as",
        dest="viewpoint",
        type=_viewpoint,
        metavar="VIEW",
        help="public, full, or a seat number (default: public; with a seat's token, while the "
        "game is in play: that seat's own, the only one; full: a finished game, or the "
        "arbiter's token)",
    )
    output = show.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the step as JSON and exit")
    output.add_argument("--html", type=Path, help="write a self-contained HTML replay to this file")
    output.add_argument(
        "--interactive",
        action="store_true",
        help="open the interactive viewer at the step --at or --next-of chose "
        "(without them, it opens at the last step whenever run in a terminal)",
    )
    show.set_defaults(run=_replay)


def _register_export(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    export = commands.add_parser("export", help="write a game's record file (.jsonl)")
    export.add_argument("game_id")
    export.add_argument(
        "-o", "--output", type=Path, help="file (default <game id>.jsonl; - for stdout)"
    )
    server_flag(export)
    export.add_argument("--token", default="", help="an arbiter token, to export a game in play")
    export.set_defaults(run=_export)


def _register_review(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    fork = commands.add_parser("fork", help="start a what-if game from a version of another")
    fork.add_argument("game_id")
    fork.add_argument("--at", type=int, required=True, help="the version to start from")
    _server_flags(
        fork, "the arbiter's token, to fork a game still in play (a finished one needs none)"
    )
    fork.set_defaults(run=_fork)
    dispute = commands.add_parser("dispute", help="open, rule on and report disputes")
    actions = dispute.add_subparsers(dest="dispute_command", required=True, metavar="ACTION")
    opened = actions.add_parser("open", help="open a dispute about one version (seat or arbiter)")
    opened.add_argument("game_id")
    opened.add_argument("--at", type=int, required=True, help="the version in question")
    opened.add_argument("--claim", required=True)
    _server_flags(opened, "your seat's token, or the arbiter's")
    opened.set_defaults(run=_open_dispute)
    ruled = actions.add_parser("rule", help="rule on an open dispute (arbiter token)")
    ruled.add_argument("game_id")
    ruled.add_argument("dispute_id", help="its id, or its first characters (8 will do)")
    ruled.add_argument("--ruling", required=True)
    verdict = ruled.add_mutually_exclusive_group(required=True)
    verdict.add_argument("--upheld", action="store_true")
    verdict.add_argument("--rejected", action="store_true")
    _server_flags(ruled, "the arbiter's token (only the arbiter rules)")
    ruled.set_defaults(run=_rule_dispute)
    listed = actions.add_parser(
        "list", help="every dispute on a game, open or ruled (a record file, or a game id)"
    )
    _source_flags(
        listed,
        "for a game still in play: the arbiter's token, to read the claims (a seat's token, or "
        "none, lists each dispute's lines in the game's log)",
    )
    listed.set_defaults(run=_list_disputes)
    report = actions.add_parser("report", help="write a dispute report from a record file")
    report.add_argument("record", type=Path)
    report.add_argument("--dispute", default="", help="its id, or a prefix (default: the only one)")
    report.add_argument("--md", type=Path, help="write Markdown here (default: print it)")
    report.add_argument("--html", type=Path, help="write an HTML page here")
    report.set_defaults(run=_report_dispute)


def _source_flags(parser: argparse.ArgumentParser, token_help: str) -> None:
    """A game to read (``_load``): a record file, or a game id read from ``--server``, which
    has no default here, so that a file is never sent for."""
    parser.add_argument("source", help="a record file, or a game id (read from --server)")
    parser.add_argument(
        "--server",
        help=f"read the game from this server (host:port; for a game id, ${SERVER_VARIABLE})",
    )
    tls_flags(parser)
    parser.add_argument("--token", default="", help=token_help)


def _server_flags(parser: argparse.ArgumentParser, token_help: str) -> None:
    """``--server`` and ``--token``, whose help says whose token the command takes: the
    server refuses any other, so the help must not promise more."""
    server_flag(parser)
    parser.add_argument("--token", default="", help=token_help)


def _load(args: argparse.Namespace) -> Timeline:
    """The game ``args.source`` names: a record file, else a game on ``--server`` — its
    record, or a seat's own views of it while it is in play (``fetch_timeline``).

    A game id with no ``--server`` is read from ``$TABLETOP_SERVER``, the server every other
    command defaults to; a file is looked for first, so a record is never sent for.
    """
    if _server_to_read(args):
        with GameClient.for_command(args) as client:
            return fetch_timeline(client, args.source, reading)
    return Timeline(open_record(Path(args.source)))


def _server_to_read(args: argparse.Namespace) -> str | None:
    """The server ``args.source`` is read from (set as ``args.server``), or None for a
    record file."""
    path = Path(args.source)
    if args.server and path.is_file() and not GAME_ID.fullmatch(args.source):
        # A server is asked for a game by its id: this file's name would be refused as
        # none (BAD_GAME_ID), with no word of what the user meant.
        raise RecordError(
            f"{args.source} is a record file, and --server reads a game by its id: drop "
            "--server to read the file, or name the game's id"
        )
    server = args.server or (None if path.exists() else _server_for_game_id(args.source))
    if server:
        args.server = server
    return server


def _token_for_a_file(args: argparse.Namespace) -> bool:
    """Whether a token came with a record file, said as a mistake in the command (exit
    status 2, as ``verify`` says ``--token`` without ``--server``): only a server is shown a
    token, so it would change nothing a reader could see."""
    if not (args.token and not args.server and Path(args.source).is_file()):
        return False
    console.print(
        "[red]error:[/] --token is shown to a server, and a record file is read from disk: "
        "drop --token, or name the game's id to read it from a server",
        soft_wrap=True,
    )
    return True


def _server_for_game_id(source: str) -> str | None:
    """``$TABLETOP_SERVER`` when ``source`` is a game id, else None (a missing file); with
    no server to ask, a game id is refused with how to name one, not "no such file"."""
    if not GAME_ID.fullmatch(source):
        return None
    server = os.environ.get(SERVER_VARIABLE, "")
    if not server:
        raise RecordError(
            f"{source} is a game id, not a record file: to read it from a server, pass "
            f"--server HOST:PORT or set {SERVER_VARIABLE}"
        )
    return server


Viewpoint = tuple[Perspective, int | None]
"""``--as``: whose view, and the seat's number for a seat's."""


def _viewpoint(text: str) -> Viewpoint:
    """``--as``'s argument; a wrong one is a wrong command line (exit status 2)."""
    if text.isdigit():
        return Perspective.SEAT, int(text)
    try:
        return Perspective(text), None
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not public, full or a seat number") from None


def _allowed(viewpoint: Viewpoint | None, timeline: Timeline, served: bool) -> Viewpoint:
    """``--as``, or its default: the public view, or a seat's own in its replay of a game in
    play, which holds no other (``SeatTimeline.view`` refuses any other).

    Full information of a game in play is for the arbiter (docs/api.md, section 2): a
    server sends the full record of such a game (``served``) to the arbiter's token alone,
    who must read a dispute's claim and every hand to rule on it mid-game."""
    if timeline.seat_only is not None:
        own = (Perspective.SEAT, timeline.seat_only)
        if viewpoint not in (None, own):
            raise RecordError(
                f"the game is in play, so this token replays seat {timeline.seat_only}'s own "
                "view only (the arbiter's token replays the full record)"
            )
        return own
    viewpoint = viewpoint or (Perspective.PUBLIC, None)
    if viewpoint[0] is Perspective.FULL and not (timeline.finished or served):
        raise RecordError(
            "full information is shown only for a finished game, or to the arbiter, who "
            "replays a game in play from the server with the arbiter's --token"
        )
    return viewpoint


def _replay(args: argparse.Namespace) -> int:
    if args.start is not None and not args.next_of:  # a mistake in the command: argparse's 2
        console.print("[red]error:[/] --from goes with --next-of (to show a version, use --at)")
        return 2
    if _token_for_a_file(args):
        return 2
    timeline = _load(args)
    cautions = []  # said on stderr, and on the HTML page, which is read away from them
    if not args.server:
        verdict = _warn_unless_verified(timeline.record, args.source)
        cautions += [_failure(verdict)] if verdict.problems else []
    if timeline.notice:
        cautions.append(timeline.notice)
        console.print(f"[yellow]note:[/] {escape(timeline.notice)}", soft_wrap=True)
    if timeline.rules_gap:
        cautions.append(timeline.rules_gap)
        console.print(
            f"[yellow]note:[/] {escape(timeline.rules_gap)}: events are shown as recorded, "
            "legal actions as this build's rules list them",
            soft_wrap=True,
        )
    perspective, seat = _allowed(args.viewpoint, timeline, served=bool(args.server))
    version = _next_of(timeline, args.next_of, args.start) if args.next_of else args.at
    version = timeline.last if version is None else version
    timeline.frame(version)  # refuses a version outside the game
    if args.html:
        page = replay_page(timeline, perspective, seat, cautions, version, drawing)
        _write(args.html, page)
        steps = counted(timeline.last, "step")
        console.print(f"wrote {escape(str(args.html))} ({steps}); open it in any browser")
        return 0
    if _one_step(args):
        step = _step(timeline, version, perspective, seat)
        if args.json:
            print(json.dumps(step, indent=2))
        else:
            print(_plain(step, timeline.round_text(version)))
        return 0
    terminal.run(terminal.Cursor(timeline, version, perspective, seat, arbiter=bool(args.server)))
    return 0


def _one_step(args: argparse.Namespace) -> bool:
    """Whether ``replay`` prints one step rather than opening the viewer: for scripts (--json,
    or no terminal) and for a version asked for, unless --interactive asks for the viewer
    there — the one way to open it anywhere but at the last step.

    A terminal is both ends: keys read from it and the screen drawn on it. With the output
    sent to a file (``replay game.jsonl > step.txt``) the viewer would draw into the file and
    wait for keys on a screen that shows nothing."""
    if args.interactive:
        if not sys.stdin.isatty():
            raise RecordError("--interactive needs a terminal to read keys from")
        if not sys.stdout.isatty():
            raise RecordError(
                "--interactive needs a terminal to draw on: its output goes to a file or a pipe"
            )
        return False
    in_a_terminal = sys.stdin.isatty() and sys.stdout.isatty()
    return args.json or args.at is not None or bool(args.next_of) or not in_a_terminal


def _warn_unless_verified(record: GameRecord, source: str) -> Verdict:
    """The record file's verification, said in one line when it fails: replay checks only
    the chain, and a forger who re-hashes it would otherwise be shown without a word (a
    server's record needs no warning)."""
    verdict = verify_record(record)
    if verdict.problems:
        console.print(
            f"[red]warning:[/] {escape(_failure(verdict))}; see `tabletop verify {escape(source)}`",
            soft_wrap=True,
        )
    return verdict


def _failure(verdict: Verdict) -> str:
    return f"this record fails verification ({verdict.problems[0]})"


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
    offers = offers_at(timeline, version, perspective, seat)
    actions = offers.actions
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
        "changes": diff_views(before, view, game=timeline.rules.name) if before is not None else [],
        "view": view_json(view),
        "to_act": offers.to_act,
        # Their lines where this view may read them, else their number (null where even
        # that is unknown: another seat's, in a seat's replay of a game in play).
        "legal_actions": offers.lines if offers.lines is not None else offers.count,
        # Each in the record's own form (its ``cause.action``), type and all: the fields
        # alone do not tell apart a Bruges card played for workers from it played for guilders.
        "legal_actions_json": None
        if actions is None
        else [timeline.rules.actions.encode(a).as_json() for a in actions],
    } | ({"notice": timeline.notice} if timeline.notice else {})


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
        record = fetch_record(client, args.game_id, reading)
    if args.output == Path("-"):
        record.write(sys.stdout)
        return 0
    path = args.output or Path(f"{args.game_id}.jsonl")
    _write(path, "".join(line + "\n" for line in record.lines()))
    console.print(f"wrote {counted(len(record.events), 'event')} to {escape(str(path))}")
    return 0


def _write(path: Path, text: str) -> None:
    """Write a file the command was asked for; a path that cannot be written is one line
    and a failure (exit status 1), never a traceback."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot write {path}: {error.strerror or error}") from None


def _fork(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        forked = client.fork_game(args.game_id, args.at)
    # A token is needed only to fork a game in play, whose fork the arbiter alone seats
    # until that game ends (PRIVATE_FORK): a plain ``join`` would be refused.
    seating = (
        " (while the game it comes from is in play, the arbiter alone seats it: "
        "`tabletop join --token ARBITER_TOKEN`)"
        if args.token
        else ""
    )
    console.print(
        f"what-if game forked from version {args.at}; take its seats with `tabletop join`{seating}"
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
    console.print(f"dispute {ruled.dispute_id[:8]} {verdict}; recorded as version {ruled.version}")
    return 0


def _list_disputes(args: argparse.Namespace) -> int:
    """Every dispute with its claim, from a record file or a game's record on a server; of a
    game in play the server shows to anyone but the arbiter (a seat, a spectator), each
    dispute's lines in the game's log, which are known not to hold a claim before any more
    than its first event is read (``shows_in_full``)."""
    if _token_for_a_file(args):
        return 2
    if not _server_to_read(args):
        timeline = Timeline(open_record(Path(args.source)))
        _warn_unless_verified(timeline.record, args.source)
        return _print_disputes(dispute_table(timeline))
    with GameClient.for_command(args) as client:
        if shows_in_full(client, args.source):
            record = fetch_record(client, args.source, reading)
            return _print_disputes(dispute_table(Timeline(record)))
        lines = fetch_log_lines(client, args.source, DISPUTE_EVENTS, reading)
    if lines:
        console.print(
            "[yellow]note:[/] the game is in play, so a claim is shown to the arbiter alone "
            "until the game ends: these are its disputes' lines in the game's log",
            soft_wrap=True,
        )
    return _print_disputes(dispute_lines_table(args.source, lines))


def _print_disputes(table: Table) -> int:
    if table.row_count:
        Console(soft_wrap=False).print(table)
    else:
        console.print("no disputes on this game")
    return 0


def _report_dispute(args: argparse.Namespace) -> int:
    timeline = Timeline(open_record(args.record))
    verdict = _warn_unless_verified(timeline.record, str(args.record))
    chosen = find_dispute(timeline, args.dispute)
    markdown = markdown_report(timeline, chosen, verdict)
    if args.md:
        _write(args.md, markdown)
        console.print(f"wrote {escape(str(args.md))}")
    elif not args.html:
        print(markdown)
    if args.html:
        _write(args.html, html_report(timeline, chosen, verdict))
        console.print(f"wrote {escape(str(args.html))}")
    return 0
