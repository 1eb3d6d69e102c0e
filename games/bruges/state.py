"""Immutable Bruges state: the piles, the table and every player's holdings.

Frozen dataclasses of ints, enums and tuples only, so a state folds from events alone
(docs/architecture.md §4). Per-colour counts (workers, threats, dice) are 5-tuples in ``COLOURS``
order; card ids index ``persons.PERSONS``. Piles are listed top card first.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.bruges.catalogue import (
    COLOURS,
    START_GUILDERS,
    START_SCORE,
    STATUES,
    Category,
    Colour,
    Phase,
    TurnStep,
)
from games.core.frozen import replace

NO_COLOURS: tuple[int, ...] = (0,) * len(COLOURS)


@dataclass(frozen=True)
class House:
    """A card played face down as a house (seed: Action V), holding at most one person."""

    card: int
    person: int | None = None


@dataclass(frozen=True)
class Player:
    """One seat's holdings (seed: Setup 4).

    ``fresh`` are the cards drawn in Phase 1 and not yet looked at (seed: Phase 1, "only look
    at cards once your hand is full"). ``canal`` counts the tokens in each canal section and
    ``canal_peak`` the most each section has ever held, so a space scores and a statue is
    taken only once. ``turned`` are the persons already activated this round.
    """

    hand: tuple[int, ...] = ()
    fresh: tuple[int, ...] = ()
    guilders: int = START_GUILDERS
    workers: tuple[int, ...] = (1,) * len(COLOURS)
    threats: tuple[int, ...] = NO_COLOURS
    score: int = START_SCORE
    reputation: int = 0
    houses: tuple[House, ...] = ()
    canal: tuple[int, ...] = ()
    canal_peak: tuple[int, ...] = ()
    statues: tuple[int, ...] = ()
    majorities: tuple[Category, ...] = ()
    turned: tuple[int, ...] = ()
    played: int = 0

    @property
    def persons(self) -> tuple[int, ...]:
        """The persons in this player's play area, in house order."""
        return tuple(h.person for h in self.houses if h.person is not None)


class PendingKind(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """A decision that interrupts the normal order of play."""

    LOSS = "loss"  # a disaster whose loss its victim chooses
    DRAW = "draw"  # cards a person's effect lets its owner draw, pile by pile


@dataclass(frozen=True)
class Pending:
    """``seat`` owes a decision: the loss of a ``colour`` disaster, or ``count`` draws."""

    seat: int
    kind: PendingKind
    colour: Colour | None = None
    count: int = 0


@dataclass(frozen=True)
class State:
    """The whole table (seed: Setup, Turn Structure).

    ``active`` is the seat whose turn it is in the current phase and ``step`` how far that
    turn has gone; ``pending`` decisions come first. ``last_round`` is set when the extra pile
    comes into play (seed: Phase 1, extra draw pile trigger). ``threat_dice`` are the colours
    of the dice showing 5 or 6 whose markers are held back until a pending loss is chosen (under
    ``default``; docs/rules/bruges.md, item 5). ``turn`` counts the turns begun over the whole
    game, 0 until the opening begins the first (``turns.turn_number``).
    """

    ruleset: str
    seats: int
    players: tuple[Player, ...]
    piles: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    extra: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    statues: tuple[int, ...] = STATUES
    round: int = 0
    turn: int = 0
    phase: Phase = Phase.SETUP
    start: int = 0
    active: int = 0
    step: TurnStep = TurnStep.STARTED
    dice: tuple[int, ...] = ()
    last_round: int | None = None
    pending: tuple[Pending, ...] = ()
    threat_dice: tuple[Colour, ...] = ()
    finished: bool = False
    scores: tuple[int, ...] = ()
    places: tuple[int, ...] = ()


def track_points(state: State) -> tuple[int, ...]:
    """Each seat's VP on the score track, by seat, from the 5 every pawn starts on (seed:
    Setup 4); once the game has ended, the final totals, which the end-game scoring adds to
    the track (``GameEnded``). Every view shows both, as every holding is public
    (docs/rules/bruges.md, item 24)."""
    return state.scores or tuple(player.score for player in state.players)


def player_at(state: State, seat: int) -> Player:
    """The player in ``seat``."""
    return state.players[seat]


def with_player(state: State, seat: int, player: Player) -> State:
    """``state`` with the player in ``seat`` replaced."""
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return replace(state, players=players)


def without(items: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``items`` without the first occurrence of ``card`` (unchanged when it is absent)."""
    if card not in items:
        return items
    index = items.index(card)
    return items[:index] + items[index + 1 :]


def added(counts: tuple[int, ...], colour: Colour, amount: int) -> tuple[int, ...]:
    """A per-colour count with ``amount`` added to ``colour``."""
    i = COLOURS.index(colour)
    return (*counts[:i], counts[i] + amount, *counts[i + 1 :])


def count_of(counts: tuple[int, ...], colour: Colour) -> int:
    """The entry of ``colour`` in a per-colour count."""
    return counts[COLOURS.index(colour)]


def turn_order(state: State) -> tuple[int, ...]:
    """Every seat, clockwise from the start player (seed: Phases 1-3)."""
    return tuple((state.start + i) % state.seats for i in range(state.seats))


def opponents(state: State, seat: int) -> tuple[int, ...]:
    """The other seats, clockwise from ``seat``'s left."""
    return tuple((seat + i) % state.seats for i in range(1, state.seats))
