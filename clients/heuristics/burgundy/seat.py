"""What the Burgundy heuristic knows of its own position: ``Seat``, read from its seat's view
by ``seat_of`` (the estate, the knowledge tiles laid, the rounds left).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from tabletop.v1 import burgundy_pb2 as bgpb

from clients.heuristics.burgundy.rates import STORED
from games.burgundy.catalogue import PHASES, ROUNDS, tile


@dataclass(frozen=True)
class Seat:
    """What the bot knows of its own position, read from its seat's view."""

    me: int
    view: bgpb.BurgundyView
    player: bgpb.BurgundyPlayer
    estate: Mapping[int, int]
    """Space → the id of the tile on it."""
    knowledge: frozenset[int]
    prospects: dict[int, float] = field(default_factory=dict, compare=False)
    """Memo of ``prospect`` per tile id, for this one decision."""

    @property
    def seats(self) -> int:
        return len(self.view.players)

    @property
    def rounds_left(self) -> int:
        """Rounds after this one (0 in the last round of phase E)."""
        return int((PHASES - self.view.phase) * ROUNDS + ROUNDS - self.view.round)

    @property
    def game_left(self) -> float:
        """The share of the game still to come, 1 at the start, 0 in the last round."""
        return self.rounds_left / (PHASES * ROUNDS - 1)

    @property
    def stored_share(self) -> float:
        """What a tile in storage is worth of its placement: nothing with no turn left."""
        return 0.0 if self.rounds_left == 0 else STORED if self.rounds_left > 1 else 0.4

    def has(self, number: int) -> bool:
        """Knowledge tile ``number`` lies in the estate."""
        return number in self.knowledge

    def covered(self, space_id: int) -> bool:
        return space_id in self.estate

    def depot_of(self, tile_id: int) -> int:
        """The numbered depot holding ``tile_id`` (0 for the black depot)."""
        for depot in self.view.depots:
            if any(t.id == tile_id for t in depot.tiles):
                return int(depot.number)
        return 0


def seat_of(view: bgpb.BurgundyView, me: int) -> Seat:
    """The seat's own position, as ``Seat``."""
    player = next(p for p in view.players if p.seat == me)
    estate = {int(p.space): int(p.tile.id) for p in player.estate}
    knowledge = frozenset(tile(t).knowledge for t in estate.values() if tile(t).knowledge)
    return Seat(me, view, player, estate, knowledge)
