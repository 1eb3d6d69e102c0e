"""Bourgeoisie: the pure rules of Warpspawn's card game of social advancement in 17th-century
France (the sources, and our readings of their ambiguities, in ``docs/rules/bourgeoisie.md``).

Read this first: ``RULES`` is the one record the service, the replay tool and the bots use.
Standard library only: this package must not import services, clients, replay, gRPC, storage,
clocks or the ``random`` module (docs/architecture.md §2).
"""

from __future__ import annotations

from games.bourgeoisie.actions import ACTION_TYPES, Action
from games.bourgeoisie.decide import decide, resolve
from games.bourgeoisie.events import EVENT_TYPES, Event
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.legal import legal_actions, to_act
from games.bourgeoisie.scoring import outcome
from games.bourgeoisie.setup import MAX_SEATS, MIN_SEATS, RULESETS, opening, start
from games.bourgeoisie.state import State
from games.bourgeoisie.turn import turn_number
from games.bourgeoisie.views import BourgeoisieView, describe, describe_action, full_view, view
from games.core.codec import Codec
from games.core.rules import GameRules

RULES: GameRules[State, Action, Event, BourgeoisieView] = GameRules(
    name="bourgeoisie",
    title="Bourgeoisie",
    rules_version=1,  # see "Rules versions" in docs/rules/bourgeoisie.md
    rulesets=RULESETS,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    state_type=State,
    actions=Codec("bourgeoisie", ACTION_TYPES),
    events=Codec("bourgeoisie", EVENT_TYPES),
    start=start,
    opening=opening,
    decide=decide,
    resolve=resolve,
    evolve=evolve,
    legal_actions=legal_actions,
    to_act=to_act,
    outcome=outcome,
    view=view,
    full_view=full_view,
    describe=describe,
    describe_action=describe_action,
    turn=turn_number,
)

__all__ = [
    "RULES",
    "Action",
    "BourgeoisieView",
    "Event",
    "State",
    "decide",
    "describe",
    "describe_action",
    "evolve",
    "full_view",
    "legal_actions",
    "opening",
    "outcome",
    "resolve",
    "start",
    "to_act",
    "turn_number",
    "view",
]
