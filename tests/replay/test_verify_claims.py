"""What ``tabletop verify`` claims, and only that (docs/record-format.md, "What tabletop verify
proves"): a check is shown as passed only when it passed; a record that is consistent but not
authentic (truncated, or re-hashed from scratch) verifies on its own and fails against a
trusted last chain value, given or read from a server; and ``tabletop replay`` warns about a
record that fails verification."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from games.core import Cause, CauseKind, GameRecord, Recorded, read_record
from games.core.meta import META_CODEC, DisputeOpened, SeatTaken
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.bus import LocalBus
from services.settings import Settings
from tests.replay.conftest import GOLDEN_FILES
from tests.replay.test_cli import ROOT, tabletop
from tests.support.forgery import resealed
from tests.support.play import play_random, seat_everyone

RECORD = GOLDEN_FILES[0]
REDECIDED = "✓ every recorded action re-decided with the revealed seed"


def _record(path: Path = RECORD) -> GameRecord:
    return read_record(path.read_text().splitlines())


def _write(path: Path, record: GameRecord) -> Path:
    path.write_text("".join(line + "\n" for line in record.lines()))
    return path


def _illegal(record: GameRecord) -> GameRecord:
    """One action's batch claimed by the other seat, every hash recomputed."""
    events = list(record.events)
    moved = next(r for r in events[40:] if r.cause.kind is CauseKind.ACTION).cause
    assert moved.seat is not None
    other = replace(moved, seat=1 - moved.seat)
    return resealed(record, [replace(r, cause=other) if r.cause == moved else r for r in events])


def _renamed(record: GameRecord) -> GameRecord:
    """The first seat's player renamed, every hash recomputed: legal, but not what was played."""

    def rename(recorded: Recorded) -> Recorded:
        if recorded.event.type != META_CODEC.name_of(SeatTaken):
            return recorded
        taken = META_CODEC.decode(recorded.event)
        assert isinstance(taken, SeatTaken)
        if taken.seat != 0:
            return recorded
        return replace(recorded, event=META_CODEC.encode(replace(taken, player="Mallory")))

    return resealed(record, [rename(r) for r in record.events])


def _truncated(record: GameRecord, version: int = 500) -> GameRecord:
    """The record cut after ``version``: its chain untouched, its result line gone."""
    return replace(record, events=record.events[:version], result=None)


# -- 4. a check is shown as passed only when it passed -------------------------------------


def test_a_failed_decision_check_is_not_also_shown_as_passed(tmp_path: Path) -> None:
    forged = _write(tmp_path / "forged.jsonl", _illegal(_record()))
    result = tabletop("verify", forged)
    assert result.returncode == 1
    assert "✗ version" in result.stderr
    assert REDECIDED not in result.stderr
    assert REDECIDED in tabletop("verify", RECORD).stderr


# -- 5. what verify proves, and the trusted last chain value --------------------------------


def test_an_in_play_record_says_so_in_the_table(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    _write(folder / "finished.jsonl", _record())
    _write(folder / "in-play.jsonl", _truncated(_record(), 60))
    command = [sys.executable, "-m", "cli.main", "verify", str(folder)]
    wide = {**os.environ, "COLUMNS": "250"}  # table cells unwrapped
    result = subprocess.run(command, capture_output=True, text=True, check=False, env=wide)
    assert result.returncode == 0, result.stdout + result.stderr
    row = next(line for line in result.stdout.splitlines() if "in-play.jsonl" in line)
    assert "verified (in play: no seed yet)" in row and "decisions not re-run" in row


def test_a_truncated_record_fails_against_the_trusted_last_chain(tmp_path: Path) -> None:
    record = _record()
    last = record.events[-1].chain
    truncated = _write(tmp_path / "truncated.jsonl", _truncated(record))
    alone = tabletop("verify", truncated)
    assert alone.returncode == 0 and "in play" in alone.stderr  # consistent, not authentic
    checked = tabletop("verify", truncated, "--chain", last)
    assert checked.returncode == 1
    assert "not the trusted last chain value" in " ".join(checked.stderr.split())
    whole = tabletop("verify", RECORD, "--chain", last)
    assert whole.returncode == 0, whole.stderr
    assert "✓ the record closes on the trusted last chain value" in whole.stderr


def test_a_record_rehashed_from_scratch_verifies_alone_and_fails_against_its_chain(
    tmp_path: Path,
) -> None:
    record = _record()
    renamed = _write(tmp_path / "renamed.jsonl", _renamed(record))
    assert tabletop("verify", renamed).returncode == 0  # consistent and legal
    checked = tabletop("verify", renamed, "--chain", record.events[-1].chain)
    assert checked.returncode == 1
    assert "not the trusted last chain value" in " ".join(checked.stderr.split())


def test_the_chain_a_tournament_binds_verifies_a_record_with_disputes_after_its_end(
    tmp_path: Path,
) -> None:
    record = _record()
    end = record.events[-1]
    assert end.event.type == "core.SeedRevealed"
    claim = META_CODEC.encode(DisputeOpened("d1", 40, "a wrong roll", "the arbiter"))
    opened = Recorded.sealed(
        end.chain, end.version + 1, end.at, claim, Cause(CauseKind.DISPUTE, "d1")
    )
    disputed = _write(tmp_path / "disputed.jsonl", resealed(record, [*record.events, opened]))
    result = tabletop("verify", disputed, "--chain", end.chain)
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stderr.split())
    assert "only disputes follow it (1 event after it, which that value does not vouch for" in said


