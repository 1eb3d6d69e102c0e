"""Verify a game record offline (docs/architecture.md §5).

1. The hash chain is intact: no event edited, dropped, inserted or reordered.
2. The header and result lines agree with the events.
3. The seed revealed at the end matches the commitment made at the start.
4. Re-running the rules on every recorded cause — the opening, and ``decide`` on each action
   with chance derived from the revealed seed — reproduces exactly the recorded events.

Checks 2 (the result line's scores and places) and 4 need the rules the game was played under.
A record whose ``GameCreated`` names another rules version than this build implements is
neither verified nor failed: its verdict says it cannot be verified here and why, after the
checks that need no rules — the chain, the header, the result line's closing chain value, the
seed — have run. Those can still fail it. Calling it failed would tell an arbiter that a
record was tampered with when only the rules have changed since (docs/record-format.md).
Times that go back are noted, not failed (``replay.times``).

None of this shows that a record is the one the server holds: a forger who re-hashes every
line from scratch (renaming a player, say) or cuts a finished record short (it then reads as
a game in play) leaves it consistent and legal. Authenticity needs the record's last chain
value from a trusted source (``replay.trusted``). A tournament archive as a whole is checked
by ``replay.tournament``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import groupby

from games.core import (
    Cause,
    CauseKind,
    GameError,
    GameRecord,
    Recorded,
    RecordError,
    SeededChance,
    SeedRevealed,
    commitment,
    fold,
)
from games.core.codec import Codec
from games.core.jsonable import JSON
from games.core.meta import (
    META_CODEC,
    DisputeOpened,
    DisputeRuled,
    GameCreated,
    GameForked,
    SeatTaken,
)
from games.core.record import chain_breaks, header_of, record_of, shared_events
from games.core.rules import AnyRules, rules_version_gap
from games.core.visible import record_hidden_text
from games.core.wording import counted
from games.registry import rules_for
from replay.times import times_going_back


class Conclusion(StrEnum):
    """What a verdict comes to; ``tabletop verify`` exits 0, 1, 3 or 4 accordingly."""

    VERIFIED = "verified"
    FAILED = "failed"
    CANNOT_VERIFY = "cannot verify"
    NOT_COMPARED = "not compared"


@dataclass
class Verdict:
    """What verification found: ``problems`` empty means no check failed; the record is
    verified when, besides, every check could run (``cannot_verify`` and ``not_compared``
    empty)."""

    checks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    events: int = 0
    cannot_verify: str = ""
    """Why the checks that need the game's rules were not run: the record names another
    rules version than this build's (``rules_version_gap``); "" when they ran."""
    in_play: bool = False
    """The record holds no revealed seed: a game in play, whose decisions cannot be re-run
    yet (or a finished record cut short, which only a trusted last chain value tells)."""
    fork_start: str = ""
    """For a what-if fork, in a few words, whether its start was checked against its origin's
    record (``replay.forks``); "" for a game that is no fork, or before that check."""
    times_back: str = ""
    """Where an event is stamped earlier than the one before it (``replay.times``); "" when
    the times run forward. A note, never a problem: no server promises that they do."""
    not_compared: str = ""
    """Why the record's last chain value was not compared with the server's game, as
    ``--server`` asked (``replay.trusted``): the server could not be reached, did not
    answer, or would not show this caller the game; "" when it was compared, or when no
    server was named."""

    @property
    def conclusion(self) -> Conclusion:
        """A problem fails the record whatever else is true; otherwise a record with a check
        left undone is neither verified nor failed: not compared, when the server named could
        not be asked (the one to see to first: it may hold only until the server answers),
        else cannot verify, when its rules could not be re-run."""
        if self.problems:
            return Conclusion.FAILED
        if self.not_compared:
            return Conclusion.NOT_COMPARED
        return Conclusion.CANNOT_VERIFY if self.cannot_verify else Conclusion.VERIFIED

    @property
    def ok(self) -> bool:
        return self.conclusion is Conclusion.VERIFIED


@dataclass(frozen=True)
class RecordSummary:
    """What is kept of a verified record for the checks made once every record has been
    verified on its own: a tournament's (``replay.tournament``), a fork's start
    (``replay.forks``). Never its events: a 4-player record takes about a megabyte once
    read, and a large tournament's archive holds thousands; a check that needs them reads
    the record again (``replay.archive.read_again``)."""

    header: dict[str, JSON]
    result: dict[str, JSON] | None
    end: str
    """The chain value at the game's end (``end_chain``); "" when it has none."""
    no_end: str
    """Why it has none (``end_chain``'s RecordError); "" when it has one."""
    fork: GameForked | None
    """A what-if fork's start (``replay.forks.fork_start``); None for a game that is no fork."""
    fingerprint: bytes
    """A digest of its events' versions and chain values, which tells the record read again
    from the one verified."""

    def end_chain(self) -> str:
        """``end_chain`` of the record's events: RecordError when they never reach an end, or
        go on past it with more than disputes."""
        if self.no_end:
            raise RecordError(self.no_end)
        return self.end


