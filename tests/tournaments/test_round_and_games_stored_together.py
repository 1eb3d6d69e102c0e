"""A round and its tables' games are stored in one transaction: StartRound refused because
another server stored a change to the tournament first (ABORTED) leaves no game behind, and
started again it seats games that all belong to the round."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from services.application import ConcurrentWriteError, Games, GameStore
from services.settings import Settings
from services.tournaments import Format, Tournaments, new_spec


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[Tournaments, Tournaments]]:
    """The tournament use cases of two servers sharing one SQLite file."""
    path = tmp_path / "games.db"
    stores = [GameStore(Settings(store="sqlite", sqlite_path=path)) for _ in range(2)]
    yield Tournaments(Games(stores[0])), Tournaments(Games(stores[1]))
    for store in stores:
        store.close()


def _game_ids(tournaments: Tournaments) -> set[str]:
    return {n.game_id for n in tournaments.games.notifications(0, limit=100_000)}


def test_a_round_refused_as_a_concurrent_write_stores_no_game(
    two_servers: tuple[Tournaments, Tournaments], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = two_servers
    spec = new_spec("Cup", "bourgeoisie", 2, Format.SWISS, 2)
    tournament, organiser = first.create_tournament(spec)
    for name in ("Ada", "Bo", "Cy", "Di"):
        first.register_player(tournament, organiser, name)
    before = _game_ids(first)
    new_game = first.games.new_tournament_game

    def meanwhile(*args: Any, **kwargs: Any) -> Any:
        """The other server stores a withdrawal while this one pairs the round."""
        if not second.tournament(tournament).entrants[3].withdrawn:
            second.drop_player(tournament, organiser, "Di", "left")
        return new_game(*args, **kwargs)

    monkeypatch.setattr(first.games, "new_tournament_game", meanwhile)
    with pytest.raises(ConcurrentWriteError):
        first.start_round(tournament, organiser)
    assert _game_ids(first) == before
    assert not second.tournament(tournament).rounds

    round_ = first.start_round(tournament, organiser)  # the retry, now that Di has left
    assert "Di" not in {p for table in round_.tables for p in table.players}
    assert _game_ids(first) - before == {table.game_id for table in round_.tables}
    for table in round_.tables:
        assert first.games.game_info(table.game_id).version > 1  # its opening is dealt
