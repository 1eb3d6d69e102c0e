"""Recorded events, the per-game hash chain, and the ``.jsonl`` record file
(docs/architecture.md §5).

Each recorded event carries ``chain = sha256(previous chain + canonical JSON of the event
line without its chain)``; the first event chains from 64 zeros. The first event is
``GameCreated``, which names the game id, so a chain is bound to its game. Editing, dropping
or reordering any line breaks every chain value after it.

A record file is one header line, one line per event, and (for a finished game) a result line.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO

from games.core.codec import Codec, Encoded, encoded_from_json
from games.core.errors import CodecError, RecordError
from games.core.jsonable import JSON
from games.core.meta import META_CODEC, Cause, CauseKind, GameCreated, SeatTaken
from games.core.rules import AnyRules, fold

RECORD_FORMAT = 1
RECORD_KIND = "tabletop.record"
GENESIS = "0" * 64
SHARED_TYPES = frozenset(META_CODEC.name_of(cls) for cls in META_CODEC.classes)
"""The stored type names of the events every stream shares (``core.GameCreated``, ...)."""


def canonical(value: JSON) -> bytes:
    """The one byte form hashed by the chain: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass(frozen=True)
class Recorded:
    """One stored event: its version in the game, when, what, why, and its chain value."""

    version: int
    at: str
    event: Encoded
    cause: Cause
    chain: str

    def body(self) -> dict[str, JSON]:
        return {
            "version": self.version,
            "at": self.at,
            "event": self.event.as_json(),
            "cause": self.cause.as_json(),
        }

    def as_json(self) -> dict[str, JSON]:
        return {**self.body(), "chain": self.chain}

    @staticmethod
    def sealed(
        previous_chain: str, version: int, at: str, event: Encoded, cause: Cause
    ) -> Recorded:
        """A new recorded event whose chain continues from ``previous_chain``."""
        unsealed = Recorded(version, at, event, cause, "")
        return Recorded(version, at, event, cause, chain_after(previous_chain, unsealed))

    @staticmethod
    def from_json(data: JSON) -> Recorded:
        try:
            cause = data["cause"]
            action = cause.get("action")
            return Recorded(
                version=int(data["version"]),
                at=str(data["at"]),
                event=encoded_from_json(data["event"]),
                cause=Cause(
                    kind=CauseKind(cause["kind"]),
                    command_id=str(cause.get("command_id", "")),
                    seat=cause.get("seat"),
                    action=None if action is None else encoded_from_json(action),
                ),
                chain=str(data["chain"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError, CodecError) as exc:
            raise RecordError(f"not a recorded event: {exc}") from exc


def chain_after(previous_chain: str, recorded: Recorded) -> str:
    return hashlib.sha256(previous_chain.encode() + canonical(recorded.body())).hexdigest()


def chain_breaks(events: Iterable[Recorded]) -> Iterator[str]:
    """Describe every place where versions or chain values do not follow on."""
    previous = GENESIS
    for expected_version, recorded in enumerate(events, start=1):
        if recorded.version != expected_version:
            yield f"version {recorded.version} found where {expected_version} was expected"
        if chain_after(previous, recorded) != recorded.chain:
            yield f"version {recorded.version}: chain hash does not match its contents"
        previous = recorded.chain


@dataclass(frozen=True)
class GameRecord:
    """A whole game as a record file holds it."""

    header: dict[str, JSON]
    events: tuple[Recorded, ...]
    result: dict[str, JSON] | None

    def lines(self) -> Iterator[str]:
        """The record file's lines, the same bytes for the same record wherever it is written
        (``record_line``): an export twice, and the tournament archive's copy."""
        yield record_line({"record": RECORD_KIND, "format": RECORD_FORMAT, **self.header})
        for recorded in self.events:
            yield record_line(recorded.as_json(), ascii_only=False)
        if self.result is not None:
            yield record_line({"result": self.result})

    def write(self, stream: IO[str]) -> None:
        for line in self.lines():
            stream.write(line + "\n")


def record_line(fields: dict[str, JSON], *, ascii_only: bool = True) -> str:
    """One line of a record file: its fields in the documented order (docs/record-format.md),
    every object within them with sorted keys.

    A payload's keys come in whatever order its source kept (a protobuf Struct keeps none),
    so without sorting the same record read twice from a server could be written two ways.
    Key order is no part of the chain, which hashes ``canonical`` JSON.
    """
    return json.dumps(
        {key: _sorted_keys(value) for key, value in fields.items()}, ensure_ascii=ascii_only
    )


def _sorted_keys(value: JSON) -> JSON:
    if isinstance(value, dict):
        return {key: _sorted_keys(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_sorted_keys(item) for item in value]
    return value


def read_record(lines: Iterable[str]) -> GameRecord:
    """Parse a record file; raises RecordError naming the first bad line."""
    header: dict[str, JSON] | None = None
    events: list[Recorded] = []
    result: dict[str, JSON] | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        if header is None:
            header = _header_line(number, line)
            continue
        data = _parse_line(number, line)
        if result is not None:
            raise RecordError(f"line {number}: nothing may follow the result line")
        if "result" in data:
            require_format_fields(f"line {number}", data, {"result": None})
            result = data["result"]
        else:
            events.append(_event(number, data))
    if header is None:
        raise RecordError("the record is empty")
    return GameRecord(header, tuple(events), result)


def _parse_line(number: int, line: str) -> dict[str, JSON]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise RecordError(f"line {number}: not JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise RecordError(f"line {number}: expected a JSON object")
    return data


def _header_line(number: int, line: str) -> dict[str, JSON]:
    try:
        data = _parse_line(number, line)
    except RecordError:
        raise RecordError(f"not a {RECORD_KIND} file: line {number} is not a JSON header") from None
    if data.get("record") != RECORD_KIND or data.get("format") != RECORD_FORMAT:
        raise RecordError(f"line {number}: not a {RECORD_KIND} format {RECORD_FORMAT} header")
    return {k: v for k, v in data.items() if k not in ("record", "format")}


def _event(number: int, data: dict[str, JSON]) -> Recorded:
    try:
        recorded = Recorded.from_json(data)
    except RecordError as exc:
        raise RecordError(f"line {number}: {exc}") from exc
    formatted = recorded.as_json()
    require_format_fields(f"line {number}", data, formatted)
    if canonical(data) != canonical(formatted):
        raise RecordError(
            f"line {number}: {_retyped(data, formatted)} is not written as the record format "
            "writes it, so it has been edited (the chain covers the values read from it)"
        )
    return recorded


def _retyped(given: dict[str, JSON], formatted: dict[str, JSON], where: str = "") -> str:
    """The first field of an event line that reads as the value the format wrote but is
    written otherwise (``"version": "7"``, ``7.0`` or ``true`` for 1, a command id as a number,
    a field left out that reads as its default): the chain is taken over the value read, so
    such an edit would not break it, where the format promises that any edit of a line does
    (docs/record-format.md)."""
    for key in sorted(formatted):
        if key not in given:
            return f"{where}{key}"
        inner, read = given[key], formatted[key]
        if isinstance(inner, dict) and isinstance(read, dict):
            if canonical(inner) != canonical(read):
                return _retyped(inner, read, f"{where}{key}.")
        elif canonical(inner) != canonical(read):
            return f"{where}{key}"
    return where.rstrip(".") or "a field"


def require_format_fields(place: str, given: JSON, formatted: JSON, where: str = "") -> None:
    """Refuse a field the record format does not have, at any of its own levels (a line, its
    event and cause, a cause's action; a payload is taken whole): nothing reads such a field,
    so the chain, taken over the fields read, would not show it was added, where the format
    promises that any edit of a line breaks it (docs/record-format.md). ``place`` names where
    ``given`` stands (``line 5``); ``formatted`` is what the format reads of it. The
    tournament record is held to the same promise (docs/tournaments.md, "The archive")."""
    if not isinstance(given, dict) or not isinstance(formatted, dict) or where.endswith("data."):
        return
    for key in sorted(given):
        if key not in formatted:
            raise RecordError(
                f"{place}: {where}{key} is not a field of the record format, so it has been "
                "edited (the chain and the checks cover the format's fields alone)"
            )
        require_format_fields(place, given[key], formatted[key], f"{where}{key}.")


def record_of(rules: AnyRules, events: Sequence[Recorded]) -> GameRecord:
    """The record file of a game from its recorded events alone.

    The header comes from ``GameCreated`` and the ``SeatTaken`` events; the result line from
    folding every event, with the chain value it closes on.
    """
    codec = Codec.combine(META_CODEC, rules.events)
    decoded = [codec.decode(recorded.event) for recorded in events]
    header = _header_of(decoded)
    outcome = rules.outcome(fold(rules, decoded))
    result: dict[str, JSON] | None = None
    if outcome is not None:
        result = {
            "scores": list(outcome.scores),
            "places": list(outcome.places),
            "chain": events[-1].chain,
        }
    return GameRecord(header, tuple(events), result)


def shared_events(events: Iterable[Recorded]) -> list[object]:
    """The decoded events every game shares (``core.*``), read without any game's rules."""
    return [META_CODEC.decode(r.event) for r in events if r.event.type in SHARED_TYPES]


def header_of(events: Sequence[Recorded]) -> dict[str, JSON]:
    """The header line of a record of ``events``, read from ``GameCreated`` and ``SeatTaken``
    alone: it needs no game's rules, so it can be checked even when the rules the game was
    recorded under are not this build's (``rules_version_gap``)."""
    if not events or events[0].event.type != META_CODEC.name_of(GameCreated):
        raise RecordError("a game's first event must be GameCreated")
    return _header_of(shared_events(events))


def _header_of(decoded: Sequence[object]) -> dict[str, JSON]:
    created = decoded[0] if decoded else None
    if not isinstance(created, GameCreated):
        raise RecordError("a game's first event must be GameCreated")
    players = [""] * created.seats
    for event in decoded:
        if isinstance(event, SeatTaken) and 0 <= event.seat < created.seats:
            players[event.seat] = event.player
    return _header(created, players)


def _header(created: GameCreated, players: list[str]) -> dict[str, JSON]:
    origin: dict[str, JSON] = {}
    if created.origin_game_id:
        origin = {
            "origin_game_id": created.origin_game_id,
            "origin_version": created.origin_version,
        }
    return {
        "game_id": created.game_id,
        "game": created.game,
        "rules_version": created.rules_version,
        "ruleset": created.ruleset,
        "seats": created.seats,
        "players": players,
        "tournament": created.tournament,
        "round": created.round,
        "table": created.table,
        "seed_commitment": created.seed_commitment,
        **origin,
    }
