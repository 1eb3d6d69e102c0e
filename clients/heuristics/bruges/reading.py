"""What the Bruges heuristic reads from its own seat's view: the rules' colour of a wire
colour, and ``Seat`` (its player, persons, hand, the rounds left and a guilder's worth in VP).
"""

from __future__ import annotations

from tabletop.v1 import bruges_pb2 as bpb

from games.bruges.catalogue import COLOURS, Activation, Colour, EffectKind
from games.bruges.persons import person
from games.bruges.rulesets import Ruleset, ruleset_of

K = EffectKind

GUILDER = 0.45
"""A guilder in VP, mid-game: about what a person or a canal space turns it into."""
FIRST_DRAW = 5
"""Cards each player draws in round 1; later rounds draw about one fewer (one card stays)."""


def colour_of(number: int) -> Colour | None:
    """The rules' colour of a wire colour (BRUGES_COLOUR_BLUE = 1, in ``COLOURS`` order)."""
    return COLOURS[number - 1] if 1 <= number <= len(COLOURS) else None


class Seat:
    """What the bot knows of its own position, read once from its seat's view."""

    def __init__(self, me: int, view: bpb.BrugesView) -> None:
        self.me = me
        self.view = view
        self.player = view.players[me]
        self.others = [p for p in view.players if p.seat != me]
        self.ruleset: Ruleset = ruleset_of(view.ruleset or "default")
        self.persons = tuple(
            person(h.person.id) for h in self.player.houses if h.HasField("person")
        )
        self.hand = tuple(person(c.id) for c in self.player.hand)
        self.rounds_left = _rounds_left(view)
        self.uses_left = self.rounds_left + 1
        """Times a person recruited now may still act (this round included)."""
        self.guilder = _guilder(self.rounds_left, int(self.player.guilders))

    def spend(self, amount: int) -> float:
        """What paying ``amount`` costs in VP, at the worth of a guilder once it is paid."""
        left = int(self.player.guilders) - amount
        return amount * _guilder(self.rounds_left, left)

    def workers(self, colour: Colour) -> int:
        return int(self.player.workers[COLOURS.index(colour)])

    def threats(self, colour: Colour) -> int:
        return int(self.player.threats[COLOURS.index(colour)])

    def die(self, colour: Colour) -> int:
        dice = self.view.dice
        return int(dice[COLOURS.index(colour)]) if dice else 3

    def boost(self, kind: EffectKind, colour: Colour | None = None) -> int:
        """The sum of our ongoing ``kind`` boosts (those for ``colour`` or for any colour)."""
        return sum(
            p.effect.amount
            for p in self.persons
            if p.activation is Activation.ONGOING
            and p.effect.kind is kind
            and p.effect.colour in (None, colour)
        )

    def is_immune(self, colour: Colour) -> bool:
        return any(
            p.activation is Activation.ONGOING
            and p.effect.kind is K.THREAT_IMMUNITY
            and p.effect.colour is colour
            for p in self.persons
        )


def _rounds_left(view: bpb.BrugesView) -> int:
    """Rounds after this one: known once the extra pile is out, else estimated from the piles
    (a round takes about four cards a player; the game ends when a pile runs out)."""
    if view.HasField("last_round"):
        return max(0, int(view.last_round) - int(view.round))
    cards = sum(int(p.size) for p in view.piles)
    per_round = (FIRST_DRAW - 1) * max(1, len(view.players))
    return max(1, cards // per_round)


def _guilder(rounds_left: int, guilders: int) -> float:
    """A guilder's worth now: dearer when short, little once only this round is left."""
    if rounds_left == 0:
        return 0.2
    if guilders < 4:
        return GUILDER + 0.15
    if guilders < 10:
        return GUILDER
    # Hoarded guilders score nothing; past what a person or two cost, less and less.
    return GUILDER - 0.15 if guilders < 16 else GUILDER - 0.3
