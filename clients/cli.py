"""Client commands: create a game, take a seat, look, act, watch, play in the terminal, let
bots play, and pit bots against each other in the arena."""

from __future__ import annotations

import argparse
import threading
from typing import Any

from google.protobuf.json_format import MessageToDict
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table
from rich.text import Text

from clients import arena_command, turn_commands
from clients.bots import BOTS, Bot, play_seat
from clients.calls import ruleset_flag, server_flag
from clients.errors import STREAM_LOST, TabletopError
from clients.play import outcome_table, run_play, take_seat
from clients.render import (
    render_view,
    too_narrow,
)
from clients.render.seats import named_seats
from clients.sdk import GAME_KINDS, PERSPECTIVES, GameClient
from games.core.wording import counted

console = Console()
hints = Console(stderr=True)  # never mixed into what scripts read from stdout


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Mount the client commands: create, join, view, legal, act, watch, bot, match, play,
    arena."""
    _register_seat_commands(commands)
    _register_bots(commands)
    _register_play(commands)
    summary = "play many games between bots; win rates with 95% intervals"
    # help strings are %-formatted by argparse; descriptions are not
    arena = commands.add_parser("arena", help=summary.replace("%", "%%"), description=summary)
    arena_command.add_arguments(arena)
    arena.set_defaults(run=_arena)


def _register_seat_commands(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    _command(
        commands,
        "games",
        "list the games the server plays: seats, rulesets, rules version",
        _games,
        game_id=False,
        token=False,
    )
    create = _command(
        commands, "create", "create a game; prints its id", _create, game_id=False, token=False
    )
    create.add_argument("game", choices=sorted(GAME_KINDS))
    create.add_argument("--seats", type=int, default=2, help="seats at the table (default 2)")
    ruleset_flag(create)
    join = _command(commands, "join", "take a seat; prints its token", _join, token=False)
    join.add_argument("--name", default="player", help="your name at the table")
    join.add_argument("--seat", type=int, help="seat to take (default: the first free one)")
    join.add_argument(
        "--token", default="", help="the arbiter's: seats a what-if fork of a game still in play"
    )
    view = _command(commands, "view", "draw the game's board as you may see it", _view)
    view.add_argument(
        "--as", dest="perspective", choices=[p for p in PERSPECTIVES if p], default=""
    )
    view.add_argument("--at", type=int, help="a past version")
    view.add_argument("--json", action="store_true", help="print the view's data as JSON")
    legal = _command(commands, "legal", "list your legal actions, numbered", turn_commands.legal)
    legal.add_argument(
        "--at", type=int, help="a past version: what your seat was offered after its event"
    )
    act = _command(commands, "act", "submit the legal action with this number", turn_commands.act)
    act.add_argument("choice", type=int)
    act.epilog = (
        "Exit status: 0 when the action was stored; 1 when it is not your turn "
        "(NOT_YOUR_TURN), the game has ended (GAME_OVER) or the server refused it; 2 for a "
        "number that is not on the list."
    )
    watch = _command(commands, "watch", "follow the game's events as they happen", _watch)
    watch.add_argument("--after", type=int, default=0, help="resume after this version")


def _register_bots(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    bot = _command(
        commands,
        "bot",
        "play a seat with a bot until the game ends",
        _bot,
        game_id=False,
    )
    bot.add_argument("game_id", nargs="?", help="the game (or --game)")
    bot.add_argument("--game", dest="game_flag", metavar="GAME_ID", help="the game")
    bot.add_argument(
        "--seat", type=int, help="seat to take (default: the first free one; not with --token)"
    )
    bot.add_argument("--bot", choices=sorted(BOTS), default="random", help="default random")
    bot.add_argument("--name", default="", help="the name at the table (default: the bot's)")
    bot.add_argument("--random-seed", type=int, help="seed of the bot's choices, to repeat them")
    match = _command(
        commands,
        "match",
        "create a game and let bots play every seat",
        _match,
        game_id=False,
        token=False,
    )
    match.add_argument("game", choices=sorted(GAME_KINDS))
    match.add_argument("--seats", type=int, default=2, help="seats at the table (default 2)")
    match.add_argument("--bot", choices=sorted(BOTS), default="random", help="default random")
    ruleset_flag(match)


def _register_play(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    play = _command(commands, "play", "play a seat yourself, in the terminal", _play, game_id=False)
    play.add_argument("game_id", nargs="?", help="the game to join (or use --vs-bots)")
    play.add_argument("--seat", type=int, help="seat to take (default: the first free one)")
    play.add_argument("--name", default="player", help="your name at the table")
    play.add_argument(
        "--vs-bots", type=int, default=0, metavar="N", help="create a game against N bots"
    )
    play.add_argument(
        "--game",
        choices=sorted(GAME_KINDS),
        default="bourgeoisie",
        help="the game to create with --vs-bots (default bourgeoisie)",
    )
    ruleset_flag(play, "the game created with --vs-bots")
    play.add_argument(
        "--bot",
        choices=sorted(BOTS),
        default="heuristic",
        help="opponents' bot (default heuristic)",
    )


def _command(
    commands: argparse._SubParsersAction,  # type: ignore[type-arg]
    name: str,
    summary: str,
    run: Any,
    *,
    game_id: bool = True,
    token: bool = True,
) -> argparse.ArgumentParser:
    """A client command; ``token``: whether it acts or looks as a seat (or the arbiter)."""
    parser: argparse.ArgumentParser = commands.add_parser(name, help=summary, description=summary)
    if game_id:
        parser.add_argument("game_id")
    server_flag(parser)
    if token:
        parser.add_argument(
            "--token",
            default="",
            help="the seat's bearer token (from `tabletop join`, or `tabletop tournament claim` "
            "for a tournament's game, whose seats join cannot take)",
        )
    parser.set_defaults(run=run, token="")
    return parser


def _games(args: argparse.Namespace) -> int:
    """The server's answer to ListGames, one row a game, by the key `create` takes."""
    with GameClient.for_command(args) as client:
        games = client.list_games().games
    key_of = {kind: key for key, kind in GAME_KINDS.items()}
    table = Table(title="Games")
    for column in ("game", "title", "seats", "rulesets (default first)", "rules"):
        table.add_column(column)
    for info in games:
        table.add_row(
            key_of.get(info.game, str(info.game)),
            info.title,
            f"{info.min_seats} to {info.max_seats}",
            ", ".join(info.rulesets),
            f"version {info.rules_version}",
        )
    console.print(table)
    return 0


