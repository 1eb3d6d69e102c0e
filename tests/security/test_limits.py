"""The token buckets behind the rate limit: refill at the configured rate up to the burst,
keep buckets for a bounded number of callers, and count a peer's connections together."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.grpc_api.limits import (
    MAX_CALLERS,
    RateLimit,
    RateLimitedError,
    RateLimiter,
    peer_host,
    rate_limiter,
)
from services.grpc_api.status import retry_info


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def admitted(limiter: RateLimiter, caller: str, tries: int) -> int:
    count = 0
    for _ in range(tries):
        try:
            limiter.admit(caller)
            count += 1
        except RateLimitedError:
            pass
    return count


def test_a_bucket_refills_at_the_rate_up_to_the_burst() -> None:
    clock = Clock()
    limiter = RateLimiter(RateLimit(per_second=10, burst=5), clock=clock)
    assert admitted(limiter, "a", 20) == 5
    clock.now += 0.35
    assert admitted(limiter, "a", 20) == 3
    clock.now += 60
    assert admitted(limiter, "a", 20) == 5, "never more than the burst"
    assert admitted(limiter, "b", 20) == 5, "each caller has its own bucket"


def test_buckets_are_kept_for_a_bounded_number_of_callers() -> None:
    limiter = RateLimiter(RateLimit(1, 1), clock=Clock(), max_callers=100)
    for n in range(10_000):
        limiter.admit(f"made-up token {n}")
    assert limiter.callers() == 100


def test_the_least_recently_seen_caller_loses_its_bucket_first() -> None:
    """docs/reliability.md: buckets are kept for the most recently seen callers, so a caller
    seen again keeps its empty bucket while a newcomer comes in."""
    limiter = RateLimiter(RateLimit(1, 1), clock=Clock(), max_callers=2)
    limiter.admit("a")
    limiter.admit("b")
    with pytest.raises(RateLimitedError):
        limiter.admit("a")  # seen again: now the most recent
    limiter.admit("c")  # b, seen least recently, loses its bucket
    for caller in ("a", "c"):
        with pytest.raises(RateLimitedError):
            limiter.admit(caller)
    limiter.admit("b")  # a new bucket, full


def test_the_guide_states_how_many_buckets_are_kept() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "reliability.md").read_text()
    assert f"Buckets are kept for the {MAX_CALLERS:,} most recently seen callers" in guide


def test_settings_choose_the_limiter() -> None:
    assert rate_limiter(0) is None
    limiter = rate_limiter(2.5)
    assert limiter is not None and limiter.limit == RateLimit(2.5, 5)
    with pytest.raises(ValueError, match="positive"):
        RateLimit(1, 0)


@pytest.mark.parametrize(
    ("peer", "host"),
    [
        ("ipv4:127.0.0.1:51234", "ipv4:127.0.0.1"),
        ("ipv6:[::1]:51234", "ipv6:[::1]"),
        ("unix:/tmp/socket", "unix:/tmp/socket"),
        ("", ""),
    ],
)
def test_a_peer_is_counted_by_address_without_its_port(peer: str, host: str) -> None:
    assert peer_host(peer) == host


def test_a_refusal_says_how_long_until_the_bucket_holds_a_request() -> None:
    clock = Clock()
    limiter = RateLimiter(RateLimit(per_second=4, burst=1), clock=clock)
    limiter.admit("a")
    clock.now += 0.1
    with pytest.raises(RateLimitedError) as refused:
        limiter.admit("a")
    assert refused.value.retry_after == pytest.approx(0.15)
    assert "retry in 0.15 s" in str(refused.value)


def test_waiting_the_retry_delay_finds_a_request_in_the_bucket() -> None:
    """api.md §6: wait the RetryInfo's ``retry_delay``, then send the request again. The
    delay is rounded up to the millisecond, so waiting exactly that long is never too soon."""
    clock = Clock()
    limiter = RateLimiter(RateLimit(per_second=3, burst=1), clock=clock)
    limiter.admit("a")
    with pytest.raises(RateLimitedError) as refused:
        limiter.admit("a")
    clock.now += retry_info(refused.value.retry_after).retry_delay.ToTimedelta().total_seconds()
    limiter.admit("a")
