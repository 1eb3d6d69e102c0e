"""A what-if fork's start, checked against its origin's record when both are verified together.

A fork's ``GameForked`` names the game and version it starts from, the chain value there and
the whole rules state there (docs/record-format.md). On its own, a fork's record can only be
taken at its word for that state: its own chain begins after it. Beside the origin's record
the word can be checked: the origin's event at that version must carry that chain value, and
the origin's events up to it must fold to that state. The chain value alone would not do: it
shows the fork names a real moment of the origin, not that the state it copied is that
moment's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import GameError, GameRecord, fold
from games.core.codec import Codec
from games.core.jsonable import to_json
from games.core.meta import META_CODEC, GameForked
from games.core.rules import AnyRules
from games.registry import rules_for
from replay.verify import Checked, ReadAgain, Verdict


def fork_start(record: GameRecord) -> GameForked | None:
    """The ``GameForked`` a fork's record starts with (its second event); None for a game
    that is no fork."""
    if len(record.events) < 2 or record.events[1].event.type != META_CODEC.name_of(GameForked):
        return None
    try:
        start = META_CODEC.decode(record.events[1].event)
    except GameError:  # the record's own verdict says what is wrong with the event
        return None
    return start if isinstance(start, GameForked) else None


def check_fork_starts(checked: Sequence[Checked], read_again: ReadAgain) -> None:
    """Add to each fork's verdict whether its start matches its origin's record, when that
    record is among ``checked`` (the last of them, if the game's record is there twice); or
    that it was taken as it stands, and how to check it. An origin's record is read again
    (``read_again``), one at a time, and checked against every fork of it."""
    origins = {
        str(item.record.header.get("game_id")): item for item in checked if item.record is not None
    }
    forks: dict[str, list[tuple[GameForked, Verdict]]] = {}
    for item in checked:
        start = item.record.fork if item.record is not None else None
        if start is None or item.verdict.cannot_verify:  # other rules: no state to compare
            continue
        if start.origin_game_id in origins:
            forks.setdefault(start.origin_game_id, []).append((start, item.verdict))
        else:
            item.verdict.fork_start = "a fork: its start is taken as it stands (origin not given)"
            item.verdict.checks.append(
                f"a what-if fork of game {start.origin_game_id} from version "
                f"{start.origin_version}: its starting state is taken as it stands; verify "
                "the fork beside that game's record to check it"
            )
    wanted = {id(origins[game_id]): game_id for game_id in forks}
    for item, origin in read_again(lambda item: id(item) in wanted):
        for start, verdict in forks[wanted[id(item)]]:
            _compare(start, origin, verdict)


def _compare(start: GameForked, origin: GameRecord, verdict: Verdict) -> None:
    where = f"game {start.origin_game_id} at version {start.origin_version}"
    problem = _mismatch(start, origin)
    if problem is None:
        verdict.fork_start = f"a fork: its start matches {where}"
        verdict.checks.append(
            f"starts where {where} stands in its record (chain value and whole state)"
        )
    else:
        verdict.problems.append(f"its start does not match {where}: {problem}")


def _mismatch(start: GameForked, origin: GameRecord) -> str | None:
    """Why the fork's start is not the origin's state at its version; None when it is."""
    events = origin.events
    if not 1 <= start.origin_version <= len(events):
        return f"that record holds versions 1 to {len(events)}"
    if events[start.origin_version - 1].chain != start.origin_chain:
        return "the chain value there is not the one the fork names"
    try:
        rules = rules_for(str(origin.header.get("game")))
        codec = Codec.combine(META_CODEC, rules.events)
        state = fold(rules, (codec.decode(r.event) for r in events[: start.origin_version]))
    except (GameError, ValueError) as exc:
        return f"its events up to there cannot be read ({exc})"
    if not _copied(rules, to_json(state), start.state):
        return "the state the fork copied is not the one its events lead to"
    return None


def _copied(rules: AnyRules, folded: Any, copy: Any) -> bool:
    """Whether ``copy``, the state a fork copied (JSON), is ``folded``: every field alike, but
    for a field the state gained after the fork was stored, which its copy lacks and reads as
    its default (``GameRules.state_fields_added``: Bruges's and Burgundy's turn count)."""
    if not isinstance(folded, dict) or not isinstance(copy, dict):
        return bool(folded == copy)
    unwritten = rules.state_fields_added - copy.keys()
    return {name: value for name, value in folded.items() if name not in unwritten} == copy
