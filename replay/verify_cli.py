"""``tabletop verify``: check record files, folders and tournament archives, and print what
each check found (the checks themselves are ``replay.verify``, ``replay.archive`` and
``replay.trusted``)."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import track
from rich.table import Table

from clients.calls import tls_flags
from clients.sdk import GameClient
from games.core import RecordError
from games.core.tournament_record import TOURNAMENT_FILE
from games.core.visible import hidden_character
from replay.archive import Found, read_again, verify_path
from replay.forks import check_fork_starts
from replay.progress import reading
from replay.sources import is_tournament_record
from replay.trusted import against_server_games, against_trusted_chain
from replay.verify import Checked, Conclusion, ReadAgain, Verdict

console = Console(stderr=True)
EXIT_STATUS = {
    Conclusion.VERIFIED: 0,
    Conclusion.FAILED: 1,
    Conclusion.CANNOT_VERIFY: 3,
    Conclusion.NOT_COMPARED: 4,
}
"""``tabletop verify``'s exit status: 3 and 4, apart from both success and failure, for a
record it can neither verify nor fail. 3: it was made under another rules version than this
build's (a build of that version can verify it). 4: its own checks passed, but the server of
``--server`` gave no answer to compare it with, or would not show this caller the game (verify
it again once the server answers, or with a token that may see the game). The
two call for different remedies, so a script can tell them apart (2 is argparse's, for a bad
command line)."""
SEVERITY = (
    Conclusion.VERIFIED,
    Conclusion.CANNOT_VERIFY,
    Conclusion.NOT_COMPARED,
    Conclusion.FAILED,
)
"""For many records, the worst conclusion among them sets the exit status."""


def register_verify(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    verify = commands.add_parser("verify", help="check records: chain, seed, every decision")
    verify.add_argument("paths", nargs="+", type=Path, help="record files, folders or archives")
    trusted = verify.add_mutually_exclusive_group()
    trusted.add_argument(
        "--chain",
        type=_chain_value,
        metavar="HEX",
        help="the record's last chain value from a trusted source (one record): it must match",
    )
    trusted.add_argument(
        "--server",
        metavar="HOST:PORT",
        help="compare each record's last chain value with this server's game's",
    )
    tls_flags(verify)
    verify.add_argument(
        "--token",
        default="",
        help="with --server: the arbiter's token, to compare a what-if fork of a game still "
        "in play (the server shows such a fork to no one else)",
    )
    verify.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    """Verify every record named; one record's checks line by line, many in one table. The
    exit status is the worst conclusion's (``EXIT_STATUS``)."""
    if args.token and not args.server:
        console.print("[red]--token is shown to the server of --server: give --server too[/]")
        return 2
    absent = [str(path) for path in args.paths if not path.exists()]
    if absent:  # a mistyped name, as argparse's mistakes: 2, never a record that failed (1)
        console.print(f"[red]error:[/] cannot read {escape(', '.join(absent))}: no such file")
        return 2
    loose = [path for path in args.paths if is_tournament_record(path)]
    if loose:  # not a record that failed: the command named the wrong thing to check
        console.print(
            f"[red]error:[/] {escape(str(loose[0]))} is a tournament's own record, which is "
            "checked with the game records beside it: verify the archive that holds it "
            f"(tabletop verify {escape(str(loose[0].parent))})"
        )
        return 2
    found = [(path, verify_path(path, _progress)) for path in args.paths]
    checked = [item for _, items in found for item in items]
    again: ReadAgain = partial(read_again, found)
    check_fork_starts(checked, again)
    if not checked:  # folders with nothing to verify: a mistake, never "0 failed"
        named = ", ".join(str(path) for path in args.paths)
        raise RecordError(f"no record files (*.jsonl) or archives in {named}")
    if args.chain and len(checked) != 1:
        console.print("[red]--chain is one record's last chain value: verify one record file[/]")
        return 2
    _compare_with_trusted(args, checked, again)
    if len(checked) == 1:
        verdict = checked[0].verdict
        _print_verdict(verdict)
        return EXIT_STATUS[verdict.conclusion]
    out = Console()
    labels = _labels(found)
    _print_table(out, checked, labels)
    _print_tournament_checks(out, checked, labels)
    counts = Counter(item.verdict.conclusion for item in checked)
    summary = f"{counts[Conclusion.VERIFIED]} verified, {counts[Conclusion.FAILED]} failed"
    if counts[Conclusion.CANNOT_VERIFY]:
        summary += f", {counts[Conclusion.CANNOT_VERIFY]} cannot be verified by this build"
    if counts[Conclusion.NOT_COMPARED]:
        summary += f", {counts[Conclusion.NOT_COMPARED]} not compared with the server"
    console.print(summary)
    return EXIT_STATUS[max(counts, key=SEVERITY.index)]


def _chain_value(text: str) -> str:
    """``--chain``'s argument: a chain value as the records write it, 64 lowercase hex
    digits."""
    value = text.strip().lower()
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise argparse.ArgumentTypeError("a chain value is 64 hex digits")
    return value


def _progress(found: Iterable[Found], count: int) -> Iterable[Found]:
    """A progress bar on stderr while many records (``count``) are checked; none for one."""
    if count == 1 or not console.is_terminal:  # off one, a finished bar would be left
        return found
    return track(found, "verifying", total=count, console=console)


def _compare_with_trusted(
    args: argparse.Namespace, checked: list[Checked], read_again: ReadAgain
) -> None:
    """Authenticity, which no record can show on its own: its last chain value against one
    given (``--chain``, one record) or the server's game's (``--server``)
    (docs/record-format.md). The records are read again for it, one at a time."""
    if args.chain:
        for item, record in read_again(lambda item: True):
            against_trusted_chain(record, args.chain, item.verdict)
    elif args.server:
        with GameClient.for_command(args) as client:
            against_server_games(client, checked, read_again, reading)


