"""Pure arithmetic of Bourgeoisie: card values with upgrades, revenue, prestige and places.

decide uses these and writes the results into events; evolve never calls them. The views and
the replay's score chart use them too, for the points each seat would score were the game to
end now.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bourgeoisie.catalogue import (
    EXTRA_RETIRED_FAMILY_BONUS,
    RETIRED_WITHOUT_OFFICE_PENALTY,
    card,
)
from games.bourgeoisie.events import FamilyScore, SeatScore
from games.bourgeoisie.state import Family, Player, State
from games.core.rules_kit import places_by_key

RETIREMENT_BONUS_RULE = f"{EXTRA_RETIRED_FAMILY_BONUS} PP for each retired family after the first"
"""The end-game bonus for retired families in words (seed: END GAME SCORING), as the boards
show it beside its points (``SeatScore.retirement_bonus``)."""


def card_value(family: Family, card_id: int) -> int:
    """Printed value plus one per upgrade token on it (seed: UPGRADE TOKENS)."""
    return card(card_id).value + family.upgrades_on(card_id)


def revenue(family: Family | None) -> int:
    """Silver per turn: the combined value of every card of the current family (seed: REVENUE
    PHASE). No current family earns nothing (notes §4.3)."""
    if family is None:
        return 0
    return sum(card_value(family, c) for c in family.cards)


def score_family(family: Family, retired: bool) -> FamilyScore:
    """Seed: END GAME SCORING. Lands and Offices score their value (with upgrades) plus their
    printed +PP; a retired family without an Office loses 5."""
    lands = sum(card_value(family, c) for c in family.lands)
    offices = sum(card_value(family, c) for c in family.offices)
    prestige = sum(card(c).prestige for c in (*family.lands, *family.offices))
    # The penalty names only retired families; a current family without an Office is spared.
    penalty = RETIRED_WITHOUT_OFFICE_PENALTY if retired and not family.offices else 0
    total = lands + offices + prestige - penalty
    return FamilyScore(family.family, retired, lands, offices, prestige, penalty, total)


def score_seat(seat: int, player: Player) -> SeatScore:
    """Every family of the seat, retired and current, plus +5 per retired family after the
    first (seed: END GAME SCORING)."""
    families = tuple(score_family(f, retired=True) for f in player.retired)
    if player.family is not None:
        families += (score_family(player.family, retired=False),)
    bonus = EXTRA_RETIRED_FAMILY_BONUS * max(0, len(player.retired) - 1)
    total = sum(f.total for f in families) + bonus
    return SeatScore(seat, families, bonus, total, player.gold, player.silver)


def final_scores(state: State) -> tuple[SeatScore, ...]:
    """Every seat's final score, in seat order."""
    return tuple(score_seat(seat, player) for seat, player in enumerate(state.players))


def points_if_ended_now(state: State) -> tuple[int, ...]:
    """Each seat's prestige points by the end-game scoring were the game to end now, by seat
    (seed: END GAME SCORING: the same ``score_seat`` that scores the last turn); once the game
    is over, the final scores its last event recorded. Everything scored (families in play,
    retired families, upgrade tokens) is public, so every view shows these points
    (``views.score_if_ended_now``)."""
    return state.scores or tuple(score.total for score in final_scores(state))


def ranking_key(score: SeatScore) -> tuple[int, int, int]:
    """Most prestige wins; ties go to most gold, then most silver (notes §4.16)."""
    return (score.total, score.gold, score.silver)


def places(scores: Sequence[SeatScore]) -> tuple[int, ...]:
    """Place of every seat: 1 + the number of seats ranked strictly ahead, so seats still
    level after the tie-break share a place."""
    return places_by_key([ranking_key(s) for s in scores])
