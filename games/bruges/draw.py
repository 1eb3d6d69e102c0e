"""Phase 1 and the draw piles (seed: Phase 1; bruges-data.md §3.2, §3.6).

Each player in turn draws one card at a time, choosing the pile by the colour of its top card's
back, until the hand holds five; a pile that runs out is replaced at once by the extra pile,
which makes this round the last (seed: "The round in which this happens is the final round").
Under the published rules only, a pile a person's effect emptied in Phase 3 makes the next
round the last instead (bruges-data.md §3.6, the exception). With the extra pile gone, the
other pile is split in two.
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import HAND_SIZE, EffectKind, Phase
from games.bruges.errors import PileEmptyError, WrongPhaseError
from games.bruges.events import CardDrawn, ExtraPileOpened, HandLookedAt, PileSplit
from games.bruges.passive import triggered
from games.bruges.rulesets import ruleset_of
from games.bruges.state import PendingKind, State, player_at
from games.bruges.turns import require_phase


def drawable(state: State) -> tuple[int, ...]:
    """The piles with a card on them."""
    return tuple(i for i, pile in enumerate(state.piles) if pile)


def wants_cards(state: State, seat: int) -> bool:
    """True while ``seat``'s Phase 1 hand (seen and unseen) is short of five."""
    player = player_at(state, seat)
    return len(player.hand) + len(player.fresh) < HAND_SIZE


def is_effect_draw(state: State) -> bool:
    """True when the draw owed is a person's (pending), not Phase 1's."""
    return bool(state.pending) and state.pending[0].kind is PendingKind.DRAW


def require_draw(state: State, seat: int, pile: int) -> bool:
    """Seed: Phase 1, or a person's extra draws. Returns True for an effect draw."""
    effect = is_effect_draw(state)
    if not effect:
        require_phase(state, Phase.DRAW)
        if not wants_cards(state, seat):
            raise WrongPhaseError(f"your hand already holds {HAND_SIZE} cards")
    if not state.piles[pile]:
        raise PileEmptyError(f"draw pile {pile} is empty")
    return effect


def draw(batch: Batch, seat: int, pile: int, effect: bool) -> None:
    """Take the top card of ``pile``; replace the pile at once if that emptied it."""
    card = batch.state.piles[pile][0]
    batch.add(CardDrawn(seat, pile, card, effect))
    if not batch.state.piles[pile]:
        _refill(batch, pile, effect)


def _refill(batch: Batch, pile: int, effect: bool) -> None:
    state = batch.state
    if state.extra:
        # The seed makes the round in which the pile empties the last, however it emptied;
        # the published exception (bruges-data.md §3.6) defers it a round when a person's
        # Phase 3 draw emptied it (docs/rules/bruges.md, item 4).
        later = effect and ruleset_of(state.ruleset).effect_emptied_pile_ends_next_round
        batch.add(ExtraPileOpened(pile, state.round + 1 if later else state.round))
        return
    other = state.piles[1 - pile]
    if len(other) >= 2:
        batch.add(PileSplit(pile, len(other) // 2))


def finish_drawing(batch: Batch, seat: int) -> None:
    """The seat's Phase 1 draw is over: it picks up its cards. Hand triggers fire only for a
    complete hand ("whenever your Phase 1 hand is complete"); a hand left short because every
    card is gone is not (docs/rules/bruges.md, item 3)."""
    batch.add(HandLookedAt(seat))
    player = player_at(batch.state, seat)
    if len(player.hand) >= HAND_SIZE:
        batch.add(*triggered(player, seat, EffectKind.ON_HAND_GUILDERS))
