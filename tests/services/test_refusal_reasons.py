"""Every refusal reason the server can send is documented, in docs/api-reference.md ("Refusal
reasons"), for authors in any language.

``scripts/api_reference.py`` writes that list from ``services/grpc_api/reasons.py``, which
resolves each raise; these tests read the source more crudely and on their own, so a reason
raised in a way that reader misses fails here instead of going undocumented.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.core.errors import RuleError
from games.registry import all_rules
from services.grpc_api.reasons import refusal_reasons, scope_title

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "api-reference.md"
SOURCES = ("games", "wire", "services")
REASON = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")


def _section(heading: str) -> str:
    """The text of the reference under ``heading``, up to the next heading of its level."""
    text = REFERENCE.read_text(encoding="utf-8")
    start = text.index(heading)
    level = heading.split(" ")[0] + " "
    end = text.find("\n" + level, start + len(heading))
    return text[start : end if end != -1 else len(text)]


def _listed(section: str) -> set[str]:
    return set(re.findall(r"^\| `([A-Z0-9_]+)` \|", section, re.MULTILINE))


def _trees() -> Iterator[tuple[str, ast.Module]]:
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _reasons_in_source() -> dict[str, str]:
    """Each reason the source names, with where: ``reason="X"`` wherever it is written; a
    class's own ``reason = "X"`` when the class is ever built without another reason; and, in
    a file that passes reasons on (``reason=reason``), every UPPER_SNAKE literal given to a
    call there."""
    trees = dict(_trees())
    calls = [
        node for tree in trees.values() for node in ast.walk(tree) if isinstance(node, ast.Call)
    ]
    plain = {_called_name(c) for c in calls if not any(k.arg == "reason" for k in c.keywords)}
    found: dict[str, str] = {}
    for path, tree in trees.items():
        passes_on = False
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "reason":
                if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                    found.setdefault(node.value.value, path)
                passes_on |= isinstance(node.value, ast.Name)
            if isinstance(node, ast.ClassDef) and node.name in plain:
                for item in node.body:
                    if isinstance(item, ast.Assign) and ast.unparse(item.targets[0]) == "reason":
                        found.setdefault(ast.literal_eval(item.value), path)
        if passes_on:
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
                for arg in call.args:
                    if isinstance(arg, ast.Constant) and REASON.fullmatch(str(arg.value)):
                        found.setdefault(str(arg.value), path)
    return found


def test_every_reason_raised_anywhere_is_in_the_reference() -> None:
    documented = _listed(_section("## Refusal reasons"))
    missing = {
        reason: path for reason, path in _reasons_in_source().items() if reason not in documented
    }
    assert not missing, f"raised but not in docs/api-reference.md: {missing}"


def test_the_reference_lists_exactly_what_the_reader_finds() -> None:
    """The committed reference holds the reader's list (``--check`` compares all of it):
    a section for each scope the reader finds, in its order, and no other."""
    found = refusal_reasons()
    headings = re.findall(r"^### (.+)$", _section("## Refusal reasons"), re.MULTILINE)
    assert headings == [scope_title(scope) for scope in found]
    for scope, reasons in found.items():
        assert _listed(_section(f"### {scope_title(scope)}")) == set(reasons), scope


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_each_games_rule_reasons_are_listed_under_that_game(game: str) -> None:
    errors = importlib.import_module(f"games.{game}.errors")
    own = {
        kind.reason
        for _, kind in inspect.getmembers(errors, inspect.isclass)
        if issubclass(kind, RuleError) and kind.__module__ == errors.__name__
    }
    assert own, game
    listed = _listed(_section(f"### {scope_title(game)}"))
    assert own <= listed, own - listed


@pytest.mark.parametrize(
    ("reason", "scope"),
    [
        ("ARBITER_ONLY", "general"),
        ("NO_OPEN_DISPUTE", "general"),
        ("NOT_A_DECISION_POINT", "general"),
        ("TOKEN_MALFORMED", "general"),
        ("BAD_LIMIT", "general"),
        ("BAD_DIE", "burgundy"),  # passed on through a helper, not written as reason="..."
        ("NO_ROUND", "tournaments"),
    ],
)
def test_reasons_raised_in_unusual_ways_are_listed_where_they_arise(
    reason: str, scope: str
) -> None:
    assert reason in _listed(_section(f"### {scope_title(scope)}"))


def _codes_in_reference() -> dict[str, set[str]]:
    """Each reason of the reference's "Refusal reasons", with the status codes it is sent with."""
    codes: dict[str, set[str]] = {}
    rows = re.findall(r"^\| `([A-Z0-9_]+)` \| `([A-Z_]+)` \|", _section("## Refusal reasons"), re.M)
    for reason, code in rows:
        codes.setdefault(reason, set()).add(code)
    return codes


def _guide_rows(doc: str, start: str, end: str) -> list[tuple[list[str], list[str]]]:
    """The rows of a guide's table of refusals, between ``start`` and ``end``: each row's
    status codes (a blank code cell carries the row above's on) and the reasons it names."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    table = text[text.index(start) : text.index(end)]
    rows: list[tuple[list[str], list[str]]] = []
    codes: list[str] = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not line.startswith("|") or cells[0].startswith("---"):
            continue
        code_cell, reason_cell = (cells[1], cells[2]) if doc == "tournaments.md" else cells[:2]
        codes = re.findall(r"[A-Z][A-Z_]+", code_cell) or codes
        named = reason_cell.split("(")[0] if doc == "tournaments.md" else reason_cell
        rows.append((codes, re.findall(r"`([A-Z][A-Z0-9_]{2,})`", named)))
    return rows


@pytest.mark.parametrize(
    ("doc", "start", "end"),
    [
        ("api.md", "| code | reason | meaning | what to do |", "Disputes and what-if forks"),
        ("tournaments.md", "| refusal | status | reason |", "**Limits.**"),
    ],
)
def test_the_guides_tables_give_each_reason_the_code_it_is_sent_with(
    doc: str, start: str, end: str
) -> None:
    """docs/api.md §6 and docs/tournaments.md ("API") tell a client which status code comes
    with which reason; the reference is read from the code, so the guides agree with it."""
    sent = _codes_in_reference()
    rows = _guide_rows(doc, start, end)
    named = [(codes, reason) for codes, reasons in rows for reason in reasons]
    assert len(named) > 20
    wrong = [
        (reason, codes, sorted(sent.get(reason, ())))
        for codes, reason in named
        if not sent.get(reason, set()) & set(codes)
    ]
    assert wrong == []
