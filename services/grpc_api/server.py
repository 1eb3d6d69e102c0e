"""The gRPC server factory: GameService and TournamentService behind the error interceptor,
health and reflection."""

from __future__ import annotations

import logging
from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from tabletop.v1 import (
    game_service_pb2,
    game_service_pb2_grpc,
    tournament_service_pb2,
    tournament_service_pb2_grpc,
)

from services.application import Games
from services.application.guards import quoted
from services.grpc_api.interceptor import ErrorStatusInterceptor
from services.grpc_api.limits import RateLimiter
from services.grpc_api.servicer import GameServicer
from services.grpc_api.signals import GameSignals
from services.grpc_api.streams import STREAM_SLOTS, StreamThreads
from services.grpc_api.tournament_servicer import TournamentServicer
from services.tournaments import Tournaments

SERVICE_NAME = game_service_pb2.DESCRIPTOR.services_by_name["GameService"].full_name
TOURNAMENT_SERVICE_NAME = tournament_service_pb2.DESCRIPTOR.services_by_name[
    "TournamentService"
].full_name
MAX_MESSAGE_BYTES = 1 << 20  # no request of ours comes near a megabyte
# One limit for a request's metadata, gRPC's hard one: below it gRPC's soft limit (8 KiB)
# would refuse a request at random, more often the nearer it is to the hard one, so the same
# call could be served and then refused.
MAX_METADATA_BYTES = 16 << 10
CYGRPC_LOGGER = "grpc._cython.cygrpc"


class InvalidMetadataFilter(logging.Filter):
    """Shortens grpcio's log of a metadata value that is not UTF-8 to one line.

    grpcio reads such a value as Latin-1 and logs it with a traceback (``Invalid encoding on
    b'...'``): noise for what is a client's mistake, and the value may be a bearer token
    (``authorization: Bearer <token>``), which must not reach the logs.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Invalid encoding on"):
            record.msg = "a call's metadata held a value that is not UTF-8 (value not logged)"
            record.args = ()
            record.exc_info = record.exc_text = record.stack_info = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def quiet_invalid_metadata() -> None:
    """Install ``InvalidMetadataFilter`` on grpcio's logger, once per process."""
    logger = logging.getLogger(CYGRPC_LOGGER)
    if not any(isinstance(f, InvalidMetadataFilter) for f in logger.filters):
        logger.addFilter(InvalidMetadataFilter())


class HealthService(health.HealthServicer):
    """The standard health service, whole.

    grpcio-health-checking's servicer leaves ``List`` to its generated base class, which
    raises, so a call would end in an error; here it answers every service's status. An
    unknown service in ``Check`` is NOT_FOUND, as the health protocol says, with a message
    naming it and how to list the known ones. The statuses are the ones ``set`` was given.
    """

    def __init__(self) -> None:
        super().__init__()
        self._statuses: dict[str, int] = {}

    def set(self, service: str, status: int) -> None:
        self._statuses[service] = status
        super().set(service, status)

    def Check(  # noqa: N802
        self, request: health_pb2.HealthCheckRequest, context: grpc.ServicerContext
    ) -> health_pb2.HealthCheckResponse:
        if request.service not in self._statuses:
            context.set_code(grpc.StatusCode.NOT_FOUND)
            context.set_details(
                f"no service {quoted(request.service)} here; List names the services "
                'checked ("" for the whole server)'
            )
            return health_pb2.HealthCheckResponse()
        return super().Check(request, context)

    def List(  # noqa: N802
        self, request: health_pb2.HealthListRequest, context: grpc.ServicerContext
    ) -> health_pb2.HealthListResponse:
        return health_pb2.HealthListResponse(
            statuses={
                name: health_pb2.HealthCheckResponse(status=status)
                for name, status in self._statuses.items()
            }
        )


def build_server(
    games: Games,
    signals: GameSignals,
    address: str,
    *,
    workers: int = 32,
    stream_slots: int = STREAM_SLOTS,
    tournaments: Tournaments | None = None,
    credentials: grpc.ServerCredentials | None = None,
    limiter: RateLimiter | None = None,
) -> tuple[grpc.Server, int]:
    """A server bound to ``address`` (``host:0`` picks a free port), and its port.

    It hosts tournaments in the games' store: ``tournaments``, or ones built on ``games``.
    With ``credentials`` it accepts TLS only (see tls.py); with ``limiter`` each caller is
    held to its rate limit (see limits.py). ``workers`` threads answer the unary calls, and
    streams run on up to ``stream_slots`` threads of their own (streams.py). grpcio's log of
    metadata that is not UTF-8 is
    cut to one line without the value (``InvalidMetadataFilter``).
    """
    quiet_invalid_metadata()
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="grpc"),
        interceptors=[ErrorStatusInterceptor(limiter, StreamThreads(stream_slots))],
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.so_reuseport", 0),
            ("grpc.max_metadata_size", MAX_METADATA_BYTES),
            ("grpc.absolute_max_metadata_size", MAX_METADATA_BYTES),
        ],
    )
    game_service_pb2_grpc.add_GameServiceServicer_to_server(GameServicer(games, signals), server)
    tournament_service_pb2_grpc.add_TournamentServiceServicer_to_server(
        TournamentServicer(tournaments if tournaments is not None else Tournaments(games)), server
    )
    _serve_health_and_reflection(server)
    if credentials is None:
        port = server.add_insecure_port(address)
    else:
        port = server.add_secure_port(address, credentials)
    if port == 0:
        raise OSError(f"cannot listen on {address}")
    return server, port


def _serve_health_and_reflection(server: grpc.Server) -> None:
    """The gRPC health service (every service SERVING) and server reflection, so grpcurl and
    other languages' tools work without the proto files."""
    health_servicer = HealthService()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in (SERVICE_NAME, TOURNAMENT_SERVICE_NAME, ""):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    # v1alpha only: grpcio-reflection has no grpc.reflection.v1 service. A v1 call is answered
    # UNIMPLEMENTED, on which grpcurl falls back to v1alpha (docs/api.md).
    reflection.enable_server_reflection(
        (SERVICE_NAME, TOURNAMENT_SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME),
        server,
    )
