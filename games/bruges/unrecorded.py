"""What the game does by itself that no event records, said in the log (``RULES.unrecorded``).

In Phase 2 a seat that cannot climb the reputation track is passed over without an event of
its own (``progress``): the stream holds its turn beginning (``TurnBegan``, or ``PhaseBegan``
for the first seat) and then the next seat's turn or the actions phase. The state its turn
began in says why, so the log line of that event says so too.
"""

from __future__ import annotations

from games.bruges.catalogue import REPUTATION_TOP, Phase, TurnStep
from games.bruges.reputation import can_advance, reputation_cost
from games.bruges.state import State, player_at
from games.core.wording import counted


def unrecorded(state: State) -> str:
    """Why the active seat is passed over on the reputation track, when the event ``state``
    follows from began a reputation turn it cannot take: its pawn is on the top step, or it
    cannot pay (seed: Phase 2 step 2; bruges-data.md §2.3; docs/rules/bruges.md, items 6 and
    7); "" otherwise. Guilders and reputation are public, so this reveals nothing."""
    if not _reputation_turn_begun(state) or can_advance(state, state.active):
        return ""
    seat, player = state.active, player_at(state, state.active)
    if player.reputation >= REPUTATION_TOP:
        return (
            f"seat {seat}'s pawn is on the top reputation step, {REPUTATION_TOP}, and stays there"
        )
    cost = counted(reputation_cost(state, seat), "guilder")
    return (
        f"seat {seat} cannot pay the {cost} its reputation step costs (it has "
        f"{player.guilders}) and stays on step {player.reputation}"
    )


def _reputation_turn_begun(state: State) -> bool:
    """The active seat's reputation turn has begun and nothing else comes first (a loss to
    choose, threat dice held back): the state in which ``progress`` decides whether it waits
    for the seat or passes it over."""
    return (
        not state.finished
        and state.phase is Phase.REPUTATION
        and state.step is TurnStep.STARTED
        and not state.pending
        and not state.threat_dice
    )
