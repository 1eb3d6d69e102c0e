"""Seed: Phase 3 and Actions I, II, III and V: four card plays per player per round, one per
turn, clockwise from the start player; the fifth card stays in hand."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from games.bruges import legal_actions
from games.bruges.actions import (
    Action,
    ActivatePerson,
    BuildCanal,
    BuildHouse,
    DeclineReputation,
    DiscardThreat,
    EndTurn,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.catalogue import Colour, Phase, TurnStep
from games.bruges.events import (
    GuildersTaken,
    HouseBuilt,
    PhaseBegan,
    RoundEnded,
    ThreatDiscarded,
    TurnBegan,
    TurnEnded,
    WorkersTaken,
)
from games.bruges.state import House

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
    step,
    table,
)


def test_action_i_takes_2_workers_of_the_cards_colour_and_discards_the_card() -> None:
    card = plain(R)
    state, events = step(table(player(hand=[card]), player()), 0, TakeWorkers(card))
    assert events[0] == WorkersTaken(0, card, Colour.RED, 2)
    assert state.players[0].workers == (1, 1, 3, 1, 1) and state.discard == (card,)


def test_action_ii_takes_the_value_of_the_die_of_the_cards_colour() -> None:
    card = plain(P)
    given = table(player(hand=[card], guilders=0), player(), dice=(1, 2, 3, 6, 5))
    state, events = step(given, 0, TakeGuilders(card))
    assert events[0] == GuildersTaken(0, card, 6) and state.players[0].guilders == 6


def test_the_bank_never_runs_out_of_guilders() -> None:
    """Seed: Components: the bank holds 20 one-guilder and 24 three-guilder pieces, 92 guilders
    in all, and "players can make change at any time". With all 92 already held, Action II
    still pays the die of the card's colour: guilders are a count, and the bank never runs out
    (docs/rules/bruges.md, item 5)."""
    card = plain(P)
    given = table(player(hand=[card], guilders=50), player(guilders=42), dice=(1, 2, 3, 6, 5))
    state, events = step(given, 0, TakeGuilders(card))
    assert events[0] == GuildersTaken(0, card, 6)
    assert [p.guilders for p in state.players] == [56, 42]


def test_the_worker_supply_never_runs_out() -> None:
    """Seed: Components, 50 workers, 10 of each colour; bruges-data.md §0: "the rules say
    substitute if a colour runs out (so effectively unlimited)". With all 10 red workers
    already held, Action I still takes 2 red workers (docs/rules/bruges.md, item 5)."""
    card = plain(R)
    given = table(player(hand=[card], workers=counts(red=6)), player(workers=counts(red=4)))
    state, events = step(given, 0, TakeWorkers(card))
    assert events[0] == WorkersTaken(0, card, Colour.RED, 2)
    assert [p.workers[2] for p in state.players] == [8, 4]


def test_action_iii_returns_a_marker_of_the_cards_colour_for_a_guilder_by_the_seed() -> None:
    card = plain(Y)
    given = table(player(hand=[card], threats=counts(yellow=2), guilders=0), player())
    state, events = step(given, 0, DiscardThreat(card))
    assert events[0] == ThreatDiscarded(0, Colour.YELLOW, card, guilders=1)
    assert state.players[0].threats == counts(yellow=1) and state.players[0].guilders == 1


def test_action_iii_earns_a_vp_instead_under_the_published_rules() -> None:
    card = plain(Y)
    given = table(player(hand=[card], threats=counts(yellow=1)), player(), ruleset="published")
    state, events = step(given, 0, DiscardThreat(card))
    assert events[0] == ThreatDiscarded(0, Colour.YELLOW, card, vp=1)
    assert (state.players[0].score, state.players[0].guilders) == (6, 5)


def test_action_iii_needs_a_marker_of_the_cards_colour() -> None:
    given = table(player(hand=[plain(B)], threats=counts(red=2)), player())
    assert refusal(given, DiscardThreat(plain(B))).reason == "NO_THREAT"


@pytest.mark.parametrize("play", [TakeWorkers, TakeGuilders, DiscardThreat, BuildCanal])
def test_a_card_played_for_actions_i_to_iv_goes_to_the_discard_pile(
    play: Callable[[int], Action],
) -> None:
    """Seed: Actions I-IV discard the card played (only a house or a recruit keeps it)."""
    card, kept = plain(Y), plain(R)
    me = player(hand=[card, kept], threats=counts(yellow=1), canal=(0,))
    state, _ = step(table(me, player()), 0, play(card))
    assert state.discard == (card,)
    assert state.players[0].hand == (kept,)


def test_action_v_keeps_the_card_face_down_as_a_house_for_a_worker_of_its_colour() -> None:
    card = plain(N)
    state, events = step(table(player(hand=[card]), player()), 0, BuildHouse(card))
    assert events[0] == HouseBuilt(0, card, Colour.BROWN)
    assert state.players[0].houses == (House(card),) and state.players[0].workers[1] == 0
    assert card not in state.discard


def test_action_v_needs_a_worker_of_the_cards_colour() -> None:
    given = table(player(hand=[plain(N)], workers=counts(blue=3)), player())
    assert refusal(given, BuildHouse(plain(N))).reason == "NO_WORKER"


def test_a_card_not_in_hand_cannot_be_played() -> None:
    assert refusal(table(), TakeWorkers(plain(B))).reason == "CARD_NOT_IN_HAND"


def test_one_card_per_turn_then_the_next_player_clockwise() -> None:
    given = table(
        player(hand=[plain(B), plain(N)]), player(hand=[plain(R)]), player(hand=[plain(Y)])
    )
    state, events = step(given, 0, TakeWorkers(plain(B)))
    assert events[1:] == (TurnEnded(0), TurnBegan(1))
    assert refusal(state, TakeWorkers(plain(N)), seat=0).reason == "NOT_YOUR_TURN"


def test_phase_3_begins_with_the_start_player() -> None:
    """Seed: Phase 3: the card plays begin with the start player. Seat 2 holds the banner, so
    once seat 1, last in turn order, has decided on its reputation step, seat 2 plays first."""
    given = table(
        player(hand=[plain(B)]),
        player(hand=[plain(N)]),
        player(hand=[plain(R)]),
        phase=Phase.REPUTATION,
        start=2,
        active=1,
    )
    state, events = step(given, 1, DeclineReputation())
    assert PhaseBegan(Phase.ACTIONS) in events
    assert (state.phase, state.active) == (Phase.ACTIONS, 2)


def test_four_plays_each_per_round_leave_one_card_in_hand() -> None:
    hands = [[plain(c, i) for i in range(5)] for c in (B, R)]
    state = table(player(hand=hands[0]), player(hand=hands[1]), last_round=1)
    plays = 0
    while state.phase is Phase.ACTIONS and not state.finished:
        seat = state.active
        state, _ = step(state, seat, TakeWorkers(state.players[seat].hand[0]))
        plays += 1
    assert plays == 8
    assert all(len(p.hand) == 1 for p in state.players)


def test_the_same_action_may_be_taken_several_times_in_a_round() -> None:
    given = table(player(hand=[plain(B), plain(B, 1)]), player(), step=TurnStep.STARTED)
    state, _ = step(given, 0, TakeWorkers(plain(B)))
    state, events = step(state, 0, TakeWorkers(plain(B, 1)))
    assert state.players[0].workers[0] == 5 and of_type(events, RoundEnded)


def test_persons_may_be_activated_before_and_after_the_card_play() -> None:
    dancer, juggler = pid("Soetkin the Dancer"), pid("Gillis the Grain Dealer")
    given = table(
        player(hand=[plain(B)], houses=persons_in("Soetkin the Dancer", "Gillis the Grain Dealer")),
        player(hand=[plain(R)]),
    )
    state, _ = step(given, 0, ActivatePerson(dancer))
    state, events = step(state, 0, TakeWorkers(plain(B)))
    assert state.step is TurnStep.PLAYED and state.active == 0  # the grain dealer could still act
    assert list(legal_actions(state, 0)) == [ActivatePerson(juggler), EndTurn()]
    state, events = step(state, 0, ActivatePerson(juggler))
    assert events[-1] == TurnBegan(1) and state.players[0].guilders == 7


def test_end_turn_only_after_the_card_play() -> None:
    given = table(player(hand=[plain(B)], houses=persons_in("Soetkin the Dancer")), player())
    assert refusal(given, EndTurn()).reason == "NOT_PLAYED_YET"
    state, _ = step(given, 0, TakeWorkers(plain(B)))
    state, events = step(state, 0, EndTurn())
    assert events[0] == TurnEnded(0)
