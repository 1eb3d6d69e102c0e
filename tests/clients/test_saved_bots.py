"""The bot seats ``tabletop play --vs-bots`` keeps for resuming: where they are kept, that only
their user may read them, and that an unreadable record is reported rather than half used."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from clients.saved_bots import (
    STATE_DIR_VARIABLE,
    BotSeat,
    SavedBotsError,
    bots_file,
    forget_bots,
    load_bots,
    save_bots,
    state_dir,
)

GAME_ID = "0b6f3c1e-9a51-4d2e-8f0a-5c1d2e3f4a5b"
SEATS = (BotSeat(1, "heuristic", 0, "token-one"), BotSeat(2, "random", 1, "token-two"))


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_saved_bot_seats_are_loaded_back_as_they_were() -> None:
    save_bots(GAME_ID, SEATS)
    assert load_bots(GAME_ID) == SEATS


def test_the_file_and_its_folder_are_private_to_their_user(state_folder: Path) -> None:
    path = save_bots(GAME_ID, SEATS)
    assert path == state_folder / "bots" / f"{GAME_ID}.json"
    assert _mode(path) == 0o600
    assert _mode(path.parent) == 0o700
    save_bots(GAME_ID, SEATS[:1])  # saved again: replaced, still private, no leftovers
    assert _mode(path) == 0o600
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_a_game_without_saved_bots_has_none() -> None:
    assert load_bots(GAME_ID) is None
    assert load_bots("../../etc/passwd") is None, "an id that is no file name has no file"


def test_forgetting_removes_the_file_and_forgetting_twice_is_harmless() -> None:
    path = save_bots(GAME_ID, SEATS)
    forget_bots(GAME_ID)
    forget_bots(GAME_ID)
    assert not path.exists()
    assert load_bots(GAME_ID) is None


@pytest.mark.parametrize(
    "content", ["not json", "{}", '{"seats": [{"seat": "one"}]}', '{"seats": [{"seat": 1}]}']
)
def test_an_unreadable_record_is_an_error_naming_its_file(content: str) -> None:
    path = save_bots(GAME_ID, SEATS)
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SavedBotsError, match=GAME_ID):
        load_bots(GAME_ID)


def test_a_game_id_that_is_a_path_is_refused_when_saving() -> None:
    with pytest.raises(ValueError, match="not a game id"):
        save_bots("../escape", SEATS)
    with pytest.raises(ValueError, match="not a game id"):
        bots_file("a/b")


def test_the_state_folder_follows_the_variable_then_xdg_then_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(STATE_DIR_VARIABLE, str(tmp_path / "chosen"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert state_dir() == tmp_path / "chosen"
    monkeypatch.delenv(STATE_DIR_VARIABLE)
    assert state_dir() == tmp_path / "xdg" / "tabletop"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert state_dir() == tmp_path / "home" / ".local" / "state" / "tabletop"
