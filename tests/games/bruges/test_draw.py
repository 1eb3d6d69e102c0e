"""Seed: Phase 1 and the extra draw pile trigger; bruges-data.md §3.2 and §3.6 (the exception
for a pile emptied by a card effect, and splitting when the extra pile is gone)."""

from __future__ import annotations

from typing import Any

from games.bruges.actions import ActivatePerson, DrawCard
from games.bruges.catalogue import Phase
from games.bruges.events import (
    CardDrawn,
    DiceRolled,
    DrawsForfeited,
    ExtraPileOpened,
    HandLookedAt,
    PileSplit,
    TurnBegan,
)
from games.bruges.state import Pending, PendingKind, Player, State

from .builders import (
    B,
    N,
    R,
    Y,
    of_type,
    persons_in,
    pid,
    plain,
    player,
    refusal,
    settled,
    step,
    table,
)


def drawing(*players: Player, **kw: Any) -> State:
    return table(*players, phase=Phase.DRAW, dice=(), **kw)


def test_the_player_chooses_the_pile_card_by_card_and_sees_nothing_until_the_hand_is_full() -> None:
    state = drawing(player(hand=[plain(B)]), player())
    top = state.piles[1][0]
    state, events = step(state, 0, DrawCard(1))
    assert events == (CardDrawn(0, 1, top),)
    assert state.players[0].fresh == (top,) and state.players[0].hand == (plain(B),)
    for pile in (0, 0, 1):
        state, _ = step(state, 0, DrawCard(pile))
    assert state.players[0].fresh == () and len(state.players[0].hand) == 5


def test_a_full_hand_ends_the_turn_and_the_next_player_clockwise_draws() -> None:
    state = drawing(player(hand=[plain(B, i) for i in range(4)]), player(), player())
    state, events = step(state, 0, DrawCard(0))
    assert events[1:] == (HandLookedAt(0), TurnBegan(1))
    assert refusal(state, DrawCard(0), seat=0).reason == "NOT_YOUR_TURN"


def test_after_the_last_player_draws_the_start_player_rolls_the_dice() -> None:
    state = drawing(player(hand=[plain(B, i) for i in range(5)]), player(hand=[plain(N)] * 4))
    state = table(*state.players, phase=Phase.DRAW, dice=(), active=1)
    state, events = step(state, 1, DrawCard(0), rolls=[3, 3, 3, 3, 3])
    assert of_type(events, DiceRolled) == [DiceRolled(0, (3, 3, 3, 3, 3))]
    assert state.phase is Phase.REPUTATION


def test_a_hand_of_more_than_five_draws_nothing_and_keeps_every_card() -> None:
    """Seed: Phase 1, draw "until they have 5 cards in hand"; a hand already holding more (a
    person's extra draws, or a burnt house's person back in the hand) draws nothing and discards
    nothing (docs/rules/bruges.md, item 25)."""
    six = [plain(R, i) for i in range(6)]
    given = drawing(
        player(hand=six), player(hand=[plain(B, i) for i in range(4)]), start=1, active=1
    )
    state, events = step(given, 1, DrawCard(0), rolls=[3] * 5)
    assert [e.seat for e in of_type(events, CardDrawn)] == [1]
    assert state.players[0].hand == tuple(six) and of_type(events, DiceRolled)


def test_a_hand_already_full_draws_nothing() -> None:
    state = drawing(player(hand=[plain(R, i) for i in range(5)]), player())
    assert refusal(state, DrawCard(0)).reason == "WRONG_PHASE"


def test_an_empty_pile_cannot_be_drawn_from() -> None:
    state = drawing(player(), player(), piles=((), (1, 2, 3)), extra=())
    assert refusal(state, DrawCard(0)).reason == "PILE_EMPTY"


def test_emptying_a_pile_in_phase_1_brings_in_the_extra_pile_and_makes_this_round_final() -> None:
    state = drawing(player(), player(), piles=((1,), (2, 3, 4, 5, 6, 7, 8)), extra=(9, 10), round=3)
    state, events = step(state, 0, DrawCard(0))
    assert events[1] == ExtraPileOpened(0, last_round=3)
    assert state.piles[0] == (9, 10) and state.extra == () and state.last_round == 3


def test_published_emptying_a_pile_in_phase_1_also_makes_this_round_final() -> None:
    """bruges-data.md §3.6: "as soon as one draw pile is empty, replace it at once with the
    extra draw pile. The round in which that happens is the final round"; the exception (the
    next round) is for a card effect in Phase 3 only, so a Phase 1 draw that empties a pile
    ends the game with this round under ``published`` too (docs/rules/bruges.md, item 4)."""
    state = drawing(
        player(),
        player(),
        piles=((1,), (2, 3, 4, 5, 6, 7, 8)),
        extra=(9, 10),
        round=3,
        ruleset="published",
    )
    state, events = step(state, 0, DrawCard(0))
    assert of_type(events, ExtraPileOpened) == [ExtraPileOpened(0, last_round=3)]
    assert state.last_round == 3


