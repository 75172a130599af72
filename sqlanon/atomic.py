"""Writing files atomically beside their destination, with a way back, and cleaning up after
runs that were killed.

Everything a run writes before committing it (a staged release, a staged report) lives beside
its destination under a name of its own, created exclusively with an unpredictable part:

    .sqlanon-<name tag>-<host tag>-<pid>-<random>.tmp     (a file, or a private folder)
    .sqlanon-<name tag>-<host tag>-<pid>-<random>.bak     (a folder: the previous destination,
                                                           until the commit is done)

The name tag is a hash of the destination's file name, so the names are short whatever the
destination is called, and a later run for the same destination recognizes what an earlier one
left: :func:`remove_leftovers` deletes those of processes of this host that no longer run (a
run killed outright cannot clean up after itself). A planted symbolic link is never followed:
names are new (``O_EXCL``, ``mkdtemp``) and private folders are mode 0700.

:func:`swap_in` moves a staged file into place and returns a :class:`Swap` whose ``undo``
restores what was there before, so that a later step of the same commit (writing the report)
can fail without leaving anything published.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import socket
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sqlanon.errors import InputError

_NAME = re.compile(r"\.sqlanon-([0-9a-f]{8})-([0-9a-f]{6})-(\d+)-[a-z0-9_]+\.(tmp|bak)")
#: what releases of sqlanon before these names left beside an output: .NAME.sqlanon-PID.tmp
_LEGACY = re.compile(r"\.(.+)\.sqlanon-(\d+)\.tmp")


def _hash(text: str, size: int) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:size]


def _host() -> str:
    return _hash(socket.gethostname(), 6)


def run_tag() -> str:
    """``<host tag>_<pid>``: which run of which host made a leftover (see :func:`is_dead`)."""
    return f"{_host()}_{os.getpid()}"


def is_dead(host: str, pid: int) -> bool:
    """Whether the run that tagged a leftover ``host``/``pid`` (:func:`run_tag`) is over: a
    process of this host that no longer runs (another host's leftovers are never touched)."""
    return host == _host() and pid != os.getpid() and not alive(pid)


def _prefix(target: Path) -> str:
    return f".sqlanon-{_hash(target.name, 8)}-{_host()}-{os.getpid()}-"


def staging_file(target: Path) -> Path:
    """A new, empty, private file beside ``target`` (created exclusively)."""
    fd, name = tempfile.mkstemp(prefix=_prefix(target), suffix=".tmp", dir=target.parent)
    os.close(fd)
    return Path(name)


def staging_folder(target: Path) -> Path:
    """A new private folder (mode 0700) beside ``target``: what is staged in it can be moved to
    ``target`` by a rename or a link on the same file system."""
    return Path(tempfile.mkdtemp(prefix=_prefix(target), suffix=".tmp", dir=target.parent))


def make_folders(parent: Path) -> list[Path]:
    """Create ``parent`` and its missing ancestors; return the folders created, outermost first."""
    missing = [p for p in (parent, *parent.parents) if not p.exists()][::-1]
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(f"Cannot create the folder {str(parent)!r}: {err.strerror or err}.") from None
    return missing


def remove_folders(created: list[Path]) -> None:
    """Remove the folders :func:`make_folders` created, innermost first, while they are empty."""
    for folder in reversed(created):
        try:
            folder.rmdir()
        except OSError:
            break


def existing_ancestor(path: Path) -> Path:
    """The nearest of ``path`` and its ancestors that exists."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(path.anchor or ".")


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name the same file, after resolving links and ``..`` (also when
    neither exists yet), or as the same file on disk (hard links, case-insensitive systems)."""
    ra, rb = a.resolve(), b.resolve()
    if ra == rb:
        return True
    try:
        return ra.exists() and rb.exists() and os.path.samefile(ra, rb)
    except OSError:
        return False


def alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this host (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def remove_leftovers(target: Path) -> list[Path]:
    """Remove what runs for ``target`` killed before they could clean up left beside it (staged
    files and folders, backups), and return what was removed. A backup whose ``target`` is
    missing (a run killed between the two renames of a swap) is renamed back to ``target``
    first. Only names of processes of this host that no longer run are touched."""
    folder = target.parent
    tag, host = _hash(target.name, 8), _host()
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    removed = []
    for entry in entries:
        match = _NAME.fullmatch(entry.name)
        if match is not None:
            mine = match.group(1) == tag and match.group(2) == host
            pid = int(match.group(3))
        else:
            legacy = _LEGACY.fullmatch(entry.name)
            if legacy is None:
                continue
            mine, pid = legacy.group(1) == target.name, int(legacy.group(2))
        if not mine or pid == os.getpid() or alive(pid):
            continue
        previous = entry / "previous"
        if previous.is_dir() and not (target.exists() or target.is_symlink()):
            # killed between the two renames of a folder's swap: the previous output goes back
            try:
                os.rename(previous, target)
            except OSError:
                continue
        try:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def discard(path: Path | None) -> None:
    """Remove a staged file or folder; never raises."""
    if path is None:
        return
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    except OSError:
        pass


@dataclass
class Swap:
    """A staged file moved into place; :meth:`undo` puts back what was there before."""

    target: Path
    #: the previous file at ``target`` (a hard link to it, or the file moved aside, in a private
    #: folder beside it), None when there was none
    backup: Path | None
    #: ``target`` is a folder (:func:`swap_in_folder`)
    folder: bool = False

    def undo(self) -> None:
        """Restore the previous file (or remove the new one if there was none); never raises."""
        try:
            if self.folder:
                self._undo_folder()
            elif self.backup is not None:
                os.replace(self.backup, self.target)
            else:
                self.target.unlink(missing_ok=True)
        except OSError:
            pass
        self.finish()

    def _undo_folder(self) -> None:
        """The new folder renamed aside (a rename cannot replace a folder that holds files) and
        removed, the previous one renamed back."""
        if self.target.exists():
            aside = Path(tempfile.mkdtemp(prefix=_prefix(self.target), suffix=".tmp", dir=self.target.parent))
            os.rename(self.target, aside / "release")
            discard(aside)
        if self.backup is not None:
            os.rename(self.backup, self.target)

    def finish(self) -> None:
        """Drop the backup: the swap stays."""
        if self.backup is not None:
            discard(self.backup.parent)
            self.backup = None


class AppearedError(FileExistsError):
    """The destination appeared while the run was going (and may not be replaced)."""


def swap_in_folder(staged: Path, target: Path, overwrite: bool) -> Swap:
    """Move the folder ``staged`` to ``target`` by renames.

    Without ``overwrite`` an existing ``target`` is never replaced (:class:`AppearedError`;
    checked just before the rename). With ``overwrite`` the previous folder is renamed aside
    first (a backup in a private folder beside it, kept until :meth:`Swap.finish`) and the
    staged one renamed into its place: between the two renames ``target`` is missing, never
    a part of a folder. A run killed in that instant leaves the previous folder as the backup;
    :func:`remove_leftovers` puts it back.
    """
    if target.exists() or target.is_symlink():
        if not overwrite:
            raise AppearedError(str(target))
        folder = Path(tempfile.mkdtemp(prefix=_prefix(target), suffix=".bak", dir=target.parent))
        backup = folder / "previous"
        try:
            os.rename(target, backup)
        except OSError:
            discard(folder)
            raise
    else:
        backup = None
    try:
        os.rename(staged, target)
    except OSError:
        if backup is not None:
            if not target.exists():
                os.rename(backup, target)
            discard(backup.parent)
        raise
    return Swap(target, backup, folder=True)


def check_folder(parent: Path) -> None:
    """The folder ``parent`` exists and is writable, or can be created (nothing is created here)."""
    base = existing_ancestor(parent)
    if not base.is_dir():
        raise InputError(
            f"Cannot create the output folder {str(parent)!r}: {str(base)!r} is a file, not a folder; "
            "choose another output path."
        )
    if not os.access(base, os.W_OK | os.X_OK):
        what = "output folder" if base == parent else "folder"
        raise InputError(f"The {what} {str(base)!r} is not writable; choose another output path.")


def swap_in(staged: Path, target: Path, overwrite: bool) -> Swap:
    """Move ``staged`` to ``target`` atomically.

    Without ``overwrite`` an existing ``target`` is never replaced (:class:`AppearedError`):
    the file is hard-linked into place, which fails if the name exists (on file systems that
    cannot link, it is renamed after a check). With ``overwrite`` the previous file is kept
    under a backup name until :meth:`Swap.finish`, so :meth:`Swap.undo` can restore it.
    """
    if not overwrite:
        try:
            os.link(staged, target)
        except FileExistsError:
            raise AppearedError(str(target)) from None
        except OSError:
            if target.exists() or target.is_symlink():
                raise AppearedError(str(target)) from None
            os.replace(staged, target)
            return Swap(target, None)
        discard(staged)
        return Swap(target, None)
    backup = None
    if target.exists() or target.is_symlink():
        folder = Path(tempfile.mkdtemp(prefix=_prefix(target), suffix=".bak", dir=target.parent))
        backup = folder / "previous"
        try:
            os.link(target, backup, follow_symlinks=False)
        except OSError:
            # no hard links here: move it aside (for a moment there is no file at target)
            try:
                os.rename(target, backup)
            except OSError:
                discard(folder)
                raise
    try:
        os.replace(staged, target)
    except OSError:
        if backup is not None:
            if not target.exists():
                os.replace(backup, target)
            discard(backup.parent)
        raise
    return Swap(target, backup)
