"""One tool's models cut out of a chunk, and chunks joined again from such pieces.

datamodel-code-generator treats the tools of one run independently when no tool's class
name starts with another's (every class it makes for a tool starts with the tool's class
name: ``naming_strategy: parent-prefixed``, definitions lifted as ``<ClassName>_<def>``):
its module is then the classes of each tool in turn, followed by the ``model_rebuild()``
calls of every tool, and black formats each top-level statement on its own. So a chunk's
formatted code can be cut into one piece per tool, and any run over other tools joined
from the same pieces in the same order gives the bytes one run over them would give.
That is what lets one changed tool be made alone while its chunk's other tools come
from the cache (tests/unit/models/test_pieces.py compares both ways on varied schemas).

A cut is kept only when joining its pieces gives back exactly the code it was cut from;
otherwise the chunk is kept whole.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from generator.models.chunks import Chunk

SEPARATOR = "\n\n\n"  # what black puts between two top-level classes
REBUILD = "model_rebuild"


@dataclass(frozen=True, slots=True)
class Piece:
    """One tool's models inside a chunk: the imports its code uses, its classes as black
    formats them, its ``model_rebuild()`` lines (they go after every class of a chunk)
    and the names it defines."""

    imports: tuple[tuple[str, str], ...]
    body: str
    rebuilds: tuple[str, ...]
    defined: tuple[str, ...]

    def to_json(self) -> list[object]:
        return [list(map(list, self.imports)), self.body, list(self.rebuilds), list(self.defined)]

    @classmethod
    def from_json(cls, data: object) -> Piece:
        if not isinstance(data, list) or len(data) != 4:
            raise ValueError("not a piece")
        imports, body, rebuilds, defined = data
        pairs = tuple((str(module), str(name)) for module, name in imports)
        return cls(pairs, str(body), tuple(map(str, rebuilds)), tuple(map(str, defined)))


def separable(roots: Iterable[str]) -> bool:
    """True when no class name is a prefix of another: then the tools' classes cannot
    clash, and each class belongs to exactly one tool. (In sorted order a name that
    starts with another comes right after it, or after names that also start with it.)"""
    ordered = sorted(roots)
    return all(not b.startswith(a) for a, b in pairwise(ordered))


def join(pieces: Sequence[Piece]) -> Chunk:
    """The chunk one run over the pieces' tools makes: every class in order, then every
    ``model_rebuild()`` line."""
    bodies = [piece.body for piece in pieces if piece.body]
    rebuilds = [line for piece in pieces for line in piece.rebuilds]
    body = SEPARATOR.join(bodies)
    if rebuilds:
        body = SEPARATOR.join([body, "\n".join(rebuilds)]) if body else "\n".join(rebuilds)
    imports = sorted({pair for piece in pieces for pair in piece.imports})
    defined = tuple(name for piece in pieces for name in piece.defined)
    return Chunk(tuple(imports), body, defined)


def cut(chunk: Chunk, roots: Sequence[str]) -> list[Piece] | None:
    """``chunk`` as one piece per tool (``roots``: the tools' class names in the order they
    went in), or None when its code is not of the shape described above."""
    try:
        tree = ast.parse(chunk.body)
    except SyntaxError:
        return None
    owners = _owners(tree.body, roots)
    if owners is None:
        return None
    lines = chunk.body.splitlines(keepends=True)
    used = [_names_used(owners, index) for index in range(len(roots))]
    pieces = []
    for index in range(len(roots)):
        mine = [node for node, owner in owners if owner == index]
        classes = [node for node in mine if isinstance(node, ast.ClassDef)]
        rebuilds = [_source(lines, node) for node in mine if not isinstance(node, ast.ClassDef)]
        imports = _imports_of(chunk.imports, used, index)
        defined = tuple(node.name for node in classes)
        pieces.append(Piece(imports, _text(lines, classes), tuple(rebuilds), defined))
    joined = join(pieces)
    same = joined.body.strip("\n") == chunk.body.strip("\n")
    if not same or set(joined.imports) != set(chunk.imports) or joined.defined != chunk.defined:
        return None
    return pieces


def _owners(statements: list[ast.stmt], roots: Sequence[str]) -> list[tuple[ast.stmt, int]] | None:
    """Each statement with the index of the tool it belongs to: classes first, grouped by
    tool in order, then ``model_rebuild()`` calls; None for anything else."""
    owners: list[tuple[ast.stmt, int]] = []
    last, rebuilding = -1, False
    for node in statements:
        if isinstance(node, ast.ClassDef) and not rebuilding:
            owner = _owner(node.name, roots)
            if owner is None or owner < last:
                return None
            last = owner
        else:
            receiver = _rebuilt(node)
            owner = None if receiver is None else _owner(receiver, roots)
            if owner is None:
                return None
            rebuilding = True
        owners.append((node, owner))
    return owners


def _owner(name: str, roots: Sequence[str]) -> int | None:
    found = [index for index, root in enumerate(roots) if name.startswith(root)]
    return found[0] if len(found) == 1 else None


def _rebuilt(node: ast.stmt) -> str | None:
    """``X`` of a statement ``X.model_rebuild()``, else None."""
    if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call):
        return None
    call = node.value
    function = call.func
    if call.args or call.keywords or not isinstance(function, ast.Attribute):
        return None
    if function.attr != REBUILD or not isinstance(function.value, ast.Name):
        return None
    return function.value.id


def _text(lines: list[str], classes: list[ast.ClassDef]) -> str:
    if not classes:
        return ""
    first = classes[0]
    start = min([first.lineno, *(d.lineno for d in first.decorator_list)])
    end = classes[-1].end_lineno or len(lines)
    return "".join(lines[start - 1 : end]).rstrip("\n")


def _source(lines: list[str], node: ast.stmt) -> str:
    return "".join(lines[node.lineno - 1 : node.end_lineno]).rstrip("\n")


def _names_used(owners: list[tuple[ast.stmt, int]], index: int) -> set[str]:
    return {
        node.id
        for statement, owner in owners
        if owner == index
        for node in ast.walk(statement)
        if isinstance(node, ast.Name)
    }


def _imports_of(
    imports: tuple[tuple[str, str], ...], used: list[set[str]], index: int
) -> tuple[tuple[str, str], ...]:
    """The chunk's imports whose name the tool's code uses, and those no tool's code uses
    (datamodel-code-generator's fixed imports: every run has them)."""
    kept = set()
    for module, name in imports:
        bound = _bound(module, name)
        if bound in used[index] or not any(bound in names for names in used):
            kept.add((module, name))
    return tuple(sorted(kept))


def _bound(module: str, name: str) -> str:
    """The name an import binds: ``x as y`` → y; ``import a.b`` → a."""
    if " as " in name:
        return name.split(" as ", 1)[1]
    return name if module else name.split(".", 1)[0]
