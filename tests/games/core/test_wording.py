"""Text cut to fit (games.core.wording.shortened): a name in a chart's legend keeps to its
room, whatever its script."""

from __future__ import annotations

from games.core.wording import shortened


def test_text_that_fits_is_kept_whole() -> None:
    assert shortened("Ada", 10) == "Ada"
    assert shortened("x" * 10, 10) == "x" * 10


def test_text_too_wide_ends_in_an_ellipsis_within_the_width() -> None:
    assert shortened("Ysolde of the Seven Bridges", 10) == "Ysolde of\u2026"
    assert shortened("x" * 11, 10) == "x" * 9 + "\u2026"


def test_a_wide_character_takes_two_columns() -> None:
    assert shortened("王小明王小明", 10) == "王小明王\u2026"
    assert shortened("\uff21\uff42\uff43\uff44\uff45\uff46", 10) == "\uff21\uff42\uff43\uff44\u2026"
