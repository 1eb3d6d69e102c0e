"""What-if forks and disputes: new games from old moments, and rulings on the record."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise

import pytest

from games.core import RuleError
from replay.verify import verify_record
from services.application import (
    Games,
    GameStore,
    InvalidRequestError,
    PermissionDeniedError,
    Perspective,
    UnauthenticatedError,
)
from services.application.aggregate import Game
from services.application.review import (
    MAX_OPEN_DISPUTES,
    _open_dispute,
    _require_room_for_a_claim,
)
from services.settings import Settings
from tests.services.conftest import ARBITER
from tests.support.play import play_random, seat_everyone


@pytest.fixture
def games() -> Iterator[Games]:
    store = GameStore(Settings(store="memory"))
    yield Games(store, arbiter_token=ARBITER)
    store.close()


@pytest.fixture
def finished(games: Games) -> str:
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2))
    return game_id


def _decision_point(games: Games, game_id: str, near: int) -> int:
    events = games.read_events(game_id)
    return next(e.version for e, after in pairwise(events[near:]) if e.cause != after.cause)


def test_a_fork_starts_from_the_origins_state_and_plays_to_the_end(
    games: Games, finished: str
) -> None:
    at = _decision_point(games, finished, 150)
    fork_id, version = games.fork_game(finished, at, "")
    fork = games.game_info(fork_id)
    origin = games.game_info(finished, at)
    assert version == 2 and fork.state == origin.state
    first = games.read_events(fork_id)[0].event.data
    assert first["origin_game_id"] == finished and first["origin_version"] == at
    assert first["seed_commitment"] != games.read_events(finished)[0].event.data["seed_commitment"]
    play_random(games, fork_id, seat_everyone(games, fork_id, 2), seed=5)
    record = games.record(fork_id)
    assert record.result is not None and record.header["origin_version"] == at
    verdict = verify_record(record)
    assert verdict.ok, verdict.problems


def test_a_live_game_is_forked_only_by_the_arbiter(games: Games) -> None:
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens, limit=10)
    at = _decision_point(games, game_id, 20)
    with pytest.raises(PermissionDeniedError):
        games.fork_game(game_id, at, tokens[0])
    fork_id, _ = games.fork_game(game_id, at, ARBITER)
    assert games.game_info(fork_id).state == games.game_info(game_id, at).state


def test_a_fork_from_a_version_the_game_does_not_have_says_which_it_has(
    games: Games, finished: str
) -> None:
    """As a dispute's version out of range is refused (``versions run from 1 to N``), so is a
    fork's: the refusal names the versions to choose from, not only the one that is not."""
    last = games.game_info(finished).version
    for version in (last + 5, 0, -1):
        with pytest.raises(InvalidRequestError, match=f"versions run from 1 to {last}$"):
            games.fork_game(finished, version, "")


def test_a_fork_needs_a_version_of_the_origin_where_play_goes_on(
    games: Games, finished: str
) -> None:
    last = games.game_info(finished).version
    for version in (last + 5, 0, -1, -(2**63)):
        with pytest.raises(InvalidRequestError) as refused:
            games.fork_game(finished, version, "")
        assert refused.value.reason == "BAD_VERSION", version
    with pytest.raises(RuleError, match="nothing is left to play") as over:
        games.fork_game(finished, last, "")
    assert over.value.reason == "GAME_OVER"
    events = games.read_events(finished)
    inside = next(e.version for e, after in pairwise(events[100:]) if e.cause == after.cause)
    with pytest.raises(RuleError) as mid_batch:
        games.fork_game(finished, inside, "")
    assert mid_batch.value.reason == "NOT_A_DECISION_POINT"
    batch = [e for e in events if e.cause == events[inside - 1].cause]
    suggested, before = batch[-1].version, batch[0].version - 1
    said = str(mid_batch.value)
    assert f"version {suggested}" in said, "it names where the batch ends"
    assert f"or from version {before}, before that action" in said, "and where it began"
    for version in (suggested, before):
        assert games.fork_game(finished, version, "")[1] > 0, "and forking there works"
    setup = [e for e in events if e.cause == events[0].cause]
    assert len(setup) > 2, "the setup is a batch of its own: the deal, the first player"
    with pytest.raises(RuleError, match=f"inside the game's setup; .* version {len(setup)}$"):
        games.fork_game(finished, 2, "")


