"""What a reader may not see, by name: for each game, the names of the cards or tiles hidden
from a seat (or the public) that nothing it can see also bears. A message naming one of them
would reveal where a hidden thing is. Built on the per-game view leak tests' helpers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from games.bourgeoisie.catalogue import card
from games.bruges.persons import person
from games.burgundy.catalogue import tile_name
from games.core.jsonable import to_json
from games.registry import all_rules
from tests.conformance.test_views_bourgeoisie import cards_in
from tests.conformance.test_views_bruges import hidden_from, ids_in
from tests.conformance.test_views_burgundy import _tile_ids

RULES = all_rules()


def _bourgeoisie(state: Any, seat: int | None) -> set[str]:
    visible = {c.name for c in cards_in(RULES["bourgeoisie"].view(state, seat))}
    others = (p.hand for s, p in enumerate(state.players) if s != seat)
    hidden = {*state.deck, *(c for hand in others for c in hand)}
    return {card(c).name for c in hidden} - visible


def _bruges(state: Any, seat: int | None) -> set[str]:
    visible = {person(c).name for c in ids_in(RULES["bruges"].view(state, seat))}
    return {person(c).name for c in hidden_from(state, seat)} - visible


def _burgundy(state: Any, seat: int | None) -> set[str]:
    shown = {tile_name(t) for t in _tile_ids(to_json(RULES["burgundy"].view(state, seat)))}
    return {tile_name(t) for pile in state.piles for t in pile} - shown


HIDDEN_NAMES: dict[str, Callable[[Any, int | None], set[str]]] = {
    "bourgeoisie": _bourgeoisie,
    "bruges": _bruges,
    "burgundy": _burgundy,
}


def named(text: str, names: set[str]) -> list[str]:
    """The names in ``names`` that ``text`` mentions as whole words."""
    return sorted(n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text))
