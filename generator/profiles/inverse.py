"""The arguments inverse of a provider transform, as data the generated packages interpret.

A profile that changes what a model may send (OpenAI strict: ``null`` for a property the
contract left optional) also says how to undo it. The inverse is a program over the JSON
a provider sent, written as plain JSON so that Python and TypeScript run the same one:

* an inverse is a list of **nodes**; node 0 applies to the whole arguments object;
* a node is a JSON object, every key optional (``{}`` changes nothing)::

      "anyOf":      [branch, ...]   the one branch that applies (see below)
      "drop":       ["key", ...]    an object: remove these keys where their value is null
      "properties": {"key": n}      an object: apply node n to the value of "key"
      "items":      n               an array: apply node n to every item

  Applying node n to a value: first, if the node has ``anyOf``, the value becomes the
  result of the chosen branch's node (chosen on the value as received); then, if the
  value is a JSON object (not an array, not null) and the node has ``drop`` or
  ``properties``, it becomes a new object with the same keys in the same order, less
  each ``drop`` key whose value is null, each other value replaced by the result of its
  ``properties`` node (if any); if the value is an array and the node has ``items``, it
  becomes a new array of the results of that node on each item. Anything else passes
  unchanged, and the value received is never modified. Keys are compared as own keys.
  Node references may form cycles (recursive schemas), but each cycle goes one level
  down into the value, so applying an inverse to finite JSON ends.
* a branch is ``{"node": n, "objects": [["k", ...], ...] | true, "arrays": true}``, every
  key optional: ``node`` is absent when the branch changes nothing; ``objects`` lists the
  exact key sets of the objects the branch can match as the provider sends them (the
  provider's objects are closed and list every property), ``true`` when any key set can;
  absent when the branch matches no object; ``arrays`` is ``true`` when it can match an
  array. For an object value the candidates are the branches whose ``objects`` is true or
  holds a list with exactly the value's keys (in any order); for an array value, those
  with ``arrays``; for anything else nothing is applied. When every candidate has the
  same ``node`` (and there is at least one), that node applies; otherwise the value is
  kept as it is and validation against the contract decides. Arguments with keys the
  provider's closed objects cannot hold are outside the inverse's domain: in a union no
  branch matches them exactly, so they are kept as they are.

Nodes are numbered breadth first from the root in key order, and equivalent nodes are
merged, so the same schema gives the same data, and two branches that undo the same
thing name the same node. A tool whose transform changes no argument has no inverse.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.core.targets import Target, enabled

if TYPE_CHECKING:  # the stage imports this module
    from generator.profiles.stage import Adaptations
from generator.ir.model import thaw
from generator.profiles.inverse_shape import Shape, Tokens, follow, shape

Inverse = list[dict[str, Any]]
DropRule = Callable[[Mapping[str, Any], Tokens], tuple[str, ...]]
"""(object schema, its pointer) → the property names whose null the inverse removes."""


@dataclass(slots=True)
class _Node:
    drop: tuple[str, ...] = ()
    properties: dict[str, int] = field(default_factory=dict)
    items: int | None = None
    branches: list[tuple[int, Shape]] = field(default_factory=list)
    union: bool = False  # anyOf/oneOf present

    def children(self) -> list[int]:
        found = list(self.properties.values()) + [index for index, _ in self.branches]
        return found if self.items is None else [*found, self.items]


def build_inverse(root: Mapping[str, Any], drops: DropRule) -> Inverse | None:
    """The inverse of a transform that turned some properties' absence into ``null``,
    following ``properties``, ``items``, ``anyOf``/``oneOf`` and local ``$ref`` from
    ``root``; None when it changes nothing. ``root`` must be in the subset those keywords
    describe (a provider's strict subset): other keywords are not followed."""
    builder = _Builder(root, drops)
    builder.visit(root, ())
    _cut_union_cycles(builder.nodes)
    return _render(builder.nodes, _useful(builder.nodes))


class _Builder:
    def __init__(self, root: Mapping[str, Any], drops: DropRule) -> None:
        self.root, self.drops = root, drops
        self.nodes: list[_Node] = []
        self.at: dict[Tokens, int] = {}

    def visit(self, schema: Any, tokens: Tokens) -> int:
        """The node of the subschema at ``tokens`` ($ref followed), made once."""
        schema, tokens = follow(self.root, schema, tokens)
        if tokens in self.at:
            return self.at[tokens]
        index = self.at[tokens] = len(self.nodes)
        node = _Node()
        self.nodes.append(node)
        if not isinstance(schema, Mapping):
            return index
        properties = schema.get("properties")
        if isinstance(properties, Mapping):
            node.drop = self.drops(schema, tokens)
            for name, sub in properties.items():
                node.properties[name] = self.visit(sub, (*tokens, "properties", name))
        if isinstance(schema.get("items"), Mapping):
            node.items = self.visit(schema["items"], (*tokens, "items"))
        for key in ("anyOf", "oneOf"):
            if isinstance(schema.get(key), list | tuple):
                node.union = True
                for i, sub in enumerate(schema[key]):
                    branch = self.visit(sub, (*tokens, key, i))
                    node.branches.append((branch, shape(self.root, sub)))
        return index


# --- pruning, merging, numbering --------------------------------------------------------


def _cut_union_cycles(nodes: list[_Node]) -> None:
    """A union that reaches itself through branches alone (``a: {anyOf: [{$ref: a}]}``)
    would apply forever to one value: it keeps its values instead (no validator can
    decide such a schema either)."""
    for index, node in enumerate(nodes):
        seen: set[int] = set()
        stack = [j for j, _ in node.branches]
        while stack:
            j = stack.pop()
            if j not in seen:
                seen.add(j)
                stack.extend(k for k, _ in nodes[j].branches)
        if index in seen:
            node.branches, node.union = [], False


def _useful(nodes: list[_Node]) -> set[int]:
    """Nodes that change something: they drop, or reach a node that does."""
    useful = {i for i, node in enumerate(nodes) if node.drop}
    grew = True
    while grew:
        grew = False
        for i, node in enumerate(nodes):
            if i not in useful and not useful.isdisjoint(node.children()):
                useful.add(i)
                grew = True
    return useful


def _signature(i: int, node: _Node, useful: set[int], cls: list[int]) -> tuple[Any, ...]:
    def of(index: int | None) -> int:
        return cls[index] if index is not None and index in useful else -1

    properties = tuple(sorted((k, of(j)) for k, j in node.properties.items() if j in useful))
    branches = tuple((of(j), _shape_key(s)) for j, s in node.branches)
    union = branches if any(of(j) >= 0 for j, _ in node.branches) else ()
    return (cls[i], tuple(sorted(node.drop)), properties, of(node.items), union)


def _shape_key(s: Shape) -> tuple[Any, ...]:
    objects = None if s.objects is None else tuple(sorted(tuple(sorted(k)) for k in s.objects))
    return (objects, s.arrays)


def _classes(nodes: list[_Node], useful: set[int]) -> list[int]:
    """Equivalent nodes share a class (Moore's partition refinement)."""
    cls = [0] * len(nodes)
    count = -1
    while True:
        signatures: dict[tuple[Any, ...], int] = {}
        new = [
            signatures.setdefault(_signature(i, n, useful, cls), len(signatures))
            for i, n in enumerate(nodes)
        ]
        if len(signatures) == count:
            return new
        cls, count = new, len(signatures)


def _render(nodes: list[_Node], useful: set[int]) -> Inverse | None:
    if 0 not in useful:
        return None
    cls = _classes(nodes, useful)
    number: dict[int, int] = {}  # class → output index, breadth first from the root
    order: list[int] = []
    queue = [0]
    while queue:
        i = queue.pop(0)
        if i not in useful or cls[i] in number:
            continue
        number[cls[i]] = len(order)
        order.append(i)
        queue.extend(nodes[i].children())
    return [_node_json(nodes[i], useful, lambda j: number[cls[j]]) for i in order]


def _node_json(node: _Node, useful: set[int], index: Callable[[int], int]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if node.union and not useful.isdisjoint(j for j, _ in node.branches):
        data["anyOf"] = [_branch_json(j, s, useful, index) for j, s in node.branches]
    if node.drop:
        data["drop"] = list(node.drop)
    kept = {name: index(j) for name, j in node.properties.items() if j in useful}
    if kept:
        data["properties"] = kept
    if node.items is not None and node.items in useful:
        data["items"] = index(node.items)
    return data


def _branch_json(
    branch: int, s: Shape, useful: set[int], index: Callable[[int], int]
) -> dict[str, Any]:
    data = {"node": index(branch)} if branch in useful else {}
    return {**data, **s.as_json()}


# --- per provider -----------------------------------------------------------------------


def enabled_inverses(
    tools: Iterable[str], targets: tuple[str, ...], adapted: Adaptations
) -> dict[str, dict[str, Any]]:
    """:func:`provider_inverses` for the provider targets a config's ``targets`` turn on:
    what a generated package (Python ``INVERSES``, TypeScript alike) carries."""
    return provider_inverses(tools, [t for t in enabled(targets) if t.provider], adapted)


def provider_inverses(
    tools: Iterable[str], providers: Iterable[Target], adapted: Adaptations
) -> dict[str, dict[str, Any]]:
    """Provider name → canonical tool name → inverse, for every provider target given
    (a provider without a transform maps to ``{}``; a tool whose arguments come back
    unchanged is left out). Sorted, plain JSON: what the generated packages carry."""
    names = sorted(tools)
    table: dict[str, dict[str, Any]] = {}
    for target in sorted(providers, key=lambda t: t.name):
        per_tool: dict[str, Any] = {}
        for adapter in target.adapters:
            for name in names:
                inverse = adapted[adapter][name].inverse
                if inverse is None:
                    continue
                if name in per_tool:  # two transforms of one target: no such target yet
                    raise RuntimeError(f"{target.name}: two adapters undo arguments of {name}")
                per_tool[name] = thaw(inverse)
        table[target.name] = dict(sorted(per_tool.items()))
    return table