def test_a_dispute_is_opened_by_a_seat_ruled_by_the_arbiter_and_kept_on_the_record(
    games: Games,
) -> None:
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens)
    tokens_view = games.viewer(game_id, "", Perspective.FULL)
    assert tokens_view.perspective is Perspective.FULL
    seat_token = games.join_game(*_fresh_seat(games)).token  # a seat of another game
    with pytest.raises(PermissionDeniedError):
        games.open_dispute(game_id, 40, "the roll was wrong", seat_token)
    before = games.read_events(game_id)
    claim = "the die at v40 was not fair"
    dispute, version = games.open_dispute(game_id, 40, claim, tokens[1])
    with pytest.raises(PermissionDeniedError):
        games.rule_dispute(game_id, dispute, "fair", False, tokens[1])
    with pytest.raises(UnauthenticatedError, match="needs the arbiter's token"):
        games.rule_dispute(game_id, dispute, "fair", False, "")  # no token: who asks, first
    ruling = "the die came from the committed seed"
    ruled_id, ruled = games.rule_dispute(game_id, dispute[:8], ruling, False, ARBITER)
    assert ruled_id == dispute
    after = games.read_events(game_id)
    assert after[: len(before)] == before, "the record before the dispute is never edited"
    opened, decided = (e.event for e in after[len(before) :])
    assert (opened.type, decided.type) == ("core.DisputeOpened", "core.DisputeRuled")
    assert opened.data == {"dispute": dispute, "version": 40, "claim": claim, "by": "seat 1"}
    assert decided.data == {"dispute": dispute, "ruling": ruling, "upheld": False}
    assert (version, ruled) == (len(before) + 1, len(before) + 2)
    with pytest.raises(RuleError):
        games.rule_dispute(game_id, dispute, "again", True, ARBITER)
    verdict = verify_record(games.record(game_id))
    assert verdict.ok, verdict.problems


def test_dispute_claims_and_versions_are_checked(games: Games, finished: str) -> None:
    with pytest.raises(InvalidRequestError):
        games.open_dispute(finished, 40, "   ", ARBITER)
    with pytest.raises(InvalidRequestError):
        games.open_dispute(finished, 40, "x" * 5000, ARBITER)
    for claim in ("\u200b", "a\x00b", "\x1b[2J"):
        with pytest.raises(InvalidRequestError) as refused:
            games.open_dispute(finished, 40, claim, ARBITER)
        assert refused.value.reason == "BAD_TEXT"
    with pytest.raises(InvalidRequestError):
        games.open_dispute(finished, 10**6, "too late", ARBITER)
    last = games.game_info(finished).version
    for outside in (-1, 0, last + 1):  # versions run from 1 to the game's (api.md, section 6)
        with pytest.raises(InvalidRequestError) as refused:
            games.open_dispute(finished, outside, "the roll was wrong", ARBITER)
        assert refused.value.reason == "BAD_VERSION"
    for edge in (last, 1):  # the last first: each dispute opened moves the game's version
        games.open_dispute(finished, edge, "x" * 2000, ARBITER)  # the longest claim (api.md)
    with pytest.raises(InvalidRequestError) as refused:
        games.open_dispute(finished, last, "x" * 2001, ARBITER)
    assert refused.value.reason == "BAD_TEXT"


def test_a_dispute_without_a_token_says_whose_token_it_needs(games: Games, finished: str) -> None:
    before = games.read_events(finished)
    with pytest.raises(UnauthenticatedError, match="a seat's token or the arbiter's"):
        games.open_dispute(finished, 40, "the roll was wrong", "")
    assert games.read_events(finished) == before


def test_a_dispute_refuses_who_asks_before_what_is_asked(games: Games, finished: str) -> None:
    """Who asks comes before what is asked (api.md section 6): an OpenDispute or RuleDispute
    without a token, or with one that may not make it, is refused for the token, whatever
    its claim, ruling or version; a bad request from a caller who may ask is refused for
    the request."""
    other = games.join_game(*_fresh_seat(games)).token  # a seat of another game
    for claim, version in (("   ", 40), ("x" * 2001, 40), ("a\x00b", 40), ("the roll", 0)):
        with pytest.raises(UnauthenticatedError) as missing:
            games.open_dispute(finished, version, claim, "")
        assert missing.value.reason == "TOKEN_MISSING"
        with pytest.raises(PermissionDeniedError) as foreign:
            games.open_dispute(finished, version, claim, other)
        assert foreign.value.reason == "TOKEN_NOT_VALID_FOR_GAME"
        with pytest.raises(InvalidRequestError):
            games.open_dispute(finished, version, claim, ARBITER)
    dispute, _ = games.open_dispute(finished, 40, "the roll was wrong", ARBITER)
    before = games.read_events(finished)
    for ruling in ("   ", "x" * 2001, "a\x00b"):
        with pytest.raises(UnauthenticatedError) as missing:
            games.rule_dispute(finished, dispute, ruling, False, "")
        assert missing.value.reason == "TOKEN_MISSING"
        with pytest.raises(PermissionDeniedError) as foreign:
            games.rule_dispute(finished, dispute, ruling, False, other)
        assert foreign.value.reason == "TOKEN_NOT_VALID_FOR_GAME", "as OpenDispute says"
        with pytest.raises(InvalidRequestError):
            games.rule_dispute(finished, dispute, ruling, False, ARBITER)
    assert games.read_events(finished) == before


