"""Seed: Threat Penalties (default) and bruges-data.md §2.5 (published): what the third marker
of each colour costs, who chooses, and in what order several disasters resolve."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bruges import evolve, legal_actions
from games.bruges.actions import (
    LoseCanalToken,
    LoseHouse,
    LosePerson,
    LoseWorker,
    RecruitPerson,
)
from games.bruges.catalogue import COLOURS, Colour, Phase
from games.bruges.disasters import loss_options
from games.bruges.events import DisasterResolved, DisasterStruck, Loss, Payout, ThreatReceived
from games.bruges.options import describe_action
from games.bruges.scoring import score_seat
from games.bruges.state import Player, State

from .builders import (
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
    step,
    table,
)


def struck(
    victim: Player, *colours: Colour, ruleset: str = "default"
) -> tuple[State, tuple[object, ...]]:
    """The victim holds two markers of each of ``colours`` and the dice show 6 on them."""
    threats = tuple(2 if c in colours else 0 for c in COLOURS)
    dice = [6 if c in colours else 3 for c in COLOURS]
    return roll(rolling(replace(victim, threats=threats), player(), ruleset=ruleset), dice)


def resolved(events: tuple[object, ...]) -> list[DisasterResolved]:
    return of_type(events, DisasterResolved)


# --- the seed's disasters (default ruleset) ----------------------------------------------------


def test_default_blue_costs_3_vp_but_never_below_0() -> None:
    state, events = struck(player(score=2), Colour.BLUE)
    assert resolved(events) == [DisasterResolved(0, Colour.BLUE, Loss(vp=2))]
    assert state.players[0].score == 0


def test_default_brown_removes_the_token_at_the_end_of_the_canal() -> None:
    state, events = struck(player(canal=(6,), statues=(7,)), Colour.BROWN)
    assert resolved(events) == [DisasterResolved(0, Colour.BROWN, Loss(section=0))]
    assert state.players[0].canal == (5,) and state.players[0].canal_peak == (6,)
    assert state.players[0].statues == (7,)  # a statue already won is kept


def test_default_brown_taking_the_token_on_space_3_leaves_its_vp_on_the_track() -> None:
    """Seed: Threat Penalties: brown takes the token at the end of the canal. The token goes;
    the 3 VP its space scored when built stay (docs/rules/bruges.md, item 14)."""
    state, events = struck(player(canal=(3,), score=8), Colour.BROWN)
    assert resolved(events) == [DisasterResolved(0, Colour.BROWN, Loss(section=0))]
    assert state.players[0].canal == (2,) and state.players[0].score == 8


def test_default_brown_without_a_canal_takes_nothing() -> None:
    _state, events = struck(player(), Colour.BROWN)
    assert resolved(events) == [DisasterResolved(0, Colour.BROWN, Loss())]


def test_default_red_discards_the_one_person_and_the_house_stays_empty() -> None:
    state, events = struck(player(houses=persons_in("Baron Gillis")), Colour.RED)
    assert resolved(events) == [DisasterResolved(0, Colour.RED, Loss(person=pid("Baron Gillis")))]
    assert state.players[0].persons == () and len(state.players[0].houses) == 1
    assert pid("Baron Gillis") in state.discard


def test_default_red_with_several_persons_lets_the_victim_choose() -> None:
    victim = player(houses=persons_in("Baron Gillis", "Count Boudewijn"))
    state, events = struck(victim, Colour.RED)
    assert DisasterStruck(0, Colour.RED, awaiting_choice=True) in events
    assert state.phase is Phase.THREATS and resolved(events) == []
    assert refusal(state, LosePerson(plain(Colour.BLUE, 4))).reason == "BAD_LOSS"
    state, events = step(state, 0, LosePerson(pid("Count Boudewijn")))
    assert state.players[0].persons == (pid("Baron Gillis"),)
    assert state.phase is Phase.REPUTATION


def test_default_purple_costs_3_guilders_but_never_below_0() -> None:
    state, _ = struck(player(guilders=2), Colour.PURPLE)
    assert state.players[0].guilders == 0
    state, _ = struck(player(guilders=7), Colour.PURPLE)
    assert state.players[0].guilders == 4


def test_default_yellow_takes_one_worker_of_the_victims_choice() -> None:
    state, _ = struck(player(workers=counts(blue=1, red=2)), Colour.YELLOW)
    assert state.pending and refusal(state, LoseWorker(Colour.BROWN)).reason == "BAD_LOSS"
    state, _ = step(state, 0, LoseWorker(Colour.RED))
    assert state.players[0].workers == counts(blue=1, red=1)


def test_default_yellow_with_workers_of_one_colour_needs_no_choice() -> None:
    state, _events = struck(player(workers=counts(red=2)), Colour.YELLOW)
    assert state.players[0].workers == counts(red=1) and not state.pending


# --- the published disasters --------------------------------------------------------------------


def test_published_blue_flood_returns_all_workers() -> None:
    state, _ = struck(player(workers=counts(2, 1, 0, 3, 1)), Colour.BLUE, ruleset="published")
    assert state.players[0].workers == (0,) * 5


def test_published_brown_plague_discards_a_person_of_the_victims_choice() -> None:
    victim = player(houses=persons_in("Baron Gillis", "Count Boudewijn"))
    state, _ = struck(victim, Colour.BROWN, ruleset="published")
    state, _ = step(state, 0, LosePerson(pid("Baron Gillis")))
    assert state.players[0].persons == (pid("Count Boudewijn"),)


def test_published_plague_leaves_the_house_standing_empty() -> None:
    """bruges-data.md §2.5, Plague: "discard 1 person of your choice from your play area (not
    from hand); the house stays, now empty". The house still counts 1 VP at game end (§2.6)
    and may take a new person."""
    gillis = pid("Baron Gillis")
    victim = player(houses=[house(plain(R), gillis), house(plain(Colour.BLUE), "Count Boudewijn")])
    state, _ = struck(victim, Colour.BROWN, ruleset="published")
    state, _ = step(state, 0, LosePerson(gillis))
    me = state.players[0]
    assert me.houses == (house(plain(R)), house(plain(Colour.BLUE), "Count Boudewijn"))
    assert gillis in state.discard and gillis not in me.hand
    assert score_seat(state, 0).houses == 2


def test_published_red_fire_burns_a_house_and_its_person_goes_back_to_the_hand() -> None:
    victim = player(houses=[house(plain(Colour.RED), "Baron Gillis")], canal=(2, 1))
    state, _ = struck(victim, Colour.RED, ruleset="published")
    assert list(legal_actions(state, 0)) == [LoseHouse(0), LoseCanalToken(0), LoseCanalToken(1)]
    state, _ = step(state, 0, LoseHouse(0))
    me = state.players[0]
    assert me.houses == () and pid("Baron Gillis") in me.hand
    assert plain(Colour.RED) in state.discard


def test_published_red_fire_may_take_the_last_token_of_a_section_instead() -> None:
    victim = player(houses=[house(plain(Colour.RED))], canal=(2, 1))
    state, _ = struck(victim, Colour.RED, ruleset="published")
    state, _ = step(state, 0, LoseCanalToken(1))
    assert state.players[0].canal == (2, 0) and len(state.players[0].houses) == 1
    assert refusal(state, LoseCanalToken(1)).reason in {"WRONG_PHASE", "NOT_YOUR_TURN"}


def test_published_red_fire_with_nothing_to_burn_takes_nothing() -> None:
    _state, events = struck(player(), Colour.RED, ruleset="published")
    assert resolved(events) == [DisasterResolved(0, Colour.RED, Loss())]


def test_published_purple_intrigue_costs_3_vp_and_yellow_raid_all_guilders() -> None:
    state, _ = struck(
        player(score=10, guilders=8), Colour.PURPLE, Colour.YELLOW, ruleset="published"
    )
    assert (state.players[0].score, state.players[0].guilders) == (7, 0)


def test_published_purple_intrigue_never_takes_the_score_below_0() -> None:
    """bruges-data.md §2.5, Intrigue: "lose 3 VP (the score cannot go below 0)"; §2.1: "A score
    can never go below 0". A victim on 2 VP loses those 2 and stays on 0."""
    state, events = struck(player(score=2), Colour.PURPLE, ruleset="published")
    assert resolved(events) == [DisasterResolved(0, Colour.PURPLE, Loss(vp=2))]
    assert state.players[0].score == 0


