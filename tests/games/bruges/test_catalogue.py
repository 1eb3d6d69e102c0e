"""bruges-data.md §1: the project's own 165 persons fit the published structure — 5 colours of
33, 11 groups of 15 (3 of each colour), costs 0-12, four activation types — and every card is
data the rules can interpret (docs/rules/bruges.md, "The person cards")."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from games.bruges.activation import is_activatable
from games.bruges.catalogue import COLOURS, GAINS, Activation, Basis, EffectKind, Group
from games.bruges.persons import PERSONS
from games.bruges.texts import person_text


def test_there_are_165_persons_with_ids_in_list_order() -> None:
    assert len(PERSONS) == 165
    assert [p.id for p in PERSONS] == list(range(165))


def test_33_persons_of_each_colour() -> None:
    assert Counter(p.colour for p in PERSONS) == dict.fromkeys(COLOURS, 33)


def test_11_groups_of_15_with_3_of_each_colour() -> None:
    assert Counter(p.group for p in PERSONS) == dict.fromkeys(Group, 15)
    assert Counter((p.group, p.colour) for p in PERSONS) == {
        (g, c): 3 for g in Group for c in COLOURS
    }


def test_costs_run_from_0_to_12_and_points_are_a_third_of_the_cost() -> None:
    costs = {p.cost for p in PERSONS}
    assert min(costs) == 0 and max(costs) == 12 and costs == set(range(13))
    assert all(p.points == p.cost // 3 for p in PERSONS)


def test_names_are_unique_and_no_two_persons_are_alike() -> None:
    assert len({p.name for p in PERSONS}) == 165
    alike = Counter((p.colour, p.group, p.cost, p.activation, p.effect, p.worker) for p in PERSONS)
    assert max(alike.values()) == 1


def test_all_four_activation_types_are_used_in_number() -> None:
    counts = Counter(p.activation for p in PERSONS)
    assert set(counts) == set(Activation)
    assert min(counts.values()) >= 30


def test_every_effect_kind_is_printed_on_some_person() -> None:
    assert {p.effect.kind for p in PERSONS} == set(EffectKind)


def test_each_activation_type_carries_an_effect_it_can_use() -> None:
    for p in PERSONS:
        match p.activation:
            case Activation.IMMEDIATE:
                assert p.effect.kind in GAINS, p.name
            case Activation.WORKER:
                assert p.effect.kind in GAINS and p.worker is not None, p.name
            case Activation.ENDGAME:
                assert p.effect.kind is EffectKind.VP_PER, p.name
            case Activation.ONGOING:
                assert p.worker is None, p.name
        assert is_activatable(p) == (
            p.activation is Activation.WORKER
            or (p.activation is Activation.ONGOING and p.effect.kind in GAINS)
        )


def test_every_person_has_card_text() -> None:
    texts = [person_text(p) for p in PERSONS]
    assert all(t.endswith(".") and "{" not in t for t in texts)
    assert person_text(PERSONS[0]) == "At game end: 1 VP per house."


def test_a_count_per_several_persons_reads_in_the_plural() -> None:
    """No card counts persons by twos yet; when one does, its text must still read well."""
    laurel = next(p for p in PERSONS if p.activation is Activation.ENDGAME)
    by_twos = replace(laurel.effect, basis=Basis.PERSONS, group=None, colour=None, per=2)
    assert "per 2 persons in play." in person_text(replace(laurel, effect=by_twos))


CARD_TEXTS = {
    "Seneschal Hughe": "Once per round, pay a yellow worker: climb 1 reputation step.",
    "Maarten the Dyer": "Once per round, pay a brown worker: gain 2 chosen-colour workers.",
    "Dowager Clementia": "Once per round, free: gain 1 guilder.",
    "Canon Filips": "When recruited: discard up to 2 threat markers of one colour.",
    "Hermit Zeger": "When recruited: 3 VP if you hold no threat marker.",
    "Gillis the Saboteur": "When recruited: every opponent receives a blue threat marker.",
    "Prior Jan": "Always: +1 VP whenever you discard a threat marker.",
    "Notary Marie": "Always: brown persons cost you 1 guilder less.",
    "Dike Reeve Rombout": "Always: you never receive blue threat markers.",
    "Hendrik the Salt Trader": "Always: take 2 more guilders with every Take Guilders action.",
    "Countess Ysabeel": "At game end: 2 VP per noble person in play.",
    "Agnes the Glass Painter": "At game end: 2 VP per blue person in play.",
    "Viscount Rombout": "At game end: 1 VP per 2 reputation steps.",
}


def test_the_card_text_says_when_the_person_acts_and_what_it_does() -> None:
    """The text each card shows is made from its effect data (``texts.person_text``), so it
    is the card's rules text: when the person acts (bruges-data.md §1.3: worker icon, free
    once a round, arrow, infinity loop, laurel), and what it does, with its amount, colour,
    group and divisor, as the rules interpret it (docs/rules/bruges.md, "The person cards")."""
    shown = {p.name: person_text(p) for p in PERSONS if p.name in CARD_TEXTS}
    assert shown == CARD_TEXTS
