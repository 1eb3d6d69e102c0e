"""Bad input over gRPC: each refusal has a clear status and reason, and changes nothing —
neither the tournament (its version) nor the store (no game is created)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest

from clients.errors import TabletopError
from clients.sdk import GameClient
from clients.tournament import TournamentClient, play_round
from tests.tournaments.conftest import RunningServer

pytestmark = pytest.mark.e2e


@dataclass
class Scene:
    """Two tournaments on one server: ``open`` is registering, ``running`` is in round 1."""

    client: TournamentClient
    open: str
    open_token: str
    running: str
    running_token: str
    player_token: str
    running_game: str
    other_game: str


def _tournament(client: TournamentClient, players: list[str]) -> tuple[str, str, list[str]]:
    created = client.create_tournament("Bad input cup", "bourgeoisie", 2, "swiss", rounds=2)
    client.token = created.organiser_token
    tokens = [client.register_player(created.tournament_id, p).player_token for p in players]
    return created.tournament_id, created.organiser_token, tokens


@pytest.fixture(scope="module")
def scene(server: RunningServer) -> Iterator[Scene]:
    with TournamentClient(server.target) as client, GameClient(server.target) as games:
        open_id, open_token, _ = _tournament(client, ["Ada"])
        running, running_token, tokens = _tournament(client, ["Bo", "Cy"])
        game = client.start_round(running).tables[0].game_id
        other = games.create_game("bourgeoisie", 2).game_id
        client.token = ""
        yield Scene(client, open_id, open_token, running, running_token, tokens[0], game, other)


def _as(scene: Scene, token: str) -> TournamentClient:
    scene.client.token = token
    return scene.client


Call = Callable[[Scene], Any]
CASES: list[tuple[str, Call, grpc.StatusCode, str]] = [
    (
        "start a round with unfinished games",
        lambda s: _as(s, s.running_token).start_round(s.running),
        grpc.StatusCode.FAILED_PRECONDITION,
        "ROUND_IN_PROGRESS",
    ),
    (
        "register twice",
        lambda s: _as(s, s.open_token).register_player(s.open, " ada "),
        grpc.StatusCode.ALREADY_EXISTS,
        "ALREADY_REGISTERED",
    ),
    (
        "pair with too few players",
        lambda s: _as(s, s.open_token).start_round(s.open),
        grpc.StatusCode.FAILED_PRECONDITION,
        "TOO_FEW_PLAYERS",
    ),
    (
        "a result for a game not in the tournament",
        lambda s: _as(s, s.running_token).adjudicate_game(s.running, s.other_game, "x", [1, 2]),
        grpc.StatusCode.NOT_FOUND,
        "GAME_NOT_IN_TOURNAMENT",
    ),
    (
        "a result for another tournament's game",
        lambda s: _as(s, s.open_token).adjudicate_game(s.open, s.running_game, "x", [1, 2]),
        grpc.StatusCode.NOT_FOUND,
        "GAME_NOT_IN_TOURNAMENT",
    ),
    (
        "a result for a game id that is not one",
        lambda s: _as(s, s.running_token).adjudicate_game(s.running, "not-a-game", "x", [1, 2]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_GAME_ID",
    ),
    (
        "a withdrawal for a game id in another spelling",
        lambda s: _as(s, s.running_token).withdraw_adjudication(
            s.running, s.running_game.upper(), "x"
        ),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_GAME_ID",
    ),
    (
        "an organiser action without the token",
        lambda s: _as(s, "").start_round(s.running),
        grpc.StatusCode.UNAUTHENTICATED,
        "ORGANISER_TOKEN_MISSING",
    ),
    (
        "another tournament's organiser token",
        lambda s: _as(s, s.open_token).drop_player(s.running, "Bo", "no"),
        grpc.StatusCode.PERMISSION_DENIED,
        "NOT_THE_ORGANISER",
    ),
    (
        "a player token as the organiser's",
        lambda s: _as(s, s.player_token).adjudicate_game(s.running, s.running_game, "x", [1, 2]),
        grpc.StatusCode.PERMISSION_DENIED,
        "NOT_THE_ORGANISER",
    ),
    (
        "register after round 1 started",
        lambda s: _as(s, s.running_token).register_player(s.running, "Di"),
        grpc.StatusCode.FAILED_PRECONDITION,
        "REGISTRATION_CLOSED",
    ),
    (
        "places that are not one per seat",
        lambda s: _as(s, s.running_token).adjudicate_game(s.running, s.running_game, "x", [1]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_RESULT",
    ),
    (
        "an adjudication without a reason",
        lambda s: _as(s, s.running_token).adjudicate_game(s.running, s.running_game, " ", [2, 1]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_TEXT",
    ),
    (
        "drop a player who is not there",
        lambda s: _as(s, s.running_token).drop_player(s.running, "Zed", "gone"),
        grpc.StatusCode.NOT_FOUND,
        "PLAYER_NOT_FOUND",
    ),
    (
        "claim a seat with no player token",
        lambda s: s.client.claim_seat(s.running, ""),
        grpc.StatusCode.UNAUTHENTICATED,
        "PLAYER_TOKEN_MISSING",
    ),
    (
        "claim a seat with the organiser token",
        lambda s: s.client.claim_seat(s.running, s.running_token),
        grpc.StatusCode.PERMISSION_DENIED,
        "NOT_A_PLAYER",
    ),
    (
        "standings after a round not yet played",
        lambda s: s.client.get_standings(s.running, 5),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_ROUND",
    ),
    (
        "standings after the round in play",
        lambda s: s.client.get_standings(s.running, 1),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_ROUND",
    ),
    (
        "a tournament id that is not one",
        lambda s: s.client.get_pairings("not-an-id"),
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_TOURNAMENT_ID",
    ),
    (
        "an unknown tournament",
        lambda s: s.client.get_tournament("00000000-0000-4000-8000-000000000000"),
        grpc.StatusCode.NOT_FOUND,
        "TOURNAMENT_NOT_FOUND",
    ),
    (
        "a game's id as a tournament's",
        lambda s: s.client.get_standings(s.running_game),
        grpc.StatusCode.NOT_FOUND,
        "TOURNAMENT_NOT_FOUND",
    ),
]


def _head(server: RunningServer) -> int:
    return int(server.games.store.recorder.max_notification_id() or 0)


@pytest.mark.parametrize(("case", "call", "code", "reason"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_refused_with_its_status_and_changes_nothing(
    server: RunningServer, scene: Scene, case: str, call: Call, code: grpc.StatusCode, reason: str
) -> None:
    before = _head(server)
    with pytest.raises(TabletopError) as refused:
        call(scene)
    assert (refused.value.code, refused.value.reason) == (code, reason), refused.value.message
    assert _head(server) == before, "nothing was stored"


BAD_SETTINGS: list[tuple[str, dict[str, Any], str]] = [
    ("too many seats a table", {"seats": 9}, "BAD_TOURNAMENT_SPEC"),
    ("Swiss without a number of rounds", {"rounds": 0}, "BAD_TOURNAMENT_SPEC"),
    ("points for the wrong number of places", {"points": [3, 2, 1]}, "BAD_TOURNAMENT_SPEC"),
    ("points that rise with a worse place", {"points": [0, 1, 2, 3]}, "BAD_TOURNAMENT_SPEC"),
    ("a smallest table larger than the tables", {"smallest_table": 5}, "BAD_TOURNAMENT_SPEC"),
    ("an empty name", {"name": "  "}, "BAD_TEXT"),
    ("a name with a control character", {"name": "Cup\x1b[2J"}, "BAD_TEXT"),
    ("a name of zero-width spaces", {"name": "\u200b\u200b"}, "BAD_TEXT"),
    ("points past the int32 range", {"points": [2**31 - 1] * 4}, "BAD_TOURNAMENT_SPEC"),
    ("points past the cap", {"points": [10_001, 0, 0, 0]}, "BAD_TOURNAMENT_SPEC"),
    ("bye points past the int32 range", {"bye_points": 2**31 - 1}, "BAD_TOURNAMENT_SPEC"),
    ("bye points past the cap", {"bye_points": 10_001}, "BAD_TOURNAMENT_SPEC"),
    ("more rounds than the cap", {"rounds": 101}, "BAD_TOURNAMENT_SPEC"),
]


@pytest.mark.parametrize(
    ("case", "change", "reason"), BAD_SETTINGS, ids=[c[0] for c in BAD_SETTINGS]
)
def test_impossible_settings_are_refused_as_invalid(
    server: RunningServer, case: str, change: dict[str, Any], reason: str
) -> None:
    settings: dict[str, Any] = {"name": "Cup", "game": "bourgeoisie", "seats": 4}
    settings |= {"format": "swiss", "rounds": 3} | change
    before = _head(server)
    with TournamentClient(server.target) as client, pytest.raises(TabletopError) as refused:
        client.create_tournament(**settings)
    assert refused.value.code is grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.reason == reason
    assert _head(server) == before


@pytest.mark.parametrize(
    ("format_", "said"), [(0, "the format field is unset"), (9, "unknown format 9")]
)
def test_a_format_left_unset_or_unknown_is_refused_naming_the_formats(
    server: RunningServer, format_: int, said: str
) -> None:
    """As an unknown game kind is: the message names the enum's values to send."""
    from tabletop.v1 import tournament_service_pb2 as pb

    with TournamentClient(server.target) as client, pytest.raises(TabletopError) as refused:
        settings = pb.TournamentSettings(
            name="Cup", game=1, seats_per_table=2, rounds=1, format=format_
        )
        client._call(client._stub.CreateTournament, pb.CreateTournamentRequest(settings=settings))
    assert (refused.value.code, refused.value.reason) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "UNKNOWN_FORMAT",
    )
    formats = (
        "TOURNAMENT_FORMAT_ROUND_ROBIN, TOURNAMENT_FORMAT_SWISS or "
        "TOURNAMENT_FORMAT_SINGLE_ELIMINATION"
    )
    assert refused.value.message == f"{said}: choose {formats}"


