"""Reading a game's stored events with the states they were applied to and led to: what a
line that says what the fold shows needs (``games.core.rules.describe``: a Bruges seat passed
over on the reputation track, the points a Bourgeoisie retirement gains or loses)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, NamedTuple

from games.core import Recorded, apply
from games.core.rules import AnyRules
from games.core.wording import counted
from services.application.aggregate import codec_for
from services.application.errors import InvalidRequestError
from services.application.streams import GameStreams, parse_id


class Folded(NamedTuple):
    """A stored event, the rules event it holds (decoded once, for the fold and for its
    line alike), the game state before it and the state it led to."""

    recorded: Recorded
    event: object
    before: Any
    after: Any


class FoldedReads(GameStreams):
    """The reads of WatchGame and ReadEvents, whose lines say what the fold shows."""

    def states_after(self, game_id: str, after: int, state: Any = None) -> Iterator[Folded]:
        """Each stored event after version ``after`` with the game state before it and the
        state it leads to.

        ``state`` is the state at ``after`` when the caller already holds it. Without it,
        ``after`` must be a version the game has reached (0 for the start): a watcher
        resuming past the last version would wait for versions it had skipped and never see
        the next ones, so it is refused (``BAD_VERSION``), as a negative one is. ``after``
        equal to the last version is fine: the next event follows it.
        """
        if after < 0:
            raise InvalidRequestError(
                f"versions start at 1; resume after 0 for the whole game, not {after}",
                reason="BAD_VERSION",
            )
        gid = parse_id(game_id)
        rules = self._known(gid).rules
        if state is None and after > 0:
            reached = self._load(gid, version=after)
            require_reached(after, reached.version)
            state = reached.state
        yield from _folded(rules, self.read_events(game_id, after), state)

    def read_folded(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Folded]:
        """``read_events`` (after ``after``, all of them or ``limit``), each event with the
        state before it and the state it led to. As there, reading after the game's last
        version reads nothing; the state at ``after`` is loaded only when there is an event
        to apply to it."""
        events = self.read_events(game_id, after, limit)
        if not events:
            return []
        gid = parse_id(game_id)
        state = self._load(gid, version=after).state if after > 0 else None
        return list(_folded(self._known(gid).rules, events, state))


def require_reached(after: int, version: int) -> None:
    """Refuse to read after ``after`` in a game at ``version`` that has not reached it
    (``BAD_VERSION``): a watcher resuming past the last version would wait for versions it
    had skipped and never see the next ones."""
    if after > version:
        reached = counted(version, "version")
        raise InvalidRequestError(f"the game has only {reached}", reason="BAD_VERSION")


def folded_batch(
    sealed: Sequence[Recorded], events: Sequence[object], before: Any, states: Sequence[Any]
) -> tuple[Folded, ...]:
    """The events one action's answer describes, as a watch would: ``sealed``, holding
    ``events`` (decided from ``before``, a state after each in ``states``, as
    ``GameRules.resolve`` gives them), each with the state before it and the state it led
    to. Nothing is decoded or folded again."""
    befores = (before, *states[:-1])
    return tuple(Folded(*step) for step in zip(sealed, events, befores, states, strict=True))


def refolded(rules: AnyRules, stored: Sequence[Recorded], before: Any) -> tuple[Folded, ...]:
    """``folded_batch`` for one action's events read back from the store (a retried
    command's first answer), folded again from ``before``, the state the first was applied
    to."""
    return tuple(_folded(rules, stored, before))


def _folded(rules: AnyRules, events: Iterable[Recorded], state: Any) -> Iterator[Folded]:
    decode = codec_for(rules).decode
    for recorded in events:
        event = decode(recorded.event)
        before, state = state, apply(rules, state, event)
        yield Folded(recorded, event, before, state)
