"""Where a recorded game comes from: a record file, or a server's ReadEvents stream; and a
seat's own replay of a game in play, from the views its WatchGame stream sends."""

from __future__ import annotations

import io
import json
import posixpath
import tarfile
import zipfile
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC
from functools import partial
from itertools import takewhile
from pathlib import Path
from typing import IO, Any, Protocol, TypeVar

from google.protobuf.struct_pb2 import ListValue, Struct
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

import wire
from clients.calls import Endpoint
from clients.sdk import GameClient, TabletopError
from games.core import Cause, CauseKind, Encoded, GameRecord, Recorded, RecordError, read_record
from games.core.record import record_of
from games.core.tournament_record import TOURNAMENT_FILE, TOURNAMENT_RECORD_KIND, TournamentRecord
from games.registry import rules_for
from replay.reading import bounded, file_lines, not_a_file, own_file
from replay.seat_timeline import SeatTimeline, SeenStep
from replay.timeline import Timeline

_CAUSE_KINDS = {
    common_pb2.CAUSE_KIND_SETUP: CauseKind.SETUP,
    common_pb2.CAUSE_KIND_JOIN: CauseKind.JOIN,
    common_pb2.CAUSE_KIND_ACTION: CauseKind.ACTION,
    common_pb2.CAUSE_KIND_DISPUTE: CauseKind.DISPUTE,
}

_IN_PLAY = (
    "the game is still in play, so the server shows its events only to the arbiter: "
    "pass the arbiter's token with --token"
)
"""The start of every refusal to read a game in play: what the caller may do comes after."""

Read = TypeVar("Read")


class Reading(Protocol):
    """What a game's events are read through: the command's progress, or nothing (``iter``);
    the events of its record, or those a seat was sent."""

    def __call__(self, events: Iterator[Read], /) -> Iterable[Read]: ...


def open_record(path: Path) -> GameRecord:
    """A record file from disk, read within bounds (``replay.reading``); RecordError naming
    the first bad line."""
    try:
        with path.open("rb") as stream:
            text = bounded(stream, str(path)).decode("utf-8")
    except IsADirectoryError:
        raise RecordError(_many_records(path, "a folder", "name one record file in it")) from None
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        if zipfile.is_zipfile(path) or tarfile.is_tarfile(path):
            raise RecordError(
                _many_records(path, "an archive", "take one record file out of it")
            ) from None
        raise RecordError(f"{path} is not a UTF-8 text file") from exc
    try:
        return read_record(io.StringIO(text, newline=None))
    except RecordError:
        if not is_tournament_record(path):
            raise
        raise RecordError(
            _many_records(
                path,
                "a tournament's own record",
                f"name one of its games' records, in {path.parent / 'games'}",
                path.parent,
            )
        ) from None


def _many_records(path: Path, kind: str, one: str, whole: Path | None = None) -> str:
    """Why a folder or an archive (an export's, a tournament's), or a tournament's own record,
    is refused where one game's record file is read, and what reads every record in it
    (``record_files``), or in ``whole``, the archive that holds it."""
    return (
        f"{path} is {kind}, not a game's record file: {one}, or check them all with "
        f"`tabletop verify {whole or path}`"
    )


def _read_events(client: GameClient, game_id: str, limit: int = 0) -> Iterator[common_pb2.Event]:
    """``client.read_events``, but a token that is no seat's and not the arbiter's is refused
    with what the commands reading through here can do: the server's own words send the
    caller to read without a token, as a spectator, which a game in play refuses them."""
    try:
        yield from client.read_events(game_id, limit=limit)
    except TabletopError as error:
        if error.reason != "TOKEN_NOT_VALID_FOR_GAME":
            raise
        raise TabletopError(
            error.code,
            error.reason,
            "this token is neither a seat's of this game nor the arbiter's: check it, or read "
            "the game without one once it has ended",
        ) from None


def fetch_record(client: GameClient, game_id: str, progress: Reading = iter) -> GameRecord:
    """A game's record from a server (finished games, or any game with an arbiter token), its
    events read through ``progress``."""
    events = [recorded_from_proto(event) for event in progress(_read_events(client, game_id))]
    if not events:
        raise RecordError(f"game {game_id} has no events")
    game = events[0].event.data.get("game")
    if not isinstance(game, str):
        raise RecordError("the first event does not name its game")
    return record_of(rules_for(game), events)


def fetch_timeline(client: GameClient, game_id: str, progress: Reading = iter) -> Timeline:
    """A game to replay from a server: its full record when the server shows it to this
    client (a finished game, or the arbiter's token), else, with a seat's token, the views
    the server sent that seat (``replay.seat_timeline``), either read through ``progress``;
    without a token, the refusal."""
    if shows_in_full(client, game_id):
        return Timeline(fetch_record(client, game_id, progress))
    if not client.token:
        raise RecordError(
            f"{_IN_PLAY}, or your seat's token to replay what your seat saw, or wait until the "
            "game has ended"
        )
    seen = fetch_seat_timeline(client, game_id, progress)
    # The game may have ended while its steps were read: then everyone may read its record.
    return seen if seen is not None else Timeline(fetch_record(client, game_id, progress))


