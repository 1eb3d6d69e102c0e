"""A retirement's log line says the prestige points it gains or loses, as the option to retire
says them, read from the state before it and the state it led to: ``FamilyRetired`` records
the family and its revenue, not the points (seed: NOBLEMENT PHASE and END GAME SCORING;
docs/rules/bourgeoisie.md items 18, 19 and 25). A family forced to retire at 50+ has no
option of its own that would say them."""

from __future__ import annotations

from games.bourgeoisie import RULES, State
from games.bourgeoisie.actions import Action, EndPhase, Retire
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.events import FamilyRetired
from games.core.rules import describe, fold

from .builders import cid, family, of_type, player, step, table

# 10 + 10 + 10 + 10 + 9 + 4 = 53, no Office
MAGNATES = family(
    "Artisans", "Bankers", bonds=[cid("Mortgages", 4)], lands=["Manor", "Large Estate", "Villa"]
)
EARLIER = family("Paupers", lands=["Grounds"], offices=["Clergy"])


def _lines(state: State, action: Action) -> dict[type, str]:
    """Each event ``action`` sets off in ``state``, by its type, described as a stream does:
    with the state before it and the state it led to."""
    _, events = step(state, 0, action, rolls=[1])
    said, now = {}, state
    for event in events:
        before, now = now, fold(RULES, (event,), now)
        said[type(event)] = describe(RULES, event, "default", now, before=before)
    return said


def test_a_forced_retirement_says_the_points_it_loses() -> None:
    forced = table(player(gold=7, family=MAGNATES), phase=Phase.INVESTMENT)
    assert _lines(forced, EndPhase())[FamilyRetired] == (
        "Seat 0 had to retire the Artisans family at 53 silver per turn, -5 PP for no Office"
    )


def test_a_forced_retirement_after_the_first_says_the_bonus_and_the_penalty() -> None:
    forced = table(player(family=MAGNATES, retired=[EARLIER]), phase=Phase.INVESTMENT)
    assert _lines(forced, EndPhase())[FamilyRetired] == (
        "Seat 0 had to retire the Artisans family at 53 silver per turn, +5 PP as a retired "
        "family after the first, -5 PP for no Office"
    )


def test_a_chosen_retirement_says_its_points_as_its_option_did() -> None:
    stack = family("Serfs", "Bankers", lands=["Manor", "Large Estate"], offices=["Mayor"])
    second = table(player(gold=7, family=stack, retired=[EARLIER]), phase=Phase.NOBLEMENT)
    assert _lines(second, Retire())[FamilyRetired] == (
        "Seat 0 retired the Serfs family at 43 silver per turn, +5 PP as a retired family "
        "after the first"
    )


def test_a_retirement_that_changes_no_points_says_none() -> None:
    """The first family to retire, with an Office: no bonus, no penalty, nothing to add."""
    first = family("Serfs", "Bankers", lands=["Manor", "Large Estate"], offices=["Mayor"])
    state = table(player(family=first), phase=Phase.NOBLEMENT)
    assert _lines(state, Retire())[FamilyRetired] == (
        "Seat 0 retired the Serfs family at 43 silver per turn"
    )


def test_the_event_alone_says_no_points() -> None:
    """Without the states around it (SubmitAction's answer) the line is the event's own."""
    forced = table(player(gold=7, family=MAGNATES), phase=Phase.INVESTMENT)
    _, events = step(forced, 0, EndPhase(), rolls=[1])
    retired = of_type(events, FamilyRetired)[0]
    assert describe(RULES, retired, "default") == (
        "Seat 0 had to retire the Artisans family at 53 silver per turn"
    )
