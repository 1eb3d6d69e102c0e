"""The tournament client: one typed method per TournamentService RPC, the archive writer,
and bots that play a whole round.

with TournamentClient("127.0.0.1:50051") as client:   # or tls=True, or ca_cert="ca.pem"
    created = client.create_tournament("Club night", "bourgeoisie", 4, "swiss", rounds=3)
    client.token = created.organiser_token            # organiser actions from here on
    ada = client.register_player(created.tournament_id, "Ada")
    round_ = client.start_round(created.tournament_id)
    seat = client.claim_seat(created.tournament_id, ada.player_token)   # Ada's seat token
"""

from __future__ import annotations

import os
import shutil
import threading
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

import grpc
from tabletop.v1 import common_pb2, tournament_service_pb2_grpc
from tabletop.v1 import tournament_service_pb2 as pb

from clients.bots import BOTS, play_seat
from clients.calls import Endpoint, bearer
from clients.errors import ClientSettingError, from_rpc_error
from clients.sdk import GAME_KINDS, GameClient

FORMATS = {
    "swiss": pb.TOURNAMENT_FORMAT_SWISS,
    "round-robin": pb.TOURNAMENT_FORMAT_ROUND_ROBIN,
    "single-elimination": pb.TOURNAMENT_FORMAT_SINGLE_ELIMINATION,
}
TABLE_STATUS = {
    pb.TABLE_STATUS_IN_PLAY: "in play",
    pb.TABLE_STATUS_FINISHED: "finished",
    pb.TABLE_STATUS_ADJUDICATED: "adjudicated",
}
UNCLAIMED = "not claimed"
"""The status of a seat at a table in play that its player has not claimed (a no-show)."""


