"""docs/api-reference.md is generated from the .proto files and kept up to date: it names
every RPC and message of the package."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from tabletop.v1 import common_pb2, game_service_pb2

from clients.local.table import LocalTable

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "api-reference.md"
GAME_SERVICE = ROOT / "proto" / "tabletop" / "v1" / "game_service.proto"


def test_the_committed_reference_is_up_to_date() -> None:
    done = subprocess.run(
        [sys.executable, "scripts/api_reference.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_reference_names_every_rpc_message_and_enum_value() -> None:
    text = REFERENCE.read_text(encoding="utf-8")
    service = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]
    for method in service.methods:
        assert f"| `{method.name}` |" in text, method.name
    for module in (common_pb2, game_service_pb2):
        for message in module.DESCRIPTOR.message_types_by_name.values():
            assert f"### `{message.name}`" in text, message.name
            for field in message.fields:
                assert f"| `{field.name}` | {field.number} |" in text, (
                    f"{message.name}.{field.name}"
                )
        for enum in module.DESCRIPTOR.enum_types_by_name.values():
            for value in enum.values:
                assert f"| `{value.name}` | {value.number} |" in text, value.name


def test_the_example_action_description_is_one_a_game_gives() -> None:
    """The example in LegalAction.description's comment quotes a Bourgeoisie description."""
    comment = GAME_SERVICE.read_text().split("message LegalAction", 1)[1].split(";", 2)[1]
    quoted = re.search(r'"([^"]+)"', comment)
    assert quoted is not None, comment
    table, chooser = LocalTable("bourgeoisie", 2, b"example"), random.Random(0)
    seen: set[str] = set()
    while (seat := table.to_act()) is not None and quoted.group(1) not in seen:
        legal = table.legal(seat)
        seen.update(action.description for action in legal.actions)
        table.submit(seat, chooser.choice(legal.actions).action)
    assert quoted.group(1) in seen, f"no Bourgeoisie action is described {quoted.group(0)}"