@dataclass(frozen=True)
class Checked:
    """One record file as ``tabletop verify`` checked it: its name in the folder or archive,
    what is kept of its record (None when it could not be read, and for a tournament's own
    record) and the verdict."""

    name: str
    record: RecordSummary | None
    verdict: Verdict


Wanted = Callable[[Checked], bool]
ReadAgain = Callable[[Wanted], Iterator[tuple[Checked, GameRecord]]]
"""Each record verified that ``Wanted`` picks, with its record read again, one at a time
(``replay.archive.read_again``): for the checks made once every record is verified that need
a record's events, which ``RecordSummary`` does not keep."""


BREAKS_LISTED = 5
"""Chain breaks listed one by one before the rest are counted: a dropped or inserted line puts
every later version out of place, and the first breaks already say where it happened."""


def verify_record(record: GameRecord) -> Verdict:
    verdict = Verdict(events=len(record.events))
    breaks = list(chain_breaks(record.events))
    verdict.problems += _listed(breaks)
    verdict.problems += list(record_hidden_text(record))
    if not breaks:
        verdict.checks.append(f"hash chain over {counted(len(record.events), 'event')}")
    if breaks or not record.events:
        verdict.problems += [] if record.events else ["the record holds no events"]
        return verdict
    verdict.times_back = times_going_back(record.events)
    try:
        verdict.cannot_verify = _rules_gap(record.events[0])
        if verdict.cannot_verify:
            _check_without_rules(record, verdict)
            return verdict
        rules = _rules_of(record)
        _check_summary(record, rules, verdict)
        _check_decisions(record.events, rules, verdict)
    except GameError as exc:
        verdict.problems.append(f"cannot read the events: {exc}")
    return verdict


def _listed(breaks: list[str]) -> list[str]:
    """The first ``BREAKS_LISTED`` chain breaks, and how many more there are."""
    if len(breaks) <= BREAKS_LISTED:
        return breaks
    more = len(breaks) - BREAKS_LISTED
    return [
        *breaks[:BREAKS_LISTED],
        f"… and {more} more places where versions or chain values do not follow on",
    ]


def _rules_gap(first: Recorded) -> str:
    """Why this build cannot re-run the rules of the game ``first`` creates ("" when it can).

    The rules version is read from ``GameCreated``, which the chain seals; the header only
    copies it, and is checked against it. A first event that is no ``GameCreated`` is left to
    the usual checks to report.
    """
    created = _created(first)
    if created is None:
        return ""
    return rules_version_gap(rules_for(created.game), created.rules_version)


def _created(first: Recorded) -> GameCreated | None:
    """The record's first event as the ``GameCreated`` it should be; None when it is not."""
    if first.event.type != META_CODEC.name_of(GameCreated):
        return None
    created = META_CODEC.decode(first.event)
    assert isinstance(created, GameCreated)
    return created


def _rules_of(record: GameRecord) -> AnyRules:
    """The rules of the game the record's ``GameCreated`` names: the chain seals that event,
    while the header only copies it (an edited header is then reported as not matching the
    events, not as events no rules can read). A first event that is no ``GameCreated``
    leaves the header's game, and the usual checks report the rest."""
    created = _created(record.events[0])
    return rules_for(str(record.header.get("game")) if created is None else created.game)


def _check_without_rules(record: GameRecord, verdict: Verdict) -> None:
    """The checks no game's rules take part in, for a record this build cannot re-run: the
    header against ``GameCreated`` and ``SeatTaken``, the result line's closing chain value,
    and the revealed seed against its commitment."""
    problems = []
    if header_of(record.events) != record.header:
        problems.append("the header line does not match the events")
    else:
        verdict.checks.append("header agrees with the events")
    shared = shared_events(record.events)
    created = shared[0]
    assert isinstance(created, GameCreated)
    seed = _revealed_seed(shared)
    if seed is None:
        verdict.in_play = True
        verdict.checks.append("the game is in play: its seed is secret")
    elif commitment(seed) != created.seed_commitment:
        problems.append("the revealed seed does not match the commitment in GameCreated")
    else:
        verdict.checks.append("revealed seed matches its commitment")
    if record.result is not None and record.result.get("chain") != record.events[-1].chain:
        problems.append("the result line does not close on the last event's chain")
    elif record.result is not None:
        verdict.checks.append("result line closes on the last event's chain")
    verdict.problems += problems


def _check_summary(record: GameRecord, rules: AnyRules, verdict: Verdict) -> None:
    rebuilt = record_of(rules, record.events)
    problems = []
    if rebuilt.header != record.header:
        problems.append("the header line does not match the events")
    if record.result is None and rebuilt.result is not None:
        problems.append("the result line is missing: the events end the game with a result")
    elif rebuilt.result != record.result:
        problems.append("the result line does not match the events")
    verdict.problems += problems
    if not problems:
        verdict.checks.append("header and result agree with the events")


