"""The person-effect vocabulary (catalogue.EffectKind): one scenario per kind, each through the
rules (recruiting, activating, or the situation a boost or trigger watches)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from games.bruges import legal_actions
from games.bruges.actions import (
    ActivatePerson,
    AdvanceReputation,
    BuildCanal,
    BuildHouse,
    DiscardThreat,
    DrawCard,
    RecruitPerson,
    TakeGuilders,
    TakeWorkers,
)
from games.bruges.catalogue import Colour, EffectKind, Phase
from games.bruges.events import (
    CardDrawn,
    DrawsOwed,
    Event,
    Payout,
    PersonRecruited,
    ReputationBought,
    ThreatDiscarded,
    ThreatReceived,
)
from games.bruges.persons import person
from games.bruges.scoring import laurels
from games.bruges.state import Player, State

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
    refusal,
    roll,
    rolling,
    settled,
    step,
    table,
)

K = EffectKind
COVERED: set[EffectKind] = set()


def covers(*kinds: EffectKind) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register the kinds a scenario exercises (checked at import, whatever runs)."""
    COVERED.update(kinds)
    return lambda test: test


def recruiting(name: str, me: Player | None = None, *others: Player, **kw: object) -> State:
    """Seat 0 holds ``name`` and an empty house of its colour, with money to pay for it."""
    card = pid(name)
    base = me or player(guilders=person(card).cost)
    home = house(plain(person(card).colour, 4))
    seated = replace(base, hand=(*base.hand, card), houses=(*base.houses, home))
    return table(seated, *(others or (player(),)), **kw)  # type: ignore[arg-type]


def recruit(
    state: State, name: str, choice: Colour | None = None
) -> tuple[State, tuple[Event, ...]]:
    houses = state.players[0].houses
    return step(state, 0, RecruitPerson(pid(name), len(houses) - 1, choice))


def owning(*names: str, **kw: object) -> Player:
    return player(houses=persons_in(*names), **kw)  # type: ignore[arg-type]


# --- gains -------------------------------------------------------------------------------------


@covers(K.GAIN_GUILDERS)
def test_gain_guilders_on_recruitment_and_free_once_per_round() -> None:
    state, _ = recruit(recruiting("Claes the Juggler", player(guilders=0)), "Claes the Juggler")
    assert state.players[0].guilders == 2
    given = table(owning("Dowager Clementia", hand=[plain(B)], guilders=0), player())
    state, events = step(given, 0, ActivatePerson(pid("Dowager Clementia")))
    assert events[1] == Payout(0, pid("Dowager Clementia"), guilders=1)
    assert refusal(state, ActivatePerson(pid("Dowager Clementia"))).reason == "PERSON_UNAVAILABLE"


@covers(K.GAIN_WORKERS)
def test_gain_workers_of_the_printed_colour_or_of_a_chosen_one() -> None:
    state, _ = recruit(recruiting("Adriaen the Weaver"), "Adriaen the Weaver")
    assert state.players[0].workers == counts(3, 1, 1, 1, 1)
    dyer = pid("Maarten the Dyer")  # pay a brown worker: 2 workers of a chosen colour
    given = table(owning("Maarten the Dyer", hand=[plain(B)]), player())
    assert refusal(given, ActivatePerson(dyer)).reason == "BAD_CHOICE"
    state, _ = step(given, 0, ActivatePerson(dyer, Colour.RED))
    assert state.players[0].workers == counts(1, 0, 3, 1, 1)


@covers(K.GAIN_VP)
def test_gain_vp() -> None:
    state, _ = recruit(recruiting("Heiress Beatrijs"), "Heiress Beatrijs")
    assert state.players[0].score == 8


@covers(K.DISCARD_THREAT)
def test_discard_threats_of_a_chosen_colour_each_for_the_usual_reward() -> None:
    me = player(guilders=5, threats=counts(red=2, yellow=1))
    state, _ = recruit(recruiting("Canon Filips", me), "Canon Filips", Colour.RED)
    assert state.players[0].threats == counts(yellow=1) and state.players[0].guilders == 2
    published = recruiting("Canon Filips", me, ruleset="published")
    state, _ = recruit(published, "Canon Filips", Colour.RED)
    assert state.players[0].score == 7
    calm = recruiting("Canon Filips", player(guilders=5))
    state, _ = recruit(calm, "Canon Filips")  # nothing held: no question, nothing happens
    assert state.players[0].guilders == 0


