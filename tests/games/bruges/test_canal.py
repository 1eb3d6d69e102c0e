"""Seed: Action IV (default) and bruges-data.md §2.2 (published): building the canal, its
price, the VP of its spaces and the statues (docs/rules/bruges.md, items 12-16)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.bruges import legal_actions
from games.bruges.actions import BuildCanal, LoseCanalToken
from games.bruges.events import CanalBuilt, Payout, StatueClaimed
from games.bruges.scoring import score_seat
from games.bruges.state import State

from .builders import (
    B,
    N,
    P,
    R,
    Y,
    counts,
    of_type,
    persons_in,
    pid,
    plain,
    player,
    refusal,
    roll,
    rolling,
    step,
    table,
)


def canal_table(canal: tuple[int, ...], ruleset: str = "default", **kw: Any) -> State:
    me = player(hand=[plain(c) for c in (B, N, R, P, Y)], canal=canal, guilders=20, **kw)
    return table(me, player(), ruleset=ruleset, dice=(1, 2, 3, 4, 5))


def test_default_a_token_costs_the_die_of_the_cards_colour() -> None:
    state, events = step(canal_table((0,)), 0, BuildCanal(plain(P)))
    assert events[0] == CanalBuilt(0, plain(P), 0, 4, 0)
    assert state.players[0].guilders == 16 and state.players[0].canal == (1,)


def test_default_the_canal_is_built_in_order_and_space_3_scores_3_vp_at_once() -> None:
    state, events = step(canal_table((2,)), 0, BuildCanal(plain(B)))
    assert events[0] == CanalBuilt(0, plain(B), 0, 1, 3)
    assert state.players[0].score == 8


def test_default_space_8_also_scores_3_vp_and_the_other_spaces_none() -> None:
    """Seed: Action IV: building a space moves the scoring pawn by the VP shown on it. Spaces 3
    and 8, the third space of each half, show 3 VP; the others none (docs/rules/bruges.md,
    item 14)."""
    state, events = step(canal_table((7,)), 0, BuildCanal(plain(B)))
    assert events[0] == CanalBuilt(0, plain(B), 0, 1, 3) and state.players[0].score == 8
    for built in (0, 1, 3, 5, 6, 8):
        _, events = step(canal_table((built,)), 0, BuildCanal(plain(B)))
        assert events[0] == CanalBuilt(0, plain(B), 0, 1, 0), built


def test_default_spaces_5_and_10_take_the_top_statue() -> None:
    state, events = step(canal_table((4,)), 0, BuildCanal(plain(B)))
    assert of_type(events, StatueClaimed) == [StatueClaimed(0, 7)]
    given = canal_table((9,))
    given = table(given.players[0], player(statues=(7,)), dice=(1, 2, 3, 4, 5))
    state, events = step(replace(given, statues=(6, 5, 4, 3, 2)), 0, BuildCanal(plain(B)))
    assert of_type(events, StatueClaimed) == [StatueClaimed(0, 6)]
    assert state.statues == (5, 4, 3, 2)


def test_default_a_space_rebuilt_after_a_disaster_scores_no_second_time() -> None:
    given = canal_table((2,), canal_peak=(3,))
    state, events = step(given, 0, BuildCanal(plain(B)))
    assert events[0].vp == 0 and state.players[0].score == 5  # type: ignore[union-attr]


def test_a_canal_rebuilt_after_losing_two_tokens_scores_and_takes_statues_no_second_time() -> None:
    """Two tokens lost, two rebuilt: the first rebuilt space is still short of the furthest
    space ever built, so the second rebuilt space, the seed's third (3 VP) or a published
    section's fifth (a statue), is not built for the first time either and earns nothing again
    (docs/rules/bruges.md, items 14 and 15; bruges-data.md §2.5, "re-completing that section
    earns no second statue")."""
    state, _ = step(canal_table((1,), canal_peak=(3,)), 0, BuildCanal(plain(B)))
    me = state.players[0]
    assert (me.canal, me.canal_peak) == ((2,), (3,))
    state, events = step(table(me, player(), dice=(1, 2, 3, 4, 5)), 0, BuildCanal(plain(N)))
    assert events[0] == CanalBuilt(0, plain(N), 0, 2, 0) and state.players[0].score == 5
    burnt = canal_table((3, 0), "published", canal_peak=(5, 0), statues=(7,))
    state, _ = step(burnt, 0, BuildCanal(plain(P), 0))
    me = state.players[0]
    again = table(me, player(), ruleset="published", dice=(1, 2, 3, 4, 5))
    state, events = step(replace(again, statues=(6, 5, 4, 3, 2)), 0, BuildCanal(plain(Y), 0))
    assert of_type(events, StatueClaimed) == [] and state.players[0].canal == (5, 0)
    assert state.players[0].statues == (7,) and state.statues == (6, 5, 4, 3, 2)


def test_a_canal_trigger_pays_for_a_rebuilt_token_though_the_space_scores_no_second_time() -> None:
    """Arnoud the Wine Merchant: "+1 VP whenever you build a canal token". A token rebuilt
    after a disaster took it is built again, so the trigger pays again, though its space
    scores no second time and takes no second statue (docs/rules/bruges.md, items 14, 15, 32)."""
    arnoud = persons_in("Arnoud the Wine Merchant")
    rebuilt = canal_table((2,), canal_peak=(3,), houses=arnoud)
    state, events = step(rebuilt, 0, BuildCanal(plain(B)))
    assert events[0].vp == 0  # type: ignore[union-attr]
    assert Payout(0, pid("Arnoud the Wine Merchant"), vp=1) in events
    assert state.players[0].score == 6
    fire = canal_table((0, 4), "published", canal_peak=(0, 5), statues=(7,), houses=arnoud)
    state, events = step(fire, 0, BuildCanal(plain(B), 1))
    assert not of_type(events, StatueClaimed) and state.players[0].score == 6


def test_default_a_statue_space_rebuilt_after_the_seeds_brown_takes_no_second_statue() -> None:
    """Seed: Threat Penalties, brown: "Discard 1 canal token from end of your canal". The
    statue its fifth space took stays with the player, and rebuilding that space takes no
    second one (docs/rules/bruges.md, items 8 and 15, as for the published fire)."""
    builder = player(canal=(5,), threats=counts(brown=2), statues=(7,))
    given = replace(rolling(builder, player()), statues=(6, 5, 4, 3, 2))
    lost, _ = roll(given, [3, 6, 3, 3, 3])  # the brown disaster takes the fifth token
    me = lost.players[0]
    assert (me.canal, me.canal_peak, me.statues) == ((4,), (5,), (7,))
    again = table(replace(me, hand=(plain(B),), guilders=20), lost.players[1])
    state, events = step(replace(again, statues=lost.statues), 0, BuildCanal(plain(B)))
    assert of_type(events, CanalBuilt) and of_type(events, StatueClaimed) == []
    assert state.players[0].canal == (5,) and state.players[0].statues == (7,)
    assert state.statues == (6, 5, 4, 3, 2)


def test_default_a_full_canal_takes_no_more_tokens_and_there_is_one_section() -> None:
    assert refusal(canal_table((10,)), BuildCanal(plain(B))).reason == "CANAL_UNAVAILABLE"
    assert refusal(canal_table((0,)), BuildCanal(plain(B), 1)).reason == "CANAL_UNAVAILABLE"


def test_the_price_must_be_affordable() -> None:
    given = table(player(hand=[plain(Y)], guilders=4, canal=(0,)), player(), dice=(1, 1, 1, 1, 5))
    assert refusal(given, BuildCanal(plain(Y))).reason == "NOT_ENOUGH_GUILDERS"


def test_exactly_the_price_is_enough() -> None:
    """Seed: Action IV: the token costs the value of the die of the card's colour, so a player
    holding exactly that much builds and is left with nothing."""
    given = table(player(hand=[plain(Y)], guilders=5, canal=(0,)), player(), dice=(1, 1, 1, 1, 5))
    state, _ = step(given, 0, BuildCanal(plain(Y)))
    assert (state.players[0].guilders, state.players[0].canal) == (0, (1,))


def test_published_two_sections_each_needing_the_colour_printed_on_its_next_space() -> None:
    state = canal_table((0, 0), ruleset="published")
    builds = [a for a in legal_actions(state, 0) if isinstance(a, BuildCanal)]
    assert builds == [BuildCanal(plain(B), 0), BuildCanal(plain(Y), 1)]
    assert refusal(state, BuildCanal(plain(R), 0)).reason == "CANAL_UNAVAILABLE"


def test_published_a_complete_section_takes_no_more_tokens_but_the_other_still_does() -> None:
    """bruges-data.md §2.2: "Each section has 5 spaces", built outward in order. With one
    section complete, only the other one's next space is left (its first, yellow)."""
    state = canal_table((5, 0), ruleset="published")
    builds = [a for a in legal_actions(state, 0) if isinstance(a, BuildCanal)]
    assert builds == [BuildCanal(plain(Y), 1)]
    assert refusal(state, BuildCanal(plain(B), 0)).reason == "CANAL_UNAVAILABLE"


def test_published_the_price_is_printed_on_the_space_1_to_5_outward() -> None:
    state, events = step(canal_table((2, 0), ruleset="published"), 0, BuildCanal(plain(R), 0))
    assert events[0] == CanalBuilt(0, plain(R), 0, 3, 0)
    assert state.players[0].canal == (3, 0)


def test_published_completing_a_section_takes_the_top_statue() -> None:
    _state, events = step(canal_table((0, 4), ruleset="published"), 0, BuildCanal(plain(B), 1))
    assert of_type(events, StatueClaimed) == [StatueClaimed(0, 7)]


def test_published_completing_the_second_section_takes_the_next_statue() -> None:
    """bruges-data.md §2.2: completing a section "takes the top statue immediately"; "At most 2
    per player, one per section". A player whose first section took the 7 completes the second
    and takes the 6, now on top."""
    given = canal_table((5, 4), ruleset="published", statues=(7,))
    state, events = step(replace(given, statues=(6, 5, 4, 3, 2)), 0, BuildCanal(plain(B), 1))
    assert of_type(events, StatueClaimed) == [StatueClaimed(0, 6)]
    assert state.players[0].statues == (7, 6) and state.statues == (5, 4, 3, 2)
    assert score_seat(state, 0).statues == 13


def test_published_a_section_completed_again_after_a_fire_takes_no_second_statue() -> None:
    """bruges-data.md §2.5, "Fire on a canal: only the last token of a section can be removed
    (no gaps). You keep a statue already won, but re-completing that section earns no second
    statue" (docs/rules/bruges.md, items 8 and 15)."""
    builder = player(canal=(5, 0), threats=counts(red=2), statues=(7,))
    given = replace(rolling(builder, player(), ruleset="published"), statues=(6, 5, 4, 3, 2))
    burnt, _ = roll(given, [3, 3, 6, 3, 3])  # the fire has only the fifth token to take
    me = burnt.players[0]
    assert (me.canal, me.canal_peak, me.statues) == ((4, 0), (5, 0), (7,))
    again = table(replace(me, hand=(plain(Y),), guilders=20), burnt.players[1], ruleset="published")
    state, events = step(replace(again, statues=burnt.statues), 0, BuildCanal(plain(Y), 0))
    assert of_type(events, CanalBuilt) and of_type(events, StatueClaimed) == []
    assert state.players[0].canal == (5, 0) and state.players[0].statues == (7,)
    assert state.statues == (6, 5, 4, 3, 2)


def test_published_a_third_space_token_lost_to_a_fire_no_longer_scores_at_game_end() -> None:
    """bruges-data.md §2.2: the 3 VP at game end belong to a token on the third space of a
    section; once a fire has taken that token (§2.5), the section scores nothing for it
    (docs/rules/bruges.md, items 8 and 14)."""
    builder = player(canal=(3, 3), threats=counts(red=2))
    assert score_seat(table(builder, player(), ruleset="published"), 0).canal == 6
    state, _ = roll(rolling(builder, player(), ruleset="published"), [3, 3, 6, 3, 3])
    state, _ = step(state, 0, LoseCanalToken(0))
    assert state.players[0].canal == (2, 3) and state.players[0].canal_peak == (3, 3)
    assert score_seat(state, 0).canal == 3


def test_no_statue_is_left_for_late_completions() -> None:
    given = replace(canal_table((4, 0), ruleset="published"), statues=())
    _, events = step(given, 0, BuildCanal(plain(Y), 0))
    assert of_type(events, StatueClaimed) == []


def test_published_the_third_space_of_a_section_scores_3_vp_at_game_end() -> None:
    state = canal_table((3, 5), ruleset="published", statues=(7,))
    scored = score_seat(state, 0)
    assert (scored.canal, scored.statues) == (6, 7)
    default = canal_table((8,), statues=(7,))
    assert score_seat(default, 0).canal == 0  # the seed scores space VP when built
