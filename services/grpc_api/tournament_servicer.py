"""TournamentService: thin handlers that convert, call the tournament use cases, convert back.

Organiser actions read the organiser token, and ClaimSeat the player token, from the call's
``authorization: Bearer`` metadata (``call_token``: a header of another form is refused);
refusals are raised and mapped by the one interceptor.
"""

from __future__ import annotations

from collections.abc import Iterator

import grpc
from tabletop.v1 import tournament_service_pb2 as pb
from tabletop.v1 import tournament_service_pb2_grpc

import wire as convert
from games.core.tournament_standings import table_points
from games.core.tournament_state import Entrant, ResultKind, Ruling, RulingKind
from games.core.wording import either
from services.grpc_api.servicer import call_token
from services.tournaments import (
    Format,
    Round,
    Spec,
    Standing,
    Table,
    TournamentRequestError,
    Tournaments,
    new_spec,
    planned_rounds,
)
from services.tournaments.spec import is_finished

CHUNK_BYTES = 512 * 1024  # well under any client's 4 MiB receive limit

_FORMATS = {
    pb.TOURNAMENT_FORMAT_ROUND_ROBIN: Format.ROUND_ROBIN,
    pb.TOURNAMENT_FORMAT_SWISS: Format.SWISS,
    pb.TOURNAMENT_FORMAT_SINGLE_ELIMINATION: Format.SINGLE_ELIMINATION,
}
_FORMAT_PROTO = {value: key for key, value in _FORMATS.items()}
_FORMAT_NAMES = either([pb.TournamentFormat.Name(value) for value in _FORMATS])
"""The formats to send, by name, for a request that names none this build runs."""
_RULING_KINDS = {
    RulingKind.ADJUDICATED: pb.RULING_KIND_ADJUDICATED,
    RulingKind.WITHDRAWN: pb.RULING_KIND_WITHDRAWN,
}
_STATUS = {
    ResultKind.PLAYED: pb.TABLE_STATUS_FINISHED,
    ResultKind.ADJUDICATED: pb.TABLE_STATUS_ADJUDICATED,
}


class TournamentServicer(tournament_service_pb2_grpc.TournamentServiceServicer):  # type: ignore[misc]
    def __init__(self, tournaments: Tournaments) -> None:
        self._tournaments = tournaments

    def CreateTournament(  # noqa: N802
        self, request: pb.CreateTournamentRequest, context: grpc.ServicerContext
    ) -> pb.CreateTournamentResponse:
        spec = spec_from_proto(request.settings)
        tournament_id, token = self._tournaments.create_tournament(spec)
        return pb.CreateTournamentResponse(
            tournament_id=tournament_id, organiser_token=token, settings=spec_to_proto(spec)
        )

    def RegisterPlayer(  # noqa: N802
        self, request: pb.RegisterPlayerRequest, context: grpc.ServicerContext
    ) -> pb.RegisterPlayerResponse:
        registered = self._tournaments.register_player(
            request.tournament_id, call_token(context), request.player_name
        )
        player = pb.TournamentPlayer(name=registered.player, seed=registered.seed)
        return pb.RegisterPlayerResponse(player=player, player_token=registered.token)

    def DropPlayer(  # noqa: N802
        self, request: pb.DropPlayerRequest, context: grpc.ServicerContext
    ) -> pb.DropPlayerResponse:
        dropped = self._tournaments.drop_player(
            request.tournament_id, call_token(context), request.player_name, request.reason
        )
        return pb.DropPlayerResponse(player=_player(dropped))

    def ReinstatePlayer(  # noqa: N802
        self, request: pb.ReinstatePlayerRequest, context: grpc.ServicerContext
    ) -> pb.ReinstatePlayerResponse:
        reinstated = self._tournaments.reinstate_player(
            request.tournament_id, call_token(context), request.player_name, request.reason
        )
        return pb.ReinstatePlayerResponse(player=_player(reinstated))

    def StartRound(  # noqa: N802
        self, request: pb.StartRoundRequest, context: grpc.ServicerContext
    ) -> pb.StartRoundResponse:
        round_ = self._tournaments.start_round(request.tournament_id, call_token(context))
        state = self._tournaments.tournament(request.tournament_id)
        return pb.StartRoundResponse(round=round_to_proto(state.spec, round_))

    def ClaimSeat(  # noqa: N802
        self, request: pb.ClaimSeatRequest, context: grpc.ServicerContext
    ) -> pb.ClaimSeatResponse:
        claim = self._tournaments.claim_seat(request.tournament_id, call_token(context))
        return pb.ClaimSeatResponse(
            round=claim.round,
            table=claim.table,
            game_id=claim.game_id,
            seat=claim.seat,
            token=claim.token,
            replaced=claim.replaced,
        )

    def GetTournament(  # noqa: N802
        self, request: pb.GetTournamentRequest, context: grpc.ServicerContext
    ) -> pb.GetTournamentResponse:
        state, version = self._tournaments.current(request.tournament_id)
        return pb.GetTournamentResponse(
            tournament_id=state.tournament_id,
            settings=spec_to_proto(state.spec),
            players=[_player(entrant) for entrant in state.entrants],
            rounds_started=len(state.rounds),
            rounds_planned=planned_rounds(state),
            finished=is_finished(state),
            version=version,
        )

    def GetPairings(  # noqa: N802
        self, request: pb.GetPairingsRequest, context: grpc.ServicerContext
    ) -> pb.GetPairingsResponse:
        round_ = self._tournaments.pairings(request.tournament_id, request.round)
        state = self._tournaments.tournament(request.tournament_id)
        return pb.GetPairingsResponse(round=round_to_proto(state.spec, round_))

    def GetStandings(  # noqa: N802
        self, request: pb.GetStandingsRequest, context: grpc.ServicerContext
    ) -> pb.GetStandingsResponse:
        state, rows = self._tournaments.standings(request.tournament_id, request.after_round)
        after_round = request.after_round or state.completed_rounds
        return pb.GetStandingsResponse(
            after_round=after_round,
            standings=[standing_to_proto(row) for row in rows],
            rounds_planned=planned_rounds(state),
            # Final only after the last round: an earlier round's standings, asked for once
            # the event has ended, are still that round's.
            finished=is_finished(state) and after_round == state.completed_rounds,
        )

    def AdjudicateGame(  # noqa: N802
        self, request: pb.AdjudicateGameRequest, context: grpc.ServicerContext
    ) -> pb.AdjudicateGameResponse:
        table = self._tournaments.adjudicate(
            request.tournament_id,
            call_token(context),
            request.game_id,
            list(request.places),
            list(request.forfeits),
            request.reason,
        )
        state = self._tournaments.tournament(request.tournament_id)
        return pb.AdjudicateGameResponse(table=table_to_proto(state.spec, table))

    def WithdrawAdjudication(  # noqa: N802
        self, request: pb.WithdrawAdjudicationRequest, context: grpc.ServicerContext
    ) -> pb.WithdrawAdjudicationResponse:
        table = self._tournaments.withdraw_adjudication(
            request.tournament_id, call_token(context), request.game_id, request.reason
        )
        state = self._tournaments.tournament(request.tournament_id)
        return pb.WithdrawAdjudicationResponse(table=table_to_proto(state.spec, table))

    def ExportTournament(  # noqa: N802
        self, request: pb.ExportTournamentRequest, context: grpc.ServicerContext
    ) -> Iterator[pb.ExportTournamentResponse]:
        for path, content in self._tournaments.export(request.tournament_id):
            for start in range(0, max(len(content), 1), CHUNK_BYTES):
                chunk = content[start : start + CHUNK_BYTES]
                yield pb.ExportTournamentResponse(path=path, content=chunk)


