"""Seed: End-Game Scoring and tie-break; bruges-data.md §3.6-§3.7: the final round, what
scores, and the places."""

from __future__ import annotations

import pytest

from games.bruges import RULES
from games.bruges.actions import TakeWorkers
from games.bruges.catalogue import Basis, Category, Effect, EffectKind, Group
from games.bruges.events import GameEnded, RoundBegan, SeatScore
from games.bruges.scoring import laurels, places, score_seat, units

from .builders import B, R, Y, counts, house, of_type, persons_in, plain, player, step, table


def test_the_final_round_ends_the_game_after_its_phase_4() -> None:
    given = table(player(hand=[plain(B)]), player(), round=6, last_round=6)
    state, events = step(given, 0, TakeWorkers(plain(B)))
    assert of_type(events, RoundBegan) == [] and isinstance(events[-1], GameEnded)
    assert state.finished and RULES.to_act(state) is None
    assert RULES.outcome(state) is not None


def test_a_round_before_the_final_one_is_followed_by_another() -> None:
    given = table(player(hand=[plain(B)]), player(), round=6, last_round=7)
    state, events = step(given, 0, TakeWorkers(plain(B)))
    assert of_type(events, RoundBegan) == [RoundBegan(7, 1)] and not state.finished


def test_final_scoring_adds_every_source() -> None:
    me = player(
        score=12,
        reputation=7,
        houses=(*persons_in("Count Boudewijn", "Baron Gillis"), house(plain(Y))),
        majorities=(Category.PERSONS,),
        statues=(7, 4),
        canal=(3, 5),
        guilders=4,
    )
    state = table(me, player(), ruleset="published")
    assert score_seat(state, 0) == SeatScore(
        seat=0,
        track=12,
        persons=3 + 2,
        houses=3,
        laurels=3,  # Count Boudewijn: 1 VP per house
        majorities=4,
        canal=6,
        statues=11,
        reputation=7,
        total=12 + 5 + 3 + 3 + 4 + 6 + 11 + 7,
        guilders=4,
    )


def test_most_vp_wins_then_most_guilders_and_a_full_tie_shares_the_place() -> None:
    def score(total: int, guilders: int) -> SeatScore:
        return SeatScore(0, total, 0, 0, 0, 0, 0, 0, 0, total, guilders)

    assert places([score(30, 1), score(31, 0), score(30, 2)]) == (3, 1, 2)
    assert places([score(30, 2), score(30, 2), score(20, 9)]) == (1, 1, 3)


def test_the_game_ended_event_records_scores_and_places() -> None:
    given = table(player(hand=[plain(B)], score=9), player(guilders=9), last_round=1)
    state, events = step(given, 0, TakeWorkers(plain(B)))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert state.scores == tuple(s.total for s in ended.scores) and state.places == (1, 2)


EVERYTHING = player(
    houses=(
        *persons_in("Count Boudewijn", "Countess Ysabeel", "Baron Gillis", "Prior Jan"),
        house(plain(B)),
    ),
    canal=(4,),
    reputation=5,
    majorities=(Category.CANAL, Category.PERSONS),
    statues=(7,),
    workers=counts(2, 1, 0, 3, 1),
    guilders=8,
)


@pytest.mark.parametrize(
    ("basis", "extra", "expected"),
    [
        (Basis.HOUSES, {}, 5),
        (Basis.PERSONS, {}, 4),
        (Basis.GROUP, {"group": Group.NOBLE}, 3),
        (Basis.COLOUR, {"colour": R}, 2),
        (Basis.DISTINCT_GROUPS, {}, 2),
        (Basis.DISTINCT_COLOURS, {}, 3),
        (Basis.CANAL_TOKENS, {}, 4),
        (Basis.REPUTATION, {}, 5),
        (Basis.MAJORITIES, {}, 2),
        (Basis.STATUES, {}, 1),
        (Basis.WORKERS, {}, 7),
        (Basis.GUILDERS, {}, 8),
        (Basis.THREATLESS, {}, 1),
    ],
)
def test_every_basis_counts_what_it_names(
    basis: Basis, extra: dict[str, object], expected: int
) -> None:
    effect = Effect(EffectKind.VP_PER, 1, basis=basis, **extra)  # type: ignore[arg-type]
    assert units(EVERYTHING, effect) == expected


def test_laurel_persons_score_by_their_basis_and_divisor() -> None:
    # Count Boudewijn 1/house (5), Countess Ysabeel 2/noble (3 nobles: 6).
    assert laurels(EVERYTHING) == 11
    rombout = player(houses=persons_in("Viscount Rombout"), reputation=5)
    assert laurels(rombout) == 2  # 1 VP per 2 steps
    abbot = player(houses=persons_in("Abbot Godfried"), threats=counts(purple=1))
    assert laurels(abbot) == 0
