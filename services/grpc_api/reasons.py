"""Every refusal reason the server can send, found in its own source.

A refusal's reason is either its error class's own (``reason = "GAME_OVER"``, when the class
is raised without another) or one given where it is raised (``reason="BAD_VERSION"``). This
module reads the source of ``games``, ``wire`` and ``services`` for both, resolves each error
class to its status code through the one table (``status.py``), and says what each reason
means: the class's docstring, or else the messages raised with it. ``scripts/api_reference.py``
writes the list into docs/api-reference.md, so the reference cannot drift from the code; a
test checks that no reason in the source is missing there.
"""

from __future__ import annotations

import ast
import importlib
import inspect
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from games.core.errors import GameError
from games.registry import all_rules, rules_for
from services.application.errors import ApplicationError
from services.grpc_api.status import status_code_of

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "wire", "services")
GENERAL = "general"
TOURNAMENTS = "tournaments"
TOURNAMENT_SOURCES = ("services/tournaments/", "services/grpc_api/tournament_servicer.py")
ELLIPSIS = "…"
"""Stands in a message for what each refusal fills in (a version, a name, a count)."""

ErrorClass = type[GameError] | type[ApplicationError]


@dataclass(frozen=True)
class Raised:
    """One place that builds an error: its class, its reason, and its message if known."""

    kind: ErrorClass
    reason: str
    own: bool  # the class's own reason, not one given where it is raised
    message: str | None
    scope: str


@dataclass
class Reason:
    """One reason as the reference lists it, within one scope (the game service, the
    tournament service, or one game's rules)."""

    reason: str
    codes: list[str] = field(default_factory=list)
    meanings: list[str] = field(default_factory=list)
    kinds: list[ErrorClass] = field(default_factory=list)

    def add(self, raised: Raised) -> None:
        code = status_code_of(raised.kind("")).name
        if code not in self.codes:
            self.codes.append(code)
        for meaning in _meanings(raised):
            if meaning not in self.meanings:
                self.meanings.append(meaning)
        if raised.kind not in self.kinds:
            self.kinds.append(raised.kind)


def refusal_reasons() -> dict[str, dict[str, Reason]]:
    """Every reason the source raises, by scope (``GENERAL``, ``TOURNAMENTS`` or a game key)
    and then by reason, each in alphabetical order."""
    found: dict[str, dict[str, Reason]] = {}
    for raised in _raised_everywhere():
        by_reason = found.setdefault(raised.scope, {})
        by_reason.setdefault(raised.reason, Reason(raised.reason)).add(raised)
    _explain_unexplained(found)
    return {
        scope: dict(sorted(found[scope].items()))
        for scope in sorted(found, key=lambda s: (s != GENERAL, s != TOURNAMENTS, s))
    }


def _explain_unexplained(found: dict[str, dict[str, Reason]]) -> None:
    """Give a reason whose every message is built at run time (``str(exc)``) the meaning the
    same reason has elsewhere, or else the first sentence of its error class's docstring."""
    for reasons in found.values():
        for reason in reasons.values():
            if reason.meanings:
                continue
            elsewhere = (
                other[reason.reason].meanings for other in found.values() if reason.reason in other
            )
            reason.meanings = list(next((m for m in elsewhere if m), []))
            if not reason.meanings:
                doc = inspect.getdoc(reason.kinds[0]) or ""
                reason.meanings = [_paragraph(doc).split(". ")[0]]


def scope_title(scope: str) -> str:
    """A scope's heading in the reference."""
    if scope == GENERAL:
        return "GameService, and checks every service shares"
    if scope == TOURNAMENTS:
        return "TournamentService"
    return f"{rules_for(scope).title}: its rules and its actions"


def _raised_everywhere() -> Iterator[Raised]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield from _raised_in(path)


def _raised_in(path: Path) -> Iterator[Raised]:
    """Each error built in the file at ``path`` (a call of an error class), once for each way
    the helpers around it are called in the file (``_require_range(..., "BAD_DIE")``)."""
    relative = path.relative_to(ROOT).as_posix()
    name = relative.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    module = importlib.import_module(name)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node, function in _calls(tree):
        kind = _error_class(module, node.func)
        if kind is None:
            continue
        given = next((k.value for k in node.keywords if k.arg == "reason"), None)
        for env in _bindings(tree, function, _constants(module)):
            reason = kind.reason if given is None else _text(given, env)
            if reason is None:
                raise ValueError(f"{relative}:{node.lineno}: cannot tell the reason raised here")
            message = _text(node.args[0], env) if node.args else None
            yield Raised(kind, reason, given is None, message, _scope(relative))


Function = ast.FunctionDef | ast.AsyncFunctionDef
Env = dict[str, str | None]
"""A function's parameters bound to the texts one of its callers passes (None: not known
before run time)."""
MAX_DEPTH = 4