def test_a_trusted_chain_that_differs_only_in_its_last_digits_is_told_apart() -> None:
    last = _record().events[-1].chain
    trusted = last[:-1] + ("0" if last[-1] != "0" else "1")
    result = tabletop("verify", RECORD, "--chain", trusted)
    assert result.returncode == 1
    said = " ".join(result.stderr.split())
    assert f"closes on chain {last} " in said and f"chain value {trusted}:" in said


def test_a_trusted_chain_goes_with_one_record_only(tmp_path: Path) -> None:
    result = tabletop("verify", RECORD, GOLDEN_FILES[1], "--chain", "0" * 64)
    assert result.returncode == 2
    assert "--chain is one record's last chain value" in " ".join(result.stderr.split())


def test_a_token_without_a_server_to_show_it_to_is_a_usage_error() -> None:
    result = tabletop("verify", RECORD, "--token", "arbiter")
    assert result.returncode == 2
    assert "give --server too" in " ".join(result.stderr.split())


Forge = Callable[[GameRecord], GameRecord]


@pytest.mark.parametrize(
    ("forge", "status", "message"),
    [
        (lambda r: r, 0, "✓ the record closes on the server's last chain value"),
        (lambda r: _truncated(r, 100), 1, "stops at version 100"),
        (_renamed, 1, "not the server's"),
    ],
    ids=["genuine", "truncated", "renamed"],
)
def test_verify_against_the_server_that_holds_the_game(
    served: tuple[str, GameRecord], tmp_path: Path, forge: Forge, status: int, message: str
) -> None:
    target, record = served
    path = _write(tmp_path / "game.jsonl", forge(record))
    result = tabletop("verify", path, "--server", target)
    assert result.returncode == status, result.stderr
    assert message in " ".join(result.stderr.split())


def test_a_record_of_a_game_the_server_does_not_hold_fails_alone(
    served: tuple[str, GameRecord], tmp_path: Path
) -> None:
    target, record = served
    folder = tmp_path / "records"
    folder.mkdir()
    _write(folder / "served.jsonl", record)
    _write(folder / "elsewhere.jsonl", _record())  # a golden game: never on this server
    result = tabletop("verify", folder, "--server", target)
    assert result.returncode == 1, result.stderr
    assert "1 verified, 1 failed" in result.stderr
    assert "Traceback" not in result.stderr


# -- 6. replay warns about a record that fails verification ----------------------------------


def test_replay_warns_in_one_line_about_a_record_that_fails_verification(tmp_path: Path) -> None:
    forged = _write(tmp_path / "forged.jsonl", _illegal(_record()))
    result = tabletop("replay", forged, "--at", "3")
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "fails verification" in warnings[0] and "tabletop verify" in warnings[0]
    assert "version" in warnings[0]
    honest = tabletop("replay", RECORD, "--at", "3")
    assert "warning" not in honest.stderr


def test_the_html_replay_of_a_record_that_fails_verification_says_so_on_the_page(
    tmp_path: Path,
) -> None:
    forged = _write(tmp_path / "forged.jsonl", _illegal(_record()))
    for record, caution in ((forged, True), (RECORD, False)):
        page = tmp_path / "page.html"
        result = tabletop("replay", record, "--html", page)
        assert result.returncode == 0, result.stderr
        shown = page.read_text()
        assert ('<p class="caution">this record fails verification (version' in shown) is caution


