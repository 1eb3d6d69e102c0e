"""The benchmark harness runs end to end at tiny sizes: every section, on the embedded store
and on PostgreSQL+Redis, one JSON and one chart, every goal's ratio reported. (Timing is
not tested here: the figures only mean something at full size, on a quiet machine; see
bench/README.md.)"""

from __future__ import annotations

import math
from pathlib import Path

import psycopg
import pytest

from bench import run
from bench.common import TINY
from tests.support.services import POSTGRES, redis_client, unavailable

pytestmark = pytest.mark.integration


@pytest.fixture
def services() -> None:
    """PostgreSQL and Redis answer (the harness starts its own redis-server)."""
    try:
        psycopg.connect(**POSTGRES, connect_timeout=3).close()  # type: ignore[arg-type]
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL on 127.0.0.1:5432", error)
    redis_client()


@pytest.mark.timeout(120)
def test_every_section_runs_on_both_backends_and_reports_every_ratio(
    services: None, tmp_path: Path
) -> None:
    backends = ["embedded", "postgres"]  # embedded-normal differs from embedded by a pragma
    results = run.run(run.SECTIONS, TINY, backends, tmp_path)
    written = sorted(p.suffix for p in tmp_path.iterdir())
    assert written == [".json", ".png"]
    for backend in backends:
        rpc = results["rpc"][backend]
        assert all(not rpc[case]["errors"] for case in rpc if isinstance(rpc[case], dict))
        publisher = results["publisher"][backend]
        assert publisher["events"] > 0 and publisher["unpublished"] == 0
        assert results["load"][backend]["long"]["version"] == TINY.long_game
        reads = results["load"][backend]["read_events"]  # it raises if an event is missing
        assert reads["events"] == TINY.long_game and len(reads["rounds"]) == TINY.rounds
        ceiling = results["ceiling"][backend]  # it raises if any of its actions is refused
        assert ceiling["parallel"]["calls"] == TINY.parallel_calls // TINY.rounds
    assert len(results["ratios"]) == 5 * len(backends) + 1  # and the HTML replay's
    assert all(math.isfinite(goal["value"]) for goal in results["ratios"].values())
    assert set(results["rules"]) and results["replay"]["events"] > 0


def test_a_second_run_on_the_same_day_is_saved_beside_the_first(tmp_path: Path) -> None:
    for _ in range(2):
        run.run(["rules"], TINY, [], tmp_path)
    saved = {p.name for p in tmp_path.glob("*.json")}
    name = min(saved, key=len)
    assert saved == {name, name.replace(".json", "-2.json")}
