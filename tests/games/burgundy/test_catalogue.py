"""Data §1-§3: estate board #1, the depots, the 164 hex tiles, the knowledge tiles and the
scoring tables are exactly as the component data lists them."""

from __future__ import annotations

import csv
import re
from collections import Counter

import pytest

from games.burgundy.catalogue import (
    BLACK_DEPOT_SIZE,
    COLOUR_SPACES,
    LARGE_BONUS,
    NEIGHBOURS,
    PHASE_BONUS,
    PHASE_LETTERS,
    REGION_POINTS,
    REGIONS,
    SALE_POINTS,
    SMALL_BONUS,
    SPACES,
    START_CASTLES,
    TILES,
    Animal,
    Building,
    Colour,
    slot_colours,
    space,
)

# Data §1.2, the "neighbours" column of the machine-readable table, verbatim.
DATA_NEIGHBOURS = {
    1: "2 5 6",
    2: "1 3 6 7",
    3: "2 4 7 8",
    4: "3 8 9",
    5: "1 6 10 11",
    6: "1 2 5 7 11 12",
    7: "2 3 6 8 12 13",
    8: "3 4 7 9 13 14",
    9: "4 8 14 15",
    10: "5 11 16 17",
    11: "5 6 10 12 17 18",
    12: "6 7 11 13 18 19",
    13: "7 8 12 14 19 20",
    14: "8 9 13 15 20 21",
    15: "9 14 21 22",
    16: "10 17 23",
    17: "10 11 16 18 23 24",
    18: "11 12 17 19 24 25",
    19: "12 13 18 20 25 26",
    20: "13 14 19 21 26 27",
    21: "14 15 20 22 27 28",
    22: "15 21 28",
    23: "16 17 24 29",
    24: "17 18 23 25 29 30",
    25: "18 19 24 26 30 31",
    26: "19 20 25 27 31 32",
    27: "20 21 26 28 32 33",
    28: "21 22 27 33",
    29: "23 24 30 34",
    30: "24 25 29 31 34 35",
    31: "25 26 30 32 35 36",
    32: "26 27 31 33 36 37",
    33: "27 28 32 37",
    34: "29 30 35",
    35: "30 31 34 36",
    36: "31 32 35 37",
    37: "32 33 36",
}


# Data §1.2, the machine-readable table of estate board #1, verbatim (a copy, so that the
# test needs no file outside this repository).
DATA_BOARD_CSV = """\
id,row,pos,q,r,s,colour,die,region,region_size,neighbours
1,1,1,0,-3,3,pasture,6,R01,5,2 5 6
2,1,2,1,-3,2,castle,5,R02,3,1 3 6 7
3,1,3,2,-3,1,castle,4,R02,3,2 4 7 8
4,1,4,3,-3,0,knowledge,3,R03,3,3 8 9
5,2,1,-1,-2,3,pasture,2,R01,5,1 6 10 11
6,2,2,0,-2,2,pasture,1,R01,5,1 2 5 7 11 12
7,2,3,1,-2,1,castle,6,R02,3,2 3 6 8 12 13
8,2,4,2,-2,0,knowledge,5,R03,3,3 4 7 9 13 14
9,2,5,3,-2,-1,building,4,R04,3,4 8 14 15
10,3,1,-2,-1,3,pasture,5,R01,5,5 11 16 17
11,3,2,-1,-1,2,pasture,4,R01,5,5 6 10 12 17 18
12,3,3,0,-1,1,building,3,R05,1,6 7 11 13 18 19
13,3,4,1,-1,0,knowledge,1,R03,3,7 8 12 14 19 20
14,3,5,2,-1,-1,building,2,R04,3,8 9 13 15 20 21
15,3,6,3,-1,-2,building,3,R04,3,9 14 21 22
16,4,1,-3,0,3,ship,6,R06,3,10 17 23
17,4,2,-2,0,2,ship,1,R06,3,10 11 16 18 23 24
18,4,3,-1,0,1,ship,2,R06,3,11 12 17 19 24 25
19,4,4,0,0,0,castle,6,R07,1,12 13 18 20 25 26
20,4,5,1,0,-1,ship,5,R08,3,13 14 19 21 26 27
21,4,6,2,0,-2,ship,4,R08,3,14 15 20 22 27 28
22,4,7,3,0,-3,ship,1,R08,3,15 21 28
23,5,1,-3,1,2,building,2,R09,3,16 17 24 29
24,5,2,-2,1,1,building,5,R09,3,17 18 23 25 29 30
25,5,3,-1,1,0,mine,4,R10,3,18 19 24 26 30 31
26,5,4,0,1,-1,building,3,R11,5,19 20 25 27 31 32
27,5,5,1,1,-2,building,1,R11,5,20 21 26 28 32 33
28,5,6,2,1,-3,pasture,2,R12,1,21 22 27 33
29,6,1,-3,2,1,building,6,R09,3,23 24 30 34
30,6,2,-2,2,0,mine,1,R10,3,24 25 29 31 34 35
31,6,3,-1,2,-1,knowledge,2,R13,3,25 26 30 32 35 36
32,6,4,0,2,-2,building,5,R11,5,26 27 31 33 36 37
33,6,5,1,2,-3,building,6,R11,5,27 28 32 37
34,7,1,-3,3,0,mine,3,R10,3,29 30 35
35,7,2,-2,3,-1,knowledge,4,R13,3,30 31 34 36
36,7,3,-1,3,-2,knowledge,1,R13,3,31 32 35 37
37,7,4,0,3,-3,building,3,R11,5,32 33 36
"""

