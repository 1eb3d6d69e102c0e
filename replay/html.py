"""A self-contained HTML replay: the board drawn at every step, a slider, and the log.

The page has no outside references (no scripts, fonts or images to fetch), so it opens offline.
It opens at the step it was written for (``tabletop replay --at``; the last by default), or at
the one its address names: ``page.html#v=123``. Under the board of a game whose views show
points during play (``GameRules.running_points``), a chart draws each seat's points at every
step (``replay.chart``): those on the score track (Burgundy, Bruges), or the prestige points it
would score if the game ended now (Bourgeoisie); a seat's own replay of a game in play reads
them off its views (``GameRules.shown_points``). Its marker follows the step shown, and a click
on it shows the nearest step. It asks a phone to lay it out at the phone's own width (the
viewport tag; without it a phone lays a page out 980 pixels wide and shrinks it), and on a
narrow screen the log comes under the board, the step buttons grow to a finger's size and the
chart, too wide to shrink legibly, scrolls sideways in its box, with a key under it that
names each seat beside its line's colour and pattern (the chart's own legend, at its right,
is out of sight while the lines are in view). On a wider one the board's
column takes the room the log leaves it and no more (``minmax(0, 1fr)``: a plain ``1fr`` grows
to its widest row of blocks, pushing the log past the window's edge); a row of blocks wider
than that wraps, as on a phone, so that each block keeps its size and its words stay legible
(shrunk to fit, a Bourgeoisie track's words showed at 9 pixels on a 1,400-pixel laptop). The
log is 320 pixels wide, which leaves a Burgundy board's six depots their row there.

Boards are stored compactly: every SVG is cut into its markup pieces (a tag and the text after
it), each distinct piece is stored once, and each step's board is written as the change from
the step before — the run of pieces kept at the start, the run kept at the end, and the pieces
between. Consecutive boards differ in a few places, so a long game's page is some 25 times
smaller than one SVG per step; the page rebuilds the boards when it opens.

Drawing the boards is most of the work of writing a page, so each is packed as it is drawn
(a long record's boards together take hundreds of megabytes, its page a few), and a step
that leaves the state as it was — a seat taken, a dispute opened or ruled — shows the board
of the step before rather than drawing it again: a record whose disputes outnumber its moves
is drawn once per move. The command shows the drawing's progress (``progress``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from html import escape
from typing import TypedDict

from games.core.chart_key import key_style
from replay.boards import board_with_notes
from replay.boards.notes import NOTES_STYLE
from replay.chart import points_meaning, score_chart, score_key, score_series
from replay.timeline import Frame, Perspective, Timeline, per_state

Progress = Callable[[Sequence[Frame]], Iterable[Frame]]
"""What the frames are drawn through: the command's progress bar, or nothing (``iter``)."""

STYLE = """
body{font-family:sans-serif;margin:0;background:#f5f3ee;color:#222}
header{padding:10px 16px;background:#2e2a4f;color:#fff}
header h1{font-size:18px;margin:0}
.caution{margin:6px 0 0;padding:4px 8px;background:#fff3cd;color:#5c4400;border-radius:3px}
main{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:12px;padding:12px}
#board .picture .row{flex-wrap:wrap}
#controls{display:flex;gap:8px;align-items:center;margin-bottom:8px}
#slider{flex:1}
#log{height:80vh;overflow-y:auto;font-size:12px;background:#fff;border:1px solid #ccc;
  margin:0;padding:0}
#log li{list-style:none;padding:2px 6px;cursor:pointer}
#log li.current{background:#2e2a4f;color:#fff}
#log li.current::before{content:"▶ "}
#caption{font-size:16px;margin:6px 0}
:focus-visible{outline:3px solid #c9a227;outline-offset:2px}
#chart{display:block;box-sizing:border-box;background:#fbfaf7;border:1px solid #ccc;
  cursor:crosshair}
.chart-box{overflow-x:auto;margin-top:8px}
@media (max-width:760px){main{grid-template-columns:minmax(0,1fr);padding:8px}#log{height:45vh}
  #controls button{min-width:48px;min-height:40px}#chart{min-width:760px}}
""" + key_style(760)


