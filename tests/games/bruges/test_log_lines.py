"""The log's lines for the canal and the reputation step read right under either ruleset:
one canal is never called "section 0" (docs/rules/bruges.md, item 12), and a seat passed over
on the reputation track, which no event of its own records, is said to be (bruges-data.md
§2.3; docs/rules/bruges.md, items 6 and 7)."""

from __future__ import annotations

from games.bruges import RULES, describe, describe_action
from games.bruges.actions import LoseCanalToken
from games.bruges.catalogue import Colour, Phase
from games.bruges.events import CanalBuilt, DisasterResolved, Loss, PhaseBegan, TurnBegan
from games.bruges.persons import person
from games.core.rules import describe as describe_in_stream
from games.core.rules import fold

from .builders import B, plain, player, roll, rolling, table

ANNA = plain(B)
NAME = person(ANNA).name


def test_a_canal_build_names_a_section_only_on_the_published_canal() -> None:
    built = CanalBuilt(0, ANNA, 0, 3, 3)
    assert describe(built, "default") == (
        f"Seat 0 played {NAME} to build the next space of its canal (3 guilders), scoring 3 VP"
    )
    assert describe(CanalBuilt(1, ANNA, 1, 2, 0), "published") == (
        f"Seat 1 played {NAME} to build the next space of canal section 1 (2 guilders)"
    )


def test_a_canal_token_lost_to_a_disaster_names_a_section_only_on_the_published_canal() -> None:
    burnt = DisasterResolved(0, Colour.BROWN, Loss(section=0))
    assert describe(burnt, "default") == (
        "Seat 0's brown disaster: last token of its canal removed"
    )
    assert describe(DisasterResolved(0, Colour.RED, Loss(section=1)), "published") == (
        "Seat 0's red disaster: last token of canal section 1 removed"
    )
    victim = player(canal=(3,))
    assert describe_action(table(victim, player()), LoseCanalToken(0)) == (
        "lose the last token of your canal"
    )
    published = table(player(canal=(3, 2)), player(), ruleset="published")
    assert describe_action(published, LoseCanalToken(1)) == (
        "lose the last token of canal section 1"
    )


def test_the_note_follows_the_turn_the_seat_is_passed_over_in() -> None:
    state = rolling(player(guilders=1, reputation=2), player(guilders=0, reputation=12))
    rolled, events = roll(state, [2, 2, 3, 3, 3])
    now, said = state, []
    for event in events:
        now = fold(RULES, (event,), now)
        said.append(describe_in_stream(RULES, event, "default", now))
    began = said[events.index(PhaseBegan(Phase.REPUTATION))]
    assert began == (
        "The reputation phase began; seat 0 cannot pay the 4 guilders its reputation step "
        "costs (it has 1) and stays on step 2"
    )
    assert said[events.index(TurnBegan(1))] == (
        "Seat 1's turn; seat 1's pawn is on the top reputation step, 12, and stays there"
    )
    assert said[-2:] == ["The actions phase began", "Seat 1's turn"]
    assert rolled.phase is Phase.ACTIONS
    assert describe(TurnBegan(1), "default") == "Seat 1's turn"  # the event alone


def test_a_seat_that_may_climb_or_stay_gets_no_note() -> None:
    state = rolling(player(guilders=9), player(guilders=9))
    rolled, events = roll(state, [2, 2, 3, 3, 3])
    now = fold(RULES, events, state)
    assert rolled.phase is Phase.REPUTATION and now == rolled
    line = describe_in_stream(RULES, events[-1], "default", now)
    assert line == "The reputation phase began"
