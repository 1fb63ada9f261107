"""The models module in chunks: each chunk of tools one datamodel-code-generator run.

Why chunks: one run over every tool costs seconds, and so does formatting its
output with black, so a change to one tool should not pay for all the others.
Tools are cut into chunks at content-defined boundaries (a tool whose name hashes
to a boundary ends its chunk), so adding, removing or editing one tool changes the
chunk it is in and leaves every other chunk's input, and so its cached result, alone.

Each chunk's code is split into its imports and its body; the body is formatted by
black on its own (black formats top-level statements independently, and the chunks
are joined with the two blank lines black puts between them), and the imports of
every chunk are merged into one block laid out as black lays out imports. So the
module passes ``black --check`` without black ever running over the whole of it.
"""

from __future__ import annotations

import ast
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from generator.models.formatting import LINE_LENGTH, format_code

CHUNK_BOUNDARY = 24  # about one tool in 24 ends a chunk
CHUNK_MAX = 64  # a run of tools without a boundary is cut here


@dataclass(frozen=True, slots=True)
class Chunk:
    """The models of some tools: their imports, their formatted code, the names it defines."""

    imports: tuple[tuple[str, str], ...]  # (module, "name" or "name as alias"); "" = plain import
    body: str
    defined: tuple[str, ...]

    def to_json(self) -> str:
        return json.dumps([list(map(list, self.imports)), self.body, list(self.defined)])

    @classmethod
    def from_json(cls, text: str) -> Chunk:
        imports, body, defined = json.loads(text)
        pairs = tuple((str(module), str(name)) for module, name in imports)
        return cls(pairs, str(body), tuple(map(str, defined)))


def chunk_bounds(names: Sequence[str]) -> list[tuple[int, int]]:
    """(start, end) index ranges over ``names``, cut where a name hashes to a boundary."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for index, name in enumerate(names):
        digest = int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:4], "big")
        if digest % CHUNK_BOUNDARY == 0 or index + 1 - start >= CHUNK_MAX:
            bounds.append((start, index + 1))
            start = index + 1
    if start < len(names):
        bounds.append((start, len(names)))
    return bounds


def split_module(code: str) -> Chunk:
    """Imports and body of one generated module (the body still unformatted)."""
    tree = ast.parse(code)
    imports: list[tuple[str, str]] = []
    first = len(tree.body)
    for index, node in enumerate(tree.body):
        if isinstance(node, ast.ImportFrom):
            imports += [(node.module or "", _alias(a)) for a in node.names]
        elif isinstance(node, ast.Import):
            imports += [("", _alias(a)) for a in node.names]
        else:
            first = index
            break
    rest = tree.body[first:]
    if any(isinstance(node, ast.Import | ast.ImportFrom) for node in rest):
        raise RuntimeError("datamodel-code-generator put an import after its models")
    lines = code.splitlines(keepends=True)
    start = min([rest[0].lineno, *(d.lineno for d in _decorators(rest[0]))]) if rest else 1
    body = "".join(lines[start - 1 :]) if rest else ""
    return Chunk(tuple(imports), body, tuple(_defined(rest)))


def _alias(alias: ast.alias) -> str:
    return f"{alias.name} as {alias.asname}" if alias.asname else alias.name


def _decorators(node: ast.stmt) -> list[ast.expr]:
    return list(getattr(node, "decorator_list", []))


def _defined(nodes: Iterable[ast.stmt]) -> Iterator[str]:
    for node in nodes:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            yield node.name
        elif isinstance(node, ast.Assign):
            yield from (t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            yield node.target.id


def format_body(source: str) -> str:
    """What black (line length 100, Python 3.11, no configuration read) makes of the
    models' code (``formatting.py``: its second pass only where it can change anything)."""
    return format_code(source)


def import_block(imports: Iterable[tuple[str, str]]) -> str:
    """One import block for every chunk: __future__, standard library, the rest, the
    package's own (relative) modules.

    Laid out the way black leaves it: one line when it fits, else one name a line.
    """
    modules: dict[str, set[str]] = {}
    for module, name in imports:
        modules.setdefault(module, set()).add(name)
    lines: list[tuple[int, str, str]] = []
    for module, names in modules.items():
        if module:
            lines.append((_group(module), module, _from_import(module, sorted(names))))
        else:
            lines += [(_group(name), name, f"import {name}") for name in names]
    groups: list[list[str]] = [[], [], [], []]
    for group, _, line in sorted(lines):
        groups[group].append(line)
    return "\n\n".join("\n".join(group) for group in groups if group)


def _group(module: str) -> int:
    if module.startswith("."):
        return 3
    top = module.split(".")[0]
    return 0 if top == "__future__" else 1 if top in sys.stdlib_module_names else 2


def _from_import(module: str, names: list[str]) -> str:
    line = f"from {module} import {', '.join(names)}"
    if len(line) <= LINE_LENGTH:
        return line
    inner = "".join(f"    {name},\n" for name in names)
    return f"from {module} import (\n{inner})"


def assemble(chunks: Sequence[Chunk]) -> str:
    """The models module below its header: merged imports, every chunk's body (no final
    newline)."""
    imports = import_block(pair for chunk in chunks for pair in chunk.imports)
    bodies = "\n\n\n".join(c.body.strip("\n") for c in chunks if c.body.strip())
    return f"{imports}\n\n\n{bodies}"


def duplicates(chunks: Sequence[Chunk]) -> set[str]:
    """Names two chunks both define (two tools whose nested classes happen to clash)."""
    seen: set[str] = set()
    clashes: set[str] = set()
    for chunk in chunks:
        for name in set(chunk.defined):
            (clashes if name in seen else seen).add(name)
    return clashes


def memo_key(parts: dict[str, Any]) -> str:
    """The key of a memo entry: a hash of every input of the computation."""
    text = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
