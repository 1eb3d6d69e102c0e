"""The bot seats of a ``tabletop play --vs-bots`` game, kept on disk so that resuming the game
(``tabletop play GAME_ID --token TOKEN``) can start its bots again.

The bots play in threads of the ``play`` process, so they stop when the player leaves; their
seats stay theirs only through the tokens they were given. One small JSON file per game keeps
each bot seat's number, bot name, seed and token, in ``$TABLETOP_STATE_DIR`` when set, else in
``$XDG_STATE_HOME/tabletop`` (``~/.local/state/tabletop`` by default). A token acts for its
seat, so the folder is private to its user (0700) and each file readable by them only (0600).
The file is removed once its game has ended.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

STATE_DIR_VARIABLE = "TABLETOP_STATE_DIR"
"""Where the saved bot seats live, instead of the per-user state folder."""

_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
"""What a game id may look like to name a file: never a path (ids are UUIDs)."""


class SavedBotsError(Exception):
    """A game's saved bot seats exist but cannot be read."""


@dataclass(frozen=True)
class BotSeat:
    """One seat played by a bot: which bot (a ``clients.bots.BOTS`` name), with which seed,
    acting with which token."""

    seat: int
    bot: str
    seed: int
    token: str


def state_dir() -> Path:
    """``$TABLETOP_STATE_DIR``, else ``tabletop`` in the XDG state folder (whose variable
    counts only when it is an absolute path, as the XDG base directory specification says)."""
    if chosen := os.environ.get(STATE_DIR_VARIABLE):
        return Path(chosen)
    xdg = os.environ.get("XDG_STATE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "tabletop"


def bots_file(game_id: str) -> Path:
    """The file keeping ``game_id``'s bot seats (ValueError for an id that is no file name)."""
    if not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return state_dir() / "bots" / f"{game_id}.json"


def save_bots(game_id: str, seats: Sequence[BotSeat]) -> Path:
    """Keep ``seats`` as ``game_id``'s bot seats; returns the file.

    Written to a private temporary file (mode 0600) then renamed over the old one, so the file
    is never seen half written nor, even briefly, readable by others.
    """
    path = bots_file(game_id)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    record = {"game_id": game_id, "seats": [asdict(seat) for seat in seats]}
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(record, file, indent=2)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def load_bots(game_id: str) -> tuple[BotSeat, ...] | None:
    """``game_id``'s saved bot seats; None when none were saved here (the game was joined
    from elsewhere, or was not created with ``--vs-bots``). Raises SavedBotsError when the
    file cannot be read or is not such a record."""
    if not _GAME_ID.fullmatch(game_id):
        return None  # no such file can exist
    path = bots_file(game_id)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        return tuple(_bot_seat(item) for item in record["seats"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise SavedBotsError(f"{path}: {error}") from None


def forget_bots(game_id: str) -> None:
    """Remove ``game_id``'s saved bot seats, if any (its game has ended)."""
    if _GAME_ID.fullmatch(game_id):
        bots_file(game_id).unlink(missing_ok=True)


def _bot_seat(item: dict[str, object]) -> BotSeat:
    seat, bot, seed, token = item["seat"], item["bot"], item["seed"], item["token"]
    if not (isinstance(seat, int) and isinstance(seed, int)):
        raise TypeError("seat and seed must be numbers")
    if not (isinstance(bot, str) and isinstance(token, str)):
        raise TypeError("bot and token must be text")
    return BotSeat(seat, bot, seed, token)
