"""Views for the terminal: one renderer per game, and a JSON fallback for any other.

A renderer takes a ``GetViewResponse`` and returns anything rich can print. A new game plugs
in its own with ``RENDERERS["burgundy"] = render_burgundy`` (or ``register``); until it does,
its view is shown as pretty-printed JSON, so every game is playable from the first day.

A seat's legal actions are shown numbered in ``choices_in_order``'s order, by ``legal`` and
``play``, and ``act`` takes those numbers: the rules' order, which the server answers and bots
and recorded games rely on, unless the game orders its list for the reader (``ORDERS``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from google.protobuf.json_format import MessageToDict
from rich.console import Console, RenderableType
from rich.json import JSON
from rich.panel import Panel
from rich.text import Text
from tabletop.v1 import game_service_pb2 as pb

from clients.render.bourgeoisie import (
    annotate_bourgeoisie,
    render_bourgeoisie,
    short_bourgeoisie,
)
from clients.render.bruges import render_bruges
from clients.render.bruges_options import annotate_bruges, in_hand_order, short_bruges
from clients.render.burgundy import (
    annotate_burgundy,
    own_seat_burgundy,
    render_burgundy,
    word_burgundy,
)
from clients.render.burgundy_choices import short_burgundy
from clients.render.choice_list import Option, drawn

Renderer = Callable[[pb.GetViewResponse], RenderableType]
MEASURING_WIDTH = 1000
"""Wider than any board: a board measured on a console this wide takes its natural width."""
Annotator = Callable[[pb.GetViewResponse, pb.Action], Text]
Orderer = Callable[[pb.GetViewResponse, Sequence[pb.LegalAction]], list[pb.LegalAction]]
Wording = Callable[[pb.GetViewResponse, pb.LegalAction], str]
ShortForm = Callable[[pb.GetViewResponse, pb.LegalAction], tuple[str, Text] | None]

RENDERERS: dict[str, Renderer] = {
    "bourgeoisie": render_bourgeoisie,
    "bruges": render_bruges,
    "burgundy": render_burgundy,
}
"""Game key (the ``View`` oneof's field name) → its renderer."""
ANNOTATORS: dict[str, Annotator] = {
    "bourgeoisie": annotate_bourgeoisie,
    "bruges": annotate_bruges,
    "burgundy": annotate_burgundy,
}
"""Game key → what to add to a legal action's description (optional, per game)."""
WORDINGS: dict[str, Wording] = {"burgundy": word_burgundy}
"""Game key → a legal action's description as the board words it, where it says more than the
server's (Burgundy: the value of the die an option uses); the server's description otherwise."""
OWN_SEATS: dict[str, Callable[[pb.GetViewResponse], RenderableType | None]] = {
    "burgundy": own_seat_burgundy,
}
"""Game key → the viewer's own seat in brief, shown again just above its options where the
board is taller than most terminals (Burgundy's); the others' boards fit a screen."""
ORDERS: dict[str, Orderer] = {"bruges": in_hand_order}
"""Game key → the order a seat reads its legal actions in, where it is not the rules' (Bruges:
the cards' plays in the order of its hand on the board)."""
SHORT_FORMS: dict[str, ShortForm] = {
    "bourgeoisie": short_bourgeoisie,
    "bruges": short_bruges,
    "burgundy": short_burgundy,
}
"""Game key → an option's group heading and its own words under it, for a list too long for
the screen (``clients.render.choice_list``); an option it gives None stands on its own."""


def register(game: str, renderer: Renderer, annotator: Annotator | None = None) -> None:
    """Use ``renderer`` (and ``annotator``) for the views of ``game`` from now on."""
    RENDERERS[game] = renderer
    if annotator is not None:
        ANNOTATORS[game] = annotator


def word_choice(response: pb.GetViewResponse, choice: pb.LegalAction) -> str:
    """A legal action's description as its game words it for the board (``WORDINGS``), or
    the server's: what the option list says, and what ``play`` and ``act`` repeat once it is
    chosen, so that the choice reads as it was picked."""
    word = WORDINGS.get(response.view.WhichOneof("game") or "")
    return word(response, choice) if word else choice.description


def describe_choice(response: pb.GetViewResponse, choice: pb.LegalAction) -> Text:
    """A legal action's description, as its game words it, with what its game's annotator adds
    from the view."""
    text = Text(word_choice(response, choice))
    annotate = ANNOTATORS.get(response.view.WhichOneof("game") or "")
    return text.append_text(annotate(response, choice.action)) if annotate else text


def choices_in_order(
    response: pb.GetViewResponse, actions: Sequence[pb.LegalAction]
) -> list[pb.LegalAction]:
    """``actions`` in the order a seat is shown them, given its view ``response`` at the
    version they were listed at: the numbers ``legal`` and ``play`` print, which ``act`` takes.
    The rules' order where the game orders nothing for the reader."""
    order = ORDERS.get(response.view.WhichOneof("game") or "")
    return order(response, actions) if order else list(actions)


def numbered_options(
    response: pb.GetViewResponse, choices: Sequence[pb.LegalAction]
) -> list[Option]:
    """``choices`` (in ``choices_in_order``'s order) numbered from 1, each in full words and,
    where its game groups it, under its heading in short."""
    short = SHORT_FORMS.get(response.view.WhichOneof("game") or "")
    options = []
    for number, choice in enumerate(choices, start=1):
        grouped = short(response, choice) if short else None
        heading, own = grouped if grouped else ("", None)
        options.append(Option(number, describe_choice(response, choice), heading, own))
    return options


def own_seat(response: pb.GetViewResponse) -> RenderableType | None:
    """The viewer's own seat in brief, where its game gives one (``OWN_SEATS``)."""
    brief = OWN_SEATS.get(response.view.WhichOneof("game") or "")
    return brief(response) if brief else None


def render_json(response: pb.GetViewResponse) -> RenderableType:
    """Any game's view as indented JSON, in a panel titled with the game and version."""
    game = response.view.WhichOneof("game") or "game"
    data = MessageToDict(getattr(response.view, game)) if game != "game" else {}
    return Panel(JSON.from_data(data), title=f"{game} · version {response.version}")


def render_view(response: pb.GetViewResponse) -> RenderableType:
    """The view through its game's renderer, or as JSON when the game has none."""
    game = response.view.WhichOneof("game") or ""
    return RENDERERS.get(game, render_json)(response)


def too_narrow(console: Console, board: RenderableType) -> str | None:
    """What to tell someone whose terminal is too narrow for ``board`` (rich then cuts values
    short with "…" without a word), or None when it fits or the output is not a terminal.

    A board narrower than it would like to be only wraps its lines, which loses nothing; it is
    too narrow where drawing it cuts more values than drawing it at full width does. That is
    read off the drawing itself: rich's measurements do not say when a table will squeeze a
    column below its longest word.
    """
    if not console.is_terminal:
        return None
    full = _cuts(board, MEASURING_WIDTH)
    if _cuts(board, console.width) <= full:
        return None
    low, high = console.width, MEASURING_WIDTH  # cut at low, whole at high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if _cuts(board, middle) > full else (low, middle)
    return (
        f"the board needs {high} columns and this terminal has {console.width}: some values "
        "are cut short; widen the terminal to see them all"
    )


def _cuts(board: RenderableType, width: int) -> int:
    """How many values drawing ``board`` at ``width`` columns cuts short with "…"."""
    return drawn(board, width).count("…")


__all__ = [
    "ANNOTATORS",
    "ORDERS",
    "RENDERERS",
    "SHORT_FORMS",
    "WORDINGS",
    "Annotator",
    "Orderer",
    "Renderer",
    "ShortForm",
    "Wording",
    "choices_in_order",
    "describe_choice",
    "numbered_options",
    "register",
    "render_json",
    "render_view",
    "too_narrow",
    "word_choice",
]
