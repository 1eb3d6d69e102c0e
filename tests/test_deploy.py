"""The deployment files stay in step with the code: the settings and commands they name exist."""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

from cli.main import parser
from services.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


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
    ours = [c for c in commands if c and c[0] in ("serve", "publish", "tournament")]
    assert len(ours) >= 6
    for command in ours:
        parser().parse_args(command)


def test_each_layout_runs_servers_publishers_and_one_tournament_publisher() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())["services"]
    kubernetes = [
        doc
        for doc in yaml.safe_load_all((DEPLOY / "k8s" / "tabletop.yaml").read_text())
        if doc and doc["kind"] == "Deployment"
    ]
    layouts = {
        "compose": [
            (s.get("command"), s.get("deploy", {}).get("replicas", 1)) for s in compose.values()
        ],
        "kubernetes": [
            (d["spec"]["template"]["spec"]["containers"][0].get("args"), d["spec"]["replicas"])
            for d in kubernetes
        ],
    }
    for name, processes in layouts.items():
        replicas = {tuple(command[:2]): count for command, count in processes if command}
        assert replicas[("serve", "--no-publisher")] >= 2, name
        assert replicas[("publish",)] >= 2, name  # one active, one standing by
        assert replicas[("tournament", "publish")] == 1, name  # one is enough


def test_the_image_copies_every_package_the_project_installs() -> None:
    found = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    roots = {pattern.rstrip("*") for pattern in found["find"]["include"]}
    # The generated tabletop.v1 package lives in proto/ (the second "where").
    expected = (roots - {"tabletop"}) | {"proto"}
    copied = set(re.findall(r"^COPY (\S+) \1$", (DEPLOY / "Dockerfile").read_text(), re.M))
    assert expected <= copied, f"deploy/Dockerfile does not copy {sorted(expected - copied)}"


def test_the_image_builds_pyicu_and_runs_it_with_the_icu_it_was_built_against() -> None:
    """PyICU comes as source only: the build stage needs ICU's headers and a compiler, and
    the final stage, on the same Debian release, ICU's runtime library."""
    assert any(
        dependency.startswith("pyicu")
        for dependency in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
            "dependencies"
        ]
    )
    stages = re.split(r"^FROM ", (DEPLOY / "Dockerfile").read_text(), flags=re.M)[1:]
    assert len(stages) == 2, "a build stage and the image"
    build, image = stages
    assert {"libicu-dev", "pkg-config", "g++"} <= set(build.split())
    assert re.search(r"\blibicu\d+\b", image), "ICU's runtime library in the image"
    assert build.split()[0] == image.split()[0], "both stages on one base image"
