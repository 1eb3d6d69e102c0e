"""Regenerate the Python code for the .proto files; the only way to do it.

python proto/generate.py           # write the *_pb2* modules beside the .proto files
python proto/generate.py --check   # exit 1 when regeneration would change anything
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

HERE = Path(__file__).resolve().parent
PACKAGE = Path("tabletop") / "v1"


def generate(out: Path) -> list[Path]:
    """Run protoc into ``out``; returns the generated files relative to it."""
    protos = sorted((HERE / PACKAGE).glob("*.proto"))
    well_known = resources.files("grpc_tools") / "_proto"
    args = [
        "protoc",
        f"-I{HERE}",
        f"-I{well_known}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *(str(p.relative_to(HERE)) for p in protos),
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")
    return sorted(p.relative_to(out) for p in (out / PACKAGE).glob("*_pb2*.py*"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed code is stale")
    check = parser.parse_args().check
    with tempfile.TemporaryDirectory() as tmp:
        fresh = generate(Path(tmp))
        committed = sorted(p.relative_to(HERE) for p in (HERE / PACKAGE).glob("*_pb2*.py*"))
        stale = [
            p
            for p in fresh
            if not (HERE / p).exists() or not filecmp.cmp(Path(tmp) / p, HERE / p, shallow=False)
        ]
        stale += [p for p in committed if p not in fresh]
        if check:
            for path in stale:
                print(f"out of date: proto/{path}", file=sys.stderr)
            return 1 if stale else 0
        for path in fresh:
            shutil.copyfile(Path(tmp) / path, HERE / path)
        for path in committed:
            if path not in fresh:
                (HERE / path).unlink()
    print(f"generated {len(fresh)} files under proto/{PACKAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
