"""Every action a seat may take now, in a stable order (docs/architecture.md §4).

Candidates are filtered through the very ``require_*`` checks decide uses, so an action is
listed here exactly when decide accepts it.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.bruges.actions import (
    Action,
    AdvanceReputation,
    BuildCanal,
    BuildHouse,
    DeclineReputation,
    DiscardThreat,
    DrawCard,
    EndTurn,
    RecruitPerson,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.activation import activations
from games.bruges.canal import board, require_canal
from games.bruges.catalogue import Activation, Phase, TurnStep
from games.bruges.disasters import loss_action, offered_losses
from games.bruges.draw import drawable, require_draw
from games.bruges.effects import effect_choices
from games.bruges.persons import person
from games.bruges.plays import (
    require_discard_threat,
    require_house,
    require_recruit,
    require_take_guilders,
    require_take_workers,
)
from games.bruges.reputation import require_advance, require_reputation_turn
from games.bruges.state import PendingKind, State, player_at
from games.bruges.turns import to_act
from games.core.rules_kit import passes

__all__ = ["legal_actions"]


def legal_actions(state: State, seat: int) -> Iterator[Action]:
    """The actions ``seat`` may take; nothing when the game is not waiting for it."""
    if to_act(state) != seat:
        return
    if state.pending:
        yield from _pending(state, seat)
        return
    match state.phase:
        case Phase.DRAW:
            yield from _draws(state, seat)
        case Phase.REPUTATION:
            if passes(require_advance, state, seat):
                yield AdvanceReputation()
            if passes(require_reputation_turn, state):
                yield DeclineReputation()
        case Phase.ACTIONS:
            yield from activations(state, seat)
            if state.step is TurnStep.STARTED:
                yield from _plays(state, seat)
            elif state.step is TurnStep.PLAYED:
                yield EndTurn()
        case _:
            return


def _pending(state: State, seat: int) -> Iterator[Action]:
    head = state.pending[0]
    if head.kind is PendingKind.DRAW:
        yield from _draws(state, seat)
        return
    for loss in offered_losses(state, seat):
        action = loss_action(loss)
        if action is not None:
            yield action


def _draws(state: State, seat: int) -> Iterator[Action]:
    for pile in drawable(state):
        if passes(require_draw, state, seat, pile):
            yield DrawCard(pile)


def _plays(state: State, seat: int) -> Iterator[Action]:
    """The six actions for each distinct card in hand, in card id order."""
    player = player_at(state, seat)
    for card in sorted(set(player.hand)):
        if passes(require_take_workers, state, seat, card):
            yield TakeWorkers(card)
        if passes(require_take_guilders, state, seat, card):
            yield TakeGuilders(card)
        if passes(require_discard_threat, state, seat, card):
            yield DiscardThreat(card)
        for section in range(board(state).sections):
            if passes(require_canal, state, seat, card, section):
                yield BuildCanal(card, section)
        if passes(require_house, state, seat, card):
            yield BuildHouse(card)
        yield from _recruits(state, seat, card)


def _recruits(state: State, seat: int, card: int) -> Iterator[Action]:
    recruit = person(card)
    immediate = recruit.activation is Activation.IMMEDIATE
    choices = effect_choices(state, seat, recruit.effect) if immediate else (None,)
    for house in range(len(player_at(state, seat).houses)):
        for choice in choices:
            if passes(require_recruit, state, seat, card, house, choice):
                yield RecruitPerson(card, house, choice)
