"""A Bruges seat's choices as the terminal shows them: what each option adds to the rules'
line from the view (a card's kind and text, the die that prices a play, a pile's last card, the
house a loss takes), and the options in the order of the hand on the board (``in_hand_order``),
which ``legal``, ``play`` and ``act`` number alike."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.render.bruges_colours import (
    ORDER,
    colour_name,
    coloured,
    person_and_colour,
)
from games.bruges.rulesets import ruleset_of


def _find(view: bpb.BrugesView, card: int) -> tuple[bpb.BrugesPerson | None, bool]:
    """The person with id ``card`` in the viewer's hand (False) or in its houses (True)."""
    for player in view.players:
        if view.HasField("viewer") and player.seat != view.viewer:
            continue
        for held in player.hand:
            if held.id == card:
                return held, False
        for house in player.houses:
            if house.HasField("person") and house.person.id == card:
                return house.person, True
    return None, False


def annotate_bruges(response: pb.GetViewResponse, action: pb.Action) -> Text:
    """What the card an action names would do: for a recruit its VP and effect, for an
    activation its effect, for any other play its colour, and that colour's die where the die
    sets what the play yields or costs (``_priced_by_the_die``)."""
    chosen = action.bruges
    kind = chosen.WhichOneof("kind")
    view = response.view.bruges
    if kind == "draw_card":
        return last_card_warning(view, chosen.draw_card.pile)
    if kind == "lose_house":
        return lost_house_text(view, chosen.lose_house.house)
    if kind is None or kind in ("end_turn", "lose_worker"):
        return Text()
    message = getattr(chosen, kind)
    number = message.person if kind == "activate_person" else getattr(message, "card", None)
    card, _ = _find(view, number) if number is not None else (None, False)
    if card is None:
        return Text()
    if kind == "recruit_person":  # the description says its price, discounts counted
        return Text(f" — {card.points} VP: {card.text}", style="dim")
    if kind == "activate_person":
        return Text(f" — {card.text}", style="dim")
    text = Text(" — ").append_text(coloured(colour_name(card.colour), card.colour))
    if view.dice and card.colour in ORDER and _priced_by_the_die(kind, view):
        text.append(f" (die {view.dice[ORDER.index(card.colour)]})")
    return text


def last_card_warning(view: bpb.BrugesView, pile: int) -> Text:
    """`` — its last card: this round becomes the last``: drawing the last card of a pile
    while the extra pile waits brings the extra pile in and fixes the final round (seed:
    Phase 1, "the round in which this happens is the final round"); under ``published`` a
    person's Phase 3 draw makes it the next round (bruges-data.md §3.6; docs/rules/bruges.md
    item 4)."""
    if not 0 <= pile < len(view.piles) or view.piles[pile].size != 1 or not view.extra_size:
        return Text()
    later = view.phase == bpb.BRUGES_PHASE_ACTIONS
    later = later and ruleset_of(view.ruleset or "default").effect_emptied_pile_ends_next_round
    which = "the next round" if later else "this round"
    return Text(f" — its last card: {which} becomes the last", style="bold yellow")


def lost_house_text(view: bpb.BrugesView, house: int) -> Text:
    """`` — the yellow house, with Baron Gillis (red, back to hand)``: which house a
    published fire would burn, and the person that would go back to the hand (bruges-data.md
    §2.5)."""
    me = view.viewer if view.HasField("viewer") else view.to_act
    mine = next((p for p in view.players if p.seat == me), None)
    if mine is None or not 0 <= house < len(mine.houses):
        return Text()
    held = mine.houses[house]
    text = Text(" — the ").append_text(coloured(colour_name(held.colour), held.colour))
    text.append(" house")
    if held.HasField("person"):
        text.append(", with ").append_text(person_and_colour(held.person, ", back to hand"))
    return text


def _priced_by_the_die(kind: str, view: bpb.BrugesView) -> bool:
    """Whether the die of the card's colour sets what the play yields or costs: the guilders
    of Action II and, by the seed, the price of Action IV's canal space (seed: Dice values,
    "1-6: determine guilder income (Action II) and canal cost (Action IV)"). Workers, a
    discarded marker and a house (it costs a worker of the card's colour) owe nothing to the
    die, and under ``published`` a canal space costs what is printed on it
    (docs/rules/bruges.md item 13): there a die would read as a price it is not."""
    if kind == "take_guilders":
        return True
    canal = ruleset_of(view.ruleset or "default").canal
    return kind == "build_canal" and canal.printed_cost is None


