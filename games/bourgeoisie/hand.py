"""The hand: selling cards for silver (seed: CAPITAL PHASE) and discarding down to the limit
(seed: END PHASE). The ``require_*`` checks are shared by decide and legal_actions."""

from __future__ import annotations

from games.bourgeoisie.catalogue import HAND_LIMIT, Phase, card
from games.bourgeoisie.errors import HandWithinLimitError
from games.bourgeoisie.state import State, player_at
from games.bourgeoisie.turns import is_over_hand_limit, require_in_hand, require_phase


def require_sell(state: State, seat: int, card_id: int) -> int:
    """Seed: CAPITAL PHASE. Any card in hand may be discarded for silver equal to its value;
    Events have no value and sell for 0 (notes §4.7). Returns the silver gained."""
    require_phase(state, Phase.CAPITAL)
    require_in_hand(player_at(state, seat), card_id)
    return sale_value(card_id)


def sale_value(card_id: int) -> int:
    """Seed: CAPITAL PHASE, a card discarded from the hand gains silver equal to its value:
    its printed value, 0 for an Event (notes §4.7)."""
    return card(card_id).value


def require_discard(state: State, seat: int, card_id: int) -> None:
    """Seed: END PHASE. A hand above seven cards discards, one card at a time, cards its
    owner chooses (notes §4.13)."""
    require_phase(state, Phase.END)
    player = player_at(state, seat)
    if not is_over_hand_limit(player):
        raise HandWithinLimitError(f"your hand is within the limit of {HAND_LIMIT}")
    require_in_hand(player, card_id)
