"""What a run may write, checked before it does any work: never over what it reads.

A run reads its configuration file, its source (a file, or a table of a DuckDB database and,
through a view, whatever that view reads), and the hierarchy files its columns name. Its
release and its report may be none of those, by any name: paths are compared after resolving
links and ``..``, and as the same file (hard links, case-insensitive file systems); a DuckDB
database's write-ahead log (``.wal``) counts as the database; table names are compared as
DuckDB compares them, without regard to case. A report may not replace the release either,
nor any existing file that is not an earlier sqlanon report.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from sqlanon.atomic import existing_ancestor, same_file
from sqlanon.config import Config, TableRef
from sqlanon.engines.duckdb.catalog import Reads, fold
from sqlanon.errors import HierarchyError, InputError
from sqlanon.hierarchy.builtin import builtin_path, is_builtin


def nested(a: Path, b: Path) -> bool:
    """Whether one of ``a`` and ``b`` lies inside the other (resolved, as folders)."""
    ra, rb = a.resolve(), b.resolve()
    return ra in rb.parents or rb in ra.parents


def _with_log(what: str, ref: TableRef) -> list[tuple[str, Path]]:
    """The files of ``ref``: a file, a database and its write-ahead log, or none (a table of
    a database server)."""
    if ref.path is None:
        return []
    if ref.kind != "duckdb":
        return [(what, ref.path)]
    return [
        (what, ref.path),
        (f"write-ahead log of the {what}", ref.path.with_name(ref.path.name + ".wal")),
    ]


def hierarchy_files(config: Config) -> list[tuple[str, Path]]:
    """The hierarchy files the configuration's columns name."""
    out = []
    for column in config.columns:
        spec = column.hierarchy
        if isinstance(spec, str):
            try:
                path = builtin_path(column.name, spec) if is_builtin(spec) else config.base_dir / spec
            except HierarchyError:
                continue  # no such file: nothing to protect (loading it fails with this error)
            out.append((f"hierarchy file of column {column.name!r}", path))
    return out


def read_files(config: Config) -> list[tuple[str, Path]]:
    """Every file the run reads: (what it is, its path)."""
    out = [("configuration", config.path)] if config.path is not None else []
    population = _with_log("population", config.population) if config.population is not None else []
    return out + _with_log("source", config.source) + population + hierarchy_files(config)


def check_output(config: Config) -> None:
    """The output is none of the files the run reads (a DuckDB output may share the source's
    database file, as another table: :func:`check_output_table` compares the tables)."""
    out = config.output
    assert out is not None
    shared = out.kind == config.source.kind == "duckdb" and same_file(out.file, config.source.file)
    source_files = {path for _, path in _with_log("source", config.source)}
    for what, path in read_files(config):
        if shared and path in source_files:
            continue
        for _, target in _with_log("output", out):
            if same_file(target, path):
                which = "the source itself" if what == "source" else f"the {what} ({str(path)!r})"
                raise InputError(
                    f"The output {out.describe()} is {which}; sqlanon never writes over what it reads. "
                    "Choose another output."
                )


def check_output_table(out: TableRef, reads: Reads, exists: bool) -> None:
    """A DuckDB output table is none of the tables the source reads (``reads``: the source and
    what its views read, when they share the database) and its database none of the files
    they read; when part of a source view could not be followed, no existing table (``exists``)
    may be replaced."""
    assert out.table is not None
    if (fold(out.schema), fold(out.table)) in reads.relations:
        raise InputError(
            f"The output {out.describe()} is the source table or a table the source reads (DuckDB compares "
            "names without regard to case); sqlanon never writes over its source. Choose another output table."
        )
    if reads.unknown and exists:
        raise InputError(
            f"The output {out.describe()} exists, and the source goes through a view that sqlanon cannot "
            "follow (a macro, query() or query_table(), or a definition it cannot parse), so it cannot tell "
            "whether the source reads that table. Write the release to a new table."
        )
    if out.file.exists() and not reads.unknown and reads.may_read(out.file):
        raise InputError(
            f"The output {out.describe()} is in a file the source reads; sqlanon never writes over its "
            "source. Choose another output."
        )


def check_output_files(out: TableRef, reads: Reads) -> None:
    """An existing output file is none of the files a source view reads (or may read)."""
    if out.file.exists() and reads.may_read(out.file):
        which = (
            "may be a file the source reads (it goes through a view that sqlanon cannot follow)"
            if reads.unknown
            else "is a file the source reads"
        )
        raise InputError(
            f"The output {str(out.path)!r} {which}; sqlanon never writes over its source. Choose another output."
        )


#: the commands whose reports a later report may replace
REPORT_COMMANDS = ("anonymize", "apply", "check", "audit", "explore")


#: how an HTML report sqlanon wrote says so (report/html.py writes it in the page's head)
HTML_MARK = '<meta name="generator" content="sqlanon">'


def _is_report(path: Path, kind: str = "json") -> bool:
    """Whether the existing file ``path`` is empty or a report sqlanon wrote (``kind`` json:
    a JSON report; html: an HTML report)."""
    try:
        if path.stat().st_size == 0:
            return True
        if kind == "html":
            with path.open("rb") as fh:
                return HTML_MARK.encode() in fh.read(4096)
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("command") in REPORT_COMMANDS and "passed" in data


def check_report_path(
    path: Path, config: Config | None, extra: Sequence[tuple[str, Path]] = (), kind: str = "json"
) -> None:
    """The report can be written at ``path`` and writes over nothing it must not: not a file
    the run reads or writes (``extra``: more such files, e.g. the demo's), and not an existing
    file other than an earlier sqlanon report of its ``kind`` (json, html)."""
    what = "HTML report" if kind == "html" else "report"
    if path.is_dir():
        example = "report.html" if kind == "html" else "report.json"
        raise InputError(f"The {what} path {str(path)!r} is a folder; give a file path such as {example}.")
    base = existing_ancestor(path.parent)
    if not base.is_dir():
        raise InputError(
            f"Cannot write the {what} to {str(path)!r}: {str(base)!r} is a file, not a folder; choose another path."
        )
    if not os.access(base, os.W_OK | os.X_OK):
        raise InputError(f"Cannot write the {what} to {str(path)!r}: permission denied; choose another path.")
    taken = list(extra)
    if config is not None:
        taken += read_files(config)
        if config.output is not None:
            taken += _with_log("output", config.output)
    for taken_what, other in taken:
        if same_file(path, other):
            raise InputError(
                f"The {what} path {str(path)!r} is the {taken_what}; a report never replaces data. Choose another "
                "path for the report."
            )
        if nested(path, other):
            raise InputError(
                f"The {what} path {str(path)!r} and the {taken_what} ({str(other)!r}) lie one inside the other; "
                "one would have to be a folder for the other. Choose another path for the report."
            )
    if (path.exists() or path.is_symlink()) and not _is_report(path, kind):
        other_kind = "json" if kind == "html" else "html"
        if _is_report(path, other_kind):
            raise InputError(
                f"The {what} path {str(path)!r} holds a sqlanon {other_kind.upper()} report, not "
                f"{'an' if kind == 'html' else 'a'} {kind.upper()} one; give each kind of report its own path."
            )
        raise InputError(
            f"The {what} path {str(path)!r} holds a file that is not a sqlanon report; a report never replaces "
            "other files. Remove it or choose another path."
        )
