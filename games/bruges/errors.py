"""Why the rules refuse a Bruges action: one RuleError subclass per violated rule.

Each carries a machine-readable ``reason`` (games.core.errors). Messages speak only of what the
acting seat may know ("that card is not in your hand"), never of another hand or a pile.
"""

from __future__ import annotations

from games.core.errors import RuleError


class NotStartedError(RuleError):
    reason = "NOT_STARTED"


class WrongPhaseError(RuleError):
    """The action belongs to another phase or step of the round."""

    reason = "WRONG_PHASE"


class PendingDecisionError(RuleError):
    """A disaster's loss or a person's extra draws must be settled first."""

    reason = "PENDING_DECISION"


class CardNotInHandError(RuleError):
    reason = "CARD_NOT_IN_HAND"


class PileEmptyError(RuleError):
    reason = "PILE_EMPTY"


class AlreadyPlayedError(RuleError):
    """One card per turn (seed: Phase 3)."""

    reason = "ALREADY_PLAYED"


class NotPlayedYetError(RuleError):
    """A turn ends only after its card play."""

    reason = "NOT_PLAYED_YET"


class NotEnoughGuildersError(RuleError):
    reason = "NOT_ENOUGH_GUILDERS"


class NoWorkerError(RuleError):
    """The worker a house or an activation costs is missing."""

    reason = "NO_WORKER"


class NoThreatError(RuleError):
    """There is no threat marker of that colour to discard."""

    reason = "NO_THREAT"


class CanalError(RuleError):
    """The canal space cannot be built: section full, unknown, or of another colour."""

    reason = "CANAL_UNAVAILABLE"


class HouseUnavailableError(RuleError):
    """The house named is not one of your empty houses (or, in the default ruleset, is of
    another colour than the person)."""

    reason = "HOUSE_UNAVAILABLE"


class PersonUnavailableError(RuleError):
    """The person is not yours, not activatable, or already used this round."""

    reason = "PERSON_UNAVAILABLE"


class BadChoiceError(RuleError):
    """The choice does not answer the effect's question."""

    reason = "BAD_CHOICE"


class ReputationTopError(RuleError):
    reason = "REPUTATION_TOP"


class BadLossError(RuleError):
    """That loss is not one the disaster allows."""

    reason = "BAD_LOSS"
