"""How many generated requests the security tests sent, by kind and RPC (printed at the end
of the run by this directory's conftest)."""

from __future__ import annotations

from collections import Counter

SENT: Counter[str] = Counter()
"""``"<kind> <Service>/<Method>"`` → requests sent."""


ANSWERS: Counter[str] = Counter()
"""Status code name (``OK`` for an answer) → requests that got it."""


def count(kind: str, method: str) -> None:
    SENT[f"{kind} {method}"] += 1


def answered(code: str) -> None:
    ANSWERS[code] += 1


def summary() -> list[str]:
    """One line per kind with its total and RPCs covered, then the grand total."""
    if not SENT:
        return []
    kinds = sorted({key.split(" ", 1)[0] for key in SENT})
    lines = []
    for kind in kinds:
        rows = {key: n for key, n in SENT.items() if key.startswith(f"{kind} ")}
        lines.append(f"{kind}: {sum(rows.values())} requests over {len(rows)} RPCs")
    lines.append(f"total: {sum(SENT.values())} generated requests")
    lines.append("answers: " + ", ".join(f"{code} {n}" for code, n in ANSWERS.most_common()))
    return lines
