"""The deployment files stay in step with the code: the settings and commands they name exist."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import yaml

from cli.main import parser
from services.settings import Settings

DEPLOY = Path(__file__).resolve().parent.parent / "deploy"


def _documents() -> list[Any]:
    found: list[Any] = []
    for path in [DEPLOY / "compose.yaml", *sorted((DEPLOY / "k8s").glob("*.yaml"))]:
        found += [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
    return found


def _walk(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return [node, *(item for value in node.values() for item in _walk(value))]
    if isinstance(node, list):
        return [item for value in node for item in _walk(value)]
    return [node]


def test_every_tabletop_variable_in_deploy_is_read_by_settings() -> None:
    read = set(re.findall(r'"(TABLETOP_[A-Z_]+)"', inspect.getsource(Settings.from_env)))
    named = {
        key
        for node in _walk(_documents())
        if isinstance(node, dict)
        for key in node
        if isinstance(key, str) and key.startswith("TABLETOP_")
    }
    assert named, "the deploy files set tabletop's settings"
    assert named <= read, f"not read by Settings.from_env: {sorted(named - read)}"


def test_every_tabletop_command_in_deploy_parses() -> None:
    commands = [
        node.get("command") or node.get("args")
        for node in _walk(_documents())
        if isinstance(node, dict) and isinstance(node.get("command") or node.get("args"), list)
    ]
    ours = [c for c in commands if c and c[0] in ("serve", "publish")]
    assert len(ours) >= 4
    for command in ours:
        parser().parse_args(command)
