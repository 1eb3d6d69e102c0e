"""What the publisher sends for one stored event: key names and JSON messages.

Every message carries the game id and version, and the last message of each batch (the
events one cause stored together) carries its reader's view of the game. Each game has a
public stream and one stream per seat, so Redis access rules can keep a seat's stream from the
others:

    tabletop:<game>:<game id>:public        view for spectators
    tabletop:<game>:<game id>:seat:<n>      view for seat n
    tabletop:updates                        "<game id> <version>" wake-ups for servers

Stream entry ids are ``<version>-0``, so a subscriber resumes after version v with
``XRANGE key (v-0 +`` and can never see one version twice in a stream. A what-if fork of a
game in play sends only its wake-ups until that game ends (``RedisPublisher``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from games.core.rules import AnyRules, describe
from services.application import Notification

UPDATES_CHANNEL = "tabletop:updates"
POSITION_KEY = "tabletop:publisher:position"


def stream_key(game: str, game_id: str, seat: int | None) -> str:
    suffix = "public" if seat is None else f"seat:{seat}"
    return f"tabletop:{game}:{game_id}:{suffix}"


@dataclass(frozen=True)
class Message:
    key: str
    body: str


def messages_for(
    rules: AnyRules,
    note: Notification,
    event: Any,
    state: Any,
    seats: int,
    *,
    ruleset: str,
    with_views: bool,
    before: Any = None,
) -> list[Message]:
    """The public message and one per seat for one stored event (``note``, with its rules
    event decoded) of a game played under ``ruleset``, and the state it led to (and
    ``before``, the state it was applied to, which completes its line: ``describe``);
    ``with_views`` for the last event of its batch.

    The earlier events of a batch are the automatic steps one action set off: no one decides
    between them, so their messages carry ``"view": null``. Their views were most of what the
    publisher spent and most of what Redis held (docs/scaling.md); WatchGame still sends the
    view after every event."""
    recorded = note.recorded
    about = {
        "game_id": note.game_id,
        "game": rules.name,
        "version": recorded.version,
        "type": recorded.event.type,
        "description": describe(rules, event, ruleset, state, before=before),
        "recorded_at": recorded.at,
    }
    # Every reader's message is this object with "seat" and "view" added: it is written once
    # and each reader's ending appended, which is what orjson writes for the whole object.
    opening = encode(about)[:-1] + ',"seat":'
    result = []
    for seat in (None, *range(seats)):
        view = encode(rules.view(state, seat)) if with_views else "null"
        body = f'{opening}{"null" if seat is None else seat},"view":{view}}}'
        result.append(Message(stream_key(rules.name, note.game_id, seat), body))
    return result


def encode(value: Any) -> str:
    """JSON of a message or a view, as ``games.core.jsonable.to_json`` would give it.

    orjson walks the view's dataclasses, enums and tuples itself, several times faster than
    building the JSON form in Python first; views are rebuilt for every seat, so this is
    much of what the publisher spends. The one kind it leaves to us is a frozenset, which
    to_json writes as a sorted list.
    """
    return orjson.dumps(value, default=_sorted_set).decode()


def _sorted_set(value: object) -> Any:
    if isinstance(value, frozenset):
        return sorted(value)
    raise TypeError(f"cannot encode a {type(value).__name__}")
