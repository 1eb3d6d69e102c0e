"""Why the rules refuse a Bourgeoisie action: one RuleError subclass per violated rule.

Each carries a machine-readable ``reason`` (games.core.errors). Messages speak only of what the
acting seat may know: "that card is not in your hand", never another hand or the deck.
"""

from __future__ import annotations

from games.core.errors import RuleError


class NotStartedError(RuleError):
    """The opening has not been played yet."""

    reason = "NOT_STARTED"


class WrongPhaseError(RuleError):
    """The action belongs to another phase of the turn."""

    reason = "WRONG_PHASE"


class CardNotInHandError(RuleError):
    """The card named is not in the acting seat's hand."""

    reason = "CARD_NOT_IN_HAND"


class WrongCardKindError(RuleError):
    """The card is of a kind this action cannot use (e.g. placing a Land as a Trade)."""

    reason = "WRONG_KIND"


class NoFamilyError(RuleError):
    """Trade and Investments need a current (unretired) family in play."""

    reason = "NO_FAMILY"


class FamilyInPlayError(RuleError):
    """At most one unretired family in play at a time."""

    reason = "FAMILY_IN_PLAY"


class TradeInPlayError(RuleError):
    """A family may have at most one Trade ("Profession") card in play."""

    reason = "TRADE_IN_PLAY"


class NeedsTradeError(RuleError):
    """Land and Bond cards need a Trade in play with the current family."""

    reason = "NEEDS_TRADE"


class NeedsLandError(RuleError):
    """An Office needs at least one Land in play with the current family."""

    reason = "NEEDS_LAND"


class TooManyOfficesError(RuleError):
    """A family may not have more Offices than Lands in play."""

    reason = "TOO_MANY_OFFICES"


class BadVoucherError(RuleError):
    """The card offered as payment does not count as gold for this kind of card."""

    reason = "BAD_VOUCHER"


class NotEnoughGoldError(RuleError):
    """The gold in hand (after vouchers) does not cover the price."""

    reason = "NOT_ENOUGH_GOLD"


class SlotEmptyError(RuleError):
    """There is no card in that slot of the opportunity track."""

    reason = "SLOT_EMPTY"


class NotEnoughOpportunityError(RuleError):
    """The slot costs more opportunity tokens than the seat has."""

    reason = "NOT_ENOUGH_OPPORTUNITY"


class BadTargetError(RuleError):
    """The target named is missing, not needed, or not a legal target for that Event."""

    reason = "BAD_TARGET"


class CannotRetireError(RuleError):
    """Retiring needs an Office and 30+ silver of revenue."""

    reason = "CANNOT_RETIRE"


class HandOverLimitError(RuleError):
    """The End phase cannot finish while the hand holds more than seven cards."""

    reason = "HAND_OVER_LIMIT"


class HandWithinLimitError(RuleError):
    """Cards are discarded in the End phase only from a hand above the limit."""

    reason = "HAND_WITHIN_LIMIT"
