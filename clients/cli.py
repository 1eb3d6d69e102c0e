"""Client commands: create a game, take a seat, look, act, watch, and let bots play."""

from __future__ import annotations

import argparse
import threading
from typing import Any

from google.protobuf.json_format import MessageToDict
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import BOTS, play_seat
from clients.sdk import GAME_KINDS, PERSPECTIVES, GameClient

console = Console()
DEFAULT_SERVER = "127.0.0.1:50051"


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    create = _command(commands, "create", "create a game; prints its id", _create, game_id=False)
    create.add_argument("game", choices=sorted(GAME_KINDS))
    create.add_argument("--seats", type=int, default=2)
    create.add_argument("--ruleset", default="")
    join = _command(commands, "join", "take a seat; prints its token", _join)
    join.add_argument("--name", default="player")
    join.add_argument("--seat", type=int)
    view = _command(commands, "view", "show a view of the game", _view)
    view.add_argument(
        "--as", dest="perspective", choices=[p for p in PERSPECTIVES if p], default=""
    )
    view.add_argument("--at", type=int, help="a past version")
    _command(commands, "legal", "list your legal actions, numbered", _legal)
    act = _command(commands, "act", "submit the legal action with this number", _act)
    act.add_argument("choice", type=int)
    watch = _command(commands, "watch", "follow the game's events as they happen", _watch)
    watch.add_argument("--after", type=int, default=0, help="resume after this version")
    bot = _command(commands, "bot", "play a seat with a bot until the game ends", _bot)
    bot.add_argument("--seat", type=int, help="seat to take (default: the first free one)")
    bot.add_argument("--bot", choices=sorted(BOTS), default="random")
    bot.add_argument("--name", default="")
    bot.add_argument("--random-seed", type=int)
    match = _command(
        commands, "match", "create a game and let bots play every seat", _match, game_id=False
    )
    match.add_argument("game", choices=sorted(GAME_KINDS))
    match.add_argument("--seats", type=int, default=2)
    match.add_argument("--bot", choices=sorted(BOTS), default="random")


def _command(
    commands: argparse._SubParsersAction,  # type: ignore[type-arg]
    name: str,
    summary: str,
    run: Any,
    *,
    game_id: bool = True,
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(name, help=summary, description=summary)
    if game_id:
        parser.add_argument("game_id")
    parser.add_argument(
        "--server", default=DEFAULT_SERVER, help=f"host:port (default {DEFAULT_SERVER})"
    )
    parser.add_argument(
        "--token", default="", help="the seat's bearer token (from `tabletop join`)"
    )
    parser.set_defaults(run=run)
    return parser


def _client(args: argparse.Namespace) -> GameClient:
    return GameClient(args.server, args.token)


def _create(args: argparse.Namespace) -> int:
    with _client(args) as client:
        print(client.create_game(args.game, args.seats, args.ruleset).game_id)
    return 0


def _join(args: argparse.Namespace) -> int:
    with _client(args) as client:
        grant = client.join_game(args.game_id, args.name, args.seat)
    console.print(f"seat {grant.seat}", style="bold", highlight=False)
    print(grant.token)
    return 0


def _view(args: argparse.Namespace) -> int:
    with _client(args) as client:
        response = client.get_view(args.game_id, args.perspective, args.at)
    console.print_json(data=MessageToDict(response))
    return 0


def _legal(args: argparse.Namespace) -> int:
    with _client(args) as client:
        legal = client.list_legal_actions(args.game_id)
    if not legal.actions:
        console.print(f"Version {legal.version}: nothing to do for seat {legal.seat} now.")
        return 0
    table = Table(title=f"Seat {legal.seat}, version {legal.version}")
    table.add_column("#", justify="right")
    table.add_column("action")
    for number, action in enumerate(legal.actions, start=1):
        table.add_row(str(number), action.description)
    console.print(table)
    return 0


def _act(args: argparse.Namespace) -> int:
    with _client(args) as client:
        legal = client.list_legal_actions(args.game_id)
        if not 1 <= args.choice <= len(legal.actions):
            console.print(
                f"[red]choose a number from 1 to {len(legal.actions)}[/] (see `tabletop legal`)"
            )
            return 2
        chosen = legal.actions[args.choice - 1]
        answer = client.submit_action(args.game_id, legal.version, chosen.action)
    console.print(f"{chosen.description} → version {answer.version}")
    for event in answer.events:
        console.print(f"  v{event.version} {event.description}", highlight=False)
    return 0


def _watch(args: argparse.Namespace) -> int:
    status = None
    with _client(args) as client:
        for message in client.watch_game(args.game_id, args.after):
            if message.HasField("caught_up"):
                console.print(f"[dim]— caught up at version {message.caught_up.version}; live —[/]")
                continue
            event = message.update.event
            status = message.update.status
            console.print(f"v{event.version:<5} {event.description}", highlight=False)
    if status is not None:
        _print_outcome(status)
    return 0


def _bot(args: argparse.Namespace) -> int:
    with _client(args) as client:
        grant = client.join_game(args.game_id, args.name or f"{args.bot} bot", args.seat)
        client.token = grant.token
        console.print(f"{args.bot} bot playing seat {grant.seat} of {args.game_id}")
        taken = play_seat(client, args.game_id, grant.seat, BOTS[args.bot](args.random_seed))
        final = client.get_view(args.game_id, "seat")
    console.print(f"seat {grant.seat} took {taken} actions")
    _print_outcome(final.status)
    return 0


def _match(args: argparse.Namespace) -> int:
    with _client(args) as client:
        game_id = client.create_game(args.game, args.seats).game_id
        seats = [client.join_game(game_id, f"{args.bot} bot {n}", n) for n in range(args.seats)]
        console.print(f"game {game_id}: {args.seats} {args.bot} bots")
        threads = [
            threading.Thread(
                target=_play, args=(args.server, game_id, grant, args.bot, n), daemon=True
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


def _play(server: str, game_id: str, grant: pb.JoinGameResponse, bot: str, seed: int) -> None:
    with GameClient(server, grant.token) as client:
        play_seat(client, game_id, grant.seat, BOTS[bot](seed))


def _follow_with_progress(client: GameClient, game_id: str) -> None:
    columns = (
        TextColumn("[bold]playing"),
        BarColumn(bar_width=None),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("version 0", total=None)
        for message in client.watch_game(game_id):
            if message.HasField("update"):
                event = message.update.event
                progress.update(task, description=f"version {event.version}: {event.description}")


def _print_outcome(status: Any) -> None:
    if not status.finished:
        return
    table = Table(title="Result")
    for column in ("place", "seat", "player", "score"):
        table.add_column(column)
    rows = sorted(
        zip(
            status.outcome.places,
            range(status.seats),
            status.players,
            status.outcome.scores,
            strict=True,
        )
    )
    for place, seat, player, score in rows:
        table.add_row(str(place), str(seat), player, str(score))
    console.print(table)
