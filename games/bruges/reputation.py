"""The reputation track (seed: Phase 2 step 2; bruges-data.md §2.3).

In turn order each player may pay the sum of the dice showing 1 or 2 to climb one step; with
no such die the step is free (docs/rules/bruges.md, item 6). Persons may also lift a pawn;
it never passes 12.
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import REPUTATION_DICE, REPUTATION_TOP, EffectKind, Phase, TurnStep
from games.bruges.errors import NotEnoughGuildersError, ReputationTopError, WrongPhaseError
from games.bruges.events import Payout
from games.bruges.passive import boost, triggered
from games.bruges.state import State, player_at
from games.bruges.turns import require_phase


def base_cost(state: State) -> int:
    """The sum of the dice showing 1 or 2, 0 when none does (seed: Phase 2 step 2;
    docs/rules/bruges.md, item 6)."""
    return sum(d for d in state.dice if d in REPUTATION_DICE)


def reputation_cost(state: State, seat: int) -> int:
    """What ``seat`` pays for its step this round: ``base_cost`` less its persons' discounts
    (our cards: ``REPUTATION_DISCOUNT``), never below 0 (seed: Phase 2 step 2)."""
    discount = boost(player_at(state, seat), EffectKind.REPUTATION_DISCOUNT)
    return max(0, base_cost(state) - discount)


def can_advance(state: State, seat: int) -> bool:
    """True when ``seat`` is below the top step, 12, and can pay; otherwise it is passed over
    (bruges-data.md §2.3; docs/rules/bruges.md, items 6 and 7)."""
    player = player_at(state, seat)
    return player.reputation < REPUTATION_TOP and player.guilders >= reputation_cost(state, seat)


def require_reputation_turn(state: State) -> None:
    """The decision is the active seat's, once per round (seed: Phase 2 step 2; bruges-data.md
    §2.3, "once per round, in Phase 2, each player in turn order")."""
    require_phase(state, Phase.REPUTATION)
    if state.step is not TurnStep.STARTED:
        raise WrongPhaseError("you have already decided on your reputation this round")


def require_advance(state: State, seat: int) -> int:
    """Seed: Phase 2 step 2. Returns the guilders to pay."""
    require_reputation_turn(state)
    player = player_at(state, seat)
    if player.reputation >= REPUTATION_TOP:
        raise ReputationTopError(f"your pawn is on the top step ({REPUTATION_TOP})")
    cost = reputation_cost(state, seat)
    if player.guilders < cost:
        raise NotEnoughGuildersError(f"the step costs {cost} guilders")
    return cost


def climbed(batch: Batch, seat: int, steps: int) -> None:
    """A pawn climbed ``steps``: every reputation trigger of the seat fires once per step."""
    batch.add(*triggered(player_at(batch.state, seat), seat, EffectKind.ON_REPUTATION_VP, steps))


def climb(batch: Batch, seat: int, steps: int, person: int) -> None:
    """A person lifts ``seat``'s pawn up to ``steps`` steps, never past the top."""
    steps = min(steps, REPUTATION_TOP - player_at(batch.state, seat).reputation)
    if steps > 0:
        batch.add(Payout(seat, person, reputation=steps))
        climbed(batch, seat, steps)