def _calls(
    node: ast.AST, function: Function | None = None
) -> Iterator[tuple[ast.Call, Function | None]]:
    """Every call under ``node``, with the innermost function it is in (None at top level)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Call):
            yield child, function
        inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
        yield from _calls(child, inner)


def _bindings(
    tree: ast.Module, function: Function | None, constants: Env, depth: int = 0
) -> list[Env]:
    """The names a call in ``function`` may read: the module's ``constants``, and the
    function's parameters as each of its callers in the file binds them (following callers
    that pass on their own parameters); no parameters when it has no such caller."""
    if function is None or depth > MAX_DEPTH:
        return [constants]
    parameters = [a.arg for a in function.args.args]
    if parameters[:1] in (["self"], ["cls"]):
        parameters = parameters[1:]
    local = [a.arg for a in (*function.args.args, *function.args.kwonlyargs)]
    unbound = {name: value for name, value in constants.items() if name not in local}
    envs: list[Env] = []
    for caller, outer in _calls(tree):
        if _name(caller.func) != function.name:
            continue
        for outer_env in _bindings(tree, outer, constants, depth + 1):
            bound = zip(parameters, caller.args, strict=False)  # defaults stay unbound
            env = unbound | {name: _text(value, outer_env) for name, value in bound}
            env |= {k.arg: _text(k.value, outer_env) for k in caller.keywords if k.arg}
            envs.append(env)
    return envs or [unbound]


def _name(func: ast.expr) -> str:
    """The name a call's function goes by: ``f`` of ``f(...)`` and of ``self.f(...)``."""
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _error_class(module: ModuleType, func: ast.expr) -> ErrorClass | None:
    """The error class a call's function names in ``module``, or None."""
    names: list[str] = []
    while isinstance(func, ast.Attribute):
        names.insert(0, func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return None
    found: object = module
    for name in (func.id, *names):
        found = getattr(found, name, None)
    if inspect.isclass(found) and issubclass(found, GameError | ApplicationError):
        return found
    return None


def _text(node: ast.expr, env: Env) -> str | None:
    """The text of a string expression under ``env``, with ``…`` for each value filled in at
    run time; None when the whole text is only known then."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int):
        return str(node.value)
    if isinstance(node, ast.Name):
        return env.get(node.id)
    if isinstance(node, ast.JoinedStr):
        return "".join(_part(part, env) for part in node.values)
    if isinstance(node, ast.BinOp):
        return _sum(node, env)
    return None


def _sum(node: ast.BinOp, env: Env) -> str | None:
    """``a + b`` of texts, or ``a - b`` and ``a + 1`` of numbers (``CARD_COUNT - 1``)."""
    left, right = _text(node.left, env), _text(node.right, env)
    if left is None or right is None:
        return None
    numbers = left.lstrip("-").isdigit() and right.lstrip("-").isdigit()
    if isinstance(node.op, ast.Sub) and numbers:
        return str(int(left) - int(right))
    if isinstance(node.op, ast.Add):
        counting = any(
            isinstance(n, ast.Constant) and type(n.value) is int for n in (node.left, node.right)
        )
        return str(int(left) + int(right)) if counting and numbers else left + right
    return None


def _part(part: ast.expr, env: Env) -> str:
    """One piece of an f-string: its text, or ``…`` for a value known only at run time."""
    if isinstance(part, ast.FormattedValue):
        if part.format_spec is None and part.conversion == -1:
            return _text(part.value, env) or ELLIPSIS
        return ELLIPSIS
    return _text(part, env) or ELLIPSIS


def _constants(module: ModuleType) -> Env:
    """A module's UPPER_CASE constants that are numbers or text, as an f-string shows them:
    a message's limit (``MAX_COMMAND_ID``) is part of what it says."""
    return {
        name: str(value)
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, int | str) and not isinstance(value, bool)
    }


def _scope(relative: str) -> str:
    """Where a reason belongs: a game's rules (``games/<game>/``, ``wire/<game>.py``), the
    tournament service, or the rest (the game service and shared checks)."""
    if relative.startswith(TOURNAMENT_SOURCES):
        return TOURNAMENTS
    parts = relative.removesuffix(".py").split("/")
    for game in all_rules():
        if parts[:2] == ["games", game] or parts == ["wire", game]:
            return game
    return GENERAL


def _meanings(raised: Raised) -> list[str]:
    """What a reason means: the first paragraph of its class's own docstring when the class's
    own reason is raised, else the message raised with it, quoted (when known before run
    time)."""
    doc = raised.kind.__doc__ if raised.own else None  # a class's __doc__ is never inherited
    if doc:
        return [_paragraph(doc)]
    return [] if raised.message is None else ['"' + " ".join(raised.message.split()) + '"']


def _paragraph(doc: str) -> str:
    """The first paragraph of a docstring, on one line."""
    return " ".join(inspect.cleandoc(doc).split("\n\n")[0].split())
