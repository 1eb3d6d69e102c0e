"""The boards' words are written in the ink that reads on the fill beneath them
(``replay.boards.palette``): every fill a board writes on, in every colour it comes in, reads
at WCAG AA contrast (4.5:1) with the ink chosen for it, and with a secondary word's grey."""

from __future__ import annotations

import pytest

from replay.boards.bruges.style import CANAL_FILL, FILL, GOLD, PALE
from replay.boards.burgundy.pieces import GOODS_FILL, SPACE_FILL, TILE_FILL
from replay.boards.palette import INK, PAPER, READABLE, contrast, ink_on, quiet_on

WRITTEN_ON = {
    **{f"burgundy tile {c.value}": fill for c, fill in TILE_FILL.items()},
    **{f"burgundy space {c.value}": fill for c, fill in SPACE_FILL.items()},
    **{f"burgundy goods {kind}": fill for kind, fill in enumerate(GOODS_FILL, start=1)},
    **{f"bruges {c.value}": fill for c, fill in FILL.items()},
    **{f"bruges pale {c.value}": fill for c, fill in PALE.items()},
    "bruges canal": CANAL_FILL,
    "gold": GOLD,
    "used die": "#dddddd",
}


def test_the_contrast_of_black_and_white_is_wcags_largest() -> None:
    assert contrast("#000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#777") == pytest.approx(1)


def test_the_ink_is_dark_on_a_light_fill_and_white_on_a_dark_one() -> None:
    assert (ink_on("#f5d03b"), ink_on("#2f6b33")) == (INK, PAPER)


@pytest.mark.parametrize("fill", list(WRITTEN_ON.values()), ids=list(WRITTEN_ON))
def test_a_word_reads_on_every_fill(fill: str) -> None:
    assert contrast(ink_on(fill), fill) >= READABLE
    assert contrast(quiet_on(fill), fill) >= READABLE
