"""Replay commands: ``export`` a game to a record file and ``verify`` one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console

from clients.sdk import GameClient
from replay.sources import fetch_record, open_record
from replay.verify import verify_record

console = Console(stderr=True)


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    export = commands.add_parser("export", help="write a game's record file (.jsonl)")
    export.add_argument("game_id")
    export.add_argument(
        "-o", "--output", type=Path, help="file to write (default <game id>.jsonl; - for stdout)"
    )
    export.add_argument("--server", default="127.0.0.1:50051")
    export.add_argument(
        "--token", default="", help="an arbiter token, to export a game still in play"
    )
    export.set_defaults(run=_export)
    verify = commands.add_parser(
        "verify", help="check a record file: chain, seed, and every decision"
    )
    verify.add_argument("record", type=Path)
    verify.set_defaults(run=_verify)


def _export(args: argparse.Namespace) -> int:
    with GameClient(args.server, args.token) as client:
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
    verdict = verify_record(open_record(args.record))
    for check in verdict.checks:
        console.print(f"[green]✓[/] {check}")
    for problem in verdict.problems:
        console.print(f"[red]✗[/] {problem}")
    console.print(
        "[bold green]record verified[/]"
        if verdict.ok
        else "[bold red]record FAILED verification[/]"
    )
    return 0 if verdict.ok else 1
