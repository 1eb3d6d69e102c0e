"""The Castles of Burgundy: the pure rules of Stefan Feld's dice-and-tiles game for 2-4
players (the sources, and our readings of their gaps, in ``docs/rules/burgundy.md``).

Read this first: ``RULES`` is the one record the service, the replay tool and the bots use.
Two rulesets: ``default`` follows the seed, ``published`` the published game where they
disagree. Standard library only (docs/architecture.md §2).
"""

from __future__ import annotations

from games.burgundy.actions import ACTION_TYPES, Action
from games.burgundy.catalogue import MAX_SEATS, MIN_SEATS, RULESETS
from games.burgundy.decide import decide, resolve
from games.burgundy.describe import describe, describe_action, describe_in
from games.burgundy.events import EVENT_TYPES, Event
from games.burgundy.evolve import evolve
from games.burgundy.legal import legal_actions
from games.burgundy.setup import opening, start
from games.burgundy.state import State, track_points
from games.burgundy.turns import round_name, round_number, to_act, turn_number
from games.burgundy.views import BurgundyView, full_view, track_points_shown, view
from games.core.codec import Codec
from games.core.rules import GameRules
from games.core.rules_kit import recorded_outcome

RULES: GameRules[State, Action, Event, BurgundyView] = GameRules(
    name="burgundy",
    title="The Castles of Burgundy",
    rules_version=3,  # see "Rules versions" in docs/rules/burgundy.md
    rulesets=RULESETS,
    min_seats=MIN_SEATS,
    max_seats=MAX_SEATS,
    state_type=State,
    actions=Codec("burgundy", ACTION_TYPES),
    events=Codec("burgundy", EVENT_TYPES),
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
    describe_in=describe_in,
    turn=turn_number,
    state_fields_added=frozenset({"turn"}),
    round=round_number,
    round_name=round_name,
    running_points=track_points,
    shown_points=track_points_shown,
)

__all__ = [
    "RULES",
    "Action",
    "BurgundyView",
    "Event",
    "State",
    "decide",
    "describe",
    "describe_action",
    "describe_in",
    "evolve",
    "full_view",
    "legal_actions",
    "opening",
    "resolve",
    "round_name",
    "round_number",
    "start",
    "to_act",
    "track_points",
    "turn_number",
    "view",
]
