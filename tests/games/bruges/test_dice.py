"""Seed: Phase 2 (Roll Dice): the start player's five dice, threats on 5 and 6 for every
player, the third marker's disaster, and the reputation step priced by the 1s and 2s
(bruges-data.md §2.3, §2.5, §3.3)."""

from __future__ import annotations

from games.bruges import evolve, to_act
from games.bruges.actions import AdvanceReputation, DeclineReputation, LosePerson
from games.bruges.catalogue import Colour, Phase
from games.bruges.events import (
    DiceRolled,
    DisasterResolved,
    DisasterStruck,
    PhaseBegan,
    ReputationBought,
    ReputationDeclined,
    ThreatReceived,
    TurnBegan,
)

from .builders import (
    N,
    R,
    counts,
    house,
    of_type,
    persons_in,
    pid,
    plain,
    player,
    refusal,
    roll,
    rolling,
    settled,
    step,
    table,
)


def test_the_start_player_rolls_all_five_dice_and_they_are_recorded() -> None:
    state, events = roll(rolling(player(), player(), start=1), [3, 4, 3, 4, 3])
    assert of_type(events, DiceRolled) == [DiceRolled(1, (3, 4, 3, 4, 3))]
    assert state.dice == (3, 4, 3, 4, 3)


def test_every_die_showing_5_or_6_gives_every_player_a_marker_of_its_colour() -> None:
    state, events = roll(rolling(player(), player(), player()), [5, 4, 6, 1, 3])
    received = [(e.seat, e.colour) for e in of_type(events, ThreatReceived)]
    assert received == [(s, Colour.BLUE) for s in (0, 1, 2)] + [(s, Colour.RED) for s in (0, 1, 2)]
    assert all(p.threats == counts(blue=1, red=1) for p in state.players)


def test_dice_showing_1_to_4_give_no_threat() -> None:
    _, events = roll(rolling(player(), player()), [1, 2, 3, 4, 4])
    assert of_type(events, ThreatReceived) == []


def test_the_third_marker_of_a_colour_strikes_at_once_and_the_markers_go_back() -> None:
    given = rolling(player(threats=counts(blue=2), score=9), player())
    state, events = roll(given, [6, 3, 3, 3, 3])
    assert DisasterStruck(0, Colour.BLUE) in events
    assert state.players[0].threats == (0,) * 5 and state.players[1].threats == counts(blue=1)
    assert state.players[0].score == 6  # the seed's blue disaster: -3 VP


def test_markers_are_handed_out_from_the_start_player_so_their_disaster_choice_comes_first() -> (
    None
):
    """Seed, Phase 2 step 1: "For each die showing 5 or 6, every player receives 1 Threat
    marker of that die's color"; bruges-data.md §2.5, "Threat supply runs out: hand markers out
    in player order"; docs/rules/bruges.md, item 5: "every player in turn order takes one
    marker". With seat 1 starting, seat 1's red disaster comes first, then seat 0's."""
    seat_0 = player(
        threats=counts(red=2),
        houses=[house(plain(R, 5), "Viscount Rombout"), house(plain(R, 6), "Margrave Daneel")],
    )
    seat_1 = player(threats=counts(red=2), houses=persons_in("Baron Gillis", "Count Boudewijn"))
    state, events = roll(rolling(seat_0, seat_1, start=1), [3, 3, 6, 3, 3])
    struck = [e.seat for e in of_type(events, DisasterStruck)]
    assert struck == [1, 0] and [p.seat for p in state.pending] == [1, 0]
    assert to_act(state) == 1
    assert refusal(state, LosePerson(pid("Viscount Rombout")), seat=0).reason == "NOT_YOUR_TURN"
    state, _ = step(state, 1, LosePerson(pid("Baron Gillis")))
    assert [p.seat for p in state.pending] == [0] and to_act(state) == 0
    state, _ = step(state, 0, LosePerson(pid("Viscount Rombout")))
    assert state.pending == () and state.phase is Phase.REPUTATION


