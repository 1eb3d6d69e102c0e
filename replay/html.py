"""A self-contained HTML replay: the board drawn at every step, a slider, and the log.

The page has no outside references (no scripts, fonts or images to fetch), so it opens offline.
Open it at a given step with ``page.html#v=123``.
"""

from __future__ import annotations

import json
from html import escape

from replay.boards import draw_board
from replay.timeline import Perspective, Timeline

STYLE = """
body{font-family:sans-serif;margin:0;background:#f5f3ee;color:#222}
header{padding:10px 16px;background:#2e2a4f;color:#fff}
header h1{font-size:18px;margin:0}
main{display:grid;grid-template-columns:1fr 340px;gap:12px;padding:12px}
#controls{display:flex;gap:8px;align-items:center;margin-bottom:8px}
#slider{flex:1}
#log{height:80vh;overflow-y:auto;font-size:12px;background:#fff;border:1px solid #ccc;
  margin:0;padding:0}
#log li{list-style:none;padding:2px 6px;cursor:pointer}
#log li.current{background:#2e2a4f;color:#fff}
#caption{font-weight:bold;margin:6px 0}
"""

SCRIPT = """
const frames = JSON.parse(document.getElementById('frames').textContent);
const boards = JSON.parse(document.getElementById('boards').textContent);
const slider = document.getElementById('slider'), log = document.getElementById('log');
frames.forEach((f, i) => {
  const li = document.createElement('li');
  li.textContent = f.v + '  ' + f.d; li.onclick = () => show(i); log.appendChild(li);
});
function show(i) {
  i = Math.max(0, Math.min(frames.length - 1, i));
  const f = frames[i];
  slider.value = i;
  document.getElementById('board').innerHTML = boards[f.b];
  document.getElementById('caption').textContent =
    'version ' + f.v + ' of ' + frames.length + ' · turn ' + f.t + ' · ' + f.d;
  log.querySelectorAll('.current').forEach(e => e.classList.remove('current'));
  log.children[i].classList.add('current');
  log.children[i].scrollIntoView({block: 'nearest'});
  history.replaceState(null, '', '#v=' + f.v);
}
slider.max = frames.length - 1;
slider.oninput = () => show(+slider.value);
document.getElementById('prev').onclick = () => show(+slider.value - 1);
document.getElementById('next').onclick = () => show(+slider.value + 1);
document.onkeydown = e => {
  if (e.key === 'ArrowLeft') show(+slider.value - 1);
  if (e.key === 'ArrowRight') show(+slider.value + 1);
};
const start = /v=(\\d+)/.exec(location.hash);
show(start ? +start[1] - 1 : frames.length - 1);
"""


def replay_page(timeline: Timeline, perspective: Perspective, seat: int | None = None) -> str:
    """The whole HTML document for ``timeline`` as ``perspective`` saw it."""
    boards: list[str] = []
    index_of: dict[str, int] = {}
    frames = []
    for frame in timeline.frames:
        svg = draw_board(timeline.rules.name, timeline.view(frame.version, perspective, seat))
        board = index_of.setdefault(svg, len(boards))
        if board == len(boards):
            boards.append(svg)
        frames.append({"v": frame.version, "t": frame.turn, "d": frame.description, "b": board})
    header = timeline.record.header
    players = ", ".join(str(p) or "—" for p in header.get("players", []))
    title = f"{timeline.rules.title} · game {header.get('game_id')}"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>{STYLE}</style></head>
<body><header><h1>{escape(title)}</h1><div>{escape(players)} · {_result(timeline)}</div></header>
<main><section>
<div id="controls"><button id="prev">◀</button><input id="slider" type="range" min="0" value="0">
<button id="next">▶</button></div>
<div id="caption"></div><div id="board"></div></section>
<ol id="log"></ol></main>
<script id="frames" type="application/json">{_embed(frames)}</script>
<script id="boards" type="application/json">{_embed(boards)}</script>
<script>{SCRIPT}</script></body></html>
"""


def _embed(value: object) -> str:
    # Inside <script>, "</" would end the element early.
    return json.dumps(value).replace("</", "<\\/")


def _result(timeline: Timeline) -> str:
    result = timeline.record.result
    if not result:
        return "in play"
    scores = result.get("scores", [])
    return "final scores " + ", ".join(str(s) for s in scores)
