"""``--points`` and ``--places`` take whole numbers separated by commas; anything else is
refused by the command line itself, with a message that says what it expects."""

from __future__ import annotations

import pytest

from cli.main import main


@pytest.mark.parametrize(
    "argv",
    [
        ("create", "Club night", "--points", "3,two,1,0"),
        ("adjudicate", "t", "g", "--reason", "r", "--places", "1;2"),
    ],
)
def test_a_number_list_that_is_not_numbers_is_refused_saying_what_is_expected(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["tournament", *argv, "--server", "127.0.0.1:9"])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert "not a list of whole numbers separated by commas, e.g. 3,2,1,0" in err
    assert "_numbers" not in err


def test_a_number_list_may_have_spaces_and_a_trailing_comma(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--points "3, 2, 1, 0,"`` is read as typed: the command gets as far as the server
    (none answers here: exit status 1, not the command line's 2)."""
    argv = ["tournament", "create", "Club night", "--points", "3, 2, 1, 0,"]
    assert main([*argv, "--server", "127.0.0.1:9"]) == 1
    assert "SERVER_UNREACHABLE" in capsys.readouterr().err
