"""Bourgeoisie: the pure rules of Warpspawn's card game of social advancement in 17th-century
France (the sources, and our readings of their ambiguities, in ``docs/rules/bourgeoisie.md``).

Read this first: ``RULES`` is the one record the service, the replay tool and the bots use.
Standard library only: this package must not import services, clients, replay, gRPC, storage,
clocks or the ``random`` module (docs/architecture.md §2).
"""

from __future__ import annotations

from games.bourgeoisie.actions import ACTION_TYPES, Action
from games.bourgeoisie.catalogue import MAX_SEATS, MIN_SEATS, RULESETS
from games.bourgeoisie.decide import decide, resolve
from games.bourgeoisie.describe import describe, describe_action, retirement_points
from games.bourgeoisie.events import EVENT_TYPES, Event
from games.bourgeoisie.evolve import evolve
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.scoring import points_if_ended_now
from games.bourgeoisie.setup import opening, start
from games.bourgeoisie.state import State
from games.bourgeoisie.turns import to_act, turn_number
from games.bourgeoisie.views import BourgeoisieView, full_view, points_shown, view
from games.core.codec import Codec
from games.core.rules import GameRules
from games.core.rules_kit import recorded_outcome

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
    outcome=recorded_outcome,
    view=view,
    full_view=full_view,
    describe=describe,
    describe_action=describe_action,
    turn=turn_number,
    running_points=points_if_ended_now,
    shown_points=points_shown,
    points_name="prestige points",
    running_points_meaning="if the game ended now",
    unrecorded_effect=retirement_points,
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
    "points_if_ended_now",
    "resolve",
    "start",
    "to_act",
    "turn_number",
    "view",
]
