"""Bruges: the pure rules of Stefan Feld's card game of 15th-century Flemish merchants (the
sources, and our readings of them, in ``docs/rules/bruges.md``). The 165 person cards are the
project's own (``persons.py``).

Read this first: ``RULES`` is the one record the service, the replay tool and the bots use.
Standard library only: this package must not import services, clients, replay, gRPC, storage,
clocks or the ``random`` module (docs/architecture.md §2).
"""

from __future__ import annotations

from games.bruges.actions import ACTION_TYPES, Action
from games.bruges.catalogue import MAX_SEATS, MIN_SEATS
from games.bruges.decide import decide, resolve
from games.bruges.describe import describe, describe_action
from games.bruges.events import EVENT_TYPES, Event
from games.bruges.evolve import evolve
from games.bruges.legal import legal_actions
from games.bruges.rulesets import RULESET_NAMES
from games.bruges.setup import opening, start
from games.bruges.state import State, track_points
from games.bruges.turns import round_number, to_act, turn_number
from games.bruges.unrecorded import unrecorded
from games.bruges.views import BrugesView, full_view, track_points_shown, view
from games.core.codec import Codec
from games.core.rules import GameRules
from games.core.rules_kit import recorded_outcome

RULES: GameRules[State, Action, Event, BrugesView] = GameRules(
    name="bruges",
    title="Bruges",
    rules_version=5,  # see "Rules versions" in docs/rules/bruges.md
    rulesets=RULESET_NAMES,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    state_type=State,
    actions=Codec("bruges", ACTION_TYPES),
    events=Codec("bruges", EVENT_TYPES),
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
    state_fields_added=frozenset({"turn"}),
    round=round_number,
    running_points=track_points,
    shown_points=track_points_shown,
    unrecorded=unrecorded,
)

__all__ = [
    "RULES",
    "Action",
    "BrugesView",
    "Event",
    "State",
    "decide",
    "describe",
    "describe_action",
    "evolve",
    "full_view",
    "legal_actions",
    "opening",
    "resolve",
    "round_number",
    "start",
    "to_act",
    "track_points",
    "turn_number",
    "view",
]
