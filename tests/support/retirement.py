"""A Bourgeoisie game played until a family is forced to retire without an Office, which costs
its seat 5 PP (seed: NOBLEMENT PHASE, END GAME SCORING): no option of the seat's says so,
and its ``FamilyRetired`` records no points, so only the log line can."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.bourgeoisie import RULES
from games.bourgeoisie.actions import Invest, Retire
from games.bourgeoisie.catalogue import CardKind, card
from games.bourgeoisie.events import FamilyRetired
from replay.selfplay import Chooser, Table, seed_bytes

SEED = seed_bytes(16)
"""A seed whose game, played by ``builder(POLICY_SEED)``, forces seat 1's family to retire at
53 silver a turn, at its 145th action; any seed that forces a retirement serves."""
POLICY_SEED = 16
WEIGHTS = {"Invest": 20.0, "PlaceTrade": 10.0, "PlaceFamily": 10.0, "SellCard": 0.1}
"""Families that build and never retire by choice, so that one reaches 50 silver a turn."""


def builder(seed: int) -> Chooser:
    """A seeded policy that builds up its families, never buys an Office (so a family forced
    to retire has none) and never retires by choice."""
    rng = random.Random(seed)

    def weight(action: object) -> float:
        if isinstance(action, Invest) and card(action.card).kind is CardKind.OFFICE:
            return 0.0
        if isinstance(action, Retire):
            return 0.0
        return WEIGHTS.get(type(action).__name__, 1.0)

    def choose(legal: Sequence[object]) -> int:
        odds = [weight(action) for action in legal]
        return rng.choices(range(len(legal)), weights=odds if any(odds) else None)[0]

    return choose


def forced_to_retire(seats: int = 2) -> Table:
    """The game from ``SEED``, played until the batch that forces a family to retire."""
    table, choose = Table(RULES, seats, SEED), builder(POLICY_SEED)
    while not table.finished:
        seat, legal = table.legal()
        events = table.play(seat, legal[choose(legal)], legal)
        if any(isinstance(e, FamilyRetired) and e.forced for e in events):
            return table
    raise AssertionError("no family was forced to retire: choose another SEED")
