"""A record's last chain value against one from a trusted source: what makes a consistent record
authentic (docs/record-format.md, "What tabletop verify proves").

``verify_record`` shows that a record is internally consistent and that the rules produce every
event in it. A forger who re-hashes every line from scratch, or who cuts a finished record short,
keeps both true. The chain value of the last event seals every line before it, so comparing it
with the value the server holds (``tabletop verify --server``), or with one taken from a trusted
export or a tournament record's binding (``--chain``), is what ties the record to the game.
"""

from __future__ import annotations

from collections.abc import Sequence

import grpc

from clients.errors import BAD_ADDRESS, ClientSettingError, TabletopError
from clients.sdk import GameClient
from games.core import GameRecord, RecordError
from games.core.tournament_record import end_chain
from games.core.wording import counted
from replay.sources import Reading
from replay.verify import Checked, ReadAgain, Verdict

REFUSED = (grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.UNAUTHENTICATED)
"""How a server refuses one game's events to this caller: that record alone is not compared."""
ABSENT = (grpc.StatusCode.NOT_FOUND, grpc.StatusCode.INVALID_ARGUMENT)
"""How a server says it holds no such game (INVALID_ARGUMENT: no game id has that form)."""


def against_trusted_chain(record: GameRecord, trusted: str, verdict: Verdict) -> None:
    """Add to ``verdict`` whether ``record`` closes on ``trusted``, a last chain value given by
    the user, or has its game's end there with only disputes after it (the value a tournament
    record binds a result to, ``end_chain``); a record that goes on past it otherwise says
    where the value stands in it."""
    if not record.events:
        return
    last = record.events[-1]
    if last.chain == trusted:
        verdict.checks.append("the record closes on the trusted last chain value")
        return
    if _end_chain(record) == trusted:
        end = next(r for r in record.events if r.chain == trusted)
        after = last.version - end.version  # disputes only, and at least one (not closed on it)
        verdict.checks.append(
            "the game's end carries the trusted chain value, and only disputes follow it "
            f"({counted(after, 'event')} after it, which that value does not vouch for: "
            "check claims and rulings against the server's game or its last chain value)"
        )
        return
    earlier = next((r for r in record.events if r.chain == trusted), None)
    if earlier is not None:
        verdict.problems.append(
            f"the record goes on past the trusted last chain value: it is the chain at version "
            f"{earlier.version}, and {last.version - earlier.version} events follow it"
        )
        return
    # Whole values: two chains that share their first digits must still be told apart.
    verdict.problems.append(
        f"the record closes on chain {last.chain} (version {last.version}), not the "
        f"trusted last chain value {trusted}: it was cut short, extended or re-hashed"
    )


def against_server(record: GameRecord, served: Sequence[tuple[int, str]], verdict: Verdict) -> None:
    """Add to ``verdict`` whether ``record`` closes where the server's game does: ``served``
    holds the server's (version, chain value) of every event of the game, in order."""
    if not record.events:
        return
    final = served[-1][0] if served else 0
    departure = _departure(record, dict(served), final)
    if departure:
        verdict.problems.append(departure)
    else:
        verdict.checks.append(
            f"the record closes on the server's last chain value (version {final})"
        )


def _departure(record: GameRecord, served: dict[int, str], final: int) -> str:
    """Where ``record`` departs from the server's game, whose last version is ``final``
    ("" where it does not): cut short, gone on past it, or another chain altogether."""
    last = record.events[-1]
    if served.get(last.version) == last.chain:
        if last.version == final:
            return ""
        return (
            f"the record stops at version {last.version}; the server's game goes on to "
            f"version {final} (export it again for the whole game)"
        )
    ours = {recorded.version: recorded.chain for recorded in record.events}
    if final and ours.get(final) == served[final]:
        return (
            f"the record goes on past the server's last event (version {final}) to version "
            f"{last.version}"
        )
    return (
        f"the record's chain at version {last.version} is not the server's: this is not the "
        "game the server holds (edited and re-hashed, or another game)"
    )


def _end_chain(record: GameRecord) -> str:
    try:
        return end_chain(record.events)
    except RecordError:  # no end, or more than disputes after it: no binding to compare
        return ""


def against_server_games(
    client: GameClient, checked: Sequence[Checked], read_again: ReadAgain, progress: Reading = iter
) -> None:
    """``against_server_game`` for each record in ``checked``, read again (``read_again``) one
    at a time, its events read through ``progress``, until the server fails to answer: that
    record, and every one after it, is then left not compared (``Verdict.not_compared``) with
    why. Their own checks stand, and asking again for each would only wait out the same
    failure, a deadline each time."""
    unanswered = ""
    asked: set[int] = set()
    for item, record in read_again(lambda item: True):
        asked.add(id(item))
        unanswered = against_server_game(client, record, item.verdict, progress)
        if unanswered:
            break
    for item in checked:
        if unanswered and item.record is not None and id(item) not in asked:
            item.verdict.not_compared = unanswered


def against_server_game(
    client: GameClient, record: GameRecord, verdict: Verdict, progress: Reading = iter
) -> str:
    """``against_server`` with the events of the game ``record``'s header names, read from
    the server ``client`` talks to through ``progress`` (a 10,000-event game takes seconds);
    returns why the server gave no answer ("" when it did).

    A game the server does not hold fails this record alone: that is the server's answer
    about it. One it will not show this caller (a what-if fork of a game still in play,
    without the arbiter's token) is left not compared, with why: the refusal is about the
    caller, not the record. A server that gives no answer (nothing listens, no answer before
    the deadline, its store is down) says nothing of the record either, which is left not
    compared. An address that is no server's (one that does not resolve, or has no port) is
    the command's mistake: ``ClientSettingError``, which the command reports as a bad
    argument."""
    game_id = str(record.header.get("game_id"))
    try:
        events = progress(client.read_events(game_id))
        served = [(event.version, event.chain) for event in events]
    except TabletopError as error:
        if error.reason == BAD_ADDRESS:  # the command's mistake, not the server's silence
            raise ClientSettingError(BAD_ADDRESS, error.message) from None
        if error.code in ABSENT:
            verdict.problems.append(f"the server holds no game {game_id} ({error.message})")
        elif error.code in REFUSED:
            verdict.not_compared = f"the server will not show game {game_id} ({error.message})"
        else:
            verdict.not_compared = error.message
            return error.message
        return ""
    against_server(record, served, verdict)
    return ""