def test_a_discard_with_no_marker_held_may_still_be_activated_and_discards_nothing() -> None:
    """Our card semantics (docs/rules/bruges.md, "The person cards are the project's own"):
    "DISCARD_THREAT with no marker held asks no question and does nothing". Activated, as
    recruited, a worker person still pays its worker, as a climb on the top step does (item
    31): Brother Hendrik (pay a purple worker: discard 1 threat marker) with none held."""
    hendrik = pid("Brother Hendrik")
    given = table(owning("Brother Hendrik", hand=[plain(B)]), player())
    assert ActivatePerson(hendrik) in legal_actions(given, 0)
    assert refusal(given, ActivatePerson(hendrik, Colour.RED)).reason == "BAD_CHOICE"
    state, events = step(given, 0, ActivatePerson(hendrik))
    assert not of_type(events, ThreatDiscarded) and state.players[0].turned == (hendrik,)
    assert state.players[0].workers == counts(1, 1, 1, 0, 1)
    assert state.players[0].guilders == 5


@covers(K.ADVANCE_REPUTATION)
def test_advance_reputation_never_past_the_top() -> None:
    state, _ = recruit(recruiting("Prince Lodewijk"), "Prince Lodewijk")
    assert state.players[0].reputation == 3
    high = recruiting("Prince Lodewijk", player(guilders=10, reputation=11))
    state, _ = recruit(high, "Prince Lodewijk")
    assert state.players[0].reputation == 12


def test_a_climb_on_the_top_step_may_still_be_made_and_climbs_nothing() -> None:
    """Seneschal Hughe: "Once per round, pay a yellow worker: climb 1 reputation step". On
    step 12 he may still act: the worker is paid, the pawn stays, and Baroness Mechtild ("+1
    VP for every reputation step you climb") earns nothing. Pilgrim Adelheid ("When recruited:
    climb 1 reputation step") may still be recruited there (docs/rules/bruges.md, item 31)."""
    hughe = pid("Seneschal Hughe")
    me = owning(
        "Seneschal Hughe",
        "Baroness Mechtild",
        hand=[plain(B)],
        reputation=12,
        workers=counts(yellow=1),
    )
    given = table(me, player())
    assert ActivatePerson(hughe) in legal_actions(given, 0)
    state, events = step(given, 0, ActivatePerson(hughe))
    assert not of_type(events, Payout) and state.players[0].turned == (hughe,)
    assert (state.players[0].reputation, state.players[0].score) == (12, 5)
    assert state.players[0].workers == (0,) * 5
    top = recruiting("Pilgrim Adelheid", owning("Baroness Mechtild", guilders=4, reputation=12))
    state, events = recruit(top, "Pilgrim Adelheid")
    assert not of_type(events, Payout) and pid("Pilgrim Adelheid") in state.players[0].persons
    assert (state.players[0].reputation, state.players[0].score) == (12, 5)


@covers(K.DRAW_CARDS)
def test_draw_cards_pile_by_pile_and_seen_at_once() -> None:
    state, events = recruit(recruiting("Griete the Puppeteer"), "Griete the Puppeteer")
    assert DrawsOwed(0, 2, pid("Griete the Puppeteer")) in events
    top = state.piles[1][0]
    state, events = step(state, 0, DrawCard(1))
    assert events[0] == CardDrawn(0, 1, top, effect=True) and top in state.players[0].hand
    state, _ = step(state, 0, DrawCard(0))
    assert not state.pending and len(state.players[0].hand) == 2


@covers(K.GUILDERS_PER)
def test_guilders_per_house() -> None:
    me = player(guilders=3, houses=[house(plain(B)), house(plain(N))])
    state, _ = recruit(recruiting("Registrar Clementia", me), "Registrar Clementia")
    assert state.players[0].guilders == 3  # paid 3, then 1 per house: three houses


@covers(K.VP_PER)
def test_vp_per_on_recruitment_counts_now() -> None:
    state, _ = recruit(recruiting("Hermit Zeger"), "Hermit Zeger")
    assert state.players[0].score == 8
    worried = recruiting("Hermit Zeger", player(guilders=4, threats=counts(blue=1)))
    state, _ = recruit(worried, "Hermit Zeger")
    assert state.players[0].score == 5


