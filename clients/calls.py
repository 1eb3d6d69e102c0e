"""What the clients share: the channel to a server (plaintext or TLS) and the command-line
flags that choose it, the request of every RPC, and how a refused call is retried.

Building requests here keeps the sync and asyncio clients' typed methods identical. A watch
(``clients.watching``) and the calls a bot makes ride out an outage alike: ``Outage`` holds
both to one budget, ``RECONNECT_FOR``, and ``retry_pause`` says which refused calls are sent
again.
"""

from __future__ import annotations

import argparse
import os
import shlex
import ssl
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Self

import grpc
import grpc.aio
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.errors import (
    BAD_ADDRESS,
    BAD_TLS_CA,
    BAD_TOKEN,
    NO_DECISION,
    SERVER_UNREACHABLE,
    ClientSettingError,
    TabletopError,
)
from wire import ADAPTERS

DEFAULT_SERVER = "127.0.0.1:50051"
SERVER_VARIABLE = "TABLETOP_SERVER"
TLS_VARIABLE = "TABLETOP_TLS"
TLS_CA_VARIABLE = "TABLETOP_TLS_CA"
TLS_OFF = frozenset({"", "0", "false", "no", "off"})
"""Values of ``$TABLETOP_TLS`` that leave TLS off (any other value turns it on)."""


def server_flag(parser: argparse.ArgumentParser) -> None:
    """``--server host:port`` for a client command: ``$TABLETOP_SERVER``, else the local
    default, so a user on another address sets it once rather than on every command; and
    how to reach it (``tls_flags``)."""
    parser.add_argument(
        "--server",
        default=os.environ.get(SERVER_VARIABLE) or DEFAULT_SERVER,
        help=f"host:port (default: ${SERVER_VARIABLE}, else {DEFAULT_SERVER})",
    )
    tls_flags(parser)


def ruleset_flag(parser: argparse.ArgumentParser, games: str = "the game") -> None:
    """``--ruleset``, read as ``args.ruleset``: the rules ``games`` are created under ("" for
    each game's default)."""
    parser.add_argument(
        "--ruleset",
        default="",
        help=f"the rules of {games}: default, or published, the published game's rules where "
        "they differ (burgundy and bruges; docs/rules/GAME.md)",
    )


def tls_flags(parser: argparse.ArgumentParser) -> None:
    """``--tls`` and ``--tls-ca PATH``, read as ``args.tls`` and ``args.tls_ca`` (a client
    connects to ``Endpoint.for_command(args)``). They default to ``$TABLETOP_TLS`` (on
    unless empty, 0, false, no or off) and ``$TABLETOP_TLS_CA``, like ``--server``.

    The CA file is checked when a client is built, not when the parser is: building the one
    parser of every command (``tabletop serve`` and ``--help`` included) never fails for it.
    """
    parser.add_argument(
        "--tls",
        action="store_true",
        default=os.environ.get(TLS_VARIABLE, "").strip().lower() not in TLS_OFF,
        help="connect over TLS, trusting the default root certificates (default: "
        f"${TLS_VARIABLE}); without it and --tls-ca, in plaintext",
    )
    parser.add_argument(
        "--tls-ca",
        type=Path,
        metavar="PATH",
        default=os.environ.get(TLS_CA_VARIABLE) or None,
        help="connect over TLS, trusting only the CA certificates in this PEM file, e.g. a "
        f"self-signed server certificate (default: ${TLS_CA_VARIABLE})",
    )


GAME_KINDS = {name: adapter.kind for name, adapter in ADAPTERS.items()}
"""Game key → its GameKind on the wire (``wire.ADAPTERS`` holds one adapter per game)."""
PERSPECTIVES = {
    "": common_pb2.PERSPECTIVE_UNSPECIFIED,
    "public": common_pb2.PERSPECTIVE_PUBLIC,
    "seat": common_pb2.PERSPECTIVE_SEAT,
    "full": common_pb2.PERSPECTIVE_FULL,
}
CHANNEL_OPTIONS = (
    ("grpc.initial_reconnect_backoff_ms", 200),
    ("grpc.min_reconnect_backoff_ms", 200),
    ("grpc.max_reconnect_backoff_ms", 2_000),
)
"""Reconnect to a restarted server within seconds (gRPC's defaults back off up to 2 min)."""
RECONNECT_FOR = 30.0
"""The outage budget (``reconnect_for``), in seconds: how long a watch keeps reconnecting, and
a refused call that may be sent again keeps being retried, through failures in a row. A
graceful server restart keeps a client away for about 5 s (the stop's grace period, the new
process starting, then up to 2 s of the channel's reconnect back-off), a rolling deploy of
several servers for longer."""


