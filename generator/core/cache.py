"""Results of slow, pure steps kept between runs: read here, written by the writer.

The cache lives outside the project by default (``$XDG_CACHE_HOME/toolcanon``, else
``~/.cache/toolcanon``), so a checkout never shows it and a repository cannot ship one.
Every entry is signed with a per-user key (HMAC-SHA256 over its namespace, key and
payload); the key lives apart from the cache (``$XDG_STATE_HOME/toolcanon/cache.key``,
else ``~/.local/state/toolcanon/cache.key``, mode 0600), so an entry copied from
another machine, restored from a shared CI cache or forged in a configured folder is
simply not found. A key that is not private to the user (a link, another owner,
group or other bits) is not trusted either: the cache goes unused, with a warning
(TC057). An entry is found only by a hash of every input of the step that made it,
in a folder per generator fingerprint; a damaged, stale or unsigned entry
counts as absent, so output never depends on the cache. Stages read through a
:class:`CacheView` and return the :class:`Entry` values they computed; only
``writer.store_entries`` puts them on disk (``check`` never does).
"""

from __future__ import annotations

import errno
import hashlib
import hmac
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from generator.core.diagnostics import Diagnostic, Position, Severity
from generator.core.fingerprint import generator_fingerprint

FOLDER_NAME = 16  # hex digits of the fingerprint naming the folder of this generator
KEY_BYTES = 32
_SIGNATURE = 64


@dataclass(frozen=True, slots=True)
class Entry:
    """One result to keep: found again by ``namespace`` and ``key``."""

    namespace: str
    key: str
    payload: bytes


def _home_dir(variable: str, *fallback: str) -> Path | None:
    value = os.environ.get(variable)
    if value and os.path.isabs(value):
        return Path(value) / "toolcanon"
    home = os.environ.get("HOME")
    return Path(home, *fallback, "toolcanon") if home else None


def user_cache_root() -> Path | None:
    """The default cache folder: the user's cache directory (None without a HOME)."""
    return _home_dir("XDG_CACHE_HOME", ".cache")


def key_path() -> Path | None:
    """Where this user's signing key lives (never inside a cache folder)."""
    folder = _home_dir("XDG_STATE_HOME", ".local", "state")
    return folder / "cache.key" if folder else None


@dataclass(frozen=True, slots=True)
class KeyRead:
    """This user's key as found on disk: ``key`` when it may be trusted, else None and
    (when there is a key file that is not safe to trust) ``problem`` and ``fix``."""

    key: bytes | None
    problem: str | None = None
    fix: str | None = None


def load_key() -> KeyRead:
    """The key, trusted only when it is private to this user: a regular file (opened
    with O_NOFOLLOW, so never a link), owned by this uid, no group or other bits. Anyone
    else who can read it can sign entries that change generated security fields."""
    path = key_path()
    if path is None:
        return KeyRead(None)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return KeyRead(None, "is a symbolic link", _remove(path))
        return KeyRead(None)  # missing (made on first use) or unreadable: nothing trusted
    try:
        info = os.fstat(fd)
        untrusted = _untrusted(info, path)
        data = b"" if untrusted else os.read(fd, KEY_BYTES + 1)
    except OSError:
        return KeyRead(None)
    finally:
        os.close(fd)
    if untrusted:
        return KeyRead(None, *untrusted)
    if len(data) != KEY_BYTES:
        return KeyRead(None, f"holds {len(data)} bytes, not a key toolcanon made", _remove(path))
    return KeyRead(data)


def _untrusted(info: os.stat_result, path: Path) -> tuple[str, str] | None:
    """What makes the opened key file unsafe to trust, and how to fix it."""
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file", _remove(path)
    if info.st_uid != os.getuid():
        return f"belongs to another user (uid {info.st_uid})", _remove(path)
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o077:
        return f"may be read or written by other users (mode {mode:04o})", (
            f"chmod 600 {path}, or remove it so toolcanon makes a new one"
        )
    return None


def _remove(path: Path) -> str:
    return f"remove it so toolcanon makes a new one of yours: rm {path}"


def read_key() -> bytes | None:
    """This user's key, or None when there is none yet or it is not trusted (then
    nothing is trusted: every fast path goes cold)."""
    return load_key().key


KEY_CODE = "TC057"  # the signing key is not private to this user


def key_diagnostics(root: Path | None) -> list[Diagnostic]:
    """A warning when the cache ``root`` is on but the key is not trusted (the command
    prints it once with its diagnostics): the run is correct, only slower."""
    if root is None:
        return []
    found = load_key()
    path = key_path()
    if found.problem is None or path is None:
        return []
    message = f"the cache signing key {found.problem}: the cache is not used"
    return [
        Diagnostic(Position(str(path), 1, 1), message, KEY_CODE, Severity.WARNING, hint=found.fix)
    ]


def generator_folder(root: Path) -> Path:
    """Where this generator's entries live inside the cache folder ``root``."""
    return root / generator_fingerprint()[:FOLDER_NAME]


def signature(key: bytes, namespace: str, name: str, payload: bytes) -> bytes:
    """The hex HMAC that binds an entry to its place and to this user."""
    message = namespace.encode() + b"\0" + name.encode() + b"\0" + payload
    return hmac.new(key, message, hashlib.sha256).hexdigest().encode("ascii")


def signed(key: bytes, entry: Entry) -> bytes:
    """An entry as stored: its signature, a newline, the payload."""
    return signature(key, entry.namespace, entry.key, entry.payload) + b"\n" + entry.payload


class CacheView:
    """Read-only access to the signed entries of a cache folder; ``None`` finds nothing."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.key = read_key() if root is not None else None
        self.folder = generator_folder(root) if root is not None else None

    def get(self, namespace: str, key: str) -> bytes | None:
        """The payload stored under ``key``, or None when absent, damaged or not signed
        by this user."""
        if self.folder is None or self.key is None:
            return None
        try:
            raw = (self.folder / namespace / key).read_bytes()
        except OSError:
            return None
        found, payload = raw[:_SIGNATURE], raw[_SIGNATURE + 1 :]
        if not hmac.compare_digest(found, signature(self.key, namespace, key, payload)):
            return None
        return payload

    def text(self, namespace: str, key: str) -> str | None:
        """Like :meth:`get`, decoded as UTF-8 (an undecodable entry counts as absent)."""
        payload = self.get(namespace, key)
        if payload is None:
            return None
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            return None


NO_CACHE = CacheView(None)
