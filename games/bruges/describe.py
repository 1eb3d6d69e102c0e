"""One line of English per event, revealing nothing a view would hide: drawn cards and house
cards are named by their colour only, the piles by their size. The actions' lines are in
``options.py``."""

from __future__ import annotations

from games.bruges.catalogue import COLOURS
from games.bruges.events import (
    CanalBuilt,
    CardDrawn,
    DiceRolled,
    DisasterResolved,
    DisasterStruck,
    DrawsForfeited,
    DrawsOwed,
    Event,
    ExtraPileOpened,
    GameEnded,
    GuildersTaken,
    HandLookedAt,
    HouseBuilt,
    Loss,
    MajorityWon,
    Payout,
    PersonActivated,
    PersonRecruited,
    PhaseBegan,
    PilesDealt,
    PileSplit,
    ReputationBought,
    ReputationDeclined,
    RoundBegan,
    RoundEnded,
    SeatScore,
    StartPlayerChosen,
    StatueClaimed,
    ThreatDiceHeldBack,
    ThreatDiceResumed,
    ThreatDiscarded,
    ThreatReceived,
    TurnBegan,
    TurnEnded,
    WorkersTaken,
)
from games.bruges.options import describe_action
from games.bruges.persons import CARD_COUNT, person
from games.bruges.texts import canal_name, card_name
from games.core.wording import counted

__all__ = ["describe", "describe_action"]


def describe(event: Event, ruleset: str) -> str:
    """One readable line for an event of a game played under ``ruleset``."""
    match event:
        case PilesDealt(piles, extra):
            sizes = " and ".join(str(len(p)) for p in piles)
            return f"The cards were shuffled: draw piles of {sizes}, extra pile of {len(extra)}"
        case StartPlayerChosen(seat):
            return f"Seat {seat} takes the start player banner"
        case RoundBegan(number, start):
            return f"Round {number} began; seat {start} starts"
        case TurnBegan(seat):
            return f"Seat {seat}'s turn"
        case CardDrawn(seat, pile, card, _):
            return f"Seat {seat} drew a {_colour(card)} card from pile {pile}"
        case HandLookedAt(seat):
            return f"Seat {seat} picked up its hand"
        case ExtraPileOpened(pile, last_round):
            return f"Pile {pile} ran out; the extra pile replaces it; round {last_round} is last"
        case PileSplit(pile, count):
            return f"Pile {pile} ran out; {count} cards of the other pile replace it"
        case DrawsOwed(seat, count, card):
            return f"Seat {seat} may draw {counted(count, 'card')} ({card_name(card)})"
        case DrawsForfeited(seat):
            return f"No cards are left for seat {seat} to draw"
        case _:
            return _describe_phase_two(event, ruleset)


def _describe_phase_two(event: Event, ruleset: str) -> str:
    match event:
        case DiceRolled(seat, dice):
            rolled = ", ".join(f"{c.value} {d}" for c, d in zip(COLOURS, dice, strict=True))
            return f"Seat {seat} rolled the dice: {rolled}"
        case ThreatReceived(seat, colour, card):
            cause = "" if card is None else f" ({card_name(card)})"
            return f"Seat {seat} received a {colour.value} threat marker{cause}"
        case ThreatDiceHeldBack(colours):
            held = ", ".join(c.value for c in colours)
            return f"The {held} threat dice wait until the loss is chosen"
        case ThreatDiceResumed():
            return "The threat dice held back hand out their markers"
        case DisasterStruck(seat, colour, awaiting):
            choice = "; it must choose its loss" if awaiting else ""
            return f"A {colour.value} disaster struck seat {seat}{choice}"
        case DisasterResolved(seat, colour, loss):
            return f"Seat {seat}'s {colour.value} disaster: {_loss(loss, ruleset)}"
        case PhaseBegan(phase):
            return f"The {phase.value} phase began"
        case ReputationBought(seat, paid):
            return f"Seat {seat} paid {counted(paid, 'guilder')} to climb the reputation track"
        case ReputationDeclined(seat):
            return f"Seat {seat} stayed on its reputation step"
        case _:
            return _describe_play(event, ruleset)