def test_claiming_a_seat_again_answers_a_new_token_and_the_old_one_is_refused(
    server: RunningServer, scene: Scene
) -> None:
    first = scene.client.claim_seat(scene.running, scene.player_token)
    again = scene.client.claim_seat(scene.running, scene.player_token)
    assert (again.game_id, again.seat) == (first.game_id, first.seat) == (scene.running_game, 0)
    assert again.token != first.token and again.replaced and not first.replaced
    with (
        GameClient(server.target, first.token) as old,
        GameClient(server.target, again.token) as new,
    ):
        with pytest.raises(TabletopError) as refused:
            old.list_legal_actions(scene.running_game)
        assert refused.value.code is grpc.StatusCode.PERMISSION_DENIED
        assert "holds no seat" in refused.value.message
        assert new.list_legal_actions(scene.running_game).version > 0


def test_standings_at_the_largest_points_allowed_fit_the_wire(server: RunningServer) -> None:
    """The worst case found by fuzzing: 4 seats, points at the cap, a forfeit, then the standings
    (with 2**31 - 1 points a place they overflowed int32 and answered INTERNAL)."""
    with TournamentClient(server.target) as client:
        created = client.create_tournament(
            "Big points", "bourgeoisie", 4, "swiss", rounds=2, points=[10_000] * 4
        )
        tournament = created.tournament_id
        client.token = created.organiser_token
        for name in ("A", "B", "C", "D"):
            client.register_player(tournament, name)
        game_id = client.start_round(tournament).tables[0].game_id
        client.adjudicate_game(tournament, game_id, "x", forfeits=[3])
        standings = client.get_standings(tournament).standings
    assert sorted(s.points for s in standings) == [10_000] * 4
    assert sorted(s.opponents_points for s in standings) == [30_000] * 4