def test_the_marker_that_strikes_still_pays_its_trigger_before_the_loss() -> None:
    """Agnes the Beguine: "+1 guilder whenever you receive a threat marker". The third marker
    is received before it strikes, so it pays; then the disaster takes its loss, and the
    published raid takes that guilder too (docs/rules/bruges.md, item 28)."""
    agnes = player(guilders=4, houses=persons_in("Agnes the Beguine"))
    _state, events = struck(agnes, Colour.PURPLE)
    paid = Payout(0, pid("Agnes the Beguine"), guilders=1)
    assert paid in events and events.index(paid) < events.index(DisasterStruck(0, Colour.PURPLE))
    assert resolved(events) == [DisasterResolved(0, Colour.PURPLE, Loss(guilders=3))]
    state, events = struck(agnes, Colour.YELLOW, ruleset="published")
    assert paid in events and state.players[0].guilders == 0
    assert resolved(events) == [DisasterResolved(0, Colour.YELLOW, Loss(guilders=5))]


def test_markers_returned_by_a_disaster_score_nothing() -> None:
    state, _ = struck(player(score=10, guilders=8), Colour.PURPLE, ruleset="published")
    assert state.players[0].score == 7 and state.players[0].threats == (0,) * 5


def test_markers_returned_by_a_disaster_are_not_discarded_for_a_discard_trigger() -> None:
    """Prior Jan: "+1 VP whenever you discard a threat marker". The three markers a disaster
    sends back are not discarded by the player: they pay neither the usual reward nor the
    Prior (docs/rules/bruges.md, item 8)."""
    prior = player(score=10, guilders=8, houses=persons_in("Prior Jan"))
    for ruleset in ("default", "published"):
        state, events = struck(prior, Colour.BLUE, ruleset=ruleset)
        assert not [e for e in of_type(events, Payout) if e.person == pid("Prior Jan")]
        assert state.players[0].threats == (0,) * 5 and state.players[0].guilders == 8


