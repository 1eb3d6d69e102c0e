"""Where ``tabletop tournament export -o`` (and ``run --export``) may write the archive: a new
or empty folder, or a .zip in any case. Other places are refused before anything is read,
with a reason, not a traceback."""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.main import main
from clients.errors import ClientSettingError
from clients.tournament import write_archive
from tests.tournaments.conftest import RunningServer


def _files(read: list[str]) -> Iterator[tuple[str, bytes]]:
    read.append("started")
    yield "tournament.json", b"{}"


@pytest.mark.parametrize("name", ["cup.tar.gz", "cup.tgz", "cup.TAR"])
def test_another_kind_of_archive_is_refused_not_written_as_a_folder(
    tmp_path: Path, name: str
) -> None:
    read: list[str] = []
    with pytest.raises(ClientSettingError) as refused:
        write_archive(_files(read), tmp_path / name)
    assert refused.value.reason == "ARCHIVE_FORMAT" and "a folder or a .zip" in str(refused.value)
    assert read == [] and not (tmp_path / name).exists()


def test_a_zip_is_a_zip_whatever_the_case_of_its_ending(tmp_path: Path) -> None:
    assert write_archive(_files([]), tmp_path / "CUP.ZIP") == ["tournament.json"]
    assert zipfile.is_zipfile(tmp_path / "CUP.ZIP")


@pytest.mark.parametrize("where", ["a-file", "missing/cup.zip"])
def test_a_place_that_cannot_take_the_archive_is_refused_with_a_reason(
    tmp_path: Path, where: str
) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    with pytest.raises(ClientSettingError) as refused:
        write_archive(_files([]), tmp_path / where)
    assert refused.value.reason == "ARCHIVE_NOT_WRITTEN"
    assert (tmp_path / "a-file").read_text() == "not a folder"


@pytest.mark.e2e
def test_run_refuses_an_export_it_cannot_write_before_playing(
    server: RunningServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not after every round has been played: the run creates no tournament at all."""
    (tmp_path / "cup").mkdir()
    (tmp_path / "cup" / "old.txt").write_text("another export")
    argv = ["tournament", "run", "--server", server.target, "--players", "2", "--seats", "2"]
    assert main([*argv, "--rounds", "1", "--export", str(tmp_path / "cup")]) == 2
    out, err = capsys.readouterr()
    assert "ARCHIVE_FOLDER_NOT_EMPTY" in err and out == ""


def _cut_short() -> Iterator[tuple[str, bytes]]:
    yield "tournament.json", b"{}"
    raise RuntimeError("the server went away")


@pytest.mark.parametrize("name", ["cup", "cup.zip"])
def test_an_export_cut_short_leaves_nothing_behind_and_can_be_run_again(
    tmp_path: Path, name: str
) -> None:
    """Half an archive would look like a whole one, and a half-written folder would refuse
    the next export into it (it is no longer empty)."""
    with pytest.raises(RuntimeError):
        write_archive(_cut_short(), tmp_path / name)
    assert list(tmp_path.iterdir()) == []
    assert write_archive(_files([]), tmp_path / name) == ["tournament.json"]
    assert [p.name for p in tmp_path.iterdir()] == [name]


def test_an_export_into_an_empty_folder_fills_that_folder(tmp_path: Path) -> None:
    (tmp_path / "cup").mkdir()
    assert write_archive(_files([]), tmp_path / "cup") == ["tournament.json"]
    assert (tmp_path / "cup" / "tournament.json").read_bytes() == b"{}"


@pytest.mark.parametrize("path", ["../outside.json", "games/../../outside.json", "/tmp/x.json"])
@pytest.mark.parametrize("name", ["cup", "cup.zip"])
def test_a_file_named_to_climb_out_of_the_archive_is_refused(
    tmp_path: Path, name: str, path: str
) -> None:
    """The server names the archive's files; a name that would land outside the archive (a
    ``..`` part, an absolute path) is refused, and nothing of the export is left behind."""

    def files() -> Iterator[tuple[str, bytes]]:
        yield "tournament.json", b"{}"
        yield path, b"planted"

    (tmp_path / "inside").mkdir()
    with pytest.raises(ValueError, match="refusing archive path"):
        write_archive(files(), tmp_path / "inside" / name)
    assert list(tmp_path.rglob("*")) == [tmp_path / "inside"]
