"""A record made under another rules version than this build's is neither verified nor failed:
``tabletop verify`` says it cannot verify it (exit status 3), still checks what needs no rules
(chain, header, seed), and a dispute report warns that what was legal is today's rules.

Why: a game's events record outcomes, but re-deciding its actions needs the rules it was
played under. A record of the Burgundy golden game made before the default three-player
black depot grew from 5 tiles to 6 (rules version 1) re-decides differently today, and
calling that "FAILED" would tell an arbiter the record had been tampered with.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from games.core import GameRecord, read_record
from games.core.codec import Encoded
from games.core.meta import GameCreated
from games.core.record import record_of
from games.registry import all_rules, rules_for
from replay.dispute import find_dispute, html_report, markdown_report
from replay.selfplay import Table, seed_bytes, uniform
from replay.timeline import Timeline
from replay.verify import Conclusion, verify_record
from tests.replay.conftest import GOLDEN, GOLDEN_FILES
from tests.support.forgery import rechained

ROOT = Path(__file__).resolve().parents[2]
OLD_BURGUNDY = GOLDEN / "legacy" / "burgundy-3p-rules-version-1.jsonl"
"""The golden 3-player Burgundy game as recorded before the default black depot held 6 tiles
for 3 players (rules version 1): its events are genuine, and today's rules deal one tile more."""
BURGUNDY_GAP = (
    "recorded under The Castles of Burgundy rules version 1, this build implements version 3 "
    "(see docs/rules/burgundy.md, Rules versions)"
)
CANNOT_VERIFY = 3


def golden_of(game: str) -> Path:
    return next(p for p in GOLDEN_FILES if p.parent.name == game)


def load(path: Path) -> GameRecord:
    return read_record(path.read_text(encoding="utf-8").splitlines())


def under_rules_version(record: GameRecord, version: int) -> GameRecord:
    """``record`` with ``version`` in its GameCreated and header, chain and result rebuilt."""
    first = record.events[0]
    data = {**first.event.data, "rules_version": version}
    edited = replace(first, event=Encoded(first.event.type, first.event.schema, data))
    rules = rules_for(str(record.header["game"]))
    return record_of(rules, rechained([edited, *record.events[1:]]))


def tabletop(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "cli.main", *map(str, args)]
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_a_record_made_before_the_rules_changed_cannot_be_verified_rather_than_failed() -> None:
    verdict = verify_record(load(OLD_BURGUNDY))
    assert verdict.problems == []
    assert verdict.conclusion is Conclusion.CANNOT_VERIFY and not verdict.ok
    assert verdict.cannot_verify == BURGUNDY_GAP
    assert verdict.checks == [
        "hash chain over 463 events",
        "header agrees with the events",
        "revealed seed matches its commitment",
        "result line closes on the last event's chain",
    ]


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_another_rules_version_in_a_real_record_is_a_distinct_outcome(game: str) -> None:
    rules = all_rules()[game]
    other = under_rules_version(load(golden_of(game)), rules.rules_version + 1)
    verdict = verify_record(other)
    assert verdict.problems == [] and verdict.conclusion is Conclusion.CANNOT_VERIFY
    assert verdict.cannot_verify == (
        f"recorded under {rules.title} rules version {rules.rules_version + 1}, this build "
        f"implements version {rules.rules_version} (see docs/rules/{game}.md, Rules versions)"
    )
    assert "hash chain over" in verdict.checks[0]


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_the_current_rules_version_still_verifies(game: str) -> None:
    record = under_rules_version(load(golden_of(game)), all_rules()[game].rules_version)
    verdict = verify_record(record)
    assert verdict.conclusion is Conclusion.VERIFIED and verdict.ok
    assert verdict.cannot_verify == ""
    assert "every recorded action re-decided with the revealed seed" in verdict.checks


def test_bruges_at_rules_version_5_burgundy_at_3_and_bourgeoisie_at_1() -> None:
    versions = {name: rules.rules_version for name, rules in all_rules().items()}
    assert versions == {"bourgeoisie": 1, "bruges": 5, "burgundy": 3}
    for name, version in versions.items():
        header = load(golden_of(name)).header
        assert header["rules_version"] == version, f"regenerate the {name} golden games"


def test_an_old_record_that_was_also_tampered_with_still_fails() -> None:
    lines = OLD_BURGUNDY.read_text(encoding="utf-8").splitlines()
    edited = [*lines[:20], lines[20].replace('"seat": 0', '"seat": 1', 1), *lines[21:]]
    assert edited != lines
    verdict = verify_record(read_record(edited))
    assert verdict.conclusion is Conclusion.FAILED
    assert any("chain hash does not match" in problem for problem in verdict.problems)


