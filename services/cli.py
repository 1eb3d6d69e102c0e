"""The service's commands: ``serve`` (embedded by default), ``publish`` (scale-out) and
``tournament publish`` (the tournament feed as its own process).

Only the flags live here: the modules that do the work (``services.serving``,
``services.tournaments.publishing``) are imported when their command runs, so every other
command of ``tabletop`` starts without them.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from services.settings import LEASE_SECONDS, STORES, Settings


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    summary = "run the game service (SQLite file and in-process bus by default)"
    serve = commands.add_parser(
        "serve",
        help=summary,
        description=f"{summary}. Every flag has a TABLETOP_* variable (the README's table under "
        '"Scaling out"); a flag given overrides it.',
    )
    _store_flags(serve)
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1, or TABLETOP_HOST)")
    serve.add_argument(
        "--port",
        type=int,
        help="port to listen on (default 50051, or TABLETOP_PORT; 0 picks a free one)",
    )
    serve.add_argument(
        "--arbiter-token",
        help="the arbiter's token: sees full information of live games, rules disputes, forks "
        "games in play (or TABLETOP_ARBITER_TOKEN)",
    )
    serve.add_argument(
        "--no-publisher",
        action="store_true",
        help="leave Redis publishing to a separate `tabletop publish`",
    )
    _edge_flags(serve)
    serve.set_defaults(run=_serve)
    summary = "publish stored events to Redis (run two: one active, one standing by)"
    publish = commands.add_parser(
        "publish",
        help=summary,
        description=f"{summary}. It reads the store the servers write (the same TABLETOP_* "
        "store settings, or these flags) and holds a Redis lease while it publishes.",
    )
    _store_flags(publish)
    publish.add_argument(
        "--lease",
        type=float,
        default=LEASE_SECONDS,
        help="seconds a silent active publisher keeps the lock before a standby takes over",
    )
    publish.set_defaults(run=_publish)


def register_tournament_publish(tournament_commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``publish`` to the ``tabletop tournament`` group: the tournament feed as its own
    process, recording each result as its game ends and publishing tournament events."""
    summary = "publish tournament updates to Redis"
    publish = tournament_commands.add_parser(
        "publish",
        help=summary,
        description=(  # what ``--help`` says it does, as every other subcommand's does
            f"{summary}: records each tournament result the moment its game ends and "
            "publishes every tournament event to its Redis channel, in order and once; for "
            "servers run with --no-publisher, beside `tabletop publish`"
        ),
    )
    _store_flags(publish)
    publish.set_defaults(run=_publish_tournaments)


def _store_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store", choices=STORES, help="event store (default sqlite, or TABLETOP_STORE)"
    )
    parser.add_argument(
        "--sqlite-path",
        type=Path,
        help="SQLite file, relative to the current directory (default var/tabletop.db, or "
        "TABLETOP_SQLITE_PATH)",
    )
    parser.add_argument(
        "--postgres-db",
        help="PostgreSQL database (or TABLETOP_POSTGRES_DB; TABLETOP_POSTGRES_* for the rest)",
    )
    parser.add_argument(
        "--redis-url",
        help="publish to Redis, e.g. redis://127.0.0.1:6379/0 (or TABLETOP_REDIS_URL)",
    )


def _edge_flags(parser: argparse.ArgumentParser) -> None:
    """TLS and rate limits (docs/reliability.md)."""
    parser.add_argument("--tls-cert", type=Path, help="serve TLS with this PEM certificate chain")
    parser.add_argument("--tls-key", type=Path, help="the PEM private key of --tls-cert")
    parser.add_argument(
        "--rate-limit",
        type=float,
        help="requests a second per token (or per peer without one); default 0, unlimited",
    )
    parser.add_argument(
        "--rate-burst", type=int, help="requests at once per caller (default twice the rate)"
    )


def settings_from(args: argparse.Namespace) -> Settings:
    """Environment settings, overridden by whichever flags were given."""
    flags = {
        "store": args.store,
        "sqlite_path": args.sqlite_path,
        "postgres_db": args.postgres_db,
        "redis_url": args.redis_url,
        "arbiter_token": getattr(args, "arbiter_token", None),
        "host": getattr(args, "host", None),
        "port": getattr(args, "port", None),
        "tls_cert": getattr(args, "tls_cert", None),
        "tls_key": getattr(args, "tls_key", None),
        "rate_limit": getattr(args, "rate_limit", None),
        "rate_burst": getattr(args, "rate_burst", None),
    }
    return dataclasses.replace(
        Settings.from_env(), **{k: v for k, v in flags.items() if v is not None}
    )


def _serve(args: argparse.Namespace) -> int:
    from services import serving  # only when run: see the module's docstring

    return serving.serve(settings_from(args), publish=not args.no_publisher)


def _publish(args: argparse.Namespace) -> int:
    from services import serving  # only when run: see the module's docstring

    return serving.publish(settings_from(args), args.lease)


def _publish_tournaments(args: argparse.Namespace) -> int:
    from services.tournaments import publishing  # only when run: see the module's docstring

    return publishing.publish(settings_from(args))