HAND_PLAYS = frozenset(
    {
        "take_workers",
        "take_guilders",
        "discard_threat",
        "build_canal",
        "build_house",
        "recruit_person",
    }
)
"""The actions that play a card from the hand: the six of Phase 3 (seed: Actions I-VI), each
naming its card as ``card``. A lost person (``lose_person``) and an activation name a person
in a house, never a card in the hand."""


def in_hand_order(
    response: pb.GetViewResponse, actions: Sequence[pb.LegalAction]
) -> list[pb.LegalAction]:
    """``actions`` with the plays of hand cards in the order of the cards in the hand, as the
    board lists them ("Your hand"), so that the options of the hand's second card come second
    among the plays; each card's own options keep their order, and every other option (an
    activation first, a draw, a loss, the end of the turn) keeps its place.

    The rules list the plays card by card in card id order (``games.bruges.legal``), which the
    server keeps for bots and recorded games; only the list a player reads follows the hand.
    """
    hand = {card.id: place for place, card in enumerate(_viewers_hand(response.view.bruges))}
    in_hand = [(i, _place_in_hand(choice, hand)) for i, choice in enumerate(actions)]
    plays = [(place, i) for i, place in in_hand if place is not None]
    ordered = list(actions)
    for slot, (_, i) in zip(sorted(i for _, i in plays), sorted(plays), strict=True):
        ordered[slot] = actions[i]
    return ordered


def _viewers_hand(view: bpb.BrugesView) -> Sequence[bpb.BrugesPerson]:
    """The cards in the viewing seat's hand, in the order the board lists them."""
    if not view.HasField("viewer"):
        return ()
    return next((p.hand for p in view.players if p.seat == view.viewer), ())


def _place_in_hand(choice: pb.LegalAction, hand: dict[int, int]) -> int | None:
    """The place in ``hand`` (card id → place) of the card ``choice`` plays; None for an
    option that plays no card from the hand."""
    kind = choice.action.bruges.WhichOneof("kind")
    if kind not in HAND_PLAYS:
        return None
    return hand.get(getattr(choice.action.bruges, kind).card)


SHORTER = (
    ("for workers: ", "workers: "),
    ("for guilders: ", "guilders: "),
    ("to discard a threat marker", "discard a threat"),
    ("to build canal space", "canal space"),
    ("as a house, paying", "house, paying"),
    (", for +", ", +"),
    ("activate, choosing ", "activate: "),
    (": discards ", ", discards "),
)
"""The words of a card's play said shorter under the card's heading, which names the card
and its colour: the play's own words, less the linking ones (and one colon, not two, in
"activate: purple, discards a purple marker")."""


def short_bruges(response: pb.GetViewResponse, choice: pb.LegalAction) -> tuple[str, Text] | None:
    """The options of one card under its name, colour and die, each saying what it does with
    the card ("workers: 2 purple workers", "recruit into house 2 for 5 guilders"), for
    a list too long for the screen (``choice_list``): a hand of five offers six plays a card
    (seed: Actions I-VI). None for an option that names no card of the seat's."""
    chosen = choice.action.bruges
    kind = chosen.WhichOneof("kind")
    if kind not in HAND_PLAYS and kind != "activate_person":
        return None
    message = getattr(chosen, kind)
    view = response.view.bruges
    card, _ = _find(view, message.person if kind == "activate_person" else message.card)
    if card is None or f" {card.name}" not in choice.description:
        return None
    heading = f"{card.name} ({colour_name(card.colour)}"
    if view.dice and card.colour in ORDER:
        heading += f", die {view.dice[ORDER.index(card.colour)]}"
    own = choice.description.replace(f" {card.name}", "", 1).removeprefix("play ")
    for long, short in SHORTER:
        own = own.replace(long, short, 1)
    if kind == "recruit_person":
        return f"{heading})", Text(own).append(f" — {card.points} VP", style="dim")
    return f"{heading})", Text(own)
