"""A seat's own replay of a game in play: the views the server sent that seat, step by step.

While a game is in play the server shows its full record (every event's payload) only to the
arbiter, and the replay tool folds a record. A seat may still step back through what it saw:
``WatchGame`` sends a seat, from version 0, each event's public part (type, cause, one line of
description, chain value) with that seat's view of the game after it. A ``SeatTimeline`` holds
those steps and answers the viewer's questions from them, so the same viewer, boards and seeks
serve it; it holds no other seat's hand because it was never sent one.

Its frames keep the seat's view where a record's keep the state: the view is all of the state
the seat was shown. A game's turn and round are read from it as from the state, since every
game's views show the numbers its state counts (``GameRules.turn``, ``GameRules.round``: the
same fields). What a view cannot tell is left out, never guessed: other seats' views, the full
payloads, and any chain check (the payloads the chain is taken over are not there), so its
``notice`` says it is the seat's view, not a verified record. What the seat was offered at its
own decisions is asked of the server (ListLegalActions at that version), which lists exactly
what it offered then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import GameRecord, Recorded, RecordError
from games.core.rules import Outcome
from replay.timeline import Perspective, Timeline, numbered_frames


@dataclass(frozen=True)
class SeenStep:
    """One version as a seat was sent it: the event without its payload, the server's line
    describing it, the seat's view after it and the seat the game then waited for."""

    recorded: Recorded
    description: str
    view: Any
    to_act: int | None


Offers = Callable[[int], list[tuple[object, str]]]
"""What a seat was offered at a version: each legal action with the line describing it."""


class SeatTimeline(Timeline):
    """Every step of a game in play as one seat saw it."""

    def __init__(
        self,
        header: dict[str, Any],
        seat: int,
        steps: Sequence[SeenStep],
        ask: Offers | None = None,
    ) -> None:
        """``ask`` lists what the seat was offered at a version, each action with its line,
        as the server answers it (ListLegalActions at that version); without it, nothing
        the seat was offered is known."""
        if not steps:
            raise RecordError("the server sent no step of this game")
        self._read_header(GameRecord(header, tuple(step.recorded for step in steps), None))
        self.seat_only = seat
        self.frames = tuple(
            numbered_frames(
                self.rules,
                self.seats,
                ((s.recorded, None, s.view, s.description) for s in steps),
            )
        )
        self.rules_gap = ""
        self._to_act = tuple(step.to_act for step in steps)
        self._ask = ask
        self._offers: dict[int, list[tuple[object, str]]] = {}
        self.notice = (
            f"seat {seat}'s view of a game in play, as the server sent it to that seat: not a "
            "verified record (no chain check is possible on views; export the record once the "
            "game has ended, and verify it)"
        )

    @property
    def finished(self) -> bool:
        """Never: a finished game is replayed from its full record, which anyone may read."""
        return False

    def view(self, version: int, perspective: Perspective, seat: int | None = None) -> Any:
        """The seat's own view at ``version``; any other is refused: it was never sent."""
        if perspective is not Perspective.SEAT or seat != self.seat_only:
            raise RecordError(
                f"this replay holds only seat {self.seat_only}'s view: the game is in play, "
                "so the server shows each seat its own view and only the arbiter the rest"
            )
        return self.frame(version).state

    def legal_actions(self, version: int) -> tuple[int | None, list[object]]:
        """The seat to act after ``version`` and, when that was this seat, what it was
        offered then (``offered``)."""
        seat, offers = self.offered(version)
        return seat, [action for action, _ in offers]

    def offered(self, version: int) -> tuple[int | None, list[tuple[object, str]]]:
        """The seat the game asked to decide after ``version`` (none inside a batch:
        ``asked_after``) and, when that was this seat, its legal actions then as the server
        lists them (a view does not hold what the rules need to list
        them); another seat's are never sent to this one, so they are empty."""
        if not self.asked_after(version):
            return None, []
        seat = self.to_act(version)
        if seat != self.seat_only or self._ask is None:
            return seat, []
        if version not in self._offers:
            self._offers[version] = self._ask(version)
        return seat, self._offers[version]

    def to_act(self, version: int) -> int | None:
        self.frame(version)  # refuses a version outside the game
        return self._to_act[version - 1]

    def outcome(self, version: int) -> Outcome | None:
        """None: the game is in play (a finished one is replayed from its record)."""
        return None
