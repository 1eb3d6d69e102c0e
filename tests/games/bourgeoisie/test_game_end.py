"""Seed: VICTORY and END GAME SCORING; notes §4.14-4.16 (scoring details, tie-break)."""

from __future__ import annotations

import pytest

from games.bourgeoisie import RULES, view
from games.bourgeoisie.actions import DiscardCard, EndPhase
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import (
    CardDiscarded,
    FamilyScore,
    GameEnded,
    SeatScore,
    TrackAdvanced,
    TurnBegan,
)
from games.bourgeoisie.legal import legal_actions
from games.bourgeoisie.scoring import places, revenue, score_family, score_seat
from games.bourgeoisie.state import Player, State
from games.bourgeoisie.turns import to_act
from games.core import Outcome

from .builders import EIGHT_LANDS, cid, family, player, refusal, settled, step, table, track


def last_turn(*players: Player, deck: tuple[int, ...] = ()) -> State:
    """The active seat's End phase with the given deck left."""
    seated = players or (player(), player())
    return table(*seated, phase=Phase.END, deck=deck, track=track("Plots", "Parcels"))


def test_the_game_ends_when_a_turn_ends_with_the_deck_empty() -> None:
    state, events = settled(last_turn(deck=(cid("Bishop"),)))
    assert events[0] == TrackAdvanced(cid("Plots"), (cid("Bishop"),))
    assert isinstance(events[1], GameEnded) and len(events) == 2
    assert state.finished and to_act(state) is None


def test_the_game_goes_on_while_cards_remain_in_the_deck() -> None:
    state, events = settled(last_turn(deck=(cid("Bishop"),) * 9 + (cid("Mayor"),)), rolls=[1])
    assert events[1] == TurnBegan(1, 2)
    assert not state.finished and state.deck == (cid("Mayor"),)


def test_the_game_ends_when_the_refill_takes_the_last_card_of_the_deck() -> None:
    """Seed: VICTORY. A refill that exactly fills the track leaves the deck empty as the turn
    ends, so the game is over although the track is full."""
    nine = (cid("Bishop"),) * 8 + (cid("Mayor"),)
    state, events = settled(last_turn(deck=nine))
    assert events[0] == TrackAdvanced(cid("Plots"), nine)
    assert isinstance(events[1], GameEnded)
    assert None not in state.track and state.deck == ()
    assert state.finished


def test_the_refill_stops_when_the_deck_runs_out() -> None:
    state, _ = settled(last_turn(deck=(cid("Bishop"), cid("Mayor"))))
    assert state.track == track("Parcels", "Bishop", "Mayor")
    assert state.finished


def test_no_action_is_accepted_once_the_game_is_over() -> None:
    state, _ = settled(last_turn())
    assert refusal(state, EndPhase()).reason == "GAME_OVER"
    assert list(legal_actions(state, 0)) == []
    assert RULES.to_act(state) is None


def test_a_family_scores_its_lands_and_offices_values_plus_their_printed_prestige() -> None:
    # Vineyard 8 (+3 PP), Plots 1; Bishop 12 (+5 PP)
    scored = score_family(family("Serfs", lands=["Vineyard", "Plots"], offices=["Bishop"]), False)
    assert scored == FamilyScore(cid("Serfs"), False, 9, 12, 8, 0, 29)


def test_upgrade_tokens_count_in_final_scoring() -> None:
    upgraded = family("Serfs", lands=["Plots"], offices=["Courtier"],
                      upgrades=[("Plots", 2), ("Courtier", 3)])  # fmt: skip
    assert score_family(upgraded, False).total == (1 + 2) + (3 + 3)


def test_family_trade_and_bonds_score_no_prestige() -> None:
    rich = family("Artisans", "Bankers", bonds=[cid("Mortgages", 4)], upgrades=[("Bankers", 5)])
    assert score_family(rich, False).total == 0


def test_a_retired_family_without_an_office_loses_five() -> None:
    scored = score_family(family("Serfs", lands=["Manor"]), retired=True)
    assert (scored.penalty, scored.total) == (5, 10 + 4 - 5)