class TournamentClient:
    """A connection to one server; ``token`` (the organiser's) is sent when set.

    Plaintext, or TLS with ``tls`` and ``ca_cert`` exactly as for ``GameClient``.
    """

    def __init__(
        self,
        target: str | Endpoint,
        token: str = "",
        *,
        tls: bool = False,
        ca_cert: str | os.PathLike[str] | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.endpoint = Endpoint.of(target, tls, ca_cert)
        self.token = token
        self.timeout = timeout
        self._channel = self.endpoint.channel()
        self._stub = tournament_service_pb2_grpc.TournamentServiceStub(self._channel)

    def __enter__(self) -> TournamentClient:
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self._channel.close()

    def _call(self, method: Any, request: Any, token: str | None = None) -> Any:
        metadata = bearer(self.token if token is None else token)
        try:
            return method(request, timeout=self.timeout, metadata=metadata)
        except grpc.RpcError as error:
            raise from_rpc_error(error, self.endpoint.target) from None

    def create_tournament(
        self,
        name: str,
        game: str,
        seats: int,
        format: str,
        rounds: int = 0,
        *,
        ruleset: str = "",
        points: Sequence[int] = (),
        bye_points: int | None = None,
        smallest_table: int | None = None,
    ) -> pb.CreateTournamentResponse:
        """A new tournament; the answer carries the organiser token (shown once)."""
        if game not in GAME_KINDS or format not in FORMATS:
            raise ValueError(
                f"choose a game from {sorted(GAME_KINDS)} and a format from {sorted(FORMATS)}"
            )
        settings = pb.TournamentSettings(
            name=name,
            game=GAME_KINDS[game],
            ruleset=ruleset,
            seats_per_table=seats,
            format=FORMATS[format],
            rounds=rounds,
            points_by_place=points,
            bye_points=bye_points,
            smallest_table=smallest_table,
        )
        request = pb.CreateTournamentRequest(settings=settings)
        return self._call(self._stub.CreateTournament, request)

    def register_player(self, tournament_id: str, name: str) -> pb.RegisterPlayerResponse:
        request = pb.RegisterPlayerRequest(tournament_id=tournament_id, player_name=name)
        return self._call(self._stub.RegisterPlayer, request)

    def drop_player(self, tournament_id: str, name: str, reason: str) -> pb.DropPlayerResponse:
        request = pb.DropPlayerRequest(tournament_id=tournament_id, player_name=name, reason=reason)
        return self._call(self._stub.DropPlayer, request)

    def reinstate_player(
        self, tournament_id: str, name: str, reason: str
    ) -> pb.ReinstatePlayerResponse:
        request = pb.ReinstatePlayerRequest(
            tournament_id=tournament_id, player_name=name, reason=reason
        )
        return self._call(self._stub.ReinstatePlayer, request)

    def start_round(self, tournament_id: str) -> pb.TournamentRound:
        request = pb.StartRoundRequest(tournament_id=tournament_id)
        return self._call(self._stub.StartRound, request).round

    def claim_seat(self, tournament_id: str, player_token: str) -> pb.ClaimSeatResponse:
        """The player's seat this round, and its token for GameService."""
        request = pb.ClaimSeatRequest(tournament_id=tournament_id)
        return self._call(self._stub.ClaimSeat, request, player_token)

    def get_tournament(self, tournament_id: str) -> pb.GetTournamentResponse:
        request = pb.GetTournamentRequest(tournament_id=tournament_id)
        return self._call(self._stub.GetTournament, request)

    def get_pairings(self, tournament_id: str, round_number: int = 0) -> pb.TournamentRound:
        request = pb.GetPairingsRequest(tournament_id=tournament_id, round=round_number)
        return self._call(self._stub.GetPairings, request).round

    def get_standings(self, tournament_id: str, after_round: int = 0) -> pb.GetStandingsResponse:
        request = pb.GetStandingsRequest(tournament_id=tournament_id, after_round=after_round)
        return self._call(self._stub.GetStandings, request)

    def adjudicate_game(
        self,
        tournament_id: str,
        game_id: str,
        reason: str,
        places: Sequence[int] = (),
        forfeits: Sequence[int] = (),
    ) -> pb.TournamentTable:
        request = pb.AdjudicateGameRequest(
            tournament_id=tournament_id,
            game_id=game_id,
            places=places,
            forfeits=forfeits,
            reason=reason,
        )
        return self._call(self._stub.AdjudicateGame, request).table

    def withdraw_adjudication(
        self, tournament_id: str, game_id: str, reason: str
    ) -> pb.TournamentTable:
        """Withdraw the ruling in force at the table playing ``game_id``."""
        request = pb.WithdrawAdjudicationRequest(
            tournament_id=tournament_id, game_id=game_id, reason=reason
        )
        return self._call(self._stub.WithdrawAdjudication, request).table

    def export_tournament(self, tournament_id: str) -> Iterator[tuple[str, bytes]]:
        """The archive's files as (path, content), each whole."""
        request = pb.ExportTournamentRequest(tournament_id=tournament_id)
        path, parts = "", bytearray()
        try:
            for message in self._stub.ExportTournament(request, timeout=self.timeout * 10):
                if message.path != path and path:
                    yield path, bytes(parts)
                    parts.clear()
                path = message.path
                parts += message.content
        except grpc.RpcError as error:
            raise from_rpc_error(error, self.endpoint.target) from None
        if path:
            yield path, bytes(parts)


OTHER_ARCHIVES = (".tar.gz", ".tgz", ".tar", ".gz", ".bz2", ".xz", ".7z", ".rar")
"""Endings of archive files that ``write_archive`` does not write (it writes a .zip)."""


def is_zip(target: Path) -> bool:
    """Whether the archive goes into one .zip file (``x.zip`` or ``x.ZIP``), not a folder."""
    return target.suffix.lower() == ".zip"


def require_archive_target(target: Path) -> None:
    """Refuse, before anything is read or written, a place the archive cannot go.

    A folder that already holds anything is refused: files left there by another export
    would sit beside this one's, as if they were part of it. So is a name that promises
    another kind of archive (``x.tar.gz`` would otherwise become a folder of that name), and
    a file that is not a folder. A .zip is written whole, so an older one is simply replaced.
    """
    if is_zip(target):
        return
    if target.name.lower().endswith(OTHER_ARCHIVES):
        raise ClientSettingError(
            "ARCHIVE_FORMAT",
            f"{target}: the archive is written into a folder or a .zip, not a "
            f"{target.name.split('.', 1)[-1]} file",
        )
    if target.exists() and not target.is_dir():
        raise ClientSettingError(
            "ARCHIVE_NOT_WRITTEN",
            f"{target} is a file, not a folder: export into a new or empty folder (or a .zip)",
        )
    if target.is_dir() and any(target.iterdir()):
        raise ClientSettingError(
            "ARCHIVE_FOLDER_NOT_EMPTY",
            f"{target} already holds files: export into a new or empty folder (or a .zip), so "
            "the archive holds this tournament's files alone",
        )


def write_archive(files: Iterator[tuple[str, bytes]], target: Path) -> list[str]:
    """Write the archive's files into a folder, or into one .zip when ``target`` ends so
    (``require_archive_target`` says which places are refused, before anything is read).

    The files are written beside ``target`` under a hidden name and moved into place once the
    last has come, so an export cut short (the server gone, the disk full) leaves nothing
    that looks like a whole archive, and the same command can simply be run again.
    """
    require_archive_target(target)
    partial = target.parent / f".{target.name}.partial-{os.getpid()}"
    try:
        if is_zip(target):
            written = _write_zip(files, partial)
        else:  # a new folder is made with any folders it lies in, as `mkdir -p` would
            target.parent.mkdir(parents=True, exist_ok=True)
            written = _write_folder(files, partial)
        if target.is_dir():
            target.rmdir()  # empty, or require_archive_target would have refused it
        partial.replace(target)
    except OSError as error:
        raise ClientSettingError(
            "ARCHIVE_NOT_WRITTEN", f"cannot write the archive to {target}: {error.strerror}"
        ) from None
    finally:
        _remove(partial)
    return written


def _write_zip(files: Iterator[tuple[str, bytes]], target: Path) -> list[str]:
    written = []
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path, content in files:
            archive.writestr(_safe(path), content)
            written.append(path)
    return written


def _write_folder(files: Iterator[tuple[str, bytes]], target: Path) -> list[str]:
    written = []
    target.mkdir()
    for path, content in files:
        file = target / _safe(path)
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(content)
        written.append(path)
    return written


def _remove(path: Path) -> None:
    """Remove what an unfinished export left at ``path``, if anything."""
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _safe(path: str) -> str:
    # The server names the files; a name that climbs out of the archive is refused.
    parts = Path(path).parts
    if not parts or Path(path).is_absolute() or ".." in parts:
        raise ValueError(f"refusing archive path {path!r}")
    return path


@dataclass(frozen=True)
class TableInPlay:
    """What a table in play is waiting for, read from its game's public status."""

    unclaimed: frozenset[int]
    """The seats nobody has claimed: the no-shows an organiser may adjudicate."""
    to_act: int | None
    """The seat whose decision the game waits for."""
    since: datetime | None
    """When the game last moved (None from a server that does not say)."""


def tables_in_play(endpoint: Endpoint, round_: pb.TournamentRound) -> dict[int, TableInPlay]:
    """What each of the round's tables in play is waiting for, by table number.

    The pairings do not say whether a seat was claimed, nor whose turn it is; a game's public
    status does (an empty player name where a seat is free, the seat to act, and when the
    game last moved), so an organiser can spot no-shows and stalled tables.
    """
    open_tables = [t for t in round_.tables if t.status == pb.TABLE_STATUS_IN_PLAY]
    if not open_tables:
        return {}
    with GameClient(endpoint) as games:
        return {
            table.table: _in_play(games.get_view(table.game_id, "public").status)
            for table in open_tables
        }


def _in_play(status: common_pb2.GameStatus) -> TableInPlay:
    free = frozenset(seat for seat, name in enumerate(status.players) if not name)
    to_act = status.to_act if status.HasField("to_act") else None
    since = status.updated_at.ToDatetime(UTC) if status.HasField("updated_at") else None
    return TableInPlay(free, to_act, since)


def play_round(
    target: str | Endpoint,
    tournament_id: str,
    round_: pb.TournamentRound,
    player_tokens: Mapping[str, str],
    *,
    bot: str = "random",
    on_table_done: Callable[[int], None] = lambda table: None,
    tls: bool = False,
    ca_cert: str | os.PathLike[str] | None = None,
) -> None:
    """Bots claim and play every seat of the round, a thread per seat; returns when every
    game has ended, calling ``on_table_done(table)`` as each table finishes. The first
    failure of any seat stops every other (``_Seats``) and is raised once all have stopped.
    Each seat connects to ``target`` with ``tls`` and ``ca_cert`` (see
    ``TournamentClient``)."""
    endpoint = Endpoint.of(target, tls, ca_cert)
    seats = _Seats()

    def play(player_token: str) -> None:
        try:
            with TournamentClient(endpoint) as tournaments:
                claim = tournaments.claim_seat(tournament_id, player_token)
            with GameClient(endpoint, claim.token) as client:
                seats.add(client)
                seed = int(claim.game_id[:8], 16) + claim.seat  # reproducible from the record
                play_seat(client, claim.game_id, claim.seat, BOTS[bot](seed))
        except Exception as error:  # raised below once every seat has stopped
            seats.fail(error)

    tables = [
        threading.Thread(
            target=_play_table,
            args=(play, table, player_tokens, on_table_done),
            name=f"table-{table.table}",
        )
        for table in round_.tables
    ]
    _run_all(tables)
    if seats.errors:
        raise seats.errors[0]


class _Seats:
    """The seats of a round in play, each by its game client. A seat that stops before its
    game ends (a server lost for longer than the outage budget, a refusal) leaves that game
    waiting for its turns for good, and the seats still playing would wait for it until
    their own timeout, an hour: so the first failure closes every client, and the round
    ends at once with it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._clients: list[GameClient] = []
        self.errors: list[Exception] = []

    def add(self, client: GameClient) -> None:
        """A seat about to play; closed at once when the round has already failed."""
        with self._lock:
            self._clients.append(client)
            if self.errors:
                client.close()

    def fail(self, error: Exception) -> None:
        with self._lock:
            self.errors.append(error)
            for client in self._clients:
                client.close()


def _play_table(
    play: Callable[[str], None],
    table: pb.TournamentTable,
    player_tokens: Mapping[str, str],
    on_table_done: Callable[[int], None],
) -> None:
    """``play`` each seat of ``table`` (by its player's token), a thread per seat."""
    seats = [
        threading.Thread(
            target=play, args=(player_tokens[name],), name=f"table-{table.table}-{name}"
        )
        for name in table.players
    ]
    _run_all(seats)
    on_table_done(table.table)


def _run_all(threads: list[threading.Thread]) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
