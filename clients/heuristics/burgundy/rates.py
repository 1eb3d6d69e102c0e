"""The rough victory-point rates the Burgundy heuristic counts every worth in: a tile laid, a
worker, a silverling, a goods tile, and the shares of a placement credited to a stored tile.
"""

from __future__ import annotations

PLACED = 1.5
"""Every tile laid brings regions and colours closer and leaves one space fewer empty."""
WORKER = 0.8
"""A worker spent: half a point at the end, more as a die's flexibility."""
SILVER = 1.0
"""A silverling: a point at the end, or half a black-depot purchase."""
GOODS = 1.6
"""A goods tile held: a point at the end, 2 (2 players) to 4 when sold with a die."""
KEPT = 0.6
"""What a goods tile is worth unsold, against selling it now."""
STORED = 0.6
"""The share of its best placement a stored tile is worth while turns remain to place it."""
NOW = 0.9
"""The share when the turn's other die can place it straight away."""
EXTRA_ACTION = 4.0
"""A castle's action with a die of any number (and a building's, valued before its use)."""
PROGRESS = 0.5
"""The share of a region's or colour's points credited to each step towards covering it."""
