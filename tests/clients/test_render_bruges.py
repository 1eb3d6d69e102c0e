"""The Bruges terminal view shows a seat what it needs to play (round, dice, piles, every
seat's position, its own hand with costs and effects) and nothing of the other hands."""

from __future__ import annotations

import io
import re
from collections import Counter

from rich.console import Console
from tabletop.v1 import bruges_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import HeuristicBot
from clients.local import LocalTable
from clients.render import Renderer, describe_choice, render_view
from clients.render.bruges import colour_cell, pending_text, render_bruges
from clients.render.bruges_colours import COLOUR_STYLES, colour_name
from games.bruges import full_view, view
from games.bruges.scoring import score_seat
from wire.bruges import view_to_proto


def printed(response: pb.GetViewResponse, render: Renderer = render_bruges) -> str:
    """The view as a 120-column terminal shows it, without styles."""
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(render(response))
    return console.export_text()


NAMES = ("Ada", "Bob", "Cy")


def table_in_actions_phase(round_: int = 2, offering: str | None = None) -> LocalTable:
    """A 3-seat game played by bots until a seat has a hand to play in round ``round_``, and,
    with ``offering``, a legal action of that kind (``"recruit_person"``) among its choices."""
    table = LocalTable("bruges", 3, b"render", NAMES)
    bots = [HeuristicBot(seat) for seat in range(3)]
    while (seat := table.to_act()) is not None:
        view = table.view(seat).view.bruges
        playing = view.round >= round_ and view.phase == bpb.BRUGES_PHASE_ACTIONS
        if playing and view.players[seat].hand and _offers(table, seat, offering):
            return table
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    raise AssertionError("the game ended before the round was reached")


def _offers(table: LocalTable, seat: int, kind: str | None) -> bool:
    actions = table.legal(seat).actions
    return kind is None or any(a.action.bruges.WhichOneof("kind") == kind for a in actions)


def test_a_seat_view_shows_its_position_its_hand_and_not_the_others_hands() -> None:
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    view = response.view.bruges
    me = view.players[seat]
    screen = printed(response)

    active = f"seat {view.active_seat} ({('Ada', 'Bob', 'Cy')[view.active_seat]})"
    phase = rf"round {view.round} · actions phase \(play [1-4] of 4\) · {re.escape(active)}'s turn"
    assert re.search(phase, screen), screen
    assert re.search(rf"\(you\) ◀?\s+{me.score}\s+{me.guilders}\s", screen), screen
    for card in me.hand:
        assert card.name in screen and card.text[:30] in screen
    for colour, die in zip(("blue", "brown", "red", "purple", "yellow"), view.dice, strict=True):
        assert f"{colour} {die}" in screen
    for pile in view.piles:
        assert f": {pile.size}" in screen
    for other in (s for s in range(3) if s != seat):
        hidden = table.view(other).view.bruges.players[other].hand
        assert hidden and not any(card.name in screen for card in hidden)
    assert all(len(line) <= 120 for line in screen.splitlines())


def test_every_seat_row_shows_its_workers_threats_and_persons() -> None:
    table = table_in_actions_phase(round_=3)
    response = table.view(0)
    screen = printed(response)
    lines = screen.splitlines()
    rows = {
        line.split()[1]: line for line in lines if re.match(r"\d \w+ ", line) and ":" not in line
    }
    for player, name in zip(response.view.bruges.players, ("Ada", "Bob", "Cy"), strict=True):
        counts = zip(player.workers, player.threats, strict=True)
        cells = [f"{w}/{t}" + ("!" if t >= 2 else "") for w, t in counts]
        assert re.search(r"\s+".join(map(re.escape, cells)) + r"\s*$", rows[name]), rows[name]
        for house in player.houses:
            if house.HasField("person"):  # every seat's persons, with what each does
                assert house.person.name.split()[0] in screen
                said = f"{house.person.points} VP: {house.person.text})"
                assert said in " ".join(screen.split()), house.person.text


def test_workers_and_threats_are_told_apart_without_colour() -> None:
    """Each count stands under its colour's name, with a legend; a threat count one short of
    a disaster (seed: Threat Penalties, the third marker) is marked ``!``, not only reversed."""
    table = table_in_actions_phase(round_=3)
    screen = printed(table.view(0))
    header = next(line for line in screen.splitlines() if line.startswith("seat "))
    assert header.split()[-5:] == ["blue", "brown", "red", "purple", "yellow"]
    assert "Under each colour: workers/threats; ! marks 2 threats" in screen
    cell = colour_cell(bpb.BRUGES_COLOUR_RED, 1, 2)  # still in its colour, as before
    assert cell.plain == "1/2!" and {"red", "red bold reverse"} <= {
        str(s.style) for s in cell.spans
    }


