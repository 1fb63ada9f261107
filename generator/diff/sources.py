"""The two sides of a diff as canonical descriptors: contracts on disk, at a git revision,
in another folder, or a pinned ``canonical/tools.json``.

Contracts go through the normal load → check → resolve, so a changed default counts
as a change. A git revision is read from git objects (``ls-tree`` + ``cat-file``) into
a temporary folder outside the repository: no checkout, the working tree is untouched.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path, PurePosixPath

from generator.contracts.discover import CONTRACT_SUFFIXES, UNREADABLE, refused_link
from generator.core.diagnostics import ContractError, Diagnostic, Position
from generator.core.jsondata import JsonProblem, KeysGivenTwice, loads
from generator.core.paths import display
from generator.diff.git import cat_blobs, git, git_error, inside_repository
from generator.diff.settings_at import settings_at
from generator.diff.sides import Descriptor, Resolved, Side, host_sides
from generator.emit.canonical import CANONICAL_FORMAT
from generator.ir.fields import descriptor_json
from generator.project.settings import Config
from generator.run.pipeline import load_contracts as load
from generator.write.ownership import safe_relative
from generator.write.scratch import UnpackError, scratch, unpack


def load_contracts(
    config: Config, label: str, *, display: str, strict: bool = False, lenient: bool = True
) -> Side:
    """Load, check and resolve ``config.contracts``; ContractError when any error blocks.

    ``lenient`` (the old side) reads schema-lint errors as warnings: a revision written
    before today's lint is still compared."""
    loaded = load(config, strict=strict, prefix=display, lenient=lenient)
    if loaded.toolset is None:
        raise ContractError(loaded.diagnostics)
    tools = {tool.name: descriptor_json(tool) for tool in loaded.toolset}
    places = {tool.name: tool.where for tool in loaded.toolset}

    hosts = None if config.hosts is None else host_sides(loaded.toolset.hosts)
    resolved = Resolved(tuple(loaded.toolset), loaded.inputs)
    return Side(label, tools, places, resolved, hosts)


def current(config: Config) -> Side:
    """The contracts of the working tree: the new side of every diff."""
    return load_contracts(
        config, "contracts", display=_display(config), strict=config.strict, lenient=False
    )


def _display(config: Config) -> str:
    return display(config.contracts, config.root) + "/"


def against(config: Config, ref: str) -> Side:
    """The old side named by ``--against``: a folder, a tools.json, or a git revision."""
    path = Path(ref)
    if path.is_dir():  # another folder of contracts: its hosts are unknown
        folder = replace(config, contracts=path.resolve(), hosts=None)
        return load_contracts(folder, ref, display=path.as_posix().rstrip("/") + "/")
    if path.is_file():
        return pinned(path, ref)
    return fromgit(config, ref)


def pinned(path: Path, label: str) -> Side:
    """A ``canonical/tools.json`` a downstream repository pinned (a key given twice, which
    would hide the first value, is refused)."""
    keys = KeysGivenTwice()
    try:
        data = loads(path.read_text("utf-8"), object_pairs_hook=keys)
    except (OSError, UnicodeDecodeError) as exc:
        raise git_error(label, f"cannot read pinned tools: {exc}", None) from None
    except JsonProblem as problem:
        raise git_error(label, f"cannot read pinned tools: {problem.message}", None) from None
    if keys.twice is not None:
        raise git_error(label, f"cannot read pinned tools: not valid JSON: {keys.twice}", None)
    tools = data.get("tools") if isinstance(data, Mapping) else None
    if not isinstance(tools, list) or data.get("format") != CANONICAL_FORMAT:
        hint = "pass a generated/canonical/tools.json, a contracts folder or a git revision"
        raise git_error(label, 'not a canonical tools.json ({"format": 1, "tools": [...]})', hint)
    found: dict[str, Descriptor] = {}
    for index, tool in enumerate(tools):
        if not isinstance(tool, Mapping) or not isinstance(tool.get("name"), str):
            raise git_error(label, f"tools[{index}] is not a descriptor with a name", None)
        if tool["name"] in found or not isinstance(tool.get("inputSchema"), Mapping):
            raise git_error(label, f"tools[{index}] is a duplicate or has no inputSchema", None)
        found[tool["name"]] = tool
    return Side(label, found, {})


def committed(config: Config, ref: str) -> Side:
    """The contracts at git revision ``ref`` as the *new* side (``diff --to``): judged as
    strictly as the working tree is, never read from it."""
    return fromgit(config, ref, new=True)