def test_published_a_count_of_canal_tokens_adds_both_sections() -> None:
    """Maarten the Hansa Factor: "pay a red worker: gain 1 guilder per canal token"; Guard
    Captain Hughe: "At game end: 1 VP per canal token". The published canal has two sections
    (bruges-data.md §2.2), and every token counts: 3 in one and 2 in the other make 5."""
    names = ("Maarten the Hansa Factor", "Guard Captain Hughe")
    me = owning(*names, hand=[plain(B)], guilders=0, canal=(3, 2))
    state, _ = step(table(me, player(), ruleset="published"), 0, ActivatePerson(pid(names[0])))
    assert state.players[0].guilders == 5
    assert laurels(state.players[0]) == 5


def test_a_per_person_gain_on_recruitment_counts_the_recruit_itself() -> None:
    """Hadewijch the Storyteller: "When recruited: gain 1 guilder per person in play". Once
    recruited she is in play, so she counts herself, as Registrar Clementia counts the house
    she moved into (docs/rules/bruges.md, item 27)."""
    me = player(guilders=2, houses=persons_in("Baron Gillis"))
    name = "Hadewijch the Storyteller"
    state, events = recruit(recruiting(name, me), name)
    assert Payout(0, pid(name), guilders=2) in events
    assert state.players[0].guilders == 2  # paid 2, then 1 for Baron Gillis and 1 for herself


# --- against the opponents ---------------------------------------------------------------------


@covers(K.OPPONENTS_THREAT)
def test_every_opponent_receives_a_threat_marker_unless_protected() -> None:
    given = recruiting("Gillis the Saboteur", None, player(), owning("Dike Reeve Rombout"))
    state, events = recruit(given, "Gillis the Saboteur")
    assert [e.seat for e in of_type(events, ThreatReceived)] == [1]
    assert state.players[0].threats == (0,) * 5 and state.players[2].threats == (0,) * 5


@covers(K.OPPONENTS_LOSE_GUILDERS)
def test_every_opponent_loses_guilders_down_to_0() -> None:
    given = recruiting("Schout Zeger", None, player(guilders=5), player(guilders=1))
    state, _ = recruit(given, "Schout Zeger")
    assert [p.guilders for p in state.players] == [0, 3, 0]


@covers(K.OPPONENTS_LOSE_VP)
def test_every_opponent_loses_vp_down_to_0() -> None:
    given = recruiting("Zeger the Extortioner", None, player(score=9), player(score=1))
    state, _ = recruit(given, "Zeger the Extortioner")
    assert [p.score for p in state.players] == [5, 7, 0]


@covers(K.STEAL_GUILDERS)
def test_steal_guilders_from_every_opponent() -> None:
    given = recruiting("Tax Collector Hughe", None, player(guilders=4), player(guilders=0))
    state, _ = recruit(given, "Tax Collector Hughe")
    assert [p.guilders for p in state.players] == [1, 3, 0]


def test_stolen_guilders_are_what_every_opponent_lost_added_up() -> None:
    """Our cards (``STEAL_GUILDERS``, "take 1 guilder from every opponent"): two opponents
    with guilders each lose one, and the thief gains both; one with none loses nothing, and
    the thief gains nothing from it."""
    given = recruiting(
        "Tax Collector Hughe", None, player(guilders=4), player(guilders=2), player(guilders=0)
    )
    state, _ = recruit(given, "Tax Collector Hughe")
    assert [p.guilders for p in state.players] == [2, 3, 1, 0]


# --- permanent boosts --------------------------------------------------------------------------


@covers(K.BOOST_WORKERS)
def test_boost_workers() -> None:
    given = table(owning("Lijsbette the Lacemaker", hand=[plain(R)]), player())
    state, _ = step(given, 0, TakeWorkers(plain(R)))
    assert state.players[0].workers[2] == 4


@covers(K.BOOST_GUILDERS)
def test_boost_guilders() -> None:
    given = table(owning("Hendrik the Salt Trader", hand=[plain(R)], guilders=0), player())
    state, _ = step(given, 0, TakeGuilders(plain(R)))
    assert state.players[0].guilders == 5  # die 3, +2


def test_boosts_of_several_persons_add_up() -> None:
    """Jacob the Wool Merchant: "take 1 more guilder with every Take Guilders action"; Hendrik
    the Salt Trader: "take 2 more guilders ..."; Lijsbette the Lacemaker and Royal Steward
    Everaert: "take 1 more worker with every Take Workers action". Each card's text applies:
    the die's 3 guilders and 3 more, the action's 2 workers and 2 more."""
    merchants = ("Jacob the Wool Merchant", "Hendrik the Salt Trader")
    given = table(owning(*merchants, hand=[plain(R)], guilders=0), player())
    state, _ = step(given, 0, TakeGuilders(plain(R)))
    assert state.players[0].guilders == 6
    makers = ("Lijsbette the Lacemaker", "Royal Steward Everaert")
    state, _ = step(table(owning(*makers, hand=[plain(R)]), player()), 0, TakeWorkers(plain(R)))
    assert state.players[0].workers == counts(1, 1, 5, 1, 1)


