"""The writer: the only code that writes to disk (with ``writer_swap`` and
``writer_inplace``). It compares a Plan with the output folder, updates the folder,
and keeps the cache entries a run computed.

A folder toolcanon owns (``ownership.owned``: nothing in it but files its manifest or
this machine's record names) is updated whole: the complete new tree is built beside
it (unchanged files hard-linked, so their bytes and mtimes stay) and the two folders
are exchanged in one step, so a failure at any point leaves the old tree exactly as it
was. Any other folder is updated file by file (``writer_inplace``), each file
atomically, and everything of anyone else's in it stays as it is. Files are removed
only when a witness names them and they still hold the bytes it names. A concurrent
run waits for the lock on the parent folder, for a bounded time.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from generator.core.cache import (
    FOLDER_NAME,
    KEY_BYTES,
    Entry,
    generator_folder,
    key_path,
    read_key,
    signed,
)
from generator.write import ownership
from generator.write.lock import DEFAULT_TIMEOUT, LockTimeout, locked, try_locked
from generator.write.ownership import NO_HASHES, Hashes, Witnesses, witnesses
from generator.write.textdiff import Budget, unified

MANIFEST = PurePosixPath("manifest.json")
STAGING_INFIX = ".new-"  # .<out>.new-XXXX: the tree being built beside the output
TEMP_SUFFIX = ".toolcanon-new"  # .<name>.XXXX.toolcanon-new: a file being written in place


class WriteError(Exception):
    """The output folder cannot be updated; nothing was changed."""


Same = Callable[[bytes, bytes], bool]


@dataclass(frozen=True, slots=True)
class Plan:
    """The whole output tree as bytes, manifest included. ``same`` names files whose
    bytes may differ without the output differing (the manifest's note of who wrote
    it): such a file counts as current, and is not rewritten for that alone."""

    files: Mapping[PurePosixPath, bytes]
    same: Mapping[PurePosixPath, Same] = field(default_factory=dict)

    def current(self, rel: PurePosixPath, on_disk: bytes) -> bool:
        """True when ``on_disk`` is what the plan holds for ``rel``."""
        planned = self.files[rel]
        if on_disk == planned:
            return True
        same = self.same.get(rel)
        return same is not None and same(on_disk, planned)

    def folders(self) -> set[PurePosixPath]:
        """Every folder the plan's files sit in (the output folder itself excluded)."""
        return {p for rel in self.files for p in rel.parents if p != PurePosixPath()}


@dataclass(frozen=True, slots=True)
class Drift:
    """One way in which the output folder differs from the plan."""

    path: PurePosixPath
    kind: str  # "changed" | "missing" | "orphaned"
    diff: str = ""


@dataclass(frozen=True, slots=True)
class Comparison:
    drift: tuple[Drift, ...]
    foreign: tuple[PurePosixPath, ...]  # things in the folder that toolcanon may not remove
    undiffed: tuple[PurePosixPath, ...] = ()  # stale files whose diff was not computed


def encode_text(text: str) -> bytes:
    """Text as generated files store it: LF endings, one final newline, UTF-8."""
    text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    return text.encode("utf-8")


def read_manifest(out: Path) -> dict[str, object] | None:
    """The manifest in ``out``, or None when it is missing or unreadable."""
    from generator.write.manifest import parse

    data = ownership.read_file(out, MANIFEST, limit=ownership.MAX_MANIFEST_BYTES)
    return parse(data) if data is not None else None


def untracked(out: Path, recorded: Hashes = NO_HASHES) -> list[PurePosixPath]:
    """Things in ``out`` that no witness names: someone else's files (and links)."""
    if not _real_folder(out):
        return []
    known = witnesses(out, recorded)
    return [e.rel for e in ownership.entries(out) if e.kind != "folder" and not known.names(e.rel)]


def _real_folder(out: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(out).st_mode)
    except OSError:
        return False


def compare(
    plan: Plan, out: Path, *, recorded: Hashes = NO_HASHES, diffs: bool = True
) -> Comparison:
    """Every difference between ``plan`` and the folder ``out`` (with unified diffs:
    ``diffs``, bounded in time). ``recorded`` is this machine's record of what it wrote."""
    return _compare(plan, out, witnesses(out, recorded), diffs=diffs)


def _compare(plan: Plan, out: Path, known: Witnesses, *, diffs: bool) -> Comparison:
    drift: list[Drift] = []
    budget = Budget()
    for rel in sorted(plan.files):  # one file's bytes at a time: a plan may keep them packed
        current = ownership.read_file(out, rel)
        if current is None:
            drift.append(Drift(rel, "missing"))
        elif not plan.current(rel, current):
            shown = unified(rel, current, plan.files[rel], budget) if diffs else ""
            drift.append(Drift(rel, "changed", shown))
    foreign: list[PurePosixPath] = []
    if _real_folder(out):
        for entry in ownership.entries(out):
            if entry.kind == "folder" or entry.rel in plan.files:
                continue
            if entry.kind == "file" and known.prunable(out, entry.rel):
                drift.append(Drift(entry.rel, "orphaned"))
            else:
                foreign.append(entry.rel)
    return Comparison(tuple(drift), tuple(foreign), tuple(budget.skipped))


