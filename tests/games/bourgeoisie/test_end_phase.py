"""Seed: END PHASE (hand limit 7, discard slot 1, slide down, refill from the deck); notes
§4.2 (clockwise), §4.12 and §4.13."""

from __future__ import annotations

from games.bourgeoisie.actions import BuyCard, DiscardCard, EndPhase
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import CardDiscarded, TrackAdvanced, TurnBegan
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.state import State

from .builders import EIGHT_LANDS, cid, ending_turn, player, refusal, settled, step, table, track


def test_a_hand_over_seven_cards_must_discard_before_the_turn_ends() -> None:
    given = ending_turn()
    assert refusal(given, EndPhase()).reason == "HAND_OVER_LIMIT"
    assert list(legal_actions(given, 0)) == sorted(
        (DiscardCard(cid(n)) for n in EIGHT_LANDS), key=lambda a: a.card
    )


def test_the_seat_chooses_which_cards_to_discard() -> None:
    state, events = step(ending_turn(), 0, DiscardCard(cid("Fields")), rolls=[1])
    assert events[0] == CardDiscarded(0, cid("Fields"))
    assert cid("Fields") not in state.players[0].hand
    assert len(state.players[0].hand) == 7
    assert cid("Fields") in state.discard


def test_each_discard_is_one_card_until_the_hand_is_within_the_limit() -> None:
    nine = table(player(hand=[*EIGHT_LANDS, "Tracts"]), player(), phase=Phase.END)
    state, events = step(nine, 0, DiscardCard(cid("Tracts")))
    assert events == (CardDiscarded(0, cid("Tracts")),)
    assert (state.phase, state.active) == (Phase.END, 0)


def test_vouchers_count_toward_the_hand_limit() -> None:
    given = table(player(hand=[*EIGHT_LANDS[:6], "Nepotism", "Crisis"]), phase=Phase.END)
    assert refusal(given, EndPhase()).reason == "HAND_OVER_LIMIT"


def test_discarding_down_to_the_limit_waits_for_the_end_phase() -> None:
    """Seed: END PHASE. The excess is discarded in the End phase, not earlier in the turn."""
    given = table(player(hand=EIGHT_LANDS), player(), phase=Phase.CAPITAL)
    assert refusal(given, DiscardCard(cid("Plots"))).reason == "WRONG_PHASE"


def test_discarding_from_a_hand_within_the_limit_is_rejected() -> None:
    given = table(player(hand=EIGHT_LANDS[:7]), player(), phase=Phase.END)
    assert refusal(given, DiscardCard(cid("Plots"))).reason == "HAND_WITHIN_LIMIT"


def end_of_turn(slots: tuple[int | None, ...], deck: tuple[int, ...]) -> State:
    return table(player(), player(), phase=Phase.END, track=slots, deck=deck)


def test_slot_one_is_discarded_the_rest_slide_down_and_the_deck_refills_slot_ten() -> None:
    slots = track("Paupers", None, "Plots", None, "Serfs", "Lawyers", "Parcels", "Registrar",
                  "Peasants", "Woad Trade")  # fmt: skip
    deck = (cid("Bishop"), cid("Mayor"), cid("Manor"), cid("Villa"))
    state, events = settled(end_of_turn(slots, deck), rolls=[1])
    revealed = (cid("Bishop"), cid("Mayor"), cid("Manor"))
    assert events[0] == TrackAdvanced(cid("Paupers"), revealed)
    assert state.track == track("Plots", "Serfs", "Lawyers", "Parcels", "Registrar", "Peasants",
                                "Woad Trade", "Bishop", "Mayor", "Manor")  # fmt: skip
    assert state.deck == (cid("Villa"),)
    assert state.discard == (cid("Paupers"),)


def test_cards_get_cheaper_as_they_slide_toward_slot_one() -> None:
    slots = track(None, None, None, None, "Vineyard")
    state, _ = settled(end_of_turn(slots, (cid("Bishop"), cid("Mayor"))), rolls=[1])
    assert state.track[0] == cid("Vineyard")  # it cost 5 tokens, now 1


def test_an_empty_slot_one_discards_nothing() -> None:
    slots = track(None, "Plots")
    _, events = settled(end_of_turn(slots, (cid("Bishop"), cid("Mayor"))), rolls=[1])
    assert events[0] == TrackAdvanced(None, (cid("Bishop"), cid("Mayor")))


def test_the_next_seat_clockwise_begins_its_turn() -> None:
    given = table(player(), player(), player(), phase=Phase.END, active=2, turn=9)
    state, events = settled(given, rolls=[1])
    assert events[1] == TurnBegan(0, 10)
    assert (state.active, state.turn) == (0, 10)


def test_the_hand_may_exceed_seven_cards_before_the_end_phase() -> None:
    given = table(player(opportunity=9, hand=EIGHT_LANDS[:7]), player(), phase=Phase.OPPORTUNITY)
    state, _ = step(given, 0, BuyCard(2))
    assert len(state.players[0].hand) == 8
    assert state.phase is Phase.OPPORTUNITY


def test_after_the_fourth_seat_the_first_seat_plays_again() -> None:
    """Seed: TURN SEQUENCE ("Players take turns"), clockwise (notes §4.2): at four players the
    turn passes from seat 3 back to seat 0."""
    given = table(player(), player(), player(), player(), phase=Phase.END, active=3, turn=12)
    state, events = settled(given, rolls=[1])
    assert events[1] == TurnBegan(0, 13)
    assert (state.active, state.turn) == (0, 13)


def test_discarding_a_card_not_in_the_hand_is_rejected() -> None:
    """Seed: END PHASE, "Discard excess cards": the excess comes from the hand, so a card the
    seat does not hold (here one on the track) cannot be discarded, and the hand stays over."""
    given = ending_turn()
    assert refusal(given, DiscardCard(cid("Paupers"))).reason == "CARD_NOT_IN_HAND"
