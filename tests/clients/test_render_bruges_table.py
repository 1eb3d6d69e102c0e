"""What a Bruges player sees or counts at the table is on the board too, in words: the
colours of the backs in every hand, what a third threat marker costs, what a majority marker
is worth and who leads each now, each house by the number the actions give it with its
person's colour, group and points, which play of the round it is, who holds the banner, and
the draw that would make the round the last."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest
from rich.console import Console
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.render import describe_choice
from clients.render.bruges import render_bruges
from tests.clients.test_render_bruges import table_in_actions_phase

COLOURS = ("blue", "brown", "red", "purple", "yellow")
NAMES = ("Ada", "Bob", "Cy")


def monochrome(response: pb.GetViewResponse, width: int = 120) -> str:
    """The board as a terminal without colours shows it, its lines joined into one text."""
    console = Console(record=True, width=width, file=io.StringIO(), color_system=None)
    console.print(render_bruges(response))
    return " ".join(console.export_text().split())


def test_the_backs_of_every_other_hand_are_named_by_colour() -> None:
    """The backs show each card's colour at the table (bruges-data.md §1.2): the board drew
    them as coloured squares only, the same square for every colour without colour."""
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    screen = monochrome(response)
    for player in response.view.bruges.players:
        if player.seat == seat:
            continue
        counts = Counter(COLOURS[c - 1] for c in player.hand_colours)
        backs = ", ".join(f"{counts[c]} {c}" for c in COLOURS if counts[c])
        assert f"{NAMES[player.seat]}: " in screen
        assert f"hand backs {backs}" in screen, (backs, screen)


def test_what_a_third_threat_marker_costs_is_shown_for_each_ruleset() -> None:
    """The overview card's penalties: the seed's under ``default``, the published disasters
    under ``published`` (docs/rules/bruges.md item 8)."""
    response = table_in_actions_phase().view(0)
    assert (
        "A 3rd threat of a colour costs: blue -3 VP, brown the canal's last token, red a "
        "person, purple -3 guilders, yellow a worker." in monochrome(response)
    )
    response.view.bruges.ruleset = "published"
    assert (
        "A 3rd threat of a colour costs: blue all workers, brown a person, red a house or a "
        "canal token, purple -3 VP, yellow all guilders." in monochrome(response)
    )


def test_the_majorities_say_what_a_marker_is_worth_and_who_leads_each_now() -> None:
    """Seed: Phase 4; data §2.4: a sole leader turns its marker, worth 4 VP (docs/rules/
    bruges.md item 20)."""
    table = table_in_actions_phase(round_=3)
    response = table.view(0)
    view = response.view.bruges
    measures = {
        "reputation": [p.reputation for p in view.players],
        "persons": [sum(h.HasField("person") for h in p.houses) for p in view.players],
        "canal": [sum(p.canal) for p in view.players],
    }
    said = []
    for label, counts in measures.items():
        best = max(counts)
        leaders = [seat for seat, count in enumerate(counts) if count == best]
        if len(leaders) == 1:
            said.append(f"{label} seat {leaders[0]} ({NAMES[leaders[0]]}) leads with {best}")
        else:
            said.append(f"{label} tied at {best}")
    line = "Majorities (4 VP a marker, turned in Phase 4 by a sole leader): " + ", ".join(said)
    assert line in monochrome(response)


def test_each_house_is_numbered_as_the_actions_name_it_with_its_persons_facts() -> None:
    """A recruit names its house by number ("recruit X into house 1"): the board numbers the
    houses, gives each its colour, and each person its colour, group and printed VP, which
    laurel persons count ("2 VP per brown person in play", "3 VP per church person")."""
    table = table_in_actions_phase(round_=3, offering="recruit_person")
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    screen = monochrome(response)
    checked = 0
    for player in response.view.bruges.players:
        for index, house in enumerate(player.houses):
            colour = COLOURS[house.colour - 1]
            if not house.HasField("person"):
                assert f"house {index} {colour}: empty" in screen
                continue
            person = house.person
            group = bpb.BrugesGroup.Name(person.group).removeprefix("BRUGES_GROUP_").lower()
            facts = f"({COLOURS[person.colour - 1]} {group}, {person.points} VP: {person.text})"
            assert f"house {index} {colour}: {person.name}" in screen
            assert facts in screen, facts
            checked += 1
    assert checked, "the position has persons in play"
    recruits = 0
    for choice in table.legal(seat).actions:
        if choice.action.bruges.WhichOneof("kind") == "recruit_person":
            house = choice.action.bruges.recruit_person.house
            assert f"into house {house}" in choice.description
            assert f"house {house} " in screen
            recruits += 1
    assert recruits, "the position offers a recruit, which names its house"


def test_the_header_says_which_play_of_the_round_it_is_and_who_started() -> None:
    """Seed: Phase 3, four plays each: the round's progress, and the start player by name."""
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    view = response.view.bruges
    header = monochrome(response).split(" Dice ")[0]
    assert f"actions phase (play {view.players[seat].played + 1} of 4)" in header, header
    assert f"start player seat {view.start_player} ({NAMES[view.start_player]})" in header


