"""Whose decision it is, and which round of the game is in progress (seed: "Players then take
turns in order"; "each of five rounds"; data §2.6).

Used by decide, legal_actions and the views alike, so they cannot drift apart
(docs/architecture.md §4).
"""

from __future__ import annotations

from games.burgundy.catalogue import ROUNDS, phase_letter
from games.burgundy.errors import NotStartedError
from games.burgundy.state import State
from games.core.errors import GameOverError, NotYourTurnError


def to_act(state: State) -> int | None:
    """The seat whose decision the game waits for; None before the opening and once over."""
    if state.finished or state.phase == 0:
        return None
    return state.active


def require_to_act(state: State, seat: int) -> None:
    """Raise unless the game is running and it is ``seat``'s turn."""
    if state.finished:
        raise GameOverError("the game is over")
    if state.phase == 0:
        raise NotStartedError("the game has not started yet")
    if seat != state.active:
        raise NotYourTurnError(f"it is seat {state.active}'s turn")


def track_space(position: int) -> int:
    """The turn-order track's space a piece stands on, counted from 1 as the board prints it:
    every piece starts "on the first space of the turn order track" (seed), which the state
    holds as ``position`` 0, and each ship moves it one space on (data §2.6). The number every
    board and log line shows."""
    return position + 1


def turn_number(state: State) -> int:
    """The turn in progress, counted over the whole game from 1; 0 until the opening begins
    the first. Every round each seat takes one turn, in the round's order (seed: "players take
    turns in order"), so a game of n seats has 25 times n (docs/rules/burgundy.md, "Counting
    turns"). A turn begins with its ``TurnBegan``, which the previous turn's last action brings
    about (after the next round's ``RoundBegan`` and dice when that action ended a round)."""
    return state.turn


def round_number(state: State) -> int:
    """The round of the game in progress, 1..25; 0 until the opening begins the first. The
    game is five phases, A to E, "each of five rounds" (seed), so round ``r`` of phase ``p``
    is round ``5 * (p - 1) + r`` of the game: round 7 is phase B, round 2. The state's and the
    view's ``round`` is the round within the phase (1..5), which alone does not say which round
    of the game it is. Between a phase's ``PhaseBegan`` and its first ``RoundBegan`` (one batch)
    the last round of the phase before is still the one counted; after phase E it stays 25."""
    if state.phase == 0:
        return 0
    return ROUNDS * (state.phase - 1) + state.round


def round_name(state: State) -> str:
    """The round in progress as the board shows it, by its phase and its round within the
    phase ("phase B, round 2"); "" before the first round and between a phase's
    ``PhaseBegan`` and its first ``RoundBegan``."""
    if not (state.phase and state.round):
        return ""
    return f"phase {phase_letter(state.phase)}, round {state.round}"