@dataclass(frozen=True)
class Endpoint:
    """A server and how to reach it: plaintext, or TLS when ``tls`` is set or a ``ca_cert``
    is given (see ``channel_credentials``). Every client holds one, so a second connection
    to the same server (a bot's, a seat's) is made from it with the same settings."""

    target: str
    tls: bool = False
    ca_cert: str | os.PathLike[str] | None = None

    def __post_init__(self) -> None:
        if self.ca_cert is not None:
            object.__setattr__(self, "tls", True)  # a CA file means TLS

    @classmethod
    def of(
        cls,
        target: str | Endpoint,
        tls: bool = False,
        ca_cert: str | os.PathLike[str] | None = None,
    ) -> Endpoint:
        """``target`` itself when it is an endpoint already, else the endpoint it names."""
        return target if isinstance(target, Endpoint) else cls(target, tls, ca_cert)

    @classmethod
    def for_command(cls, args: argparse.Namespace) -> Endpoint:
        """The server a command's ``--server``, ``--tls`` and ``--tls-ca`` name."""
        return cls(args.server, args.tls, args.tls_ca)

    def flags(self) -> str:
        """The command-line flags that reach this server (none for the local default), for
        a command the user is told to run later, perhaps in another shell (so quoted)."""
        flags = "" if self.target == DEFAULT_SERVER else f" --server {shlex.quote(self.target)}"
        if self.ca_cert is not None:
            return f"{flags} --tls-ca {shlex.quote(os.fspath(self.ca_cert))}"
        return f"{flags} --tls" if self.tls else flags

    def channel(self) -> grpc.Channel:
        """A channel with ``CHANNEL_OPTIONS``; raises ``ClientSettingError`` (BAD_TLS_CA)
        for a CA file that cannot be used, before any call."""
        credentials = channel_credentials(self.tls, self.ca_cert)
        if credentials is None:
            return grpc.insecure_channel(self.target, options=CHANNEL_OPTIONS)
        return grpc.secure_channel(self.target, credentials, options=CHANNEL_OPTIONS)

    def aio_channel(self) -> grpc.aio.Channel:
        """``channel`` for the asyncio API."""
        credentials = channel_credentials(self.tls, self.ca_cert)
        if credentials is None:
            return grpc.aio.insecure_channel(self.target, options=CHANNEL_OPTIONS)
        return grpc.aio.secure_channel(self.target, credentials, options=CHANNEL_OPTIONS)


class GameConnection:
    """What a game client connects with: the server (``Endpoint``), the seat's token and the
    deadlines. The sync and asyncio clients share it and differ in their channel alone, which
    each opens in ``_connect``.

    ``reached`` turns true once a server has answered this connection: from then on, a server
    that does not answer is an outage to wait out (``retry_pause``), not a wrong address.
    """

    def __init__(
        self,
        target: str | Endpoint,
        token: str = "",
        *,
        tls: bool = False,
        ca_cert: str | os.PathLike[str] | None = None,
        timeout: float = 10.0,
        stream_timeout: float = 300.0,
        reconnect_for: float = RECONNECT_FOR,
    ) -> None:
        self.endpoint = Endpoint.of(target, tls, ca_cert)
        self.token = token
        self.timeout = timeout
        self.stream_timeout = stream_timeout
        self.reconnect_for = reconnect_for
        self.reached = False
        self._connect()

    def _connect(self) -> None:
        raise NotImplementedError

    def connect_as(self, token: str) -> Self:
        """A new connection to the same server, with the same TLS settings and deadlines,
        acting for ``token`` (empty: a spectator). A bot in a thread of its own needs a client
        of its own; this one may be closed meanwhile. A server this one has reached counts as
        reached by the new one too, so an outage at its first call is waited out."""
        connection = type(self)(
            self.endpoint,
            token,
            timeout=self.timeout,
            stream_timeout=self.stream_timeout,
            reconnect_for=self.reconnect_for,
        )
        connection.reached = self.reached
        return connection


