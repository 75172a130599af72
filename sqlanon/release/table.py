"""Publishing into a table of a database server (PostgreSQL): checked before any work, staged in
a transaction, swapped in by renames in the same transaction.

The release is created under a temporary name inside a transaction, the gate reads it there,
and the commit renames the table it replaces aside, renames the release into place and commits,
all in that one transaction: other sessions see the old table or the new one, never a part,
and a run killed at any point before the commit leaves the database as it was (PostgreSQL
rolls back a transaction whose session ends). The table it replaced is dropped after the
commit (a run killed in between leaves it, named ``__sqlanon_backup_...``; the next run for
that schema from this host drops it).

Never over the source: the output may not be the source table, nor any relation reading the
source reads (what its views read, its partitions and inheritance children, what its rules and
row security policies name, recursively: the server's catalog records them), nor hold one (a
partitioned table holds its partitions); on a server whose tables are folders (Spark), its
folder may neither hold nor lie in the folder of what the source reads. When part of what the
source reads cannot be followed (a function that is not the server's own, a trigger's function,
a foreign table), no existing table may be replaced. Nor may the output be in a partitioned
table or an inheritance tree (a partition, a partitioned table, an inheritance parent or child),
whatever the source: renames cannot keep a table's place there. An output that is a view, or
that another table references by a foreign key, is refused.

What the server keeps per table (PostgreSQL: owner, privileges, comments, row-level security;
Spark: properties and comments) is carried over from the replaced table to the release inside
the commit (``ServerCatalog.attached``); what cannot be is refused here, before any work.
"""

from __future__ import annotations

import posixpath
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from sqlglot import exp

from sqlanon.config import Config, TableRef
from sqlanon.config.source_query import parse_query, query_tables
from sqlanon.engines import Engine
from sqlanon.engines.base import Read, ServerCatalog, ServerReads, ServerRelation
from sqlanon.errors import InputError


def _catalog(engine: Engine) -> ServerCatalog:
    catalog = engine.server
    assert catalog is not None, "a server table needs a server engine"
    return catalog


def name(schema: str, table: str, catalog: str = "") -> exp.Table:
    """``catalog.schema.table`` (schema "": unqualified, the search path's; catalog "": the
    current one, the only one outside Spark)."""
    return exp.Table(
        this=exp.to_identifier(table, quoted=True),
        db=exp.to_identifier(schema, quoted=True) if schema else None,
        catalog=exp.to_identifier(catalog, quoted=True) if catalog and schema else None,
    )


def prepare(engine: Engine, config: Config) -> str | None:
    """Fail before any work when the output table may not or cannot be written; the schema of
    the table the release will replace, whose leftovers of killed runs may be dropped (None:
    nothing is replaced)."""
    out, src = config.output, config.source
    assert out is not None and out.table is not None
    catalog = _catalog(engine)
    read_only = catalog.read_only()
    if read_only:
        raise InputError(
            f"The output {out.describe()} cannot be written: {read_only}. Open it for writing, or leave output out "
            "to get the release back."
        )
    existing = catalog.find(out.schema, out.table, out.catalog)
    reads = source_reads(catalog, engine.capabilities.dialect, src)
    if reads is None:
        return None  # no such source: reading it says what is wrong
    if existing is not None:
        _check_reads(catalog, out, src, existing, reads)
    _check_locations(catalog, out, existing, src, reads)
    blocked = catalog.unwritable(out.schema, out.table, existing, out.catalog)
    if blocked:
        raise InputError(blocked)
    if existing is None:
        return None
    tree = catalog.tree(existing)
    if tree:
        raise InputError(f"The output {out.describe()} cannot be replaced: {tree}")
    _check_unknown(out, src, reads)
    if existing.kind != "table":
        raise InputError(
            f"The output {out.describe()} is a {existing.kind}, not a table; sqlanon replaces only tables. "
            "Choose another output table name."
        )
    if not config.overwrite:
        raise InputError(
            f"The output table {existing.spelled} already exists; set overwrite: true to replace it."
        )
    held_by = catalog.referencing(existing)
    if held_by:
        raise InputError(
            f"The output table {existing.spelled} is referenced by a foreign key of "
            f"{', '.join(repr(t) for t in held_by)}; replacing it would break them. Choose another output table."
        )
    bound = catalog.bound_views(existing)
    if bound:
        raise InputError(
            f"The output table {existing.spelled} is read by the view(s) "
            f"{', '.join(repr(v) for v in bound)}, which the server binds to the table itself: after the swap "
            "they would go on reading the previous table (and keep it). Drop them before the run and create them "
            "again after it, or choose another output table."
        )
    # what the release must carry over from the table it replaces (owner, grants, policies...)
    columns = [c.name for c in config.columns if c.role != "identifier"]
    refusal = catalog.attached(existing).refusal(columns)
    if refusal is not None:
        raise InputError(refusal)
    return existing.schema