def test_at_80_columns_through_a_pipe_no_count_or_word_is_split() -> None:
    """`tabletop view` piped at 80 columns split a seat's worker counts over two lines and
    broke words (``reputatio``/``n``): every seat's row is one line, nothing is cut short,
    and every word of the 80-column board is a word of the 120-column one."""
    table = table_in_actions_phase(round_=3)
    response = table.view(table.to_act() or 0)
    narrow = Console(record=True, width=80, file=io.StringIO(), force_terminal=False)
    narrow.print(render_bruges(response))
    screen = narrow.export_text()
    assert "…" not in screen
    rows = [line for line in screen.splitlines() if re.match(r"\d \w+ ", line) and ":" not in line]
    assert len(rows) == 3 and all(len(re.findall(r"\b\d/\d!?(?:\s|$)", row)) == 5 for row in rows)
    words = {word for word in screen.split() if set(word) != {"─"}}  # not the tables' rules
    assert words <= set(printed(response).split())


def test_the_canal_shows_its_scoring_spaces_from_the_rulesets_data() -> None:
    """Seed: Action IV: spaces 3 and 8 of the one canal score 3 VP, 5 and 10 take a statue;
    published (bruges-data.md §2.2): two sections of five, space 3 worth 3 VP at game end."""
    response = table_in_actions_phase().view(0)
    screen = printed(response)
    assert "Canal 1 2 [3: 3 VP] 4 [5: statue] 6 7 [8: 3 VP] 9 [10: statue]" in screen
    response.view.bruges.ruleset = "published"
    published = " ".join(printed(response).split())
    assert "Canal 2 sections of 5 spaces: 1 2 [3: 3 VP at game end] 4 [5: statue]" in published
    assert "spaces cost 1 2 3 4 5 guilders" in published
    assert "section 1 needs yellow purple red brown blue" in published


def test_render_view_uses_it_and_recruits_say_what_the_person_costs_and_does() -> None:
    table = table_in_actions_phase(offering="recruit_person")
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    assert "Your hand" in printed(response)
    assert "Your hand" in printed(response, render_view)

    hand = {card.id: card for card in response.view.bruges.players[seat].hand}
    annotated: Counter[str] = Counter()
    for choice in table.legal(seat).actions:
        if choice.action.bruges.WhichOneof("kind") == "recruit_person":
            card = hand[choice.action.bruges.recruit_person.card]
            described = describe_choice(response, choice).plain
            # the price, then what the seat's persons pay for a recruit, if anything
            assert re.search(r" for \d+ guilders?(, \+\d+ VP \([^)]+\))* — ", described), described
            assert f"{card.points} VP: {card.text}" in described
            annotated["recruit_person"] += 1
        if choice.action.bruges.WhichOneof("kind") == "take_guilders":
            assert re.search(r" — \w+ \(die \d\)$", describe_choice(response, choice).plain)
            annotated["take_guilders"] += 1
    assert annotated["recruit_person"], "the position offers a recruit to annotate"
    assert annotated["take_guilders"], "the position offers guilders to annotate"


def finished_full_view() -> pb.GetViewResponse:
    """Seat 0's view of a two-seat game played to its end by bots, with the full view's board
    (every hand shown)."""
    table = LocalTable("bruges", 2, b"finish", ("Ada", "Bob"))
    bots = [HeuristicBot(seat) for seat in range(2)]
    while (seat := table.to_act()) is not None:
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    response = table.view(0)
    response.view.bruges.CopyFrom(view_to_proto(full_view(table.state)))
    return response


def test_the_full_view_of_a_finished_game_shows_scores_and_every_hand() -> None:
    response = finished_full_view()
    screen = printed(response)
    view = response.view.bruges
    assert f"finished · scores {', '.join(str(s) for s in view.scores)}" in screen
    assert "◀" not in screen and "(you)" not in screen
    for player, name in zip(view.players, ("Ada", "Bob"), strict=True):
        assert f"Hand of seat {player.seat} ({name}): " in screen
        assert all(card.name in screen for card in player.hand)


def printed_without_colour(response: pb.GetViewResponse) -> str:
    """The board as a terminal without colour shows it (``NO_COLOR``, a monochrome one)."""
    drawn = io.StringIO()
    Console(width=120, file=drawn, no_color=True, color_system=None).print(render_bruges(response))
    return " ".join(drawn.getvalue().split())


