"""The bot arena: many games between bots, and the standings with 95% Wilson intervals.

Games are played in-process through the pure rules (``clients.local``, fast: the mode for bot
authors) or against a running server over gRPC (each seat a client of its own, as in real
play). Seats rotate from game to game, so no bot keeps a seat's advantage.
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass

from clients.bots import BOTS, Bot, play_seat
from clients.calls import Endpoint
from clients.local import LocalTable
from clients.sdk import GameClient

MAX_DECISIONS = 5_000
"""No game of ours takes this many decisions; a bot that loops is stopped by it."""
Z95 = 1.959964
"""The standard normal quantile of a two-sided 95% interval."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: the entrant in each seat, and the seats' scores and places; for a
    game played on a server, also its ``game_id`` there ("" for one played in-process)."""

    seating: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]
    game_id: str = ""

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/k for each of k seats sharing first place, else 0."""
        if self.places[seat] != 1:
            return 0.0
        return 1.0 / self.places.count(1)


@dataclass(frozen=True)
class Standing:
    """One entrant's record over the arena's games."""

    entrant: str
    games: int
    wins: float
    total_score: int
    total_place: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def average_score(self) -> float:
        return self.total_score / self.games if self.games else 0.0

    @property
    def average_place(self) -> float:
        return self.total_place / self.games if self.games else 0.0


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default): well-behaved near 0 and
    1 and for few trials, where the normal approximation is not."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials))
    # Rounding may leave an end a hair on the wrong side of p (at p = 0 or 1): pin it.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


def entrant_names(bots: Sequence[str]) -> tuple[str, ...]:
    """Unique labels for the entrants: a bot entered twice is ``heuristic`` and ``heuristic#2``."""
    seen: dict[str, int] = {}
    names = []
    for bot in bots:
        seen[bot] = seen.get(bot, 0) + 1
        names.append(bot if seen[bot] == 1 else f"{bot}#{seen[bot]}")
    return tuple(names)


def seatings(entrants: Sequence[str], games: int) -> Iterator[tuple[str, ...]]:
    """The seating of each game: the entrants rotated by one seat from game to game."""
    for number in range(games):
        shift = number % len(entrants)
        yield (*entrants[shift:], *entrants[:shift])


def bot_of(entrant: str) -> str:
    """The bot name behind an entrant label (``heuristic#2`` → ``heuristic``)."""
    return entrant.split("#", 1)[0]


def game_seed(seed: int, number: int) -> bytes:
    """The chance seed of game ``number`` of an arena run seeded with ``seed``."""
    return hashlib.sha256(f"arena/{seed}/{number}".encode()).digest()


def _bots(seating: Sequence[str], seed: int) -> list[Bot]:
    return [BOTS[bot_of(entrant)](seed * 16 + seat) for seat, entrant in enumerate(seating)]


def play_local(
    game: str, seating: Sequence[str], seed: int, number: int, ruleset: str = ""
) -> GameResult:
    """One game in-process under ``ruleset`` (the game's default when ""): each seat's bot
    sees its seat's view and legal actions."""
    table = LocalTable(game, len(seating), game_seed(seed, number), seating, ruleset)
    bots = _bots(seating, seed + number)
    for _ in range(MAX_DECISIONS):
        seat = table.to_act()
        if seat is None:
            break
        table.submit(seat, bots[seat].choose(table.view(seat), table.legal(seat).actions))
    outcome = table.outcome()
    if outcome is None:
        raise RuntimeError(f"game {number} did not end within {MAX_DECISIONS} decisions")
    return GameResult(tuple(seating), outcome.scores, outcome.places)


def play_remote(
    target: str | Endpoint,
    game: str,
    seating: Sequence[str],
    seed: int,
    *,
    tls: bool = False,
    ca_cert: str | os.PathLike[str] | None = None,
    ruleset: str = "",
) -> GameResult:
    """One game under ``ruleset`` on a server (reached with ``tls`` and ``ca_cert``, as by
    ``GameClient``): a client per seat, each playing its bot in a thread. The result names
    the game, so its record can be read from the server."""
    with GameClient(target, tls=tls, ca_cert=ca_cert) as host:
        game_id = host.create_game(game, len(seating), ruleset).game_id
        grants = [host.join_game(game_id, f"{name} bot", n) for n, name in enumerate(seating)]
        clients = [host.connect_as(grant.token) for grant in grants]
        bots = _bots(seating, seed)
        with ThreadPoolExecutor(len(seating), thread_name_prefix="seat") as seats:
            plays = [
                seats.submit(_play_remote_seat, client, game_id, n, bots[n])
                for n, client in enumerate(clients)
            ]
            for done in as_completed(plays):
                done.result()
        outcome = host.get_view(game_id, "public").status.outcome
    return GameResult(tuple(seating), tuple(outcome.scores), tuple(outcome.places), game_id)


def _play_remote_seat(client: GameClient, game_id: str, seat: int, bot: Bot) -> None:
    """Play ``seat`` with ``bot`` through ``client`` (holding its token), then close it."""
    with client:
        play_seat(client, game_id, seat, bot)


@dataclass(frozen=True)
class ArenaPlan:
    """What to play: ``games`` games of ``game`` under ``ruleset`` (the game's default when
    "") between ``bots`` (one per seat), in-process or on ``server``."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    server: Endpoint | None = None
    parallel: int = 4
    ruleset: str = ""

    @property
    def entrants(self) -> tuple[str, ...]:
        return entrant_names(self.bots)


def run_arena(
    plan: ArenaPlan, on_result: Callable[[GameResult], None] = lambda _: None
) -> list[GameResult]:
    """Play every game of ``plan``, calling ``on_result`` as each ends (from this thread)."""
    plays = list(enumerate(seatings(plan.entrants, plan.games)))
    if plan.server is None:
        results = []
        for number, seating in plays:
            results.append(play_local(plan.game, seating, plan.seed, number, plan.ruleset))
            on_result(results[-1])
        return results
    return _run_remote(plan, plays, on_result)


def _run_remote(
    plan: ArenaPlan,
    plays: list[tuple[int, tuple[str, ...]]],
    on_result: Callable[[GameResult], None],
) -> list[GameResult]:
    """Server games, ``plan.parallel`` at a time."""
    assert plan.server is not None
    server, results, lock = plan.server, [], threading.Lock()
    with ThreadPoolExecutor(plan.parallel, thread_name_prefix="arena") as pool:
        futures: list[Future[GameResult]] = [
            pool.submit(
                play_remote, server, plan.game, seating, plan.seed + number, ruleset=plan.ruleset
            )
            for number, seating in plays
        ]
        for done in as_completed(futures):
            with lock:
                results.append(done.result())
            on_result(results[-1])
    return results


def standings(results: Sequence[GameResult], entrants: Sequence[str]) -> list[Standing]:
    """Each entrant's games, wins (shared first places split), total score and places."""
    rows = []
    for entrant in entrants:
        seats = [(r, r.seating.index(entrant)) for r in results if entrant in r.seating]
        rows.append(
            Standing(
                entrant=entrant,
                games=len(seats),
                wins=sum(r.win_share(seat) for r, seat in seats),
                total_score=sum(r.scores[seat] for r, seat in seats),
                total_place=sum(r.places[seat] for r, seat in seats),
            )
        )
    return sorted(rows, key=lambda row: -row.win_rate)
