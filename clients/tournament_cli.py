"""``tabletop tournament``: organiser commands for the whole life of a tournament, and ``run``,
a whole tournament between bots with a progress bar (docs/tournaments.md).

The organiser token comes from ``--token`` or ``TABLETOP_ORGANISER_TOKEN``; commands that
need none (reads, ``claim``, ``run``) do not offer it. What a script
reads (ids and tokens) goes to stdout alone; hints for the person at the terminal go to
stderr, so ``T=$(tabletop tournament create ... | head -1)`` gets the id.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from tabletop.v1 import tournament_service_pb2 as pb

from clients.bots import BOTS
from clients.calls import Endpoint, server_flag
from clients.errors import TabletopError
from clients.progress import Count, counting
from clients.sdk import GAME_KINDS
from clients.tournament import (
    FORMATS,
    TournamentClient,
    is_zip,
    play_round,
    require_archive_target,
    tables_in_play,
    write_archive,
)
from clients.tournament_tables import print_round, print_standings, settings_lines
from games.core.wording import counted

console = Console()
hints = Console(stderr=True)  # never mixed into what scripts read from stdout
TOKEN_VARIABLE = "TABLETOP_ORGANISER_TOKEN"
_DEFAULT = "(default: %(default)s)"
DEFAULT_ARCHIVE = "tournament-{id}"
"""The folder ``run`` writes its archive to without ``--export``: ``id`` is the tournament
id's first 8 characters."""
RUN_NAME = "Bot tournament"
"""The name of a tournament ``tabletop tournament run`` plays when it is given none."""


def register(commands: argparse._SubParsersAction) -> argparse._SubParsersAction:  # type: ignore[type-arg]
    """Mount ``tabletop tournament ...``; returns its subcommands, for server-side additions."""
    group = commands.add_parser("tournament", help="run a tournament: players, rounds, standings")
    sub: argparse._SubParsersAction = group.add_subparsers(  # type: ignore[type-arg]
        dest="tournament_command", required=True, metavar="COMMAND"
    )
    create = _command(
        sub,
        "create",
        "create a tournament; prints its id and organiser token",
        _create,
        organiser=False,  # it makes the token, so it takes none
    )
    create.add_argument("name")
    _settings_flags(create)
    enter = _command(sub, "register", "enter players; prints each one's player token", _register, 1)
    enter.add_argument("players", nargs="+", metavar="NAME")
    drop = _command(
        sub,
        "drop",
        "withdraw a player from later rounds (a round in play keeps their seat: they may "
        "still claim it, or, if they do not come, you adjudicate their table)",
        _drop,
        1,
    )
    drop.add_argument("player")
    drop.add_argument("--reason", required=True)
    reinstate = _command(
        sub,
        "reinstate",
        "undo a withdrawal: the player is paired again from the next round (refused once a "
        "round has started without them)",
        _reinstate,
        1,
    )
    reinstate.add_argument("player")
    reinstate.add_argument("--reason", required=True)
    _command(sub, "start-round", "pair the next round and create its games", _start_round, 1)
    _read_commands(sub)
    claim = _command(
        sub,
        "claim",
        "take your seat this round; prints its game id, then its seat token, each on a line "
        "of its own (claiming again: a new token)",
        _claim,
        1,
        organiser=False,
    )
    claim.add_argument("--player-token", required=True)
    _adjudicate_command(sub)
    _run_command(sub)
    return sub