# --- several disasters, and disasters in Phase 3 ----------------------------------------------


def test_published_plague_and_fire_at_once_offer_both_losses_and_the_victim_orders_them() -> None:
    """bruges-data.md §2.5: "Several disasters at once: the affected player chooses the order".
    Under ``published`` the plague (brown, a person) and the fire (red, a house or canal token)
    of one roll wait together: every loss of both is offered, and the one taken settles its
    colour's disaster first (docs/rules/bruges.md, item 10)."""
    gillis, boudewijn = pid("Baron Gillis"), pid("Count Boudewijn")
    victim = player(
        houses=[house(plain(Colour.RED), gillis), house(plain(Colour.BLUE), boudewijn)],
        canal=(1, 0),
    )
    given, _events = struck(victim, Colour.BROWN, Colour.RED, ruleset="published")
    assert [(p.seat, p.colour) for p in given.pending] == [(0, Colour.BROWN), (0, Colour.RED)]
    assert given.threat_dice == () and given.players[0].threats == (0,) * 5
    assert list(legal_actions(given, 0)) == [
        LosePerson(gillis),
        LosePerson(boudewijn),
        LoseHouse(0),
        LoseHouse(1),
        LoseCanalToken(0),
    ]
    refused = refusal(given, LoseCanalToken(1))
    assert refused.reason == "BAD_LOSS"
    assert str(refused) == "none of the brown and red disasters allows that loss"
    # Fire first: Boudewijn's house burns and he goes back to the hand; the plague, left with
    # one person to take, takes Gillis by itself.
    state, events = step(given, 0, LoseHouse(1))
    assert resolved(events) == [
        DisasterResolved(0, Colour.RED, Loss(house=1, to_hand=boudewijn)),
        DisasterResolved(0, Colour.BROWN, Loss(person=gillis)),
    ]
    assert boudewijn in state.players[0].hand and state.players[0].persons == ()
    assert not state.pending and state.phase is Phase.REPUTATION
    # Plague first: Gillis goes; then the fire still chooses, and may burn the house he left.
    state, events = step(given, 0, LosePerson(gillis))
    assert resolved(events) == [DisasterResolved(0, Colour.BROWN, Loss(person=gillis))]
    assert list(legal_actions(state, 0)) == [LoseHouse(0), LoseHouse(1), LoseCanalToken(0)]
    state, _ = step(state, 0, LoseHouse(0))
    assert state.players[0].hand.count(gillis) == 0
    assert state.players[0].persons == (boudewijn,) and not state.pending


