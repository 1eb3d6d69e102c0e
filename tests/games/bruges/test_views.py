"""docs/architecture.md §4 "view hides secrets": hands and the piles' order are never in another
seat's or the public view; the colour of every card back (pile tops, hands, houses) is public."""

from __future__ import annotations

from dataclasses import replace

from games.bruges import describe, full_view, view
from games.bruges.actions import (
    ActivatePerson,
    AdvanceReputation,
    BuildCanal,
    BuildHouse,
    DeclineReputation,
    DiscardThreat,
    DrawCard,
    RecruitPerson,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.catalogue import Colour, Phase, TurnStep
from games.bruges.events import (
    CardDrawn,
    GameEnded,
    HouseBuilt,
    Payout,
    PilesDealt,
    RoundBegan,
    SeatScore,
    ThreatDiscarded,
    TurnEnded,
)
from games.bruges.options import describe_action
from games.bruges.persons import person
from games.bruges.state import State

from .builders import (
    B,
    N,
    P,
    R,
    Y,
    counts,
    house,
    of_type,
    persons_in,
    pid,
    plain,
    player,
    step,
    table,
)
from .randomplay import keen_chooser, play


def secret_table() -> State:
    return table(
        player(
            hand=[plain(B), plain(R)], houses=[house(plain(Y), "Archer Wouter"), house(plain(N))]
        ),
        player(hand=[plain(Y, 1)], fresh=(plain(N, 1),)),
        phase=Phase.DRAW,
        active=1,
        dice=(),
    )


def test_a_seat_sees_its_own_hand_and_only_the_colours_of_the_others() -> None:
    seen = view(secret_table(), 0)
    mine, theirs = seen.players
    assert mine.hand is not None and [c.id for c in mine.hand] == [plain(B), plain(R)]
    assert theirs.hand is None and theirs.hand_size == 2
    assert theirs.hand_colours == (Colour.BROWN, Colour.YELLOW)


def test_cards_drawn_in_phase_1_stay_unseen_even_by_their_owner_until_the_hand_is_full() -> None:
    seen = view(secret_table(), 1).players[1]
    assert seen.hand is not None and [c.id for c in seen.hand] == [plain(Y, 1)]
    assert seen.hand_size == 2 and Colour.BROWN in seen.hand_colours


def test_the_public_view_shows_no_hand_and_no_house_face() -> None:
    seen = view(secret_table(), None)
    assert all(p.hand is None for p in seen.players)
    houses = seen.players[0].houses
    assert [(h.colour, h.card) for h in houses] == [(Colour.YELLOW, None), (Colour.BROWN, None)]
    assert houses[0].person is not None and houses[0].person.name == "Archer Wouter"
    assert view(secret_table(), 0).players[0].houses[1].card == plain(N)


def test_the_full_view_shows_every_hand_unseen_cards_included() -> None:
    seen = full_view(secret_table())
    assert [None if p.hand is None else len(p.hand) for p in seen.players] == [2, 2]


def test_only_the_top_cards_colour_and_the_sizes_of_the_piles_are_shown() -> None:
    state = secret_table()
    piles = view(state, None).piles
    assert [(p.size, p.top) for p in piles] == [
        (len(state.piles[i]), person(state.piles[i][0]).colour) for i in (0, 1)
    ]
    reordered = replace(
        state,
        piles=tuple(p[:1] + tuple(reversed(p[1:])) for p in state.piles),  # type: ignore[arg-type]
        extra=tuple(reversed(state.extra)),
    )
    for seat in (None, 0, 1):
        assert view(state, seat) == view(reordered, seat)


def test_swapping_an_opponents_card_for_a_same_coloured_one_changes_no_other_view() -> None:
    state = secret_table()
    other_blue = plain(B, 3)
    swapped = replace(
        state, players=(replace(state.players[0], hand=(other_blue, plain(R))), state.players[1])
    )
    assert view(state, 1) == view(swapped, 1) and view(state, None) == view(swapped, None)
    assert view(state, 0) != view(swapped, 0)


def test_describing_a_draw_or_a_house_names_only_the_colour() -> None:
    card = pid("Baron Gillis")
    assert describe(CardDrawn(0, 1, card), "default") == "Seat 0 drew a red card from pile 1"
    assert describe(HouseBuilt(0, card, Colour.RED), "default") == "Seat 0 built a red house"
    assert describe(PilesDealt(((1, 2), (3,)), (4, 5, 6)), "default") == (
        "The cards were shuffled: draw piles of 2 and 1, extra pile of 3"
    )


def test_the_end_of_the_game_says_where_each_seats_points_came_from() -> None:
    """bruges-data.md §3.7: the final score is the sum of its sources; a source a seat scored
    nothing in is left out."""
    first = SeatScore(0, 8, 0, 3, 0, 4, 0, 6, 3, 24, 2)
    second = SeatScore(1, 10, 3, 6, 2, 8, 0, 0, 0, 29, 0)
    assert describe(GameEnded((first, second), (2, 1)), "default") == (
        "The game ended: seat 0 24 VP (place 2: track 8, houses 3, majorities 4, statues 6, "
        "reputation 3); seat 1 29 VP (place 1: track 10, persons 3, houses 6, laurels 2, "
        "majorities 8)"
    )


def test_no_description_of_a_whole_game_names_a_card_its_readers_cannot_see() -> None:
    for number, played in enumerate(play(3, 5, keen_chooser(5))):
        for event in played.events:
            line = describe(event, "default")
            assert line and "\n" not in line
            if isinstance(event, CardDrawn | HouseBuilt):
                assert person(event.card).name not in line
        if number > 400:
            break


def test_actions_have_a_description() -> None:
    state = table()
    assert describe_action(state, DrawCard(1)) == "draw from pile 1"
    assert (
        describe_action(state, RecruitPerson(pid("Baron Gillis"), 2))
        == "recruit Baron Gillis into house 2"
    )
    assert describe_action(state, ActivatePerson(pid("Maarten the Dyer"), Colour.RED)) == (
        "activate Maarten the Dyer, choosing red"
    )


def test_a_canal_space_and_a_recruit_name_their_price_after_discounts() -> None:
    """Seed: a canal token costs the value of the card's colour die; a person costs what is
    printed on it, less what the owner's persons take off, and the line names them."""
    baron = pid("Baron Gillis")  # red, cost 6
    me = player(
        hand=[plain(Y), baron],
        guilders=9,
        canal=(0,),
        houses=(*persons_in("Jurist Arnoud"), house(plain(R, 4))),
    )
    dice = (1, 1, 1, 1, 5)
    state = table(me, player(), dice=dice)
    assert describe_action(state, BuildCanal(plain(Y))) == (
        f"play {person(plain(Y)).name} to build canal space 1 for 5 guilders"
    )
    assert describe_action(state, RecruitPerson(baron, 1)) == (
        "recruit Baron Gillis into house 1 for 5 guilders (1 off for Jurist Arnoud)"
    )
    mapped = replace(me, houses=(*persons_in("Cartographer Filips", "Wall Warden Pieter"),))
    assert describe_action(table(mapped, player(), dice=dice), BuildCanal(plain(Y))) == (
        f"play {person(plain(Y)).name} to build canal space 1 for 2 guilders (2 off for "
        "Cartographer Filips, 1 off for Wall Warden Pieter)"
    )
    assert describe_action(table(replace(me, guilders=4), dice=dice), BuildCanal(plain(Y))) == (
        f"play {person(plain(Y)).name} to build canal space 1"  # refused now: no price
    )


def test_a_canal_play_names_the_space_it_builds_and_what_that_scores() -> None:
    """Seed: Action IV, the canal's spaces 3 and 8 score 3 VP when first built and spaces 5
    and 10 take the top statue; a space rebuilt after a disaster earns neither again. One
    canal is never called "section 0"; the published two sections are named, with the 3 VP
    their third space is worth at game end (bruges-data.md §2.2)."""
    blue = person(plain(B)).name

    def described(
        canal: tuple[int, ...], ruleset: str = "default", peak: tuple[int, ...] | None = None
    ) -> str:
        """Building the first section with a card of the next space's colour (published);
        ``peak``, the furthest each section was ever built, when a disaster cut it back."""
        card = plain((B, N, R, P, Y)[canal[0]] if ruleset == "published" else B)
        me = player(hand=[card], canal=canal, guilders=20)
        me = me if peak is None else replace(me, canal_peak=peak)
        state = table(me, player(), ruleset=ruleset, dice=(1, 2, 3, 4, 5))
        return describe_action(state, BuildCanal(card, 0))

    assert described((2,)) == f"play {blue} to build canal space 3 for 1 guilder, scoring 3 VP"
    assert described((4,)) == (
        f"play {blue} to build canal space 5 for 1 guilder, taking the statue worth 7"
    )
    assert described((2,), peak=(3,)) == f"play {blue} to build canal space 3 for 1 guilder"
    assert described((0, 0), "published") == (
        f"play {blue} to build space 1 of canal section 0 for 1 guilder"
    )
    assert described((2, 0), "published").endswith(
        "to build space 3 of canal section 0 for 3 guilders, worth 3 VP at game end"
    )
    assert described((4, 0), "published").endswith(
        "space 5 of canal section 0 for 5 guilders, taking the statue worth 7"
    )


def test_the_reputation_step_names_its_price_and_the_step_it_reaches() -> None:
    """Seed: Phase 2 step 2: the step costs the dice showing 1 or 2, less the seat's
    discounts (Abbess Aleydis: 2 less); free with no such die (docs/rules/bruges.md, item 6)."""
    me = player(reputation=3, guilders=9)
    on_track = table(me, player(), phase=Phase.REPUTATION, dice=(1, 2, 2, 4, 5))
    assert describe_action(on_track, AdvanceReputation()) == (
        "pay 5 guilders to climb the reputation track to step 4"
    )
    cheaper = replace(me, houses=persons_in("Abbess Aleydis"))
    discounted = table(cheaper, player(), phase=Phase.REPUTATION, dice=(1, 2, 2, 4, 5))
    assert describe_action(discounted, AdvanceReputation()).startswith("pay 3 guilders to ")
    free = table(me, player(), phase=Phase.REPUTATION, dice=(3, 3, 4, 5, 6))
    assert describe_action(free, AdvanceReputation()) == (
        "climb the reputation track to step 4, for free"
    )
    assert describe_action(on_track, DeclineReputation()) == "stay on reputation step 3"


def test_the_view_follows_the_game() -> None:
    state = table(player(hand=[plain(B)]), player(), phase=Phase.DRAW, dice=())
    state, _ = step(state, 0, DrawCard(0))
    seen = view(state, 0)
    assert seen.phase is Phase.DRAW and seen.to_act == 0 and seen.players[0].hand_size == 2


def test_a_new_round_shows_its_start_players_draw_not_yet_begun() -> None:
    """The last Phase 3 turn of round 1 ends ("done"); round 2 begins with its start player's
    Phase 1 draw, a turn in which nothing has been done yet."""
    given = table(player(hand=[plain(B)]), player(), round=1)
    state, events = step(given, 0, TakeWorkers(plain(B)))
    assert TurnEnded(0) in events and of_type(events, RoundBegan) == [RoundBegan(2, 1)]
    for seat in (None, 0, 1):
        seen = view(state, seat)
        assert (seen.round, seen.phase, seen.start_player, seen.to_act) == (2, Phase.DRAW, 1, 1)
        assert seen.step is TurnStep.STARTED


def test_a_basic_card_play_says_what_it_gains_or_costs() -> None:
    """Seed: Action I (2 workers of the card's colour), Action II (the die of its colour, here
    3, plus Gosuin the Minstrel's +1), Action III (one marker of its colour back, +1 guilder;
    +1 VP under published, bruges-data.md §2.5) and Action V (a worker of its colour)."""
    card = plain(B)
    blue = person(card).name
    me = player(
        hand=[card],
        threats=counts(blue=1),
        workers=counts(blue=1),
        houses=persons_in("Gosuin the Minstrel"),
    )
    state = table(me, player(), dice=(3, 3, 3, 3, 3))
    assert describe_action(state, TakeWorkers(card)) == f"play {blue} for workers: 2 blue workers"
    assert describe_action(state, TakeGuilders(card)) == f"play {blue} for guilders: 4 guilders"
    assert describe_action(state, DiscardThreat(card)) == (
        f"play {blue} to discard a threat marker (blue), for +1 guilder"
    )
    assert describe_action(state, BuildHouse(card)) == (
        f"play {blue} as a house, paying a blue worker"
    )
    published = table(me, player(), ruleset="published", dice=(3, 3, 3, 3, 3))
    assert describe_action(published, DiscardThreat(card)).endswith("for +1 VP")


def test_a_person_that_discards_threat_markers_says_what_they_earn_as_action_iii_does() -> None:
    """docs/rules/bruges.md item 11: every way of discarding a marker earns the same, +1
    guilder (seed: Action III) or +1 VP (published). Action III's option said so; activating
    a person that discards said only the colour chosen. Physician Gosuin discards up to two
    markers of one colour, Chaplain Cornelis one; the event lines say the reward too. The
    option said "for +2 guilders (2 markers)", as if the markers were paid for; it says they
    are discarded, as a recruit's option does."""
    cornelis, gosuin = pid("Chaplain Cornelis"), pid("Physician Gosuin")
    me = player(
        threats=counts(red=2, yellow=1),
        workers=counts(blue=1),
        houses=persons_in("Chaplain Cornelis", "Physician Gosuin"),
    )
    state = table(me, player())
    assert describe_action(state, ActivatePerson(cornelis, Colour.RED)) == (
        "activate Chaplain Cornelis, choosing red: discards a red marker for +1 guilder"
    )
    assert describe_action(state, ActivatePerson(gosuin, Colour.RED)) == (
        "activate Physician Gosuin, choosing red: discards 2 red markers for +2 guilders"
    )
    assert describe_action(state, ActivatePerson(gosuin, Colour.YELLOW)).endswith(
        "choosing yellow: discards a yellow marker for +1 guilder"  # up to two, one is held
    )
    published = table(me, player(), ruleset="published")
    assert describe_action(published, ActivatePerson(gosuin, Colour.RED)).endswith(
        "choosing red: discards 2 red markers for +2 VP"
    )
    _, events = step(state, 0, ActivatePerson(gosuin, Colour.RED))
    discarded = [describe(e, "default") for e in of_type(events, ThreatDiscarded)]
    assert discarded == ["Seat 0 discarded a red threat marker (Physician Gosuin), +1 guilder"] * 2


def test_recruiting_a_person_that_discards_at_once_says_what_the_discard_earns() -> None:
    """docs/rules/bruges.md item 11: a person recruited whose immediate effect discards
    markers earns for each what Action III earns, and its option said only the colour chosen.
    The price now comes before the choice, which read as the choice's price ("choosing red for
    1 guilder"). Canon Filips discards up to two markers of one colour, Joos one."""
    filips, joos, wouter = pid("Canon Filips"), pid("Joos the Fire-eater"), pid("Squire Wouter")
    me = player(
        hand=[filips, joos, wouter],
        guilders=9,
        threats=counts(red=2, yellow=1),
        houses=[house(plain(N, 4)), house(plain(R, 4)), house(plain(B, 4))],
    )
    state = table(me, player())
    assert describe_action(state, RecruitPerson(filips, 0, Colour.RED)) == (
        "recruit Canon Filips into house 0 for 5 guilders, choosing red: discards 2 red "
        "markers for +2 guilders"
    )
    assert describe_action(state, RecruitPerson(joos, 1, Colour.YELLOW)) == (
        "recruit Joos the Fire-eater into house 1 for 1 guilder, choosing yellow: discards a "
        "yellow marker for +1 guilder"
    )
    assert describe_action(state, RecruitPerson(wouter, 2, Colour.RED)) == (
        "recruit Squire Wouter into house 2 for 1 guilder, choosing red"  # workers, no discard
    )
    published = table(me, player(), ruleset="published")
    assert describe_action(published, RecruitPerson(filips, 0, Colour.RED)).endswith(
        "choosing red: discards 2 red markers for +2 VP"
    )
    poor = table(replace(me, guilders=4), player())
    assert describe_action(poor, RecruitPerson(filips, 0, Colour.RED)) == (
        "recruit Canon Filips into house 0, choosing red"  # refused now: no price, no reward
    )
    _, events = step(state, 0, RecruitPerson(filips, 0, Colour.RED))
    assert [(e.colour, e.guilders) for e in of_type(events, ThreatDiscarded)] == [(R, 1)] * 2


def test_a_discard_option_counts_what_prior_jan_pays_for_each_marker() -> None:
    """Prior Jan: "+1 VP whenever you discard a threat marker" (our cards: THREAT_DISCARD_VP).
    Action III's option, a person's activation and a recruit's immediate discard said the
    marker's own reward only; each now adds what the rules pay Prior Jan's owner, marker by
    marker, as the events show."""
    gosuin, filips = pid("Physician Gosuin"), pid("Canon Filips")
    me = player(
        hand=[plain(R), filips],
        guilders=9,
        threats=counts(red=2),
        houses=[*persons_in("Prior Jan", "Physician Gosuin"), house(plain(N, 4))],
    )
    state = table(me, player())
    assert describe_action(state, DiscardThreat(plain(R))) == (
        f"play {person(plain(R)).name} to discard a threat marker (red), for +1 guilder and "
        "+1 VP (Prior Jan)"
    )
    assert describe_action(state, ActivatePerson(gosuin, Colour.RED)) == (
        "activate Physician Gosuin, choosing red: discards 2 red markers for +2 guilders and +2 VP "
        "(Prior Jan)"
    )
    assert describe_action(state, RecruitPerson(filips, 2, Colour.RED)).endswith(
        ", choosing red: discards 2 red markers for +2 guilders and +2 VP (Prior Jan)"
    )
    published = table(me, player(), ruleset="published")
    assert describe_action(published, DiscardThreat(plain(R))).endswith(
        "(red), for +1 VP and +1 VP (Prior Jan)"
    )
    _, events = step(state, 0, ActivatePerson(gosuin, Colour.RED))
    paid = [e.vp for e in of_type(events, Payout) if e.person == pid("Prior Jan")]
    assert paid == [1, 1]


def test_a_recruit_option_says_what_the_seats_persons_pay_for_it() -> None:
    """Dame Kateline of Damme and Princess Marie: "+1 VP whenever you recruit another person"
    (our cards: ON_RECRUIT_VP). A recruit's option said its price alone; it now adds what each
    such person in play pays, as the rules pay it when the recruit is played."""
    wouter, filips = pid("Squire Wouter"), pid("Canon Filips")
    me = player(
        hand=[wouter, filips],
        guilders=9,
        threats=counts(red=1),
        houses=[
            *persons_in("Dame Kateline of Damme", "Princess Marie"),
            house(plain(N, 4)),
            house(plain(B, 4)),
        ],
    )
    state = table(me, player())
    assert describe_action(state, RecruitPerson(wouter, 3, Colour.RED)) == (
        "recruit Squire Wouter into house 3 for 1 guilder, +1 VP (Dame Kateline of Damme), "
        "+1 VP (Princess Marie), choosing red"
    )
    assert describe_action(state, RecruitPerson(filips, 2, Colour.RED)).endswith(
        "+1 VP (Princess Marie), choosing red: discards a red marker for +1 guilder"
    )
    _, events = step(state, 0, RecruitPerson(wouter, 3, Colour.RED))
    paid = {e.person: e.vp for e in of_type(events, Payout) if e.vp}
    assert paid == {pid("Dame Kateline of Damme"): 1, pid("Princess Marie"): 1}
