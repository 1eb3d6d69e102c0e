"""The commands for a seat's turn: `legal` lists the seat's legal actions, numbered, and `act`
submits the one with a number, printing the events it stored as its answer describes them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import grpc
from rich.console import Console
from rich.table import Table
from rich.text import Text
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import TabletopError
from clients.render import choices_in_order, describe_choice, word_choice
from clients.render.seats import named_seats
from clients.sdk import GameClient

console = Console()
hints = Console(stderr=True)  # never mixed into what scripts read from stdout


def legal(args: argparse.Namespace) -> int:
    """The seat's legal actions now, or at the past version ``--at`` (what it was offered
    then, to look back before opening a dispute)."""
    with GameClient.for_command(args) as client:
        legal = client.list_legal_actions(args.game_id, args.at)
        if not legal.actions and args.at is not None:
            return _nothing_offered(client, args.game_id, legal)
        if not legal.actions:
            return _nothing_to_do(client, args.game_id, legal)
        # The seat's view at the same version adds what `play` shows beside each choice (a
        # card's kind and value, a space's colour) and orders them as `play` and `act` do.
        view = client.get_view(args.game_id, "seat", legal.version)
    table = Table(title=f"Seat {legal.seat}, version {legal.version}")
    table.add_column("#", justify="right")
    table.add_column("action")
    for number, action in enumerate(choices_in_order(view, legal.actions), start=1):
        table.add_row(str(number), describe_choice(view, action))
    console.print(table)
    return 0


def act(args: argparse.Namespace) -> int:
    """Submit the numbered legal action; with none to choose from, fail (exit status 1) so a
    script can tell that nothing was done."""
    with GameClient.for_command(args) as client:
        legal = client.list_legal_actions(args.game_id)
        if not legal.actions:
            raise _why_nothing_to_do(client, args.game_id, legal)
        if not 1 <= args.choice <= len(legal.actions):
            count = len(legal.actions)
            hints.print(f"[red]error:[/] choose a number from 1 to {count} (see `tabletop legal`)")
            return 2
        # the numbers `legal` printed: its order, read from the view at the same version
        view = client.get_view(args.game_id, "seat", legal.version)
        chosen = choices_in_order(view, legal.actions)[args.choice - 1]
        answer = client.submit_action(args.game_id, legal.version, chosen.action)
    console.print(Text(f"{word_choice(view, chosen)} → version {answer.version}"))
    _print_stored(answer.events, view.status.players)
    return 0


def _print_stored(events: Sequence[common_pb2.Event], players: Sequence[str]) -> None:
    """The events an action stored, a line each as the answer describes them (as a watch
    does, docs/api.md section 5), with the players named beside their seats as `watch` and
    `play` name them (``named_seats``)."""
    for event in events:
        line = named_seats(event.description, players, event.type)
        console.print(Text.assemble(f"  v{event.version} ", line), highlight=False)


def _nothing_to_do(client: GameClient, game_id: str, legal: pb.ListLegalActionsResponse) -> int:
    """`legal` with no legal action: an ended game fails (GAME_OVER); otherwise the empty list
    is an answer, said in one line (exit status 0)."""
    why = _why_nothing_to_do(client, game_id, legal)
    if why.reason == "GAME_OVER":
        raise why
    console.print(f"{why.message}.")
    return 0


def _nothing_offered(client: GameClient, game_id: str, legal: pb.ListLegalActionsResponse) -> int:
    """`legal --at` at a moment that was not the seat's decision: said in one line, with the
    seat the game waited for then (exit status 0: the empty list is the answer)."""
    status = client.get_view(game_id, "public", legal.version).status
    if not status.HasField("to_act"):
        why = "no seat had a decision to make then"
    elif _inside_a_batch(client, game_id, legal.version):
        # The state there names a seat to act, but no one was asked: the server offers
        # nothing inside a batch (ListLegalActions), so naming that seat would mislead.
        why = (
            "it is inside one cause's events, stored together, where no one decides (the "
            "decision came after the last of them)"
        )
    else:
        why = f"the game waited for seat {status.to_act}"
    console.print(f"nothing was offered to seat {legal.seat} at version {legal.version}: {why}.")
    return 0


def _inside_a_batch(client: GameClient, game_id: str, version: int) -> bool:
    """Whether ``version`` is followed by an event of the same cause: an action and the steps
    it set off, a seat taken or a dispute are stored as one batch (one command id), and no
    one is asked to decide between its events."""
    this, *following = client.read_events(game_id, version - 1, 2)
    return bool(following) and following[0].cause.command_id == this.cause.command_id


def _why_nothing_to_do(
    client: GameClient, game_id: str, legal: pb.ListLegalActionsResponse
) -> TabletopError:
    """Why a seat has no legal action: the game has ended (GAME_OVER), or it waits for
    another seat (NOT_YOUR_TURN, the server's own reason for an action out of turn)."""
    status = client.get_view(game_id, "public").status
    if status.finished:
        return TabletopError(
            grpc.StatusCode.FAILED_PRECONDITION,
            "GAME_OVER",
            f"game {game_id} has ended; see its result with `tabletop view {game_id}`",
        )
    return TabletopError(
        grpc.StatusCode.FAILED_PRECONDITION,
        "NOT_YOUR_TURN",
        f"nothing to do for seat {legal.seat} at version {legal.version}: the game waits "
        f"for seat {status.to_act}",
    )
