"""Activating persons on one's own Phase 3 turn, before or after the card play (seed: Person
types; bruges-data.md §1.3): a worker person costs one worker of its icon colour, a free
ongoing person costs nothing; each is turned and acts once per round."""

from __future__ import annotations

from collections.abc import Iterator

from games.bruges.actions import ActivatePerson
from games.bruges.batch import Batch
from games.bruges.catalogue import GAINS, Activation, Colour, Person
from games.bruges.effects import effect_choices, require_choice, resolve
from games.bruges.errors import NoWorkerError, PersonUnavailableError
from games.bruges.events import PersonActivated
from games.bruges.persons import person
from games.bruges.state import State, count_of, player_at
from games.bruges.turns import require_activation_window
from games.core.rules_kit import passes


def is_activatable(card: Person) -> bool:
    """Worker persons, and ongoing persons whose effect is a gain (kind a)."""
    if card.activation is Activation.WORKER:
        return True
    return card.activation is Activation.ONGOING and card.effect.kind in GAINS


def require_activate(state: State, seat: int, card: int, choice: Colour | None) -> Colour | None:
    """Returns the worker colour to pay (None for a free ongoing person)."""
    require_activation_window(state)
    player = player_at(state, seat)
    if card not in player.persons:
        raise PersonUnavailableError("that person is not in your play area")
    chosen = person(card)
    if not is_activatable(chosen):
        raise PersonUnavailableError(f"{chosen.name} has no ability to activate")
    if card in player.turned:
        raise PersonUnavailableError(f"{chosen.name} has already acted this round")
    worker = chosen.worker if chosen.activation is Activation.WORKER else None
    if worker is not None and not count_of(player.workers, worker):
        raise NoWorkerError(f"{chosen.name} needs a {worker.value} worker")
    require_choice(state, seat, chosen.effect, choice)
    return worker


def activate(
    batch: Batch, seat: int, card: int, worker: Colour | None, choice: Colour | None
) -> None:
    batch.add(PersonActivated(seat, card, worker))
    resolve(batch, seat, person(card), choice)


def activations(state: State, seat: int) -> Iterator[ActivatePerson]:
    """Every activation ``seat`` may make now, person by person in house order."""
    for card in player_at(state, seat).persons:
        for choice in effect_choices(state, seat, person(card).effect):
            if passes(require_activate, state, seat, card, choice):
                yield ActivatePerson(card, choice)


def can_activate(state: State, seat: int) -> bool:
    return next(activations(state, seat), None) is not None