def test_published_disasters_that_ask_nothing_resolve_at_once_beside_those_that_wait() -> None:
    """bruges-data.md §2.5: the flood (all workers), the intrigue (3 VP) and the raid (all
    guilders) take what no other disaster touches, so their order changes nothing and they
    resolve as they strike, while the plague and the fire wait for their victim's order
    (docs/rules/bruges.md, item 10)."""
    victim = player(
        houses=persons_in("Baron Gillis", "Count Boudewijn"), guilders=6, score=9, canal=(1, 0)
    )
    state, events = struck(victim, *COLOURS, ruleset="published")
    assert [e.colour for e in resolved(events)] == [Colour.BLUE, Colour.PURPLE, Colour.YELLOW]
    assert [p.colour for p in state.pending] == [Colour.BROWN, Colour.RED]
    me = state.players[0]
    assert (me.workers, me.score, me.guilders) == ((0,) * 5, 6, 0)


def test_published_a_plague_with_no_person_to_take_leaves_the_fire_alone_to_choose() -> None:
    """Where the order cannot change the outcome, no order is asked: a plague finding no
    person in play takes nothing whatever the fire burns first (docs/rules/bruges.md, item
    10), so only the fire's loss is left to choose."""
    victim = player(houses=[house(plain(Colour.RED)), house(plain(Colour.BLUE))])
    state, events = struck(victim, Colour.BROWN, Colour.RED, ruleset="published")
    assert resolved(events) == [DisasterResolved(0, Colour.BROWN, Loss())]
    assert [p.colour for p in state.pending] == [Colour.RED]
    assert list(legal_actions(state, 0)) == [LoseHouse(0), LoseHouse(1)]


def test_published_several_victims_choose_their_orders_in_turn_order() -> None:
    """docs/rules/bruges.md, items 5 and 10: one player's losses cannot change another's, so
    each victim's disasters are chosen in turn order, the start player's first."""

    def victim() -> Player:
        return player(houses=persons_in("Baron Gillis", "Count Boudewijn"))

    given = rolling(
        *(replace(victim(), threats=counts(brown=2, red=2)) for _ in range(2)),
        start=1,
        ruleset="published",
    )
    state, _ = roll(given, [3, 6, 6, 3, 3])
    assert [p.seat for p in state.pending] == [1, 1, 0, 0]
    assert refusal(state, LosePerson(pid("Baron Gillis")), seat=0).reason == "NOT_YOUR_TURN"
    state, _ = step(state, 1, LoseHouse(0))  # Gillis back to seat 1's hand, Boudewijn lost
    assert [p.seat for p in state.pending] == [0, 0]
    assert pid("Baron Gillis") in state.players[1].hand and state.players[1].persons == ()