def shows_in_full(client: GameClient, game_id: str) -> bool:
    """Whether the server shows this client the game's events in full (a finished game, or
    the arbiter's token), as the first event says, read alone: what else may be read of a
    game in play is known before any more of it is read."""
    first = next(_read_events(client, game_id, limit=1), None)
    return first is None or first.HasField("payload")


def fetch_log_lines(
    client: GameClient, game_id: str, types: frozenset[str], progress: Reading = iter
) -> list[tuple[int, str]]:
    """The version and log line of each of the game's events of one of ``types``, read
    through ``progress``: every event carries its type and its line, which every seat may
    read, to any client, so they are what a game in play shows one that is not the arbiter."""
    events = progress(client.read_events(game_id))
    return [(event.version, event.description) for event in events if event.type in types]


def fetch_seat_timeline(
    client: GameClient, game_id: str, progress: Reading = iter
) -> SeatTimeline | None:
    """The steps of a game in play as the client's seat saw them (``WatchGame`` from version
    0, as that seat, read until caught up, through ``progress``); None when the game had
    ended by the last one."""
    steps: list[SeenStep] = []
    status = common_pb2.GameStatus()
    seat: int | None = None
    # Up to the catch-up mark and no further: ``progress`` then sees the end of what is read,
    # and clears its count, where a stream left at a break would keep it until collected.
    stream = client.watch_game(game_id, perspective="seat")
    for message in progress(takewhile(_before_caught_up, stream)):
        update = message.update
        game = wire.game_name(update.status.game)
        view = wire.view_from_proto(game, update.view)
        seat, status = view.viewer, update.status  # type: ignore[attr-defined]
        to_act = status.to_act if status.HasField("to_act") else None
        steps.append(SeenStep(_recorded(update.event, {}), update.event.description, view, to_act))
    if status.finished:
        return None
    if seat is None:
        raise RecordError(f"the server sent no seat's view of game {game_id}")
    header = _header(game_id, status)
    ask = partial(_offered, client.endpoint, client.token, game_id, header["game"])
    return SeatTimeline(header, seat, steps, ask)


def _offered(
    endpoint: Endpoint, token: str, game_id: str, game: str, version: int
) -> list[tuple[object, str]]:
    """What the token's seat was offered at ``version``, as the server lists it: asked when
    a step needs it, over a connection of its own, since the one the steps were read over
    is closed by then."""
    with GameClient(endpoint, token) as client:
        listed = client.list_legal_actions(game_id, version)
    return [(wire.action_from_proto(game, o.action), o.description) for o in listed.actions]


def _before_caught_up(message: pb.WatchGameResponse) -> bool:
    return not message.HasField("caught_up")


def _header(game_id: str, status: common_pb2.GameStatus) -> dict[str, Any]:
    """The header of a seat's replay: what the game's status says of the game."""
    return {
        "game_id": game_id,
        "game": wire.game_name(status.game),
        "ruleset": status.ruleset,
        "seats": status.seats,
        "players": list(status.players),
    }


def recorded_from_proto(event: common_pb2.Event) -> Recorded:
    """The recorded event a wire event carries; needs the full payload."""
    if not event.HasField("payload"):
        # No seat's token helps here: a record needs every payload (a seat's replay of its
        # own game takes another path, fetch_timeline).
        raise RecordError(f"{_IN_PLAY}, or wait until the game has ended")
    return _recorded(event, _plain(event.payload))


def _recorded(event: common_pb2.Event, payload: dict[str, Any]) -> Recorded:
    """The recorded event a wire event carries, with ``payload`` (empty where the server
    sent none: a seat's replay holds the event's type and cause, not its facts)."""
    cause = event.cause
    action = None
    if cause.action_type:
        action = Encoded(cause.action_type, cause.action_schema, _plain(cause.action))
    return Recorded(
        version=event.version,
        at=event.recorded_at.ToDatetime(tzinfo=UTC).isoformat(timespec="microseconds"),
        event=Encoded(event.type, event.schema, payload),
        cause=Cause(
            kind=_CAUSE_KINDS.get(cause.kind, CauseKind.SETUP),
            command_id=cause.command_id,
            seat=cause.seat if cause.HasField("seat") else None,
            action=action,
        ),
        chain=event.chain,
    )


