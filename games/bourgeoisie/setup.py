"""The empty table and the opening deal (seed: SETUP).

``start`` reads the first event; ``opening`` draws every random set-up outcome through the
injected Chance and records it: the starting families, the deck's order (secret), the track,
each seat's starting silver and the first seat. The first turn then begins automatically.
"""

from __future__ import annotations

from games.bourgeoisie.catalogue import (
    CARDS,
    MAX_SEATS,
    MIN_SEATS,
    RULESETS,
    STARTING_SILVER_DIE,
    TRACK_SLOTS,
    CardKind,
)
from games.bourgeoisie.events import (
    DeckShuffled,
    Event,
    FamilyDealt,
    FirstSeatChosen,
    StartingSilverRolled,
    TrackLaidOut,
    TurnBegan,
)
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.progress import settle
from games.bourgeoisie.state import Player, State
from games.core.chance import Chance
from games.core.errors import RuleError
from games.core.meta import GameCreated
from games.core.rules_kit import require_table


def start(created: GameCreated) -> State:
    """The table before the deal: the ruleset and the seats, nothing dealt yet."""
    require_table(created, "Bourgeoisie", RULESETS, MIN_SEATS, MAX_SEATS)
    return State(ruleset=created.ruleset, seats=created.seats, players=(Player(),) * created.seats)


def opening(state: State, chance: Chance) -> tuple[Event, ...]:
    """Seed: SETUP. Each seat gets one random Family in play (dealt from the twenty Family
    cards, the rest shuffled into the deck, notes §4.1), ten cards go to the track, each seat
    rolls 1D10 silver, a random seat goes first, and its first turn runs to its first
    decision."""
    if state.turn != 0 or state.deck:
        raise RuleError("the cards have already been dealt", reason="ALREADY_OPENED")
    families = chance.shuffle([c.id for c in CARDS if c.kind is CardKind.FAMILY])
    dealt = families[: state.seats]
    deck = chance.shuffle([c.id for c in CARDS if c.id not in dealt])
    silver = [chance.roll(STARTING_SILVER_DIE) for _ in range(state.seats)]
    first = chance.roll(state.seats) - 1
    events: tuple[Event, ...] = (
        *(FamilyDealt(seat, family) for seat, family in enumerate(dealt)),
        DeckShuffled(deck),
        TrackLaidOut(deck[:TRACK_SLOTS]),
        *(StartingSilverRolled(seat, roll) for seat, roll in enumerate(silver)),
        FirstSeatChosen(first),
        TurnBegan(first, 1),
    )
    for event in events:
        state = evolve(state, event)
    _, automatic = settle(state, chance)
    return events + automatic