def every_order(state: State, colours: tuple[Colour, ...]) -> set[tuple[Player, tuple[int, ...]]]:
    """What seat 0 may end with, disasters of ``colours`` taken in every order with every loss
    each allows (bruges-data.md §2.5: "the affected player chooses the order")."""
    if not colours:
        return {(state.players[0], tuple(sorted(state.discard)))}
    return {
        outcome
        for colour in colours
        for loss in loss_options(state, 0, colour)
        for outcome in every_order(
            evolve(state, DisasterResolved(0, colour, loss)),
            tuple(c for c in colours if c is not colour),
        )
    }


def reachable(state: State) -> set[tuple[Player, tuple[int, ...]]]:
    """What seat 0 may end with through the legal actions, from a roll's pending losses."""
    if not state.pending:
        return {(state.players[0], tuple(sorted(state.discard)))}
    return {
        outcome
        for action in legal_actions(state, 0)
        for outcome in reachable(step(state, 0, action)[0])
    }


@pytest.mark.parametrize(
    "victim",
    [
        player(houses=[house(plain(R), "Baron Gillis")]),
        player(houses=[house(plain(R), "Baron Gillis"), house(plain(Colour.BLUE))]),
        player(houses=persons_in("Baron Gillis", "Count Boudewijn"), canal=(2, 1)),
        player(houses=[house(plain(R)), house(plain(Colour.BLUE))], canal=(0, 1)),
        player(canal=(1, 1)),
        player(),
    ],
    ids=[
        "one-person",
        "one-person-two-houses",
        "two-persons-canal",
        "empty-houses",
        "canal",
        "bare",
    ],
)
def test_published_the_victim_reaches_the_outcome_of_every_order_and_no_other(
    victim: Player,
) -> None:
    """bruges-data.md §2.5: "Several disasters at once: the affected player chooses the order".
    With all five disasters striking at once, what the victim can end with through the legal
    actions is exactly what the five in every order, with every loss each allows, could
    leave: nothing resolved by itself loses an outcome (docs/rules/bruges.md, item 10)."""
    victim = replace(victim, guilders=4, score=7)
    state, _ = struck(victim, *COLOURS, ruleset="published")
    before = table(replace(victim, threats=(0,) * 5), ruleset="published")
    assert reachable(state) == every_order(before, COLOURS)


def test_a_disaster_after_a_pending_choice_waits_even_without_a_choice() -> None:
    """bruges-data.md §2.5, "strikes immediately": the purple die hands out its markers only
    once the red disaster's loss is chosen (docs/rules/bruges.md, items 5 and 10)."""
    victim = player(houses=persons_in("Baron Gillis", "Count Boudewijn"), guilders=6)
    state, events = struck(victim, Colour.RED, Colour.PURPLE)
    assert [p.colour for p in state.pending] == [Colour.RED]
    assert state.players[0].guilders == 6 and state.players[0].threats == counts(purple=2)
    state, events = step(state, 0, LosePerson(pid("Baron Gillis")))
    assert resolved(events)[-1] == DisasterResolved(0, Colour.PURPLE, Loss(guilders=3))


def test_a_protector_lost_to_a_disaster_no_longer_blocks_later_dice_in_the_same_roll() -> None:
    """bruges-data.md §2.5: "When a player receives their 3rd marker of one colour, the
    disaster strikes immediately"; docs/rules/bruges.md, item 5: "The third marker of a colour
    strikes at once", the dice taken in colour order. So the red disaster's loss is settled
    before the yellow die hands out its markers: the Militia Captain discarded to it (seed: Red,
    "Discard 1 person of your choice") no longer keeps the yellow marker away."""
    captain = pid("Militia Captain Everaert")  # never receives yellow markers
    victim = player(
        threats=counts(red=2), houses=persons_in("Militia Captain Everaert", "Count Boudewijn")
    )
    state, _ = roll(rolling(victim, player()), [3, 3, 6, 3, 6])
    assert [(p.seat, p.colour) for p in state.pending] == [(0, Colour.RED)]
    assert state.players[0].threats == (0,) * 5
    assert state.players[1].threats == counts(red=1)  # the yellow die waits for the choice
    state, events = step(state, 0, LosePerson(captain))
    assert ThreatReceived(0, Colour.YELLOW) in events and state.threat_dice == ()
    assert state.players[0].threats == counts(yellow=1)
    assert state.players[1].threats == counts(red=1, yellow=1)
    assert state.phase is Phase.REPUTATION


