"""Whose decision it is, which phase it is, and the checks every action shares.

Used by both decide and legal_actions, so the two cannot drift apart (docs/architecture.md §4).
"""

from __future__ import annotations

from games.bourgeoisie.catalogue import HAND_LIMIT, PHASE_ORDER, CardKind, Phase, card
from games.bourgeoisie.errors import (
    CardNotInHandError,
    HandOverLimitError,
    NoFamilyError,
    NotStartedError,
    WrongCardKindError,
    WrongPhaseError,
)
from games.bourgeoisie.state import Family, Player, State
from games.core.errors import GameOverError, NotYourTurnError

OPTIONAL_PHASES = frozenset(
    {Phase.FAMILY, Phase.OPPORTUNITY, Phase.CAPITAL, Phase.INVESTMENT, Phase.NOBLEMENT}
)
"""Phases whose choices a seat may decline with EndPhase. The End phase's discards are not
optional, and the other phases are automatic."""


def turn_number(state: State) -> int:
    """The turn in progress, counted over all seats from 1; 0 until the opening begins the
    first (seed: TURN SEQUENCE). A turn begins with its ``TurnBegan``, which the previous
    turn's last action brings about, so the rest of that action's events (the steps of the new
    turn that run by themselves, such as Revenue and Fate) already belong to the new turn."""
    return state.turn


def to_act(state: State) -> int | None:
    """The seat whose decision the game waits for; None before the opening and once over."""
    if state.finished or state.turn == 0:
        return None
    return state.active


def require_to_act(state: State, seat: int) -> None:
    """Raise unless the game is running and it is ``seat``'s turn (seed: TURN SEQUENCE)."""
    if state.finished:
        raise GameOverError("the game is over")
    if state.turn == 0:
        raise NotStartedError("the game has not started yet")
    if seat != state.active:
        raise NotYourTurnError(f"it is seat {state.active}'s turn")


def require_phase(state: State, phase: Phase) -> None:
    """Raise unless the turn is in ``phase``."""
    if state.phase is not phase:
        raise WrongPhaseError(
            f"this is allowed in the {phase.value} phase, not {state.phase.value}"
        )


def require_in_hand(player: Player, card_id: int) -> None:
    """Raise unless the card is in the player's hand."""
    if card_id not in player.hand:
        raise CardNotInHandError("that card is not in your hand")


def require_kind(card_id: int, *kinds: CardKind) -> None:
    """Raise unless the card is one of ``kinds``."""
    if card(card_id).kind not in kinds:
        wanted = " or ".join(kind.value for kind in kinds)
        raise WrongCardKindError(f"{card(card_id).name} is not a {wanted} card")


def require_family(player: Player) -> Family:
    """The current family; raises when none is in play (seed: FAMILY PHASE)."""
    if player.family is None:
        raise NoFamilyError("you have no family in play")
    return player.family


def is_over_hand_limit(player: Player) -> bool:
    """True while the hand holds more than seven cards (seed: END PHASE)."""
    return len(player.hand) > HAND_LIMIT


def require_end_phase(state: State) -> None:
    """EndPhase declines the current phase's options; the End phase itself cannot be skipped
    while the hand is above the limit."""
    if state.phase is Phase.END:
        raise HandOverLimitError(f"discard down to {HAND_LIMIT} cards first")
    if state.phase not in OPTIONAL_PHASES:
        raise WrongPhaseError(f"the {state.phase.value} phase has nothing to end")


def next_phase(phase: Phase) -> Phase:
    """The phase after ``phase`` (the End phase is followed by the next seat's turn)."""
    return PHASE_ORDER[min(PHASE_ORDER.index(phase) + 1, len(PHASE_ORDER) - 1)]