# Data §2.1, the rows of the numbered-depot table, verbatim (columns: depot, the slots used with
# 2+ players, added with 3+, added with 4).
DATA_DEPOT_ROWS = (
    "| 1 | s2 building, s3 ship | s1 knowledge | s4 animal |",
    "| 2 | s1 knowledge, s3 castle | s2 building | s4 building |",
    "| 3 | s1 animal, s3 building | s2 ship | s4 knowledge |",
    "| 4 | s2 ship, s3 building | s4 animal | s1 mine |",
    "| 5 | s2 mine, s4 knowledge | s1 building | s3 building |",
    "| 6 | s2 building, s4 animal | s1 castle; **with exactly 3 players this slot takes a castle"
    " in phases A, C, E and a mine in B, D**; with 4 players it is always a castle | s3 ship |",
)
DATA_SLOT_COLOUR = {"animal": Colour.PASTURE}  # the table's word for a light-green tile
SLOT = re.compile(r"\bs(\d) (\w+)")
THREE_PLAYER_NOTE = re.compile(
    r"exactly 3 players this slot takes a (\w+) in phases ([A-E, ]+) and a (\w+) in ([A-E, ]+)"
)


def data_depots(seats: int, phase: int) -> tuple[tuple[Colour, ...], ...]:
    """The colours data §2.1 fills in each depot, slot by slot (s1..s4), with ``seats``
    players in ``phase``: every slot whose count is no higher than the number of players, and
    the note on depot 6's slot for exactly three players."""
    letter = PHASE_LETTERS[phase - 1]
    filled: list[tuple[Colour, ...]] = []
    for row in DATA_DEPOT_ROWS:
        depot, *columns = (cell.strip() for cell in row.strip("|").split("|"))
        slots: dict[int, Colour] = {}
        for fewest, cell in enumerate(columns, start=2):
            if fewest > seats:
                continue
            for slot, word in SLOT.findall(cell):
                slots[int(slot)] = DATA_SLOT_COLOUR.get(word) or Colour(word)
            note = THREE_PLAYER_NOTE.search(cell)
            if note and seats == 3:
                ((slot, _),) = SLOT.findall(cell)
                slots[int(slot)] = Colour(note[1] if letter in note[2] else note[3])
        assert int(depot) == len(filled) + 1
        filled.append(tuple(colour for _, colour in sorted(slots.items())))
    return tuple(filled)


