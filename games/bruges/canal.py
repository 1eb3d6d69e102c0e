"""Action IV, the canal (seed: Action IV; bruges-data.md §2.2).

Default (seed): one canal of ten spaces per player, built in order; a token costs the value of
the die of the played card's colour, and a space's printed VP score when it is first built.
Published: two sections of five from the guard house; the card's colour must match the space
and the price is the one printed on it; 3 VP at game end per section built to its third space.
In both, the first token on a statue space takes the top statue of the stack.
"""

from __future__ import annotations

from games.bruges.batch import Batch
from games.bruges.catalogue import EffectKind, colour_index
from games.bruges.errors import CanalError, NotEnoughGuildersError
from games.bruges.events import CanalBuilt, StatueClaimed
from games.bruges.passive import boost, triggered
from games.bruges.persons import person
from games.bruges.rulesets import CanalBoard, ruleset_of
from games.bruges.state import State, player_at
from games.bruges.turns import require_card_play


def board(state: State) -> CanalBoard:
    return ruleset_of(state.ruleset).canal


def canal_price(state: State, seat: int, card: int, section: int) -> int:
    """The guilders the next space of ``section`` costs with ``card``, after discounts."""
    canal = board(state)
    player = player_at(state, seat)
    if canal.printed_cost is None:
        price = state.dice[colour_index(person(card).colour)]
    else:
        price = canal.printed_cost[player.canal[section]]
    return max(0, price - boost(player, EffectKind.CANAL_DISCOUNT))


def require_canal(state: State, seat: int, card: int, section: int) -> int:
    """Seed: Action IV (and §2.2 for published). Returns the guilders to pay."""
    player = require_card_play(state, seat, card)
    canal = board(state)
    if not 0 <= section < canal.sections:
        raise CanalError(f"your canal has {canal.sections} section(s)")
    built = player.canal[section]
    if built >= canal.length:
        raise CanalError("that canal section is complete")
    if canal.colours is not None and canal.colours[section][built] is not person(card).colour:
        wanted = canal.colours[section][built].value
        raise CanalError(f"the next space of that section needs a {wanted} card")
    price = canal_price(state, seat, card, section)
    if player.guilders < price:
        raise NotEnoughGuildersError(f"that canal space costs {price} guilders")
    return price


def build_canal(batch: Batch, seat: int, card: int, section: int, price: int) -> None:
    """Place the token, score a first-built space, take a statue, fire canal triggers."""
    canal = board(batch.state)
    before = player_at(batch.state, seat)
    space = before.canal[section] + 1
    first = space > before.canal_peak[section]
    vp = canal.build_vp[space - 1] if first else 0
    batch.add(CanalBuilt(seat, card, section, price, vp))
    if first and space in canal.statue_spaces and batch.state.statues:
        batch.add(StatueClaimed(seat, batch.state.statues[0]))
    batch.add(*triggered(player_at(batch.state, seat), seat, EffectKind.ON_CANAL_VP))
