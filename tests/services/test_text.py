"""The one check of free text a client sends (names, dispute claims and rulings, tournament
names and reasons): visible, not blank, not too long, no control or format characters."""

from __future__ import annotations

import pytest

from services.application.errors import InvalidRequestError
from services.application.text import DRAWN_AS_NOTHING, looks_alike, name_key, visible_text

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
PERSIAN = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"


@pytest.mark.parametrize(
    "text",
    [
        "",
        " \t ",
        "\u3000",  # an ideographic space
        "Ada\x00",
        "Ada\x7f",
        "A\x85da",  # a C1 control (NEXT LINE)
        "\u200b",  # zero-width space
        "Ada\u200b",
        "\ufeffAda",  # byte order mark
        "Ada\u202e",  # right-to-left override
        "Ada\u2066",  # left-to-right isolate
        "\u200d",  # a joiner alone shows nothing
        "x" * 65,
        "\u3164",  # a Hangul filler, a letter drawn as nothing
        "\u115f\u1160 \uffa0",  # the other Hangul fillers
        "\ufe0f",  # a variation selector with nothing to select
        "\U000e0100\u034f",  # a supplementary variation selector, a grapheme joiner
        "\u2800\u2800",  # blank braille cells
        "\ufe00\U000e01ef",  # the first and the last variation selector
        "e\u0301" * 65,  # 65 characters once composed
    ],
)
def test_refused_one_line_text(text: str) -> None:
    with pytest.raises(InvalidRequestError) as refused:
        visible_text(text, "player name", 64)
    assert refused.value.reason == "BAD_TEXT"
    assert "player name" in str(refused.value)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Ada", "Ada"),
        ("  Ada   Lovelace ", "Ada Lovelace"),
        ("Zoë 李", "Zoë 李"),
        ("x" * 64, "x" * 64),
        (FAMILY, FAMILY),  # an emoji sequence held together by zero-width joiners
        (PERSIAN, PERSIAN),  # a word with the zero-width non-joiner Persian needs
        ("Jose\u0301", "Jos\u00e9"),  # an accent typed apart is stored composed
        ("e\u0301" * 64, "\u00e9" * 64),  # and counted as the characters shown
        ("\u2764\ufe0f", "\u2764\ufe0f"),  # a heart drawn as an emoji
    ],
)
def test_accepted_one_line_text(text: str, kept: str) -> None:
    assert visible_text(text, "player name", 64) == kept


def test_lines_keep_their_breaks_and_tabs_but_no_other_control() -> None:
    claim = "  the roll at v40:\r\n\tit was a 7\n"
    assert visible_text(claim, "claim", 2000, lines=True) == "the roll at v40:\r\n\tit was a 7"
    with pytest.raises(InvalidRequestError):
        visible_text("the roll\x1b[31m", "claim", 2000, lines=True)
    with pytest.raises(InvalidRequestError):
        visible_text("\n\n\t", "claim", 2000, lines=True)
    with pytest.raises(InvalidRequestError):
        visible_text("the roll\nwas bad", "player name", 64)


def test_a_refusal_names_the_character_but_never_quotes_the_text() -> None:
    with pytest.raises(InvalidRequestError) as refused:
        visible_text("secret\x00" + "y" * 10_000, "claim", 20_000, lines=True)
    message = str(refused.value)
    assert "U+0000" in message and "secret" not in message and len(message) < 200


def test_names_in_another_case_or_composition_have_one_key() -> None:
    spellings = ["Jos\u00e9", "Jose\u0301", "JOS\u00c9", "JOSE\u0301", "jos\u00e9"]
    assert len({name_key(name) for name in spellings}) == 1
    assert name_key("Stra\u00dfe") == name_key("STRASSE")
    assert name_key("Jose") != name_key("Jos\u00e9")


def test_names_in_compatibility_forms_are_the_same_name() -> None:
    assert name_key("\uff22\uff4f") == name_key("bo")  # full-width letters
    assert name_key("\ufb01nn") == name_key("FINN")  # the ligature fi
    assert name_key("Player\u00b2") == name_key("player2")  # superscript two
    assert name_key("\u212bngstr\u00f6m") == name_key("\u00c5NGSTR\u00d6M")  # the angstrom sign
    # capitals only once decomposed (a modifier capital, a black-letter capital): D146 folds
    # the case again after the compatibility decomposition
    assert name_key("\u1d2cda") == name_key("ada")
    assert name_key("\u210cal") == name_key("hal")
    assert name_key("Bo") != name_key("B\u043e"), "other scripts' look-alikes stay apart"


def test_several_lines_are_composed_too() -> None:
    assert visible_text("Jose\u0301\n", "claim", 2000, lines=True) == "Jos\u00e9"
    assert visible_text("e\u0301" * 2000, "claim", 2000, lines=True) == "\u00e9" * 2000


def test_characters_drawn_as_nothing_make_no_other_name() -> None:
    """A name is refused as blank when it shows nothing (``DRAWN_AS_NOTHING``); inside a name
    those characters show nothing either, so they set no name apart, and the blank braille
    cell, drawn as a space, is a space."""
    for hidden in sorted(DRAWN_AS_NOTHING - {"\u2800"}):
        assert name_key(f"A{hidden}da") == name_key("Ada"), f"U+{ord(hidden):04X}"
    assert name_key("A\u2800da") == name_key("A da")


LOOK_ALIKE_PAIRS = [
    ("Ada", "\u0410da"),  # a Cyrillic capital A
    ("Boris", "B\u043eris"),  # a Cyrillic small o
    ("Alice", "AIice"),  # a capital I for the l
    ("Kim", "Kirn"),  # r and n drawn as m
    ("Paul", "\u0420\u0430ul"),  # Cyrillic capital Er and small a
    ("bob", "\uff42\u043e\uff42"),  # full-width b, a Cyrillic o
    ("alice", "\u0410lice"),  # a Cyrillic capital A, in another case too
]


@pytest.mark.parametrize(("name", "other"), LOOK_ALIKE_PAIRS)
def test_names_drawn_alike_look_alike(name: str, other: str) -> None:
    assert name_key(name) != name_key(other), "different names, by the key"
    assert looks_alike(name, other) and looks_alike(other, name)


@pytest.mark.parametrize(
    ("name", "other"),
    [("Jose", "Jos\u00e9"), ("Zoe", "Zo\u00eb"), ("Ana", "Anna"), ("Lee", "Lea"), ("Bo", "Bob")],
)
def test_names_told_apart_by_an_accent_or_a_letter_do_not_look_alike(name: str, other: str) -> None:
    assert not looks_alike(name, other)
