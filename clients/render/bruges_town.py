"""What lies in front of each Bruges seat, as words: its houses by number, each person's
colour, group, points and ability, the backs of the cards in its hand; and the references a
player keeps beside the board: what a third threat marker costs and what the majorities are
worth and who leads them now.

Every colour is named as well as drawn in its colour, so nothing here is read by colour alone
(a monochrome terminal, a colour-blind player).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.text import Text
from tabletop.v1 import bruges_pb2 as bpb

from clients.render.bruges_colours import ORDER, colour_name, coloured, enum_name, person_name
from clients.render.seats import seat_name
from games.bruges.catalogue import THREATS_FOR_DISASTER, Category
from games.bruges.majorities import compared, leads
from games.bruges.rulesets import DISASTER_LOSSES, ruleset_of
from games.bruges.texts import majority_worth


def disaster_legend(ruleset: str) -> Text:
    """``3rd threat of a colour: blue -3 VP, brown the canal's last token, …``: what the
    disaster of each colour takes under ``ruleset`` (seed: Threat Penalties; published:
    bruges-data.md §2.5), each colour named in its colour."""
    disasters = ruleset_of(ruleset or "default").disasters
    text = Text(f"A {_ordinal(THREATS_FOR_DISASTER)} threat of a colour costs: ", style="dim")
    for index, disaster in enumerate(disasters):
        wire = ORDER[index]  # the ruleset lists its disasters in the colours' order
        text.append(", " if index else "", style="dim").append_text(
            coloured(colour_name(wire), wire)
        )
        text.append(f" {DISASTER_LOSSES[disaster].long}", style="dim")
    return text.append(".", style="dim")


def _ordinal(number: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(number, f"{number}th")


def majority_line(view: bpb.BrugesView, names: Sequence[str] = ()) -> Text:
    """What a majority marker is worth and who would turn one were Phase 4 now: the sole
    leader of each category, or a tie (seed: Phase 4; bruges-data.md §2.4; docs/rules/
    bruges.md item 20)."""
    text = Text("Majorities ", style="bold")
    text.append(f"({majority_worth(view.ruleset or 'default')}): ", style="dim")
    for index, lead in enumerate(leads([majority_counts(p) for p in view.players])):
        text.append(", " if index else "").append(f"{lead.category.value} ")
        if lead.leader is None:
            text.append(f"tied at {lead.best}")
        else:
            text.append(seat_name(names, lead.leader), style="bold")
            text.append(f" leads with {lead.best}")
    return text


def majority_counts(player: bpb.BrugesPlayer) -> dict[Category, int]:
    """The seat's count in each majority, as the view shows them (``majorities.compared``)."""
    persons = sum(house.HasField("person") for house in player.houses)
    return compared(player.reputation, persons, sum(player.canal))


def house_text(index: int, house: bpb.BrugesHouse) -> Text:
    """``house 0 blue: Brother Hendrik ✓ (blue church, 1 VP: …)``: a house by the number the
    actions name it by, its colour, and its person's colour, group, printed VP and ability,
    which act on the table whoever owns them (docs/rules/bruges.md items 17 and 24)."""
    text = Text(f"house {index} ").append_text(coloured(colour_name(house.colour), house.colour))
    text.append(": ")
    if not house.HasField("person"):
        return text.append("empty", style="dim")
    person = house.person
    text.append_text(person_name(person, house.turned))
    group = enum_name(bpb.BrugesGroup, person.group, "BRUGES_GROUP_")
    facts = f"{colour_name(person.colour)} {group}, {person.points} VP: {person.text}"
    return text.append(f" ({facts})", style="dim")


def hand_backs_text(player: bpb.BrugesPlayer) -> Text:
    """``hand backs 2 blue, 1 yellow``: the colours on the backs of a seat's cards, public at
    the table (bruges-data.md §1.2; docs/rules/bruges.md item 24), in the colours' order."""
    counts = Counter(player.hand_colours)
    text = Text("hand backs ")
    for index, colour in enumerate(c for c in ORDER if counts[c]):
        text.append(", " if index else "")
        text.append_text(coloured(f"{counts[colour]} {colour_name(colour)}", colour))
    return text


def town_text(player: bpb.BrugesPlayer) -> Text:
    """A seat's houses (by number) with their persons, statues and turned majority markers,
    and, where the board does not list the hand's faces, the colours of its backs."""
    text = Text()
    for index, house in enumerate(player.houses):
        text.append("; " if index else "").append_text(house_text(index, house))
    if not text:
        text.append("no houses", style="dim")
    if player.statues:
        text.append(" · statues " + " ".join(str(s) for s in player.statues), style="bold")
    if player.majorities:
        names = (enum_name(bpb.BrugesCategory, m, "BRUGES_CATEGORY_") for m in player.majorities)
        text.append(" · majority: " + ", ".join(names), style="bold")
    faces_listed = player.hand_visible and len(player.hand) == len(player.hand_colours)
    if player.hand_colours and not faces_listed:
        text.append(" · ").append_text(hand_backs_text(player))
    return text