def _describe_play(event: Event, ruleset: str) -> str:
    match event:
        case WorkersTaken(seat, card, colour, count):
            taken = counted(count, colour.value + " worker")
            return f"Seat {seat} played {card_name(card)} for {taken}"
        case GuildersTaken(seat, card, amount):
            return f"Seat {seat} played {card_name(card)} for {counted(amount, 'guilder')}"
        case ThreatDiscarded(seat, colour, card, by, guilders, vp):
            played = card if card is not None else by
            how = "a card" if played is None else card_name(played)
            return (
                f"Seat {seat} discarded a {colour.value} threat marker ({how}){_gain(guilders, vp)}"
            )
        case CanalBuilt(seat, card, section, paid, vp):
            scored = f", scoring {vp} VP" if vp else ""
            where = f"the next space of {canal_name(ruleset, section)} ({counted(paid, 'guilder')})"
            return f"Seat {seat} played {card_name(card)} to build {where}{scored}"
        case StatueClaimed(seat, statue):
            return f"Seat {seat} took the statue worth {statue}"
        case HouseBuilt(seat, card, _):
            return f"Seat {seat} built a {_colour(card)} house"
        case PersonRecruited(seat, card, house, paid):
            paid_for = counted(paid, "guilder")
            return f"Seat {seat} recruited {card_name(card)} into house {house} for {paid_for}"
        case _:
            return _describe_person(event)


def _describe_person(event: Event) -> str:
    match event:
        case PersonActivated(seat, card, worker):
            paid = "" if worker is None else f", paying a {worker.value} worker"
            return f"Seat {seat} activated {card_name(card)}{paid}"
        case Payout(seat, card, guilders, vp, reputation, workers):
            return f"Seat {seat}: {_changes(guilders, vp, reputation, workers)} ({card_name(card)})"
        case TurnEnded(seat):
            return f"Seat {seat} ended its turn"
        case MajorityWon(seat, category):
            return f"Seat {seat} leads the {category.value} majority and turns its marker"
        case RoundEnded(number, start):
            return f"Round {number} ended; seat {start} takes the start player banner"
        case GameEnded(scores, places):
            ranked = "; ".join(
                f"seat {s.seat} {s.total} VP (place {p}: {_sources(s)})"
                for s, p in zip(scores, places, strict=True)
            )
            return f"The game ended: {ranked}"
        case _:
            return type(event).__name__


SCORE_SOURCES = (
    "track", "persons", "houses", "laurels", "majorities", "canal", "statues", "reputation"
)  # fmt: skip


def _sources(score: SeatScore) -> str:
    """Where a seat's final VP came from (bruges-data.md §3.7): each source it scored in."""
    points = ((getattr(score, source), source) for source in SCORE_SOURCES)
    return ", ".join(f"{source} {n}" for n, source in points if n) or "nothing"


def _colour(card: int) -> str:
    return person(card).colour.value if 0 <= card < CARD_COUNT else "unknown"


def _gain(guilders: int, vp: int) -> str:
    return f", {_signed(guilders, 'guilder')}" if guilders else f", +{vp} VP" if vp else ""


def _signed(n: int, unit: str) -> str:
    """A signed change of ``n`` units; empty when nothing changed."""
    return "" if n == 0 else ("+" if n > 0 else "-") + counted(abs(n), unit)


def _changes(guilders: int, vp: int, reputation: int, workers: tuple[int, ...]) -> str:
    parts = [_signed(guilders, "guilder"), f"{vp:+d} VP" if vp else ""]
    parts.append(_signed(reputation, "reputation step"))
    parts += [_signed(n, f"{c.value} worker") for c, n in zip(COLOURS, workers, strict=True)]
    return ", ".join(p for p in parts if p) or "no change"


def _loss(loss: Loss, ruleset: str) -> str:
    parts = [
        f"-{loss.vp} VP" if loss.vp else "",
        _signed(-loss.guilders, "guilder"),
    ]
    parts += [_signed(-n, f"{c.value} worker") for c, n in zip(COLOURS, loss.workers, strict=True)]
    if loss.person is not None:
        parts.append(f"{card_name(loss.person)} discarded")
    if loss.house is not None:
        back = "" if loss.to_hand is None else f", {card_name(loss.to_hand)} back to hand"
        parts.append(f"house {loss.house} burnt{back}")
    if loss.section is not None:
        parts.append(f"last token of {canal_name(ruleset, loss.section)} removed")
    return ", ".join(p for p in parts if p) or "nothing to lose"
