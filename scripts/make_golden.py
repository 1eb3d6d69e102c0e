"""Generate the golden games in ``tests/golden/<game>/``: the only way to regenerate them.

Each golden game is a complete game played purely through its rules record from a fixed seed,
by a seeded policy over the legal actions, and sealed into a record file exactly as the service
stores a game (creation and opening, every seat joining, one batch per action, the seed revealed
at the end), with fixed timestamps and command ids. Running it twice gives identical files.

    .venv/bin/python scripts/make_golden.py           # rewrite tests/golden/<game>/*.jsonl
    .venv/bin/python scripts/make_golden.py --check   # exit 1 if any file would change

``tests/golden/test_golden.py`` re-verifies every file against the current rules. Regenerate
only when a rules change is *meant* to change the events of recorded games (and say so in the
commit); otherwise a failing golden test is a regression to fix in the rules.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import random
import sys
import uuid
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from games.core import GameCreated, GameRecord, commitment
from games.core.rules import AnyRules
from games.registry import all_rules
from replay.selfplay import Chooser, Stamps, Table

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
SEAT_COUNTS = (2, 3, 4)
SEEDS = {"bourgeoisie": {2: 2, 3: 3, 4: 12}}
"""The seed label of each golden game (chosen for games that use every kind of event)."""
DEFAULT_SEED = 1
WEIGHTS = {
    "bourgeoisie": {
        "PlaceFamily": 10.0,
        "PlaceTrade": 10.0,
        "Invest": 10.0,
        "Retire": 10.0,
        "BuyCard": 3.0,
        "SellCard": 0.3,
    }
}
"""How much likelier each kind of action is than a plain one (1), so that the golden games
build something and touch every rule rather than passing and selling."""
PLAYERS = ("Alice", "Bob", "Chloé", "Dmitri", "Eun-ji", "Farid")
START = datetime(2026, 1, 1, tzinfo=UTC)
MAX_ACTIONS = 5_000


def seed_of(game: str, seats: int, label: int) -> bytes:
    return hashlib.sha256(f"tabletop golden {game} {seats}p {label}".encode()).digest()


def chooser(rng: random.Random, game: str) -> Chooser:
    """A seeded policy weighted by ``WEIGHTS``: the index of the action to take."""
    weights = WEIGHTS.get(game, {})

    def choose(legal: Sequence[object]) -> int:
        odds = [weights.get(type(a).__name__, 1.0) for a in legal]
        return rng.choices(range(len(legal)), weights=odds)[0]

    return choose


def stamps(game_id: uuid.UUID) -> Stamps:
    """Times a second apart from ``START``, command ids derived from the game id, and named
    players, as a service would record them; all fixed, so the files never change."""
    return Stamps(
        at=lambda version: (START + timedelta(seconds=version)).isoformat(timespec="microseconds"),
        command_id=lambda position: str(uuid.uuid5(game_id, f"command {position}")),
        player=lambda seat: (
            PLAYERS[seat % len(PLAYERS)],
            hashlib.sha256(f"token of seat {seat}".encode()).hexdigest(),
        ),
    )


def play(rules: AnyRules, seats: int, label: int, table: int) -> GameRecord:
    """A complete game, sealed into its record."""
    seed = seed_of(rules.name, seats, label)
    game_id = uuid.uuid5(uuid.NAMESPACE_URL, f"tabletop:golden:{rules.name}-{seats}p-{label}")
    created = GameCreated(
        game=rules.name,
        game_id=str(game_id),
        rules_version=rules.rules_version,
        ruleset=rules.rulesets[0],
        seats=seats,
        seed_commitment=commitment(seed),
        tournament="Golden games",
        round=1,
        table=table,
    )
    game = Table(rules, seats, seed, created=created, stamps=stamps(game_id))
    game.play_with(chooser(random.Random(label), rules.name), limit=MAX_ACTIONS)
    if not game.finished:
        raise RuntimeError(f"{rules.name} did not end within {MAX_ACTIONS} actions")
    return game.record()


def golden_games() -> Iterator[tuple[str, str]]:
    """(path under the golden folder, file text) of every golden game."""
    for name, rules in sorted(all_rules().items()):
        counts = [n for n in SEAT_COUNTS if rules.min_seats <= n <= rules.max_seats]
        for table, seats in enumerate(counts, start=1):
            label = SEEDS.get(name, {}).get(seats, DEFAULT_SEED)
            text = io.StringIO()
            play(rules, seats, label, table).write(text)
            yield f"{name}/{name}-{seats}p-{label}.jsonl", text.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--out", type=Path, default=GOLDEN_DIR, help="where the files go")
    args = parser.parse_args(argv)
    wanted = dict(golden_games())
    folders = [args.out / game for game in all_rules()]  # not legacy/: those are kept
    existing = {f"{f.name}/{p.name}" for f in folders for p in f.glob("*.jsonl")}
    if args.check:
        stale = sorted(n for n, text in wanted.items() if _read(args.out / n) != text)
        stale += sorted(existing - set(wanted))
        for name in stale:
            print(f"stale golden game: {name}", file=sys.stderr)
        return 1 if stale else 0
    for name in sorted(existing - set(wanted)):
        (args.out / name).unlink()
    for name, text in wanted.items():
        (args.out / name).parent.mkdir(parents=True, exist_ok=True)
        (args.out / name).write_text(text, encoding="utf-8", newline="\n")
        print(f"wrote {args.out / name}")
    return 0


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


if __name__ == "__main__":
    sys.exit(main())