def source_reads(catalog: ServerCatalog, dialect: str, src: TableRef) -> ServerReads | None:
    """Everything reading the source reads: a table's (None when there is no such table), each
    table's a query names (unknown where the query calls a function or names a relation that
    cannot be followed), or, for a file, the file (by the identity ``-1``, no relation's)."""
    if src.kind in ("csv", "parquet"):
        return ServerReads(
            {
                -1: Read(
                    f"the source {src.describe() if src.folder else 'file ' + repr(str(src.path))}",
                    location=src.file.resolve().as_uri(),
                )
            }
        )
    if src.kind != "query":
        assert src.table is not None
        source = catalog.find(src.schema, src.table, src.catalog)
        return None if source is None else catalog.reads(source)
    assert src.query is not None
    named = query_tables(parse_query(src.query, dialect), dialect)
    out = ServerReads()
    unknown = []
    if named.unknown_calls or named.functions:
        unknown.append("the query calls a function sqlanon cannot follow")
    tables = [("", schema, name) for schema, name in named.tables]
    if dialect == "spark":  # Spark's catalogs: catalog.schema.name names a table of one of them
        tables += named.in_catalogs
    elif named.in_catalogs:
        unknown.append("the query names a table of another catalog")
    for in_catalog, schema, name in tables:
        relation = catalog.find(schema, name, in_catalog)
        if relation is None:
            written = ".".join(p for p in (in_catalog, schema, name) if p)
            unknown.append(f"the catalog has no relation {written}")
            continue
        reads = catalog.reads(relation)
        for ident, read in reads.relations.items():
            out.relations.setdefault(ident, read)
        if reads.unknown:
            unknown.append(reads.unknown)
    out.unknown = "; ".join(dict.fromkeys(unknown))
    return out


def _what(src: TableRef, read: Read) -> str:
    """``read`` in a message: the source, or what it is to the source."""
    if src.kind in ("csv", "parquet"):
        return read.name
    if not read.how:
        return (
            f"{read.name}, which the source query reads" if src.kind == "query" else f"the source {read.name}"
        )
    return f"{read.name}, which the source reads ({read.how})"


def _check_reads(
    catalog: ServerCatalog, out: TableRef, src: TableRef, existing: ServerRelation, reads: ServerReads
) -> None:
    """The existing output is none of the relations the source reads, and holds none (as a
    partitioned table holds its partitions)."""
    read = reads.relations.get(existing.ident)
    if read is not None and src.kind == "query":
        raise InputError(
            f"The output {out.describe()} is a table the source query reads ({read.name}"
            f"{', ' + read.how if read.how else ''}); sqlanon never writes over its source. "
            "Choose another output table."
        )
    if read is not None and not read.how:
        raise InputError(
            f"The output {out.describe()} is the source itself; sqlanon never writes over what it reads. "
            "Choose another output table."
        )
    if read is not None:
        raise InputError(
            f"The output {out.describe()} may be what the source ({src.describe()}) reads: it is {read.how}. "
            "Replacing it would change or delete what the source reads; sqlanon never writes over its source. "
            "Choose another output table."
        )
    for ident, held in catalog.contained(existing).items():
        if ident in reads.relations:
            raise InputError(
                f"Replacing the output {out.describe()} would replace or drop {held} with it, and that is "
                f"{_what(src, reads.relations[ident])}; sqlanon never writes over its source. Choose another "
                "output table."
            )


