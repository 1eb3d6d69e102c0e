"""The HTML replay stores its boards as distinct markup pieces and per-step changes: unpacked,
they are exactly the boards drawn, and a long game's page is far smaller than its SVGs."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from replay.boards import draw_board
from replay.html import PackedBoards, pack_boards, replay_page
from replay.sources import open_record
from replay.timeline import Perspective, Timeline
from tests.replay.conftest import GOLDEN

tags = st.sampled_from(["<g>", "</g>", '<rect x="1"/>', '<text y="2">', "</text>", "<svg>"])
texts = st.sampled_from(["", "a", "12", " ", "&amp;"])
markup = st.lists(st.tuples(tags, texts), max_size=30).map(
    lambda parts: "".join(tag + text for tag, text in parts)
)


def unpack_boards(packed: PackedBoards) -> list[str]:
    """The boards ``pack_boards`` packed: what the page's script does."""
    boards: list[str] = []
    previous: list[int] = []
    for head, tail, middle in packed["changes"]:
        previous = previous[:head] + middle + previous[len(previous) - tail :]
        boards.append("".join(packed["pieces"][p] for p in previous))
    return boards


@given(st.lists(markup, max_size=12))
def test_unpacking_gives_back_every_board(boards: list[str]) -> None:
    assert unpack_boards(pack_boards(boards)) == boards


def test_a_long_game_unpacks_exactly_and_its_page_is_small() -> None:
    timeline = Timeline(open_record(GOLDEN / "burgundy" / "burgundy-4p-1.jsonl"))
    boards = [
        draw_board("burgundy", timeline.view(frame.version, Perspective.FULL))
        for frame in timeline.frames
    ]
    assert unpack_boards(pack_boards(boards)) == boards
    page = replay_page(timeline, Perspective.FULL)
    drawn = sum(len(board) for board in boards)
    assert len(page) < drawn / 10, (len(page), drawn)
