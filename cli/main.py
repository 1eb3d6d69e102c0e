"""``tabletop``: one console script; each package owns its command group and this mounts them."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

import clients.cli
import clients.tournament_cli
import replay.cli
import services.cli
from clients.errors import ClientSettingError, TabletopError
from games.core.errors import GameError
from services.settings import SettingsError

CLOSED_STDOUT = 1
"""Exit status when stdout is closed early (``tabletop replay --json | head``). rich, which
writes most of tabletop's output, already ends the process with 1 then (its
``Console.on_broken_pipe``), so plain ``print`` ends with 1 too: one status whichever way a
command writes. (141, 128 + SIGPIPE, is what a shell shows for ``cat``; it would hold for
only part of the commands.)"""


class CommandParser(argparse.ArgumentParser):
    """The parser of a command (``view``, ``tournament create``, ...): arguments it does not
    recognise are its error, shown under its own usage line.

    argparse runs a command's parser with ``parse_known_args`` and hands what it leaves over
    back up to the top level, which would refuse it under ``usage: tabletop [-h] COMMAND ...``:
    no help for the command that was mistyped. Nothing above a command takes arguments after
    its name, so what a command leaves over can only be a mistake.
    """

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="tabletop",
        description=(
            "An event-sourced game service for The Castles of Burgundy, Bruges and "
            "Bourgeoisie, with replay, dispute review and verifiable records."
        ),
    )
    commands = root.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=CommandParser
    )
    services.cli.register(commands)
    clients.cli.register(commands)
    replay.cli.register(commands)
    tournament = clients.tournament_cli.register(commands)
    services.cli.register_tournament_publish(tournament)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args = parser().parse_args(argv)
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
    except (SettingsError, ClientSettingError) as error:  # a bad setting, as argparse's 2
        Console(stderr=True).print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        return 2
    except (TabletopError, GameError) as error:
        Console(stderr=True).print(f"[red]error:[/] {escape(str(error))}", soft_wrap=True)
        return 1
    except BrokenPipeError:
        _discard_stdout()
        return CLOSED_STDOUT
    except KeyboardInterrupt:
        return 130
    return code


def _discard_stdout() -> None:
    """Point stdout at the null device: Python flushes it once more on exit, and that flush
    into the closed pipe would print an "Exception ignored" message."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


if __name__ == "__main__":
    sys.exit(main())
