"""Counting and final scoring (bruges-data.md §3.7; seed: End-Game Scoring).

decide uses these and writes the results into events; evolve never calls them.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bruges.catalogue import (
    HOUSE_VP,
    REPUTATION_VP,
    Activation,
    Basis,
    Effect,
    EffectKind,
)
from games.bruges.events import SeatScore
from games.bruges.persons import person
from games.bruges.rulesets import ruleset_of
from games.bruges.state import Player, State
from games.core.rules import Outcome


def units(player: Player, effect: Effect) -> int:
    """How many of the effect's ``basis`` the player has."""
    persons = [person(card) for card in player.persons]
    match effect.basis:
        case Basis.HOUSES:
            return len(player.houses)
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
            return _holdings(player, effect.basis)


def _holdings(player: Player, basis: Basis | None) -> int:
    match basis:
        case Basis.CANAL_TOKENS:
            return sum(player.canal)
        case Basis.REPUTATION:
            return player.reputation
        case Basis.MAJORITIES:
            return len(player.majorities)
        case Basis.STATUES:
            return len(player.statues)
        case Basis.WORKERS:
            return sum(player.workers)
        case Basis.GUILDERS:
            return player.guilders
        case Basis.THREATLESS:
            return int(sum(player.threats) == 0)
        case _:
            return 0


def per_amount(player: Player, effect: Effect) -> int:
    """``amount`` for every full ``per`` units of the basis."""
    return effect.amount * (units(player, effect) // max(1, effect.per))


def laurels(player: Player) -> int:
    """The end-game persons' VP (laurel icon)."""
    return sum(
        per_amount(player, p.effect)
        for p in (person(card) for card in player.persons)
        if p.activation is Activation.ENDGAME and p.effect.kind is EffectKind.VP_PER
    )


def canal_end_vp(state: State, player: Player) -> int:
    """Published: 3 VP for each section whose third space is built (seed: scored when built)."""
    board = ruleset_of(state.ruleset).canal
    return sum(sum(board.end_vp[:tokens]) for tokens in player.canal)


def score_seat(state: State, seat: int) -> SeatScore:
    """Seed: End-Game Scoring, completed by bruges-data.md §3.7."""
    player = state.players[seat]
    parts = (
        player.score,
        sum(person(card).points for card in player.persons),
        HOUSE_VP * len(player.houses),
        laurels(player),
        ruleset_of(state.ruleset).majority_vp * len(player.majorities),
        canal_end_vp(state, player),
        sum(player.statues),
        REPUTATION_VP[player.reputation],
    )
    return SeatScore(seat, *parts, total=sum(parts), guilders=player.guilders)


def final_scores(state: State) -> tuple[SeatScore, ...]:
    return tuple(score_seat(state, seat) for seat in range(state.seats))


def places(scores: Sequence[SeatScore]) -> tuple[int, ...]:
    """Most VP wins; ties go to most guilders; seats still level share the place."""
    keys = [(s.total, s.guilders) for s in scores]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def outcome(state: State) -> Outcome | None:
    """Final VP and places, as recorded by ``GameEnded``; None while the game runs."""
    if not state.finished:
        return None
    return Outcome(scores=state.scores, places=state.places)