def test_a_person_shown_by_name_alone_has_its_colour_named_as_well() -> None:
    """Another seat's hand (the full view) and the discard's top card were names drawn in
    their colours, and nothing else on the line said the colour: without colour, it was lost.
    Each is named now: ``Hermit Zeger (yellow)``."""
    response = finished_full_view()
    screen = printed_without_colour(response)
    view = response.view.bruges
    hands = [card for player in view.players for card in player.hand]
    assert hands and view.discard, "the finished game has hands and a discard to show"
    for card in hands:
        assert f"{card.name} ({colour_name(card.colour)})" in screen, card.name
    top = view.discard[-1]
    assert f"last {top.name} ({colour_name(top.colour)})" in screen, screen


def test_cards_drawn_face_down_are_counted_not_called_an_empty_hand() -> None:
    """Phase 1 cards stay unseen until the hand is full (docs/rules/bruges.md item 3): the
    seat is told how many it holds face down, not that its hand is empty."""
    table = LocalTable("bruges", 2, b"draw", ("Ada", "Bob"))
    response = table.view(0)
    me = response.view.bruges.players[0]
    me.ClearField("hand")
    me.hand_size, me.hand_visible = 3, True
    screen = " ".join(printed(response).split())
    assert "Your hand: 3 cards drawn, face down until the hand is full" in screen
    me.hand_size = 0
    assert "Your hand: empty" in " ".join(printed(response).split())


def table_choosing_a_phase_2_loss() -> LocalTable:
    """A 2-seat game played by bots until a disaster of the dice waits for its victim's loss
    (seed: Threat Penalties; docs/rules/bruges.md items 5 and 9)."""
    table = LocalTable("bruges", 2, b"threats1", ("Ada", "Bob"))
    bots = [HeuristicBot(seat) for seat in range(2)]
    while (seat := table.to_act()) is not None:
        if table.view(seat).view.bruges.phase == bpb.BRUGES_PHASE_THREATS:
            return table
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    raise AssertionError("no disaster of the dice waited for a choice")


def test_while_the_dice_hand_out_threats_it_is_no_seats_turn_and_the_victim_is_marked() -> None:
    """The dice's threats are no seat's turn: the view's active seat is still the last seat
    that drew in Phase 1, and the board said "seat 1 (Bob)'s turn · waiting for seat 0 (Ada)"
    with Bob's row marked, while Ada was asked for her loss. The header now names only the
    seat it waits for, and that seat's row carries the marker."""
    table = table_choosing_a_phase_2_loss()
    victim = table.to_act()
    assert victim is not None
    response = table.view(victim)
    view = response.view.bruges
    assert view.active_seat != victim  # the position the board misread
    screen = printed(response)
    name = ("Ada", "Bob")[victim]
    assert f"threats phase · waiting for seat {victim} ({name}) ·" in screen, screen
    assert "'s turn" not in screen.splitlines()[0]
    marked = [line for line in screen.splitlines() if "◀" in line]
    assert marked and all(line.startswith(f"{victim} {name}") for line in marked), marked


def test_a_published_canal_play_is_not_annotated_with_a_die_that_does_not_price_it() -> None:
    """Under ``published`` a canal space costs what is printed on it (docs/rules/bruges.md
    item 13): "build space 1 of canal section 1 for 1 guilder — yellow (die 3)" read as if
    the die set the price. The seed's canal costs the die, which it still names."""
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    card = response.view.bruges.players[seat].hand[0]
    build = pb.Action(bruges=bpb.BrugesAction(build_canal=bpb.BrugesBuildCanal(card=card.id)))
    choice = pb.LegalAction(description="play it to build the canal", action=build)
    die = response.view.bruges.dice[list(COLOUR_STYLES).index(card.colour)]
    assert describe_choice(response, choice).plain.endswith(f"(die {die})")
    response.view.bruges.ruleset = "published"
    described = describe_choice(response, choice).plain
    assert described.endswith(f" — {colour_name(card.colour)}"), described


