"""Seed: Action VI and Special Rules (persons in houses); bruges-data.md §2.6 for the published
any-colour houses (docs/rules/bruges.md, item 17)."""

from __future__ import annotations

from games.bruges import legal_actions
from games.bruges.actions import ActivatePerson, EndTurn, RecruitPerson, TakeWorkers
from games.bruges.catalogue import Colour, TurnStep
from games.bruges.events import PersonActivated, PersonRecruited, RoundEnded, TurnBegan, TurnEnded
from games.bruges.state import House

from .builders import B, R, counts, house, of_type, pid, plain, player, refusal, step, table

GILLIS = pid("Baron Gillis")  # red, cost 6, immediate: climb 2 steps
ARCHER = pid("Archer Wouter")  # yellow, cost 4, pay a yellow worker: 2 VP


def test_a_person_moves_into_an_empty_house_of_its_colour_for_its_cost() -> None:
    given = table(player(hand=[GILLIS], houses=[house(plain(R))], guilders=7), player())
    state, events = step(given, 0, RecruitPerson(GILLIS, 0))
    assert events[0] == PersonRecruited(0, GILLIS, 0, 6)
    assert state.players[0].houses == (House(plain(R), GILLIS),)
    assert state.players[0].guilders == 1 and GILLIS not in state.discard


def test_by_the_seed_the_house_must_match_the_persons_colour() -> None:
    given = table(player(hand=[GILLIS], houses=[house(plain(B))], guilders=9), player())
    assert refusal(given, RecruitPerson(GILLIS, 0)).reason == "HOUSE_UNAVAILABLE"


def test_published_any_empty_house_will_do() -> None:
    given = table(
        player(hand=[GILLIS], houses=[house(plain(B))], guilders=9), player(), ruleset="published"
    )
    state, _ = step(given, 0, RecruitPerson(GILLIS, 0))
    assert state.players[0].persons == (GILLIS,)


def test_no_recruit_without_an_empty_house() -> None:
    full = table(player(hand=[GILLIS], houses=[house(plain(R), plain(R, 1))], guilders=9), player())
    assert refusal(full, RecruitPerson(GILLIS, 0)).reason == "HOUSE_UNAVAILABLE"
    assert refusal(full, RecruitPerson(GILLIS, 3)).reason == "HOUSE_UNAVAILABLE"
    assert not any(isinstance(a, RecruitPerson) for a in legal_actions(full, 0))


def test_the_cost_must_be_affordable() -> None:
    given = table(player(hand=[GILLIS], houses=[house(plain(R))], guilders=5), player())
    assert refusal(given, RecruitPerson(GILLIS, 0)).reason == "NOT_ENOUGH_GUILDERS"


def test_an_immediate_person_acts_on_recruitment() -> None:
    given = table(player(hand=[GILLIS], houses=[house(plain(R))], guilders=6), player())
    state, _ = step(given, 0, RecruitPerson(GILLIS, 0))
    assert state.players[0].reputation == 2


def test_a_question_is_answered_only_for_an_immediate_effect_that_asks_one() -> None:
    squire = pid("Squire Wouter")  # blue, immediate: 1 worker of a chosen colour
    given = table(
        player(hand=[squire, GILLIS], houses=[house(plain(B)), house(plain(R))], guilders=9),
        player(),
    )
    assert refusal(given, RecruitPerson(squire, 0)).reason == "BAD_CHOICE"
    assert refusal(given, RecruitPerson(GILLIS, 1, Colour.RED)).reason == "BAD_CHOICE"
    state, _ = step(given, 0, RecruitPerson(squire, 0, Colour.PURPLE))
    assert state.players[0].workers == counts(1, 1, 1, 2, 1)


def test_a_person_may_be_activated_on_the_turn_it_is_recruited() -> None:
    given = table(player(hand=[ARCHER], houses=[house(plain(Colour.YELLOW))], guilders=4), player())
    state, _ = step(given, 0, RecruitPerson(ARCHER, 0))
    assert state.step is TurnStep.PLAYED and state.active == 0
    state, events = step(state, 0, ActivatePerson(ARCHER))
    assert events[0] == PersonActivated(0, ARCHER, Colour.YELLOW)
    assert state.players[0].score == 7 and state.players[0].workers[4] == 0


def test_a_worker_person_needs_the_worker_of_its_icon_and_acts_once_per_round() -> None:
    given = table(
        player(
            hand=[plain(B)], houses=[house(plain(Colour.YELLOW), ARCHER)], workers=counts(yellow=2)
        ),
        player(),
    )
    state, _ = step(given, 0, ActivatePerson(ARCHER))
    assert refusal(state, ActivatePerson(ARCHER)).reason == "PERSON_UNAVAILABLE"
    poor = table(
        player(
            hand=[plain(B)], houses=[house(plain(Colour.YELLOW), ARCHER)], workers=counts(blue=2)
        ),
        player(),
    )
    assert refusal(poor, ActivatePerson(ARCHER)).reason == "NO_WORKER"


def test_a_worker_person_without_its_worker_does_not_hold_the_turn_open() -> None:
    """docs/rules/bruges.md, item 18: EndTurn is offered only while a person could still act;
    otherwise the turn ends by itself. After the card play, the archer (pay a yellow worker:
    2 VP) cannot act without a yellow worker, so the turn passes to the next seat at once."""
    given = table(
        player(hand=[plain(B)], houses=[house(plain(Colour.YELLOW), ARCHER)], workers=counts(1)),
        player(hand=[plain(R)]),
    )
    state, events = step(given, 0, TakeWorkers(plain(B)))
    assert events[1:] == (TurnEnded(0), TurnBegan(1))
    assert state.active == 1 and EndTurn() not in legal_actions(state, 1)


def test_a_person_turned_this_round_is_straightened_in_phase_4() -> None:
    """Seed: Person types: an activated person acts once per round; bruges-data.md §1.3: every
    turned person is straightened in Phase 4, so the archer may act again next round
    (docs/rules/bruges.md, item 19)."""
    given = table(
        player(
            hand=[plain(B)], houses=[house(plain(Colour.YELLOW), ARCHER)], workers=counts(yellow=2)
        ),
        player(),
    )
    state, _ = step(given, 0, ActivatePerson(ARCHER))
    assert state.players[0].turned == (ARCHER,)
    state, events = step(state, 0, TakeWorkers(plain(B)))
    assert of_type(events, RoundEnded) and state.players[0].turned == ()


def test_only_ones_own_activatable_persons_act() -> None:
    given = table(
        player(hand=[plain(B)], houses=[house(plain(R), GILLIS)]),
        player(houses=[house(plain(Colour.YELLOW), ARCHER)]),
    )
    assert refusal(given, ActivatePerson(ARCHER)).reason == "PERSON_UNAVAILABLE"
    assert refusal(given, ActivatePerson(GILLIS)).reason == "PERSON_UNAVAILABLE"