def test_a_current_family_without_an_office_has_no_penalty() -> None:
    scored = score_family(family("Serfs", lands=["Manor"]), retired=False)
    assert (scored.penalty, scored.total) == (0, 14)


@pytest.mark.parametrize(("retired", "bonus"), [(0, 0), (1, 0), (2, 5), (3, 10)])
def test_each_retired_family_after_the_first_scores_five_more(retired: int, bonus: int) -> None:
    stacks = [family("Serfs", lands=["Plots"], offices=["Courtier"])] * retired
    scored = score_seat(0, player(retired=stacks))
    assert scored.retirement_bonus == bonus
    assert scored.total == 4 * retired + bonus


def seat_score(seat: int, total: int, gold: int = 0, silver: int = 0) -> SeatScore:
    return SeatScore(seat, (), 0, total, gold, silver)


def test_most_prestige_wins() -> None:
    assert places([seat_score(0, 10), seat_score(1, 30), seat_score(2, 20)]) == (3, 1, 2)


def test_ties_go_to_most_gold_then_most_silver() -> None:
    scores = [
        seat_score(0, 20, gold=1, silver=9),
        seat_score(1, 20, gold=2),
        seat_score(2, 20, 1, 3),
    ]
    assert places(scores) == (2, 1, 3)


def test_seats_still_level_after_the_tie_break_share_a_place() -> None:
    scores = [seat_score(0, 20, 2, 3), seat_score(1, 20, 2, 3), seat_score(2, 5)]
    assert places(scores) == (1, 1, 3)


def test_worked_example_final_scores_and_outcome() -> None:
    # Seat 0: retired Artisans (Manor 10+4 PP, Bishop 12+5 PP = 31), retired Burghers with
    # only Fields (2 - 5 = -3), +5 for the second retired family, and current Serfs with
    # Vineyard upgraded twice (8 + 2 + 3 PP = 13): 31 - 3 + 5 + 13 = 46.
    seat0 = player(
        gold=3,
        family=family("Serfs", "Lawyers", lands=["Vineyard"], upgrades=[("Vineyard", 2)]),
        retired=[
            family("Artisans", "Bankers", lands=["Manor"], offices=["Bishop"]),
            family("Burghers", "Wool Trade", lands=["Fields"]),
        ],
    )
    # Seat 1: one retired family, Large Estate 10+5 and Mayor 12+5 = 32, no bonus; plus a
    # current family with Bonds only (0): 32.
    seat1 = player(
        gold=9,
        family=family("Peasants", "Woad Trade", bonds=[cid("Bonds", 4)]),
        retired=[family("Craftsmen", "Financiers", lands=["Large Estate"], offices=["Mayor"])],
    )
    state, events = settled(last_turn(seat0, seat1))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert [s.total for s in ended.scores] == [46, 32]
    assert [f.total for f in ended.scores[0].families] == [31, -3, 13]
    assert ended.scores[0].retirement_bonus == 5
    assert RULES.outcome(state) == Outcome(scores=(46, 32), places=(1, 2))
    shown = view(state, None)
    assert (shown.scores, shown.places) == ((46, 32), (1, 2))


def test_the_running_points_are_the_end_game_scoring_of_now_then_the_final_scores() -> None:
    """The replay's score chart draws ``RULES.running_points``: during play each seat's
    prestige points were the game to end now (as ``score_seat`` counts them, in no event yet),
    once the game is over the scores its last event recorded."""
    seat0 = player(family=family("Serfs", lands=["Vineyard"]), retired=[family("Burghers")])
    seat1 = player(hand=["Bishop"], family=family("Peasants", offices=["Mayor"]))
    playing = last_turn(seat0, seat1, deck=(cid("Bishop"),))
    assert RULES.running_points is not None
    assert RULES.running_points(playing) == (11 - 5, 17)  # Vineyard 8+3, Burghers -5; Mayor 12+5
    assert RULES.running_points(playing) == tuple(
        score_seat(s, p).total for s, p in enumerate(playing.players)
    )
    ended, _ = settled(playing)
    assert ended.finished and RULES.running_points(ended) == ended.scores == (6, 17)