def test_only_the_third_marker_of_one_colour_strikes() -> None:
    """Seed: Phase 2 step 1: the penalty comes with the third marker of one single colour. Two
    blue, two brown and a new red marker make five, but no colour reaches three."""
    given = rolling(player(threats=counts(blue=2, brown=2), score=9, canal=(2,)), player())
    state, events = roll(given, [3, 3, 6, 3, 3])
    assert of_type(events, DisasterStruck) == []
    me = state.players[0]
    assert (me.threats, me.score, me.canal) == (counts(blue=2, brown=2, red=1), 9, (2,))


def test_the_reputation_step_costs_the_sum_of_the_dice_showing_1_or_2() -> None:
    state, _ = roll(rolling(player(guilders=5), player(guilders=5)), [1, 2, 2, 4, 3])
    assert state.phase is Phase.REPUTATION and state.active == 0
    state, events = step(state, 0, AdvanceReputation())
    assert events[0] == ReputationBought(0, 5)
    assert (state.players[0].guilders, state.players[0].reputation) == (0, 1)


def test_with_no_die_showing_1_or_2_the_step_is_free() -> None:
    state, _ = roll(rolling(player(guilders=0), player()), [3, 3, 4, 5, 6])
    state, events = step(state, 0, AdvanceReputation())
    assert events[0] == ReputationBought(0, 0) and state.players[0].reputation == 1


def test_each_player_in_turn_order_may_decline_and_then_phase_3_begins() -> None:
    state, _ = roll(rolling(player(), player(), start=1), [1, 3, 3, 3, 3])
    assert state.active == 1
    state, events = step(state, 1, DeclineReputation())
    assert events == (ReputationDeclined(1), TurnBegan(0))
    state, events = step(state, 0, AdvanceReputation())
    assert PhaseBegan(Phase.ACTIONS) in events
    assert state.active == 0  # seat 1 starts Phase 3 but holds no card, so seat 0 plays


def test_a_player_who_cannot_pay_is_passed_over() -> None:
    state, events = roll(rolling(player(guilders=1), player(guilders=9)), [2, 2, 3, 3, 3])
    assert state.active == 1 and TurnBegan(1) in events
    assert refusal(state, AdvanceReputation(), seat=0).reason == "NOT_YOUR_TURN"


def test_a_pawn_on_step_12_climbs_no_further() -> None:
    given = table(player(reputation=12, guilders=9), player(), phase=Phase.REPUTATION)
    assert refusal(given, AdvanceReputation()).reason == "REPUTATION_TOP"
    state, _ = settled(given)
    assert state.active == 1


def test_one_step_per_round_only() -> None:
    state, _ = roll(rolling(player(guilders=9), player(guilders=0)), [1, 3, 3, 3, 3])
    state, _events = step(state, 0, AdvanceReputation())
    assert state.phase is Phase.ACTIONS  # seat 1 cannot pay and is passed over
    assert refusal(state, AdvanceReputation(), seat=state.active).reason == "WRONG_PHASE"


def test_a_disaster_with_a_choice_waits_for_its_victim_before_the_reputation_step() -> None:
    victim = player(threats=counts(red=2), houses=persons_in("Count Boudewijn", "Baron Gillis"))
    state, events = roll(rolling(victim, player()), [3, 3, 5, 3, 3])
    assert DisasterStruck(0, Colour.RED, awaiting_choice=True) in events
    assert state.phase is Phase.THREATS and state.pending[0].seat == 0
    assert not of_type(events, DisasterResolved)
    assert N is Colour.BROWN


def test_a_free_step_is_still_a_choice() -> None:
    state, _ = roll(rolling(player(), player()), [3, 3, 4, 4, 3])
    state, events = step(state, 0, DeclineReputation())
    assert events[0] == ReputationDeclined(0) and state.players[0].reputation == 0


