"""Project-wide checks that belong to the test command: layering, generated code and the
tests the docs cite."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def test_the_layers_of_design_section_2_hold() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    result = _run(str(lint_imports), "--no-cache")
    assert result.returncode == 0, result.stdout[-3000:]
    assert "0 broken" in result.stdout


def test_generated_protobuf_code_matches_the_proto_files() -> None:
    result = _run(sys.executable, "proto/generate.py", "--check")
    assert result.returncode == 0, result.stderr


def test_every_test_the_docs_cite_exists() -> None:
    """The rules decisions and guides name the tests that pin each reading; a renamed or
    deleted test would leave a reader pointed at nothing."""
    defined = {
        name
        for path in (ROOT / "tests").rglob("test_*.py")
        for name in re.findall(r"^\s*(?:async )?def (test_\w+)", path.read_text(), re.MULTILINE)
    }
    cited = {
        (doc.relative_to(ROOT).as_posix(), name)
        for doc in [*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
        for name in re.findall(r"`(test_\w+)`", doc.read_text(encoding="utf-8"))
    }
    assert len(cited) > 200  # the rules documents cite their tests
    assert sorted(c for c in cited if c[1] not in defined) == []


def _readme_settings_table() -> str:
    """The README's table of server settings: the one after "| setting | environment |"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme[readme.index("| setting | environment | default |") :].split("\n\n", 1)[0]


def test_the_readme_table_lists_every_variable_the_server_reads() -> None:
    """`tabletop serve --help` sends a reader to the README's table for the variable of each
    flag, so every ``TABLETOP_*`` variable ``Settings.from_env`` reads has a row there (a
    ``_PORT`` beside ``TABLETOP_POSTGRES_HOST`` counts as ``TABLETOP_POSTGRES_PORT``)."""
    source = (ROOT / "services" / "settings.py").read_text(encoding="utf-8")
    body = source[source.index("def from_env") : source.index("def eventsourcing_env")]
    read = set(re.findall(r'"(TABLETOP_[A-Z_]+)"', body))
    table = _readme_settings_table()
    listed = set(re.findall(r"`(TABLETOP_[A-Z_]+)`", table))
    for row in table.splitlines():
        prefix = re.search(r"`(TABLETOP_[A-Z]+_)[A-Z]+`", row)
        if prefix:
            listed |= {prefix.group(1) + short for short in re.findall(r"`_([A-Z]+)`", row)}
    assert len(read) > 15
    assert sorted(read - listed) == []


def test_every_game_package_has_the_files_architecture_section_4_lists() -> None:
    """docs/architecture.md §4: "Every game has the same files", in the table there."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("| file | what |") :].split("\n\n", 1)[0]
    files = re.findall(r"^\| `(\w+\.py)` \|", table, re.MULTILINE)
    games = sorted(
        path.parent.name
        for path in (ROOT / "games").glob("*/__init__.py")
        if path.parent.name != "core"
    )
    assert len(files) > 10 and len(games) == 3
    assert [(g, f) for g in games for f in files if not (ROOT / "games" / g / f).is_file()] == []