def _plain(value: Any) -> Any:
    """A payload as recorded, from protobuf's Struct: a Struct holds every number as a
    double, where event payloads hold only integers, and keeps no order of keys, so they are
    sorted to read the same payload the same way every time (``--json`` output and record
    files). Read through the Struct's own mapping, about twice as fast as ``MessageToDict``
    and the same values."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, Struct):
        return {key: _plain(value[key]) for key in sorted(value.keys())}
    if isinstance(value, ListValue):
        return [_plain(item) for item in value]
    return value


def record_files(path: Path) -> Iterator[tuple[str, Callable[[], GameRecord]]]:
    """Every record in a file, a folder (recursively) or a .zip/.tar/.tar.gz archive.

    Each comes as (name, loader); a loader reads its record when called, and raises
    RecordError for a bad record, or one not read (``replay.reading``), so one bad file does
    not stop a sweep over many. An archive's member is read from the archive while it is
    open: call each loader before taking the next, so only one record is ever in memory.
    """
    if path.is_dir():
        for file in _folder_files(path):
            yield str(file.relative_to(path)), partial(_open_own, path, file)
    elif zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for name in _zip_names(archive):
                yield _as_in_a_folder(name), partial(_zip_member, archive, name)
    elif path.is_file() and tarfile.is_tarfile(path):
        with tarfile.open(path) as archive:
            for member in _tar_members(archive):
                yield _as_in_a_folder(member.name), partial(_tar_member, archive, member)
    else:
        yield str(path), partial(open_record, path)


def record_count(path: Path) -> int:
    """How many records ``record_files`` gives for ``path``, counted without reading them."""
    if path.is_dir():
        return len(_folder_files(path))
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            return len(_zip_names(archive))
    if path.is_file() and tarfile.is_tarfile(path):
        with tarfile.open(path) as archive:
            return len(_tar_members(archive))
    return 1


def _folder_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.jsonl"))


def _zip_names(archive: zipfile.ZipFile) -> list[str]:
    return sorted(name for name in archive.namelist() if name.endswith(".jsonl"))


def _tar_members(archive: tarfile.TarFile) -> list[tarfile.TarInfo]:
    """The records of a tar archive in the order it stores them, not by name: a compressed
    one is read from its start again for each member taken before the last one read, so
    reading in any other order takes time that grows with the square of the members."""
    return [member for member in archive.getmembers() if member.name.endswith(".jsonl")]


def _as_in_a_folder(name: str) -> str:
    """An archive member's name as the file's in the folder it was made from: an archive
    made of a folder's contents (``tar czf cup.tar.gz -C cup .``) names ``./tournament.json``
    and ``./games/round-1-table-1.jsonl``, where the tournament's record lists
    ``games/round-1-table-1.jsonl``."""
    return posixpath.normpath(name).lstrip("/")


def _open_own(folder: Path, file: Path) -> GameRecord:
    return open_record(own_file(folder, file))


def _zip_member(archive: zipfile.ZipFile, name: str) -> GameRecord:
    with archive.open(name) as stream:
        return _member(stream, name)


def _tar_member(archive: tarfile.TarFile, member: tarfile.TarInfo) -> GameRecord:
    found = archive.extractfile(member) if member.isfile() else None
    if found is None:
        raise not_a_file(member.name)
    return _member(found, member.name)


def _member(stream: IO[bytes], name: str) -> GameRecord:
    """An archive's member, read within bounds (``replay.reading``)."""
    return read_record(file_lines(bounded(stream, name)))


def tournament_record(path: Path) -> TournamentRecord | None:
    """The tournament's own record when ``path`` is a tournament archive (a folder, or a
    .zip/.tar/.tar.gz, holding ``tournament.json``); None for anything else.

    RecordError when the archive holds a ``tournament.json`` that cannot be read.
    """
    text = member_text(path, TOURNAMENT_FILE)
    if text is None:
        return None
    try:
        return TournamentRecord.from_json(json.loads(text))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{TOURNAMENT_FILE} is not JSON: {exc}") from exc


def is_tournament_record(path: Path) -> bool:
    """Whether ``path`` is a tournament's own record on its own (an archive's
    ``tournament.json`` taken out of it), which only its archive can check: its results are
    bound to the game records beside it."""
    if not path.is_file() or path.suffix.lower() != ".json":
        return False
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return False  # verify then says what is wrong with it, as with any other file
    return isinstance(document, dict) and document.get("record") == TOURNAMENT_RECORD_KIND


def member_text(path: Path, name: str) -> str | None:
    """The text of the file ``name`` at the top of a folder or archive, if it has one, read
    within bounds (``replay.reading``: RecordError for one not read)."""
    raw: bytes | None = None
    if path.is_dir():
        if (path / name).exists() or (path / name).is_symlink():
            with own_file(path, path / name).open("rb") as file:
                raw = bounded(file, name)
    elif zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            stored = next((n for n in archive.namelist() if _as_in_a_folder(n) == name), None)
            if stored is not None:
                with archive.open(stored) as packed:
                    raw = bounded(packed, name)
    elif path.is_file() and tarfile.is_tarfile(path):
        with tarfile.open(path) as tarred:
            member = next((m for m in tarred.getmembers() if _as_in_a_folder(m.name) == name), None)
            if member is not None:
                stream = tarred.extractfile(member) if member.isfile() else None
                if stream is None:
                    raise not_a_file(name)
                raw = bounded(stream, name)
    return None if raw is None else raw.decode("utf-8", errors="replace")