def _read_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The reads: anyone may make them, so they offer no organiser token."""
    pairings = _command(
        sub, "pairings", "show a round's tables and results", _pairings, 1, organiser=False
    )
    pairings.add_argument("--round", type=int, default=0, help="default: the current round")
    standings = _command(sub, "standings", "show the standings", _standings, 1, organiser=False)
    standings.add_argument(
        "--after-round", type=int, default=0, help="a completed round (default: the last)"
    )
    _command(sub, "show", "show the settings, players and progress", _show, 1, organiser=False)
    export = _command(
        sub,
        "export",
        "write the tournament archive (folder or .zip)",
        _export,
        1,
        organiser=False,
    )
    export.add_argument("-o", "--output", type=Path, required=True)


def _command(
    sub: argparse._SubParsersAction,  # type: ignore[type-arg]
    name: str,
    summary: str,
    run: Any,
    ids: int = 0,
    *,
    organiser: bool = True,
) -> argparse.ArgumentParser:
    """A subcommand; ``organiser`` ones take ``--token``, the others none (a flag they would
    ignore would only suggest they need it)."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=summary, description=summary)
    if ids:
        parser.add_argument("tournament_id")
    server_flag(parser)
    if organiser:
        parser.add_argument(
            "--token", default=os.environ.get(TOKEN_VARIABLE, ""), help=f"or ${TOKEN_VARIABLE}"
        )
    parser.set_defaults(run=run)
    return parser


def _settings_flags(parser: argparse.ArgumentParser) -> None:
    """The settings ``create`` and ``run`` share; each help says its default (as ``--help``
    is where an organiser looks for what a tournament gets unless told otherwise)."""
    parser.add_argument("--game", choices=sorted(GAME_KINDS), default="bourgeoisie", help=_DEFAULT)
    parser.add_argument("--seats", type=int, default=4, help=f"seats a table {_DEFAULT}")
    parser.add_argument("--format", choices=sorted(FORMATS), default="swiss", help=_DEFAULT)
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help=f"0: as many as the format needs; swiss needs a number {_DEFAULT}",
    )
    parser.add_argument("--ruleset", default="", help="(default: the game's default ruleset)")
    parser.add_argument(
        "--points",
        type=_numbers,
        default=[],
        help="by place, e.g. 3,2,1,0 (default: seats - place)",
    )
    parser.add_argument("--bye-points", type=int, help="(default: the middle place's points)")
    parser.add_argument(
        "--smallest-table", type=int, help="(default: one seat fewer, as far as the game allows)"
    )


def _adjudicate_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    adjudicate = _command(
        sub,
        "adjudicate",
        "set a table's result, with a reason (again on an adjudicated table: corrects the ruling)",
        _adjudicate,
        1,
    )
    adjudicate.add_argument("game_id")
    adjudicate.add_argument("--reason", required=True)
    adjudicate.add_argument("--places", type=_numbers, default=[], help="by seat, e.g. 2,1,3,4")
    adjudicate.add_argument(
        "--forfeit",
        type=int,
        action="append",
        default=[],
        help="a seat that did not play (repeat for each one)",
    )
    withdraw = _command(
        sub,
        "withdraw-adjudication",
        "withdraw the ruling in force at a table, with a reason: the game's own result "
        "counts again, or the table is in play again until its game ends",
        _withdraw_adjudication,
        1,
    )
    withdraw.add_argument("game_id")
    withdraw.add_argument("--reason", required=True)


def _run_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    run = _command(
        sub,
        "run",
        "play a whole tournament between bots; prints its id and organiser token",
        _run,
        organiser=False,  # it creates the tournament, so the token is its own
    )
    run.add_argument(  # an argument, as `create` takes it
        "name", nargs="?", default=RUN_NAME, help=f"the tournament's name {_DEFAULT}"
    )
    run.add_argument("--players", type=int, default=8, help=_DEFAULT)
    _settings_flags(run)
    run.add_argument("--bot", choices=sorted(BOTS), default="random", help=_DEFAULT)
    run.add_argument(
        "--export",
        type=Path,
        help=f"archive folder or .zip (default: the folder {DEFAULT_ARCHIVE.format(id='<id>')}, "
        "named by the first 8 characters of the tournament id)",
    )


