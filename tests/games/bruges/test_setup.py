"""Seed: Setup; bruges-data.md §1.1 (the piles per player count) and §3.1 (holdings)."""

from __future__ import annotations

import pytest

from games.bruges import RULES
from games.bruges.catalogue import Phase
from games.bruges.events import CardDrawn, PilesDealt, RoundBegan, StartPlayerChosen
from games.bruges.state import Player
from games.core import GameCreated, MalformedError, ScriptedChance

from .builders import of_type


def created(seats: int, ruleset: str = "default") -> GameCreated:
    return GameCreated("bruges", "g", 1, ruleset, seats, "commitment")


@pytest.mark.parametrize(
    ("seats", "sizes", "extra"), [(2, (33, 33), 99), (3, (50, 49), 66), (4, (66, 66), 33)]
)
def test_one_stack_of_33_per_player_makes_the_two_piles_and_the_rest_the_extra_pile(
    seats: int, sizes: tuple[int, int], extra: int
) -> None:
    state = RULES.start(created(seats))
    events = RULES.opening(state, ScriptedChance(rolls=[1]))
    dealt = of_type(events, PilesDealt)[0]
    assert tuple(len(p) for p in dealt.piles) == sizes
    assert len(dealt.extra) == extra
    assert sorted(dealt.piles[0] + dealt.piles[1] + dealt.extra) == list(range(165))


def test_every_player_starts_with_5_guilders_a_worker_of_each_colour_and_5_vp() -> None:
    state = RULES.start(created(3))
    assert all(
        (p.guilders, p.workers, p.score, p.reputation, p.hand) == (5, (1,) * 5, 5, 0, ())
        for p in state.players
    )
    assert all(p.threats == (0,) * 5 and p.majorities == () for p in state.players)


def test_the_statue_stack_starts_with_7_on_top_down_to_2() -> None:
    """Seed: Setup 1, "Stack Statue tokens sequentially (2 on bottom, 7 on top)": the first
    statue taken is worth 7, the last 2 (bruges-data.md §2.2)."""
    for ruleset in ("default", "published"):
        assert RULES.start(created(4, ruleset)).statues == (7, 6, 5, 4, 3, 2)


def test_the_canal_is_one_line_by_the_seed_and_two_sections_when_published() -> None:
    assert RULES.start(created(2)).players[0].canal == (0,)
    assert RULES.start(created(2, "published")).players[0].canal == (0, 0)


def test_a_random_start_player_begins_round_1_by_drawing() -> None:
    state = RULES.start(created(3))
    events = RULES.opening(state, ScriptedChance(rolls=[2]))
    assert of_type(events, StartPlayerChosen) == [StartPlayerChosen(1)]
    assert of_type(events, RoundBegan) == [RoundBegan(1, 1)]
    for event in events:
        state = RULES.evolve(state, event)
    assert (state.phase, state.round, RULES.to_act(state)) == (Phase.DRAW, 1, 1)
    assert not of_type(events, CardDrawn)  # two piles: the start player chooses


def test_an_unknown_ruleset_or_seat_count_is_malformed() -> None:
    with pytest.raises(MalformedError) as error:
        RULES.start(created(2, "deluxe"))
    assert error.value.reason == "UNKNOWN_RULESET"
    for seats in (1, 5):
        with pytest.raises(MalformedError) as error:
            RULES.start(created(seats))
        assert error.value.reason == "BAD_SEAT_COUNT"


def test_the_rules_record_names_both_rulesets() -> None:
    assert RULES.rulesets == ("default", "published")
    assert (RULES.min_seats, RULES.max_seats) == (2, 4)
    assert Player().guilders == 5
