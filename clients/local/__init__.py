"""Play in-process through the pure rules in ``games/``, seen through the very wire messages a
server sends: bots written against the gRPC types run unchanged, a hundred times faster.

This is for bot authors and the arena; a server stays the reference. Each game needs a wire
adapter here (its actions and views as protobuf messages); a test holds every adapter equal
to the service's own conversion, so local and served play cannot drift apart.
"""

from clients.local.table import LocalTable, local_games

__all__ = ["LocalTable", "local_games"]