def channel_credentials(
    tls: bool, ca_cert: str | os.PathLike[str] | None
) -> grpc.ChannelCredentials | None:
    """How a channel is secured: None (plaintext) unless ``tls`` or ``ca_cert``.

    With ``ca_cert`` (a PEM file of one or more certificates) the client trusts those alone,
    so a private CA or a self-signed server certificate works. With ``tls`` alone it trusts
    gRPC's default roots: the file ``$GRPC_DEFAULT_SSL_ROOTS_FILE_PATH`` names (for instance
    the system's ``/etc/ssl/certs/ca-certificates.crt``), else the public roots grpcio ships.
    Raises ``ClientSettingError`` (BAD_TLS_CA) for a CA file that cannot be read or holds no
    certificate.
    """
    if ca_cert is not None:
        return grpc.ssl_channel_credentials(root_certificates=read_ca_certificates(ca_cert))
    return grpc.ssl_channel_credentials() if tls else None


def read_ca_certificates(path: str | os.PathLike[str]) -> bytes:
    """The PEM certificates in ``path``, checked by parsing them.

    gRPC takes any bytes as root certificates and only fails each later call with "Failed to
    create security handshaker" (and a log line per attempt), so the file is checked here.
    """
    try:
        pem = Path(path).read_bytes()
    except OSError as error:
        why = error.strerror or str(error)
        raise ClientSettingError(
            BAD_TLS_CA, f"cannot read the TLS CA certificate file {path}: {why}"
        ) from None
    try:
        ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT).load_verify_locations(cadata=pem.decode("ascii"))
    except (ValueError, ssl.SSLError):  # not ASCII, no certificate, or a broken one
        raise ClientSettingError(
            BAD_TLS_CA, f"{path} is not a PEM CA certificate file (no certificate could be read)"
        ) from None
    return pem


RESUMABLE = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,  # the server went away, or is restarting
        grpc.StatusCode.DEADLINE_EXCEEDED,  # our own per-stream deadline
        grpc.StatusCode.CANCELLED,  # the server cancelled the stream on shutdown
        grpc.StatusCode.INTERNAL,  # the connection was reset mid-message
        grpc.StatusCode.UNKNOWN,  # a stream torn down without a status
    }
)
"""Codes on which a watch reconnects; every other refusal is final and raised (but for one
that says when to try again: a rate limit)."""
NEVER_REACHED = frozenset({SERVER_UNREACHABLE, BAD_ADDRESS})
"""Reasons that end a watch, or a call, at once while no server has answered it yet."""