def test_with_four_players_holding_8_of_the_9_markers_of_a_colour_everyone_still_gets_one() -> None:
    """bruges-data.md §0: 9 threat markers of each colour; §2.5, "Threat supply runs out: hand
    markers out in player order. Resolve each triggered disaster at once; that returns markers
    to the supply, so everyone still gets one" (docs/rules/bruges.md, item 5). Four players
    (the most) each hold two purple markers, 8 of the 9; the purple die shows 6, so each in
    turn order from the start player, seat 2, takes a third and is struck (seed: Purple, "Lose
    3 guilders")."""
    worried = [player(threats=counts(purple=2), guilders=5) for _ in range(4)]
    state, events = roll(rolling(*worried, start=2), [3, 3, 3, 6, 3])
    assert [e.seat for e in of_type(events, ThreatReceived)] == [2, 3, 0, 1]
    assert [e.seat for e in of_type(events, DisasterStruck)] == [2, 3, 0, 1]
    assert all(p.threats == (0,) * 5 and p.guilders == 2 for p in state.players)


def test_published_a_die_the_supply_cannot_cover_strikes_each_third_marker_at_once() -> None:
    """Published, bruges-data.md §0: 9 threat markers of each colour; §2.5, "Threat supply runs
    out: hand markers out in player order. Resolve each triggered disaster at once; that
    returns markers to the supply, so everyone still gets one" (docs/rules/bruges.md, item 5).
    Four players hold 8 of the 9 purple markers and the purple die shows 6: each in turn order
    takes a third and the intrigue (-3 VP) strikes before the next player takes theirs, so no
    more than 9 purple markers are ever out."""
    worried = [player(threats=counts(purple=2), score=9) for _ in range(4)]
    given = rolling(*worried, start=2, ruleset="published")
    state, events = roll(given, [3, 3, 3, 6, 3])
    order = [
        (type(e).__name__, e.seat) for e in events if isinstance(e, ThreatReceived | DisasterStruck)
    ]
    assert order == [
        (kind, seat) for seat in (2, 3, 0, 1) for kind in ("ThreatReceived", "DisasterStruck")
    ]
    for event in events:
        given = evolve(given, event)
        assert sum(p.threats[3] for p in given.players) <= 9
    assert all(p.threats == (0,) * 5 and p.score == 6 for p in state.players)


def test_published_a_protector_burnt_at_once_no_longer_keeps_a_later_dies_marker_away() -> None:
    """Published, bruges-data.md §2.5, "Threat supply runs out ... Resolve each triggered disaster
    at once": the red die cannot be covered (8 of the 9 red markers are out, four players take
    one), so seat 0's fire strikes as its third red marker arrives. Its only house burns, and
    Militia Captain Everaert, who kept yellow markers away, goes back to the hand ("Fire on a
    house with a person"), before the yellow die hands out its markers: seat 0 takes one."""
    everaert = pid("Militia Captain Everaert")  # never receives yellow markers
    protected = player(threats=counts(red=2), houses=persons_in("Militia Captain Everaert"))
    others = [player(threats=counts(red=2)) for _ in range(3)]
    state, _ = roll(rolling(protected, *others, ruleset="published"), [3, 3, 5, 3, 6])
    assert state.players[0].houses == () and everaert in state.players[0].hand
    assert state.players[0].threats == counts(yellow=1)
    assert all(p.threats == counts(yellow=1) for p in state.players[1:])


def test_published_a_die_the_supply_just_covers_still_hands_out_every_marker_first() -> None:
    """Published: 6 of the 9 purple markers are out, and of four players only three take one,
    Bailiff Joos keeping them away from seat 3 (docs/rules/bruges.md, item 5): the supply
    covers the die exactly, so every marker goes out before the disasters strike together
    (bruges-data.md §2.5, "Several disasters at once")."""
    worried = [player(threats=counts(purple=2), score=9) for _ in range(3)]
    safe = player(houses=persons_in("Bailiff Joos"))
    state, events = roll(rolling(*worried, safe, ruleset="published"), [3, 3, 3, 6, 3])
    order = [
        (type(e).__name__, e.seat) for e in events if isinstance(e, ThreatReceived | DisasterStruck)
    ]
    assert order == [("ThreatReceived", s) for s in (0, 1, 2)] + [
        ("DisasterStruck", s) for s in (0, 1, 2)
    ]
    assert all(p.threats == (0,) * 5 for p in state.players)
