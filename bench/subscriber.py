"""A Redis subscriber in its own process, timing when each event's wake-up arrives.

    python -m bench.subscriber REDIS_URL     # prints "ready", then on SIGTERM one JSON list

Every published event ends with ``"<game id> <version>"`` on ``tabletop:updates`` in the same
transaction as its stream entries, so its arrival here is the moment the event became
visible in Redis. Each is recorded with the wall-clock time it arrived.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
import time

import redis

from services.publisher.messages import UPDATES_CHANNEL


def main() -> None:
    client = redis.Redis.from_url(sys.argv[1])
    pubsub = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    pubsub.subscribe(UPDATES_CHANNEL)
    while not pubsub.subscribed or not client.pubsub_numsub(UPDATES_CHANNEL)[0][1]:
        pubsub.get_message(timeout=0.05)  # until Redis has the subscription
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    arrived: list[tuple[str, float]] = []
    print("ready", flush=True)
    while not stop.is_set():
        message = pubsub.get_message(timeout=0.1)
        if message is not None:
            data = message["data"]
            arrived.append((data.decode() if isinstance(data, bytes) else data, time.time()))
    json.dump(arrived, sys.stdout)


if __name__ == "__main__":
    main()
