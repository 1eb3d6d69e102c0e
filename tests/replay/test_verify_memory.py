"""``tabletop verify`` of many records in the memory one takes (replay/archive.py): each record
is read, verified and let go before the next, and what is kept of it is a ``RecordSummary``,
never its events; the checks that need them read it again."""

from __future__ import annotations

import gc
import shutil
import tarfile
import tracemalloc
import zipfile
from collections.abc import Callable, Iterator, Sized
from functools import partial
from pathlib import Path
from types import FunctionType, ModuleType

import pytest

from games.core import Recorded, RecordError
from replay.archive import read_again, verify_path
from replay.sources import open_record, record_files
from tests.replay.conftest import GOLDEN

RECORD = GOLDEN / "bruges" / "bruges-2p-1.jsonl"
"""A short game's record, quick to verify many times."""


def _folder(tmp_path: Path, copies: int) -> Path:
    """A folder of ``copies`` copies of ``RECORD``: each verifies on its own."""
    folder = tmp_path / f"copies-{copies}"
    folder.mkdir()
    for number in range(copies):
        shutil.copyfile(RECORD, folder / f"game-{number:03}.jsonl")
    return folder


def _zipped(folder: Path) -> Path:
    archive = folder.with_suffix(".zip")
    with zipfile.ZipFile(archive, "w") as written:
        for file in sorted(folder.iterdir()):
            written.write(file, file.name)
    return archive


def _reachable(root: object) -> Iterator[object]:
    """Every object ``root`` holds, and those they hold, short of classes, functions and
    modules (through which everything is reachable)."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        held = todo.pop()
        if id(held) in seen or isinstance(held, type | FunctionType | ModuleType):
            continue
        seen.add(id(held))
        yield held
        todo.extend(gc.get_referents(held))


@pytest.mark.parametrize("packed", [False, True], ids=["folder", "zip"])
def test_what_verify_keeps_of_each_record_holds_none_of_its_events(
    tmp_path: Path, packed: bool
) -> None:
    folder = _folder(tmp_path, 3)
    checked = verify_path(_zipped(folder) if packed else folder)
    assert [item.verdict.ok for item in checked] == [True] * 3
    kept = [held for held in _reachable(checked) if isinstance(held, Recorded)]
    assert kept == [], f"{len(kept)} events kept after verification"


def _held(make: Callable[[], Sized]) -> int:
    """The memory Python holds for what ``make`` returns, while it is still in hand."""
    gc.collect()
    tracemalloc.start()
    try:
        made = make()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        assert len(made)
        return held
    finally:
        tracemalloc.stop()


def _verified(path: Path) -> int:
    """The memory Python holds once every record at ``path`` is verified, the verdicts still
    in hand. (Not the peak: reading a record within bounds asks for a buffer of the largest
    size a record may have, ``replay.reading``, which would hide the rest.)"""
    verify_path(path)  # the rules' caches, filled once, are no part of what is measured
    return _held(partial(verify_path, path))


def test_verifying_four_times_the_records_holds_about_the_same_memory(tmp_path: Path) -> None:
    """Measured against one record in memory, never a number of bytes: what is kept of each
    record is a few headers' worth, so twelve records more take less than one record does,
    where their events, kept, would take twelve times as much."""
    few, many = _verified(_folder(tmp_path, 4)), _verified(_folder(tmp_path, 16))
    one = _held(lambda: open_record(RECORD).events)
    assert many - few < one, f"{many:,} bytes held for 16 records, {few:,} for 4; one: {one:,}"


def test_a_record_changed_after_it_was_verified_is_not_read_again_as_verified(
    tmp_path: Path,
) -> None:
    """The checks made on records read again (a fork's start, a trusted last chain value) are
    made on the records verified, or not at all."""
    folder = _folder(tmp_path, 2)
    found = [(folder, verify_path(folder))]
    assert [item.name for item, _ in read_again(found, lambda item: True)] == [
        "game-000.jsonl",
        "game-001.jsonl",
    ]
    shutil.copyfile(GOLDEN / "bruges" / "bruges-3p-1.jsonl", folder / "game-001.jsonl")
    with pytest.raises(RecordError, match=r"game-001\.jsonl in .* changed while it was being"):
        list(read_again(found, lambda item: True))
    (folder / "game-002.jsonl").write_bytes(RECORD.read_bytes())
    with pytest.raises(RecordError, match=r"changed while it was being verified"):
        list(read_again(found, lambda item: item.name == "game-000.jsonl"))


def test_a_tar_is_read_in_the_order_it_stores_its_records_and_reported_by_name(
    tmp_path: Path,
) -> None:
    """A compressed tar is read from its start again for each member taken before the last
    one read: read by name, a tar stored in another order took time growing with the square
    of its records. Stored in reverse here; the report still lists them by name, and a
    record read again is matched by its name."""
    folder = _folder(tmp_path, 3)
    archive = tmp_path / "copies.tar.gz"
    with tarfile.open(archive, "w:gz") as written:
        for file in sorted(folder.iterdir(), reverse=True):
            written.add(file, file.name)
    stored = [name for name, _ in record_files(archive)]
    assert stored == ["game-002.jsonl", "game-001.jsonl", "game-000.jsonl"]
    checked = verify_path(archive)
    assert [item.name for item in checked] == sorted(stored)
    assert all(item.verdict.ok for item in checked)
    again = [item.name for item, _ in read_again([(archive, checked)], lambda item: True)]
    assert again == stored
