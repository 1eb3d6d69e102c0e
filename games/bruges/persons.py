"""The project's own 165 person cards, as data (bruges-data.md §1.5: the published list could
not be obtained, so this set is ours; docs/rules/bruges.md, "The person cards").

Eleven groups of fifteen, three persons of each colour per group, so 33 per colour; costs run
0 to 12 and the printed points are a third of the cost, rounded down (bruges-data.md §1.2,
stored per card all the same). Every ability is an ``Effect`` over the vocabulary of
``catalogue.EffectKind``; the rules interpret it, and no card has code of its own. A card's id
is its position in ``PERSONS``.
"""

from __future__ import annotations

from typing import Final

from games.bruges.catalogue import Activation, Basis, Colour, Effect, EffectKind, Group, Person

B, N, R, P, Y = Colour.BLUE, Colour.BROWN, Colour.RED, Colour.PURPLE, Colour.YELLOW
IMM, WRK, ONG, END = Activation.IMMEDIATE, Activation.WORKER, Activation.ONGOING, Activation.ENDGAME
K = EffectKind
G = Group


def _e(kind: EffectKind, amount: int = 0, colour: Colour | None = None) -> Effect:
    return Effect(kind, amount, colour)


def _per(
    kind: EffectKind,
    basis: Basis,
    amount: int = 1,
    per: int = 1,
    group: Group | None = None,
    colour: Colour | None = None,
) -> Effect:
    return Effect(kind, amount, colour, group, basis, per)


def vp_per(basis: Basis, amount: int = 1, per: int = 1, **only: Group | Colour) -> Effect:
    """``amount`` VP for every ``per`` units of ``basis`` (group= or colour= narrows it)."""
    return _per(K.VP_PER, basis, amount, per, _group(only), _colour(only))


def guilders_per(basis: Basis, amount: int = 1, per: int = 1) -> Effect:
    return _per(K.GUILDERS_PER, basis, amount, per)


def _group(only: dict[str, Group | Colour]) -> Group | None:
    group = only.get("group")
    return group if isinstance(group, Group) else None


def _colour(only: dict[str, Group | Colour]) -> Colour | None:
    colour = only.get("colour")
    return colour if isinstance(colour, Colour) else None


_Row = tuple[str, Colour, Group, int, int, Activation, Effect, Colour | None]


def _r(
    name: str,
    colour: Colour,
    group: Group,
    cost: int,
    points: int,
    activation: Activation,
    effect: Effect,
    worker: Colour | None = None,
) -> _Row:
    return (name, colour, group, cost, points, activation, effect, worker)


