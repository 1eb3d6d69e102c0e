"""The lease that makes exactly one publisher active per event store.

Every publisher process runs; the one holding ``tabletop:publisher:lock`` publishes and the
others stand by, trying to take the lock every few tenths of a second. The holder renews it
well before it expires; if the holder dies (or stalls past the lease), the lock expires and a
standby takes over within one lease. A publisher that lost its lease without noticing cannot
publish twice either: every publishing script checks the position first (see follower.py).
"""

from __future__ import annotations

import os
import secrets
import socket
import time

import redis

from services.settings import LEASE_SECONDS

LOCK_KEY = "tabletop:publisher:lock"

# Renew or release only a lock we still own (another process may hold it since it expired).
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


class PublisherLock:
    """A lease in Redis held by one owner at a time (SET NX PX, renewed by its owner)."""

    def __init__(self, client: redis.Redis, lease_seconds: float = LEASE_SECONDS) -> None:
        self._redis = client
        self.lease_seconds = lease_seconds
        # Says who holds it, for operators (and tests): host, process id, and a nonce.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(8)}"
        self._renewed_at = 0.0
        self._renew = client.register_script(_RENEW)
        self._release = client.register_script(_RELEASE)

    @property
    def _lease_ms(self) -> int:
        return max(1, int(self.lease_seconds * 1000))

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; True when this owner holds it now."""
        taken = self._redis.set(LOCK_KEY, self.owner, nx=True, px=self._lease_ms)
        if taken:
            self._renewed_at = time.monotonic()
        return bool(taken)

    def keep(self) -> bool:
        """Renew the lease when a third of it has passed; False when it was lost."""
        if time.monotonic() - self._renewed_at < self.lease_seconds / 3:
            return True
        if not self._renew(keys=[LOCK_KEY], args=[self.owner, self._lease_ms]):
            return False
        self._renewed_at = time.monotonic()
        return True

    def release(self) -> bool:
        """Give the lock back; True when this owner held it (and so gave it back)."""
        return bool(self._release(keys=[LOCK_KEY], args=[self.owner]))

    def holder(self) -> str | None:
        """The owner holding the lock now, if any."""
        value = self._redis.get(LOCK_KEY)
        return value.decode() if isinstance(value, bytes) else value
