#!/usr/bin/env python3
"""Generate docs/api-reference.md from the .proto files: every service, RPC, message, field and
enum, with the comments written in the .proto files; then every refusal reason the server can
send, read from its source (services/grpc_api/reasons.py).

    .venv/bin/python scripts/api_reference.py          # rewrite docs/api-reference.md
    .venv/bin/python scripts/api_reference.py --check  # exit 1 if it is out of date

The descriptors come from protoc itself (grpcio-tools, with source info for the comments), so
the reference says exactly what the wire contract says; the reasons come from the code that
raises them, so no reason goes undocumented. A test runs ``--check``.
"""

from __future__ import annotations

import argparse
import importlib.resources
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from google.protobuf import descriptor_pb2
from grpc_tools import protoc

from services.grpc_api.reasons import Reason, refusal_reasons, scope_title

ROOT = Path(__file__).resolve().parents[1]
PROTO_ROOT = ROOT / "proto"
PACKAGE_DIR = PROTO_ROOT / "tabletop" / "v1"
OUTPUT = ROOT / "docs" / "api-reference.md"

FDP = descriptor_pb2.FieldDescriptorProto
SCALARS = {
    value: name.removeprefix("TYPE_").lower()
    for name, value in FDP.Type.items()
    if name not in ("TYPE_MESSAGE", "TYPE_ENUM", "TYPE_GROUP")
}
# Path components of descriptor.proto (SourceCodeInfo.Location.path).
MESSAGES, ENUMS, SERVICES = 4, 5, 6
FIELDS, NESTED, NESTED_ENUMS, VALUES, METHODS = 2, 3, 4, 2, 2

HEADER = """# tabletop API reference

Generated from `proto/tabletop/v1/*.proto`, and its [refusal reasons](#refusal-reasons) from
the server's source, by `scripts/api_reference.py`; do not edit by hand (after changing a
.proto file or an error the server raises, run `.venv/bin/python scripts/api_reference.py`; a
test fails while this file is out of date). [The API guide](api.md) explains how the pieces
fit together.

Package `tabletop.v1`. Seat tokens travel as call metadata `authorization: Bearer <token>`.
"""


def descriptor_set() -> descriptor_pb2.FileDescriptorSet:
    """Every tabletop .proto file compiled by protoc, with comments (source info)."""
    includes = importlib.resources.files("grpc_tools") / "_proto"
    files = sorted(str(p.relative_to(PROTO_ROOT)) for p in PACKAGE_DIR.glob("*.proto"))
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "set.pb"
        code = protoc.main(
            [
                "protoc",
                f"-I{PROTO_ROOT}",
                f"-I{includes}",
                "--include_source_info",
                f"--descriptor_set_out={out}",
                *files,
            ]
        )
        if code != 0:
            raise SystemExit(f"protoc failed ({code})")
        return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


class Comments:
    """The comments of one file, looked up by descriptor path."""

    def __init__(self, source: descriptor_pb2.SourceCodeInfo) -> None:
        self._by_path = {
            tuple(location.path): " ".join(
                line.strip()
                for text in (location.leading_comments, location.trailing_comments)
                for line in text.strip().splitlines()
            )
            for location in source.location
        }

    def __call__(self, *path: int) -> str:
        return self._by_path.get(path, "").replace("|", "\\|")


def file_intro(source: descriptor_pb2.SourceCodeInfo) -> str:
    """The comment block above a file's first declaration (its description, by convention)."""
    tops = [loc for loc in source.location if len(loc.path) == 2 and loc.path[0] in (4, 5, 6)]
    if not tops:
        return ""
    first = min(tops, key=lambda loc: loc.span[0])
    lines = (
        line.strip() for block in first.leading_detached_comments for line in block.splitlines()
    )
    return " ".join(line for line in lines if line)


def anchor(full_name: str) -> str:
    """The HTML anchor of a type's section."""
    return full_name.lower().replace(".", "-")


def link(type_name: str) -> str:
    """A field's type as Markdown: our types link to their section, others are named."""
    name = type_name.lstrip(".")
    if name.startswith("tabletop."):
        return f"[`{name.removeprefix('tabletop.v1.')}`](#{anchor(name)})"
    return f"`{name}`"


def field_type(field: descriptor_pb2.FieldDescriptorProto, maps: dict[str, str]) -> str:
    """A field's type: a scalar, a link to one of ours, or a map."""
    if field.type_name.lstrip(".") in maps:
        return maps[field.type_name.lstrip(".")]
    if field.type in (FDP.TYPE_MESSAGE, FDP.TYPE_ENUM):
        return link(field.type_name)
    return f"`{SCALARS[field.type]}`"


def field_label(field: descriptor_pb2.FieldDescriptorProto, oneofs: Sequence[str]) -> str:
    """optional, repeated, or the oneof the field belongs to."""
    if field.proto3_optional:
        return "optional"
    if field.HasField("oneof_index"):
        return f"oneof `{oneofs[field.oneof_index]}`"
    if field.label == FDP.LABEL_REPEATED:
        return "repeated"
    return ""


def map_types(message: descriptor_pb2.DescriptorProto, scope: str) -> dict[str, str]:
    """The nested map-entry messages of ``message``, as ``map<K, V>`` type strings."""
    maps = {}
    for nested in message.nested_type:
        if nested.options.map_entry:
            key, value = nested.field
            maps[f"{scope}.{nested.name}"] = f"map<{field_type(key, {})}, {field_type(value, {})}>"
    return maps


