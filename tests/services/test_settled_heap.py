"""A started service settles its heap (services/serving.py, ``settle_heap``): what it holds
by then is frozen out of the collector's sight, and the youngest generation is collected far
less often than CPython's default."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from services.serving import YOUNG_COLLECTION_EVERY, settle_heap


@pytest.fixture
def collector() -> Iterator[None]:
    """This test process's collector as it was, afterwards."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_a_settled_heap_is_frozen_and_collected_less_often(collector: None) -> None:
    assert gc.get_threshold()[0] < YOUNG_COLLECTION_EVERY
    settle_heap()
    assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, 50, 100)
    assert gc.get_freeze_count() > 0