def _status(name: str, verdict: Verdict) -> str:
    if verdict.conclusion is Conclusion.VERIFIED and name == TOURNAMENT_FILE:
        return "[green]intact and bound[/]"
    if verdict.conclusion is Conclusion.VERIFIED:
        return (
            "[green]verified (in play: no seed yet)[/]" if verdict.in_play else "[green]verified[/]"
        )
    if verdict.conclusion is Conclusion.CANNOT_VERIFY:
        return "[yellow]cannot verify[/]"
    if verdict.conclusion is Conclusion.NOT_COMPARED:
        return "[yellow]not compared[/]"
    return "[red]failed[/]"


def _labels(found: list[tuple[Path, list[Checked]]]) -> list[str]:
    """The name each record is shown under: its name in the one folder or archive named, and
    with several named, that name after the folder's or archive's own, since every
    tournament archive holds a ``tournament.json`` and a ``games/round-1-table-1.jsonl``.
    A record file named on the command line is shown as it was named."""
    if len(found) == 1:
        return [item.name for item in found[0][1]]
    return [
        item.name if item.name == str(path) else f"{path}/{item.name}"
        for path, items in found
        for item in items
    ]


def _print_table(out: Console, checked: list[Checked], labels: list[str]) -> None:
    """One row per record, under its label (``_labels``). Names and problems are shown whole,
    however narrow the terminal: an arbiter has to know which record failed, and why, not the
    first characters of each. A name is kept on one line while it takes at most half the
    width; a longer one (a path typed in full) is folded, since on one line it would squeeze
    every other column out."""
    longest = max(len(label) for label in labels)
    table = Table(title=f"{len(checked)} records")
    table.add_column("record", no_wrap=longest <= out.width // 2, overflow="fold")
    table.add_column("events")
    table.add_column("result")
    table.add_column("first problem, or a note", overflow="fold")
    for item, label in zip(checked, labels, strict=True):
        verdict = item.verdict
        status = _status(item.name, verdict)
        table.add_row(_shown(label), str(verdict.events), status, _first_finding(verdict))
    out.print(table)


def _first_finding(verdict: Verdict) -> str:
    """The first problem, else why the server's game was not compared, else why the rules
    could not be re-run, else where the times go back, else how a fork's start was taken,
    else why no decision was re-run ("" for none of them). Times that go back come before the
    notes that the result column or the check itself already implies; a fork's start comes
    before the note on a game in play, which the result column already gives, since a fork
    is mostly verified in play (once exported with the arbiter's token), and its start is
    what verifying it beside its origin checks."""
    if verdict.problems:
        return _shown(verdict.problems[0])
    if verdict.not_compared:
        return _shown(verdict.not_compared)
    if verdict.cannot_verify:
        return _shown(verdict.cannot_verify)
    if verdict.times_back:
        return _shown(verdict.times_back)
    if verdict.fork_start:
        return _shown(verdict.fork_start)
    return "decisions not re-run until the seed is revealed" if verdict.in_play else ""


CONCLUSION_LINES = {
    Conclusion.VERIFIED: "[bold green]record verified[/]",
    Conclusion.FAILED: "[bold red]record FAILED verification[/]",
    Conclusion.CANNOT_VERIFY: (
        "[bold yellow]record CANNOT BE VERIFIED by this build[/]: what it could check is "
        "intact; the rest needs the rules the game was recorded under"
    ),
    Conclusion.NOT_COMPARED: (
        "[bold yellow]record NOT COMPARED with the server[/]: what it could check is intact; "
        "whether it is the game the server holds is not known (verify it again once the "
        "server answers, or with --token if it would not show the game)"
    ),
}


def _print_tournament_checks(out: Console, checked: list[Checked], labels: list[str]) -> None:
    """A tournament archive's own record passes or fails several checks (its chain, its
    results bound to the games, its standings recounted, its rulings counted): the table has
    room for one finding, so they are listed under it, as one record's are, each under the
    label of its row."""
    for item, label in zip(checked, labels, strict=True):
        if item.name == TOURNAMENT_FILE:
            out.print(f"{_shown(label)}:", highlight=False, soft_wrap=True)
            _print_findings(out, item.verdict)


def _print_findings(out: Console, verdict: Verdict) -> None:
    for check in verdict.checks:
        out.print(f"[green]✓[/] {_shown(check)}")
    for problem in verdict.problems:
        out.print(f"[red]✗[/] {_shown(problem)}")


def _print_verdict(verdict: Verdict) -> None:
    _print_findings(console, verdict)
    if verdict.times_back:
        console.print(f"[yellow]![/] {_shown(verdict.times_back)}")
    if verdict.cannot_verify:
        console.print(f"[yellow]?[/] cannot verify: {_shown(verdict.cannot_verify)}")
        console.print("  not re-run: the result's scores and places, and every decision")
    if verdict.not_compared:
        console.print(f"[yellow]?[/] not compared with the server: {_shown(verdict.not_compared)}")
    console.print(CONCLUSION_LINES[verdict.conclusion])


def _shown(text: str) -> str:
    """``text`` for the console: its markup escaped, and each control or invisible format
    character written as its code point (``<U+001B>``), since an archive's file names and
    what a forged record holds are anyone's (games/core/visible.py)."""
    return escape("".join(f"<U+{ord(c):04X}>" if hidden_character(c) else c for c in text))