def _create(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        print(client.create_game(args.game, args.seats, args.ruleset).game_id)
    return 0


def _join(args: argparse.Namespace) -> int:
    """Take a seat: its token alone on stdout, so ``T=$(tabletop join ...)`` holds just the
    token; the seat number and how to use the token go to stderr, for the person reading."""
    with GameClient.for_command(args) as client:
        grant = client.join_game(args.game_id, args.name, args.seat)
    print(grant.token)
    hints.print(
        f"[bold]seat {grant.seat}[/] taken; its token, printed on stdout and shown only once, "
        "acts for it: pass it as --token to view, legal and act",
        highlight=False,
    )
    return 0


def _view(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        response = client.get_view(args.game_id, args.perspective, args.at)
    if args.json:
        console.print_json(data=MessageToDict(response))
    else:
        board = render_view(response)  # the board, as `tabletop play` draws it
        console.print(board)
        if (note := too_narrow(console, board)) is not None:
            hints.print(note, style="dim", highlight=False)
    return 0


def _watch(args: argparse.Namespace) -> int:
    status, last = None, args.after
    with GameClient.for_command(args) as client:
        try:
            for message in client.watch(args.game_id, args.after):
                if message.HasField("caught_up"):
                    console.print(
                        f"[dim]— caught up at version {message.caught_up.version}; live —[/]"
                    )
                    continue
                event = message.update.event
                status, last = message.update.status, event.version
                line = named_seats(event.description, status.players, event.type)
                console.print(Text.assemble(f"v{event.version:<5} ", line))
        except TabletopError as error:
            token = f" --token {client.token}" if client.token else ""
            resume = f"tabletop watch {args.game_id} --after {last}{token}"
            raise _with_how_to_resume(error, client, resume) from None
    if status is not None:
        _print_outcome(status)
    return 0


def _with_how_to_resume(error: TabletopError, client: GameClient, command: str) -> TabletopError:
    """``error`` itself, unless the server stayed away longer than the client waits for it
    (STREAM_LOST, after ``reconnect_for``): then the same error, saying which command takes
    up where this one stopped once the server answers again (a restart that took longer, a
    server gone for good behind a balancer that has others). ``command`` is pasted into
    another shell, so it names the server as this one reached it."""
    if error.reason != STREAM_LOST:
        return error
    return TabletopError(
        error.code,
        error.reason,
        f"{error.message}; once the server answers again, take up from there with: "
        f"{command}{client.endpoint.flags()}",
    )


def _bot(args: argparse.Namespace) -> int:
    game_id = args.game_id or args.game_flag
    if not game_id:
        console.print("[red]Name the game: tabletop bot GAME_ID (or --game GAME_ID).[/]")
        return 2
    if args.token and args.seat is not None:
        console.print("[red]--token already names a seat: leave out --seat.[/]")
        return 2
    with GameClient.for_command(args) as client:
        name = args.name or f"{args.bot} bot"
        seat = take_seat(client, game_id, name, args.seat, console)
        console.print(f"{args.bot} bot playing seat {seat} of {game_id}")
        try:
            taken = play_seat(client, game_id, seat, BOTS[args.bot](args.random_seed))
        except TabletopError as error:
            # the seat is this bot's token's: a new bot needs it, not a free seat (join)
            resume = f"tabletop bot {game_id} --token {client.token} --bot {args.bot}"
            raise _with_how_to_resume(error, client, resume) from None
        final = client.get_view(game_id, "seat")
    console.print(f"seat {seat} took {counted(taken, 'action')}")
    _print_outcome(final.status)
    return 0


def _match(args: argparse.Namespace) -> int:
    with GameClient.for_command(args) as client:
        game_id = client.create_game(args.game, args.seats, args.ruleset).game_id
        seats = [client.join_game(game_id, f"{args.bot} bot {n}", n) for n in range(args.seats)]
        rules = f", {args.ruleset} rules" if args.ruleset else ""
        console.print(f"game {game_id}: {args.seats} {args.bot} bots{rules}")
        threads = [
            threading.Thread(
                target=_play_bot,
                args=(client.connect_as(grant.token), game_id, grant.seat, BOTS[args.bot](n)),
                daemon=True,
            )
            for n, grant in enumerate(seats)
        ]
        for thread in threads:
            thread.start()
        _follow_with_progress(client, game_id)
        for thread in threads:
            thread.join()
        _print_outcome(client.get_view(game_id, "public").status)
    print(game_id)
    return 0


def _play_bot(client: GameClient, game_id: str, seat: int, bot: Bot) -> None:
    """Play ``seat`` with ``bot`` through ``client`` (holding its token), then close it."""
    with client:
        play_seat(client, game_id, seat, bot)


def _follow_with_progress(client: GameClient, game_id: str) -> None:
    columns = (
        TextColumn("[bold]playing"),
        BarColumn(bar_width=None),
        TextColumn("{task.description}"),
    )
    off = not console.is_terminal  # else a blank line is left before the result on a pipe
    with Progress(*columns, console=console, transient=True, disable=off) as progress:
        task = progress.add_task("version 0", total=None)
        for message in client.watch(game_id):
            if message.HasField("update"):
                event = message.update.event
                progress.update(task, description=f"version {event.version}: {event.description}")


def _play(args: argparse.Namespace) -> int:
    return run_play(args, console)


def _arena(args: argparse.Namespace) -> int:
    return arena_command.run_arena_command(args, console)


def _print_outcome(status: Any) -> None:
    if not status.finished:
        return
    console.print(outcome_table(status))