def fromgit(config: Config, ref: str, *, new: bool = False) -> Side:
    """The contracts at git revision ``ref`` of the repository holding the project
    (``new``: the side being judged, so the lint's errors stay errors)."""
    top = Path(git(config.root, "rev-parse", "--show-toplevel", ref=ref).decode().strip())
    if ref.startswith("-"):
        raise git_error("<command line>", f"unknown revision '{ref}'", None)
    commit = git(top, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", ref=ref)
    try:
        folder = config.contracts.resolve().relative_to(top.resolve()).as_posix()
    except ValueError:
        message = "the contracts folder is outside the repository"
        raise git_error(str(config.contracts), message, None) from None
    revision = commit.decode().strip()
    overlays = inside_repository(config.hosts, top)
    nested = _nested(config.hosts, config.contracts)
    with scratch("toolcanon-diff-") as tmp:
        contracts = _unpack_folder(top, revision, folder, Path(tmp, "contracts"), ref)
        hosts = None
        if nested is not None:  # unpacked with the contracts (none then: no hosts)
            hosts = contracts / nested if (contracts / nested).is_dir() else None
        elif overlays is not None:  # the overlays of that revision (none: no hosts then)
            hosts = _unpack_folder(top, revision, overlays, Path(tmp, "hosts"), ref)
        shown = None if overlays is None else f"{ref}:{overlays}/"
        settings = settings_at(config, top, revision, ref, Path(tmp))
        old = replace(settings, contracts=contracts, hosts=hosts, hosts_shown=shown)
        shown = f"{ref}:{folder}/"
        if new:
            return load_contracts(old, ref, display=shown, strict=config.strict, lenient=False)
        return load_contracts(old, ref, display=shown)


def _nested(hosts: Path | None, contracts: Path) -> PurePosixPath | None:
    """Where the hosts folder sits inside the contracts folder, or None (elsewhere)."""
    if hosts is None:
        return None
    try:
        return PurePosixPath(hosts.resolve().relative_to(contracts.resolve()).as_posix())
    except ValueError:
        return None


def _unpack_folder(top: Path, revision: str, folder: str, target: Path, ref: str) -> Path:
    """The YAML files of ``folder`` at ``revision``, unpacked under ``target``; a link or a
    submodule that the working tree would refuse, or could not read, is refused too."""
    listing = git(top, "ls-tree", "-r", "-z", "--full-tree", revision, "--", folder, ref=ref)
    entries = _entries(listing, folder, ref)
    problems = _refused(top, revision, folder, entries, ref)
    if problems:
        raise ContractError(sorted(problems, key=lambda problem: problem.position.file))
    blobs = [
        (inside, sha)
        for inside, mode, sha in entries
        if mode in _REGULAR and PurePosixPath(inside).suffix in CONTRACT_SUFFIXES
    ]
    contents = cat_blobs(top, [sha for _, sha in blobs], ref)
    try:
        unpack(target, zip((relative for relative, _ in blobs), contents, strict=True))
    except UnpackError as error:
        message = f"{ref}: cannot unpack {error.relative!r}: {error.reason}"
        raise git_error("<command line>", message, "is the tree listing a path twice?") from None
    return target.resolve()


_REGULAR = ("100644", "100755")
_SYMLINK = "120000"
_GITLINK = "160000"  # a submodule: a commit of another repository


def _entries(listing: bytes, folder: str, ref: str) -> list[tuple[str, str, str]]:
    """(path inside the contracts folder, mode, object id) of every entry, sorted; a path
    that could lead out of the folder (``..``, absolute, backslashes) is refused."""
    found = []
    for entry in listing.decode("utf-8", "surrogateescape").split("\0"):
        meta, _, name = entry.partition("\t")
        parts = meta.split()
        if len(parts) != 3:
            continue
        inside = name[len(folder) + 1 :] if name.startswith(folder + "/") else None
        if inside is None or safe_relative(inside) is None:
            message = f"{ref} holds a contract path that leads out of {folder}/: {name!r}"
            hint = "this revision's tree was not made by git from files: inspect it"
            raise git_error("<command line>", message, hint)
        found.append((inside, parts[0], parts[2]))
    return sorted(found)


def _refused(
    top: Path, revision: str, folder: str, entries: list[tuple[str, str, str]], ref: str
) -> list[Diagnostic]:
    """What the working tree refuses (a link named as a contract or leading to a folder),
    and a submodule, whose contracts are not in this repository's history."""
    shown = f"{ref}:{folder}/"
    problems = [_submodule(shown + inside, ref) for inside, mode, _ in entries if mode == _GITLINK]
    links = [inside for inside, mode, _ in entries if mode == _SYMLINK]
    named = [inside for inside in links if PurePosixPath(inside).suffix in CONTRACT_SUFFIXES]
    others = [inside for inside in links if inside not in named]
    wide = _wide_links(top, [f"{revision}:{folder}/{inside}" for inside in others], ref)
    named += [inside for inside, leads in zip(others, wide, strict=True) if leads]
    return problems + [refused_link(shown + inside) for inside in named]


def _wide_links(top: Path, objects: list[str], ref: str) -> list[bool]:
    """For each link (``<revision>:<path>``): whether it leads to a folder of that revision
    or out of the repository (where it may be one), as git follows it."""
    if not objects:
        return []
    stdin = "".join(name + "\n" for name in objects)
    out = git(top, "cat-file", "--batch-check", "--follow-symlinks", ref=ref, stdin=stdin)
    at, wide = 0, []
    for _ in objects:
        end = out.index(b"\n", at)
        words = out[at:end].split()
        at = end + 1
        if words[0] in (b"symlink", b"dangling", b"loop", b"notdir"):  # + "<size>\n<path>\n"
            at += int(words[1]) + 1
        wide.append(words[0] == b"symlink" or words[1:2] == [b"tree"])
    return wide


def _submodule(display: str, ref: str) -> Diagnostic:
    message = f"{display} is a git submodule; the contracts in it are not part of {ref}"
    hint = "copy its contracts into the contracts folder, or diff its own repository"
    return Diagnostic(Position(display, 1, 1), message, UNREADABLE, hint=hint)
