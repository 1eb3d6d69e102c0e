"""``tabletop play``: play a seat yourself, in the terminal, to the end of the game.

On each of your decisions it shows your view of the game (through the game's renderer),
what happened since your last decision (the events your watch received), and your legal
actions, numbered, each with its one-line description; you type a number. While the game
waits for another seat, or for players to take its free seats, it says so once per wait.

``--vs-bots N`` creates a game (``--game``, under ``--ruleset``) with N bot opponents, played
in threads of this process. Their seats are saved (``clients.saved_bots``), so that resuming
the game with the seat's token starts the bots again.
"""

from __future__ import annotations

import argparse
import select
import sys
import termios
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

import grpc
from rich.console import Console
from rich.table import Table
from rich.text import Text
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import BOTS, play_seat
from clients.errors import TabletopError
from clients.render import (
    choices_in_order,
    numbered_options,
    own_seat,
    render_view,
    too_narrow,
    word_choice,
)
from clients.render.choice_fit import Fold, FoldedList, fitted
from clients.render.seats import named_seats
from clients.saved_bots import (
    BotSeat,
    SavedBotsError,
    bots_file,
    forget_bots,
    load_bots,
    save_bots,
    state_dir,
)
from clients.sdk import GameClient
from games.core.wording import counted

SHOWN_EVENTS = 25
"""Before the seat's first decision after joining or coming back, when the log holds the
game's history, at least this many of its latest events are listed, and all those since the
seat's last decision or its taking the seat; after that every event since the seat's last
decision is listed (two other seats' Bourgeoisie turns alone are some thirty events, and
cutting them hid the first seat's purchases)."""


PROMPT_LINES = 1
"""The lines under the option list: the prompt the player answers on."""
KEYS = "b board, ? help, q to leave"
"""The keys every choice prompt takes besides a number, named after the numbers: a folded
list's prompt, "[1-160, a letter opens a group, b board, ? help, q to leave]: ", still
leaves room on an 80-column line for the answer."""

PROMPT_HELP = """\
Type the number of a choice, 1 to {count}, and press Enter: the list above is
every action the rules allow you now, each saying what it costs.
q (or Ctrl-D) leaves the game: your seat waits, and the command printed as
you leave brings you back to it. While another seat decides, Ctrl-C leaves.
The board above is your seat's view: other seats' hidden cards show only as
counts; b shows it again, with this list. How this server reads each game's
rules: docs/rules/<game>.md."""
FOLDS_HELP = """\
The list is too long for this terminal, so its groups are folded, a line each:
type a group's letter to see its options, then the number of the one you want
(any option's number is taken at any time, folded or not)."""


class PlayerLeftError(Exception):
    """The player chose to leave (``q`` or end of input); the seat stays theirs."""


def discard_typeahead(stream: TextIO) -> bool:
    """Drop what was typed on the terminal before a question was shown; True if anything was.

    Keys pressed while another seat decided, or while this seat's turn ended by itself, wait
    in the terminal's input queue and would answer the next question before the player has
    seen it (a "2" meant for a list that is gone picks option 2 of a new one). Only a real
    terminal is flushed: piped answers are meant for the questions in order.
    """
    if not stream.isatty():
        return False
    try:
        pending = bool(select.select([stream], [], [], 0)[0])
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (OSError, ValueError, termios.error):  # not a terminal after all, or closed
        return False
    return pending