SCRIPT = """
const frames = JSON.parse(document.getElementById('frames').textContent);
const packed = JSON.parse(document.getElementById('boards').textContent);
let previous = [];
const boards = packed.changes.map(([head, tail, middle]) => {
  previous = previous.slice(0, head).concat(middle, previous.slice(previous.length - tail));
  return previous;
});
const slider = document.getElementById('slider'), log = document.getElementById('log');
frames.forEach((f, i) => {
  const li = document.createElement('li');
  li.textContent = f.v + '  ' + f.d; li.onclick = () => show(i); log.appendChild(li);
});
function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[i];
  slider.value = i;
  document.getElementById('board').innerHTML = boards[i].map(p => packed.pieces[p]).join('');
  document.getElementById('caption').textContent =
    'version ' + f.v + ' of ' + frames.length + ' · turn ' + f.t + ' · ' + f.d;
  log.querySelectorAll('.current').forEach(e => {
    e.classList.remove('current'); e.removeAttribute('aria-current');
  });
  // Marked for a screen reader and, by a "▶", for a screen that overrides the page's colours.
  log.children[i].classList.add('current'); log.children[i].setAttribute('aria-current', 'step');
  reveal(log.children[i]);
  history.replaceState(null, '', '#v=' + f.v);
  document.dispatchEvent(new CustomEvent('step', {detail: f.v}));
}
function reveal(item) {
  // Scroll the log alone: scrollIntoView scrolls the page as well, and on a phone, where the
  // log lies under the board, every step would carry the board and its buttons out of sight.
  const top = log.getBoundingClientRect().top + log.clientTop, at = item.getBoundingClientRect();
  if (at.top < top) log.scrollTop -= Math.ceil(top - at.top);
  else if (at.bottom > top + log.clientHeight) {
    log.scrollTop += Math.ceil(at.bottom - top - log.clientHeight);
  }
}
slider.max = frames.length - 1;
slider.oninput = () => show(+slider.value);
document.getElementById('prev').onclick = () => show(+slider.value - 1);
document.getElementById('next').onclick = () => show(+slider.value + 1);
document.onkeydown = e => {
  // The slider steps itself on its keys; stepping here as well would move two steps a press.
  if (e.target === slider) return;
  if (e.key === 'ArrowLeft') show(+slider.value - 1);
  if (e.key === 'ArrowRight') show(+slider.value + 1);
};
const start = /v=(\\d+)/.exec(location.hash);
const opening = JSON.parse(document.getElementById('opening').textContent);
show(start ? +start[1] - 1 : opening - 1);
"""

CHART_SCRIPT = """
const plot = document.getElementById('chart-plot');
const marker = document.getElementById('chart-marker');
document.addEventListener('step', e => {
  marker.setAttribute('x1', e.detail); marker.setAttribute('x2', e.detail);
});
document.getElementById('chart').onclick = e => {
  const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(plot.getScreenCTM().inverse());
  show(Math.round(at.x) - frames[0].v);
};
"""


def replay_page(
    timeline: Timeline,
    perspective: Perspective,
    seat: int | None = None,
    cautions: Sequence[str] = (),
    opening: int | None = None,
    progress: Progress = iter,
) -> str:
    """The whole HTML document for ``timeline`` as ``perspective`` saw it, with ``cautions``
    (a failed verification, another rules version) at its head: a page is read away from the
    command's stderr. It opens at version ``opening`` (the last when None) unless its address
    names another. Its boards are drawn frame by frame through ``progress``."""
    header = timeline.record.header
    names = [str(p) for p in header.get("players", [])]
    steps = progress(timeline.frames)
    boards = pack_boards(drawn_boards(timeline, steps, perspective, seat, names))
    frames = [
        {"v": frame.version, "t": frame.turn, "d": frame.description} for frame in timeline.frames
    ]
    players = ", ".join(name or "—" for name in names)
    chart, chart_script = _chart(timeline, names)
    title = f"{timeline.rules.title} · game {header.get('game_id')}"
    seen = _seen_as(perspective, seat, names)
    warnings = "".join(f'<p class="caution">{escape(text)}</p>' for text in cautions)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{escape(title)}</title>
