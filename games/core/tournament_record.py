"""The tournament record (``tournament.json`` of an archive, docs/tournaments.md): a
tournament's own events, hash-chained like a game's record (docs/record-format.md).

It lives beside the game record format because both the service, which writes it, and the
replay tool, which checks an archive offline, need it, and neither may depend on the other.
Its events are read here only as encoded payloads: checking the chain and the results'
binding to game records needs no tournament rules.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from games.core.codec import Encoded, encoded_from_json
from games.core.errors import CodecError, RecordError
from games.core.jsonable import JSON
from games.core.record import GENESIS, canonical

TOURNAMENT_RECORD_KIND = "tabletop.tournament"
TOURNAMENT_RECORD_FORMAT = 1
RESULT_EVENT = "tournament.ResultRecorded"
"""The event that binds a table's result to the chain value its game's record closes on."""


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
    """A parsed ``tournament.json``: its events and which archive file holds each game."""

    tournament_id: str
    entries: list[Entry]
    game_files: dict[str, str | None]  # game id -> its record's path in the archive, if any

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
        except (KeyError, TypeError, CodecError) as exc:
            raise RecordError(f"the tournament record is malformed: {exc}") from exc
        if any(file is not None and not isinstance(file, str) for file in files.values()):
            raise RecordError("the tournament record names a game file that is not a path")
        return TournamentRecord(str(document.get("tournament_id", "")), entries, files)

    def unbound_results(self, closing_chains: Mapping[str, str]) -> list[str]:
        """Every recorded result whose game record is missing or closes on another chain.

        ``closing_chains`` maps each archive file to the chain value its record closes on.
        """
        problems = []
        for entry in self.entries:
            if entry.event.type != RESULT_EVENT:
                continue
            game_id, chain = str(entry.event.data.get("game_id")), entry.event.data.get("chain")
            file = self.game_files.get(game_id)
            if file is None:
                problems.append(f"version {entry.version}: game {game_id} has no record here")
            elif file not in closing_chains:
                problems.append(f"version {entry.version}: {file} is missing or unreadable")
            elif closing_chains[file] != chain:
                problems.append(
                    f"version {entry.version}: the result of game {game_id} is bound to chain "
                    f"{str(chain)[:12]}…, but {file} closes on {closing_chains[file][:12]}…"
                )
        return problems
