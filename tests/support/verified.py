"""Records verified as ``tabletop verify`` verifies them, from memory rather than files: for
tests of the checks made once every record has been verified (replay/forks.py,
replay/trusted.py)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from games.core import GameRecord
from replay.archive import summary
from replay.verify import Checked, ReadAgain, Wanted, verify_record


def verified(named: Sequence[tuple[str, GameRecord]]) -> tuple[list[Checked], ReadAgain]:
    """Each record, verified under its name, and how those checks read it again."""
    checked = [Checked(name, summary(record), verify_record(record)) for name, record in named]

    def read_again(wanted: Wanted) -> Iterator[tuple[Checked, GameRecord]]:
        for item, (_, record) in zip(checked, named, strict=True):
            if wanted(item):
                yield item, record

    return checked, read_again
