"""A stored game keeps the rules version it was created under, even through snapshots taken
before games kept it, and is refused play when that is not this build's version."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from games.registry import all_rules
from services.application import Games, GameStore
from services.application.aggregate import Game
from services.application.errors import RulesVersionError
from services.application.perspective import Perspective
from services.settings import Settings
from tests.support.play import seat_everyone


@pytest.fixture
def games() -> Iterator[Games]:
    store = GameStore(Settings(store="memory"))
    yield Games(store)
    store.close()


def test_a_game_keeps_the_rules_version_it_was_created_under(games: Games) -> None:
    game_id, _ = games.create_game("bruges", 2)
    assert games.game_info(game_id).rules_version == all_rules()["bruges"].rules_version == 5


def test_a_snapshot_taken_before_games_kept_their_rules_version_reads_as_version_1(
    games: Games,
) -> None:
    """Every game's rules were version 1 until the version was kept in the aggregate."""
    game_id, _ = games.create_game("bourgeoisie", 2)
    snapshot = Game.Snapshot.take(games.game_info(game_id))
    assert snapshot.state["rules_version"] == 1
    older = {name: value for name, value in snapshot.state.items() if name != "rules_version"}
    restored = replace(snapshot, state=older).mutate(None)
    assert isinstance(restored, Game) and "rules_version" not in vars(restored)
    assert restored.rules_version == 1


def test_only_what_continues_the_game_is_refused(games: Games) -> None:
    current = all_rules()["burgundy"]
    with pytest.MonkeyPatch.context() as older_build:
        older_build.setitem(all_rules(), "burgundy", replace(current, rules_version=1))
        game_id, _ = games.create_game("burgundy", 2)
        tokens = seat_everyone(games, game_id, 2)
        choices = games.legal_actions(game_id, tokens[0])
        if not choices.actions:
            choices = games.legal_actions(game_id, tokens[1])
    seat, version = choices.seat, choices.version
    with pytest.raises(RulesVersionError, match="The Castles of Burgundy rules version 1"):
        games.submit_action(game_id, tokens[seat], version, "after the upgrade", choices.actions[0])
    with pytest.raises(RulesVersionError):
        games.legal_actions(game_id, tokens[seat])
    assert games.game_info(game_id).version == version
    assert games.viewer(game_id, tokens[seat], Perspective.SEAT).seat == seat
    assert games.record(game_id).header["rules_version"] == 1