class Outage:
    """One run of failures in a row, of a call or of a watch, held to the outage budget.

    After each failure the caller waits as long as the server asked (``retry_delay``: a rate
    limit), else 0.1 s doubling to 1 s (at most what is left of the budget), and tries again
    while fewer than ``budget`` seconds have passed since the run's first failure; then, or
    when the server asks for a longer wait than is left, ``pause`` answers None and the
    caller gives up. Wall-clock time, so calls that each wait for a deadline spend it too.
    """

    def __init__(self, budget: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget = budget
        self.failures = 0
        self._clock = clock
        self._since: float | None = None

    def pause(self, error: TabletopError | None) -> float | None:
        """Seconds to wait after one more failure (``error``; None for a stream that ended
        early or skipped a version), or None once the budget is spent."""
        now = self._clock()
        if self._since is None:
            self._since = now
        self.failures += 1
        left = self.budget - (now - self._since)
        asked = None if error is None else error.retry_delay
        if asked is not None:
            return asked if asked <= left else None
        return min(_backoff(self.failures), left) if left > 0 else None

    def end(self) -> None:
        """Something got through: the next failure starts a new run."""
        self.failures, self._since = 0, None


def retry_pause(outage: Outage, error: TabletopError, *, idempotent: bool, reached: bool) -> float:
    """Seconds to wait before sending a refused unary call again; raises ``error`` when the
    call is not to be sent again, or the outage budget is spent.

    Any call is sent again when the server said when (``retry_delay``): a rate-limited call
    was refused before any work. A call that may be sent twice unchanged (``idempotent``:
    GetView, ListLegalActions, SubmitAction with its command id) is also sent again when the
    server or the network was away (``error.retryable``), except while its connection has
    never ``reached`` a server and none answers at all (``NEVER_REACHED``): a wrong address
    or a server that is not running is said at once, as a watch says it, not after the
    budget.
    """
    if error.retry_delay is None:
        if not idempotent or not error.retryable:
            raise error
        if not reached and error.reason in NEVER_REACHED:
            raise error
    wait = outage.pause(error)
    if wait is None:
        raise error
    return wait


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    """The call metadata that presents a seat token (none for a spectator).

    Raises ``TabletopError`` BAD_TOKEN for a token with whitespace or a character outside
    printable ASCII: gRPC itself fails such a call with an opaque "Invalid metadata", and a
    token pasted or captured with its neighbouring lines is the usual cause.
    """
    if not token:
        return ()
    bad = _first_bad_character(token)
    if bad is not None:
        raise TabletopError(
            grpc.StatusCode.INVALID_ARGUMENT,
            BAD_TOKEN,
            f"the token holds {bad!r} at position {token.index(bad) + 1}; a token is one "
            "word of printable ASCII (pass only the token itself, as `join`, `tournament "
            "register` or `tournament claim` printed it)",
        )
    return (("authorization", f"Bearer {token}"),)


def _first_bad_character(token: str) -> str | None:
    """The first character of ``token`` that is whitespace or not printable ASCII, if any."""
    # gRPC metadata values are %x20-%x7E; a space is valid there but never part of a token
    return next((char for char in token if not "!" <= char <= "~"), None)


def create_game(game: str, seats: int, ruleset: str = "") -> pb.CreateGameRequest:
    """CreateGame for a game key (``bourgeoisie``, ...); ValueError for an unknown key."""
    if game not in GAME_KINDS:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAME_KINDS)}")
    return pb.CreateGameRequest(game=GAME_KINDS[game], seats=seats, ruleset=ruleset)


def join_game(game_id: str, player_name: str, seat: int | None) -> pb.JoinGameRequest:
    return pb.JoinGameRequest(game_id=game_id, player_name=player_name, seat=seat)


def submit_action(
    game_id: str, expected_version: int, action: pb.Action, command_id: str = ""
) -> pb.SubmitActionRequest:
    """SubmitAction with a fresh UUID as the command id unless one is given (for a retry)."""
    return pb.SubmitActionRequest(
        game_id=game_id,
        expected_version=expected_version,
        command_id=command_id or str(uuid.uuid4()),
        action=action,
    )


def get_view(game_id: str, perspective: str, version: int | None) -> pb.GetViewRequest:
    return pb.GetViewRequest(
        game_id=game_id, perspective=perspective_of(perspective), version=version
    )


def list_legal_actions(game_id: str, version: int | None = None) -> pb.ListLegalActionsRequest:
    return pb.ListLegalActionsRequest(game_id=game_id, version=version)


def read_events(game_id: str, after_version: int, limit: int) -> pb.ReadEventsRequest:
    return pb.ReadEventsRequest(game_id=game_id, after_version=after_version, limit=limit)


def watch_game(game_id: str, after_version: int, perspective: str) -> pb.WatchGameRequest:
    return pb.WatchGameRequest(
        game_id=game_id, after_version=after_version, perspective=perspective_of(perspective)
    )


def perspective_of(name: str) -> common_pb2.Perspective.ValueType:
    """The Perspective a name (``PERSPECTIVES``) stands for; ValueError naming the names
    for any other, before a call is made."""
    if name not in PERSPECTIVES:
        raise ValueError(
            f"unknown perspective {name!r}; choose one of "
            f"{', '.join(repr(known) for known in PERSPECTIVES)} ('': seat with a token, "
            "public without)"
        )
    return PERSPECTIVES[name]


def no_decision(legal: pb.ListLegalActionsResponse) -> TabletopError:
    """The refusal of a retrying submit when its seat has nothing to decide."""
    return TabletopError(
        grpc.StatusCode.FAILED_PRECONDITION,
        NO_DECISION,
        f"seat {legal.seat} has nothing to decide at version {legal.version}",
    )


def _backoff(failures: int) -> float:
    """0.1 s after the first failure in a row, doubling up to 1 s."""
    return min(1.0, 0.05 * (1 << min(failures, 5)))
