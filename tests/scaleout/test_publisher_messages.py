"""The publisher's messages carry each view exactly as the rules' JSON form writes it: the
fast encoder (orjson over the view itself) changes the cost, not the content."""

from __future__ import annotations

import json
import random

from games.core.jsonable import to_json
from games.registry import all_rules
from services.publisher.messages import encode
from tests.conformance.play import Table, seed_bytes, uniform


def test_every_seat_view_of_every_game_encodes_as_its_json_form() -> None:
    for rules in all_rules().values():
        seats = rules.max_seats
        table = Table(rules, seats, seed_bytes(6)).play_with(uniform(random.Random(6)))
        for step in table.steps[::5]:
            for seat in (None, *range(seats)):
                view = rules.view(step.state, seat)
                body = json.loads(encode({"seat": seat, "view": view}))
                assert body == {"seat": seat, "view": to_json(view)}
