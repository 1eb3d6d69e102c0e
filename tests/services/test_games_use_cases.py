"""The application's use cases on every store: memory, a SQLite file and real PostgreSQL."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from uuid import UUID

import pytest

import services.application.streams as streams_module
from games.bourgeoisie.actions import EndPhase, PlaceFamily
from games.core import GameOverError, RuleError, commitment
from games.core.errors import MalformedError
from games.registry import rules_for
from services.application import (
    GameNotFoundError,
    Games,
    InvalidRequestError,
    PermissionDeniedError,
    Perspective,
    SeatUnavailableError,
    StaleVersionError,
    UnauthenticatedError,
)
from services.application.aggregate import seed_id
from tests.services.conftest import ARBITER
from tests.support.play import play_random, seat_everyone


def _new_game(games: Games, seats: int = 2) -> tuple[str, list[str]]:
    game_id, _ = games.create_game("bourgeoisie", seats)
    return game_id, seat_everyone(games, game_id, seats)


def _current(games: Games, game_id: str, tokens: list[str]) -> tuple[int, int, list[object]]:
    game = games.game_info(game_id)
    seat = game.rules.to_act(game.state)
    assert seat is not None
    choices = games.legal_actions(game_id, tokens[seat])
    return choices.version, choices.seat, choices.actions


def test_a_new_game_begins_with_game_created_and_its_opening(games: Games) -> None:
    game_id, version = games.create_game("bourgeoisie", 3)
    events = games.read_events(game_id)
    assert events[0].event.type == "core.GameCreated"
    assert events[0].event.data["seats"] == 3
    assert len(events) == version > 1
    assert all(e.cause.kind.value == "setup" for e in events)


def test_joins_racing_in_one_server_each_take_a_seat(games: Games) -> None:
    """One server serialises its writes to a game (docs/api.md §3: ``CONCURRENT_WRITE`` is
    another server's write): four players asking at once for the first free seat each get
    one, and none is told to retry."""
    for _ in range(5):
        game_id, _ = games.create_game("bourgeoisie", 4)
        assert sorted(_join_at_once(games, game_id, 4)) == [0, 1, 2, 3]


def _join_at_once(games: Games, game_id: str, players: int) -> list[int]:
    """The seats ``players`` threads take, each asking for the first free one at once."""
    together = threading.Barrier(players)

    def join(n: int) -> int:
        together.wait()
        return games.join_game(game_id, f"p{n}").seat

    with ThreadPoolExecutor(players) as pool:
        return list(pool.map(join, range(players)))


def test_unknown_game_and_bad_seat_counts_are_refused(games: Games) -> None:
    with pytest.raises(MalformedError) as unknown:
        games.create_game("chess", 2)
    assert unknown.value.reason == "UNKNOWN_GAME"
    with pytest.raises(MalformedError) as too_many:
        games.create_game("bourgeoisie", 9)
    assert too_many.value.reason == "BAD_SEAT_COUNT"


@pytest.mark.parametrize("seat", [-1, 2])
def test_a_seat_outside_the_table_is_a_bad_request(games: Games, seat: int) -> None:
    """A seat the game does not have is ``BAD_SEAT`` (a mistake in the request), never "taken"."""
    game_id, _ = games.create_game("bourgeoisie", 2)
    with pytest.raises(InvalidRequestError, match="seats 0 to 1") as refused:
        games.join_game(game_id, "Ada", seat)
    assert refused.value.reason == "BAD_SEAT"


@pytest.mark.parametrize("game", ["bourgeoisie", "burgundy", "bruges"])
def test_every_game_seats_its_whole_range_under_the_default_ruleset(
    games: Games, game: str
) -> None:
    """docs/api.md section 1: the seat counts in the table are all allowed, an empty ruleset
    is ``default``, and a ruleset the game does not have is ``UNKNOWN_RULESET``."""
    rules = rules_for(game)
    for seats in (rules.min_seats, rules.max_seats):
        game_id, _ = games.create_game(game, seats)
        created = games.read_events(game_id, 0, 1)[0].event.data
        assert (created["seats"], created["ruleset"]) == (seats, "default")
    with pytest.raises(MalformedError) as refused:
        games.create_game(game, rules.min_seats, ruleset="house")
    assert refused.value.reason == "UNKNOWN_RULESET"


def test_a_seat_can_be_taken_once(games: Games) -> None:
    """Each refusal says where to go instead: the free seats, or another game."""
    game_id, _ = games.create_game("bourgeoisie", 3)
    first = games.join_game(game_id, "Ada", 1)
    assert first.seat == 1 and first.token
    with pytest.raises(SeatUnavailableError, match=r"seat 1 is taken; free seats: 0, 2$"):
        games.join_game(game_id, "Bob", 1)
    assert games.join_game(game_id, "Cy").seat == 0
    assert games.join_game(game_id, "Di").seat == 2
    with pytest.raises(SeatUnavailableError, match=r"seat 2 is taken, as is every seat$"):
        games.join_game(game_id, "Eve", 2)
    with pytest.raises(SeatUnavailableError, match="create another game, or watch") as full:
        games.join_game(game_id, "Dee")
    assert full.value.reason == "GAME_FULL"
    with pytest.raises(InvalidRequestError):
        games.join_game(game_id, "Eve", 7)


def test_tokens_are_stored_only_as_hashes(games: Games) -> None:
    game_id, tokens = _new_game(games)
    stored = str([e.as_json() for e in games.read_events(game_id)])
    assert all(token not in stored for token in tokens)


def test_an_action_appends_events_and_advances_the_version(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    submitted = games.submit_action(game_id, tokens[seat], version, "c1", actions[0])
    assert submitted.version == version + len(submitted.events) > version
    assert [e.version for e in submitted.events] == list(range(version + 1, submitted.version + 1))


def test_a_stale_expected_version_is_refused_and_stores_nothing(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    with pytest.raises(StaleVersionError, match=f"decide at version {version}$"):
        games.submit_action(game_id, tokens[seat], version - 1, "c1", actions[0])
    assert games.game_info(game_id).version == version


@pytest.mark.parametrize("ahead", [False, True])
def test_an_expected_version_of_none_or_not_yet_reached_is_a_bad_request(
    games: Games, ahead: bool
) -> None:
    """docs/api.md section 3: a version the game has not reached, or none (0, an unset field),
    is ``INVALID_ARGUMENT / BAD_VERSION``, not ABORTED: refreshing would not mend it."""
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    expected = version + 1 if ahead else 0
    with pytest.raises(InvalidRequestError) as refused:
        games.submit_action(game_id, tokens[seat], expected, "c1", actions[0])
    assert refused.value.reason == "BAD_VERSION"
    assert games.game_info(game_id).version == version


def test_a_retried_command_returns_its_first_answer_and_stores_nothing(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    first = games.submit_action(game_id, tokens[seat], version, "same-id", actions[0])
    again = games.submit_action(game_id, tokens[seat], version, "same-id", actions[0])
    assert again.replayed and again.version == first.version and again.folded == first.folded
    assert games.game_info(game_id).version == first.version


def test_a_retry_after_the_game_moved_on_returns_its_own_events_however_many(
    games: Games, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The replayed answer holds the events the action stored, read back from the store: all
    of a batch longer than one read back, and none of the events stored after it, each with
    the states around it, so that its lines are the first answer's."""
    monkeypatch.setattr(streams_module, "BATCH_READ_BACK", 2)
    game_id, tokens = _new_game(games)
    answers = []
    for turn in range(12):
        version, seat, actions = _current(games, game_id, tokens)
        answer = games.submit_action(game_id, tokens[seat], version, f"c{turn}", actions[0])
        answers.append((seat, f"c{turn}", actions[0], answer))
    seat, command_id, action, first = max(answers[:-1], key=lambda each: len(each[3].events))
    assert len(first.events) > 2, "some action set off a run of automatic steps"
    again = games.submit_action(game_id, tokens[seat], 1, command_id, action)
    assert again.replayed and again.version == first.version and again.folded == first.folded


def test_a_command_id_reused_for_another_action_or_seat_is_refused(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    assert len(actions) >= 2, "the opening offers a choice"
    first = games.submit_action(game_id, tokens[seat], version, "once", actions[0])
    other_token = tokens[1 - seat]
    for token, action in ((tokens[seat], actions[1]), (other_token, actions[0])):
        with pytest.raises(InvalidRequestError, match="already answered") as refused:
            games.submit_action(game_id, token, first.version, "once", action)
        assert refused.value.reason == "COMMAND_ID_REUSED"
    assert games.game_info(game_id).version == first.version, "nothing is stored"
    with pytest.raises(PermissionDeniedError):
        games.submit_action(game_id, "not-a-seat", version, "once", actions[0])


def test_only_the_seat_to_act_may_act_and_only_with_its_own_token(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    other = 1 - seat
    with pytest.raises(RuleError):
        games.submit_action(game_id, tokens[other], version, "c1", actions[0])
    with pytest.raises(UnauthenticatedError, match="'authorization: Bearer <token>'"):
        games.submit_action(game_id, "", version, "c2", actions[0])
    with pytest.raises(PermissionDeniedError, match="send the token that JoinGame"):
        games.submit_action(game_id, "not-a-token", version, "c3", actions[0])
    elsewhere, other_tokens = _new_game(games)
    with pytest.raises(PermissionDeniedError):
        games.submit_action(game_id, other_tokens[seat], version, "c4", actions[0])
    assert games.game_info(game_id).version == version
    assert games.game_info(elsewhere).version > 1


def test_an_illegal_action_is_refused_and_stores_nothing(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    illegal = next(a for a in (PlaceFamily(119), EndPhase()) if a not in actions)
    with pytest.raises(RuleError):
        games.submit_action(game_id, tokens[seat], version, "c1", illegal)
    assert games.game_info(game_id).version == version


def test_unknown_and_malformed_game_ids(games: Games) -> None:
    with pytest.raises(GameNotFoundError, match="on this server: check the id"):
        games.game_info("00000000-0000-4000-8000-000000000000")
    with pytest.raises(InvalidRequestError):
        games.game_info("not-a-uuid")


def test_a_seed_record_is_no_game_and_an_unknown_game_has_no_events(games: Games) -> None:
    """The secret seed is stored under the game id with its first bit flipped: read as a
    game, that id is unknown (``NOT_FOUND``), never the seed; and an unknown game's events
    are refused as unknown, not read as an empty game."""
    game_id, _ = _new_game(games)
    hidden = str(seed_id(UUID(game_id)))
    with pytest.raises(GameNotFoundError):
        games.game_info(hidden)
    with pytest.raises(GameNotFoundError):
        games.read_events("00000000-0000-4000-8000-000000000000")


def test_a_past_version_or_a_read_before_the_first_is_a_bad_request(games: Games) -> None:
    """Versions start at 1: version 0, reading after a negative version and a negative limit
    are refused (``BAD_VERSION``, ``BAD_LIMIT``), never read as "the start" or "no limit"."""
    game_id, _ = _new_game(games)
    with pytest.raises(InvalidRequestError) as version_zero:
        games.game_info(game_id, 0)
    assert version_zero.value.reason == "BAD_VERSION"
    with pytest.raises(InvalidRequestError) as before_first:
        games.read_events(game_id, -1)
    assert before_first.value.reason == "BAD_VERSION"
    with pytest.raises(InvalidRequestError) as negative:
        games.read_events(game_id, 0, -1)
    assert negative.value.reason == "BAD_LIMIT"


def test_reading_on_from_version_one_starts_from_the_state_at_version_one(games: Games) -> None:
    """A watch or a read resumed after version 1 folds on from the game as it stood there,
    like one resumed after any later version (its lines and views say what the fold shows)."""
    game_id, _ = _new_game(games)
    first = games.game_info(game_id, 1).state
    second = games.game_info(game_id, 2).state
    for steps in (list(games.states_after(game_id, 1)), games.read_folded(game_id, 1)):
        assert steps[0].recorded.version == 2
        assert (steps[0].before, steps[0].after) == (first, second)


def test_a_game_remembers_its_last_256_command_ids(games: Games) -> None:
    """docs/api.md section 1: "The server remembers a game's last 256 command ids; an older
    one is judged as a new command." Arbiter disputes each store a command of their own."""
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    first = games.submit_action(game_id, tokens[seat], version, "kept", actions[0])
    for n in range(255):
        games.open_dispute(game_id, 1, f"claim {n}", ARBITER)
    again = games.submit_action(game_id, tokens[seat], version, "kept", actions[0])
    assert again.replayed and again.version == first.version
    games.open_dispute(game_id, 1, "the 256th command after it", ARBITER)
    with pytest.raises(StaleVersionError):
        games.submit_action(game_id, tokens[seat], version, "kept", actions[0])


def test_full_information_needs_an_arbiter_until_the_game_ends(games: Games) -> None:
    game_id, tokens = _new_game(games)
    with pytest.raises(PermissionDeniedError):
        games.viewer(game_id, tokens[0], Perspective.FULL)
    assert games.viewer(game_id, ARBITER, Perspective.FULL).perspective is Perspective.FULL
    play_random(games, game_id, tokens)
    assert games.viewer(game_id, "", Perspective.FULL).perspective is Perspective.FULL


def test_the_seed_stays_secret_until_the_end_and_then_matches_its_commitment(games: Games) -> None:
    game_id, tokens = _new_game(games)
    play_random(games, game_id, tokens, limit=20)
    assert all(e.event.type != "core.SeedRevealed" for e in games.read_events(game_id))
    play_random(games, game_id, tokens, seed=1)
    events = games.read_events(game_id)
    assert events[-1].event.type == "core.SeedRevealed"
    seed = bytes.fromhex(events[-1].event.data["seed"])
    assert commitment(seed) == events[0].event.data["seed_commitment"]


def test_a_finished_game_accepts_no_more_actions(games: Games) -> None:
    game_id, tokens = _new_game(games)
    play_random(games, game_id, tokens)
    version = games.game_info(game_id).version
    with pytest.raises(GameOverError):
        games.submit_action(game_id, tokens[0], version, "late", EndPhase())
    # docs/api.md section 3: GAME_OVER "whatever version the call carries"; a stale one
    # answered ABORTED would send the client to decide again on nothing.
    with pytest.raises(GameOverError):
        games.submit_action(game_id, tokens[0], version - 1, "late-and-stale", EndPhase())


def test_a_finished_game_says_it_is_over_to_a_late_joiner(games: Games) -> None:
    """Every seat of a finished game is taken, but "the game is over" is the news."""
    game_id, tokens = _new_game(games)
    play_random(games, game_id, tokens)
    with pytest.raises(GameOverError, match="the game is over"):
        games.join_game(game_id, "late")


def test_past_versions_can_be_viewed_and_snapshots_are_taken(games: Games) -> None:
    game_id, tokens = _new_game(games)
    play_random(games, game_id, tokens, limit=60)
    game = games.game_info(game_id)
    assert game.version > 100
    assert list(games.store.snapshots.get(game.id)) if games.store.snapshots else False
    early = games.game_info(game_id, 5)
    assert early.version == 5
    with pytest.raises(InvalidRequestError):
        games.game_info(game_id, game.version + 1)


def test_the_record_of_a_game_holds_every_event_and_its_result(games: Games) -> None:
    game_id, tokens = _new_game(games, 3)
    play_random(games, game_id, tokens)
    record = games.record(game_id)
    assert [e.version for e in record.events] == list(
        range(1, games.game_info(game_id).version + 1)
    )
    assert record.header["players"] == ["player 0", "player 1", "player 2"]
    assert record.result is not None and len(record.result["scores"]) == 3


def test_watching_from_past_the_last_version_or_before_the_first_is_refused(
    games: Games,
) -> None:
    game_id, _ = _new_game(games)
    version = games.game_info(game_id).version
    assert list(games.states_after(game_id, version)) == [], "the current version is fine"
    for after in (version + 1, 10**6, -1):
        with pytest.raises(InvalidRequestError) as refused:
            next(games.states_after(game_id, after))
        assert refused.value.reason == "BAD_VERSION"
    with pytest.raises(InvalidRequestError, match=f"the game has only {version} versions"):
        next(games.states_after(game_id, version + 1))


def test_a_command_id_longer_than_the_limit_is_refused_and_stores_nothing(games: Games) -> None:
    game_id, tokens = _new_game(games)
    version, seat, actions = _current(games, game_id, tokens)
    with pytest.raises(InvalidRequestError) as refused:
        games.submit_action(game_id, tokens[seat], version, "x" * 129, actions[0])
    assert refused.value.reason == "BAD_COMMAND_ID"
    assert games.game_info(game_id).version == version
    assert games.submit_action(game_id, tokens[seat], version, "x" * 128, actions[0]).version


def test_options_no_game_reads_are_refused(games: Games) -> None:
    with pytest.raises(InvalidRequestError) as refused:
        games.create_game("bourgeoisie", 2, options=[("variant", "long")])
    assert refused.value.reason == "UNKNOWN_OPTION"


@pytest.mark.parametrize("name", ["", "  ", "Ada\x00", "\u200b", "Ada\u202e", "x" * 65])
def test_a_player_name_is_visible_text_so_a_taken_seat_never_looks_free(
    games: Games, name: str
) -> None:
    game_id, _ = games.create_game("bourgeoisie", 2)
    with pytest.raises(InvalidRequestError) as refused:
        games.join_game(game_id, name, 0)
    assert refused.value.reason == "BAD_TEXT"
    assert games.game_info(game_id).players == ["", ""]


@pytest.mark.parametrize(
    "spelling",
    [
        "urn:uuid:{id}",
        "{{{id}}}",
        "{upper}",
        "{plain}",
        " {id}",
    ],
)
def test_a_game_id_in_another_spelling_is_refused_never_echoed(games: Games, spelling: str) -> None:
    game_id, _ = games.create_game("bourgeoisie", 2)
    asked = spelling.format(id=game_id, upper=game_id.upper(), plain=game_id.replace("-", ""))
    with pytest.raises(InvalidRequestError) as refused:
        games.join_game(asked, "Ada")
    assert refused.value.reason == "BAD_GAME_ID"
    assert games.join_game(game_id, "Ada").game_id == game_id