def test_boosts_and_triggers_are_never_turned_and_act_on_every_play_of_the_round() -> None:
    """bruges-data.md §1.3, ongoing kinds (b) and (c): a permanent boost or a trigger is "not
    turned" and "can fire several times a round"; only a free gain, kind (a), is activated
    (docs/rules/bruges.md, item 19). The lacemaker adds a worker to both Take Workers plays of
    the round and the mason pays for both houses."""
    owners = ("Lijsbette the Lacemaker", "Simoen the Mason")
    me = owning(*owners, hand=[plain(R, i) for i in range(4)])
    state = table(me, player(hand=[plain(Y, i) for i in range(4)]))
    for name in owners:
        assert refusal(state, ActivatePerson(pid(name))).reason == "PERSON_UNAVAILABLE"
    plays: tuple[TakeWorkers | BuildHouse, ...] = (
        TakeWorkers(plain(R)),
        TakeWorkers(plain(R, 1)),
        BuildHouse(plain(R, 2)),
        BuildHouse(plain(R, 3)),
    )
    for i, play in enumerate(plays):
        state, _ = step(state, 0, play)
        assert state.players[0].turned == ()
        state, _ = step(state, 1, TakeWorkers(plain(Y, i)))
    mine = state.players[0]
    assert (mine.workers, mine.score, len(mine.houses)) == (counts(1, 1, 5, 1, 1), 7, 4)


@covers(K.CANAL_DISCOUNT)
def test_canal_discount_never_below_0() -> None:
    given = table(
        owning("Cartographer Filips", hand=[plain(P)], guilders=9), player(), dice=(1, 1, 1, 5, 1)
    )
    state, _ = step(given, 0, BuildCanal(plain(P)))
    assert state.players[0].guilders == 6
    published = table(
        owning("Cartographer Filips", hand=[plain(B)], guilders=9), player(), ruleset="published"
    )
    state, _ = step(published, 0, BuildCanal(plain(B), 0))
    assert state.players[0].guilders == 9


@covers(K.RECRUIT_DISCOUNT)
def test_recruit_discount_for_any_person_or_one_colour() -> None:
    me = player(guilders=5, houses=persons_in("Jurist Arnoud"))
    state, _events = recruit(recruiting("Baron Gillis", me), "Baron Gillis")
    assert state.players[0].guilders == 0  # cost 6, less 1
    brown_only = player(guilders=9, houses=persons_in("Notary Marie"))
    state, _ = recruit(recruiting("Baron Gillis", brown_only), "Baron Gillis")
    assert state.players[0].guilders == 3
    state, _ = recruit(recruiting("Countess Ysabeel", brown_only), "Countess Ysabeel")
    assert state.players[0].guilders == 1  # brown, cost 9, less 1


def test_recruit_and_reputation_discounts_never_below_0() -> None:
    """Our card semantics: amounts never take anything below 0 (docs/rules/bruges.md, "Our
    card semantics"). Jurist Arnoud (persons cost 1 less) makes Claes the Juggler (cost 0)
    free, not a payment to the recruiter; Chatelaine Oda (the step costs 2 less) makes a step
    priced 1 by the dice (seed: Phase 2 step 2) free, not a gain."""
    me = player(guilders=0, houses=persons_in("Jurist Arnoud"))
    state, events = recruit(recruiting("Claes the Juggler", me), "Claes the Juggler")
    assert of_type(events, PersonRecruited)[0].paid == 0
    assert state.players[0].guilders == 2  # nothing paid, then his 2 guilders
    oda = player(guilders=0, houses=persons_in("Chatelaine Oda"))
    state, _ = roll(rolling(oda, player(guilders=0)), [1, 3, 3, 3, 3])
    state, events = step(state, 0, AdvanceReputation())
    assert events[0] == ReputationBought(0, 0)
    assert (state.players[0].guilders, state.players[0].reputation) == (0, 1)


