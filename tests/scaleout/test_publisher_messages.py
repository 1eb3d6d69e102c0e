"""The publisher's messages carry each view exactly as the rules' JSON form writes it: the
fast encoder (orjson over the view itself, the part every reader shares written once)
changes the cost, not the content."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.core.jsonable import to_json
from games.core.meta import Cause, CauseKind
from games.core.record import Recorded
from games.core.rules import AnyRules, describe
from games.registry import all_rules
from services.application import Notification
from services.application.aggregate import codec_for
from services.publisher.messages import messages_for, stream_key
from tests.conformance.play import Table, seed_bytes, uniform

AT = "2026-12-01T00:00:00Z"


@pytest.mark.parametrize("with_views", [True, False])
def test_every_message_of_every_game_is_its_json_form(with_views: bool) -> None:
    for rules in all_rules().values():
        seats = rules.max_seats
        table = Table(rules, seats, seed_bytes(6)).play_with(uniform(random.Random(6)))
        readers = (None, *range(seats))
        for step in table.steps[::5]:
            event, state = step.events[-1], step.state  # any state shows how views encode
            note = _note(rules, step.version, event)
            ruleset = table.created.ruleset
            messages = messages_for(
                rules, note, event, state, seats, ruleset=ruleset, with_views=with_views
            )
            assert [m.key for m in messages] == [stream_key(rules.name, "g", s) for s in readers]
            for seat, message in zip(readers, messages, strict=True):
                view = to_json(rules.view(state, seat)) if with_views else None
                assert json.loads(message.body) == {
                    "game_id": "g",
                    "game": rules.name,
                    "version": step.version,
                    "type": note.recorded.event.type,
                    "description": describe(rules, event, ruleset, state),
                    "recorded_at": AT,
                    "seat": seat,
                    "view": view,
                }


def _note(rules: AnyRules, version: int, event: Any) -> Notification:
    encoded = codec_for(rules).encode(event)
    return Notification(1, "g", Recorded(version, AT, encoded, Cause(CauseKind.ACTION), ""))
