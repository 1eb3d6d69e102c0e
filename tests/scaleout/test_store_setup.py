"""Processes that open one PostgreSQL store at the same moment all start.

Opening a store makes sure its tables exist; on PostgreSQL that includes replacing a
function, a catalog update that two sessions cannot make at once ("tuple concurrently
updated"). Servers and publishers of one deployment start together, so they take turns.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tests.support.server_process import ROOT
from tests.support.services import postgres_schema

pytestmark = [pytest.mark.integration, pytest.mark.slow]
PROCESSES = 6
ROUNDS = 3

OPEN_AT = """
import sys, time
from services.application import GameStore
from services.settings import Settings
settings = Settings(store="postgres", postgres_db="test", postgres_schema=sys.argv[1])
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))  # all at once, imports done
GameStore(settings).close()
"""


def test_processes_opening_one_store_together_all_start() -> None:
    with postgres_schema() as schema:
        for _ in range(ROUNDS):
            start = time.time() + 3.0  # long enough for every process to import
            command = [sys.executable, "-c", OPEN_AT, schema, str(start)]
            openers = [
                subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True)
                for _ in range(PROCESSES)
            ]
            failures = [
                err for p in openers if (err := p.communicate(timeout=60)[1]) or p.returncode
            ]
            assert failures == [], failures[0]
