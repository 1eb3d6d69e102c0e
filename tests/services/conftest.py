from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from services.application import Games, GameStore
from services.settings import Settings
from tests.support.services import postgres_schema

ARBITER = "arbiter-secret"


@pytest.fixture(
    params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.integration)]
)
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Settings]:
    if request.param == "postgres":
        with postgres_schema() as schema:
            yield Settings(store="postgres", postgres_db="test", postgres_schema=schema)
    else:
        yield Settings(store=request.param, sqlite_path=tmp_path / "games.db")


@pytest.fixture
def games(settings: Settings) -> Iterator[Games]:
    store = GameStore(settings)
    yield Games(store, arbiter_token=ARBITER)
    store.close()