def test_the_board_has_37_spaces_numbered_row_by_row() -> None:
    assert [s.id for s in SPACES] == list(range(1, 38))
    rows = Counter(s.r for s in SPACES)
    assert [rows[r] for r in range(-3, 4)] == [4, 5, 6, 7, 6, 5, 4]


def test_every_space_matches_the_data_table_row_by_row() -> None:
    """Data §1.2: each space's id, axial (q, r), colour, die number and region are the
    machine-readable table's, row by row (region "R07" is region 7)."""
    rows = list(csv.DictReader(DATA_BOARD_CSV.splitlines()))
    assert len(rows) == len(SPACES) == 37
    for row, board in zip(rows, SPACES, strict=True):
        listed = (
            int(row["id"]),
            int(row["q"]),
            int(row["r"]),
            Colour(row["colour"]),
            int(row["die"]),
            int(row["region"].removeprefix("R")),
        )
        assert (board.id, board.q, board.r, board.colour, board.die, board.region) == listed
        assert len(REGIONS[board.region]) == int(row["region_size"]), row["id"]


def test_adjacency_from_axial_coordinates_matches_the_data_table() -> None:
    for space_id, listed in DATA_NEIGHBOURS.items():
        assert NEIGHBOURS[space_id] == tuple(int(n) for n in listed.split())


def test_regions_are_the_connected_areas_of_one_colour() -> None:
    for region, spaces in REGIONS.items():
        colours = {space(s).colour for s in spaces}
        assert len(colours) == 1, region
        reached, frontier = {spaces[0]}, [spaces[0]]
        while frontier:
            for n in NEIGHBOURS[frontier.pop()]:
                if n in spaces and n not in reached:
                    reached.add(n)
                    frontier.append(n)
        assert reached == set(spaces)
        for s in spaces:  # maximal: no same-coloured neighbour outside the region
            assert all(
                space(n).colour is not space(s).colour for n in NEIGHBOURS[s] if n not in spaces
            )


def test_region_sizes_and_colour_totals_match_the_rulebook() -> None:
    sizes = {r: len(s) for r, s in REGIONS.items()}
    assert sizes == {
        1: 5,
        2: 3,
        3: 3,
        4: 3,
        5: 1,
        6: 3,
        7: 1,
        8: 3,
        9: 3,
        10: 3,
        11: 5,
        12: 1,
        13: 3,
    }
    totals = {c: len(s) for c, s in COLOUR_SPACES.items()}
    assert totals == {
        Colour.BUILDING: 12,
        Colour.PASTURE: 6,
        Colour.KNOWLEDGE: 6,
        Colour.SHIP: 6,
        Colour.CASTLE: 4,
        Colour.MINE: 3,
    }
    cities = sorted(len(s) for s in REGIONS.values() if space(s[0]).colour is Colour.BUILDING)
    assert cities == [1, 3, 3, 5]


def test_the_die_numbers_of_each_colour() -> None:
    dice = {c: sorted(space(s).die for s in spaces) for c, spaces in COLOUR_SPACES.items()}
    assert dice[Colour.CASTLE] == [4, 5, 6, 6]
    assert dice[Colour.MINE] == [1, 3, 4]
    assert dice[Colour.SHIP] == [1, 1, 2, 4, 5, 6]
    assert dice[Colour.PASTURE] == [1, 2, 2, 4, 5, 6]
    assert dice[Colour.KNOWLEDGE] == [1, 1, 2, 3, 4, 5]
    assert dice[Colour.BUILDING] == [1, 2, 2, 3, 3, 3, 3, 4, 5, 5, 6, 6]


def test_the_start_castle_space_touches_six_spaces() -> None:
    assert NEIGHBOURS[19] == (12, 13, 18, 20, 25, 26)
    assert space(19).colour is Colour.CASTLE and space(19).die == 6


