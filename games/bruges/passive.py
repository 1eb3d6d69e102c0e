"""Ongoing persons that act by themselves: permanent boosts of the basic actions and triggers
that fire whenever their situation happens (bruges-data.md §1.3, ongoing kinds b and c)."""

from __future__ import annotations

from games.bruges.catalogue import Activation, Colour, EffectKind, Person
from games.bruges.events import Payout
from games.bruges.persons import person
from games.bruges.state import Player

GUILDER_TRIGGERS = frozenset({EffectKind.ON_HAND_GUILDERS, EffectKind.ON_THREAT_GUILDERS})


def in_play(player: Player) -> tuple[Person, ...]:
    """The persons in ``player``'s play area."""
    return tuple(person(card) for card in player.persons)


def ongoing(player: Player, kind: EffectKind) -> tuple[Person, ...]:
    """The player's ongoing persons whose effect is ``kind``."""
    return tuple(
        p for p in in_play(player) if p.activation is Activation.ONGOING and p.effect.kind is kind
    )


def boost(player: Player, kind: EffectKind) -> int:
    """The sum of the player's ``kind`` boosts (+workers, +guilders, discounts)."""
    return sum(p.effect.amount for p in ongoing(player, kind))


def recruit_discounters(player: Player, recruit: Person) -> tuple[Person, ...]:
    """The player's persons that take something off ``recruit``'s cost: those discounting
    any person and those discounting its colour."""
    return tuple(
        p
        for p in ongoing(player, EffectKind.RECRUIT_DISCOUNT)
        if p.effect.colour in (None, recruit.colour)
    )


def recruit_discount(player: Player, recruit: Person) -> int:
    """Discounts on ``recruit`` (``recruit_discounters``), added up."""
    return sum(p.effect.amount for p in recruit_discounters(player, recruit))


def is_immune(player: Player, colour: Colour) -> bool:
    """A protector keeps every threat marker of its colour away from its owner (our cards:
    ``THREAT_IMMUNITY``; docs/rules/bruges.md, item 5)."""
    return any(p.effect.colour is colour for p in ongoing(player, EffectKind.THREAT_IMMUNITY))


def builds_houses_free(player: Player) -> bool:
    return bool(ongoing(player, EffectKind.HOUSE_NO_WORKER))


def triggered(player: Player, seat: int, kind: EffectKind, times: int = 1) -> tuple[Payout, ...]:
    """One payout per ongoing ``kind`` trigger of the player (``times`` over)."""
    if times <= 0:
        return ()
    if kind in GUILDER_TRIGGERS:
        return tuple(
            Payout(seat, p.id, guilders=p.effect.amount * times) for p in ongoing(player, kind)
        )
    return tuple(Payout(seat, p.id, vp=p.effect.amount * times) for p in ongoing(player, kind))