@pytest.mark.parametrize("ruleset", ["default", "published"])
def test_the_header_names_the_rules_played(ruleset: str) -> None:
    """The rulesets differ in the canal, the disasters, the houses a person may take and the
    threat discard's reward (docs/rules/bruges.md): a player back at the table with their
    token sees which are played, as Burgundy's header says."""
    table = LocalTable("bruges", 2, b"header", ("Ada", "Bob"), ruleset=ruleset)
    header = monochrome(table.view(0)).split(" Dice ")[0]
    assert header.startswith(f"Bruges ({ruleset} rules) · round 1 · "), header


def test_the_cards_drawn_but_not_picked_up_are_counted_in_words() -> None:
    """Seed: Phase 1, a player looks at the cards only once the hand is full; until then the
    hand's title counts the ones drawn, as a sentence does ("1 drawn card", "2 drawn cards")."""
    table = LocalTable("bruges", 2, b"drawing", ("Ada", "Bob"))
    bots = [HeuristicBot(seat) for seat in range(2)]
    counted: set[int] = set()
    while (seat := table.to_act()) is not None and table.view(seat).view.bruges.round < 4:
        response = table.view(seat)
        me = response.view.bruges.players[seat]
        if response.view.bruges.phase == bpb.BRUGES_PHASE_DRAW and me.hand:
            unseen = me.hand_size - len(me.hand)
            title = re.search(r"Your hand \(([^)]*)\)", monochrome(response))
            if unseen:
                assert title is not None
                cards = "1 drawn card" if unseen == 1 else f"{unseen} drawn cards"
                assert title[1] == f"{cards} not picked up yet", title[1]
                counted.add(min(unseen, 2))
        table.submit(seat, bots[seat].choose(response, table.legal(seat).actions))
    assert counted == {1, 2}, "a hand seen with one drawn card and with several"


def _draw_choice(pile: int) -> pb.LegalAction:
    draw = bpb.BrugesAction(draw_card=bpb.BrugesDrawCard(pile=pile))
    return pb.LegalAction(description=f"draw from pile {pile}", action=pb.Action(bruges=draw))


def test_drawing_the_last_card_of_a_pile_says_it_fixes_the_final_round() -> None:
    """Seed: Phase 1, the round in which a pile empties is the final one while the extra pile
    waits; published, a person's Phase 3 draw makes it the next (docs/rules/bruges.md item
    4). Nothing said so beside "draw from pile 0" with one card left."""
    response = LocalTable("bruges", 2, b"draw", ("Ada", "Bob")).view(0)
    view = response.view.bruges
    view.piles[0].size, view.piles[1].size = 1, 2
    assert describe_choice(response, _draw_choice(0)).plain.endswith(
        " — its last card: this round becomes the last"
    )
    assert describe_choice(response, _draw_choice(1)).plain == "draw from pile 1"
    view.ruleset, view.phase = "published", bpb.BRUGES_PHASE_ACTIONS
    assert "the next round becomes the last" in describe_choice(response, _draw_choice(0)).plain
    view.extra_size = 0  # the extra pile is in play already: an emptied pile is split again
    assert describe_choice(response, _draw_choice(0)).plain == "draw from pile 0"


def test_the_board_still_fits_80_columns_without_cutting_a_value() -> None:
    table = table_in_actions_phase(round_=3)
    console = Console(record=True, width=80, file=io.StringIO(), color_system=None)
    console.print(render_bruges(table.view(table.to_act() or 0)))
    screen = console.export_text()
    assert "…" not in screen and all(len(line) <= 80 for line in screen.splitlines())
    assert re.search(r"^Majorities ", screen, re.M)


def test_a_house_to_lose_says_its_colour_and_the_person_going_back_to_hand() -> None:
    """Published fire (bruges-data.md §2.5): "lose house 1" named a house by number alone;
    it now says which house that is and that its person would go back to the hand."""
    table = table_in_actions_phase(round_=3)
    for seat in range(3):
        response = table.view(seat)
        houses = response.view.bruges.players[seat].houses
        held = [index for index, house in enumerate(houses) if house.HasField("person")]
        if held:
            break
    else:
        raise AssertionError("no seat has a person in play")
    house = houses[held[0]]
    lose = bpb.BrugesAction(lose_house=bpb.BrugesLoseHouse(house=held[0]))
    choice = pb.LegalAction(description=f"lose house {held[0]}", action=pb.Action(bruges=lose))
    said = describe_choice(response, choice).plain
    colour = COLOURS[house.colour - 1]
    person = f"{house.person.name} ({COLOURS[house.person.colour - 1]}, back to hand)"
    assert said == f"lose house {held[0]} — the {colour} house, with {person}"