def write(
    plan: Plan,
    out: Path,
    *,
    recorded: Hashes = NO_HASHES,
    lock_timeout: float = DEFAULT_TIMEOUT,
    on_wait: Callable[[str], None] | None = None,
) -> Comparison:
    """Make ``out`` hold the plan; keep everything toolcanon did not write. Raises
    WriteError (nothing changed) when that cannot be done."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with locked(out.parent, timeout=lock_timeout, on_wait=on_wait):
            remove_leftovers(out)
            known = witnesses(out, recorded)
            comparison = _compare(plan, out, known, diffs=False)  # only check shows diffs
            if comparison.drift:
                _update(plan, out, comparison, known)
            return comparison
    except LockTimeout as exc:
        raise WriteError(str(exc)) from None
    except OSError as exc:
        raise WriteError(f"cannot update {out.name}/: {exc.strerror or exc}") from exc


def _update(plan: Plan, out: Path, comparison: Comparison, known: Witnesses) -> None:
    if ownership.owned(out, known):
        from generator.write.swap import replace_whole

        replace_whole(plan, out, comparison)
    else:
        from generator.write.inplace import write_in_place

        write_in_place(plan, out, comparison, known)


def tidy(out: Path) -> None:
    """Remove what a killed run left beside and inside ``out``, when no run holds the
    lock right now (never waits: ``generate`` on current output calls this)."""
    with contextlib.suppress(OSError), try_locked(out.parent) as free:
        if free:
            remove_leftovers(out)


_LEFTOVER_FILE = re.compile(r"^\..+\.[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$")


def remove_leftovers(out: Path) -> None:
    """Staging folders (``.<out>.new-*``) and half-written files of runs that were
    killed; call with the lock held, so no live run owns them. When a kill came
    between the two renames of a swap without ``renameat2``, the old tree is put back."""
    prefix = f".{out.name}{STAGING_INFIX}"
    with os.scandir(out.parent) as found:
        staged = sorted(e.name for e in found if e.name.startswith(prefix))
    for name in staged:
        path = out.parent / name
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            continue
        if name.endswith(".old") and not os.path.lexists(out):
            os.rename(path, out)  # the old tree, never replaced: it is the output again
            continue
        shutil.rmtree(path)
    if _real_folder(out):
        for entry in ownership.entries(out):
            if entry.kind == "file" and _LEFTOVER_FILE.match(entry.rel.name):
                os.unlink(out / entry.rel)


def default_mode(folder: bool) -> int:
    """The mode a new file or folder gets: 0o666 or 0o777 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return (0o777 if folder else 0o666) & ~umask


def store_entries(root: Path | None, entries: Iterable[Entry]) -> None:
    """Keep cache entries under ``root`` (None: no cache). Best effort: a cache that
    cannot be written is simply not written, and folders of other generators (entries
    no run of this generator can find) are removed once new entries go in."""
    entries = list(entries)
    if root is None or not entries:
        return
    key = _user_key()
    if key is None:
        return
    folder = generator_folder(root)
    _prune_other_generators(root, folder)
    for entry in entries:
        _store(folder / entry.namespace, entry.key, signed(key, entry))


def _user_key() -> bytes | None:
    """This user's signing key, made on first use (0600, created exclusively so two
    runs never sign with different keys); None when it cannot be kept."""
    found = read_key()
    path = key_path()
    if found is not None or path is None:
        return found
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
    except FileExistsError:
        pass  # another run made it first: use theirs
    except OSError:
        return None
    return read_key()


def _store(folder: Path, name: str, data: bytes) -> None:
    temp: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".tmp-", dir=folder)
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.replace(temp, folder / name)
    except OSError:
        if temp is not None:
            with contextlib.suppress(OSError):
                os.unlink(temp)


def _prune_other_generators(root: Path, keep: Path) -> None:
    with contextlib.suppress(OSError):
        for entry in root.iterdir():
            if entry != keep and _is_generator_folder(entry):
                shutil.rmtree(entry, ignore_errors=True)


def _is_generator_folder(path: Path) -> bool:
    name = path.name
    return (
        len(name) == FOLDER_NAME
        and all(c in "0123456789abcdef" for c in name)
        and (path.is_dir() and not path.is_symlink())
    )


def create_files(files: Mapping[Path, bytes]) -> None:
    """Create new files, all or none: an existing file is never overwritten.

    Used by ``init``; raises WriteError naming the first file that already exists.
    """
    for path in files:
        if path.exists() or path.is_symlink():
            raise WriteError(f"{path.name} already exists; not overwritten")
    made: list[Path] = []
    try:
        for path, data in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("xb") as handle:
                made.append(path)
                handle.write(data)
    except OSError as exc:
        for path in made:
            path.unlink(missing_ok=True)
        raise WriteError(f"cannot create {path.name}: {exc.strerror or exc}") from exc


def replace_file(path: Path, data: bytes) -> None:
    """Replace the content of an existing file atomically, keeping its mode."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise WriteError(f"cannot update {path.name}: {exc.strerror or exc}") from exc
