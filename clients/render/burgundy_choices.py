"""A Burgundy option's short form, for a list too long for the screen (``choice_list``).

Options are grouped by what the player picks first: the die and what it does ("take with the
first die (5)"), or the once-per-turn purchase, with the tile a full storage would discard; each
option then says only what differs: the tile and where it is, what a sale pays, the workers
spent. A Burgundy turn multiplies these (two dice, six depots, three stored tiles to discard,
seed: the four actions of a die), which is why its list is the longest of the three games.
"""

from __future__ import annotations

import re

from rich.text import Text
from tabletop.v1 import game_service_pb2 as pb

from clients.render.burgundy import word_burgundy
from games.burgundy.options import GRANTED_BY, which

NUMBERED_DIE = rf"with (?:{re.escape(which(0))}|{re.escape(which(1))})(?: \(\d\))?"
"""``with the first die (5)``: a numbered die in the rules' own words (``which``), with the
value ``word_burgundy`` adds."""
TAKE = re.compile(rf"^take (?:the )?(.+?)(?: from depot \d)? ({NUMBERED_DIE})(.*)$")
"""``take the mine from depot 4 with the first die (5), discarding a castle, spending 1
worker``: the heading names the depot."""
EXTRA_DIE = f"with (?:{'|'.join(re.escape(granted) for granted in GRANTED_BY.values())})"
"""``with the city hall``, ``with the castle's extra action``: what granted an action without
a die (``GRANTED_BY``), which only a placement groups."""
PLACE = re.compile(rf"^place (?:the )?(.+?) on (space \d+) ({NUMBERED_DIE}|{EXTRA_DIE})(.*)$")
"""``place the mine on space 30 with the first die (5), spending 1 worker``."""
PURCHASE = re.compile(r"^buy (?:the )?(.+?) from (.+?) (for \d+ silverlings?)(.*)$")
"""``buy the mine from depot 4 for 2 silverlings, discarding a castle``."""
DISCARDING = re.compile(r", discarding (?:an? )?([^,]+)")
"""The stored tile a take or purchase discards (``BurgundyTakeTile.discard``), as worded."""


def short_burgundy(response: pb.GetViewResponse, choice: pb.LegalAction) -> tuple[str, Text] | None:
    """The heading an option shares and its own short words; None for an option that stands
    on its own (a ship's goods, a pass, the end of the turn, a take, sale or workers without
    a die).

    A take is headed by its depot, die, workers and discarded tile, and says only its tile; a
    placement is headed by its tile and die and says its space and workers; a purchase is
    headed by where it comes from, and a sale by its die."""
    grouped = _grouped(response, choice)
    if grouped is None:
        return None
    heading, own = grouped
    return _tighter(heading), Text(_tighter(own))


def _grouped(response: pb.GetViewResponse, choice: pb.LegalAction) -> tuple[str, str] | None:
    kind = choice.action.burgundy.WhichOneof("kind")
    words = word_burgundy(response, choice)
    if kind == "take_tile" and (take := TAKE.match(words)):
        depot = _depot(response, choice.action.burgundy.take_tile.tile)
        if depot is None:
            return None
        return _heading(f"take from depot {depot} {take[2]}", take[3]), take[1]
    if kind == "take_workers" and (take := TAKE.match(words)):
        # "take workers, first die (1)": folded, the heading is all a group's line says
        return f"take workers {take[2]}", take[1] + take[3]
    if kind == "place_tile" and (place := PLACE.match(words)):
        return f"place the {place[1]} {place[3]}", place[2] + place[4]
    if kind == "sell_goods":
        verb, _, rest = words.partition(" ")
        sold = re.search(f" {NUMBERED_DIE}", rest)
        if sold is not None:
            return f"{verb}{sold[0]}", rest[: sold.start()] + rest[sold.end() :]
    if kind == "buy_tile" and (bought := PURCHASE.match(words)):
        return _heading(f"buy from {bought[2]} {bought[3]}", bought[4]), bought[1]
    return None


def _tighter(words: str) -> str:
    """``take from depot 1, first die (5), 2 workers``: the linking words a heading or an
    option under it can do without, so that a group's options share its line."""
    return words.replace(" with the ", ", ", 1).replace(", spending ", ", ", 1)


def _heading(lead: str, rest: str) -> str:
    """``lead`` with the workers an option spends, then the stored tile it discards: last, so
    that the groups of a full storage's three tiles differ only at their end and
    ``choice_list`` can set them side by side."""
    discard = DISCARDING.search(rest)
    if discard is None:
        return f"{lead}{rest}"
    return f"{lead}{rest[: discard.start()]}{rest[discard.end() :]}, discarding {discard[1]}"


def _depot(response: pb.GetViewResponse, tile: int) -> int | None:
    """The numbered depot a tile is taken from."""
    depots = response.view.burgundy.depots
    return next((d.number for d in depots if any(t.id == tile for t in d.tiles)), None)