def test_published_a_protector_lost_to_the_plague_still_kept_that_rolls_red_marker_away() -> None:
    """Published, bruges-data.md §2.5: "for each die showing 5 or 6, every player takes 1 threat
    marker", and "Several disasters at once: the affected player chooses the order". Every die
    hands out its markers before any disaster of the roll, so Firewarden Aernout keeps the red
    marker away even though the plague (brown) of the same roll then takes him
    (docs/rules/bruges.md, items 5 and 10)."""
    warden = pid("Firewarden Aernout")  # never receives red markers
    victim = player(
        threats=counts(brown=2, red=2),
        houses=persons_in("Firewarden Aernout", "Count Boudewijn"),
    )
    state, _ = roll(rolling(victim, player(), ruleset="published"), [3, 6, 6, 3, 3])
    assert [p.colour for p in state.pending] == [Colour.BROWN]
    assert state.players[0].threats == counts(red=2) and state.threat_dice == ()
    assert state.players[1].threats == counts(brown=1, red=1)
    state, events = step(state, 0, LosePerson(warden))
    assert of_type(events, DisasterStruck) == [] and of_type(events, ThreatReceived) == []
    assert state.players[0].threats == counts(red=2) and state.phase is Phase.REPUTATION


def test_published_agnes_lost_to_the_plague_still_earns_for_every_marker_of_the_roll() -> None:
    """Published: every die hands out its markers before the plague strikes, so Agnes the
    Beguine (1 guilder per marker received) earns for the brown and the yellow marker both,
    then the plague may take her (docs/rules/bruges.md, items 5 and 10)."""
    victim = player(
        threats=counts(brown=2),
        houses=persons_in("Agnes the Beguine", "Count Boudewijn"),
        guilders=0,
    )
    state, _ = roll(rolling(victim, player(), ruleset="published"), [3, 6, 3, 3, 6])
    assert [p.colour for p in state.pending] == [Colour.BROWN]
    assert state.players[0].guilders == 2 and state.players[0].threats == counts(yellow=1)


def test_agnes_lost_to_a_disaster_earns_nothing_for_the_later_dice() -> None:
    """bruges-data.md §2.5, "strikes immediately": Agnes the Beguine (1 guilder per marker
    received) discarded to the red disaster earns nothing for the yellow marker that follows
    (docs/rules/bruges.md, item 5)."""
    agnes = pid("Agnes the Beguine")
    victim = player(
        threats=counts(red=2), houses=persons_in("Agnes the Beguine", "Count Boudewijn"), guilders=0
    )
    state, _ = roll(rolling(victim, player()), [3, 3, 6, 3, 6])
    assert state.players[0].guilders == 1  # Agnes paid for the red marker
    state, events = step(state, 0, LosePerson(agnes))
    assert ThreatReceived(0, Colour.YELLOW) in events and of_type(events, Payout) == []
    assert state.players[0].guilders == 1


def test_a_marker_a_protector_keeps_away_is_not_received_and_pays_no_trigger() -> None:
    """Agnes the Beguine pays "+1 guilder whenever you receive a threat marker"; Dike Reeve
    Rombout keeps every blue marker away from his owner (docs/rules/bruges.md, items 5 and
    28). So the blue die gives her owner no marker and Agnes nothing; the brown die's marker
    arrives and pays."""
    victim = player(houses=persons_in("Agnes the Beguine", "Dike Reeve Rombout"), guilders=0)
    state, events = roll(rolling(victim, player()), [6, 6, 3, 3, 3])
    assert ThreatReceived(0, Colour.BLUE) not in events
    assert of_type(events, Payout) == [Payout(0, pid("Agnes the Beguine"), guilders=1)]
    assert state.players[0].guilders == 1 and state.players[0].threats == counts(brown=1)


