"""The ``arena`` command: play the games with a rich progress bar, print the standings table,
and write the PNG chart when asked."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from clients.arena import ArenaPlan, GameResult, Standing, run_arena, standings
from clients.bots import BOTS
from clients.calls import GAME_KINDS, Endpoint, ruleset_flag, tls_flags
from clients.chart import write_chart
from clients.local import local_games
from games.core.wording import counted, either
from games.registry import rules_for


def plan_from(args: argparse.Namespace) -> ArenaPlan | str:
    """The arena plan the flags describe, or what is wrong with them."""
    bots = tuple(name.strip() for name in args.bots.split(",") if name.strip())
    unknown = [bot for bot in bots if bot not in BOTS]
    if unknown:
        return f"unknown bot {unknown[0]!r}; choose from {', '.join(sorted(BOTS))}"
    if len(bots) < 2:
        return "name at least two bots, one per seat, e.g. --bots heuristic,random"
    if args.games < 1:
        return "--games must be at least 1"
    if args.server is None and args.game not in local_games():
        return f"{args.game} cannot be played in-process yet; give --server HOST:PORT"
    rulesets = rules_for(args.game).rulesets
    if args.ruleset and args.ruleset not in rulesets:
        return f"{args.game} has no {args.ruleset!r} ruleset; choose {either(rulesets)}"
    return ArenaPlan(
        args.game,
        bots,
        args.games,
        args.seed,
        None if args.server is None else Endpoint.for_command(args),
        args.parallel,
        args.ruleset,
    )


def run_arena_command(args: argparse.Namespace, console: Console) -> int:
    """Check the flags, play the games, print the standings (and write the chart)."""
    plan = plan_from(args)
    if isinstance(plan, str):
        console.print(f"[red]{plan}[/]")
        return 2
    where = "in-process rules"
    if plan.server:
        where = f"server {plan.server.target}" + (" over TLS" if plan.server.tls else "")
    playing = f"{counted(plan.games, 'game')} of {_titled(plan)}"
    console.print(f"{playing}: {' vs '.join(plan.entrants)} ({where})")
    results = _play_with_progress(plan, console)
    rows = standings(results, plan.entrants)
    console.print(standings_table(plan, rows))
    if args.png is not None:
        write_chart(args.png, f"{plan.game}: {counted(plan.games, 'game')}", rows)
        console.print(f"chart written to {escape(str(args.png))}")
    return 0


def _play_with_progress(plan: ArenaPlan, console: Console) -> list[GameResult]:
    columns = (
        TextColumn("[bold]arena"),
        BarColumn(bar_width=None),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task("games", total=plan.games)
        return run_arena(plan, lambda _: progress.advance(task))


def standings_table(plan: ArenaPlan, rows: list[Standing]) -> Table:
    """Win rate with its 95% Wilson interval, wins, average score and place per entrant."""
    table = Table(title=f"{_titled(plan)}, {counted(plan.games, 'game')}, seats rotating")
    for column in ("bot", "games", "wins", "win rate", "95% interval", "avg score", "avg place"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in rows:
        low, high = row.interval
        table.add_row(
            row.entrant,
            str(row.games),
            f"{row.wins:g}",
            f"{row.win_rate:.1%}",
            f"{low:.1%} to {high:.1%}",
            f"{row.average_score:.1f}",
            f"{row.average_place:.2f}",
        )
    return table


def _titled(plan: ArenaPlan) -> str:
    """The game, with its ruleset where one was asked for: "bruges (published rules)"."""
    return f"{plan.game} ({plan.ruleset} rules)" if plan.ruleset else plan.game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's flags."""
    parser.add_argument(
        "--game", choices=sorted(GAME_KINDS), default="bourgeoisie", help="default bourgeoisie"
    )
    ruleset_flag(parser, "every game")
    parser.add_argument(
        "--bots",
        default="heuristic,random",
        help="one bot per seat, comma-separated (default heuristic,random)",
    )
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument(
        "--seed", type=int, default=0, help="seed of the games' chance and bots (default 0)"
    )
    parser.add_argument(
        "--server",
        help="play on this server (host:port); default: in-process through the pure rules",
    )
    tls_flags(parser)
    parser.add_argument(
        "--parallel", type=int, default=4, help="games at once on a server (default 4)"
    )
    parser.add_argument("--png", type=Path, help="write the standings as a PNG chart here")
