"""Seed: COMMON DECK CARD LIST, card by card (notes §2).

``SEED_CARD_LIST`` is the seed's list transcribed row by row, in its order: name, type letter,
value ("-" for Events, written None here) and the printed +PP of the Notes column (0 when
none). It is data in this file on purpose: the test reads no file outside this repository.
"""

from __future__ import annotations

import re

from games.bourgeoisie.catalogue import (
    CARDS,
    CORRUPTION_STEAL,
    CUNNING_DICE,
    CUNNING_DIE,
    DISASTER_DIE,
    DISASTERS,
    DISCARDS,
    DIVERSIFY_DIE,
    REINVEST_COST,
    UPGRADES,
    VOUCHERS,
    CardKind,
    Effect,
)

KINDS = {
    "F": CardKind.FAMILY,
    "T": CardKind.TRADE,
    "B": CardKind.BOND,
    "L": CardKind.LAND,
    "O": CardKind.OFFICE,
    "E": CardKind.EVENT,
}

SEED_CARD_LIST: tuple[tuple[str, str, int | None, int], ...] = (
    ("Paupers", "F", 1, 0),
    ("Serfs", "F", 1, 0),
    ("Peasants", "F", 2, 0),
    ("Refugees", "F", 2, 0),
    ("Migrants", "F", 3, 0),
    ("Porters", "F", 3, 0),
    ("Servants", "F", 4, 0),
    ("Hired Hands", "F", 4, 0),
    ("Commoners", "F", 5, 0),
    ("Country Folk", "F", 5, 0),
    ("Provincials", "F", 6, 0),
    ("Workers", "F", 6, 0),
    ("Laborers", "F", 7, 0),
    ("Freemen", "F", 7, 0),
    ("Sailors", "F", 8, 0),
    ("Townsfolk", "F", 8, 0),
    ("Burghers", "F", 9, 0),
    ("Tradesmen", "F", 9, 0),
    ("Craftsmen", "F", 10, 0),
    ("Artisans", "F", 10, 0),
    ("Physicians", "T", 1, 0),
    ("Lawyers", "T", 1, 0),
    ("Woad Trade", "T", 2, 0),
    ("Wool Trade", "T", 2, 0),
    ("Charcoal Trade", "T", 3, 0),
    ("Brick & Tile Trade", "T", 3, 0),
    ("Horticulture", "T", 4, 0),
    ("Sugar Refining", "T", 4, 0),
    ("Grain Trade", "T", 5, 0),
    ("Textile Industry", "T", 5, 0),
    ("Metallurgy", "T", 6, 0),
    ("Manufacturing", "T", 6, 0),
    ("Linen Merchant", "T", 7, 0),
    ("West Indies Trade", "T", 7, 0),
    ("Spice Trade", "T", 8, 0),
    ("Luxury Merchant", "T", 8, 0),
    ("Silk Business", "T", 9, 0),
    ("Ship Building", "T", 9, 0),
    ("Bankers", "T", 10, 0),
    ("Financiers", "T", 10, 0),
    ("Securities", "B", 1, 0),
    ("Securities", "B", 2, 0),
    ("Securities", "B", 3, 0),
    ("Securities", "B", 4, 0),
    ("Bonds", "B", 1, 0),
    ("Bonds", "B", 2, 0),
    ("Bonds", "B", 3, 0),
    ("Bonds", "B", 4, 0),
    ("Annuities", "B", 1, 0),
    ("Annuities", "B", 2, 0),
    ("Annuities", "B", 3, 0),
    ("Annuities", "B", 4, 0),
    ("Joint Stock Shares", "B", 1, 0),
    ("Joint Stock Shares", "B", 2, 0),
    ("Joint Stock Shares", "B", 3, 0),
    ("Joint Stock Shares", "B", 4, 0),
    ("Mortgages", "B", 1, 0),
    ("Mortgages", "B", 2, 0),
    ("Mortgages", "B", 3, 0),
    ("Mortgages", "B", 4, 0),
    ("Plots", "L", 1, 0),
    ("Parcels", "L", 1, 0),
    ("Fields", "L", 2, 0),
    ("Pasture", "L", 2, 0),
    ("Countryside", "L", 3, 0),
    ("Hinterland", "L", 3, 0),
    ("Farmland", "L", 4, 0),
    ("Grounds", "L", 4, 0),
    ("Tracts", "L", 5, 0),
    ("Acreage", "L", 5, 0),
    ("Range", "L", 6, 0),
    ("Agricultural Land", "L", 6, 1),
    ("Small Estate", "L", 7, 1),
    ("Expanse", "L", 7, 2),
    ("Holdings", "L", 8, 2),
    ("Vineyard", "L", 8, 3),
    ("Villa", "L", 9, 3),
    ("Urban Property", "L", 9, 3),
    ("Manor", "L", 10, 4),
    ("Large Estate", "L", 10, 5),
    ("Courtier", "O", 3, 0),
    ("Registrar", "O", 3, 0),
    ("Lesser Official", "O", 4, 0),
    ("Municipal Officer", "O", 4, 0),
    ("Military Office", "O", 5, 0),
    ("Clergy", "O", 5, 0),
    ("Dowry", "O", 6, 0),
    ("University Dean", "O", 6, 0),
    ("Tax Assessor", "O", 7, 0),
    ("Fiscal Officer", "O", 7, 0),
    ("Administrator", "O", 8, 1),
    ("Tax Collector", "O", 8, 1),
    ("Abbott", "O", 9, 2),
    ("Marriage", "O", 9, 2),
    ("Tax Farmer", "O", 10, 3),
    ("High Functionary", "O", 10, 3),
    ("Dignitary", "O", 11, 4),
    ("Judgeship", "O", 11, 4),
    ("Bishop", "O", 12, 5),
    ("Mayor", "O", 12, 5),
    ("Plague", "E", None, 0),
    ("Famine", "E", None, 0),
    ("Nepotism", "E", None, 0),
    ("Patronage", "E", None, 0),
    ("Corruption", "E", None, 0),
    ("Innovators", "E", None, 0),
    ("Professionals", "E", None, 0),
    ("Reputable", "E", None, 0),
    ("Cunning", "E", None, 0),
    ("Fine Vista", "E", None, 0),
    ("Legitimacy", "E", None, 0),
    ("Crisis", "E", None, 0),
    ("Feudal Tenures", "E", None, 0),
    ("Default", "E", None, 0),
    ("Reinvest", "E", None, 0),
    ("Capital", "E", None, 0),
    ("Recognition Fees", "E", None, 0),
    ("War", "E", None, 0),
    ("Taxes", "E", None, 0),
    ("Diversify Portfolio", "E", None, 0),
)


