"""``tabletop play``: play a seat yourself, in the terminal, to the end of the game.

On each of your decisions it shows your view of the game (through the game's renderer),
what happened since your last decision (the events your watch received), and your legal
actions, numbered, each with its one-line description; you type a number. ``--vs-bots N``
creates a game with N bot opponents, played in threads of this process.
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Callable, Sequence

import grpc
from rich.console import Console
from rich.table import Table
from rich.text import Text
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import BOTS, Bot, play_seat
from clients.errors import TabletopError
from clients.render import describe_choice, render_view
from clients.sdk import GameClient

SHOWN_EVENTS = 25
"""At most this many of the latest events are listed before a decision."""


class PlayerLeftError(Exception):
    """The player chose to leave (``q`` or end of input); the seat stays theirs."""


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

    def _input(self, prompt: str) -> str:
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
            if status is None or status.finished:
                continue
            if live and status.HasField("to_act") and status.to_act == self.seat:
                self._decide(version)
        self._show_end(status)
        return status

    def _decide(self, seen: int) -> None:
        """Take this seat's decision if the game still waits for it at version ``seen``."""
        legal = self.client.list_legal_actions(self.game_id)
        if not legal.actions or legal.version != seen:
            return  # the updates up to the current version are still on their way
        self.console.rule(f"[bold]Your turn — seat {self.seat}, version {legal.version}")
        view = self.client.get_view(self.game_id, "seat")
        self.console.print(render_view(view))
        self._show_since()
        self._show_choices(view, legal.actions)
        chosen = legal.actions[self._choose(len(legal.actions)) - 1]
        try:
            self.client.submit_action(self.game_id, legal.version, chosen.action)
        except TabletopError as error:
            if error.code is not grpc.StatusCode.ABORTED:
                raise
            self.console.print("[yellow]The game moved on meanwhile; choose again.[/]")
            return
        self.console.print(f"[green]You chose:[/] {chosen.description}", highlight=False)

    def _show_since(self) -> None:
        """The events since this seat's last decision (the latest ``SHOWN_EVENTS`` of them)."""
        events, self.since = self.since, []
        if not events:
            return
        self.console.print("[bold]Since your last turn:[/]")
        if len(events) > SHOWN_EVENTS:
            self.console.print(f"  [dim]… {len(events) - SHOWN_EVENTS} earlier events[/]")
        for event in events[-SHOWN_EVENTS:]:
            self.console.print(f"  [dim]v{event.version}[/] {event.description}", highlight=False)

    def _show_choices(self, view: pb.GetViewResponse, actions: Sequence[pb.LegalAction]) -> None:
        table = Table(title="Your legal actions", title_justify="left", show_header=False)
        table.add_column("#", justify="right", style="bold cyan")
        table.add_column("action")
        for number, action in enumerate(actions, start=1):
            table.add_row(str(number), describe_choice(view, action))
        self.console.print(table)

    def _choose(self, count: int) -> int:
        """A number from 1 to ``count`` typed by the player; ``q`` leaves the game."""
        while True:
            try:
                answer = self.ask(f"Your choice [1-{count}, q to leave]: ").strip().lower()
            except EOFError:
                raise PlayerLeftError from None
            if answer in ("q", "quit"):
                raise PlayerLeftError
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            self.console.print(f"[red]Type a number from 1 to {count}, or q.[/]")

    def _show_end(self, status: common_pb2.GameStatus | None) -> None:
        self._show_since()
        if status is None or not status.finished:
            return
        self.console.print(render_view(self.client.get_view(self.game_id, "full")))
        self.console.print(outcome_table(status, self.seat))
        place = status.outcome.places[self.seat]
        self.console.print(f"[bold]Game over: you finished in place {place}.[/]")


def outcome_table(status: common_pb2.GameStatus, me: int | None = None) -> Table:
    """The result: every seat's place, player and score, best first."""
    table = Table(title="Result")
    for column in ("place", "seat", "player", "score"):
        table.add_column(column)
    for seat in sorted(range(status.seats), key=lambda s: status.outcome.places[s]):
        name = status.players[seat] + (" (you)" if seat == me else "")
        place, score = status.outcome.places[seat], status.outcome.scores[seat]
        table.add_row(str(place), str(seat), name, str(score))
    return table


def run_play(args: argparse.Namespace, console: Console) -> int:
    """The ``play`` command: take (or resume) a seat, maybe seat bots, and play it out."""
    if bool(args.game_id) == bool(args.vs_bots):
        console.print("[red]Give a GAME_ID to join, or --vs-bots N for a new game.[/]")
        return 2
    with GameClient(args.server, args.token) as client:
        game_id = args.game_id or client.create_game(args.game, args.vs_bots + 1).game_id
        seat = take_seat(client, game_id, args.name, args.seat, console)
        bots = seat_bots(args.server, game_id, args.bot, args.vs_bots, console)
        try:
            TerminalPlayer(client, game_id, seat, console).run()
        except PlayerLeftError:
            console.print(f"\nYou left game {game_id}; your seat waits for you:")
            console.print(
                f"tabletop play {game_id} --token {client.token}", soft_wrap=True, highlight=False
            )
            return 0
    for bot in bots:
        bot.join(5)
    return 0


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
    server: str, game_id: str, bot: str, count: int, console: Console
) -> list[threading.Thread]:
    """Fill ``count`` free seats with bots playing in daemon threads."""
    threads = []
    with GameClient(server) as host:
        grants = [host.join_game(game_id, f"{bot} bot {n + 1}") for n in range(count)]
    for number, grant in enumerate(grants):
        thread = threading.Thread(
            target=_bot_thread,
            args=(server, game_id, grant, BOTS[bot](number), console),
            daemon=True,
            name=f"bot-seat-{grant.seat}",
        )
        thread.start()
        threads.append(thread)
    return threads


def _bot_thread(
    server: str, game_id: str, grant: pb.JoinGameResponse, bot: Bot, console: Console
) -> None:
    try:
        with GameClient(server, grant.token) as client:
            play_seat(client, game_id, grant.seat, bot)
    except TabletopError as error:
        console.print(f"[red]bot in seat {grant.seat} stopped:[/] {error}")
