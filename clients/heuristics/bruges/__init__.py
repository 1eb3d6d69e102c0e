"""A Bruges heuristic: turn every card into victory points, keep the city's threats away.

Every legal action gets a worth in victory points (guilders and workers at a rate that falls
as the game nears its end) and the best is taken; EndTurn and DeclineReputation are worth 0.
What it values, in the terms of the rules (docs/rules/bruges.md):

- recruiting persons: printed points, what the ability will bring over the rounds left (end-
  game laurels projected, gains counted per activation), the persons majority, less the price;
- a house of the colour of a person in hand waiting for one (a person needs a house of its own
  colour by the seed), and 1 VP for every house;
- the canal: the 3 VP spaces and the statues ahead, the canal majority, when the die of the
  card's colour makes it cheap;
- a reputation step each round unless it is dear (a step is a VP, and the majority is 4);
- guilders and workers when short of them, discarding a threat before a third one strikes;
- free activations first (they can only help the card play that follows); losses that cost
  the least. A card played for a basic action gives up what it would bring as a person.

It sees only its own seat's view and reads card abilities from the static person list.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.v1 import game_service_pb2 as pb

from clients.heuristics.bruges.reading import Seat
from clients.heuristics.bruges.worth import ACTIVATE_FIRST, worth


class BrugesHeuristic:
    """``choose(view, legal) -> action``: the legal action of greatest worth (seeded ties)."""

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: pb.GetViewResponse, legal: Sequence[pb.LegalAction]) -> pb.Action:
        me = view.seat if view.HasField("seat") else view.view.bruges.viewer
        seat = Seat(int(me), view.view.bruges)
        scored = [(worth(seat, option.action.bruges), self._random.random()) for option in legal]
        best = max(range(len(legal)), key=lambda index: scored[index])
        return legal[best].action


__all__ = ["ACTIVATE_FIRST", "BrugesHeuristic", "Seat", "worth"]