def test_a_dispute_report_on_a_forged_record_says_it_fails_verification(tmp_path: Path) -> None:
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens)
    games.open_dispute(game_id, 30, "that roll looks wrong", tokens[0])
    forged = _write(tmp_path / "forged.jsonl", _illegal(games.record(game_id)))
    result = tabletop("dispute", "report", forged, "--md", tmp_path / "r.md")
    assert result.returncode == 0, result.stderr
    assert "**Record**: FAILS verification (version" in (tmp_path / "r.md").read_text()


def test_a_dispute_report_names_files_whose_names_look_like_rich_markup_as_given(
    tmp_path: Path,
) -> None:
    games = Games(GameStore(Settings(store="memory")))
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens)
    games.open_dispute(game_id, 30, "that roll looks wrong", tokens[0])
    record = _write(tmp_path / "disputed.jsonl", games.record(game_id))
    markdown, page = tmp_path / "report [bold]1.md", tmp_path / "report [bold]1.html"
    result = tabletop("dispute", "report", record, "--md", markdown, "--html", page)
    assert result.returncode == 0, result.stderr
    shown = " ".join((result.stdout + result.stderr).split())
    assert f"wrote {markdown}" in shown and f"wrote {page}" in shown


ARBITER = "the-arbiter's-token"


@pytest.fixture(scope="module")
def forked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server with an arbiter, and a folder holding the records of a game still in play and
    of the what-if fork the arbiter made of it (which the server shows only to the arbiter)."""
    path = tmp_path_factory.mktemp("forks") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store, arbiter_token=ARBITER)
    server, port = build_server(games, LocalBus(), "127.0.0.1:0")
    server.start()
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=10)
    fork_id, _ = games.fork_game(game_id, games.game_info(game_id).version, ARBITER)
    folder = path.parent / "records"
    folder.mkdir()
    _write(folder / "origin.jsonl", games.record(game_id))
    _write(folder / "fork.jsonl", games.record(fork_id))
    yield f"127.0.0.1:{port}", folder
    server.stop(grace=None).wait()
    store.close()


def test_a_private_fork_is_left_not_compared_and_verifies_with_the_arbiters_token(
    forked: tuple[str, Path],
) -> None:
    """The server's refusal is about the caller, not the record: the fork is not compared
    (exit 4), and the origin beside it, which the server does show, is still compared."""
    target, folder = forked
    refused = tabletop("verify", folder, "--server", target)
    assert refused.returncode == 4, refused.stderr
    summary = " ".join(refused.stderr.split())
    assert "1 verified, 0 failed, 1 not compared with the server" in summary, summary
    assert "Traceback" not in refused.stderr
    alone = tabletop("verify", folder / "fork.jsonl", "--server", target)
    assert alone.returncode == 4, alone.stderr
    assert "not compared with the server: the server will not show game" in " ".join(
        alone.stderr.split()
    )
    arbiter = tabletop("verify", folder, "--server", target, "--token", ARBITER)
    assert arbiter.returncode == 0, arbiter.stderr
    assert "2 verified, 0 failed" in arbiter.stderr


def _quoted(start: str) -> str:
    """The line docs/record-format.md quotes from stderr, from ``start`` to its closing
    double backticks, its wrapping undone."""
    text = " ".join((ROOT / "docs" / "record-format.md").read_text().split())
    return text[text.index(start) :].split("``", 1)[0].strip()


@pytest.mark.parametrize("command", [("replay", "--json"), ("dispute", "report")])
def test_a_broken_chain_is_refused_with_the_line_the_record_format_quotes(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    lines = RECORD.read_text().splitlines(keepends=True)
    assert '"version": 10,' in lines[10]
    lines[10] = lines[10].replace('"at": "', '"at": "1', 1)  # version 10's line, not re-hashed
    edited = tmp_path / "edited.jsonl"
    edited.write_text("".join(lines))
    result = tabletop(*command, edited)
    assert result.returncode == 1
    assert result.stderr.strip() == _quoted("error: the record has been altered")


def test_a_record_failing_verification_is_warned_of_in_the_line_the_record_format_quotes(
    tmp_path: Path,
) -> None:
    forged = _write(tmp_path / "forged.jsonl", _illegal(_record()))
    result = tabletop("replay", forged, "--at", "3")
    assert result.returncode == 0, result.stderr
    quoted = re.escape(_quoted("warning: this record fails verification"))
    pattern = quoted.replace("120:\\ …", r"\d+:\ .+").replace("FILE", re.escape(str(forged)))
    assert re.fullmatch(pattern, result.stderr.strip()), result.stderr
