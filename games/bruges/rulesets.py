"""The two rulesets as data (docs/architecture.md §4, rules variants are data).

``default`` follows the seed, completed by the published game where the seed is silent;
``published`` follows the published rules where the two conflict (bruges-data.md §4). Every
value chosen here is listed, with its reason, in ``docs/rules/bruges.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final

from games.bruges.catalogue import DISASTER_GUILDERS, DISASTER_VP, Colour


class Disaster(str, Enum):  # noqa: UP042 (the contract's base, as in games.core)
    """What a third threat marker of one colour costs (seed: Threat Penalties; §2.5)."""

    LOSE_VP = "lose_vp"  # 3 VP, never below 0
    LOSE_CANAL_TOKEN = "lose_canal_token"  # the token at the end of the canal
    LOSE_PERSON = "lose_person"  # one person of the owner's choice; the house stays
    LOSE_GUILDERS = "lose_guilders"  # 3 guilders, never below 0
    LOSE_WORKER = "lose_worker"  # one worker of the owner's choice
    LOSE_ALL_WORKERS = "lose_all_workers"
    LOSE_HOUSE_OR_CANAL = "lose_house_or_canal"  # a burnt house's person goes back to hand
    LOSE_ALL_GUILDERS = "lose_all_guilders"


@dataclass(frozen=True)
class Loss:
    """What a disaster takes, in words: ``short`` where a board's cell has room for a few words
    (the HTML legend), ``long`` as the overview cards say it (the terminal's line)."""

    short: str
    long: str


DISASTER_LOSSES: Mapping[Disaster, Loss] = MappingProxyType(
    {
        Disaster.LOSE_VP: Loss(f"-{DISASTER_VP} VP", f"-{DISASTER_VP} VP"),
        Disaster.LOSE_CANAL_TOKEN: Loss("canal's last token", "the canal's last token"),
        Disaster.LOSE_PERSON: Loss("a person", "a person"),
        Disaster.LOSE_GUILDERS: Loss(
            f"-{DISASTER_GUILDERS} guilders", f"-{DISASTER_GUILDERS} guilders"
        ),
        Disaster.LOSE_WORKER: Loss("a worker", "a worker"),
        Disaster.LOSE_ALL_WORKERS: Loss("all workers", "all workers"),
        Disaster.LOSE_HOUSE_OR_CANAL: Loss("house or canal token", "a house or a canal token"),
        Disaster.LOSE_ALL_GUILDERS: Loss("all guilders", "all guilders"),
    }
)
"""What each disaster takes (seed: Threat Penalties; bruges-data.md §2.5; docs/rules/bruges.md
item 8), the one wording every board uses: a ruleset's ``disasters`` name which one each
colour's third threat marker strikes."""


@dataclass(frozen=True)
class CanalBoard:
    """One player's canal (seed: Action IV; bruges-data.md §2.2).

    ``sections`` lines of ``length`` spaces each, built outward without gaps. ``build_vp[i]``
    is scored when space ``i + 1`` is built for the first time; ``end_vp[i]`` at game end for
    each section whose space ``i + 1`` is built. A statue is taken the first time a token
    lands on a space in ``statue_spaces``. ``printed_cost`` is None when a token costs the
    value of the die of the played card's colour; ``colours`` is None when any card colour
    may build.
    """

    sections: int
    length: int
    build_vp: tuple[int, ...]
    end_vp: tuple[int, ...]
    statue_spaces: tuple[int, ...]
    printed_cost: tuple[int, ...] | None
    colours: tuple[tuple[Colour, ...], ...] | None


@dataclass(frozen=True)
class Ruleset:
    """Everything that differs between the rulesets."""

    name: str
    disasters: tuple[Disaster, ...]  # by colour, in COLOURS order
    threat_reward_vp: bool  # +1 VP per discarded threat (published) instead of +1 guilder
    canal: CanalBoard
    matching_houses: bool  # a person needs a house of its own colour (seed: Action VI)
    majority_vp: int  # each majority marker on its coloured side
    # A pile emptied by a person's draw in Phase 3 makes the next round final, not this one
    # (published: bruges-data.md §3.6, the exception; the seed has none: Phase 1 trigger).
    effect_emptied_pile_ends_next_round: bool
    # Every die showing 5 or 6 hands out its markers before any disaster of the roll strikes,
    # and a victim of several chooses their order (published: bruges-data.md §2.5, "Several
    # disasters at once: the affected player chooses the order"); otherwise each die's
    # disaster is settled before the next die hands out its markers (docs/rules/bruges.md,
    # items 5 and 10).
    disasters_together: bool


SEED_CANAL: Final = CanalBoard(
    sections=1,
    length=10,
    build_vp=(0, 0, 3, 0, 0, 0, 0, 3, 0, 0),
    end_vp=(0,) * 10,
    statue_spaces=(5, 10),
    printed_cost=None,
    colours=None,
)
"""The seed's "next empty canal space": one line of ten spaces, the board's two sections of
five end to end; spaces 3 and 8 show 3 VP, scored when built; spaces 5 and 10 earn a statue."""

PUBLISHED_CANAL: Final = CanalBoard(
    sections=2,
    length=5,
    build_vp=(0,) * 5,
    end_vp=(0, 0, 3, 0, 0),
    statue_spaces=(5,),
    printed_cost=(1, 2, 3, 4, 5),
    colours=(
        (Colour.BLUE, Colour.BROWN, Colour.RED, Colour.PURPLE, Colour.YELLOW),
        (Colour.YELLOW, Colour.PURPLE, Colour.RED, Colour.BROWN, Colour.BLUE),
    ),
)
"""bruges-data.md §2.2: two sections of five from the guard house, printed costs 1-5 outward;
the colour order of the spaces is in no source, so this board is ours (docs/rules/bruges.md,
item 16)."""

DEFAULT: Final = Ruleset(
    name="default",
    disasters=(
        Disaster.LOSE_VP,  # blue
        Disaster.LOSE_CANAL_TOKEN,  # brown
        Disaster.LOSE_PERSON,  # red
        Disaster.LOSE_GUILDERS,  # purple
        Disaster.LOSE_WORKER,  # yellow
    ),
    threat_reward_vp=False,
    canal=SEED_CANAL,
    matching_houses=True,
    majority_vp=4,
    effect_emptied_pile_ends_next_round=False,
    disasters_together=False,
)

PUBLISHED: Final = Ruleset(
    name="published",
    disasters=(
        Disaster.LOSE_ALL_WORKERS,  # blue: flood
        Disaster.LOSE_PERSON,  # brown: plague
        Disaster.LOSE_HOUSE_OR_CANAL,  # red: fire
        Disaster.LOSE_VP,  # purple: intrigue
        Disaster.LOSE_ALL_GUILDERS,  # yellow: raid
    ),
    threat_reward_vp=True,
    canal=PUBLISHED_CANAL,
    matching_houses=False,
    majority_vp=4,
    effect_emptied_pile_ends_next_round=True,
    disasters_together=True,
)

RULESETS: Final = {ruleset.name: ruleset for ruleset in (DEFAULT, PUBLISHED)}
RULESET_NAMES: Final = tuple(RULESETS)


def ruleset_of(name: str) -> Ruleset:
    """The ruleset called ``name`` (the state only ever holds a known name)."""
    return RULESETS[name]
