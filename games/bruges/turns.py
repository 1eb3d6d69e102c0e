"""Whose decision it is, and the checks every action shares (used by decide and legal_actions
alike, so the two cannot drift apart; docs/architecture.md §4)."""

from __future__ import annotations

from games.bruges.catalogue import PLAYS_PER_ROUND, Phase, TurnStep
from games.bruges.errors import (
    AlreadyPlayedError,
    CardNotInHandError,
    NotPlayedYetError,
    NotStartedError,
    PendingDecisionError,
    WrongPhaseError,
)
from games.bruges.state import Pending, PendingKind, Player, State, player_at
from games.core.errors import GameOverError, NotYourTurnError


def round_number(state: State) -> int:
    """The round in progress, counted from 1; 0 until the opening begins round 1 (seed: Turn
    Structure, "Each round has 4 phases"). A seat acts several times in one round (in Phase 3
    alone it has a turn for each of its four card plays), so a round is not a lap of turns.
    A round begins with its ``RoundBegan``, which the previous round's last action brings
    about; the final round (seed: Phase 1, extra draw pile trigger) stays the round in
    progress once its Phase 4 has ended the game."""
    return state.round


def turn_number(state: State) -> int:
    """The turn in progress, counted over the whole game from 1; 0 until the opening begins
    the first. A turn is one seat's draw in Phase 1, its reputation decision in Phase 2 (a seat
    that cannot climb is passed over in a turn of its own) or one card play in Phase 3 (seed:
    Turn Structure; docs/rules/bruges.md, "Counting turns"). It begins with its
    ``RoundBegan``, ``PhaseBegan`` or ``TurnBegan``, which the previous turn's last action
    brings about; a decision another seat owes while it runs (a disaster's loss) is part of
    it."""
    return state.turn


def to_act(state: State) -> int | None:
    """The one seat the game waits for: a pending decision's owner first, otherwise the seat
    whose turn it is; None before the opening and once the game is over."""
    if state.finished or state.phase in (Phase.SETUP, Phase.OVER):
        return None
    if state.pending:
        return state.pending[0].seat
    return state.active


def require_to_act(state: State, seat: int) -> None:
    """Raise unless the game runs and waits for ``seat``."""
    if state.finished:
        raise GameOverError("the game is over")
    if state.phase is Phase.SETUP:
        raise NotStartedError("the game has not started yet")
    if seat != to_act(state):
        raise NotYourTurnError(f"the game waits for seat {to_act(state)}")


def require_no_pending(state: State) -> None:
    if state.pending:
        raise PendingDecisionError("a disaster's loss or extra draws must be settled first")


def require_pending(state: State, kind: PendingKind) -> Pending:
    """The first pending decision, which must be of ``kind``."""
    if not state.pending or state.pending[0].kind is not kind:
        raise WrongPhaseError(f"no {kind.value} decision is pending")
    return state.pending[0]


def require_phase(state: State, phase: Phase) -> None:
    """Raise unless the round is in ``phase`` with nothing pending."""
    require_no_pending(state)
    if state.phase is not phase:
        raise WrongPhaseError(f"this belongs to the {phase.value} phase, not {state.phase.value}")


def require_in_hand(player: Player, card: int) -> None:
    if card not in player.hand:
        raise CardNotInHandError("that card is not in your hand")


def require_card_play(state: State, seat: int, card: int) -> Player:
    """Seed: Phase 3. One card per turn, four per round, from the hand."""
    require_phase(state, Phase.ACTIONS)
    if state.step is not TurnStep.STARTED:
        raise AlreadyPlayedError("you have already played a card this turn")
    player = player_at(state, seat)
    require_in_hand(player, card)
    return player


def require_activation_window(state: State) -> None:
    """Persons act on their owner's Phase 3 turn, before or after its card play
    (bruges-data.md §1.3, Timing)."""
    require_phase(state, Phase.ACTIONS)
    if state.step is TurnStep.DONE:
        raise WrongPhaseError("your turn is over")


def require_end_turn(state: State) -> None:
    """A Phase 3 turn ends only after its one card play (seed: Phase 3; docs/rules/bruges.md,
    item 18)."""
    require_phase(state, Phase.ACTIONS)
    if state.step is not TurnStep.PLAYED:
        raise NotPlayedYetError("play a card before ending your turn")


def can_play(player: Player) -> bool:
    """A seat takes a Phase 3 turn while it has plays left and a card to play."""
    return player.played < PLAYS_PER_ROUND and bool(player.hand)
