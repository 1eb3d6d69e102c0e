"""The games the service knows, by key (``bourgeoisie``, ``burgundy``, ``bruges``)."""

from __future__ import annotations

import functools

from games.core.errors import MalformedError
from games.core.rules import AnyRules


@functools.cache
def all_rules() -> dict[str, AnyRules]:
    """Every game's rules record, keyed by its name."""
    from games.bourgeoisie import RULES as BOURGEOISIE
    from games.bruges import RULES as BRUGES
    from games.burgundy import RULES as BURGUNDY

    return {rules.name: rules for rules in (BOURGEOISIE, BRUGES, BURGUNDY)}


def rules_for(game: str) -> AnyRules:
    """The rules of ``game``; MalformedError naming the known games when it is unknown."""
    try:
        return all_rules()[game]
    except KeyError:
        known = ", ".join(sorted(all_rules()))
        raise MalformedError(
            f"unknown game {game!r}; known games: {known}", reason="UNKNOWN_GAME"
        ) from None