@covers(K.REPUTATION_DISCOUNT)
def test_reputation_discount() -> None:
    me = player(guilders=1, houses=persons_in("Chatelaine Oda"))
    state, _ = roll(rolling(me, player(guilders=0)), [1, 2, 3, 3, 3])
    state, _events = step(state, 0, AdvanceReputation())
    assert state.players[0].guilders == 0 and state.players[0].reputation == 1


@covers(K.HOUSE_NO_WORKER)
def test_houses_without_a_worker() -> None:
    given = table(owning("Godevaert the Carpenter", hand=[plain(Y)], workers=(0,) * 5), player())
    state, _ = step(given, 0, BuildHouse(plain(Y)))
    assert len(state.players[0].houses) == 2 and state.players[0].workers == (0,) * 5


@covers(K.THREAT_IMMUNITY)
def test_threat_immunity_keeps_the_dice_markers_away() -> None:
    me = owning("Dike Reeve Rombout", threats=counts(blue=2))
    state, _events = roll(rolling(me, player()), [6, 6, 3, 3, 3])
    assert state.players[0].threats == counts(blue=2, brown=1)
    assert state.players[1].threats == counts(blue=1, brown=1)


@covers(K.THREAT_DISCARD_VP)
def test_vp_for_every_threat_discarded() -> None:
    given = table(owning("Prior Jan", hand=[plain(R)], threats=counts(red=1)), player())
    state, _ = step(given, 0, DiscardThreat(plain(R)))
    assert state.players[0].score == 6 and state.players[0].guilders == 6


def test_a_discard_trigger_pays_for_each_marker_a_person_discards() -> None:
    """Prior Jan: "+1 VP whenever you discard a threat marker"; Canon Filips: "When recruited:
    discard up to 2 threat markers of one colour". Each of the two markers is a discard, so
    each earns the usual reward (+1 VP, published: bruges-data.md §2.5) and the Prior's VP:
    4 VP in all, not 2 or 3 (docs/rules/bruges.md, item 11)."""
    me = owning("Prior Jan", guilders=5, threats=counts(red=2))
    state, events = recruit(recruiting("Canon Filips", me, ruleset="published"), "Canon Filips", R)
    assert len(of_type(events, ThreatDiscarded)) == 2
    prior = [e for e in of_type(events, Payout) if e.person == pid("Prior Jan")]
    assert prior == [Payout(0, pid("Prior Jan"), vp=1)] * 2
    assert (state.players[0].score, state.players[0].threats) == (9, (0,) * 5)


def test_recruit_discounts_of_several_persons_add_up() -> None:
    """Jurist Arnoud: "persons cost you 1 guilder less"; Chamberlain Lieven: "persons cost you
    2 guilders less"; Notary Marie: "brown persons cost you 1 guilder less". Each card's text
    applies, so all three take 4 off Countess Ysabeel (brown, cost 9), and the two that name
    no colour 3 off Baron Gillis (red, cost 6)."""
    names = ("Jurist Arnoud", "Chamberlain Lieven", "Notary Marie")
    state, events = recruit(
        recruiting("Countess Ysabeel", owning(*names, guilders=5)), "Countess Ysabeel"
    )
    assert of_type(events, PersonRecruited)[0].paid == 5 and state.players[0].guilders == 0
    state, events = recruit(recruiting("Baron Gillis", owning(*names, guilders=3)), "Baron Gillis")
    assert of_type(events, PersonRecruited)[0].paid == 3 and state.players[0].guilders == 0


# --- triggers ----------------------------------------------------------------------------------


@covers(K.ON_RECRUIT_VP)
def test_vp_whenever_another_person_is_recruited() -> None:
    state, _ = recruit(
        recruiting("Dame Kateline of Damme", player(guilders=8)), "Dame Kateline of Damme"
    )
    assert state.players[0].score == 5  # not for herself
    me = player(guilders=6, houses=persons_in("Dame Kateline of Damme"))
    state, _ = recruit(recruiting("Baron Gillis", me), "Baron Gillis")
    assert state.players[0].score == 6


@covers(K.ON_HOUSE_VP)
def test_vp_whenever_a_house_is_built() -> None:
    given = table(owning("Simoen the Mason", hand=[plain(B)]), player())
    state, _ = step(given, 0, BuildHouse(plain(B)))
    assert state.players[0].score == 6


@covers(K.ON_CANAL_VP)
def test_vp_whenever_a_canal_token_is_built() -> None:
    given = table(owning("Arnoud the Wine Merchant", hand=[plain(B)]), player())
    state, _ = step(given, 0, BuildCanal(plain(B)))
    assert state.players[0].score == 6