class TerminalPlayer:
    """One seat played from the terminal through a ``GameClient`` holding its token."""

    def __init__(
        self,
        client: GameClient,
        game_id: str,
        seat: int,
        console: Console,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.client = client
        self.game_id = game_id
        self.seat = seat
        self.console = console
        self.ask = ask or self._input
        self.since: list[common_pb2.Event] = []
        self.catching_up = True
        """Whether the log still holds the history replayed on joining (cut to its latest)."""
        self.players: Sequence[str] = ()
        """The players by seat, as the latest update's status names them (for the log)."""
        self.waiting = ""  # the wait last announced; "" while this seat decides
        self.narrow_told_at: int | None = None
        """The terminal's width when the board was last said not to fit; None once it fits."""

    def _input(self, prompt: str) -> str:
        if discard_typeahead(sys.stdin):
            self.console.print(Text("(keys typed before this question were ignored)", style="dim"))
        return self.console.input(Text(prompt, style="bold"))

    def run(self) -> common_pb2.GameStatus | None:
        """Follow the game and take every decision of this seat until the game ends; returns
        the final status (None if the stream ended first)."""
        status, version, live = None, 0, False
        for message in self.client.watch(self.game_id, perspective="seat"):
            if message.HasField("caught_up"):
                live = True
            else:
                self.since.append(message.update.event)
                status, version = message.update.status, message.update.event.version
                self.players = status.players
            if status is None or status.finished or not live:
                continue
            if status.HasField("to_act") and status.to_act == self.seat:
                self.waiting = ""
                self._decide(version)
            else:
                self._show_waiting(status)
        self._show_end(status)
        return status

    def _show_waiting(self, status: common_pb2.GameStatus) -> None:
        """Say what the game waits for, once per wait: the updates of another seat's turn
        all wait for the same seat, and only the first says so."""
        line = waiting_line(status, self.seat)
        if line and line != self.waiting:
            # Input is read only at this seat's own prompt, so while it waits q would be
            # held until then: say how to leave now.
            self.console.print(Text(f"{line} (Ctrl-C leaves; your seat waits)", style="dim"))
        self.waiting = line

    def _show_board(self, view: pb.GetViewResponse) -> None:
        """The board, and a note when the terminal is too narrow for it: said again only when
        the terminal's width has changed since it was last said (not at every turn), so a
        terminal narrowed further, which now cuts more, is told so."""
        board = render_view(view)
        self.console.print(board)
        note = too_narrow(self.console, board)
        if note is None:
            self.narrow_told_at = None
        elif self.console.width != self.narrow_told_at:
            self.console.print(Text(note, style="dim"))
            self.narrow_told_at = self.console.width

    def _decide(self, seen: int) -> None:
        """Take this seat's decision if the game still waits for it at version ``seen``."""
        legal = self.client.list_legal_actions(self.game_id)
        if not legal.actions or legal.version != seen:
            return  # the updates up to the current version are still on their way
        self.console.rule(f"[bold]Your turn — seat {self.seat}, version {legal.version}")
        view = self.client.get_view(self.game_id, "seat")
        choices = choices_in_order(view, legal.actions)
        self._show_board(view)
        self._show_since()
        folds = self._show_choices(view, choices)

        def show_again() -> Mapping[str, Fold]:  # the board scrolls away behind a long list
            self._show_board(view)
            return self._show_choices(view, choices)  # folded anew if the terminal was resized

        chosen = choices[self._choose(len(choices), show_again, folds) - 1]
        try:
            self.client.submit_action(self.game_id, legal.version, chosen.action)
        except TabletopError as error:
            if error.code is not grpc.StatusCode.ABORTED:
                raise
            self.console.print("[yellow]The game moved on meanwhile; choose again.[/]")
            return
        chose = Text.assemble(("You chose:", "green"), " ", word_choice(view, chosen))
        self.console.print(chose, highlight=False)

    def _show_since(self) -> None:
        """The events since this seat's last decision, every one of them; the first time, when
        they are the game's history, those since its last decision or its taking the seat
        (``_history_start``)."""
        events, self.since = self.since, []
        if not events:
            return
        self.console.print("[bold]Since your last turn:[/]")
        shown = events[self._history_start(events) :] if self.catching_up else events
        self.catching_up = False
        if len(shown) < len(events):
            earlier = counted(len(events) - len(shown), "earlier event")
            self.console.print(f"  [dim]… {earlier}[/]")
        for event in shown:
            line = named_seats(event.description, self.players, event.type)
            self.console.print(Text.assemble("  ", (f"v{event.version}", "dim"), " ", line))

    def _history_start(self, events: Sequence[common_pb2.Event]) -> int:
        """Where the log of the history replayed on joining begins: at this seat's last
        decision (the first event of its batch: the action and what it set off), else at its
        taking the seat, so that a player coming back reads everything since they left; and at
        the latest ``SHOWN_EVENTS`` where that is earlier, or where the seat has neither."""
        latest = max(len(events) - SHOWN_EVENTS, 0)
        own = (common_pb2.CAUSE_KIND_ACTION, common_pb2.CAUSE_KIND_JOIN)
        mine = [
            index
            for index, event in enumerate(events)
            if event.cause.kind in own
            and event.cause.HasField("seat")
            and event.cause.seat == self.seat
        ]
        if not mine:
            return latest
        command = events[mine[-1]].cause.command_id
        batch = (i for i, e in enumerate(events) if command and e.cause.command_id == command)
        return min(next(batch, mine[-1]), latest)

    def _show_choices(
        self, view: pb.GetViewResponse, actions: Sequence[pb.LegalAction]
    ) -> Mapping[str, Fold]:
        """The seat's own lines again where its game gives them (``own_seat``: a board taller
        than the screen has scrolled them away), then the options, numbered, in the lines the
        terminal leaves above the prompt: a table where it fits, else grouped and packed, else
        each group folded to a line under a letter (``choice_fit``), so that the first options
        do not scroll away before the player has read them. Returns the folded groups by
        letter (none unless folded)."""
        options = numbered_options(view, actions)
        height = self._screen_height()
        brief = own_seat(view)  # where the board has scrolled the seat's own lines away
        if brief is not None:
            self.console.print(brief)
            height -= len(self.console.render_lines(brief, pad=False))
        shown = fitted(options, self.console.width, height)
        self.console.print(shown)
        return shown.folds if isinstance(shown, FoldedList) else {}

    def _screen_height(self) -> int:
        """The lines the terminal shows above the prompt."""
        return self.console.height - PROMPT_LINES

    def _choose(
        self,
        count: int,
        show_again: Callable[[], Mapping[str, Fold] | None],
        folds: Mapping[str, Fold] | None = None,
    ) -> int:
        """A number from 1 to ``count`` typed by the player; ``q`` leaves the game, ``b``
        shows the board and the choices again, ``?`` the help (the prompt names them,
        ``KEYS``), and a folded group's letter shows its options (with their numbers in the
        whole list): the prompt says so while the list is folded, as only help would
        otherwise."""
        folds = folds or {}
        while True:
            try:
                numbers = "1" if count == 1 else f"1-{count}"
                letters = ", a letter opens a group" if folds else ""
                asked = f"Your choice [{numbers}{letters}, {KEYS}]: "
                answer = self.ask(asked).strip().lower()
            except EOFError:
                raise PlayerLeftError from None
            if answer in ("q", "quit"):
                raise PlayerLeftError
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            if answer in folds:  # the group has the screen to itself, in full words if they fit
                opened = folds[answer].opened(self.console.width, self._screen_height())
                self.console.print(opened)
                continue
            if answer in ("?", "h", "help"):
                help_text = PROMPT_HELP.format(count=count)
                shown = f"{help_text}\n{FOLDS_HELP}" if folds else help_text
                self.console.print(shown, highlight=False)
                continue
            if answer in ("b", "board"):
                folds = show_again() or {}
                continue
            wanted = f"a number from 1 to {count}"
            if folds:
                wanted = f"a number ({numbers}) or a group's letter"
            self.console.print(f"[red]Type {wanted}, b for the board, or q (? for help).[/]")

    def _show_end(self, status: common_pb2.GameStatus | None) -> None:
        self._show_since()
        if status is None or not status.finished:
            return
        self.console.print(render_view(self.client.get_view(self.game_id, "full")))
        self.console.print(outcome_table(status, self.seat))
        place = status.outcome.places[self.seat]
        self.console.print(f"[bold]Game over: you finished in place {place}.[/]")


def waiting_line(status: common_pb2.GameStatus, me: int) -> str:
    """What a running game waits for when it is not ``me``'s decision: players to take its
    free seats (when the seat to act is one of them), or the seat to act; "" when it waits
    for ``me``, has ended, or names no seat."""
    acting = status.to_act if status.HasField("to_act") else None
    if status.finished or acting == me:
        return ""
    free = [seat for seat, name in enumerate(status.players) if not name]
    if free and (acting is None or acting in free):
        seats = ", ".join(map(str, free))
        still_free = f"seat {seats} is" if len(free) == 1 else f"seats {seats} are"
        return f"Waiting for players to join: {still_free} still free…"
    if acting is None or acting >= len(status.players):
        return ""
    return f"Waiting for seat {acting} ({status.players[acting]}) to act…"


def outcome_table(status: common_pb2.GameStatus, me: int | None = None) -> Table:
    """The result: every seat's place, player and score, best first."""
    table = Table(title="Result")
    for column in ("place", "seat", "player", "score"):
        table.add_column(column)
    for seat in sorted(range(status.seats), key=lambda s: status.outcome.places[s]):
        name = status.players[seat] + (" (you)" if seat == me else "")
        place, score = status.outcome.places[seat], status.outcome.scores[seat]
        table.add_row(str(place), str(seat), Text(name), str(score))  # as typed, not markup
    return table


def run_play(args: argparse.Namespace, console: Console) -> int:
    """The ``play`` command: take (or resume) a seat, seat (or restart) its bots, and play it
    out; once the game has ended its saved bots are forgotten."""
    if bool(args.game_id) == bool(args.vs_bots):
        console.print("[red]Give a GAME_ID to join, or --vs-bots N for a new game.[/]")
        return 2
    if args.ruleset and not args.vs_bots:
        console.print("[red]--ruleset is for the new game of --vs-bots: a game's rules are "
                      "set when it is created.[/]")  # fmt: skip
        return 2
    with GameClient.for_command(args) as client:
        # The server checks the ruleset as CreateGame always does, naming the game's rulesets.
        seats = args.vs_bots + 1
        game_id = args.game_id or client.create_game(args.game, seats, args.ruleset).game_id
        resuming = bool(client.token)
        seat = take_seat(client, game_id, args.name, args.seat, console)
        if args.vs_bots:
            bots = seat_bots(client, game_id, args.bot, args.vs_bots, console)
        else:
            bots = restart_bots(client, game_id, console) if resuming else []
        try:
            status = TerminalPlayer(client, game_id, seat, console).run()
        except PlayerLeftError:
            _show_how_to_resume(client, game_id, console)
            return 0
        except KeyboardInterrupt:  # Ctrl-C, say while another seat decides: the seat waits too
            _show_how_to_resume(client, game_id, console)
            return 130
    if status is not None and status.finished:
        forget_bots(game_id)
    for bot in bots:
        bot.join(5)
    return 0


def _show_how_to_resume(client: GameClient, game_id: str, console: Console) -> None:
    """The command that comes back to this seat, naming the server and how this command
    reached it unless that was the default (so it works pasted into another shell)."""
    command = f"tabletop play {game_id} --token {client.token}{client.endpoint.flags()}"
    console.print(f"\nYou left game {game_id}; your seat waits for you:")
    console.print(command, soft_wrap=True, highlight=False)
    if bots_file(game_id).is_file():
        console.print("[dim]The bots stop with this command; resuming starts them again.[/]")


def take_seat(
    client: GameClient, game_id: str, name: str, seat: int | None, console: Console
) -> int:
    """Join ``game_id`` (setting the client's token), or resume the seat of the given token."""
    if client.token:
        held = int(client.list_legal_actions(game_id).seat)
        console.print(f"Resuming seat {held} of game {game_id}.")
        return held
    grant = client.join_game(game_id, name, seat)
    client.token = grant.token
    console.print(f"Took seat {grant.seat} of game {game_id}.", highlight=False)
    console.print(
        f"[dim]The seat's token (to come back with --token): {grant.token}[/]", soft_wrap=True
    )
    return int(grant.seat)


def seat_bots(
    player: GameClient, game_id: str, bot: str, count: int, console: Console
) -> list[threading.Thread]:
    """Fill ``count`` free seats with bots playing in daemon threads, and save their seats so
    that resuming the game can start them again (``restart_bots``)."""
    with player.connect_as("") as host:
        grants = [host.join_game(game_id, f"{bot} bot {n + 1}") for n in range(count)]
    seats = [BotSeat(int(g.seat), bot, number, g.token) for number, g in enumerate(grants)]
    try:
        save_bots(game_id, seats)
    except OSError as error:  # the game is still playable now, only not with its bots later
        console.print(Text(f"The bots' seats could not be saved for resuming: {error}", "yellow"))
    return start_bots(player, game_id, seats, console)


def restart_bots(player: GameClient, game_id: str, console: Console) -> list[threading.Thread]:
    """Start again the bots saved when ``game_id`` was created with ``--vs-bots``; none when
    no bots were saved here (the game was joined from elsewhere) or they cannot be read."""
    try:
        saved = load_bots(game_id)
    except SavedBotsError as error:
        console.print(Text(f"The saved bots of this game cannot be read: {error}", "yellow"))
        return []
    if not saved:
        where = state_dir() / "bots"
        note = (
            f"No bots of this game are saved in {where}: the other seats play wherever they joined."
        )
        console.print(Text(note, style="dim"), soft_wrap=True)
        return []
    unknown = [seat for seat in saved if seat.bot not in BOTS]
    if unknown:
        names = ", ".join(sorted({seat.bot for seat in unknown}))
        console.print(Text(f"The saved bots are unknown here ({names}); not restarted.", "yellow"))
        return []
    seats = ", ".join(f"{seat.bot} in seat {seat.seat}" for seat in saved)
    console.print(f"Restarted the bots of this game: {seats}.", highlight=False)
    return start_bots(player, game_id, saved, console)


def start_bots(
    player: GameClient, game_id: str, seats: Sequence[BotSeat], console: Console
) -> list[threading.Thread]:
    """Play each of ``seats`` with its bot, each in a daemon thread of its own."""
    threads = []
    for seat in seats:
        thread = threading.Thread(
            target=_bot_thread,
            args=(player, game_id, seat, console),
            daemon=True,
            name=f"bot-seat-{seat.seat}",
        )
        thread.start()
        threads.append(thread)
    return threads


def _bot_thread(player: GameClient, game_id: str, seat: BotSeat, console: Console) -> None:
    try:
        with player.connect_as(seat.token) as client:
            play_seat(client, game_id, seat.seat, BOTS[seat.bot](seat.seed))
    except TabletopError as error:
        console.print(f"[red]bot in seat {seat.seat} stopped:[/] {error}")
