"""Seed: Phase 4 (Check Majorities); bruges-data.md §2.4: a sole leader turns its marker, ties
turn nothing, a turned marker stays turned, and the start player banner moves on."""

from __future__ import annotations

from games.bruges.actions import TakeWorkers
from games.bruges.catalogue import Category
from games.bruges.events import MajorityWon, RoundBegan, RoundEnded
from games.bruges.majorities import Lead, compared, leads, majority_events
from games.bruges.scoring import score_seat

from .builders import B, N, R, house, of_type, persons_in, plain, player, step, table


def test_a_sole_leader_turns_its_marker_in_the_order_reputation_persons_canal() -> None:
    state = table(
        player(reputation=3, canal=(2,)),
        player(reputation=1, houses=persons_in("Baron Gillis"), canal=(4,)),
    )
    assert majority_events(state) == (
        MajorityWon(0, Category.REPUTATION),
        MajorityWon(1, Category.PERSONS),
        MajorityWon(1, Category.CANAL),
    )


def test_a_tie_for_the_lead_turns_nothing() -> None:
    state = table(player(reputation=2), player(reputation=2), player(reputation=1))
    assert majority_events(state) == ()


def test_leading_means_more_than_each_other_player_not_all_of_them_together() -> None:
    state = table(player(canal=(3,)), player(canal=(2,)), player(canal=(2,)))
    assert majority_events(state) == (MajorityWon(0, Category.CANAL),)


def test_the_persons_majority_counts_persons_and_not_empty_houses() -> None:
    """Seed: Phase 4, the "people" category: what is counted is the persons in play, so three
    empty houses lose to one house with a person in it (docs/rules/bruges.md, item 20)."""
    builder = player(houses=[house(plain(B)), house(plain(N)), house(plain(R))])
    state = table(builder, player(houses=persons_in("Baron Gillis")))
    assert majority_events(state) == (MajorityWon(1, Category.PERSONS),)


def test_published_the_canal_majority_adds_the_tokens_of_both_sections() -> None:
    """bruges-data.md §2.2: the canal majority counts the tokens of both sections together, so
    2 + 2 tokens beat 3 + 0 (docs/rules/bruges.md, item 20)."""
    state = table(player(canal=(2, 2)), player(canal=(3, 0)), ruleset="published")
    assert majority_events(state) == (MajorityWon(0, Category.CANAL),)


def test_a_turned_marker_stays_turned_and_others_may_turn_theirs_later() -> None:
    state = table(player(reputation=1, majorities=(Category.REPUTATION,)), player(reputation=4))
    assert majority_events(state) == (MajorityWon(1, Category.REPUTATION),)
    again = table(player(reputation=5, majorities=(Category.REPUTATION,)), player())
    assert majority_events(again) == ()


def test_each_turned_marker_scores_4_vp_at_the_end() -> None:
    state = table(player(majorities=(Category.REPUTATION, Category.CANAL)), player())
    assert score_seat(state, 0).majorities == 8
    published = table(player(majorities=(Category.PERSONS,)), player(), ruleset="published")
    assert score_seat(published, 0).majorities == 4


def test_phase_4_checks_straightens_and_passes_the_banner_clockwise() -> None:
    given = table(player(hand=[plain(B)], reputation=2), player(), player(), start=0)
    state, events = step(given, 0, TakeWorkers(plain(B)))
    assert of_type(events, MajorityWon) == [MajorityWon(0, Category.REPUTATION)]
    assert of_type(events, RoundEnded) == [RoundEnded(1, 1)]
    assert of_type(events, RoundBegan) == [RoundBegan(2, 1)]
    assert state.start == 1 and state.active == 1
    assert all(p.played == 0 and p.turned == () for p in state.players)


def test_with_four_players_the_banner_passes_from_the_last_seat_back_to_seat_0() -> None:
    """Seed: Phase 4, "Then pass Start player banner clockwise": with four players (the most,
    seed: Components) and seat 3 holding the banner, clockwise leads back to seat 0, who
    starts the next round by drawing."""
    given = table(player(), player(), player(), player(hand=[plain(B)]), start=3, active=3)
    state, events = step(given, 3, TakeWorkers(plain(B)))
    assert of_type(events, RoundEnded) == [RoundEnded(1, 0)]
    assert of_type(events, RoundBegan) == [RoundBegan(2, 0)]
    assert (state.start, state.active) == (0, 0)


def test_the_leads_now_name_each_categorys_sole_leader_or_its_tie() -> None:
    """What the boards say before Phase 4: the seat that would turn each marker, in the
    order Phase 4 checks them, read from each seat's counts (``compared``)."""
    seats = [compared(3, 1, 2), compared(1, 1, 4), compared(2, 0, 4)]
    assert leads(seats) == (
        Lead(Category.REPUTATION, 0, 3),
        Lead(Category.PERSONS, None, 1),
        Lead(Category.CANAL, None, 4),
    )