@covers(K.ON_REPUTATION_VP)
def test_vp_for_every_reputation_step() -> None:
    me = player(guilders=10, houses=persons_in("Baroness Mechtild"))
    state, _ = recruit(recruiting("Prince Lodewijk", me), "Prince Lodewijk")
    assert state.players[0].score == 8  # three steps
    state, _ = roll(rolling(me, player(guilders=0)), [3, 3, 3, 3, 3])
    state, _ = step(state, 0, AdvanceReputation())
    assert state.players[0].score == 6


@covers(K.ON_HAND_GUILDERS)
def test_guilders_whenever_the_phase_1_hand_is_complete() -> None:
    me = owning("Soetkin the Innkeeper", guilders=0)
    state = table(me, player(), phase=Phase.DRAW, dice=())
    for _ in range(4):
        state, _ = step(state, 0, DrawCard(0))
    assert state.players[0].guilders == 0
    state, events = step(state, 0, DrawCard(0))
    assert Payout(0, pid("Soetkin the Innkeeper"), guilders=1) in events


def test_a_hand_left_short_by_empty_piles_is_not_complete_and_earns_nothing() -> None:
    """Soetkin the Innkeeper's text: "+1 guilder whenever your Phase 1 hand is complete". With
    every card gone a hand stays short (docs/rules/bruges.md, item 3): it is not complete, so
    it earns nothing. A hand that already held five drew nothing and is complete."""
    short = owning("Soetkin the Innkeeper", guilders=0)
    full = owning("Tanne the Acrobat", hand=[plain(c) for c in (B, N, R, P, Y)], guilders=0)
    state = table(short, full, phase=Phase.DRAW, dice=(), piles=((plain(B, 1),), ()), extra=())
    state, events = step(state, 0, DrawCard(0), rolls=[3] * 5)
    assert state.players[0].hand == (plain(B, 1),) and state.phase is Phase.REPUTATION
    assert [(e.seat, e.person) for e in of_type(events, Payout)] == [(1, pid("Tanne the Acrobat"))]
    assert state.players[0].guilders == 0 and state.players[1].guilders == 1


def test_every_hand_trigger_pays_and_a_hand_of_more_than_five_is_complete() -> None:
    """Tanne the Acrobat and Translator Michiel: "+1 guilder whenever your Phase 1 hand is
    complete". Each card's text applies, so both pay. A hand of six, kept from a person's
    extra draws, draws nothing in Phase 1 (docs/rules/bruges.md, item 25) and is complete
    (item 3), so it earns as a hand of five does."""
    six = [plain(c, i) for i in range(2) for c in (B, N, R)]
    me = owning("Tanne the Acrobat", "Translator Michiel", hand=six, guilders=0)
    given = table(me, player(), phase=Phase.DRAW, dice=())
    state, events = settled(given)
    assert not of_type(events, CardDrawn) and state.active == 1
    paid = [(e.seat, e.person, e.guilders) for e in of_type(events, Payout)]
    assert paid == [(0, pid("Tanne the Acrobat"), 1), (0, pid("Translator Michiel"), 1)]
    assert state.players[0].guilders == 2 and len(state.players[0].hand) == 6


@covers(K.ON_THREAT_GUILDERS)
def test_guilders_whenever_a_threat_marker_arrives() -> None:
    me = owning("Agnes the Beguine", guilders=0)
    state, _ = roll(rolling(me, player()), [5, 3, 6, 3, 3])
    assert state.players[0].guilders == 2 and state.players[0].threats == counts(blue=1, red=1)


def test_a_marker_from_an_opponents_person_pays_the_threat_trigger_too() -> None:
    """Agnes the Beguine: "+1 guilder whenever you receive a threat marker", whatever gives
    it. The marker Gillis the Saboteur hands out ("When recruited: every opponent receives a
    blue threat marker") is received, from him, and pays as a die's does."""
    given = recruiting("Gillis the Saboteur", None, owning("Agnes the Beguine", guilders=0))
    state, events = recruit(given, "Gillis the Saboteur")
    assert of_type(events, ThreatReceived) == [ThreatReceived(1, B, pid("Gillis the Saboteur"))]
    assert Payout(1, pid("Agnes the Beguine"), guilders=1) in events
    assert (state.players[1].guilders, state.players[1].threats) == (1, counts(blue=1))


def test_every_effect_kind_has_a_scenario() -> None:
    assert set(EffectKind) == COVERED
