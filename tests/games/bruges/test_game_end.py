"""Seed: End-Game Scoring and tie-break; bruges-data.md §3.6-§3.7: the final round, what
scores, and the places."""

from __future__ import annotations

import pytest

from games.bruges import RULES
from games.bruges.actions import TakeWorkers
from games.bruges.catalogue import Basis, Category, Effect, EffectKind, Group
from games.bruges.events import GameEnded, MajorityWon, RoundBegan, SeatScore
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


@pytest.mark.parametrize(
    ("ruleset", "statues", "canal", "canal_vp"),
    [("published", (7, 4), (3, 5), 6), ("default", (7,), (8,), 0)],
)
def test_final_scoring_adds_every_source(
    ruleset: str, statues: tuple[int, ...], canal: tuple[int, ...], canal_vp: int
) -> None:
    """Seed: End-Game Scoring (majorities, reputation, statues, person end-game bonuses),
    completed as in the published game by houses and persons' printed points. Only the
    published canal scores at the end (3 VP per section built to its third space); the seed's
    scores its spaces when they are built (docs/rules/bruges.md, items 14 and 21)."""
    me = player(
        score=12,
        reputation=7,
        houses=(*persons_in("Count Boudewijn", "Baron Gillis"), house(plain(Y))),
        majorities=(Category.PERSONS,),
        statues=statues,
        canal=canal,
        guilders=4,
    )
    assert score_seat(table(me, player(), ruleset=ruleset), 0) == SeatScore(
        seat=0,
        track=12,
        persons=3 + 2,
        houses=3,
        laurels=3,  # Count Boudewijn: 1 VP per house
        majorities=4,
        canal=canal_vp,
        statues=sum(statues),
        reputation=7,
        total=12 + 5 + 3 + 3 + 4 + canal_vp + sum(statues) + 7,
        guilders=4,
    )


def test_the_final_round_still_checks_the_majorities_and_the_marker_turned_scores() -> None:
    """Seed: every round has four phases, and the final round is played to its end: its Phase 4
    checks the majorities before the final scoring, so a marker turned then scores its 4 VP
    (docs/rules/bruges.md, items 4 and 20)."""
    given = table(player(hand=[plain(B)], reputation=3), player(), last_round=1)
    _state, events = step(given, 0, TakeWorkers(plain(B)))
    assert of_type(events, MajorityWon) == [MajorityWon(0, Category.REPUTATION)]
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.scores[0].majorities == 4


def test_leftover_guilders_workers_and_cards_score_nothing() -> None:
    """Seed: End-Game Scoring 5: guilders, workers and cards left over score no VP; guilders
    only break a tie."""
    bare = score_seat(table(player(guilders=0, workers=counts()), player()), 0)
    rich = table(
        player(hand=[plain(B), plain(R)], guilders=30, workers=counts(4, 4, 4, 4, 4)), player()
    )
    scored = score_seat(rich, 0)
    assert scored.total == bare.total == 5 and scored.guilders == 30


def test_a_laurel_person_may_score_what_is_left_over() -> None:
    """Seed: End-Game Scoring 5 gives leftover guilders and workers no VP of their own, but
    a person's end-game bonus (item 4) may count them: Pieter the Banker scores 1 VP per 2
    guilders left (docs/rules/bruges.md, item 30)."""
    banker = player(houses=persons_in("Pieter the Banker"), guilders=9, workers=counts(3))
    scored = score_seat(table(banker, player()), 0)
    assert scored.laurels == 4 and scored.total == 5 + 3 + 1 + 4 and scored.guilders == 9


def test_an_immediate_person_that_scores_per_something_scores_again_only_its_points() -> None:
    """Hermit Zeger's "3 VP if you hold no threat marker" is an arrow effect: it resolves when
    he is recruited and "never again" (bruges-data.md §1.3). At the end only laurel persons
    score their bonus (seed: End-Game Scoring 4; docs/rules/bruges.md, item 30), so he adds
    only his printed point, threatless or not."""
    hermit = player(houses=persons_in("Hermit Zeger"), threats=counts())
    scored = score_seat(table(hermit, player()), 0)
    assert laurels(hermit) == 0
    assert (scored.persons, scored.laurels, scored.total) == (1, 0, 5 + 1 + 1)


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
