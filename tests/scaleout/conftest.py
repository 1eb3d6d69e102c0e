"""What the scale-out tests share: one PostgreSQL schema and one Redis of their own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from services.settings import Settings
from tests.support.services import RedisProcess, postgres_schema

Cluster = tuple[dict[str, str], Settings]


@pytest.fixture
def cluster() -> Iterator[Cluster]:
    """One PostgreSQL schema and one Redis: the environment servers share, and settings."""
    redis_server = RedisProcess()
    redis_server.start()
    try:
        with postgres_schema() as schema:
            env = {
                "TABLETOP_STORE": "postgres",
                "TABLETOP_POSTGRES_DB": "test",
                "TABLETOP_POSTGRES_SCHEMA": schema,
                "TABLETOP_REDIS_URL": redis_server.url,
            }
            yield env, Settings(store="postgres", postgres_db="test", postgres_schema=schema)
    finally:
        redis_server.remove()