def _numbers(text: str) -> list[int]:
    """A comma-separated list of whole numbers (``--points``, ``--places``)."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of whole numbers separated by commas, e.g. 3,2,1,0"
        ) from None


def _client(args: argparse.Namespace) -> TournamentClient:
    """The client of a command; an organiser command (one with ``--token``) given no token
    is refused here, as the server would refuse it, but saying where the token goes."""
    if hasattr(args, "token") and not args.token:
        raise TabletopError(
            grpc.StatusCode.UNAUTHENTICATED,
            "ORGANISER_TOKEN_MISSING",
            f"this needs the tournament's organiser token: pass --token, or set {TOKEN_VARIABLE} "
            "(`tournament create` printed it)",
        )
    return TournamentClient(Endpoint.for_command(args), getattr(args, "token", ""))


def _create_tournament(client: TournamentClient, args: argparse.Namespace) -> Any:
    return client.create_tournament(
        args.name,
        args.game,
        args.seats,
        args.format,
        args.rounds,
        ruleset=args.ruleset,
        points=args.points,
        bye_points=args.bye_points,
        smallest_table=args.smallest_table,
    )


def _create(args: argparse.Namespace) -> int:
    with _client(args) as client:
        created = _create_tournament(client, args)
    _print_created(created)
    return 0


def _print_created(created: pb.CreateTournamentResponse) -> None:
    """The id and the organiser token on stdout (a script reads them), the hint on stderr:
    the token is shown this once, and adjudicating or exporting later needs it."""
    print(created.tournament_id)
    print(created.organiser_token)
    hints.print("[dim]the tournament id, then its organiser token (shown once: keep it)[/]")
    hints.print(f"[dim]organiser commands take it as --token, or from {TOKEN_VARIABLE}[/]")


def _register(args: argparse.Namespace) -> int:
    with _client(args) as client:
        for name in args.players:
            registered = client.register_player(args.tournament_id, name)
            print(f"{registered.player.name}\t{registered.player_token}")
    return 0


def _drop(args: argparse.Namespace) -> int:
    with _client(args) as client:
        dropped = client.drop_player(args.tournament_id, args.player, args.reason)
    name = dropped.player.name or args.player  # as registered: names match case-insensitively
    console.print(f"{name} withdrawn from later rounds", highlight=False, markup=False)
    return 0


def _reinstate(args: argparse.Namespace) -> int:
    with _client(args) as client:
        reinstated = client.reinstate_player(args.tournament_id, args.player, args.reason)
    name = reinstated.player.name or args.player
    console.print(
        f"{name} reinstated: paired again from the next round", highlight=False, markup=False
    )
    return 0


def _start_round(args: argparse.Namespace) -> int:
    with _client(args) as client:
        round_ = client.start_round(args.tournament_id)
        print_round(round_, tables_in_play(client.endpoint, round_))
    return 0


def _pairings(args: argparse.Namespace) -> int:
    with _client(args) as client:
        round_ = client.get_pairings(args.tournament_id, args.round)
        print_round(round_, tables_in_play(client.endpoint, round_))
    return 0


def _standings(args: argparse.Namespace) -> int:
    with _client(args) as client:
        standings = client.get_standings(args.tournament_id, args.after_round)
        in_play = 0
        if not args.after_round:  # after the last completed round: is another one running?
            started = client.get_tournament(args.tournament_id).rounds_started
            in_play = started if started > standings.after_round else 0
    print_standings(standings, in_play)
    return 0


def _show(args: argparse.Namespace) -> int:
    with _client(args) as client:
        info = client.get_tournament(args.tournament_id)
        latest = client.get_pairings(args.tournament_id) if info.rounds_started else None
    console.print(f"[bold]{escape(info.settings.name)}[/]")
    for label, value in settings_lines(info, latest is not None and latest.completed):
        console.print(f"  {label:<9} {value}", highlight=False)
    console.print("players:")
    for player in info.players:
        note = " (withdrawn)" if player.withdrawn else ""
        console.print(f"  {player.seed:>3}. {player.name}{note}", highlight=False, markup=False)
    return 0


def _claim(args: argparse.Namespace) -> int:
    with _client(args) as client:
        claim = client.claim_seat(args.tournament_id, args.player_token)
    hints.print(
        f"round {claim.round}, table {claim.table}: game {claim.game_id}, seat {claim.seat}"
    )
    if claim.replaced:
        hints.print("a new seat token: the one your earlier claim printed no longer works")
    print(claim.game_id)
    print(claim.token)
    return 0


def _adjudicate(args: argparse.Namespace) -> int:
    with _client(args) as client:
        table = client.adjudicate_game(
            args.tournament_id, args.game_id, args.reason, args.places, args.forfeit
        )
    corrected = sum(r.kind == pb.RULING_KIND_ADJUDICATED for r in table.rulings) > 1
    console.print(
        f"table {table.table}: places {list(table.places)}, points {list(table.points)}"
        + (" (corrects the earlier ruling)" if corrected else ""),
        soft_wrap=True,  # one line, however narrow the terminal: scripts read it
    )
    return 0


def _withdraw_adjudication(args: argparse.Namespace) -> int:
    with _client(args) as client:
        table = client.withdraw_adjudication(args.tournament_id, args.game_id, args.reason)
    if table.status == pb.TABLE_STATUS_IN_PLAY:
        console.print(
            f"table {table.table}: ruling withdrawn; its game is in play again", soft_wrap=True
        )
        return 0
    console.print(
        f"table {table.table}: ruling withdrawn; its game's own result stands: places "
        f"{list(table.places)}, points {list(table.points)}",
        soft_wrap=True,
    )
    return 0


def _export(args: argparse.Namespace) -> int:
    with _client(args) as client:
        written = _write_archive(client, args.tournament_id, args.output)
    console.print(f"wrote {len(written)} files to {escape(str(args.output))}")
    return 0


def _run(args: argparse.Namespace) -> int:
    if args.export:  # refused now, not after every round has been played
        require_archive_target(args.export)
    with _client(args) as client:
        created = _create_tournament(client, args)
        client.token = created.organiser_token
        try:
            target, written = _play_and_export(client, created.tournament_id, args)
        except BaseException:
            # The token is shown once: a run that stops (a refusal, a lost server, Ctrl-C)
            # still hands it over, so the organiser can adjudicate, export or look it up.
            _print_created(created)
            raise
    # The target is the organiser's own text: rich must not read "[/b]" in it as markup.
    archive, page = escape(str(target)), escape(_page(target))
    console.print(f"archive: {archive} ({len(written)} files); standings page: {page}")
    console.print(f"check the archive (its record and every game): tabletop verify {archive}")
    _print_created(created)
    return 0


def _play_and_export(
    client: TournamentClient, tournament_id: str, args: argparse.Namespace
) -> tuple[Path, list[str]]:
    """Register the bots, play every round, print the standings and write the archive."""
    names = [f"{args.bot} bot {n:02d}" for n in range(1, args.players + 1)]
    tokens = {name: client.register_player(tournament_id, name).player_token for name in names}
    console.print(f"tournament {tournament_id}: {counted(args.players, f'{args.bot} bot')}")
    _play_all_rounds(client, tournament_id, tokens, args.bot)
    print_standings(client.get_standings(tournament_id))
    target = args.export or Path(DEFAULT_ARCHIVE.format(id=tournament_id[:8]))
    written = _write_archive(client, tournament_id, target)
    return target, written


def _write_archive(client: TournamentClient, tournament_id: str, target: Path) -> list[str]:
    """The archive written to ``target``, with a count on stderr of the game records written
    so far: a large event's records take a while to come, each read as it is sent."""
    with counting("writing the archive's game records") as count:
        return write_archive(_counted(client.export_tournament(tournament_id), count), target)


