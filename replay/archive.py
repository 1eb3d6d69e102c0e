"""What ``tabletop verify`` reads at a path: a record file, a folder or a .zip/.tar archive of
them, and, when it holds ``tournament.json``, a tournament archive checked as a whole
(``replay.tournament``, docs/tournaments.md "The archive").

Records are read and verified one at a time, and only a ``RecordSummary`` of each is kept:
a tournament of thousands of games is verified in the memory one game takes. The checks made
once every record has been verified and that need a record's events (a fork's start against
its origin, a last chain value against a trusted one) read it again (``read_again``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from games.core import GameRecord, RecordError
from games.core.tournament_record import TOURNAMENT_FILE, TournamentRecord, end_chain
from replay.forks import fork_start
from replay.sources import member_text, record_count, record_files, tournament_record
from replay.tournament import STANDINGS_FILE, membership_problems, verify_tournament
from replay.verify import Checked, RecordSummary, Verdict, Wanted, verify_record

Found = tuple[str, Callable[[], GameRecord]]
Progress = Callable[[Iterable[Found], int], Iterable[Found]]
"""Wraps the records at a path, given how many there are, as they are checked."""


def _unshown(found: Iterable[Found], count: int) -> Iterable[Found]:
    return found


def verify_path(path: Path, progress: Progress = _unshown) -> list[Checked]:
    """Every game record at ``path``, verified; for a tournament archive, its own record first,
    and each game file also failed when it is not one of the tournament's games.

    ``progress`` wraps the files as they are checked (a progress bar for many).
    """
    found = progress(record_files(path), record_count(path))
    # Read in the order stored (``record_files``), reported by name.
    checked = sorted((_checked(name, load) for name, load in found), key=lambda c: c.name)
    try:
        tournament = tournament_record(path)
        standings = member_text(path, STANDINGS_FILE) if tournament is not None else None
    except RecordError as exc:
        return [Checked(TOURNAMENT_FILE, None, Verdict(problems=[str(exc)])), *checked]
    if tournament is None:
        return checked
    games = {item.name: item for item in checked}
    # The game files' own verdicts bind the results, before membership is added to them.
    verdict = verify_tournament(tournament, games, standings)
    return [Checked(TOURNAMENT_FILE, None, verdict), *(_member(tournament, c) for c in checked)]


def _checked(name: str, load: Callable[[], GameRecord]) -> Checked:
    """One record file, verified; one that cannot be read fails alone, not the sweep."""
    try:
        record = load()
    except RecordError as exc:
        return Checked(name, None, Verdict(problems=[str(exc)]))
    return Checked(name, summary(record), verify_record(record))


def summary(record: GameRecord) -> RecordSummary:
    """What is kept of ``record`` once it is verified (``RecordSummary``)."""
    try:
        end, no_end = end_chain(record.events), ""
    except RecordError as exc:
        end, no_end = "", str(exc)
    return RecordSummary(
        header=record.header,
        result=record.result,
        end=end,
        no_end=no_end,
        fork=fork_start(record),
        fingerprint=_fingerprint(record),
    )


def _fingerprint(record: GameRecord) -> bytes:
    """A digest of the versions and chain values of ``record``'s events: the chain values
    seal the events, so a record read again with this digest is the one verified, as far as
    any check of a record whose chain holds can tell."""
    digest = hashlib.sha256()
    for recorded in record.events:
        digest.update(f"{recorded.version} {recorded.chain}\n".encode())
    return digest.digest()


def read_again(
    found: Sequence[tuple[Path, Sequence[Checked]]], wanted: Wanted
) -> Iterator[tuple[Checked, GameRecord]]:
    """Each record of ``found`` (every path named, with what ``verify_path`` found there) that
    was read and that ``wanted`` picks, with its record read again, one at a time, in the
    order its path stores them (``record_files``).

    RecordError when a path no longer holds the records verified there: the checks made on
    the records read again must be made on those verified."""
    for path, items in found:
        games: dict[str, list[Checked]] = {}
        for item in items:  # a name held twice (a tar may) keeps its order of storing
            if not _tournament_own(item):
                games.setdefault(item.name, []).append(item)
        for name, load in record_files(path):
            if not games.get(name):
                raise _changed(path)
            item = games[name].pop(0)
            if item.record is None or not wanted(item):
                continue
            record = load()
            if _fingerprint(record) != item.record.fingerprint:
                raise _changed(path, item.name)
            yield item, record
        if any(games.values()):
            raise _changed(path)


def _tournament_own(item: Checked) -> bool:
    """Whether ``item`` is a tournament archive's own record, which ``record_files`` omits."""
    return item.name == TOURNAMENT_FILE and item.record is None


def _changed(path: Path, name: str = "") -> RecordError:
    where = f"{name} in {path}" if name else str(path)
    return RecordError(f"{where} changed while it was being verified: verify it again")


def _member(tournament: TournamentRecord, item: Checked) -> Checked:
    """``item`` failed, first of all, for not being one of ``tournament``'s games."""
    problems = membership_problems(tournament, item.name, item.record)
    if not problems:
        return item
    return replace(
        item, verdict=replace(item.verdict, problems=[*problems, *item.verdict.problems])
    )
