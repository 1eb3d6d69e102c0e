"""What ``tabletop verify`` reads at a path: a record file, a folder or a .zip/.tar archive of
them, and, when it holds ``tournament.json``, a tournament archive checked as a whole
(``replay.tournament``, docs/tournaments.md "The archive")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from games.core import GameRecord, RecordError
from games.core.tournament_record import TOURNAMENT_FILE, TournamentRecord
from replay.sources import member_text, record_files, tournament_record
from replay.tournament import STANDINGS_FILE, membership_problems, verify_tournament
from replay.verify import Checked, Verdict, verify_record

Found = tuple[str, Callable[[], GameRecord]]
Progress = Callable[[list[Found]], Iterable[Found]]


def verify_path(path: Path, progress: Progress = iter) -> list[Checked]:
    """Every game record at ``path``, verified; for a tournament archive, its own record first,
    and each game file also failed when it is not one of the tournament's games.

    ``progress`` wraps the files as they are checked (a progress bar for many).
    """
    checked = [_checked(name, load) for name, load in progress(list(record_files(path)))]
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
    return Checked(name, record, verify_record(record))


def _member(tournament: TournamentRecord, item: Checked) -> Checked:
    """``item`` failed, first of all, for not being one of ``tournament``'s games."""
    problems = membership_problems(tournament, item.name, item.record)
    if not problems:
        return item
    return replace(
        item, verdict=replace(item.verdict, problems=[*problems, *item.verdict.problems])
    )
