"""A game at a real server with every seat taken, and a way to move it along from a test."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict, Unpack

from tabletop.v1 import bourgeoisie_pb2 as bpb
from tabletop.v1 import game_service_pb2 as pb

from clients.bots import RandomBot
from clients.sdk import GameClient


class ClientOptions(TypedDict, total=False):
    """The deadlines a seat's client may be given (``GameClient``'s keyword arguments)."""

    timeout: float
    stream_timeout: float
    reconnect_for: float


@dataclass
class Table:
    """A Bourgeoisie game with a client holding each seat's token."""

    game_id: str
    seats: list[GameClient]

    @classmethod
    def open(cls, target: str, seats: int = 2, **options: Unpack[ClientOptions]) -> Table:
        with GameClient(target) as host:
            game_id = host.create_game("bourgeoisie", seats).game_id
            grants = [host.join_game(game_id, f"p{n}", n) for n in range(seats)]
        return cls(game_id, [GameClient(target, g.token, **options) for g in grants])

    def close(self) -> None:
        for client in self.seats:
            client.close()

    def to_act(self) -> int | None:
        status = self.seats[0].get_view(self.game_id, "public").status
        return status.to_act if status.HasField("to_act") else None

    def step(self, bot: RandomBot) -> pb.SubmitActionResponse | None:
        """One decision by whichever seat is to act (None once the game has ended)."""
        seat = self.to_act()
        if seat is None:
            return None
        client = self.seats[seat]
        return client.submit_with_retry(
            self.game_id, lambda legal: bot.choose(pb.GetViewResponse(), legal.actions)
        )

    def play_until_capital_phase_with_cards(self, cards: int = 2, seed: int = 3) -> int:
        """Play on until the seat to act is selling in its Capital phase with ``cards`` or more
        cards in hand: selling one leaves it still to act. Returns that seat."""
        bot = RandomBot(seed)
        for _ in range(2_000):
            seat = self.to_act()
            assert seat is not None, "the game ended first"
            view = self.seats[seat].get_view(self.game_id).view.bourgeoisie
            hand = len(view.players[seat].hand)
            if view.phase == bpb.BOURGEOISIE_PHASE_CAPITAL and hand >= cards:
                return seat
            self.step(bot)
        raise AssertionError("no such position")

    def play(self, decisions: int | None = None, seed: int = 1) -> int:
        """Up to ``decisions`` decisions (all, when None); the number taken."""
        bot, taken = RandomBot(seed), 0
        while decisions is None or taken < decisions:
            if self.step(bot) is None:
                break
            taken += 1
        return taken