def test_a_disaster_caused_in_phase_3_is_chosen_by_its_victim_then_the_turn_goes_on() -> None:
    arsonist = pid("Wouter the Arsonist")  # immediate: every opponent gets a red marker
    state = table(
        player(hand=[arsonist], houses=[house(plain(Colour.RED))], guilders=9),
        player(threats=counts(red=2), houses=persons_in("Baron Gillis", "Count Boudewijn")),
        player(hand=[plain(Colour.BLUE)]),
    )
    state, events = step(state, 0, RecruitPerson(arsonist, 0))
    assert state.pending[0].seat == 1
    assert state.players[2].threats == counts(red=1)  # every opponent, clockwise
    state, events = step(state, 1, LosePerson(pid("Count Boudewijn")))
    assert of_type(events, DisasterResolved)[0].loss == Loss(person=pid("Count Boudewijn"))
    # Seat 0's turn is over (nothing to activate), so seat 1 plays next... with no card: seat 2.
    assert not state.pending and state.active == 2


def test_a_person_back_in_the_hand_comes_back_upright() -> None:
    gillis = pid("Baron Gillis")
    victim = player(
        houses=[house(plain(Colour.RED), gillis), house(plain(Colour.BLUE))], turned=(gillis,)
    )
    state, _ = struck(victim, Colour.RED, ruleset="published")
    state, _ = step(state, 0, LoseHouse(0))
    assert state.players[0].turned == () and gillis in state.players[0].hand


@pytest.mark.parametrize(
    ("ruleset", "colour"),
    [
        ("default", Colour.RED),  # seed: "Discard 1 person of your choice"
        ("default", Colour.YELLOW),  # seed: "Discard 1 worker of your choice"
        ("default", Colour.PURPLE),  # seed: "Lose 3 guilders"
        ("published", Colour.BLUE),  # flood: all your workers
        ("published", Colour.BROWN),  # plague: 1 person of your choice
        ("published", Colour.YELLOW),  # raid: all your guilders
    ],
)
def test_a_disaster_with_nothing_of_its_kind_to_take_takes_nothing(
    ruleset: str, colour: Colour
) -> None:
    """Seed: Threat Penalties, and bruges-data.md §2.5 ("If you have neither, nothing
    happens"): a victim with no person, worker or guilder for its disaster to take loses
    nothing else, asks nothing, and the three markers still go back (docs/rules/bruges.md,
    item 9: "With nothing to lose, nothing happens")."""
    bare = player(guilders=0, workers=counts(), score=9)
    state, events = struck(bare, colour, ruleset=ruleset)
    assert resolved(events) == [DisasterResolved(0, colour, Loss())]
    me = state.players[0]
    assert (me.guilders, me.workers, me.score, me.threats) == (0, counts(), 9, (0,) * 5)
    assert not state.pending and state.phase is Phase.REPUTATION


def test_an_opponent_effect_asks_each_victims_loss_clockwise_from_the_owners_left() -> None:
    """docs/rules/bruges.md, item 5: "In Phase 3, an opponent effect gives each opponent one
    marker, clockwise; each victim then chooses its loss in that order." Seat 1's arsonist
    gives seat 2, then seat 0, its third red marker (seed: Red, "Discard 1 person of your
    choice"): seat 2 chooses first, then seat 0, then seat 1's turn goes on."""
    arsonist = pid("Wouter the Arsonist")  # immediate: every opponent gets a red marker
    state = table(
        player(
            threats=counts(red=2),
            houses=[house(plain(R, 5), "Viscount Rombout"), house(plain(R, 6), "Margrave Daneel")],
        ),
        player(hand=[arsonist], houses=[house(plain(R, 7))], guilders=5),
        player(
            hand=[plain(Colour.BLUE)],
            threats=counts(red=2),
            houses=persons_in("Baron Gillis", "Count Boudewijn"),
        ),
        active=1,
    )
    state, events = step(state, 1, RecruitPerson(arsonist, 0))
    assert [e.seat for e in of_type(events, ThreatReceived)] == [2, 0]
    assert [p.seat for p in state.pending] == [2, 0]
    assert refusal(state, LosePerson(pid("Viscount Rombout")), seat=0).reason == "NOT_YOUR_TURN"
    state, _ = step(state, 2, LosePerson(pid("Baron Gillis")))
    assert [p.seat for p in state.pending] == [0]
    state, events = step(state, 0, LosePerson(pid("Margrave Daneel")))
    assert not state.pending and state.players[0].persons == (pid("Viscount Rombout"),)
    assert state.active == 2  # seat 1's turn ended (nothing to activate); seat 2 is next


