"""Bearer tokens: random, unguessable, and stored only as hashes (docs/architecture.md §6)."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """256 random bits, written in hex.

    Hex rather than URL-safe base64 because a base64 token may begin with ``-``, which a
    command line then reads as an option (``--token -x…``) instead of the token.
    """
    return secrets.token_hex(32)


def token_hash(token: str) -> str:
    """What the store keeps in place of a token: its SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()