HS, PS, GR, CO = Basis.HOUSES, Basis.PERSONS, Basis.GROUP, Basis.COLOUR
_ROWS: Final[tuple[_Row, ...]] = (
    # --- Nobles: reputation and standing --------------------------------------------------
    _r("Count Boudewijn", B, G.NOBLE, 10, 3, END, vp_per(HS)),
    _r("Squire Wouter", B, G.NOBLE, 1, 0, IMM, _e(K.GAIN_WORKERS, 1)),
    _r("Seneschal Hughe", B, G.NOBLE, 5, 1, WRK, _e(K.ADVANCE_REPUTATION, 1), Y),
    _r("Countess Ysabeel", N, G.NOBLE, 9, 3, END, vp_per(GR, 2, group=G.NOBLE)),
    _r("Chatelaine Oda", N, G.NOBLE, 3, 1, ONG, _e(K.REPUTATION_DISCOUNT, 2)),
    _r("Dowager Clementia", N, G.NOBLE, 2, 0, ONG, _e(K.GAIN_GUILDERS, 1)),
    _r("Baron Gillis", R, G.NOBLE, 6, 2, IMM, _e(K.ADVANCE_REPUTATION, 2)),
    _r("Viscount Rombout", R, G.NOBLE, 8, 2, END, vp_per(Basis.REPUTATION, 1, 2)),
    _r("Margrave Daneel", R, G.NOBLE, 11, 3, END, vp_per(PS)),
    _r("Baroness Mechtild", P, G.NOBLE, 5, 1, ONG, _e(K.ON_REPUTATION_VP, 1)),
    _r("Heiress Beatrijs", P, G.NOBLE, 7, 2, IMM, _e(K.GAIN_VP, 3)),
    _r("Banneret Zeger", P, G.NOBLE, 4, 1, WRK, _e(K.GAIN_VP, 2), B),
    _r("Knight Everaert", Y, G.NOBLE, 4, 1, WRK, _e(K.GAIN_VP, 2), R),
    _r("Marquis Lodewijk", Y, G.NOBLE, 12, 4, END, vp_per(Basis.MAJORITIES, 3)),
    _r("Dame Kateline of Damme", Y, G.NOBLE, 8, 2, ONG, _e(K.ON_RECRUIT_VP, 1)),
    # --- Entertainers: coin and cards -----------------------------------------------------
    _r("Claes the Juggler", B, G.ENTERTAINER, 0, 0, IMM, _e(K.GAIN_GUILDERS, 2)),
    _r("Soetkin the Dancer", B, G.ENTERTAINER, 3, 1, ONG, _e(K.GAIN_GUILDERS, 1)),
    _r("Jacob the Lute Player", B, G.ENTERTAINER, 5, 1, WRK, _e(K.DRAW_CARDS, 1), N),
    _r("Pieter the Jester", N, G.ENTERTAINER, 2, 0, IMM, _e(K.OPPONENTS_LOSE_GUILDERS, 1)),
    _r("Griete the Puppeteer", N, G.ENTERTAINER, 4, 1, IMM, _e(K.DRAW_CARDS, 2)),
    _r("Lieven the Bear Tamer", N, G.ENTERTAINER, 6, 2, WRK, _e(K.GAIN_GUILDERS, 4), R),
    _r("Joos the Fire-eater", R, G.ENTERTAINER, 1, 0, IMM, _e(K.DISCARD_THREAT, 1)),
    _r("Tanne the Acrobat", R, G.ENTERTAINER, 3, 1, ONG, _e(K.ON_HAND_GUILDERS, 1)),
    _r("Willem the Trumpeter", R, G.ENTERTAINER, 7, 2, END, vp_per(GR, 2, group=G.ENTERTAINER)),
    _r("Hadewijch the Storyteller", P, G.ENTERTAINER, 2, 0, IMM, guilders_per(PS)),
    _r("Anthonis the Rhetorician", P, G.ENTERTAINER, 8, 2, END, vp_per(Basis.DISTINCT_COLOURS)),
    _r("Digna the Mummer", P, G.ENTERTAINER, 5, 1, WRK, _e(K.GAIN_GUILDERS, 3), Y),
    _r("Gosuin the Minstrel", Y, G.ENTERTAINER, 4, 1, ONG, _e(K.BOOST_GUILDERS, 1)),
    _r("Betkin the Tumbler", Y, G.ENTERTAINER, 1, 0, IMM, _e(K.GAIN_WORKERS, 2, Y)),
    _r("Steven the Fiddler", Y, G.ENTERTAINER, 6, 2, WRK, _e(K.DRAW_CARDS, 1), B),
    # --- Craftsmen: workers and houses ----------------------------------------------------
    _r("Adriaen the Weaver", B, G.CRAFTSMAN, 2, 0, IMM, _e(K.GAIN_WORKERS, 2, B)),
    _r("Lijsbette the Lacemaker", B, G.CRAFTSMAN, 5, 1, ONG, _e(K.BOOST_WORKERS, 1)),
    _r("Maarten the Dyer", B, G.CRAFTSMAN, 4, 1, WRK, _e(K.GAIN_WORKERS, 2), N),
    _r("Godevaert the Carpenter", N, G.CRAFTSMAN, 6, 2, ONG, _e(K.HOUSE_NO_WORKER)),
    _r("Simoen the Mason", N, G.CRAFTSMAN, 7, 2, ONG, _e(K.ON_HOUSE_VP, 1)),
    _r("Aernout the Cooper", N, G.CRAFTSMAN, 1, 0, IMM, _e(K.GAIN_WORKERS, 2, N)),
    _r("Gheeraert the Smith", R, G.CRAFTSMAN, 3, 1, WRK, _e(K.GAIN_WORKERS, 2), R),
    _r("Fransois the Glazier", R, G.CRAFTSMAN, 8, 2, END, vp_per(HS)),
    _r("Marie the Chandler", R, G.CRAFTSMAN, 2, 0, IMM, _e(K.GAIN_GUILDERS, 3)),
    _r("Victor the Goldsmith", P, G.CRAFTSMAN, 9, 3, WRK, _e(K.GAIN_VP, 3), P),
    _r("Ida the Tanner", P, G.CRAFTSMAN, 0, 0, IMM, _e(K.GAIN_WORKERS, 1, P)),
    _r("Everaert the Bell-founder", P, G.CRAFTSMAN, 10, 3, END, vp_per(GR, 2, group=G.CRAFTSMAN)),
    _r("Olivier the Cordwainer", Y, G.CRAFTSMAN, 4, 1, ONG, _e(K.GAIN_WORKERS, 1)),
    _r("Josine the Tapestry Maker", Y, G.CRAFTSMAN, 11, 3, END, vp_per(Basis.WORKERS, 1, 2)),
    _r("Thomas the Fuller", Y, G.CRAFTSMAN, 3, 1, WRK, guilders_per(HS), Y),
    # --- Church: threats and piety --------------------------------------------------------
    _r("Abbot Godfried", B, G.CHURCH, 9, 3, END, vp_per(Basis.THREATLESS, 5)),
    _r("Agnes the Beguine", B, G.CHURCH, 2, 0, ONG, _e(K.ON_THREAT_GUILDERS, 1)),
    _r("Brother Hendrik", B, G.CHURCH, 4, 1, WRK, _e(K.DISCARD_THREAT, 1), P),
    _r("Canon Filips", N, G.CHURCH, 5, 1, IMM, _e(K.DISCARD_THREAT, 2)),
    _r("Chaplain Cornelis", N, G.CHURCH, 3, 1, ONG, _e(K.DISCARD_THREAT, 1)),
    _r("Bishop Aelbrecht", N, G.CHURCH, 12, 4, END, vp_per(GR, 3, group=G.CHURCH)),
    _r("Prior Jan", R, G.CHURCH, 6, 2, ONG, _e(K.THREAT_DISCARD_VP, 1)),
    _r("Deacon Michiel", R, G.CHURCH, 1, 0, IMM, _e(K.DISCARD_THREAT, 1)),
    _r("Pilgrim Adelheid", R, G.CHURCH, 4, 1, IMM, _e(K.ADVANCE_REPUTATION, 1)),
    _r("Abbess Aleydis", P, G.CHURCH, 8, 2, ONG, _e(K.REPUTATION_DISCOUNT, 2)),
    _r("Almoner Wivine", P, G.CHURCH, 3, 1, WRK, _e(K.DISCARD_THREAT, 1), Y),
    _r("Confessor Lodewijk", P, G.CHURCH, 7, 2, WRK, _e(K.ADVANCE_REPUTATION, 1), B),
    _r("Sexton Baudouin", Y, G.CHURCH, 0, 0, IMM, _e(K.GAIN_VP, 1)),
    _r("Hermit Zeger", Y, G.CHURCH, 4, 1, IMM, vp_per(Basis.THREATLESS, 3)),
    _r("Sister Magdalena", Y, G.CHURCH, 5, 1, IMM, _e(K.DISCARD_THREAT, 3)),
    # --- Protectors: the city against its disasters ---------------------------------------
    _r("Dike Reeve Rombout", B, G.PROTECTOR, 6, 2, ONG, _e(K.THREAT_IMMUNITY, 0, B)),
    _r("Wall Warden Pieter", B, G.PROTECTOR, 4, 1, ONG, _e(K.CANAL_DISCOUNT, 1)),
    _r("Night Watchman Claes", B, G.PROTECTOR, 1, 0, IMM, _e(K.DISCARD_THREAT, 1)),
    _r("Plague Doctor Cornelis", N, G.PROTECTOR, 6, 2, ONG, _e(K.THREAT_IMMUNITY, 0, N)),
    _r("Gatekeeper Willem", N, G.PROTECTOR, 2, 0, ONG, _e(K.GAIN_GUILDERS, 1)),
    _r("Constable Steven", N, G.PROTECTOR, 5, 1, WRK, _e(K.DISCARD_THREAT, 2), N),
    _r("Firewarden Aernout", R, G.PROTECTOR, 6, 2, ONG, _e(K.THREAT_IMMUNITY, 0, R)),
    _r("Crossbowman Jacob", R, G.PROTECTOR, 3, 1, WRK, _e(K.DISCARD_THREAT, 1), R),
    _r("Guard Captain Hughe", R, G.PROTECTOR, 9, 3, END, vp_per(Basis.CANAL_TOKENS)),
    _r("Bailiff Joos", P, G.PROTECTOR, 6, 2, ONG, _e(K.THREAT_IMMUNITY, 0, P)),
    _r("Halberdier Gillis", P, G.PROTECTOR, 2, 0, IMM, _e(K.GAIN_WORKERS, 2, R)),
    _r("Sergeant Daneel", P, G.PROTECTOR, 8, 2, END, vp_per(GR, 2, group=G.PROTECTOR)),
    _r("Militia Captain Everaert", Y, G.PROTECTOR, 6, 2, ONG, _e(K.THREAT_IMMUNITY, 0, Y)),
    _r("Archer Wouter", Y, G.PROTECTOR, 4, 1, WRK, _e(K.GAIN_VP, 2), Y),
    _r("Watch Sergeant Lieven", Y, G.PROTECTOR, 10, 3, END, vp_per(Basis.STATUES, 3)),
    # --- Scholars: cards and breadth ------------------------------------------------------
    _r("Physician Gosuin", B, G.SCHOLAR, 7, 2, WRK, _e(K.DISCARD_THREAT, 2), B),
    _r("Astronomer Olivier", B, G.SCHOLAR, 5, 1, WRK, _e(K.DRAW_CARDS, 1), P),
    _r("Schoolmaster Jan", B, G.SCHOLAR, 3, 1, IMM, _e(K.DRAW_CARDS, 1)),
    _r("Alchemist Simoen", N, G.SCHOLAR, 8, 2, WRK, _e(K.GAIN_GUILDERS, 5), N),
    _r("Cartographer Filips", N, G.SCHOLAR, 6, 2, ONG, _e(K.CANAL_DISCOUNT, 2)),
    _r("Scribe Ida", N, G.SCHOLAR, 1, 0, IMM, _e(K.DRAW_CARDS, 1)),
    _r("Jurist Arnoud", R, G.SCHOLAR, 4, 1, ONG, _e(K.RECRUIT_DISCOUNT, 1)),
    _r("Apothecary Griete", R, G.SCHOLAR, 2, 0, WRK, _e(K.GAIN_GUILDERS, 2), R),
    _r("Philosopher Victor", R, G.SCHOLAR, 11, 3, END, vp_per(Basis.DISTINCT_GROUPS)),
    _r("Librarian Oda", P, G.SCHOLAR, 6, 2, WRK, _e(K.DRAW_CARDS, 2), Y),
    _r("Translator Michiel", P, G.SCHOLAR, 3, 1, ONG, _e(K.ON_HAND_GUILDERS, 1)),
    _r("Rector Anthonis", P, G.SCHOLAR, 10, 3, END, vp_per(GR, 2, group=G.SCHOLAR)),
    _r("Herbalist Geertrui", Y, G.SCHOLAR, 2, 0, IMM, _e(K.DISCARD_THREAT, 1)),
    _r("Mathematician Thomas", Y, G.SCHOLAR, 7, 2, END, vp_per(Basis.GUILDERS, 1, 3)),
    _r("Chronicler Lodewijk", Y, G.SCHOLAR, 9, 3, END, vp_per(Basis.DISTINCT_COLOURS, 2)),
    # --- Bureaucrats: fees, discounts and dues --------------------------------------------
    _r("Alderman Joos", B, G.BUREAUCRAT, 6, 2, ONG, _e(K.REPUTATION_DISCOUNT, 1)),
    _r("Tax Collector Hughe", B, G.BUREAUCRAT, 5, 1, IMM, _e(K.STEAL_GUILDERS, 1)),
    _r("Toll Keeper Wouter", B, G.BUREAUCRAT, 4, 1, ONG, _e(K.BOOST_GUILDERS, 1)),
    _r("Burgomaster Gheeraert", N, G.BUREAUCRAT, 12, 4, END, vp_per(Basis.REPUTATION)),
    _r("Notary Marie", N, G.BUREAUCRAT, 2, 0, ONG, _e(K.RECRUIT_DISCOUNT, 1, N)),
    _r("Clerk Adriaen", N, G.BUREAUCRAT, 0, 0, IMM, _e(K.GAIN_GUILDERS, 1)),
    _r("Treasurer Everaert", R, G.BUREAUCRAT, 8, 2, WRK, guilders_per(PS), B),
    _r("Magistrate Boudewijn", R, G.BUREAUCRAT, 9, 3, ONG, _e(K.ON_RECRUIT_VP, 1)),
    _r("Registrar Clementia", R, G.BUREAUCRAT, 3, 1, IMM, guilders_per(HS)),
    _r("Herald Tanne", P, G.BUREAUCRAT, 4, 1, IMM, _e(K.ADVANCE_REPUTATION, 1)),
    _r("Secretary Digna", P, G.BUREAUCRAT, 2, 0, ONG, _e(K.RECRUIT_DISCOUNT, 1, P)),
    _r("Assessor Claes", P, G.BUREAUCRAT, 7, 2, END, vp_per(GR, 2, group=G.BUREAUCRAT)),
    _r("Customs Officer Steven", Y, G.BUREAUCRAT, 5, 1, WRK, _e(K.GAIN_GUILDERS, 3), Y),
    _r("Schout Zeger", Y, G.BUREAUCRAT, 6, 2, IMM, _e(K.OPPONENTS_LOSE_GUILDERS, 2)),
    _r("Envoy Hadewijch", Y, G.BUREAUCRAT, 3, 1, ONG, _e(K.RECRUIT_DISCOUNT, 1, Y)),
    # --- Merchants: money -----------------------------------------------------------------
    _r("Jacob the Wool Merchant", B, G.MERCHANT, 4, 1, ONG, _e(K.BOOST_GUILDERS, 1)),
    _r("Willem the Shipowner", B, G.MERCHANT, 8, 2, WRK, _e(K.GAIN_GUILDERS, 5), B),
    _r("Rombout the Lombard", B, G.MERCHANT, 1, 0, IMM, _e(K.GAIN_GUILDERS, 3)),
    _r("Lijsbette the Spice Trader", N, G.MERCHANT, 6, 2, WRK, _e(K.GAIN_GUILDERS, 4), N),
    _r("Pieter the Banker", N, G.MERCHANT, 10, 3, END, vp_per(Basis.GUILDERS, 1, 2)),
    _r("Gillis the Grain Dealer", N, G.MERCHANT, 3, 1, ONG, _e(K.GAIN_GUILDERS, 1)),
    _r("Ysabeel the Moneychanger", R, G.MERCHANT, 2, 0, IMM, _e(K.GAIN_GUILDERS, 3)),
    _r("Arnoud the Wine Merchant", R, G.MERCHANT, 5, 1, ONG, _e(K.ON_CANAL_VP, 1)),
    _r("Maarten the Hansa Factor", R, G.MERCHANT, 7, 2, WRK, guilders_per(Basis.CANAL_TOKENS), R),
    _r("Beatrijs the Cloth Merchant", P, G.MERCHANT, 5, 1, WRK, _e(K.GAIN_GUILDERS, 3), P),
    _r("Fransois the Broker", P, G.MERCHANT, 3, 1, IMM, _e(K.STEAL_GUILDERS, 1)),
    _r("Daneel the Jeweller", P, G.MERCHANT, 11, 3, END, vp_per(GR, 2, group=G.MERCHANT)),
    _r("Mechtild the Furrier", Y, G.MERCHANT, 4, 1, IMM, _e(K.GAIN_GUILDERS, 5)),
    _r("Hendrik the Salt Trader", Y, G.MERCHANT, 6, 2, ONG, _e(K.BOOST_GUILDERS, 2)),
    _r("Soetkin the Innkeeper", Y, G.MERCHANT, 0, 0, ONG, _e(K.ON_HAND_GUILDERS, 1)),
    # --- The court: dear and grand --------------------------------------------------------
    _r("Duke Filips", B, G.COURT, 12, 4, END, vp_per(Basis.MAJORITIES, 2)),
    _r("Page Josse", B, G.COURT, 1, 0, IMM, _e(K.DRAW_CARDS, 1)),
    _r("Falconer Gosuin", B, G.COURT, 5, 1, WRK, _e(K.GAIN_VP, 2), N),
    _r("Duchess Margriete", N, G.COURT, 11, 3, IMM, _e(K.GAIN_VP, 5)),
    _r("Chamberlain Lieven", N, G.COURT, 7, 2, ONG, _e(K.RECRUIT_DISCOUNT, 2)),
    _r("Cupbearer Betkin", N, G.COURT, 2, 0, ONG, _e(K.GAIN_GUILDERS, 1)),
    _r("Prince Lodewijk", R, G.COURT, 10, 3, IMM, _e(K.ADVANCE_REPUTATION, 3)),
    _r("Marshal Gillis", R, G.COURT, 8, 2, END, vp_per(Basis.STATUES, 2)),
    _r("Equerry Aernout", R, G.COURT, 3, 1, WRK, _e(K.GAIN_WORKERS, 2), R),
    _r("Princess Marie", P, G.COURT, 9, 3, ONG, _e(K.ON_RECRUIT_VP, 1)),
    _r("Chancellor Anthonis", P, G.COURT, 12, 4, END, vp_per(GR, 3, group=G.COURT)),
    _r("Lady-in-waiting Kateline", P, G.COURT, 4, 1, IMM, _e(K.ADVANCE_REPUTATION, 1)),
    _r("Master of the Hunt Wouter", Y, G.COURT, 6, 2, WRK, _e(K.GAIN_VP, 2), Y),
    _r("Royal Steward Everaert", Y, G.COURT, 5, 1, ONG, _e(K.BOOST_WORKERS, 1)),
    _r("Dowager Duchess Oda", Y, G.COURT, 10, 3, END, vp_per(Basis.REPUTATION, 1, 2)),
    # --- Artists: lasting works -----------------------------------------------------------
    _r("Jan the Painter", B, G.ARTIST, 8, 2, END, vp_per(Basis.DISTINCT_GROUPS)),
    _r("Gheeraert the Illuminator", B, G.ARTIST, 4, 1, WRK, _e(K.GAIN_VP, 2), P),
    _r("Agnes the Glass Painter", B, G.ARTIST, 6, 2, END, vp_per(CO, 2, colour=B)),
    _r("Everaert the Sculptor", N, G.ARTIST, 9, 3, END, vp_per(Basis.STATUES, 2)),
    _r("Joos the Woodcarver", N, G.ARTIST, 3, 1, IMM, _e(K.GAIN_VP, 2)),
    _r("Cornelis the Organ Builder", N, G.ARTIST, 7, 2, END, vp_per(CO, 2, colour=N)),
    _r("Simoen the Architect", R, G.ARTIST, 10, 3, END, vp_per(Basis.CANAL_TOKENS)),
    _r("Margriete the Portraitist", R, G.ARTIST, 5, 1, ONG, _e(K.ON_RECRUIT_VP, 1)),
    _r("Claes the Miniaturist", R, G.ARTIST, 6, 2, END, vp_per(CO, 2, colour=R)),
    _r("Lieven the Composer", P, G.ARTIST, 8, 2, END, vp_per(GR, 2, group=G.ARTIST)),
    _r("Hadewijch the Poet", P, G.ARTIST, 2, 0, IMM, _e(K.GAIN_VP, 1)),
    _r("Kateline the Embroiderer", P, G.ARTIST, 6, 2, END, vp_per(CO, 2, colour=P)),
    _r("Michiel the Calligrapher", Y, G.ARTIST, 3, 1, WRK, _e(K.DRAW_CARDS, 1), N),
    _r("Wivine the Choirmaster", Y, G.ARTIST, 7, 2, ONG, _e(K.ON_REPUTATION_VP, 1)),
    _r("Daneel the Stonecarver", Y, G.ARTIST, 6, 2, END, vp_per(CO, 2, colour=Y)),
    # --- The underworld: nasty for everyone else ------------------------------------------
    _r("Claes the Smuggler", B, G.UNDERWORLD, 3, 1, WRK, _e(K.STEAL_GUILDERS, 1), B),
    _r("Jan the Forger", B, G.UNDERWORLD, 4, 1, IMM, _e(K.GAIN_GUILDERS, 4)),
    _r("Gillis the Saboteur", B, G.UNDERWORLD, 6, 2, IMM, _e(K.OPPONENTS_THREAT, 0, B)),
    _r("Hughe the Rat Catcher", N, G.UNDERWORLD, 5, 1, IMM, _e(K.OPPONENTS_THREAT, 0, N)),
    _r("Arnoud the Beggar King", N, G.UNDERWORLD, 2, 0, ONG, _e(K.GAIN_GUILDERS, 1)),
    _r("Pieter the Fence", N, G.UNDERWORLD, 7, 2, WRK, _e(K.STEAL_GUILDERS, 2), N),
    _r("Wouter the Arsonist", R, G.UNDERWORLD, 5, 1, IMM, _e(K.OPPONENTS_THREAT, 0, R)),
    _r("Digna the Cutpurse", R, G.UNDERWORLD, 1, 0, IMM, _e(K.STEAL_GUILDERS, 1)),
    _r("Maarten the Highwayman", R, G.UNDERWORLD, 6, 2, WRK, _e(K.OPPONENTS_LOSE_GUILDERS, 2), R),
    _r("Oda the Poisoner", P, G.UNDERWORLD, 5, 1, IMM, _e(K.OPPONENTS_THREAT, 0, P)),
    _r("Steven the Swindler", P, G.UNDERWORLD, 2, 0, WRK, _e(K.OPPONENTS_LOSE_VP, 1), P),
    _r("Zeger the Extortioner", P, G.UNDERWORLD, 8, 2, IMM, _e(K.OPPONENTS_LOSE_VP, 2)),
    _r("Griete the Pickpocket", Y, G.UNDERWORLD, 0, 0, IMM, _e(K.STEAL_GUILDERS, 1)),
    _r("Josse the Card Sharp", Y, G.UNDERWORLD, 4, 1, WRK, _e(K.GAIN_GUILDERS, 3), Y),
    _r("Victor the Counterfeiter", Y, G.UNDERWORLD, 7, 2, IMM, _e(K.OPPONENTS_THREAT, 0, Y)),
)

PERSONS: Final[tuple[Person, ...]] = tuple(Person(i, *row) for i, row in enumerate(_ROWS))
CARD_COUNT: Final = len(PERSONS)


def person(card: int) -> Person:
    """The person card with id ``card``."""
    return PERSONS[card]
