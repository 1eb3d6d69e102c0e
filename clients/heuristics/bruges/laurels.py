"""End-game persons (laurels) for the Bruges heuristic: how much of a basis we hold (as
``games.bruges.scoring`` counts it), what our laurels score on it now, and an end-game
person's VP projected to the end of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from clients.heuristics.bruges.reading import Seat
from games.bruges.catalogue import (
    COLOURS,
    REPUTATION_TOP,
    Activation,
    Basis,
    Category,
    Effect,
    EffectKind,
    Person,
)
from games.bruges.scoring import basis_count

K = EffectKind

# How much of an end-game basis a player typically adds per round, to project a laurel.
GROWTH_PER_ROUND = {
    Basis.HOUSES: 0.6,
    Basis.PERSONS: 0.5,
    Basis.DISTINCT_GROUPS: 0.4,
    Basis.DISTINCT_COLOURS: 0.2,
    Basis.CANAL_TOKENS: 0.6,
    Basis.REPUTATION: 0.8,
    Basis.MAJORITIES: 0.25,
    Basis.STATUES: 0.15,
    Basis.GROUP: 0.05,
    Basis.COLOUR: 0.1,
}
BASIS_CAP = {
    Basis.DISTINCT_COLOURS: len(COLOURS),
    Basis.REPUTATION: REPUTATION_TOP,
    Basis.MAJORITIES: len(Category),
}


def units(seat: Seat, effect: Effect, persons: Sequence[Person] | None = None) -> int:
    """How much of the effect's basis we hold, counted by the rules' own ``basis_count``, with
    ``persons`` standing for our play area when given."""
    crowd = seat.persons if persons is None else tuple(persons)
    return basis_count(effect, crowd, seat.player)


def per_amount(effect: Effect, count: float) -> float:
    """``amount`` for every full ``per`` units (the rules' rounding down)."""
    return float(effect.amount * (int(count) // max(1, effect.per)))


def laurels(seat: Seat, persons: Sequence[Person]) -> float:
    """What the end-game persons among ``persons`` score on our holdings now."""
    return sum(
        per_amount(p.effect, units(seat, p.effect, persons))
        for p in persons
        if p.activation is Activation.ENDGAME and p.effect.kind is K.VP_PER
    )


def projected_laurel(seat: Seat, recruit: Person) -> float:
    """An end-game person's VP at the end: our holdings now (it included), grown at a typical
    rate over the rounds left."""
    effect = recruit.effect
    count: float = units(seat, effect, (*seat.persons, recruit))
    if effect.basis in GROWTH_PER_ROUND:
        count += GROWTH_PER_ROUND[effect.basis] * seat.rounds_left
    if effect.basis in BASIS_CAP:
        count = min(count, BASIS_CAP[effect.basis])
    return per_amount(effect, count)


def laurel_rate(seat: Seat, basis: Basis) -> float:
    """The end-game VP our laurel persons give for one more unit of ``basis`` (on average:
    a divisor of 2 makes every unit worth half)."""
    return sum(
        p.effect.amount / max(1, p.effect.per)
        for p in seat.persons
        if p.activation is Activation.ENDGAME and p.effect.basis is basis
    )
