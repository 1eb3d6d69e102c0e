"""`tabletop --help` and every command's `--help` print their usage and exit 0."""

from __future__ import annotations

import argparse

import pytest

from cli.main import main, parser


def _commands() -> list[str]:
    actions = parser()._subparsers._group_actions  # type: ignore[union-attr]
    subparsers = [a for a in actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(name for sub in subparsers for name in sub.choices)


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in _commands())])
def test_help_prints_usage(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 0
    assert "usage: tabletop" in capsys.readouterr().out


def test_every_command_is_listed_in_the_top_level_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    assert all(name in listed for name in _commands())


def test_run_help_names_the_folder_it_exports_to_by_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    with pytest.raises(SystemExit):
        main(["tournament", "run", "--help"])
    assert "(default: the folder tournament-<id>, named by the first 8" in capsys.readouterr().out
