"""Publishing a folder of part files (``output: {path: folder, format: parquet}``, Spark): checked
before any work, written by the engine in a private folder beside the output, swapped in by
renames (:func:`sqlanon.atomic.swap_in_folder`).

The release is written whole as ``.sqlanon-<...>.tmp/release`` beside the output (a name that
starts with a dot, which Spark's and Hadoop's readers of the parent folder skip), the gate reads
it there, and the commit renames the previous folder aside (``.sqlanon-<...>.bak/previous``) and
the release into its place, then removes the previous one. A reader of the output folder sees
the previous folder or the new one, whole; between the two renames (an instant) the folder is
missing. A run killed before the commit leaves the output as it was (its staging folder is
removed by the next run for the output); one killed between the renames leaves the previous
folder as the backup, which the next run for the output renames back before it starts.

Never over what the run reads: the output folder is none of the files and folders the run
reads (the source's file or folder, the configuration, hierarchy files), nor a folder holding
one of them or lying in one, by any spelling (paths are compared with links and ``..``
resolved); nor does it hold or lie in the folder of a Spark table the source reads. Only a
folder Spark wrote (one holding ``_SUCCESS``, Spark's mark of a finished write) or an empty one
is replaced, and only with ``overwrite: true``.
"""

from __future__ import annotations

from pathlib import Path

from sqlanon import atomic
from sqlanon.config import Config
from sqlanon.engines import Engine
from sqlanon.errors import InputError
from sqlanon.release import guard
from sqlanon.release import table as publish_table

#: the file Spark writes in a folder once every part file of it is written
SUCCESS = "_SUCCESS"


def prepare(engine: Engine, config: Config) -> None:
    """Fail before any work when the output folder may not or cannot be written; remove (or,
    a previous folder a killed swap left aside, put back) what killed runs left beside it."""
    out = config.output
    assert out is not None and out.folder
    target = out.file
    refusal = engine.folder_refusal()
    if refusal is not None:
        raise InputError(f"The output {out.describe()} cannot be written: {refusal}")
    _check_read_files(config, target)
    _check_source_tables(engine, config, target)
    atomic.check_folder(target.parent)
    atomic.remove_leftovers(target)
    if target.is_symlink() and not target.exists():
        raise InputError(
            f"The output {out.describe()} is a broken symbolic link; remove it or choose another path."
        )
    if target.exists() and not target.is_dir():
        raise InputError(
            f"The output {out.describe()} is a file; a {out.kind} output of Spark is a folder of part files. "
            "Choose another path."
        )
    if not target.exists():
        return
    if not config.overwrite:
        raise InputError(f"The output {out.describe()} already exists; set overwrite: true to replace it.")
    if not (target / SUCCESS).is_file() and any(target.iterdir()):
        raise InputError(
            f"The output {out.describe()} holds files but no {SUCCESS} (the file Spark writes in a folder it has "
            "finished writing): sqlanon replaces only a folder Spark wrote, never one it cannot tell from other "
            "data. Remove it yourself if nothing in it is needed, or choose another output path."
        )


def _check_read_files(config: Config, target: Path) -> None:
    """The output folder is no file or folder the run reads, and neither holds one nor lies
    in one."""
    out = config.output
    assert out is not None
    for what, path in guard.read_files(config):
        if atomic.same_file(target, path):
            which = "the source itself" if what == "source" else f"the {what} ({str(path)!r})"
            raise InputError(
                f"The output {out.describe()} is {which}; sqlanon never writes over what it reads. Choose another "
                "output folder."
            )
        if guard.nested(target, path):
            raise InputError(
                f"The output {out.describe()} and the {what} ({str(path)!r}) lie one inside the other: replacing the "
                "folder would change or delete what the run reads, or write among it. sqlanon never writes over what "
                "it reads. Choose an output folder outside it."
            )


def _check_source_tables(engine: Engine, config: Config, target: Path) -> None:
    """The output folder neither holds nor lies in the folder of a table the source reads (a
    table of Spark's catalog keeps its rows in a folder); when what the source reads cannot be
    followed, no existing folder is replaced."""
    out, src = config.output, config.source
    assert out is not None
    if engine.server is None or src.kind not in ("table", "query"):
        return
    reads = publish_table.source_reads(engine.server, engine.capabilities.dialect, src)
    if reads is None:
        return  # no such source: reading it says what is wrong
    where = target.as_uri()
    for read in reads.relations.values():
        if not read.location:
            continue
        if publish_table.within(where, read.location) or publish_table.within(read.location, where):
            how = f" ({read.how})" if read.how else ""
            raise InputError(
                f"The output {out.describe()} and the folder of {read.name}{how}, which the source reads "
                f"({read.location}), are one, or lie one inside the other; sqlanon never writes over what it reads. "
                "Choose an output folder outside it."
            )
    if reads.unknown and (target.exists() or target.is_symlink()):
        raise InputError(
            f"The output {out.describe()} exists, and sqlanon cannot tell which tables the source reads "
            f"({reads.unknown}), so it cannot tell whether their files are in it. Write the release to a new folder."
        )


__all__ = ["SUCCESS", "prepare"]
