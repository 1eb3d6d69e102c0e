"""Per-caller rate limits: one token bucket for each bearer token, or, for a call without a
token, for each peer address.

A bucket holds up to ``burst`` requests and refills at ``per_second``; a call finding it
empty is refused before any work is done, as RESOURCE_EXHAUSTED with the reason
``RATE_LIMITED`` (through the one status table) and the wait until the bucket holds a request
again (a ``google.rpc.RetryInfo``, so a client can retry on time without parsing the message).
Buckets are kept for the most recently seen callers only, so a flood of made-up tokens cannot
grow memory without bound.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import grpc

from services.application.errors import ApplicationError
from services.grpc_api.servicer import bearer_token

MAX_CALLERS = 100_000
"""Buckets kept at most; the least recently seen caller's bucket is dropped first."""


class RateLimitedError(ApplicationError):
    """The caller sent more requests than its rate limit allows; it should slow down."""

    reason = "RATE_LIMITED"
    retry_after: float
    """Seconds until the caller's bucket holds a request again: the refusal's RetryInfo."""

    def __init__(self, message: str, *, retry_after: float = 0.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class RateLimit:
    """``per_second`` requests on average, up to ``burst`` at once, for each caller."""

    per_second: float
    burst: int

    def __post_init__(self) -> None:
        if self.per_second <= 0 or self.burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")


class _Bucket:
    __slots__ = ("stamp", "tokens")

    def __init__(self, tokens: float, stamp: float) -> None:
        self.tokens = tokens
        self.stamp = stamp


class RateLimiter:
    """Token buckets keyed by caller; ``admit`` takes one token or raises RateLimitedError."""

    def __init__(
        self,
        limit: RateLimit,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_callers: int = MAX_CALLERS,
    ) -> None:
        self.limit = limit
        self._clock = clock
        self._max_callers = max_callers
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def admit(self, caller: str) -> None:
        """Count one request by ``caller``; refuse it when the caller's bucket is empty."""
        with self._lock:
            bucket = self._refilled(caller, self._clock())
            if bucket.tokens < 1:
                wait = (1 - bucket.tokens) / self.limit.per_second
                raise RateLimitedError(
                    f"too many requests: at most {self.limit.per_second:g} a second "
                    f"(bursts of {self.limit.burst}) per caller; retry in {wait:.2f} s",
                    retry_after=wait,
                )
            bucket.tokens -= 1

    def callers(self) -> int:
        """How many callers have a bucket now."""
        with self._lock:
            return len(self._buckets)

    def _refilled(self, caller: str, now: float) -> _Bucket:
        bucket = self._buckets.get(caller)
        if bucket is None:
            bucket = self._buckets[caller] = _Bucket(float(self.limit.burst), now)
            if len(self._buckets) > self._max_callers:
                self._buckets.popitem(last=False)
            return bucket
        self._buckets.move_to_end(caller)
        refill = max(0.0, now - bucket.stamp) * self.limit.per_second
        bucket.tokens = min(float(self.limit.burst), bucket.tokens + refill)
        bucket.stamp = now
        return bucket


def caller_of(context: grpc.ServicerContext) -> str:
    """Who a call counts against: its bearer token (hashed, so no secret is kept), else the
    peer's address without its port (one client's connections share a bucket)."""
    token = bearer_token(context)
    if token:
        return "token:" + hashlib.sha256(token.encode()).hexdigest()[:32]
    return "peer:" + peer_host(context.peer() or "")


def peer_host(peer: str) -> str:
    """``ipv4:1.2.3.4:5678`` → ``ipv4:1.2.3.4``; ``ipv6:[::1]:5678`` → ``ipv6:[::1]``."""
    kind, _, address = peer.partition(":")
    if kind in ("ipv4", "ipv6") and ":" in address:
        return f"{kind}:{address.rsplit(':', 1)[0]}"
    return peer


def rate_limiter(per_second: float, burst: int = 0) -> RateLimiter | None:
    """The limiter for these settings: None when ``per_second`` is 0 (unlimited); a burst of
    0 means two seconds' worth."""
    if per_second <= 0:
        return None
    return RateLimiter(RateLimit(per_second, burst or max(1, math.ceil(2 * per_second))))
