"""Who is looking at a game: the public, one seat, or someone allowed full information."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from games.core.rules import AnyRules


class Perspective(Enum):
    PUBLIC = "public"
    SEAT = "seat"
    FULL = "full"


@dataclass(frozen=True)
class Viewer:
    perspective: Perspective
    seat: int | None = None

    def look(self, rules: AnyRules, state: Any) -> Any:
        """The view of ``state`` this viewer may have (docs/architecture.md §4: view hides
        secrets)."""
        if self.perspective is Perspective.FULL:
            return rules.full_view(state)
        if self.perspective is Perspective.SEAT:
            return rules.view(state, self.seat)
        return rules.view(state, None)
