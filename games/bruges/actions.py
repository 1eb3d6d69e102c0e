"""Bruges commands: what a seat may ask for, one decision at a time.

Card ids index ``persons.PERSONS``. ``choice`` answers the one question some person effects
ask (which colour of worker to gain, which colour of threat to discard); it is None for every
other effect.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bruges.catalogue import Colour


@dataclass(frozen=True)
class DrawCard:
    """Take the top card of draw pile 0 or 1 (seed: Phase 1; also a person's extra draws)."""

    pile: int


@dataclass(frozen=True)
class AdvanceReputation:
    """Phase 2, step 2: pay the sum of the dice showing 1 or 2 to climb one step."""


@dataclass(frozen=True)
class DeclineReputation:
    """Phase 2, step 2: stay where you are."""


@dataclass(frozen=True)
class TakeWorkers:
    """Action I: play ``card`` for 2 workers of its colour."""

    card: int


@dataclass(frozen=True)
class TakeGuilders:
    """Action II: play ``card`` for guilders equal to the die of its colour."""

    card: int


@dataclass(frozen=True)
class DiscardThreat:
    """Action III: play ``card`` to return 1 threat marker of its colour."""

    card: int


@dataclass(frozen=True)
class BuildCanal:
    """Action IV: play ``card`` to build the next canal space of ``section`` (always 0 under
    the default ruleset's single canal; 0 or 1 under the published two sections)."""

    card: int
    section: int = 0


@dataclass(frozen=True)
class BuildHouse:
    """Action V: play ``card`` face down as a house, paying 1 worker of its colour."""

    card: int


@dataclass(frozen=True)
class RecruitPerson:
    """Action VI: play ``card`` as a person into your empty house number ``house`` (counted
    from 0 in building order; a house is face down, so it is named by place, not by card),
    paying its cost; ``choice`` answers its immediate effect's question, if any."""

    card: int
    house: int
    choice: Colour | None = None


@dataclass(frozen=True)
class ActivatePerson:
    """Phase 3, before or after the card play: use a worker-activated or free ongoing person
    once this round."""

    person: int
    choice: Colour | None = None


@dataclass(frozen=True)
class EndTurn:
    """Finish the turn after the card play (only offered while a person could still act)."""


@dataclass(frozen=True)
class LosePerson:
    """A disaster: discard this person from your play area (its house stays)."""

    card: int


@dataclass(frozen=True)
class LoseWorker:
    """A disaster (seed's yellow): return one worker of this colour."""

    colour: Colour


@dataclass(frozen=True)
class LoseHouse:
    """A disaster (published red): discard your house number ``house``; its person goes back
    to your hand."""

    house: int


@dataclass(frozen=True)
class LoseCanalToken:
    """A disaster: remove the last token of this canal section."""

    section: int


Action = (
    DrawCard
    | AdvanceReputation
    | DeclineReputation
    | TakeWorkers
    | TakeGuilders
    | DiscardThreat
    | BuildCanal
    | BuildHouse
    | RecruitPerson
    | ActivatePerson
    | EndTurn
    | LosePerson
    | LoseWorker
    | LoseHouse
    | LoseCanalToken
)
ACTION_TYPES: tuple[type, ...] = (
    DrawCard,
    AdvanceReputation,
    DeclineReputation,
    TakeWorkers,
    TakeGuilders,
    DiscardThreat,
    BuildCanal,
    BuildHouse,
    RecruitPerson,
    ActivatePerson,
    EndTurn,
    LosePerson,
    LoseWorker,
    LoseHouse,
    LoseCanalToken,
)
