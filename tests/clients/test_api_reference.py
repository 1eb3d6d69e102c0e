"""docs/api-reference.md is generated from the .proto files and kept up to date: it names
every RPC and message of the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tabletop.v1 import common_pb2, game_service_pb2

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "api-reference.md"


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
