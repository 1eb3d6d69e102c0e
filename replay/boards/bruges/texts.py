"""The Bruges board's words: the phase and whose turn it is, a seat's standing, a person's
ability in a few words and its full tooltip, and the labels of activations, disasters
(docs/rules/bruges.md, item 8), majorities and effects.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import takewhile
from textwrap import wrap

from games.bruges.catalogue import (
    HAND_SIZE,
    PLAYS_PER_ROUND,
    Activation,
    Basis,
    Category,
    Effect,
    EffectKind,
    Phase,
    TurnStep,
)
from games.bruges.persons import person
from games.bruges.state import PendingKind
from games.bruges.views import BrugesView, HouseView, PendingView, PersonView, PlayerView
from games.core.wording import listed
from replay.boards.results import no_turn_text, ordinal

ACTIVATION = {
    Activation.IMMEDIATE: "IMM",
    Activation.WORKER: "WRK",
    Activation.ONGOING: "ONG",
    Activation.ENDGAME: "END",
}
PHASE_TEXT = {
    Phase.SETUP: "Setting up",
    Phase.DRAW: "Phase 1 · drawing cards",
    Phase.THREATS: "Phase 2 · dice and threats",
    Phase.REPUTATION: "Phase 2 · reputation",
    Phase.ACTIONS: "Phase 3 · playing cards",
    Phase.OVER: "Game over",
}
MAJORITY_LABEL = {Category.REPUTATION: "Rep", Category.PERSONS: "Pers", Category.CANAL: "Canal"}
K = EffectKind
EFFECT_TEXT = {
    K.GAIN_GUILDERS: "+{n} guilder{s}",
    K.GAIN_WORKERS: "+{n} {c} worker{s}",
    K.GAIN_VP: "+{n} VP",
    K.DISCARD_THREAT: "discard {n} threat{s}",
    K.ADVANCE_REPUTATION: "+{n} reputation",
    K.DRAW_CARDS: "draw {n} card{s}",
    K.GUILDERS_PER: "{n} G per {b}",
    K.VP_PER: "{n} VP per {b}",
    K.OPPONENTS_THREAT: "others: {c} threat",
    K.OPPONENTS_LOSE_GUILDERS: "others lose {n} G",
    K.OPPONENTS_LOSE_VP: "others lose {n} VP",
    K.STEAL_GUILDERS: "steal {n} G from each",
    K.BOOST_WORKERS: "+{n} on Take Workers",
    K.BOOST_GUILDERS: "+{n} on Take Guilders",
    K.CANAL_DISCOUNT: "canal {n} G cheaper",
    K.RECRUIT_DISCOUNT: "{c} persons -{n} G",
    K.REPUTATION_DISCOUNT: "reputation -{n} G",
    K.HOUSE_NO_WORKER: "houses: no worker",
    K.THREAT_IMMUNITY: "no {c} threats",
    K.THREAT_DISCARD_VP: "+{n} VP per discard",
    K.ON_RECRUIT_VP: "+{n} VP per recruit",
    K.ON_HOUSE_VP: "+{n} VP per house",
    K.ON_CANAL_VP: "+{n} VP per canal",
    K.ON_REPUTATION_VP: "+{n} VP per rep. step",
    K.ON_HAND_GUILDERS: "+{n} G per full hand",
    K.ON_THREAT_GUILDERS: "+{n} G per threat",
}
"""Each ability's words on a card's last line, 10-pixel bold between the card's 5-pixel insets:
some 20 characters ("immune to purple threats" and "houses need no worker" ran to the card's
edge). The card's own words are its tooltip (games/bruges/texts.py)."""
BASIS_TEXT = {
    Basis.HOUSES: "house",
    Basis.PERSONS: "person",
    Basis.DISTINCT_GROUPS: "group",
    Basis.DISTINCT_COLOURS: "colour",
    Basis.CANAL_TOKENS: "canal",
    Basis.REPUTATION: "rep. step",
    Basis.MAJORITIES: "majority",
    Basis.STATUES: "statue",
    Basis.WORKERS: "worker",
    Basis.GUILDERS: "guilder",
}
DASH = "\N{EN DASH}"