def test_a_header_that_names_another_rules_version_than_its_events_fails() -> None:
    record = load(golden_of("bruges"))
    header = {**record.header, "rules_version": 1}
    verdict = verify_record(replace(record, header=header))
    assert verdict.conclusion is Conclusion.FAILED
    assert "the header line does not match the events" in verdict.problems


def test_an_old_record_with_an_edited_seed_reveal_fails() -> None:
    record = load(OLD_BURGUNDY)
    last = record.events[-1]
    forged = replace(last, event=Encoded(last.event.type, last.event.schema, {"seed": "00" * 32}))
    events = rechained([*record.events[:-1], forged])
    verdict = verify_record(record_of(rules_for("burgundy"), events))
    assert verdict.conclusion is Conclusion.FAILED
    assert "the revealed seed does not match the commitment in GameCreated" in verdict.problems


def test_verify_says_cannot_verify_with_its_own_exit_status() -> None:
    result = tabletop("verify", OLD_BURGUNDY)
    assert result.returncode == CANNOT_VERIFY, result.stderr
    text = " ".join(result.stderr.split())
    assert f"cannot verify: {BURGUNDY_GAP}" in text
    assert "✓ hash chain over 463 events" in text and "✓ revealed seed matches" in text
    assert "FAILED" not in text and "✗" not in text and "tamper" not in text
    assert "record CANNOT BE VERIFIED by this build" in text


def test_the_current_rules_version_still_exits_0() -> None:
    result = tabletop("verify", golden_of("bruges"))
    assert result.returncode == 0, result.stderr
    assert "record verified" in result.stderr and "cannot verify" not in result.stderr


def test_a_folder_counts_the_records_it_cannot_verify_apart(tmp_path: Path) -> None:
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        bundle.write(golden_of("burgundy"), "current.jsonl")
        bundle.write(OLD_BURGUNDY, "old.jsonl")
    result = tabletop("verify", archive)
    assert result.returncode == CANNOT_VERIFY, result.stderr
    assert "1 verified, 0 failed, 1 cannot be verified by this build" in result.stderr
    assert "cannot verify" in result.stdout and "failed" not in result.stdout
    with zipfile.ZipFile(archive, "a") as bundle:
        tampered = golden_of("bruges").read_text().replace('"seat": 0', '"seat": 1', 1)
        bundle.writestr("tampered.jsonl", tampered)
    assert tabletop("verify", archive).returncode == 1  # a failure outweighs the rest


def disputed_bruges(rules_version: int) -> tuple[Timeline, str]:
    """A few moves of Bruges recorded under ``rules_version``, then a dispute on them."""
    rules = rules_for("bruges")
    created = GameCreated(
        game="bruges",
        game_id="00000000-0000-4000-8000-00000000b001",
        rules_version=rules_version,
        ruleset="default",
        seats=2,
        seed_commitment="",
    )
    table = Table(rules, 2, seed_bytes(3), created=created)
    table.play_with(uniform(random.Random(3)), limit=4)
    dispute = table.dispute(1, "that was not legal then", "it was")
    return Timeline(table.record()), dispute


def test_a_dispute_report_warns_that_what_was_legal_is_this_builds_rules() -> None:
    timeline, dispute = disputed_bruges(1)
    assert timeline.rules_gap == (
        "recorded under Bruges rules version 1, this build implements version 5 "
        "(see docs/rules/bruges.md, Rules versions)"
    )
    chosen = find_dispute(timeline, dispute)
    verdict = verify_record(timeline.record)
    report = " ".join(markdown_report(timeline, chosen, verdict).split())
    assert f"> Caution: {timeline.rules_gap}; what was legal is listed under this" in report
    page = html_report(timeline, chosen, verdict)
    assert "<b>Caution</b>: recorded under Bruges rules version 1" in page
    current, dispute = disputed_bruges(rules_for("bruges").rules_version)
    assert current.rules_gap == ""
    report = markdown_report(current, find_dispute(current, dispute), verify_record(current.record))
    assert "Caution" not in report


def test_the_old_record_still_replays_event_by_event() -> None:
    timeline = Timeline(load(OLD_BURGUNDY))
    assert timeline.last == 463 and timeline.finished
    assert json.loads(OLD_BURGUNDY.read_text().splitlines()[0])["rules_version"] == 1


def test_replaying_an_old_record_says_whose_rules_list_the_legal_actions() -> None:
    result = tabletop("replay", OLD_BURGUNDY, "--at", "9", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["version"] == 9
    note = " ".join(result.stderr.split())
    assert f"note: {BURGUNDY_GAP}: events are shown as recorded, legal actions as this" in note
    assert tabletop("replay", golden_of("burgundy"), "--at", "9", "--json").stderr == ""