def _check_decisions(events: Sequence[Recorded], rules: AnyRules, verdict: Verdict) -> None:
    codec = Codec.combine(META_CODEC, rules.events)
    decoded = [codec.decode(r.event) for r in events]
    created = decoded[0]
    assert isinstance(created, GameCreated)
    verdict.problems += list(_misplaced(events, decoded))
    seed = _revealed_seed(decoded)
    if seed is None:
        if rules.outcome(fold(rules, decoded)) is not None:
            verdict.problems.append("the game has ended but its seed was never revealed")
        else:
            verdict.in_play = True
            verdict.checks.append("the game is in play: its seed is secret, decisions not re-run")
        return
    if commitment(seed) != created.seed_commitment:
        verdict.problems.append("the revealed seed does not match the commitment in GameCreated")
        return
    verdict.checks.append("revealed seed matches its commitment")
    divergences = list(_replay_batches(events, decoded, rules, seed))
    verdict.problems += divergences
    if not divergences:  # claimed only when it holds: a ✓ beside a ✗ would contradict it
        verdict.checks.append("every recorded action re-decided with the revealed seed")


# Which events each kind of cause may hold, besides what the rules produce for it.
ONLY_THESE = {
    CauseKind.JOIN: (SeatTaken,),
    CauseKind.DISPUTE: (DisputeOpened, DisputeRuled),
}


def _misplaced(events: Sequence[Recorded], decoded: Sequence[object]) -> Iterator[str]:
    """Events no cause can have produced where they stand: the rules never re-run these."""
    reveal = next((i for i, e in enumerate(decoded) if isinstance(e, SeedRevealed)), None)
    created = decoded[0]
    forked = isinstance(created, GameCreated) and bool(created.origin_game_id)
    for index, (recorded, event) in enumerate(zip(events, decoded, strict=True)):
        version, kind = recorded.version, recorded.cause.kind
        if isinstance(event, GameCreated) != (index == 0):
            yield f"version {version}: GameCreated must be the first event, and only it"
        if isinstance(event, GameForked) != (forked and index == 1):
            yield f"version {version}: GameForked belongs right after a fork's GameCreated"
        allowed = ONLY_THESE.get(kind)
        if allowed is not None and not isinstance(event, allowed):
            yield f"version {version}: a {kind.value} cause holds {recorded.event.type}"
        if reveal is not None and index > reveal and kind is not CauseKind.DISPUTE:
            yield f"version {version}: only disputes may follow the seed's reveal"


def _revealed_seed(decoded: Sequence[object]) -> bytes | None:
    for event in decoded:
        if isinstance(event, SeedRevealed):
            return bytes.fromhex(event.seed)
    return None


def _replay_batches(
    events: Sequence[Recorded], decoded: Sequence[object], rules: AnyRules, seed: bytes
) -> Iterator[str]:
    """Re-run each batch's cause on the state before it and compare the events it yields.

    A batch is a run of events with one cause; every cause has its own command id, so
    consecutive batches never merge.
    """
    codec = Codec.combine(META_CODEC, rules.events)
    state = fold(rules, decoded[:1])
    for cause, group in groupby(range(1, len(events)), key=lambda i: events[i].cause):
        batch = list(group)
        before = events[batch[0] - 1].version
        recorded = [decoded[i] for i in batch]
        if cause.kind not in ONLY_THESE and not isinstance(recorded[0], GameForked):
            produced = _rerun(rules, state, cause, seed, before)
            problem = _divergence(recorded, produced, codec, before)
            if problem:
                yield problem
                return  # later batches start from a state the rules never reached
        state = fold(rules, [decoded[i] for i in batch], state)


def _divergence(
    recorded: list[object], produced: list[object] | str, codec: Codec, before: int
) -> str:
    """'' when the rules reproduce the batch; else the first divergent version and what differs.

    Events are compared as decoded values, so a record written under an older schema (and
    upcast when read) still verifies.
    """
    if isinstance(produced, str):
        return f"version {before + 1}: the rules refuse the recorded action ({produced})"
    for offset, (want, got) in enumerate(zip(recorded, produced, strict=False)):
        if want != got:
            return (
                f"version {before + 1 + offset}: recorded {_brief(codec, want)}, "
                f"but the rules produce {_brief(codec, got)}"
            )
    if len(recorded) != len(produced):
        version = before + 1 + min(len(recorded), len(produced))
        return (
            f"version {version}: the rules produce {len(produced)} events for this cause, "
            f"the record holds {len(recorded)}"
        )
    return ""


def _brief(codec: Codec, event: object) -> str:
    encoded = codec.encode(event)
    return f"{encoded.type} {json.dumps(encoded.data, sort_keys=True)}"


def _rerun(
    rules: AnyRules, state: object, cause: Cause, seed: bytes, before: int
) -> list[object] | str:
    """The events the rules produce for ``cause`` at version ``before``, or why they refuse."""
    chance = SeededChance(seed, str(before))
    if cause.kind is CauseKind.SETUP:
        return list(rules.opening(state, chance))
    if cause.action is None or cause.seat is None:
        return "the cause names no action or seat"
    try:
        action = rules.actions.decode(cause.action)
        events = list(rules.decide(state, cause.seat, action, chance))
    except GameError as exc:
        return str(exc)
    if rules.outcome(fold(rules, events, state)) is not None:
        events.append(SeedRevealed(seed=seed.hex()))
    return events