def test_a_finished_board_gives_each_seat_its_final_score_not_its_track() -> None:
    """Seed: GAME END, the end-game scoring is added to the score track; the finished board's
    column says so and agrees with the final scores in its header."""
    table = LocalTable("bruges", 2, b"render", ("Ada", "Bob"))
    bots = [HeuristicBot(seat) for seat in range(2)]
    while (seat := table.to_act()) is not None:
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    response = table.view(0)
    view = response.view.bruges
    assert view.finished and list(view.scores) != [p.score for p in view.players]
    screen = printed(response)
    assert re.search(r"\bseat\s+final VP\s+guilders\b", screen), screen
    for player, name in zip(view.players, ("Ada", "Bob"), strict=True):
        final = view.scores[player.seat]
        row = rf"^{player.seat} {name}( \(you\))?\s+{final}\s+{player.guilders}\s"
        assert re.search(row, screen, re.M), screen


def test_only_a_play_the_die_prices_names_the_die() -> None:
    """The die of a card's colour sets Action II's guilders and, by the seed, Action IV's
    canal price (seed: Dice values); a house costs a worker of the card's colour (Action V),
    and taking workers or discarding a marker owes nothing to the die, so those options name
    the colour alone: "play it as a house, paying a red worker — red (die 4)" read as if the
    die set the house's price."""
    table = table_in_actions_phase()
    seat = table.to_act()
    assert seat is not None
    response = table.view(seat)
    card = response.view.bruges.players[seat].hand[0]
    die = response.view.bruges.dice[list(COLOUR_STYLES).index(card.colour)]
    for kind, names_the_die in (
        ("take_workers", False),
        ("take_guilders", True),
        ("discard_threat", False),
        ("build_canal", True),
        ("build_house", False),
    ):
        play = bpb.BrugesAction()
        getattr(play, kind).card = card.id
        choice = pb.LegalAction(description=f"play it ({kind})", action=pb.Action(bruges=play))
        described = describe_choice(response, choice).plain
        colour = f" — {colour_name(card.colour)}"
        assert described.endswith(f"{colour} (die {die})" if names_the_die else colour), described


def test_one_line_gives_each_seats_points_if_the_game_ended_now_by_the_rules_scoring() -> None:
    """Bourgeoisie's board gives prestige "if the game ended now"; Bruges gave only the
    track. One line now gives each seat's VP as the rules' end-game scoring (``score_seat``)
    counts the position (seed: End-Game Scoring; docs/rules/bruges.md item 21). All of it is
    public (item 24), so each seat's view and a spectator's give the same, and say so."""
    table = table_in_actions_phase(round_=3)
    totals = [score_seat(table.state, seat).total for seat in range(3)]
    assert totals != [player.score for player in table.state.players]  # more than the track
    seats = ", ".join(f"seat {seat} ({NAMES[seat]}) {total}" for seat, total in enumerate(totals))
    said = f"VP if the game ended now: {seats} (the track plus the end-game scoring, from public"
    spectator = table.view(0)
    spectator.view.bruges.CopyFrom(view_to_proto(view(table.state, None)))
    for response in (*map(table.view, range(3)), spectator):
        assert said in " ".join(printed(response).split())


def test_a_finished_board_has_no_points_if_the_game_ended_now() -> None:
    """Once the game is over the seats table gives the final scores (seed: GAME END): a line
    of what the end would score has nothing left to say."""
    table = LocalTable("bruges", 2, b"render", ("Ada", "Bob"))
    bots = [HeuristicBot(seat) for seat in range(2)]
    while (seat := table.to_act()) is not None:
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    assert "if the game ended now" not in printed(table.view(0))


def test_a_victim_of_several_disasters_is_said_to_choose_their_order() -> None:
    """Under the published rules several disasters may wait for one victim, who settles them
    in the order it likes (data §2.5); one line says so, where one line per colour read as
    if the game asked them in turn."""
    loss, draw = bpb.BRUGES_PENDING_KIND_LOSS, bpb.BRUGES_PENDING_KIND_DRAW
    waiting = bpb.BrugesView(
        pending=[
            bpb.BrugesPending(seat=0, kind=loss, colour=bpb.BRUGES_COLOUR_BROWN),
            bpb.BrugesPending(seat=0, kind=loss, colour=bpb.BRUGES_COLOUR_RED),
            bpb.BrugesPending(seat=1, kind=loss, colour=bpb.BRUGES_COLOUR_RED),
            bpb.BrugesPending(seat=1, kind=draw, count=2),
        ]
    )
    text = pending_text(waiting, ["Ada", "Bob"])
    assert text is not None
    assert text.plain == (
        "Waiting: seat 0 (Ada) chooses its brown and red losses, in the order it likes; "
        "seat 1 (Bob) chooses its red loss; seat 1 (Bob) may draw 2 more"
    )
