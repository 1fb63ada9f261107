"""Byte-pair merging whose cost grows with a pre-token's length, not with its square.

tiktoken's rule, inside one pre-token: join the adjacent pair of parts whose bytes have
the lowest rank (the leftmost of equal ones) until no adjacent pair has a rank. Done the
way the rule reads (scan every part for the lowest rank, then delete one from a list),
every step costs the length of the piece: a 200 KiB run of one character, a Thai or
Chinese paragraph, a line of ``=`` took minutes. Here it costs O(n log n), with the same
choice at every step, so the same tokens:

- the parts are a linked list over the piece's byte offsets (``after`` and ``before``),
  each offset holding the rank of the pair that starts there (``ranks``): three arrays of
  4-byte ints, some 12 bytes per byte of the piece (18 with the heap), fixed for the run;
- the offsets are cut into blocks of :data:`BLOCK`; each block's lowest pair sits in a
  heap as ``rank * n + offset``, so the heap's smallest entry is the lowest rank, leftmost
  first; a step rescans the block it joined in, and a neighbouring block only when its
  lowest pair was one the step changed.

A heap holding every pair is up to twice as fast, but a Python int per byte is 40 bytes
more per byte of the piece; blocks keep the heap to a sixteenth of that.

A heap entry whose block has changed since is skipped when it comes up (its offset no
longer holds that rank: a pair only grows, and two byte strings never share a rank); the
heap is rebuilt from the blocks' minima before such entries outnumber the blocks twice.
"""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Callable
from itertools import pairwise

SHORT = 48  # pieces up to this many bytes are merged by plain scans, at most SHORT² steps
BLOCK_BITS = 4
BLOCK = 1 << BLOCK_BITS
_NO_PAIR = (1 << 31) - 1  # above every rank: o200k_base and cl100k_base stay below 2**18

Rank = Callable[[bytes], int | None]


def merge(piece: bytes, rank: Rank) -> tuple[list[int], int]:
    """The token ids of ``piece`` (two bytes or more) and the work spent on it: rank
    lookups, offsets examined in search of a block's lowest pair, and heap steps (each
    weighted by the heap's depth), so a test can see how the cost grows."""
    if len(piece) <= SHORT:
        return _scanned(piece, rank)
    parts = _Parts(piece, rank)
    heap = parts.heap()
    while heap:
        parts.work += len(heap).bit_length()
        key = heapq.heappop(heap)
        at = key % parts.n
        if parts.ranks[at] == key // parts.n:  # else its block changed after the push
            parts.join(at, heap)
            if len(heap) > 2 * len(parts.lowest) + 16:
                heap = parts.heap()  # drop the entries that went stale
    return parts.tokens(), parts.work


def _scanned(piece: bytes, rank: Rank) -> tuple[list[int], int]:
    """:func:`merge` the way the rule reads, for a short piece: each step scans every
    pair (``pairs[i]`` is the rank of the pair at ``starts[i]``) and deletes one part."""
    n = len(piece)
    starts = list(range(n + 1))
    pairs = [_or_none(rank(piece[i : i + 2])) for i in range(n - 1)] + [_NO_PAIR]
    work = 2 * n
    while len(pairs) > 1:
        best = min(pairs)
        work += len(pairs)
        if best == _NO_PAIR:
            break
        i = pairs.index(best)
        del starts[i + 1], pairs[i + 1]
        if i + 2 < len(starts):
            pairs[i] = _or_none(rank(piece[starts[i] : starts[i + 2]]))
        else:
            pairs[i] = _NO_PAIR
        if i > 0:
            pairs[i - 1] = _or_none(rank(piece[starts[i - 1] : starts[i + 1]]))
        work += 2
    return [_token(rank, piece[a:b]) for a, b in pairwise(starts)], work + len(pairs)


class _Parts:
    """The parts of one piece while it is merged: working state that never leaves
    :func:`merge`, hence mutable."""

    __slots__ = ("after", "before", "lowest", "n", "piece", "rank", "ranks", "work")

    def __init__(self, piece: bytes, rank: Rank) -> None:
        n = len(piece)
        self.piece, self.rank, self.n, self.work = piece, rank, n, n
        kind = "i" if n < _NO_PAIR else "q"
        self.ranks = array("i", (_or_none(rank(piece[i : i + 2])) for i in range(n - 1)))
        self.ranks.append(_NO_PAIR)  # the last part has no right neighbour
        self.after = array(kind, range(1, n + 1))
        self.before = array(kind, range(-1, n - 1))
        self.lowest = array("q", map(self._lowest, range(-(-n // BLOCK))))

    def heap(self) -> list[int]:
        """A heap of every block's lowest pair."""
        heap = [key for key in self.lowest if key >= 0]
        heapq.heapify(heap)
        self.work += len(self.lowest)
        return heap

    def _lowest(self, block: int) -> int:
        """``rank * n + offset`` of the block's lowest pair (the leftmost); -1 if none."""
        start = block << BLOCK_BITS
        ranks = self.ranks[start : start + BLOCK]
        best = min(ranks)
        self.work += len(ranks)
        return -1 if best == _NO_PAIR else best * self.n + start + ranks.index(best)

    def join(self, at: int, heap: list[int]) -> None:
        """Join the part at offset ``at`` with the next one; refresh the pairs it changed
        and the lowest pair of each block they are in."""
        after, ranks, n = self.after, self.ranks, self.n
        gone = after[at]
        follow = after[at] = after[gone]
        ranks[gone] = _NO_PAIR
        if follow < n:
            self.before[follow] = at
            ranks[at] = self._pair(at, after[follow])
        else:
            ranks[at] = _NO_PAIR
        left = self.before[at]
        if left >= 0:
            ranks[left] = self._pair(left, follow)
        block = at >> BLOCK_BITS
        self._set(block, self._lowest(block), heap)  # its lowest pair was the one joined
        for moved in (gone, left):
            other = moved >> BLOCK_BITS
            if moved >= 0 and other != block:
                self._neighbour(other, moved, heap)

    def _neighbour(self, block: int, moved: int, heap: list[int]) -> None:
        """Another block, whose pair at ``moved`` changed: rescan it only if that pair
        was its lowest; else the new pair is its lowest when lower."""
        lowest = self.lowest[block]
        if lowest >= 0 and lowest % self.n == moved:
            self._set(block, self._lowest(block), heap)
        elif self.ranks[moved] != _NO_PAIR:
            key = self.ranks[moved] * self.n + moved
            if lowest < 0 or key < lowest:
                self._set(block, key, heap)

    def _set(self, block: int, key: int, heap: list[int]) -> None:
        if key != self.lowest[block]:
            self.lowest[block] = key
            if key >= 0:
                self.work += len(heap).bit_length()
                heapq.heappush(heap, key)

    def _pair(self, start: int, end: int) -> int:
        self.work += 1
        return _or_none(self.rank(self.piece[start:end]))

    def tokens(self) -> list[int]:
        """The ids of the parts left, in order (each is a byte or a pair that had a rank)."""
        found: list[int] = []
        at, piece, after, rank = 0, self.piece, self.after, self.rank
        while at < self.n:
            end = after[at]
            found.append(_token(rank, piece[at:end]))
            at = end
        self.work += len(found)
        return found


def _token(rank: Rank, part: bytes) -> int:
    found = rank(part)
    if found is None:
        raise ValueError(f"the vocabulary has no token for {part!r}: is it a BPE vocabulary?")
    return found


def _or_none(found: int | None) -> int:
    return _NO_PAIR if found is None else found
