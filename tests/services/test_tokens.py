"""Bearer tokens (docs/architecture.md §6): unguessable, kept only as hashes, and safe to pass on a
command line."""

from __future__ import annotations

import hashlib

from services.application.tokens import new_token, token_hash


def test_tokens_carry_256_random_bits_and_never_repeat() -> None:
    tokens = {new_token() for _ in range(2_000)}
    assert len(tokens) == 2_000
    assert all(len(token) == 64 and set(token) <= set("0123456789abcdef") for token in tokens)


def test_no_token_reads_as_a_command_line_option() -> None:
    # A base64 token may start with "-", and `--token -x…` then fails to parse.
    assert not any(new_token().startswith("-") for _ in range(5_000))


def test_the_hash_is_the_tokens_sha256_and_not_the_token() -> None:
    """docs/architecture.md §6: tokens are kept as SHA-256 hashes, so a store read again (by
    another process, after a restart) still recognises them."""
    token = new_token()
    assert token_hash(token) == hashlib.sha256(token.encode()).hexdigest()
    assert token not in token_hash(token)
    assert token_hash(token) != token_hash(new_token())