def _counted(files: Iterator[tuple[str, bytes]], count: Count) -> Iterator[tuple[str, bytes]]:
    """``files``, each game record counted once written, out of those ``tournament.json``
    lists: it comes first (docs/tournaments.md)."""
    for path, content in files:
        yield path, content
        if path.startswith("games/"):
            count.advance()
        elif path == "tournament.json" and (listed := _listed_game_records(content)) is not None:
            count.expect(listed)


def _listed_game_records(tournament_json: bytes) -> int | None:
    """How many game records the archive holds, as its ``tournament.json`` lists them; None
    from one that does not read so (the count is left open: it never stops the export)."""
    try:
        return sum(1 for game in json.loads(tournament_json)["games"] if game["file"])
    except (ValueError, LookupError, TypeError):
        return None


def _page(target: Path) -> str:
    return f"{target}:standings.html" if is_zip(target) else str(target / "standings.html")


def _play_all_rounds(
    client: TournamentClient, tournament_id: str, tokens: dict[str, str], bot: str
) -> None:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(bar_width=None),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
    )
    lock = threading.Lock()
    # On stderr, as every hint: the messages of a Ctrl-C print above the bar through it.
    with Progress(*columns, console=hints) as progress:
        task = progress.add_task("round 1", total=None)
        planned = client.get_tournament(tournament_id).rounds_planned
        for number in range(1, planned + 1):
            round_ = client.start_round(tournament_id)
            total = (progress.tasks[0].total or 0) + len(round_.tables)
            progress.update(task, description=f"round {number} of {planned}", total=total)

            def done(table: int) -> None:
                with lock:
                    progress.advance(task)

            def play(round_: pb.TournamentRound = round_) -> None:
                play_round(
                    client.endpoint, tournament_id, round_, tokens, bot=bot, on_table_done=done
                )

            _play_out(play, number, progress.console)
            if client.get_tournament(tournament_id).finished:
                break


