"""Which parts of a tool its tokens come from: name, description, each property, the rest.

The tool's entry is serialized in labelled parts (serialize.py) and encoded once; each
token belongs to the part in which its first byte lies, so a token that spans an edge
(``","`` after a description) counts for the part it starts in, and the shares add up to
the tool's count exactly. A member's share includes its key and its leading ``{`` or ``,``.
For an estimated target each share is scaled like the total, and the rest absorbs the
rounding. Slower than counting (it decodes every token), so it runs for a few tools: those
a budget finding names, or those a diff reports as changed.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal

from generator.emit.common import Inputs
from generator.ir.model import ToolDescriptor
from generator.tokens.encoding import DEFAULT_ENCODING, encode, token_bytes
from generator.tokens.providers import PROVIDERS, scaled
from generator.tokens.serialize import Part, parts
from generator.tokens.targets import Target, inputs_for

ContributorKind = Literal["name", "description", "property", "rest"]
_ORDER: dict[ContributorKind, int] = {"name": 0, "description": 1, "property": 2, "rest": 3}


@dataclass(frozen=True, slots=True)
class Contributor:
    """One part's share of a tool's tokens in one target."""

    kind: ContributorKind
    key: str | None  # the property's name when kind is "property"
    tokens: int

    @property
    def label(self) -> str:
        """How a message names it: ``description``, ``property 'path'``, ``the rest``."""
        if self.kind == "property":
            return f"property {self.key!r}"
        return "the rest" if self.kind == "rest" else self.kind


def contributors(
    tool: ToolDescriptor,
    target: Target,
    inputs: Inputs | None = None,
    encoding: str = DEFAULT_ENCODING,
) -> tuple[Contributor, ...]:
    """Every part's share of ``tool``'s count in ``target``, largest first.

    Ties keep the order name, description, properties (in schema order), the rest.
    """
    inputs = inputs if inputs is not None else inputs_for([tool], [target])
    shares = _shares(parts(target.entry(tool, inputs), target.layout), encoding)
    factor = PROVIDERS[target.provider].calibration
    found = [
        Contributor(kind, key, scaled(tokens, factor))
        for (kind, key), tokens in shares.items()
        if kind != "rest"
    ]
    rest = scaled(sum(shares.values()), factor) - sum(item.tokens for item in found)
    found.append(Contributor("rest", None, rest))
    return tuple(sorted(found, key=lambda item: (-item.tokens, _ORDER[item.kind])))


def _shares(
    labelled: Sequence[Part], encoding: str
) -> dict[tuple[ContributorKind, str | None], int]:
    """Tokens per part, by where each token's first byte lies; unlabelled parts are the rest."""
    text = "".join(part.text for part in labelled)
    starts = list(accumulate((len(part.text.encode()) for part in labelled), initial=0))
    counts = [0] * len(labelled)
    lengths = map(len, token_bytes(encode(text, encoding), encoding))
    for offset in accumulate(lengths, initial=0):
        if offset < starts[-1]:
            counts[bisect_right(starts, offset) - 1] += 1
    shares: dict[tuple[ContributorKind, str | None], int] = {}
    for part, count in zip(labelled, counts, strict=True):
        key: tuple[ContributorKind, str | None] = (part.kind or "rest", part.key)
        shares[key] = shares.get(key, 0) + count
    return shares
