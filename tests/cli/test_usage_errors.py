"""A mistyped flag is reported by the command it was given to: that command's own usage line,
then ``tabletop <command>: error: unrecognized arguments: ...``, exit status 2 — not the
top-level usage, which names no flag of the command."""

from __future__ import annotations

import pytest

from cli.main import main


def _usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines of stderr of an ``argv`` argparse refuses (after checking it exits with 2)."""
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return captured.err.strip().splitlines()


@pytest.mark.parametrize(
    ("command", "arguments"),
    [
        ("view", ["--nope", "x"]),
        ("view", ["x", "--nope"]),
        ("create", ["--nope", "burgundy"]),
        ("tournament create", ["Cup", "--nope"]),
        ("tournament run", ["--nope"]),
        ("tournament publish", ["--nope"]),
        ("dispute open", ["g", "--at", "1", "--claim", "c", "--nope"]),
        ("replay", ["game.jsonl", "--nope"]),
        ("serve", ["--nope"]),
    ],
)
def test_an_unknown_flag_is_reported_with_the_commands_own_usage(
    command: str, arguments: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _usage_error([*command.split(), *arguments], capsys)
    assert lines[0].startswith(f"usage: tabletop {command} ["), lines
    assert lines[-1] == f"tabletop {command}: error: unrecognized arguments: --nope"


def test_an_extra_argument_is_reported_by_its_command_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _usage_error(["legal", "game-1", "game-2"], capsys)
    assert lines[0].startswith("usage: tabletop legal [")
    assert lines[-1] == "tabletop legal: error: unrecognized arguments: game-2"


def test_an_unknown_flag_before_any_command_keeps_the_top_level_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _usage_error(["--nope", "view", "x"], capsys)
    assert lines[0] == "usage: tabletop [-h] COMMAND ..."
    assert lines[-1].startswith("tabletop: error: ")


def test_a_view_that_is_not_public_full_or_a_seat_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _usage_error(["replay", "game.jsonl", "--as", "bogus"], capsys)
    assert lines[-1] == (
        "tabletop replay: error: argument --as: 'bogus' is not public, full or a seat number"
    )
