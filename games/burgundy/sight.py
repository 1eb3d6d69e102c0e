"""What a Castles of Burgundy table shows, read off a view: the rules' own
(``views.BurgundyView``) or its wire form, which has the same fields. The terminal board and
the replay's drawn board both take their figures from here, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from games.burgundy.catalogue import KNOWLEDGE_TEXT, LARGE_BONUS, PHASES, ROUNDS, SMALL_BONUS


class ShownTile(Protocol):
    @property
    def knowledge(self) -> int: ...


class ShownPlacement(Protocol):
    @property
    def tile(self) -> ShownTile: ...


class ShownDepot(Protocol):
    @property
    def tiles(self) -> Iterable[ShownTile]: ...


class ShownSeat(Protocol):
    @property
    def storage(self) -> Iterable[ShownTile]: ...

    @property
    def estate(self) -> Iterable[ShownPlacement]: ...


class ShownTable(Protocol):
    """The face-up places of a view: depots, black depot, each seat's storage and estate."""

    @property
    def depots(self) -> Iterable[ShownDepot]: ...

    @property
    def black_depot(self) -> Iterable[ShownTile]: ...

    @property
    def players(self) -> Iterable[ShownSeat]: ...


def face_up_tiles(view: ShownTable) -> Iterator[ShownTile]:
    """Every face-up hex tile: in the depots, the black depot, storage and estates."""
    for depot in view.depots:
        yield from depot.tiles
    yield from view.black_depot
    for player in view.players:
        yield from player.storage
        yield from (placed.tile for placed in player.estate)


def knowledge_in_sight(view: ShownTable) -> tuple[int, ...]:
    """The numbers of the knowledge tiles face up anywhere on the table, lowest first, each
    once (data §3.4: what each does is in ``KNOWLEDGE_TEXT``)."""
    numbers = {tile.knowledge for tile in face_up_tiles(view)}
    return tuple(sorted(numbers & KNOWLEDGE_TEXT.keys()))


def bonus_points_left(taken: int, seats: int) -> tuple[int, ...]:
    """The points of a colour's bonus tiles still on the board, larger first: the first seat
    to cover every space of the colour takes the large tile, the second the small, then
    there are none (seed; data §2.4)."""
    return tuple(bonus_points(large, seats) for large in (True, False))[taken:]


def bonus_points(large: bool, seats: int) -> int:
    """The points of a colour bonus tile a seat holds: the large or the small one, by the
    number of seats (seed; data §2.4)."""
    return (LARGE_BONUS if large else SMALL_BONUS)[seats]


class TrackPiece(Protocol):
    """A seat's piece on the turn-order track: a player's state, its view and its wire form."""

    @property
    def position(self) -> int: ...

    @property
    def height(self) -> int: ...


def track_ranking(pieces: Sequence[TrackPiece]) -> tuple[int, ...]:
    """Seats (indices of ``pieces``, one a seat in seat order) as the turn-order track orders
    them: furthest along first, on one space the top of the stack first (data §2.6)."""
    return tuple(sorted(range(len(pieces)), key=lambda s: (-pieces[s].position, -pieces[s].height)))


def next_round_order(
    order: Sequence[int], ranking: Sequence[int], phase: int, round_number: int
) -> tuple[int, ...] | None:
    """The order the track gives (``ranking``) from the next round, once a ship has made it
    differ from the round's ``order``: a round keeps the order read at its start (data §2.6;
    docs/rules/burgundy.md item 10). None while they agree, or when no round follows."""
    if tuple(ranking) == tuple(order) or (phase == PHASES and round_number == ROUNDS):
        return None
    return tuple(ranking)


def has_played(order: Sequence[int], active_seat: int | None, seat: int) -> bool:
    """Whether ``seat`` has had its turn this round: it comes before the seat to play in the
    round's order (no seat has, before the first turn or once the game is over)."""
    if active_seat is None or active_seat not in order or seat not in order:
        return False
    return list(order).index(seat) < list(order).index(active_seat)
