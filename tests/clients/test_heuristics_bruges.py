"""The Bruges heuristic bot: it beats the random bot clearly in-process, and its worth of an
action follows the rules in situations made to show one consideration each."""

from __future__ import annotations

from tabletop.v1 import bruges_pb2 as bpb

from clients.arena import ArenaPlan, run_arena, standings
from clients.heuristics import HEURISTICS
from clients.heuristics.bruges import ACTIVATE_FIRST, BrugesHeuristic, Seat, worth
from games.bruges.persons import PERSONS

BLUE, PURPLE = bpb.BRUGES_COLOUR_BLUE, bpb.BRUGES_COLOUR_PURPLE


def test_the_heuristic_bot_beats_the_random_bot_in_process() -> None:
    # With 40 games a bot no better than random wins 30 or more with probability below 0.1%.
    plan = ArenaPlan("bruges", ("heuristic", "random"), 40, seed=11)
    rows = {row.entrant: row for row in standings(run_arena(plan), plan.entrants)}
    heuristic, random = rows["heuristic"], rows["random"]
    assert HEURISTICS["bruges"] is BrugesHeuristic
    assert heuristic.games == random.games == 40
    assert heuristic.win_rate >= 0.75 and heuristic.interval[0] > 0.5, heuristic
    assert heuristic.average_score > random.average_score + 10


def pid(name: str) -> int:
    return next(card.id for card in PERSONS if card.name == name)


def card(name: str) -> bpb.BrugesPerson:
    return bpb.BrugesPerson(id=pid(name), name=name)


def house(colour: int, person: str | None = None) -> bpb.BrugesHouse:
    return bpb.BrugesHouse(colour=colour, person=None if person is None else card(person))


def seat(
    hand: tuple[str, ...] = (),
    houses: tuple[bpb.BrugesHouse, ...] = (),
    guilders: int = 8,
    workers: tuple[int, ...] = (1, 1, 1, 1, 1),
    threats: tuple[int, ...] = (0, 0, 0, 0, 0),
    dice: tuple[int, ...] = (3, 3, 3, 3, 3),
    reputation_cost: int = 0,
) -> Seat:
    """Seat 0 in round 2 of a default two-player game, five rounds or so from the end."""
    me = bpb.BrugesPlayer(
        seat=0,
        guilders=guilders,
        workers=workers,
        threats=threats,
        score=5,
        canal=[0],
        houses=houses,
        hand=[card(name) for name in hand],
        hand_size=len(hand),
        hand_visible=True,
    )
    other = bpb.BrugesPlayer(seat=1, guilders=5, workers=[1] * 5, threats=[0] * 5, canal=[0])
    view = bpb.BrugesView(
        viewer=0,
        ruleset="default",
        round=2,
        phase=bpb.BRUGES_PHASE_ACTIONS,
        dice=dice,
        reputation_cost=reputation_cost,
        piles=[bpb.BrugesPile(size=20, top=BLUE), bpb.BrugesPile(size=20, top=PURPLE)],
        statues=[7, 6, 5, 4, 3, 2],
        players=[me, other],
    )
    return Seat(0, view)


def test_a_valuable_person_with_a_house_waiting_is_recruited_rather_than_cashed() -> None:
    heiress = pid("Heiress Beatrijs")  # purple, 7 guilders, 2 VP printed and 3 VP at once
    table = seat(hand=("Heiress Beatrijs", "Ida the Tanner"), houses=(house(PURPLE),))
    recruit = worth(table, bpb.BrugesAction(recruit_person={"card": heiress, "house": 0}))
    cashed = worth(table, bpb.BrugesAction(take_guilders={"card": heiress}))
    cheap = worth(table, bpb.BrugesAction(recruit_person={"card": pid("Ida the Tanner")}))
    assert recruit > max(cashed, cheap)


def test_a_house_is_built_for_the_person_in_hand_who_has_none() -> None:
    junk = pid("Ida the Tanner")  # purple too: its house can take the heiress
    table = seat(hand=("Heiress Beatrijs", "Ida the Tanner"))
    built = worth(table, bpb.BrugesAction(build_house={"card": junk}))
    others = [
        worth(table, bpb.BrugesAction(take_workers={"card": junk})),
        worth(table, bpb.BrugesAction(take_guilders={"card": junk})),
    ]
    assert built > max(others)


def test_a_threat_marker_is_returned_sooner_the_nearer_the_third() -> None:
    blue = pid("Claes the Juggler")
    discard = bpb.BrugesAction(discard_threat={"card": blue})
    cash = worth(seat(hand=("Claes the Juggler",), dice=(2, 3, 3, 3, 3)), cash_action(blue))
    one = worth(seat(hand=("Claes the Juggler",), threats=(1, 0, 0, 0, 0)), discard)
    two = worth(seat(hand=("Claes the Juggler",), threats=(2, 0, 0, 0, 0)), discard)
    assert two > one and two > cash


def cash_action(card_id: int) -> bpb.BrugesAction:
    return bpb.BrugesAction(take_guilders={"card": card_id})


def test_the_reputation_step_is_taken_when_cheap_and_declined_when_dear() -> None:
    step = bpb.BrugesAction(advance_reputation={})
    assert worth(seat(reputation_cost=2, guilders=10), step) > 0
    assert worth(seat(reputation_cost=10, guilders=10), step) < 0
    assert worth(seat(), bpb.BrugesAction(decline_reputation={})) == 0


def test_a_free_gain_is_used_before_the_card_play() -> None:
    dowager = pid("Dowager Clementia")  # ongoing: 1 guilder a round
    table = seat(
        hand=("Heiress Beatrijs",), houses=(house(bpb.BRUGES_COLOUR_BROWN, "Dowager Clementia"),)
    )
    assert worth(table, bpb.BrugesAction(activate_person={"person": dowager})) > ACTIVATE_FIRST
    assert worth(table, bpb.BrugesAction(end_turn={})) == 0


def test_a_disaster_takes_the_person_we_miss_least() -> None:
    brown = bpb.BRUGES_COLOUR_BROWN
    table = seat(houses=(house(brown, "Duchess Margriete"), house(brown, "Clerk Adriaen")))
    duchess = worth(table, bpb.BrugesAction(lose_person={"card": pid("Duchess Margriete")}))
    clerk = worth(table, bpb.BrugesAction(lose_person={"card": pid("Clerk Adriaen")}))
    assert clerk > duchess