def test_player_names_must_be_visible_text(server: RunningServer, scene: Scene) -> None:
    client = _as(scene, scene.open_token)
    for name in ("", "\t", "Di\x00", "\u200b", "Di\u2066", "D" * 65):
        before = _head(server)
        with pytest.raises(TabletopError) as refused:
            client.register_player(scene.open, name)
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_TEXT",
        ), name
        assert _head(server) == before


def test_a_long_game_id_is_refused_without_echoing_it_whole(scene: Scene) -> None:
    """A mistyped or pasted id is quoted and cut in the message, as GameService does, never
    sent back in full in the status."""
    client = _as(scene, scene.running_token)
    with pytest.raises(TabletopError) as refused:
        client.withdraw_adjudication(scene.running, "x" * 100_000, "x")
    assert refused.value.reason == "BAD_GAME_ID"
    assert len(refused.value.message) < 300, refused.value.message


def test_too_few_players_says_how_many_seats_the_smallest_table_needs(scene: Scene) -> None:
    with pytest.raises(TabletopError) as refused:
        _as(scene, scene.open_token).start_round(scene.open)
    assert refused.value.message == "1 active player cannot fill a table: the smallest has 2 seats"


def test_bots_playing_a_round_raise_the_first_refusal_of_a_seat(server: RunningServer) -> None:
    """``play_round`` raises the first failure of any seat once all have stopped (here each
    seat's claim, with a token that is no player's), rather than returning as if played."""
    with TournamentClient(server.target) as client:
        tournament_id, _, _ = _tournament(client, ["Di", "Ed"])
        round_ = client.start_round(tournament_id)
    forged = {"Di": "not-a-player-token", "Ed": "not-a-player-token"}
    with pytest.raises(TabletopError) as refused:
        play_round(server.target, tournament_id, round_, forged)
    assert refused.value.code is grpc.StatusCode.PERMISSION_DENIED, refused.value
