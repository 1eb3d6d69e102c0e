"""The Bourgeoisie terminal view: upgrade tokens on every card in play, what each Event on the
track and in the hand does, every seat's prestige points were the game to end now, and each
retired family's cards (seed: UPGRADE TOKENS, COMMON DECK CARD LIST, END GAME SCORING)."""

from __future__ import annotations

import io
import re
from dataclasses import replace

from rich.console import Console
from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.render import describe_choice, render_view
from clients.render.bourgeoisie import card_text
from games.bourgeoisie.actions import BuyCard
from games.bourgeoisie.catalogue import Phase
from games.bourgeoisie.describe import describe_action
from games.bourgeoisie.scoring import score_seat
from games.bourgeoisie.state import State
from games.bourgeoisie.views import view
from tests.games.bourgeoisie.builders import cid, family, player, table, track
from wire import bourgeoisie as wire

UPGRADED = family(
    "Serfs",
    "Woad Trade",
    lands=["Grounds", "Agricultural Land", "Farmland"],
    offices=["Clergy"],
    upgrades=[("Grounds", 2), ("Woad Trade", 5), ("Clergy", 3)],
)
RETIRED = family("Provincials", "Lawyers", lands=["Manor"], offices=["Mayor"])


def given() -> State:
    """Seat 0 holds an upgraded family and a Nepotism; seat 1 has retired the Provincials. The
    track's right-hand column holds Legitimacy, whose text wraps onto a line of its own."""
    return table(
        player(opportunity=3, hand=["Nepotism"], family=UPGRADED),
        player(family=family("Paupers"), retired=[RETIRED]),
        phase=Phase.OPPORTUNITY,
        track=track("Courtier", "Cunning", None, None, None, "Legitimacy"),
    )


def response(state: State, seat: int = 0) -> pb.GetViewResponse:
    return pb.GetViewResponse(
        version=7, view=pb.View(bourgeoisie=wire.view_to_proto(view(state, seat)))
    )