def test_cards_left_in_hand_and_tokens_score_nothing_and_break_no_tie() -> None:
    """Seed: END GAME SCORING, "Score Prestige Points (PP) for each of your families" (docs
    item 32). A Land and an Office still in the hand belong to no family, and opportunity
    tokens are no tie-break: both seats score Plots' or Parcels' 1 PP and share first place."""
    holder = player(
        opportunity=9,
        hand=["Large Estate", "Mayor"],
        family=family("Serfs", "Lawyers", lands=["Plots"]),
    )
    rival = player(family=family("Paupers", "Physicians", lands=["Parcels"]))
    state, events = settled(last_turn(holder, rival))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert [s.total for s in ended.scores] == [1, 1]
    assert RULES.outcome(state) == Outcome(scores=(1, 1), places=(1, 1))


def test_the_game_ends_mid_lap_at_four_players() -> None:
    """Seed: VICTORY, "The game ends when a turn ends and there are no cards left in the deck"
    (docs item 24, no equal-turns rule). At four players seat 1's turn empties the deck: seats
    2 and 3 get no further turn, and all four seats are scored."""
    seats = [player(family=family("Serfs", "Lawyers", lands=["Plots"])) for _ in range(4)]
    given = table(*seats, phase=Phase.END, active=1, turn=50, deck=(), track=track("Parcels"))
    state, events = settled(given)
    assert [type(e) for e in events] == [TrackAdvanced, GameEnded]
    assert state.finished and to_act(state) is None
    assert RULES.outcome(state) == Outcome(scores=(1, 1, 1, 1), places=(1, 1, 1, 1))


def test_the_last_turn_still_discards_down_to_the_limit_before_the_game_ends() -> None:
    """Seed: END PHASE ("Max hand size is 7 cards. Discard excess cards.") comes before the
    turn ends, and only then VICTORY's check: on the last turn the seat over the limit is asked
    to discard first, and the game ends on that discard."""
    given = table(player(hand=EIGHT_LANDS), player(), phase=Phase.END, deck=(), track=track())
    assert settled(given) == (given, ())
    assert refusal(given, EndPhase()).reason == "HAND_OVER_LIMIT"
    state, events = step(given, 0, DiscardCard(cid("Grounds")))
    assert [type(e) for e in events] == [CardDiscarded, TrackAdvanced, GameEnded]
    assert state.finished and len(state.players[0].hand) == 7


def test_ties_at_four_players_share_a_place_and_skip_the_next() -> None:
    """Docs item 26 (notes §4.16): most PP, then most gold, then most silver; seats level on
    all three share a place and the next place is skipped."""
    scores = [
        seat_score(0, 20, gold=2, silver=4),
        seat_score(1, 20, gold=2, silver=4),
        seat_score(2, 20, gold=2, silver=3),
        seat_score(3, 21),
    ]
    assert places(scores) == (2, 2, 4, 1)


def test_upgrade_tokens_on_the_family_card_raise_revenue_but_score_no_prestige() -> None:
    """Seed: UPGRADE TOKENS ("Each Upgrade Token (UT) on a card increases its value by 1") and
    END GAME SCORING ("A family gets PP equal to the value of its Lands and Offices"). Reputable's
    3 UT on the Serfs card lift the family's revenue from 5 to 8, but the Family card is neither
    Land nor Office: the family still scores only Plots 1 and Courtier 3."""
    plain = family("Serfs", lands=["Plots"], offices=["Courtier"])
    reputable = family("Serfs", lands=["Plots"], offices=["Courtier"], upgrades=[("Serfs", 3)])
    assert (revenue(plain), revenue(reputable)) == (5, 8)
    assert score_family(reputable, retired=True) == score_family(plain, retired=True)
    assert score_family(reputable, retired=True).total == 4