def emptied_by_jacob(ruleset: str) -> tuple[State, tuple[object, ...]]:
    """In round 5's Phase 3, seat 0 activates Jacob and draws the last card of pile 0."""
    jacob = pid("Jacob the Lute Player")  # pay a brown worker: draw 1 card
    state = table(
        player(hand=[plain(B)], houses=persons_in("Jacob the Lute Player")),
        player(),
        piles=((1,), (2, 3)),
        extra=(9, 10),
        round=5,
        ruleset=ruleset,
    )
    state, _ = step(state, 0, ActivatePerson(jacob))
    state, events = step(state, 0, DrawCard(0))
    assert 1 in state.players[0].hand and state.piles[0] == (9, 10)
    return state, events


def test_default_a_pile_emptied_by_a_card_effect_in_phase_3_makes_this_round_final() -> None:
    """Seed, Phase 1, "Extra draw pile trigger": "When one draw pile empties, immediately
    replace it with the extra draw pile. The round in which this happens is the final round."
    The seed has no exception for a card effect (bruges-data.md §4 row 13), so under
    ``default`` a pile emptied by a person's draw in Phase 3 ends the game with this round
    (docs/rules/bruges.md, item 4)."""
    state, events = emptied_by_jacob("default")
    assert of_type(events, ExtraPileOpened) == [ExtraPileOpened(0, last_round=5)]
    assert state.last_round == 5


def test_published_a_pile_emptied_by_a_card_effect_in_phase_3_makes_the_next_round_final() -> None:
    """bruges-data.md §3.6, "Exception: if a card effect in Phase 3 empties a pile, the extra
    pile comes in at once and the next round is the final round" (published only;
    docs/rules/bruges.md, item 4)."""
    state, events = emptied_by_jacob("published")
    assert of_type(events, ExtraPileOpened) == [ExtraPileOpened(0, last_round=6)]
    assert state.last_round == 6


def test_with_the_extra_pile_gone_the_other_pile_is_split_in_two() -> None:
    state = drawing(player(), player(), piles=((1,), (2, 3, 4, 5, 6)), extra=(), last_round=4)
    state, events = step(state, 0, DrawCard(0))
    assert of_type(events, PileSplit) == [PileSplit(0, 2)]
    assert state.piles == ((5, 6), (2, 3, 4)) and state.last_round == 4


def test_with_the_extra_pile_gone_two_cards_left_are_split_one_and_one() -> None:
    """bruges-data.md §3.6: with the extra pile gone, "keep splitting whatever remains into 2
    roughly equal piles, so there are always 2 to draw from": two cards left make two piles of
    one; a single card left stays where it is (docs/rules/bruges.md, item 4)."""
    state = drawing(player(), player(), piles=((1,), (2, 3)), extra=(), last_round=4)
    state, events = step(state, 0, DrawCard(0))
    assert of_type(events, PileSplit) == [PileSplit(0, 1)]
    assert state.piles == ((3,), (2,))
    state = drawing(player(), player(), piles=((1,), (2,)), extra=(), last_round=4)
    state, events = step(state, 0, DrawCard(0), rolls=[3] * 5)
    assert of_type(events, PileSplit) == [] and state.players[0].hand == (1, 2)


def test_with_one_pile_left_the_draws_need_no_choice() -> None:
    state = drawing(player(), player(), piles=((), (1, 2, 3, 4, 5, 6, 7)), extra=())
    state, events = step(state, 0, DrawCard(1), rolls=[3] * 5)
    assert [e.card for e in of_type(events, CardDrawn)] == [1, 2, 3, 4, 5, 6, 7]
    assert state.players[0].hand == (1, 2, 3, 4, 5) and state.players[1].hand == (6, 7)


def test_when_every_card_is_gone_hands_stay_short_and_the_round_goes_on() -> None:
    state = drawing(player(), player(hand=[plain(Y)]), piles=((1,), (2,)), extra=())
    state, events = step(state, 0, DrawCard(0), rolls=[3] * 5)
    assert state.players[0].hand == (1, 2) and state.players[1].hand == (plain(Y),)
    assert len(of_type(events, DiceRolled)) == 1 and state.phase is Phase.REPUTATION


def test_effect_draws_are_forfeited_when_no_card_is_left() -> None:
    state = table(
        player(hand=[plain(B)]),
        player(),
        piles=((), ()),
        extra=(),
        pending=(Pending(0, PendingKind.DRAW, count=2),),
    )
    state, events = settled(state)
    assert events[0] == DrawsForfeited(0) and state.pending == ()


def test_a_persons_draws_from_the_one_pile_left_need_no_choice() -> None:
    """docs/rules/bruges.md, "How a round runs in the engine": a step with only one possible
    outcome is never asked, "a draw with one pile left" among them. A person's extra draws
    (Phase 3) with one pile holding cards take its top cards by themselves, seen at once."""
    state = table(
        player(hand=[plain(B)]),
        player(),
        piles=((), (1, 2, 3)),
        extra=(),
        pending=(Pending(0, PendingKind.DRAW, count=2),),
    )
    state, events = settled(state)
    assert events == (CardDrawn(0, 1, 1, effect=True), CardDrawn(0, 1, 2, effect=True))
    assert state.pending == () and state.players[0].hand == (plain(B), 1, 2)
    assert state.piles == ((), (3,))
