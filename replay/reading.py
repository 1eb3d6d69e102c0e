"""Reading the files a record or an archive is made of, within bounds (docs/record-format.md,
"Reading a record"): an archive may come from anyone, so what it holds is read only as far
as a genuine archive would need.

- A file is read up to ``MAX_RECORD_BYTES``; one larger (a zip member that inflates to
  gigabytes, a link to ``/dev/zero``) is refused unread past that.
- A folder's files are its own: a symbolic link, or a file that is not a regular one (a
  named pipe, which would wait for a writer forever; a device), is refused unopened; so is a
  tar archive's member that is no regular file (a link, to another member or to a path).
- Lines are read apart as a text file's are: at line feeds, carriage returns and both
  together only.
"""

from __future__ import annotations

import io
import stat
from pathlib import Path
from typing import IO

from games.core import RecordError

MAX_RECORD_BYTES = 64 << 20
"""The most bytes a record file (or an archive's ``tournament.json`` or ``standings.csv``)
may hold: 64 MiB, against some 0.4 MiB for the longest game of the golden records."""


def bounded(stream: IO[bytes], name: str) -> bytes:
    """All of ``stream``, or RecordError once it runs past ``MAX_RECORD_BYTES``."""
    raw = stream.read(MAX_RECORD_BYTES + 1)
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{name} is larger than {MAX_RECORD_BYTES >> 20} MiB, more than any record holds: "
            "not read"
        )
    return raw


def own_file(folder: Path, file: Path) -> Path:
    """``file`` when it is a regular file of ``folder`` itself, else RecordError saying why it
    is not read."""
    mode = file.lstat().st_mode
    if stat.S_ISLNK(mode):
        raise RecordError(
            f"{file.relative_to(folder)} is a symbolic link: only the folder's own files are read"
        )
    if not stat.S_ISREG(mode):
        raise not_a_file(str(file.relative_to(folder)))
    return file


def not_a_file(name: str) -> RecordError:
    """Why ``name`` (a named pipe or device in a folder, a link in a tar archive) is not read."""
    return RecordError(f"{name} is not a regular file: not read")


def file_lines(raw: bytes) -> io.StringIO:
    """The lines of an archive's file, read apart as a record file's are. ``str.splitlines``
    also breaks at U+2028, U+2029 and others that a claim may hold inside one of the record's
    JSON strings (its event lines keep non-ASCII characters as they are)."""
    return io.StringIO(raw.decode("utf-8", errors="replace"), newline=None)