def test_the_dice_order_may_cost_the_victim_the_protector_of_a_later_colour() -> None:
    """bruges-data.md §2.5: the disaster "strikes immediately"; docs/rules/bruges.md, items 5
    and 10: the dice go in colour order, each loss settled before the next die. Bailiff Joos
    (never receives purple markers) is the victim's only person, so the red disaster (seed:
    "Discard 1 person of your choice") must take him, and the purple die that follows then
    strikes (seed: Purple, "Lose 3 guilders"). Had the purple die come first, he would have
    kept its marker away: the fixed order costs the victim that option."""
    victim = player(houses=persons_in("Bailiff Joos"), guilders=5)
    state, events = struck(victim, Colour.RED, Colour.PURPLE)
    assert resolved(events) == [
        DisasterResolved(0, Colour.RED, Loss(person=pid("Bailiff Joos"))),
        DisasterResolved(0, Colour.PURPLE, Loss(guilders=3)),
    ]
    assert state.players[0].persons == () and state.players[0].guilders == 2


def test_each_offered_loss_says_which_waiting_disaster_it_settles_first() -> None:
    """The victim orders its disasters by the loss it takes first (data §2.5), so where two
    wait, each loss offered names the one it settles; with one waiting, none needs to."""
    gillis, boudewijn = pid("Baron Gillis"), pid("Count Boudewijn")
    victim = player(
        houses=[house(plain(Colour.RED), gillis), house(plain(Colour.BLUE), boudewijn)],
        canal=(1, 0),
    )
    both, _ = struck(victim, Colour.BROWN, Colour.RED, ruleset="published")
    assert [describe_action(both, a) for a in legal_actions(both, 0)] == [
        "lose Baron Gillis, to the brown disaster first",
        "lose Count Boudewijn, to the brown disaster first",
        "lose house 0, to the red disaster first",
        "lose house 1, to the red disaster first",
        "lose the last token of canal section 0, to the red disaster first",
    ]
    one, _ = struck(victim, Colour.BROWN, ruleset="published")
    assert [describe_action(one, a) for a in legal_actions(one, 0)] == [
        "lose Baron Gillis",
        "lose Count Boudewijn",
    ]


def test_published_fire_first_sends_the_only_person_home_and_leaves_the_plague_nothing() -> None:
    """bruges-data.md §2.5: "Several disasters at once: the affected player chooses the order";
    "Fire on a house with a person: the house card is discarded and the person card goes back
    to your hand". Baron Gillis is the victim's only person: each disaster alone has one loss,
    but the order decides, so both are offered. Burning his house first sends him back to the
    hand, and the plague then finds nobody to take (docs/rules/bruges.md, item 10)."""
    gillis = pid("Baron Gillis")
    victim = player(houses=[house(plain(R), gillis)])
    state, events = struck(victim, Colour.BROWN, Colour.RED, ruleset="published")
    assert resolved(events) == []
    assert list(legal_actions(state, 0)) == [LosePerson(gillis), LoseHouse(0)]
    state, events = step(state, 0, LoseHouse(0))
    assert resolved(events) == [
        DisasterResolved(0, Colour.RED, Loss(house=0, to_hand=gillis)),
        DisasterResolved(0, Colour.BROWN, Loss()),
    ]
    assert gillis in state.players[0].hand and gillis not in state.discard
    assert state.players[0].houses == () and not state.pending