def spec_from_proto(settings: pb.TournamentSettings) -> Spec:
    """The checked spec an organiser asks for; INVALID_ARGUMENT when it is not one."""
    if settings.format not in _FORMATS:
        given = (
            "the format field is unset"
            if settings.format == 0
            else (f"unknown format {settings.format}")
        )
        raise TournamentRequestError(f"{given}: choose {_FORMAT_NAMES}", reason="UNKNOWN_FORMAT")
    return new_spec(
        settings.name,
        convert.game_name(settings.game),
        settings.seats_per_table,
        _FORMATS[settings.format],
        settings.rounds,
        ruleset=settings.ruleset,
        points=list(settings.points_by_place),
        bye_points=settings.bye_points if settings.HasField("bye_points") else None,
        smallest_table=settings.smallest_table if settings.HasField("smallest_table") else None,
    )


def spec_to_proto(spec: Spec) -> pb.TournamentSettings:
    return pb.TournamentSettings(
        name=spec.name,
        game=convert.game_kind(spec.game),
        ruleset=spec.ruleset,
        seats_per_table=spec.seats,
        format=_FORMAT_PROTO[spec.format],
        rounds=spec.rounds,
        points_by_place=spec.points,
        bye_points=spec.bye_points,
        smallest_table=spec.smallest_table,
    )


def round_to_proto(spec: Spec, round_: Round) -> pb.TournamentRound:
    return pb.TournamentRound(
        round=round_.number,
        tables=[table_to_proto(spec, table) for table in round_.tables],
        byes=round_.byes,
        completed=round_.completed,
    )


def table_to_proto(spec: Spec, table: Table) -> pb.TournamentTable:
    message = pb.TournamentTable(
        table=table.number,
        game_id=table.game_id,
        players=table.players,
        status=pb.TABLE_STATUS_IN_PLAY,
        rulings=[_ruling(ruling) for ruling in table.rulings],
    )
    result = table.result
    if result is not None:
        message.status = _STATUS[result.kind]
        message.scores.extend(result.scores)
        message.places.extend(result.places)
        message.points.extend(table_points(spec, table))
        message.forfeits.extend(result.forfeits)
        message.reason = result.reason
    return message


def standing_to_proto(row: Standing) -> pb.TournamentStanding:
    return pb.TournamentStanding(
        rank=row.rank,
        player=row.player,
        seed=row.seed,
        points=row.points,
        game_score=row.game_score,
        opponents_points=row.opponents_points,
        first_places=row.first_places,
        games_played=row.played,
        byes=row.byes,
        withdrawn=row.withdrawn,
        points_by_round=row.points_by_round,
        eliminated_in_round=row.eliminated_in,
    )


def _ruling(ruling: Ruling) -> pb.TableRuling:
    return pb.TableRuling(
        kind=_RULING_KINDS[ruling.kind],
        places=ruling.places,
        forfeits=ruling.forfeits,
        reason=ruling.reason,
    )


def _player(entrant: Entrant) -> pb.TournamentPlayer:
    return pb.TournamentPlayer(name=entrant.name, seed=entrant.seed, withdrawn=entrant.withdrawn)