def ability(card: PersonView) -> str:
    """A person's effect in a few words: "+4 guilders", "2 VP per noble", "no red threats"."""
    effect = person(card.id).effect
    if effect.basis is Basis.THREATLESS:
        return f"{effect.amount} VP if no threat"
    colour = effect.colour.value if effect.colour is not None else "any"
    s = "" if effect.amount == 1 else "s"
    return EFFECT_TEXT[effect.kind].format(n=effect.amount, s=s, c=colour, b=_basis(effect))


def _basis(effect: Effect) -> str:
    if effect.basis is Basis.GROUP and effect.group is not None:
        unit = effect.group.value
    elif effect.basis is Basis.COLOUR and effect.colour is not None:
        unit = effect.colour.value
    else:
        unit = BASIS_TEXT.get(effect.basis or Basis.HOUSES, "unit")
    return unit if effect.per == 1 else f"{effect.per} {unit}s"


def name_lines(name: str, width: int = 17) -> list[str]:
    """A person's name on at most two lines of ``width`` characters of a card."""
    lines = wrap(name, width, break_on_hyphens=False)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])[: width - 2] + "…"]
    return lines


def phase_text(view: BrugesView) -> str:
    if view.finished:
        return f"Game over after round {view.round}"
    if view.phase is Phase.SETUP:
        return PHASE_TEXT[view.phase]
    return f"Round {view.round} · {PHASE_TEXT[view.phase]}"


def turn_text(view: BrugesView) -> str:
    if view.to_act is None:
        return no_turn_text(view.finished, view.places, view.scores)
    if view.pending:
        now = _first_decisions(view.pending)
        more = len(view.pending) - len(now)
        return _pending_text(now) + (f" · {more} more waiting" if more else "")
    seat = view.active_seat
    hand = view.players[seat].hand_size
    match view.phase:
        case Phase.DRAW:
            return f"Seat {seat} draws a card (hand {hand}/{HAND_SIZE})"
        case Phase.REPUTATION:
            return f"Seat {seat} decides on a reputation step ({view.reputation_cost} guilders)"
        case Phase.ACTIONS:
            played = view.players[seat].played
            if view.step is TurnStep.STARTED:
                return f"Seat {seat} plays card {played + 1} of {PLAYS_PER_ROUND}"
            return f"Seat {seat} has played card {played} of {PLAYS_PER_ROUND}; may activate"
        case _:
            return f"Seat {seat} to act"


def _first_decisions(pending: Sequence[PendingView]) -> list[PendingView]:
    """The decision the game waits for now: the first pending one, with the losses of the
    same seat's disasters after it, which the published rules let their victim settle in the
    order it likes (data §2.5)."""
    first = pending[0]
    if first.kind is not PendingKind.LOSS:
        return [first]
    return list(takewhile(lambda p: (p.seat, p.kind) == (first.seat, first.kind), pending))


def _pending_text(now: Sequence[PendingView]) -> str:
    first = now[0]
    if first.kind is not PendingKind.LOSS:
        return f"Seat {first.seat} draws {first.count} more card(s), pile by pile"
    colours = [p.colour.value if p.colour is not None else "a" for p in now]
    if len(colours) == 1:
        return f"Seat {first.seat} chooses what its {colours[0]} disaster takes"
    return (
        f"Seat {first.seat} chooses what its {listed(colours)} disasters take, "
        "in the order it likes"
    )


def standing(view: BrugesView, player: PlayerView) -> str:
    parts = []
    if player.seat == view.start_player and view.phase is not Phase.SETUP:
        parts.append("\N{BLACK STAR} start player")
    if player.seat == view.to_act:
        parts.append("to act")
    if view.phase is Phase.ACTIONS:
        parts.append(f"{player.played}/{PLAYS_PER_ROUND} cards played this round")
    if view.finished and player.seat < len(view.scores):
        place = view.places[player.seat] if player.seat < len(view.places) else 0
        parts.append(f"{ordinal(place)} place with {view.scores[player.seat]} points")
        parts.append(f"{player.score} on the track before final scoring")
    return " · ".join(parts)


def card_title(card: PersonView, housed: tuple[HouseView, int] | None = None) -> str:
    """A face's tooltip: everything about the person, with its full text, and the house it
    is in, by colour and number."""
    where = f", in house {housed[1]}, {housed[0].colour.value}" if housed is not None else ""
    about = f"{card.colour.value} {card.group.value}, cost {card.cost}, {card.points} VP{where}"
    return f"{card.name} ({about}): {card.text}"
