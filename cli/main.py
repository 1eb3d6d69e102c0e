"""``tabletop``: one console script; each package owns its command group and this mounts them."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from rich.console import Console

import clients.cli
import clients.tournament_cli
import replay.cli
import services.cli
import services.tournaments.cli
from clients.errors import TabletopError
from games.core.errors import GameError


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="tabletop",
        description=(
            "An event-sourced game service for The Castles of Burgundy, Bruges and "
            "Bourgeoisie, with replay, dispute review and verifiable records."
        ),
    )
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    services.cli.register(commands)
    clients.cli.register(commands)
    replay.cli.register(commands)
    tournament = clients.tournament_cli.register(commands)
    services.tournaments.cli.register(tournament)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args = parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except (TabletopError, GameError) as error:
        Console(stderr=True).print(f"[red]error:[/] {error}", soft_wrap=True)
        return 1
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
