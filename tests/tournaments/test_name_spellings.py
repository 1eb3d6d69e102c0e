"""A player's name in the spellings that show the same name: another case, or an accent typed
as a letter and a combining mark (``e`` + U+0301) rather than one character (``é``). They are
one name, and so is a name with a character drawn as nothing inside (a zero-width joiner):
the second registration is refused, and DropPlayer and ReinstatePlayer find the player under
any of them. A name that shows nothing (a Hangul filler, a variation selector)
is blank."""

from __future__ import annotations

import grpc
import pytest

from clients.errors import TabletopError
from clients.tournament import TournamentClient
from games.core.tournament_events import PlayerRegistered
from services.application.errors import InvalidRequestError
from services.application.tokens import new_token, token_hash
from services.tournaments import AlreadyRegisteredError, Tournaments
from tests.tournaments.conftest import RunningServer, open_event

COMPOSED = "Jos\u00e9"  # é as one character
DECOMPOSED = "Jose\u0301"  # e, then the combining acute accent: it shows as the same name


@pytest.mark.e2e
def test_a_name_in_another_composition_is_the_same_player_over_grpc(
    server: RunningServer,
) -> None:
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Cup", "bourgeoisie", 2, "swiss", rounds=1)
        tournament = created.tournament_id
        client.token = created.organiser_token
        registered = client.register_player(tournament, DECOMPOSED)
        assert registered.player.name == COMPOSED
        version = client.get_tournament(tournament).version
        with pytest.raises(TabletopError) as refused:
            client.register_player(tournament, "JOS\u00c9")
        assert refused.value.code is grpc.StatusCode.ALREADY_EXISTS
        assert refused.value.reason == "ALREADY_REGISTERED"
        assert repr(COMPOSED) in str(refused.value)  # the name as registered
        assert client.get_tournament(tournament).version == version
        dropped = client.drop_player(tournament, "jos\u00e9", "gone")
        assert (dropped.player.name, dropped.player.withdrawn) == (COMPOSED, True)
        back = client.reinstate_player(tournament, "JOSE\u0301", "back")
        assert (back.player.name, back.player.withdrawn) == (COMPOSED, False)
        players = client.get_tournament(tournament).players
        assert [p.name for p in players] == [COMPOSED]


LOOK_ALIKES = [
    "A\u200dda",  # a zero-width joiner inside
    "Ada\u200c",  # a zero-width non-joiner at the end
    "A\u034fda",  # a combining grapheme joiner
    "Ada\ufe0f",  # a variation selector
    "A\u180bda",  # a Mongolian free variation selector
]
"""``Ada`` with a character that is drawn as nothing: each shows as ``Ada``."""


@pytest.mark.e2e
@pytest.mark.parametrize(
    "name",
    LOOK_ALIKES,
    ids=[next(f"U+{ord(c):04X}" for c in n if not c.isascii()) for n in LOOK_ALIKES],
)
def test_a_name_with_a_character_drawn_as_nothing_is_the_same_player_over_grpc(
    server: RunningServer, name: str
) -> None:
    """In standings, pairings and the archive a second "Ada" that only a character drawn as
    nothing sets apart would pass for the first (docs/tournaments.md, "Limits")."""
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Cup", "bourgeoisie", 2, "swiss", rounds=1)
        client.token = created.organiser_token
        client.register_player(created.tournament_id, "Ada")
        with pytest.raises(TabletopError) as refused:
            client.register_player(created.tournament_id, name)
        assert refused.value.reason == "ALREADY_REGISTERED"
        dropped = client.drop_player(created.tournament_id, name, "gone")
        assert dropped.player.name == "Ada"


def test_a_name_stored_decomposed_is_found_and_taken_in_either_composition(
    tournaments: Tournaments,
) -> None:
    """A record may hold a name as it was sent before names were stored composed."""
    event = open_event(tournaments, 2, seats=2, rounds=1)
    with tournaments._writing(event.tournament_id, event.organiser) as aggregate:
        tournaments._append(aggregate, PlayerRegistered(DECOMPOSED, token_hash(new_token())))
    version = tournaments.current(event.tournament_id)[1]
    with pytest.raises(AlreadyRegisteredError):
        tournaments.register_player(event.tournament_id, event.organiser, COMPOSED)
    assert tournaments.current(event.tournament_id)[1] == version
    dropped = tournaments.drop_player(event.tournament_id, event.organiser, COMPOSED, "ill")
    assert (dropped.name, dropped.withdrawn) == (DECOMPOSED, True)
    back = tournaments.reinstate_player(event.tournament_id, event.organiser, "JOS\u00c9", "x")
    assert (back.name, back.withdrawn) == (DECOMPOSED, False)


@pytest.mark.parametrize(
    "alike",
    ["\u0410da", "A\u0501a"],  # a Cyrillic capital A; a Cyrillic Komi de for the d
    ids=["cyrillic-A", "komi-de"],
)
def test_a_name_drawn_like_an_entrants_is_refused_and_not_stored(
    tournaments: Tournaments, alike: str
) -> None:
    """In standings, pairings and the archive "Ada" with a Cyrillic A (U+0410) would pass
    for the Latin "Ada" (docs/tournaments.md, "Limits")."""
    event = open_event(tournaments, 0, seats=2, rounds=1)
    tournaments.register_player(event.tournament_id, event.organiser, "Ada")
    version = tournaments.current(event.tournament_id)[1]
    with pytest.raises(AlreadyRegisteredError) as refused:
        tournaments.register_player(event.tournament_id, event.organiser, alike)
    assert f"{alike!r} looks like 'Ada'" in str(refused.value)
    assert tournaments.current(event.tournament_id)[1] == version
    tournaments.register_player(event.tournament_id, event.organiser, "Adam")  # told apart


@pytest.mark.e2e
def test_a_look_alike_name_is_refused_already_exists_over_grpc(server: RunningServer) -> None:
    with TournamentClient(server.target) as client:
        created = client.create_tournament("Cup", "bourgeoisie", 2, "swiss", rounds=1)
        client.token = created.organiser_token
        client.register_player(created.tournament_id, "Alice")
        with pytest.raises(TabletopError) as refused:
            client.register_player(created.tournament_id, "AIice")  # a capital I
        assert refused.value.code is grpc.StatusCode.ALREADY_EXISTS
        assert refused.value.reason == "ALREADY_REGISTERED"
        players = client.get_tournament(created.tournament_id).players
        assert [p.name for p in players] == ["Alice"]


@pytest.mark.parametrize("blank", ["\u3164", "\ufe0f", "\u2800", " \u115f\u1160 "])
def test_a_name_that_shows_nothing_is_refused_and_not_stored(
    tournaments: Tournaments, blank: str
) -> None:
    event = open_event(tournaments, 1, seats=2, rounds=1)
    version = tournaments.current(event.tournament_id)[1]
    with pytest.raises(InvalidRequestError) as refused:
        tournaments.register_player(event.tournament_id, event.organiser, blank)
    assert refused.value.reason == "BAD_TEXT"
    assert "cannot be blank" in str(refused.value)
    assert tournaments.current(event.tournament_id)[1] == version
