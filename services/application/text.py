"""The one check of free text a client sends: player names (games and tournaments), dispute
claims and rulings, tournament names and reasons (refused as ``BAD_TEXT``, INVALID_ARGUMENT).

Text is stored in the record and shown to others, so it must be visible:

- not blank (nothing but spaces, or nothing but characters drawn as nothing: joiners,
  variation selectors, Hangul fillers, the blank braille cell: ``DRAWN_AS_NOTHING``);
- no control character (Unicode category Cc: NUL, ESC, DEL, the C1 controls...), except line
  breaks and tabs in text of several lines (``lines=True``: claims and rulings);
- no format character (category Cf: zero-width space, byte order mark, bidirectional
  overrides and isolates...), except the zero-width joiner and non-joiner that emoji and
  some scripts need;
- at most ``limit`` characters once tidied: one-line text has its runs of white space made
  one space; text of several lines is only stripped at both ends; both are put in Unicode's
  composed form (NFC), so an accent typed as its own character (``e`` + U+0301) is stored,
  counted and compared as the one character it shows (``é``).

Two names are the same name when ``name_key`` makes them equal: case-insensitively
(``str.casefold``: ``Straße`` is ``STRASSE``), whatever the composition of their accents, and
in Unicode's compatibility forms (full-width letters, U+FF22 U+FF4F, are ``Bo``; the
ligature U+FB01 is ``fi``; the superscript U+00B2 is ``2``), and whatever characters drawn
as nothing they hold (``A`` U+200D ``da`` is ``Ada``), so no one registers beside a player a
name that only looks the same. Names that ``name_key`` tells apart may still be drawn alike:
letters of different scripts (Cyrillic U+0430, Latin ``a``), a capital ``I`` beside an ``l``,
``rn`` beside ``m``. ``looks_alike`` finds those by Unicode's confusables data (UTS #39's
skeletons, from ICU's spoof checker), so a registration can refuse them too.

A refusal names the first offending character by its code point and never quotes the text.
"""

from __future__ import annotations

import unicodedata
from functools import cache

import icu  # type: ignore[import-untyped]  # PyICU has no type hints

from games.core.visible import JOINERS, character_name, hidden_character
from services.application.errors import InvalidRequestError

DRAWN_AS_NOTHING = JOINERS | frozenset(
    "\u034f"  # combining grapheme joiner
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers
    "\u17b4\u17b5"  # Khmer inherent vowels
    "\u180b\u180c\u180d\u180f"  # Mongolian free variation selectors
    "\u2800"  # braille pattern blank
    + "".join(map(chr, range(0xFE00, 0xFE10)))  # variation selectors 1-16
    + "".join(map(chr, range(0xE0100, 0xE01F0)))  # variation selectors 17-256
)
"""Allowed characters that show nothing on their own (Unicode's default-ignorable letters and
marks, and the blank braille cell): text made only of them (and spaces) is blank."""


def visible_text(text: str, what: str, limit: int, *, lines: bool = False) -> str:
    """``text`` tidied (see the module docstring), or ``BAD_TEXT`` naming ``what`` is wrong."""
    hidden = hidden_character(text, lines=lines)
    if hidden is not None:
        raise _bad(f"a {what} cannot hold the {character_name(hidden)}")
    tidy = unicodedata.normalize("NFC", text.strip() if lines else " ".join(text.split()))
    if all(char.isspace() or char in DRAWN_AS_NOTHING for char in tidy):
        raise _bad(f"a {what} cannot be blank")
    if len(tidy) > limit:
        raise _bad(f"a {what} is at most {limit} characters, not {len(tidy)}")
    return tidy


UNSEEN_IN_A_NAME = {ord(char): None for char in DRAWN_AS_NOTHING} | {ord("\u2800"): " "}
"""What ``name_key`` leaves out of a name: the characters drawn as nothing, except the blank
braille cell, which is drawn as a space and so compared as one."""


def name_key(name: str) -> str:
    """What two names are compared by: equal keys are the same name, in any case, however
    their accents are composed, in compatibility forms (Unicode's compatibility caseless
    match, D146: NFKD(casefold(NFKD(casefold(NFD(name)))))) and whatever characters drawn as
    nothing they hold (``UNSEEN_IN_A_NAME``)."""
    folded = unicodedata.normalize("NFD", name.translate(UNSEEN_IN_A_NAME)).casefold()
    return unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", folded).casefold())


def looks_alike(name: str, other: str) -> bool:
    """Whether two names could be taken for each other on a screen: their skeletons are
    equal (Unicode Technical Standard #39, section 4, "Confusable Detection"), as typed or
    case-folded. As typed, ``AIice`` (a capital ``I``) is ``Alice``; case-folded, ``Alice``
    with a Cyrillic A (U+0410) is ``alice``, as ``name_key`` makes any case the same name.
    Accents are not confused: ``José`` is not ``Jose``. Characters drawn as nothing are left
    out first, and compatibility forms (full-width letters) put as their plain letters, as
    ``name_key`` compares them."""
    return not _skeletons(name).isdisjoint(_skeletons(other))


def _skeletons(name: str) -> frozenset[tuple[bool, str]]:
    """The name's skeleton as typed and case-folded, each marked by which it is: compared
    only with the other name's of the same kind."""
    seen = unicodedata.normalize("NFKC", name.translate(UNSEEN_IN_A_NAME))
    checker = _spoof_checker()
    return frozenset(
        (folded, checker.getSkeleton(0, text))
        for folded, text in ((False, seen), (True, seen.casefold()))
    )


@cache
def _spoof_checker() -> icu.SpoofChecker:
    """ICU's UTS #39 checker, built once (it loads the confusables table)."""
    return icu.SpoofChecker()


def _bad(message: str) -> InvalidRequestError:
    return InvalidRequestError(message, reason="BAD_TEXT")