def test_ruling_without_naming_a_dispute_is_a_bad_request(games: Games, finished: str) -> None:
    """An empty id is a prefix of every id: it is refused as a request to fix, never read as
    the one open dispute."""
    games.open_dispute(finished, 40, "the roll was wrong", ARBITER)
    before = games.read_events(finished)
    with pytest.raises(InvalidRequestError) as refused:
        games.rule_dispute(finished, "", "fair", False, ARBITER)
    assert refused.value.reason == "DISPUTE_ID_MISSING"
    assert games.read_events(finished) == before


def _fresh_seat(games: Games) -> tuple[str, str]:
    game_id, _ = games.create_game("bourgeoisie", 2)
    return game_id, "someone"


def test_a_fork_restored_from_an_older_snapshot_still_knows_its_origin(games: Games) -> None:
    """A snapshot taken before the aggregate kept ``origin_game_id`` has none: the origin is
    then read from the fork's ``GameCreated``, so a fork of a live game stays private."""
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=5)
    fork_id, _ = games.fork_game(game_id, games.game_info(game_id).version, ARBITER)
    snapshot = Game.Snapshot.take(games.game_info(fork_id))
    older = {name: value for name, value in snapshot.state.items() if name != "origin_game_id"}
    restored = replace(snapshot, state=older).mutate(None)
    assert isinstance(restored, Game) and restored.origin_game_id is None
    assert games._origin_of(restored) == game_id
    with pytest.raises(PermissionDeniedError) as refused:
        games._require_fork_access(restored, "")
    assert refused.value.reason == "PRIVATE_FORK"


def test_a_seat_holds_a_few_open_disputes_at_once_and_a_ruling_makes_room(games: Games) -> None:
    """Each dispute moves the version and overtakes every decision at the table, so one seat
    may hold only ``MAX_OPEN_DISPUTES`` open at once; the other seats and the arbiter are not
    held back by it, and a ruling lets the seat open another."""
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens, limit=5)
    held = [games.open_dispute(game_id, 3, f"claim {n}", tokens[1])[0] for n in range(3)]
    assert len(held) == MAX_OPEN_DISPUTES
    before = games.read_events(game_id)
    with pytest.raises(RuleError, match="seat 1 already holds 3 open disputes") as refused:
        games.open_dispute(game_id, 3, "one more", tokens[1])
    assert refused.value.reason == "TOO_MANY_OPEN_DISPUTES"
    for claim, version in (("   ", 3), ("one more", 0)):  # who asks, before what is asked
        with pytest.raises(RuleError) as refused:
            games.open_dispute(game_id, version, claim, tokens[1])
        assert refused.value.reason == "TOO_MANY_OPEN_DISPUTES"
    assert games.read_events(game_id) == before, "a refused claim stores nothing"
    games.open_dispute(game_id, 3, "seat 0's own", tokens[0])
    for n in range(MAX_OPEN_DISPUTES + 1):
        games.open_dispute(game_id, 3, f"the arbiter's {n}", ARBITER)
    games.rule_dispute(game_id, held[0], "noted", False, ARBITER)
    games.open_dispute(game_id, 3, "after a ruling", tokens[1])


def test_disputes_restored_from_an_older_snapshot_are_still_ruled(games: Games) -> None:
    """A snapshot taken before the aggregate kept who opened each dispute holds "open" for
    each: those disputes are ruled as before, and count against no seat."""
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    opened = [games.open_dispute(game_id, 3, "the deal", tokens[0])[0] for _ in range(3)]
    snapshot = Game.Snapshot.take(games.game_info(game_id))
    older = {**snapshot.state, "disputes": dict.fromkeys(snapshot.state["disputes"], "open")}
    restored = replace(snapshot, state=older).mutate(None)
    assert isinstance(restored, Game) and restored.disputes == dict.fromkeys(opened, "open")
    assert _open_dispute(restored, opened[0][:8]) == opened[0]
    _require_room_for_a_claim(restored, "seat 0")  # its three are not known to be its own


def test_a_prefix_two_open_disputes_share_is_refused_naming_both(
    games: Games, finished: str
) -> None:
    """docs/api.md section 6: a prefix that several open disputes begin with is refused as
    ``AMBIGUOUS_DISPUTE``, never resolved by a guess, even when only two share it."""
    by_first: dict[str, str] = {}
    while True:  # at most 17 ids over 16 hex digits: stop at the first two alike
        dispute, _ = games.open_dispute(finished, 1, "the roll was wrong", ARBITER)
        if dispute[0] in by_first:
            break
        by_first[dispute[0]] = dispute
    before = games.read_events(finished)
    with pytest.raises(InvalidRequestError) as refused:
        games.rule_dispute(finished, dispute[0], "fair", False, ARBITER)
    assert refused.value.reason == "AMBIGUOUS_DISPUTE"
    assert by_first[dispute[0]] in str(refused.value) and dispute in str(refused.value)
    assert games.read_events(finished) == before