def _check_unknown(out: TableRef, src: TableRef, reads: ServerReads) -> None:
    """When part of what the source reads cannot be followed, the existing output may be what
    it reads: it is refused."""
    if reads.unknown and src.kind == "query":
        raise InputError(
            f"The output {out.describe()} exists, and the source query calls a function or names a relation "
            f"that sqlanon cannot follow ({reads.unknown}), so it cannot tell whether the query reads that table. "
            "Write the release to a new table."
        )
    if reads.unknown:
        raise InputError(
            f"The output {out.describe()} exists, and sqlanon cannot tell which tables the source reads "
            f"({reads.unknown}), so it cannot tell whether the source reads that table. Write the release to a "
            "new table."
        )


def _place(location: str) -> tuple[str, str, PurePosixPath] | None:
    """A location URI as (scheme, authority, path): a ``file:`` path with its links resolved."""
    parts = urlsplit(location)
    if not parts.path:
        return None
    scheme = parts.scheme or "file"
    path = unquote(parts.path)
    if scheme == "file":
        path = str(Path(path).resolve())
    return scheme, parts.netloc, PurePosixPath(posixpath.normpath(path))


def within(inner: str, outer: str) -> bool:
    """Whether the location ``inner`` is ``outer`` or lies inside it."""
    a, b = _place(inner), _place(outer)
    return a is not None and b is not None and a[:2] == b[:2] and (a[2] == b[2] or b[2] in a[2].parents)


def _check_locations(
    catalog: ServerCatalog, out: TableRef, existing: ServerRelation | None, src: TableRef, reads: ServerReads
) -> None:
    """On a server whose tables are folders (Spark): the existing output's folder neither holds
    nor lies in the folder (or file) of anything the source reads (a table inside the source's
    folder, a partition path of it, the source inside the output's), and the output's
    database, where the release is staged, keeps its tables outside them (a database the run
    would create: where it would keep them)."""
    schema = existing.schema if existing is not None else out.schema
    database = catalog.schema_location(schema, existing.catalog if existing is not None else out.catalog)
    for read in reads.relations.values():
        if not read.location:
            continue
        if existing is not None and existing.location and within(read.location, existing.location):
            raise InputError(
                f"The output {out.describe()} is the table whose files hold {_what(src, read)} (its folder "
                f"{existing.location} holds {read.location}); replacing it would delete them. sqlanon never writes "
                "over its source. Choose another output table."
            )
        if existing is not None and existing.location and within(existing.location, read.location):
            raise InputError(
                f"The output {out.describe()} keeps its files in {existing.location}, inside the folder of "
                f"{_what(src, read)} ({read.location}): writing it would change what the source reads. sqlanon never "
                "writes over its source. Choose another output table."
            )
        if database and within(database, read.location):
            raise InputError(
                f"The output {out.describe()} would be written in a database whose folder, {database} (where "
                f"its tables keep their files, or will when a run creates it), lies inside the folder of "
                f"{_what(src, read)} ({read.location}): the release would land among what the source reads. "
                "Choose an output table in another database."
            )


def create(engine: Engine, schema: str, table: str, release: exp.Expr, catalog: str = "") -> None:
    """``CREATE TABLE catalog.schema.table AS release`` (the schema created if missing), inside
    the open transaction."""
    if schema and not _catalog(engine).schema_exists(schema, catalog):
        # only when missing: CREATE SCHEMA needs CREATE on the database, even with IF NOT EXISTS
        engine.execute(
            exp.Create(
                this=exp.Table(
                    this=exp.to_identifier(schema, quoted=True),
                    db=exp.to_identifier(catalog, quoted=True) if catalog else None,
                ),
                kind="SCHEMA",
                exists=True,
            )
        )
    engine.execute(exp.Create(this=name(schema, table, catalog), kind="TABLE", expression=release))


def output_schema(engine: Engine, output: TableRef) -> str | None:
    """The schema the output table is in or would be created in, if it exists (None: it
    would be created)."""
    catalog = _catalog(engine)
    schema = output.schema or str(engine.fetchone(exp.select(exp.func("CURRENT_SCHEMA")))[0])
    return schema if catalog.schema_exists(schema, output.catalog) else None


def staged_ref(output: TableRef, staged_name: str, schema: str) -> TableRef:
    """Where the release is staged: beside the output, in ``schema`` (the output's, resolved)
    of the output's catalog."""
    return TableRef("table", None, staged_name, schema, output.csv, catalog=output.catalog)


__all__ = ["create", "name", "output_schema", "prepare", "source_reads", "staged_ref", "within"]
