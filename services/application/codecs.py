"""The game codec on the write path: messages it has just encoded or decoded are not decoded again.

``GameCodec`` remembers, for the last few thousand messages it encoded or decoded, the
message behind each ``Encoded`` object: the events a command has just sealed are described
back to the client and published from the same objects, so they are never decoded again.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from typing import Any

from games.core.codec import Codec, Encoded

MEMO_SIZE = 4096


class GameCodec(Codec):
    """A ``Codec`` that remembers the messages behind recent encoded forms."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._memo: OrderedDict[int, tuple[Encoded, object]] = OrderedDict()

    def encode(self, message: object) -> Encoded:
        encoded = super().encode(message)
        self._remember(encoded, message)
        return encoded

    def decode(self, encoded: Encoded) -> object:
        # Keyed by identity, and the memo holds the Encoded itself, so an id is never reused
        # while its entry lives; messages are frozen, so sharing one decoded value is safe.
        known = self._memo.get(id(encoded))
        if known is not None and known[0] is encoded:
            return known[1]
        message = super().decode(encoded)
        self._remember(encoded, message)
        return message

    def decode_once(self, encoded: Encoded) -> object:
        """Decode without remembering: for a reader that meets each stored event once (the
        publisher, ReadEvents and WatchGame), whose entries would only push out those a
        command will ask for again."""
        return super().decode(encoded)

    def _remember(self, encoded: Encoded, message: object) -> None:
        # Each OrderedDict operation is atomic under the GIL; racing threads may at worst
        # evict one entry too many, which costs a decode later.
        self._memo[id(encoded)] = (encoded, message)
        if len(self._memo) > MEMO_SIZE:
            with contextlib.suppress(KeyError):
                self._memo.popitem(last=False)
