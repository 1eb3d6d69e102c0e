"""The server under test: exactly the stack `tabletop serve` runs, plus the bare RPCs of
``bench.echo``.

    python -m bench.stack [--no-publisher]     # settings from TABLETOP_* like `tabletop serve`

The echo method (``/bench.Echo/Echo``, raw bytes in and out) is added after ``build_server``,
so it passes through the same thread pool, interceptor and HTTP/2 stack as ``SubmitAction``:
the difference between the two is the cost of the game service itself. The bare stream
(``/bench.Echo/Stream``) is to ``ReadEvents`` what the echo is to ``SubmitAction``, and runs
on the same threads of its own as every stream. Both exist only in this process, never in
the public API.

Every game created here draws the same seed, so one recorded sequence of actions is legal in
each of them and the client needs no ListLegalActions call between actions; the work per
action is the same as with secret seeds. The chosen port is printed on stdout, then the
process serves until SIGTERM.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from bench.common import ARBITER
from bench.echo import echo_handler
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.serving import settle_heap, updates
from services.settings import Settings

BENCH_SEED = bytes(range(32))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-publisher", action="store_true", help="as `tabletop serve`")
    args = parser.parse_args()
    settings = Settings.from_env()
    store = GameStore(settings)
    games = Games(store, arbiter_token=ARBITER, seeds=lambda: BENCH_SEED)
    with updates(settings, store, games, publish=not args.no_publisher) as signals:
        server, port = build_server(games, signals, "127.0.0.1:0")
        server.add_generic_rpc_handlers((echo_handler(),))
        settle_heap()  # as `tabletop serve` does
        server.start()
        print(port, flush=True)
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        stop.wait()
        server.stop(grace=1).wait()
    store.close()
    sys.exit(0)


if __name__ == "__main__":
    main()