def test_the_seed_card_list_has_120_cards() -> None:
    assert len(SEED_CARD_LIST) == 120


def test_every_card_matches_the_seed_card_list_in_order() -> None:
    # Card ids are positions in the seed's list; an Event's "-" is value 0 in the catalogue.
    expected = [
        (i, name, KINDS[kind], 0 if value is None else value, prestige)
        for i, (name, kind, value, prestige) in enumerate(SEED_CARD_LIST)
    ]
    actual = [(c.id, c.name, c.kind, c.value, c.prestige) for c in CARDS]
    assert actual == expected


SEED_EVENT_NOTES = {
    "Plague": "All players lose 1D6 OP",
    "Famine": "All players lose 1D6 Gold",
    "Nepotism": "Counts as 5 Gold for buying Office",
    "Patronage": "Counts as 4 Gold for buying Office",
    "Corruption": "Steal 2 Silver from all other Players",
    "Innovators": "Place 3 UT on target Trade",
    "Professionals": "Place 2 UT on target Trade",
    "Reputable": "Place 3 UT on target Family",
    "Cunning": "Gain 2D6 Silver",
    "Fine Vista": "Place 2 UT on target Land",
    "Legitimacy": "Place 3 UT on target Office",
    "Crisis": "Counts as 5 Gold for buying Land",
    "Feudal Tenures": "Counts as 4 Gold for buying Land",
    "Default": "Discard target Bond",
    "Reinvest": "Cost 3 Gold. Place 5 UT on target Trade",
    "Capital": "Counts as 5 Gold for buying Trade",
    "Recognition Fees": "Counts as 3 Gold for buying Office",
    "War": "Discard target Land",
    "Taxes": "All players lose 1D6 Silver",
    "Diversify Portfolio": "Gain 1D6 OP",
}
"""The Notes column of the seed's card list for the twenty Events, word for word."""


def _article(kind: CardKind) -> str:
    return f"an {kind.value.title()}" if kind is CardKind.OFFICE else f"a {kind.value.title()}"


def test_every_event_says_what_it_does_with_the_seeds_numbers() -> None:
    """An Event's text is ours, but its numbers and dice are the seed's, in the same order."""
    events = [c for c in CARDS if c.kind is CardKind.EVENT]
    assert sorted(c.name for c in events) == sorted(SEED_EVENT_NOTES)
    for c in events:
        assert c.text, c.name
        assert re.findall(r"\d+", c.text) == re.findall(r"\d+", SEED_EVENT_NOTES[c.name]), c.name
    assert all(not c.text for c in CARDS if c.kind is not CardKind.EVENT)


def test_event_texts_agree_with_the_constants_the_rules_use() -> None:
    text = {c.effect: c.text for c in CARDS if c.effect is not None}
    for effect, (kind, gold) in VOUCHERS.items():
        assert text[effect] == f"counts as {gold} gold toward {_article(kind)}"
    for effect, (kind, tokens) in UPGRADES.items():
        assert text[effect].endswith(f"{tokens} upgrade tokens on {_article(kind)} in play")
    for effect, kind in DISCARDS.items():
        assert text[effect] == f"discard {_article(kind)} in play"
    for effect, resource in DISASTERS.items():
        assert f"loses 1D{DISASTER_DIE} {resource.value}" in text[effect].replace(" tokens", "")
    assert f"{CORRUPTION_STEAL} silver" in text[Effect.CORRUPTION]
    assert f"{CUNNING_DICE}D{CUNNING_DIE} silver" in text[Effect.CUNNING]
    assert f"1D{DIVERSIFY_DIE} opportunity tokens" in text[Effect.DIVERSIFY_PORTFOLIO]
    assert text[Effect.REINVEST].startswith(f"pay {REINVEST_COST} gold")