def render_message(
    message: descriptor_pb2.DescriptorProto, scope: str, comments: Comments, path: tuple[int, ...]
) -> Iterator[str]:
    """A message's section: its comment, its fields, then its nested types."""
    full_name = f"{scope}.{message.name}"
    yield f'<a id="{anchor(full_name)}"></a>\n### `{full_name.removeprefix("tabletop.v1.")}`\n'
    if comments(*path):
        yield comments(*path) + "\n"
    oneofs = [oneof.name for oneof in message.oneof_decl]
    maps = map_types(message, full_name)
    if message.field:
        yield "| field | number | type | label | description |\n|---|---|---|---|---|"
        for index, field in enumerate(message.field):
            kind = field_type(field, maps)
            label = field_label(field, oneofs)
            note = comments(*path, FIELDS, index)
            yield f"| `{field.name}` | {field.number} | {kind} | {label} | {note} |"
        yield ""
    else:
        yield "No fields.\n"
    for index, nested in enumerate(message.nested_type):
        if not nested.options.map_entry:
            yield from render_message(nested, full_name, comments, (*path, NESTED, index))
    for index, enum in enumerate(message.enum_type):
        yield from render_enum(enum, full_name, comments, (*path, NESTED_ENUMS, index))


def render_enum(
    enum: descriptor_pb2.EnumDescriptorProto, scope: str, comments: Comments, path: tuple[int, ...]
) -> Iterator[str]:
    """An enum's section: its values with their numbers and comments."""
    full_name = f"{scope}.{enum.name}"
    yield f'<a id="{anchor(full_name)}"></a>\n### enum `{full_name.removeprefix("tabletop.v1.")}`\n'
    if comments(*path):
        yield comments(*path) + "\n"
    yield "| value | number | description |\n|---|---|---|"
    for index, value in enumerate(enum.value):
        yield f"| `{value.name}` | {value.number} | {comments(*path, VALUES, index)} |"
    yield ""


def render_service(
    service: descriptor_pb2.ServiceDescriptorProto, package: str, comments: Comments, index: int
) -> Iterator[str]:
    """A service's table of RPCs, streaming marked."""
    yield f"### service `{package}.{service.name}`\n"
    if comments(SERVICES, index):
        yield comments(SERVICES, index) + "\n"
    yield "| RPC | request | response | description |\n|---|---|---|---|"
    for number, method in enumerate(service.method):
        stream = "stream " if method.server_streaming else ""
        request = ("stream " if method.client_streaming else "") + link(method.input_type)
        note = comments(SERVICES, index, METHODS, number)
        row = f"| `{method.name}` | {request} | {stream}{link(method.output_type)} | {note} |"
        yield row
    yield ""


REASONS_INTRO = """## Refusal reasons

Every refusal carries a `google.rpc.ErrorInfo` (domain `tabletop`) whose `reason` is one of
these ([the API guide](api.md#6-errors) says how to read it, and what to do about the common
ones). They are read from the code that raises them (`services/grpc_api/reasons.py`), so no
reason the server can send is missing. A meaning is the error's own description, or else the
messages raised with the reason, quoted, where `…` stands for what each refusal fills in (a
version, a name, a count). A reason listed under a game is raised by that game's rules or by the
conversion of its actions. `INTERNAL` is a fault of the server or its store, never of a
request; an error the server did not expect at all is `INTERNAL` with the reason `INTERNAL`.
"""


def render_reasons(scopes: dict[str, dict[str, Reason]]) -> Iterator[str]:
    """The refusal reasons: one table per scope (the game service, tournaments, each game)."""
    yield REASONS_INTRO
    for scope, reasons in scopes.items():
        yield f"### {scope_title(scope)}\n"
        yield "| reason | code | meaning |\n|---|---|---|"
        for reason in reasons.values():
            codes = ", ".join(f"`{code}`" for code in reason.codes)
            meaning = " or ".join(reason.meanings).replace("|", "\\|")
            yield f"| `{reason.reason}` | {codes} | {meaning} |"
        yield ""


def render(files: descriptor_pb2.FileDescriptorSet) -> str:
    """The whole reference: the services, then each file's messages and enums."""
    ours = [f for f in files.file if f.package == "tabletop.v1"]
    lines = [HEADER, "## Services\n"]
    for proto in ours:
        comments = Comments(proto.source_code_info)
        for index, service in enumerate(proto.service):
            lines += render_service(service, proto.package, comments, index)
    for proto in ours:
        comments = Comments(proto.source_code_info)
        lines.append(f"## `{proto.name}`\n")
        if file_intro(proto.source_code_info):
            lines.append(file_intro(proto.source_code_info) + "\n")
        for index, message in enumerate(proto.message_type):
            lines += render_message(message, proto.package, comments, (MESSAGES, index))
        for index, enum in enumerate(proto.enum_type):
            lines += render_enum(enum, proto.package, comments, (ENUMS, index))
    lines += render_reasons(refusal_reasons())
    return "\n".join(lines).rstrip() + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    args = parser.parse_args(argv)
    text = render(descriptor_set())
    if args.check:
        if OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == text:
            return 0
        print(
            f"{OUTPUT.relative_to(ROOT)} is out of date with the .proto files or the server's "
            "refusal reasons; "
            "run: .venv/bin/python scripts/api_reference.py",
            file=sys.stderr,
        )
        return 1
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
