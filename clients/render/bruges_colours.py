"""The colours of Bruges on the terminal: each wire colour's style and name, and a person's
name drawn in its colour. Shared by the board (``clients.render.bruges``) and its seats'
towns (``clients.render.bruges_town``)."""

from __future__ import annotations

from rich.text import Text
from tabletop.v1 import bruges_pb2 as bpb

COLOUR_STYLES = {
    bpb.BRUGES_COLOUR_BLUE: "bright_blue",
    bpb.BRUGES_COLOUR_BROWN: "dark_orange3",
    bpb.BRUGES_COLOUR_RED: "red",
    bpb.BRUGES_COLOUR_PURPLE: "magenta",
    bpb.BRUGES_COLOUR_YELLOW: "bright_yellow",
}
"""Wire colour → rich style. Brown has no ANSI name: dark orange reads as it, and falls back to
plain yellow on a 16-colour terminal, where yellow itself is the bright one."""
ORDER = tuple(COLOUR_STYLES)
"""The wire colours in the order of every per-colour list of the view."""


def enum_name(enum: type[object], value: int, prefix: str) -> str:
    """``purple`` for BRUGES_COLOUR_PURPLE and so on: an enum value's short lower-case name."""
    name: str = enum.Name(value)  # type: ignore[attr-defined]
    return name.removeprefix(prefix).lower().replace("_", " ")


def colour_name(colour: int) -> str:
    return enum_name(bpb.BrugesColour, colour, "BRUGES_COLOUR_")


def coloured(text: str, colour: int, bold: bool = False) -> Text:
    """``text`` in the style of a wire colour."""
    style = COLOUR_STYLES.get(colour, "")
    return Text(text, style=f"bold {style}" if bold else style)


def person_name(person: bpb.BrugesPerson, turned: bool = False) -> Text:
    """A person's name in its colour; dim with a tick once it has acted this round."""
    text = coloured(person.name, person.colour, bold=not turned)
    if turned:
        text.stylize("dim")
        text.append(" ✓", style="dim")
    return text


def person_and_colour(person: bpb.BrugesPerson, after: str = "") -> Text:
    """``Brother Hendrik (blue)``: a person's name in its colour and the colour named, for a
    line that says nothing else of it (the discard's top card, another seat's hand), so that
    the colour is not lost with the styles (a monochrome terminal, a colour-blind player);
    ``after`` goes inside the brackets, after the colour."""
    return person_name(person).append(f" ({colour_name(person.colour)}{after})")
