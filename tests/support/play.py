"""Playing games through the application layer in tests."""

from __future__ import annotations

import random

from services.application import Games


def seat_everyone(games: Games, game_id: str, seats: int) -> list[str]:
    return [games.join_game(game_id, f"player {seat}", seat).token for seat in range(seats)]


def play_random(
    games: Games, game_id: str, tokens: list[str], *, seed: int = 0, limit: int | None = None
) -> int:
    """Play random legal actions (all of the game, or ``limit`` of them); returns actions taken."""
    chooser = random.Random(seed)
    taken = 0
    while limit is None or taken < limit:
        game = games.game_info(game_id)
        seat = game.rules.to_act(game.state)
        if seat is None:
            break
        choices = games.legal_actions(game_id, tokens[seat])
        version = choices.version
        games.submit_action(
            game_id, tokens[seat], version, f"random-{version}", chooser.choice(choices.actions)
        )
        taken += 1
    return taken
