"""The gRPC server factory: GameService behind the error interceptor, health and reflection."""

from __future__ import annotations

from concurrent import futures

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from tabletop.v1 import game_service_pb2, game_service_pb2_grpc

from services.application import Games
from services.grpc_api.interceptor import ErrorStatusInterceptor
from services.grpc_api.servicer import GameServicer
from services.grpc_api.signals import GameSignals

SERVICE_NAME = game_service_pb2.DESCRIPTOR.services_by_name["GameService"].full_name
MAX_MESSAGE_BYTES = 1 << 20  # no request of ours comes near a megabyte


def build_server(
    games: Games, signals: GameSignals, address: str, *, workers: int = 32
) -> tuple[grpc.Server, int]:
    """A server bound to ``address`` (``host:0`` picks a free port), and its port."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="grpc"),
        interceptors=[ErrorStatusInterceptor()],
        options=[
            ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
            ("grpc.so_reuseport", 0),
        ],
    )
    game_service_pb2_grpc.add_GameServiceServicer_to_server(GameServicer(games, signals), server)
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in (SERVICE_NAME, ""):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server
    )
    port = server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"cannot listen on {address}")
    return server, port