def screen(state: State, width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(render_view(response(state)))
    return console.export_text()


def seat_row(text: str, seat: int) -> list[str]:
    for line in text.splitlines():
        words = [w for w in line.split() if w not in ("(you)", "◀")]
        if words[:1] == [str(seat)] and len(words) > 7 and all(w.isdigit() for w in words[1:8]):
            return words[1:]
    raise AssertionError(f"no row for seat {seat} in\n{text}")


def test_upgrade_tokens_show_on_every_card_in_play_as_the_html_replay_draws_them() -> None:
    text = screen(given())
    flat = " ".join(text.split())
    lands = "lands: Grounds 4 +2, Agricultural Land 6 (+1 PP), Farmland 4"
    assert f"Family of seat 0: Serfs family 1 · Woad Trade trade 2 +5 · {lands}" in flat, text
    assert "offices: Clergy 5 +3 → 25 PP" in flat, text
    assert "Woad Trade trade 2 +5" in flat and "offices: Clergy 5 +3" in flat, text


def test_every_event_on_the_track_and_in_the_hand_says_what_it_does() -> None:
    flat = " ".join(screen(given()).split())
    assert "Legitimacy event: 3 upgrade tokens on an Office in play" in flat
    assert "Cunning event: gain 2D6 silver" in flat
    assert "Your hand: Nepotism event: counts as 5 gold toward an Office" in flat


def test_a_purchase_option_says_what_an_event_does_once() -> None:
    state = given()
    shown = describe_choice(
        response(state),
        pb.LegalAction(
            description=describe_action(state, BuyCard(2)),
            action=pb.Action(bourgeoisie=wire.action_to_proto(BuyCard(2))),
        ),
    ).plain
    assert shown == "buy Cunning from slot 2 for 2 opportunity tokens — event: gain 2D6 silver"


def test_each_seat_shows_its_prestige_points_were_the_game_to_end_now() -> None:
    state = given()
    text = screen(state)
    assert "PP: prestige points if the game ended now" in text
    headings = next(
        line.split() for line in text.splitlines() if re.search(r"\bseat\s+silver\b", line)
    )
    column = headings.index("PP") - 1  # the seat's own column holds its number
    for seat, p in enumerate(state.players):
        assert seat_row(text, seat)[column] == str(score_seat(seat, p).total)
    # Grounds 4+2, Agricultural Land 6 (+1 PP), Farmland 4, Clergy 5+3: 25 for the current family
    assert seat_row(text, 0)[column] == "25"


def test_the_seat_column_reads_from_the_left_as_on_the_other_boards() -> None:
    lines = screen(given()).splitlines()
    heading = next(line for line in lines if re.search(r"\bseat\s+silver\b", line))
    rows = lines[lines.index(heading) + 2 :][:2]  # under the heading's rule
    assert {len(row) - len(row.lstrip()) for row in rows} == {heading.index("seat")}


def test_a_retired_family_is_shown_with_its_cards_and_points() -> None:
    """The Family and the Trade card are named by their kinds, as on the family in play's
    line: "Provincials 6, Lawyers 1" did not say which was the family."""
    text = screen(given())
    flat = " ".join(text.split())
    retired = score_seat(1, given().players[1]).families[0].total
    assert retired == 10 + 4 + 12 + 5
    cards = (
        "Provincials family 6 · Lawyers trade 1 · lands: Manor 10 (+4 PP) · offices: Mayor 12 "
        "(+5 PP)"
    )
    assert f"Retired by seat 1: {cards} → {retired} PP" in flat
    assert re.search(rf"^\s*1\s+0\s+0\s+0\s+0\s+{retired}\s+1\s+1\s*$", text, re.MULTILINE), text
    assert "Family of seat 1: Paupers family 1 · no trade → 0 PP" in flat


def test_printed_prestige_stands_apart_from_the_upgrade_tokens() -> None:
    """A land worth 8 with 2 upgrade tokens and a printed +3 PP: the tokens add to the value
    (seed: UPGRADE TOKENS), the prestige counts only at the end, so the two are not run
    together as ``8 +2 +3PP``."""
    vineyard = bpb.BourgeoisieCard(
        id=0, name="Vineyard", kind=bpb.BOURGEOISIE_CARD_KIND_LAND, value=8, upgrades=2, prestige=3
    )
    assert card_text(vineyard).plain == "Vineyard land 8 +2 (+3 PP)"


def test_a_finished_board_gives_every_familys_points_so_they_add_up_to_the_score() -> None:
    """The board of a finished game dropped the family in play's points while keeping each
    retired family's, so a seat with a retired family worth 31 and a final score of 56 could
    not see where the other 25 came from: the family in play scores at the end too (seed: END
    GAME SCORING, "for each of your families")."""
    state = replace(given(), finished=True, scores=(25, 31), places=(2, 1))
    flat = " ".join(screen(state).split())
    assert "PP: final prestige points" in flat
    assert "offices: Clergy 5 +3 → 25 PP" in flat, flat
    assert "Family of seat 1: Paupers family 1 · no trade → 0 PP" in flat
    assert "offices: Mayor 12 (+5 PP) → 31 PP" in flat


def test_a_seat_with_two_retired_families_is_shown_the_bonus_so_its_lines_add_up() -> None:
    """Seed: END GAME SCORING, each retired family after the first scores 5 PP more."""
    second = family("Bankers", lands=["Grounds"], offices=["Clergy"])
    state = table(
        player(family=family("Paupers"), retired=[RETIRED, second]),
        player(family=family("Serfs")),
        phase=Phase.OPPORTUNITY,
    )
    lines = screen(state).splitlines()
    scored = score_seat(0, state.players[0])
    assert scored.retirement_bonus == 5
    bonus = "Bonus for seat 0: 5 PP for each retired family after the first → 5 PP"
    assert bonus in lines
    seat_0 = [line for line in lines if re.match(r"(Family of|Retired by|Bonus for) seat 0:", line)]
    shown = [int(re.findall(r"→ (\d+) PP", line)[-1]) for line in seat_0]
    assert len(shown) == 4 and sum(shown) == scored.total, (shown, scored.total)


def test_the_discard_pile_beside_the_track_shows_its_size_and_top_card() -> None:
    """Seed: THE OPPORTUNITY TRACK, "Discard | 01 | … | Deck": the pile lies face up at the
    table, and the view holds it, but the board showed only the deck."""
    state = replace(given(), discard=(cid("Plague"), cid("Vineyard")))
    header = screen(state).splitlines()[0]
    assert "· discard 2, last Vineyard land 8 (+3 PP) · version 7" in header, header
    assert "· discard 0 ·" in screen(given()).splitlines()[0]


def test_the_board_recalls_a_track_cards_price_the_retirement_thresholds_and_hand_limit() -> None:
    """Seed: THE OPPORTUNITY TRACK (a slot is a price), NOBLEMENT PHASE (30+ with an Office
    may retire, 50+ must) and END PHASE (7 cards): what the revenue and hand columns are
    read against."""
    flat = " ".join(screen(given(), width=80).split())
    assert (
        "A card on the track costs its slot in OT. Revenue: silver a turn; at 30+ a family with "
        "an Office may retire, at 50+ it must. Hand limit 7, at the end of the turn." in flat
    )
    finished = replace(given(), finished=True, scores=(25, 31), places=(2, 1))
    assert "Hand limit" not in screen(finished)
