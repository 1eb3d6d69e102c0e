"""Text cut to fit (games.core.wording.shortened): a name in a chart's legend keeps to its
room, whatever its script; and English for counts and lists of names."""

from __future__ import annotations

from games.core.wording import counted, either, listed, shortened


def test_text_that_fits_is_kept_whole() -> None:
    assert shortened("Ada", 10) == "Ada"
    assert shortened("x" * 10, 10) == "x" * 10


def test_text_too_wide_ends_in_an_ellipsis_within_the_width() -> None:
    assert shortened("Ysolde of the Seven Bridges", 10) == "Ysolde of\u2026"
    assert shortened("x" * 11, 10) == "x" * 9 + "\u2026"


def test_a_wide_character_takes_two_columns() -> None:
    assert shortened("王小明王小明", 10) == "王小明王\u2026"
    assert shortened("\uff21\uff42\uff43\uff44\uff45\uff46", 10) == "\uff21\uff42\uff43\uff44\u2026"


def test_a_cut_at_a_space_does_not_leave_it_before_the_ellipsis() -> None:
    assert shortened("Ysolde the Seven", 8) == "Ysolde\u2026"


def test_counts_are_plural_unless_one() -> None:
    assert [counted(n, "event") for n in (0, 1, 2)] == ["0 events", "1 event", "2 events"]


def test_names_are_listed_in_a_sentence() -> None:
    assert [listed(names) for names in ([], ["A"], ["A", "B"], ["A", "B", "C"])] == [
        "",
        "A",
        "A and B",
        "A, B and C",
    ]
    assert either(["A", "B", "C"]) == "A, B or C"
