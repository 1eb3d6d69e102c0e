"""Counting and final scoring (bruges-data.md §3.7; seed: End-Game Scoring).

decide uses these and writes the results into events; evolve never calls them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence, Sized
from typing import Protocol

from games.bruges.catalogue import (
    HOUSE_VP,
    REPUTATION_VP,
    Activation,
    Basis,
    Effect,
    EffectKind,
    Person,
)
from games.bruges.events import SeatScore
from games.bruges.persons import person
from games.bruges.rulesets import ruleset_of
from games.bruges.state import Player, State
from games.core.rules_kit import places_by_key


class Holdings(Protocol):
    """What a ``*_PER`` effect's basis counts besides persons, as a player's state holds it
    and as a view of that player shows it (the bots count from views)."""

    @property
    def houses(self) -> Sized: ...
    @property
    def canal(self) -> Iterable[int]: ...
    @property
    def reputation(self) -> int: ...
    @property
    def majorities(self) -> Sized: ...
    @property
    def statues(self) -> Sized: ...
    @property
    def workers(self) -> Iterable[int]: ...
    @property
    def guilders(self) -> int: ...
    @property
    def threats(self) -> Iterable[int]: ...


class Standing(Holdings, Protocol):
    """What the end-game scoring reads of a seat besides its persons: its holdings and its
    points on the track, as a player's state holds them and as any view of that player shows
    them (all of it public, docs/rules/bruges.md item 24), so that a board can score a view
    with the rules' own scoring."""

    @property
    def score(self) -> int: ...
    @property
    def statues(self) -> Collection[int]: ...


def units(player: Player, effect: Effect) -> int:
    """How many of the effect's ``basis`` the player has: what a "per" effect counts
    (bruges-data.md §1.6; the persons and their effects are the project's, ``persons.py``)."""
    return basis_count(effect, [person(card) for card in player.persons], player)


def basis_count(effect: Effect, persons: Sequence[Person], holdings: Holdings) -> int:
    """How many of the effect's ``basis`` a player with ``persons`` in play and ``holdings``
    has; 0 for an effect that counts nothing."""
    match effect.basis:
        case Basis.HOUSES:
            return len(holdings.houses)
        case Basis.PERSONS:
            return len(persons)
        case Basis.GROUP:
            return sum(p.group is effect.group for p in persons)
        case Basis.COLOUR:
            return sum(p.colour is effect.colour for p in persons)
        case Basis.DISTINCT_GROUPS:
            return len({p.group for p in persons})
        case Basis.DISTINCT_COLOURS:
            return len({p.colour for p in persons})
        case _:
            return _holdings(holdings, effect.basis)


def _holdings(holdings: Holdings, basis: Basis | None) -> int:
    match basis:
        case Basis.CANAL_TOKENS:
            return sum(holdings.canal)
        case Basis.REPUTATION:
            return holdings.reputation
        case Basis.MAJORITIES:
            return len(holdings.majorities)
        case Basis.STATUES:
            return len(holdings.statues)
        case Basis.WORKERS:
            return sum(holdings.workers)
        case Basis.GUILDERS:
            return holdings.guilders
        case Basis.THREATLESS:
            return int(sum(holdings.threats) == 0)
        case _:
            return 0


def per_amount(player: Player, effect: Effect) -> int:
    """``amount`` for every full ``per`` units of the basis."""
    return for_every(effect, units(player, effect))


def for_every(effect: Effect, count: int) -> int:
    """``amount`` for every full ``per`` of ``count`` units."""
    return effect.amount * (count // max(1, effect.per))


def laurels(player: Player) -> int:
    """The end-game persons' VP (laurel icon), each counting its basis at the end (seed:
    End-Game Scoring 4; bruges-data.md §1.3 and §3.7 item 3; docs/rules/bruges.md, item 30)."""
    return laurels_of([person(card) for card in player.persons], player)


def laurels_of(persons: Sequence[Person], holdings: Holdings) -> int:
    """``laurels`` of a seat with ``persons`` in play and ``holdings``."""
    return sum(
        for_every(p.effect, basis_count(p.effect, persons, holdings))
        for p in persons
        if p.activation is Activation.ENDGAME and p.effect.kind is EffectKind.VP_PER
    )


def canal_end_vp(ruleset: str, canal: Iterable[int]) -> int:
    """Published: 3 VP for each section whose third space is built (seed: scored when built)."""
    board = ruleset_of(ruleset).canal
    return sum(sum(board.end_vp[:tokens]) for tokens in canal)


def score_seat(state: State, seat: int) -> SeatScore:
    """Seed: End-Game Scoring, completed by bruges-data.md §3.7."""
    player = state.players[seat]
    return end_score(state.ruleset, seat, player, [person(card) for card in player.persons])


def end_score(ruleset: str, seat: int, standing: Standing, persons: Sequence[Person]) -> SeatScore:
    """The end-game scoring of a seat with ``standing`` and ``persons`` in play under
    ``ruleset`` (seed: End-Game Scoring, completed by bruges-data.md §3.7): ``score_seat``'s,
    and a board's score of a view "if the game ended now"."""
    parts = (
        standing.score,
        sum(p.points for p in persons),
        HOUSE_VP * len(standing.houses),
        laurels_of(persons, standing),
        ruleset_of(ruleset).majority_vp * len(standing.majorities),
        canal_end_vp(ruleset, standing.canal),
        sum(standing.statues),
        REPUTATION_VP[standing.reputation],
    )
    return SeatScore(seat, *parts, total=sum(parts), guilders=standing.guilders)


def final_scores(state: State) -> tuple[SeatScore, ...]:
    """Every seat's final score, in seat order (seed: End-Game Scoring; docs/rules/bruges.md,
    item 21)."""
    return tuple(score_seat(state, seat) for seat in range(state.seats))


def places(scores: Sequence[SeatScore]) -> tuple[int, ...]:
    """Most VP wins; ties go to most guilders; seats still level share the place."""
    return places_by_key([(s.total, s.guilders) for s in scores])