<style>{STYLE}{NOTES_STYLE}</style></head>
<body><header><h1>{escape(title)}</h1>
<div>{escape(players)} · {_result(timeline)} · {escape(seen)}</div>{warnings}</header>
<main><section>
<div id="controls"><button id="prev" aria-label="Previous step">◀</button>
<input id="slider" type="range" min="0" value="0" aria-label="Step">
<button id="next" aria-label="Next step">▶</button></div>
<h2 id="caption" aria-live="polite"></h2><div id="board"></div>{chart}</section>
<ol id="log" tabindex="0" aria-label="Log: every step of the game"></ol></main>
<script id="frames" type="application/json">{_embed(frames)}</script>
<script id="boards" type="application/json">{_embed(boards)}</script>
<script id="opening" type="application/json">{opening or timeline.last}</script>
{chart_script}<script>{SCRIPT}</script></body></html>
"""


def drawn_boards(
    timeline: Timeline,
    frames: Iterable[Frame],
    perspective: Perspective,
    seat: int | None,
    names: Sequence[str],
) -> Iterator[str]:
    """The board, with its notes, at each of ``frames`` as ``perspective`` saw it, one at a
    time. A view is drawn from the state alone, so a step that changes nothing shows the
    board before it, not drawn again (``per_state``)."""

    def board(frame: Frame) -> str:
        view = timeline.view(frame.version, perspective, seat)
        return board_with_notes(timeline.rules.name, view, names)

    return per_state(frames, board)


def _chart(timeline: Timeline, names: list[str]) -> tuple[str, str]:
    """The score chart and its script; nothing for a game whose views show no points during
    play. The script runs before the page's own, so its marker is listening when the first step
    shows."""
    series = score_series(timeline)
    if series is None:
        return "", ""
    chart = score_chart(series, names, points_meaning(timeline.rules))
    # On a phone the chart shrunk to the screen's width showed its words at some 4 pixels;
    # it keeps 760 of them (its 11-unit words at 8.4) and scrolls sideways in its box, which
    # takes the focus so that a keyboard scrolls it too.
    box = '<div class="chart-box" tabindex="0" role="region" aria-label="Score chart">'
    key = score_key(len(series[0][1]), names)
    return f"{box}{chart}</div>{key}", f"<script>{CHART_SCRIPT}</script>"


PIECE = re.compile(r"<[^>]*>[^<]*|[^<]+")
"""One piece of markup: a tag and the text up to the next tag (or text before the first)."""


class PackedBoards(TypedDict):
    pieces: list[str]
    changes: list[tuple[int, int, list[int]]]


def pack_boards(boards: Iterable[str]) -> PackedBoards:
    """``boards`` as distinct pieces and, per board, its change from the board before:
    ``[pieces kept at the start, pieces kept at the end, indices of the pieces between]``.
    They are read one at a time, so only the last board's pieces are kept in full; a board
    the same as the one before (a step that changed nothing) keeps all its pieces unread."""
    index_of: dict[str, int] = {}
    changes: list[tuple[int, int, list[int]]] = []
    previous: list[int] = []
    last: str | None = None
    for board in boards:
        if board == last:
            changes.append((len(previous), 0, []))
            continue
        last = board
        current = [index_of.setdefault(piece, len(index_of)) for piece in PIECE.findall(board)]
        head = _common_run(previous, current)
        tail = _common_run(previous[head:][::-1], current[head:][::-1])
        changes.append((head, tail, current[head : len(current) - tail]))
        previous = current
    return {"pieces": list(index_of), "changes": changes}


def _common_run(first: Sequence[int], second: Sequence[int]) -> int:
    """How many leading items ``first`` and ``second`` share."""
    run = 0
    for a, b in zip(first, second, strict=False):
        if a != b:
            break
        run += 1
    return run


def _embed(value: object) -> str:
    # Inside <script>, "</" would end the element early, and "<!--" then "<script" (in a
    # player's name) would make the browser read every later "</script>" as text. Either
    # is only ever inside a JSON string, where an escaped character means the same.
    return json.dumps(value).replace("</", "<\\/").replace("<!--", "\\u003c!--")


def _seen_as(perspective: Perspective, seat: int | None, names: Sequence[str]) -> str:
    """Whose view the page shows, since a seat's page hides the other hands."""
    if perspective is Perspective.SEAT and seat is not None:
        name = names[seat] if seat < len(names) and names[seat] else ""
        return f"as seat {seat} saw it" + (f" ({name})" if name else "")
    return "full information" if perspective is Perspective.FULL else "public view"


def _result(timeline: Timeline) -> str:
    result = timeline.record.result
    if not result:
        return "in play"
    scores = result.get("scores", [])
    return "final scores " + ", ".join(str(s) for s in scores)
