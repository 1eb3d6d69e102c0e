"""Conversion between the wire messages (``tabletop.v1``) and the rules' values, one module
per game: the one place that knows both. The service's edge and the clients (which play
games in-process for bots and the arena) both use it; it imports only ``games`` and the
generated messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from google.protobuf import struct_pb2, timestamp_pb2
from tabletop.v1 import common_pb2, game_service_pb2

from games.core import CauseKind, Recorded
from games.core.errors import MalformedError
from games.core.rules import AnyRules, Outcome
from games.core.wording import either
from games.registry import rules_for
from wire import bourgeoisie, bruges, burgundy


@dataclass(frozen=True)
class GameAdapter:
    """How one game's actions and views cross the wire."""

    name: str
    kind: int
    action_from_proto: Callable[[Any], object]
    action_to_proto: Callable[[object], Any]
    view_to_proto: Callable[[Any], Any]
    view_from_proto: Callable[[Any], object]


ADAPTERS = {
    "bourgeoisie": GameAdapter(
        "bourgeoisie",
        common_pb2.GAME_KIND_BOURGEOISIE,
        bourgeoisie.action_from_proto,
        bourgeoisie.action_to_proto,
        bourgeoisie.view_to_proto,
        bourgeoisie.view_from_proto,
    ),
    "burgundy": GameAdapter(
        "burgundy",
        common_pb2.GAME_KIND_BURGUNDY,
        burgundy.action_from_proto,
        burgundy.action_to_proto,
        burgundy.view_to_proto,
        burgundy.view_from_proto,
    ),
    "bruges": GameAdapter(
        "bruges",
        common_pb2.GAME_KIND_BRUGES,
        bruges.action_from_proto,
        bruges.action_to_proto,
        bruges.view_to_proto,
        bruges.view_from_proto,
    ),
}
_BY_KIND = {adapter.kind: adapter for adapter in ADAPTERS.values()}


_KIND_NAMES = either([common_pb2.GameKind.Name(kind) for kind in sorted(_BY_KIND)])
"""Every GameKind this build plays, by name, in GameKind order: "A, B or C"."""


def game_name(kind: int) -> str:
    """The game key for a GameKind; MalformedError for UNSPECIFIED or unknown values, naming
    the kinds to send instead (a client that sent a game's key, which protobufjs sends as the
    unset 0, learns the enum's names from it)."""
    adapter = _BY_KIND.get(kind)
    if adapter is None:
        given = "the game field is unset" if kind == 0 else f"unknown game kind {kind}"
        raise MalformedError(f"{given}: choose {_KIND_NAMES}", reason="UNKNOWN_GAME")
    return adapter.name


def game_kind(name: str) -> int:
    return ADAPTERS[name].kind


def games_to_proto() -> list[game_service_pb2.GameInfo]:
    """Every game this build plays, in GameKind order, as ListGames answers them."""
    return [
        game_service_pb2.GameInfo(
            game=adapter.kind,
            title=rules.title,
            min_seats=rules.min_seats,
            max_seats=rules.max_seats,
            rulesets=rules.rulesets,
            rules_version=rules.rules_version,
        )
        for adapter in sorted(ADAPTERS.values(), key=lambda adapter: adapter.kind)
        for rules in [rules_for(adapter.name)]
    ]


def action_from_proto(game: str, message: game_service_pb2.Action) -> object:
    """The rules' action for a wire action of ``game``; MalformedError for another game's."""
    which = message.WhichOneof("game")
    if which is None:
        raise MalformedError("the action is empty", reason="ACTION_MISSING")
    if which != game:
        raise MalformedError(f"this is a {game} game, not a {which} one", reason="WRONG_GAME")
    return ADAPTERS[game].action_from_proto(getattr(message, which))


def action_to_proto(game: str, action: object) -> game_service_pb2.Action:
    return game_service_pb2.Action(**{game: ADAPTERS[game].action_to_proto(action)})


def view_to_proto(game: str, view: object) -> game_service_pb2.View:
    return game_service_pb2.View(**{game: ADAPTERS[game].view_to_proto(view)})


def view_from_proto(game: str, message: game_service_pb2.View) -> object:
    """The rules' view of ``game`` a wire view carries; MalformedError for another game's."""
    which = message.WhichOneof("game")
    if which != game:
        raise MalformedError(f"this is a {game} game, not a view of {which or 'no game'}")
    return ADAPTERS[game].view_from_proto(getattr(message, which))


def outcome_to_proto(outcome: Outcome | None) -> common_pb2.Outcome | None:
    if outcome is None:
        return None
    return common_pb2.Outcome(scores=outcome.scores, places=outcome.places)


def status_to_proto(
    rules: AnyRules, state: object, ruleset: str, players: Sequence[str], updated_at: str = ""
) -> common_pb2.GameStatus:
    """A game's status at ``state``: its kind, table, whose decision it is, its outcome, and
    when it got there (``updated_at``, ISO 8601; none when "")."""
    outcome = rules.outcome(state)
    return common_pb2.GameStatus(
        game=game_kind(rules.name),
        ruleset=ruleset,
        seats=len(players),
        players=players,
        to_act=rules.to_act(state),
        finished=outcome is not None,
        outcome=outcome_to_proto(outcome),
        updated_at=_timestamp(updated_at) if updated_at else None,
    )


_EPOCH, _SECOND = datetime(1970, 1, 1, tzinfo=UTC), timedelta(seconds=1)
_CAUSE_KINDS = {kind: common_pb2.CauseKind.Value(f"CAUSE_KIND_{kind.name}") for kind in CauseKind}


def _timestamp(at: str) -> timestamp_pb2.Timestamp:
    # Timestamp.FromDatetime is Python code, three times slower than this, and every event
    # an action stores is described back to the client with one.
    moment = datetime.fromisoformat(at)
    if moment.tzinfo is None:  # as FromDatetime reads it
        moment = moment.replace(tzinfo=UTC)
    seconds = (moment - _EPOCH) // _SECOND
    return timestamp_pb2.Timestamp(seconds=seconds, nanos=moment.microsecond * 1000)


def _struct(data: dict[str, Any]) -> struct_pb2.Struct:
    # The very Struct json_format.ParseDict makes of JSON data (the same values, set in the
    # same order), at a third of its cost: a stream of a long game builds one per event.
    struct = struct_pb2.Struct()
    struct.update(data)
    return struct


def event_to_proto(
    game_id: str, recorded: Recorded, describe: str, *, with_payload: bool
) -> common_pb2.Event:
    """A recorded event on the wire; its payload only when the caller may see everything."""
    cause = recorded.cause
    payload = action = None
    if with_payload:
        payload = _struct(recorded.event.data)
        if cause.action is not None:
            action = _struct(cause.action.data)
    return common_pb2.Event(
        game_id=game_id,
        version=recorded.version,
        recorded_at=_timestamp(recorded.at),
        type=recorded.event.type,
        schema=recorded.event.schema,
        cause=common_pb2.Cause(
            kind=_CAUSE_KINDS[cause.kind],
            command_id=cause.command_id,
            seat=cause.seat,
            action_type="" if cause.action is None else cause.action.type,
            action_schema=0 if cause.action is None else cause.action.schema,
            action=action,
        ),
        description=describe,
        chain=recorded.chain,
        payload=payload,
    )