def _play_out(play: Callable[[], None], number: int, out: Console) -> None:
    """``play`` round ``number`` in a thread of its own, so that Ctrl-C reaches this one.

    The bots' player tokens end with the run, so a game it leaves unfinished can only be
    adjudicated: a first Ctrl-C lets the bots finish the round's games, with the bar still
    counting them, and stops the run before the next round; a second stops at once and
    leaves them in play. The round's threads are daemons (a thread takes its creator's
    flag), so the process does not wait for them on its way out.
    """
    failures: list[BaseException] = []
    ended = threading.Event()

    def work() -> None:
        try:
            play()
        except BaseException as error:  # raised in the caller's thread, below
            failures.append(error)
        finally:
            ended.set()

    threading.Thread(target=work, name=f"round-{number}", daemon=True).start()
    try:
        # Not Thread.join: interrupted, it marks the thread as ended though it runs on
        # (Python 3.11's bpo-45274 handling), and a second join returns at once.
        ended.wait()
    except KeyboardInterrupt:
        out.print(
            f"Ctrl-C: the bots finish the games of round {number}, then the run stops "
            "before the next round (Ctrl-C again: stop now, leaving them in play)"
        )
        _finish_round(ended, failures, number, out)
        raise
    if failures:
        raise failures[0]


def _finish_round(
    ended: threading.Event, failures: list[BaseException], number: int, out: Console
) -> None:
    """Wait for the round's games after a first Ctrl-C; say what was left."""
    try:
        ended.wait()
    except KeyboardInterrupt:
        out.print(
            f"stopped: the unfinished games of round {number} are left in play; "
            "adjudicate them (tabletop tournament adjudicate) to complete the round"
        )
        raise
    if failures:  # a bot's seat failed: its game is still in play
        out.print(f"stopped: a bot could not finish its game of round {number}: {failures[0]}")
        return
    out.print(
        f"stopped after round {number}, whose games have all ended; the bots' player "
        "tokens end with the run, so no later round can be played by them "
        "(tabletop tournament export writes the archive of what was played)"
    )
