"""The tournament record (``tournament.json`` of an archive, docs/tournaments.md): a
tournament's own events, hash-chained like a game's record (docs/record-format.md).

It lives beside the game record format because both the service, which writes it, and the
replay tool, which checks an archive offline, need it, and neither may depend on the other.
Its events are read here only as encoded payloads; the replay tool decodes them with
``tournament_events`` to check results, seatings and standings against the game records.

A result is bound to the chain value of its game's end (``end_chain``), not to the last line
of the game's record: disputes may be appended after the end, and must not unbind it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.core.codec import Encoded, encoded_from_json
from games.core.errors import CodecError, RecordError
from games.core.jsonable import JSON
from games.core.meta import META_CODEC, CauseKind, DisputeOpened, DisputeRuled, SeedRevealed
from games.core.record import GENESIS, Recorded, canonical, require_format_fields

TOURNAMENT_FILE = "tournament.json"
"""Where an archive holds the tournament record."""
TOURNAMENT_RECORD_KIND = "tabletop.tournament"
TOURNAMENT_RECORD_FORMAT = 1
RESULT_EVENT = "tournament.ResultRecorded"
"""The event that binds a table's result to the chain value of its game's end."""
GAME_END = META_CODEC.name_of(SeedRevealed)
"""A game's last game event: the rules append it to the batch that ends the game."""
AFTER_THE_END = frozenset(META_CODEC.name_of(cls) for cls in (DisputeOpened, DisputeRuled))
"""The only events a game's stream may hold after its end."""
RECORD_FIELDS = ("record", "format", "tournament_id", "name", "games", "events")
"""The fields of ``tournament.json`` itself (docs/tournaments.md, "The archive")."""
LISTED_GAME_FIELDS = ("round", "table", "game_id", "file")
"""The fields of each game in its list of games."""


@dataclass(frozen=True)
class Entry:
    """One stored tournament event: its version, when, what, and its chain value."""

    version: int
    at: str
    event: Encoded
    chain: str

    def body(self) -> dict[str, JSON]:
        return {"version": self.version, "at": self.at, "event": self.event.as_json()}

    def as_json(self) -> dict[str, JSON]:
        return {**self.body(), "chain": self.chain}

    @staticmethod
    def sealed(previous_chain: str, version: int, at: str, event: Encoded) -> Entry:
        unsealed = Entry(version, at, event, "")
        return Entry(version, at, event, entry_chain(previous_chain, unsealed))

    @staticmethod
    def from_json(data: JSON) -> Entry:
        try:
            version, at, chain = int(data["version"]), str(data["at"]), str(data["chain"])
            return Entry(version, at, encoded_from_json(data["event"]), chain)
        except (KeyError, TypeError, ValueError, CodecError) as exc:
            raise CodecError(f"not a tournament entry: {exc}") from exc


def entry_chain(previous_chain: str, entry: Entry) -> str:
    """The chain rule of game records (docs/record-format.md), over tournament entries."""
    return hashlib.sha256(previous_chain.encode() + canonical(entry.body())).hexdigest()


def chain_breaks(entries: list[Entry]) -> list[str]:
    """Every place where versions or chain values of a tournament record do not follow on."""
    problems, previous = [], GENESIS
    for expected, entry in enumerate(entries, start=1):
        if entry.version != expected:
            problems.append(f"version {entry.version} found where {expected} was expected")
        if entry_chain(previous, entry) != entry.chain:
            problems.append(f"version {entry.version}: chain hash does not match its contents")
        previous = entry.chain
    return problems


@dataclass(frozen=True)
class TournamentRecord:
    """A parsed ``tournament.json``: its events, which archive file holds each game, and the
    fields that lie outside the chain (its name, each listed game's round and table), which
    the replay tool checks against the events."""

    tournament_id: str
    entries: list[Entry]
    game_files: dict[str, str | None]  # game id -> its record's path in the archive, if any
    name: str = ""
    listed_at: dict[str, tuple[JSON, JSON]] = field(default_factory=dict)  # id -> round, table

    @staticmethod
    def from_json(document: JSON) -> TournamentRecord:
        """RecordError when ``document`` is not a tournament record this version can read."""
        if not isinstance(document, dict) or document.get("record") != TOURNAMENT_RECORD_KIND:
            raise RecordError("not a tournament record")
        if document.get("format") != TOURNAMENT_RECORD_FORMAT:
            raise RecordError(f"tournament record format {document.get('format')!r} is unknown")
        try:
            entries = [Entry.from_json(item) for item in document["events"]]
            files = {str(g["game_id"]): g["file"] for g in document["games"]}
            listed_at = {
                str(g["game_id"]): (g.get("round"), g.get("table")) for g in document["games"]
            }
        except (KeyError, TypeError, CodecError) as exc:
            raise RecordError(f"the tournament record is malformed: {exc}") from exc
        _require_format_fields(document, entries)
        if any(file is not None and not isinstance(file, str) for file in files.values()):
            raise RecordError("the tournament record names a game file that is not a path")
        tournament_id, name = str(document.get("tournament_id", "")), str(document.get("name", ""))
        return TournamentRecord(tournament_id, entries, files, name, listed_at)

    @property
    def listed_files(self) -> dict[str, str]:
        """Each game file the record lists, with the id of the game it holds."""
        return {file: game_id for game_id, file in self.game_files.items() if file is not None}


def _require_format_fields(document: dict[str, JSON], entries: list[Entry]) -> None:
    """Refuse a field the format does not have, anywhere but in an event's payload (which the
    chain takes whole), as game records do (``require_format_fields``): nothing reads it, and
    neither the chain nor the checks against the game records would show it was added."""
    require_format_fields(TOURNAMENT_FILE, document, dict.fromkeys(RECORD_FIELDS))
    for number, listed in enumerate(document["games"], start=1):
        require_format_fields(
            f"game {number} of its list", listed, dict.fromkeys(LISTED_GAME_FIELDS)
        )
    for entry, item in zip(entries, document["events"], strict=True):
        require_format_fields(f"version {entry.version}", item, entry.as_json())


def end_chain(events: Sequence[Recorded]) -> str:
    """The chain value a tournament result binds: that of the game's end, ``core.SeedRevealed``.

    A dispute opened or ruled after the end is appended to the game's stream, so the stream's
    last chain value moves on while the game and its result stay as they were; binding the end
    keeps a result recorded before a dispute, and one recorded after it, bound to the same
    value. Only dispute events may follow the end. RecordError when the events never reach
    an end, or when anything else follows it.
    """
    index = next((i for i, r in enumerate(events) if r.event.type == GAME_END), None)
    if index is None:
        raise RecordError(f"the record never reaches the game's end ({GAME_END})")
    end = events[index]
    for recorded in events[index + 1 :]:
        if recorded.cause.kind is not CauseKind.DISPUTE or recorded.event.type not in AFTER_THE_END:
            raise RecordError(
                f"only dispute events may follow its end (version {end.version}), "
                f"but version {recorded.version} is {recorded.event.type}"
            )
    return end.chain