def test_164_hex_tiles_split_by_colour_and_back() -> None:
    assert len(TILES) == 164 and [t.id for t in TILES] == list(range(164))
    split = Counter((t.colour, t.black) for t in TILES)
    assert split == {
        (Colour.CASTLE, False): 14, (Colour.CASTLE, True): 2,
        (Colour.MINE, False): 10, (Colour.MINE, True): 2,
        (Colour.SHIP, False): 20, (Colour.SHIP, True): 6,
        (Colour.PASTURE, False): 20, (Colour.PASTURE, True): 8,
        (Colour.BUILDING, False): 40, (Colour.BUILDING, True): 16,
        (Colour.KNOWLEDGE, False): 20, (Colour.KNOWLEDGE, True): 6,
    }  # fmt: skip
    assert sum(t.black for t in TILES) == 40
    assert all(TILES[c].colour is Colour.CASTLE and not TILES[c].black for c in START_CASTLES)


def test_buildings_are_seven_of_each_type_five_beige_and_two_black() -> None:
    for building in Building:
        backs = [t.black for t in TILES if t.building is building]
        assert len(backs) == 7 and sum(backs) == 2


@pytest.mark.parametrize("kind", list(Animal))
def test_animals_are_seven_tiles_of_each_kind(kind: Animal) -> None:
    coloured = sorted(t.animals for t in TILES if t.animal is kind and not t.black)
    black = sorted(t.animals for t in TILES if t.animal is kind and t.black)
    assert (coloured, black) == ([2, 2, 3, 3, 4], [3, 4])


def test_knowledge_tiles_1_to_26_with_six_black_backs() -> None:
    numbers = sorted(t.knowledge for t in TILES if t.colour is Colour.KNOWLEDGE)
    assert numbers == list(range(1, 27))
    black = {t.knowledge for t in TILES if t.colour is Colour.KNOWLEDGE and t.black}
    assert black == {7, 12, 14, 15, 24, 25}


@pytest.mark.parametrize(("seats", "per_phase"), [(2, 12), (3, 18), (4, 24)])
def test_depot_slots_per_player_count(seats: int, per_phase: int) -> None:
    filled = Counter(c for depot in slot_colours(seats, 1) for c in depot)
    assert sum(filled.values()) == per_phase
    scale = {2: 1, 3: 1.5, 4: 2}[seats]
    assert filled[Colour.SHIP] == filled[Colour.PASTURE] == filled[Colour.KNOWLEDGE] == 2 * scale
    assert filled[Colour.BUILDING] == 4 * scale


@pytest.mark.parametrize("phase", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_each_depot_fills_the_slots_of_the_data_table(seats: int, phase: int) -> None:
    """Data §2.1: "fill every space whose count is no higher than the number of players",
    depot by depot as the table lists them, with depot 6's three-player slot a castle in
    phases A, C, E and a mine in B, D."""
    expected = data_depots(seats, phase)
    for depot, (colours, listed) in enumerate(
        zip(slot_colours(seats, phase), expected, strict=True), start=1
    ):
        assert colours == listed, f"depot {depot}"


def test_three_players_get_a_mine_in_depot_6_in_phases_b_and_d() -> None:
    for phase in range(1, 6):
        depot6 = slot_colours(3, phase)[5]
        castle_phase = phase in (1, 3, 5)
        assert (Colour.CASTLE in depot6) == castle_phase
        assert (Colour.MINE in depot6) == (not castle_phase)
        assert Colour.CASTLE in slot_colours(4, phase)[5]


def test_black_depot_sizes_by_ruleset() -> None:
    assert dict(BLACK_DEPOT_SIZE["published"]) == {2: 4, 3: 6, 4: 8}
    assert dict(BLACK_DEPOT_SIZE["default"]) == {2: 2, 3: 6, 4: 8}


def test_scoring_tables() -> None:
    assert REGION_POINTS[1:] == (1, 3, 6, 10, 15, 21, 28, 36)
    assert all(REGION_POINTS[n] == n * (n + 1) // 2 for n in range(9))
    assert PHASE_BONUS[1:] == (10, 8, 6, 4, 2)
    assert dict(SALE_POINTS) == {2: 2, 3: 3, 4: 4}
    assert dict(LARGE_BONUS) == {2: 5, 3: 6, 4: 7}
    assert dict(SMALL_BONUS) == {2: 2, 3: 3, 4: 4}
