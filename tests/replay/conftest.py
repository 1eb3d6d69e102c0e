from __future__ import annotations

from pathlib import Path

import pytest

from games.core import GameRecord
from replay.sources import open_record

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
GOLDEN_FILES = sorted(p for p in GOLDEN.rglob("*.jsonl") if "legacy" not in p.parts)


@pytest.fixture(params=GOLDEN_FILES, ids=[p.stem for p in GOLDEN_FILES])
def golden(request: pytest.FixtureRequest) -> GameRecord:
    return open_record(request.param)
