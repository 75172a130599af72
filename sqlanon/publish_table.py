"""Publishing into a table of a database server (PostgreSQL): checked before any work, staged in
a transaction, swapped in by renames in the same transaction.

The release is created under a temporary name inside a transaction, the gate reads it there,
and the commit renames the table it replaces aside, renames the release into place and commits,
all in that one transaction: other sessions see the old table or the new one, never a part,
and a run killed at any point before the commit leaves the database as it was (PostgreSQL
rolls back a transaction whose session ends). The table it replaced is dropped after the
commit (a run killed in between leaves it, named ``__sqlanon_backup_...``; the next run for
that schema from this host drops it).

Never over the source: the output may not be the source table, nor any table the source reads
through its views (PostgreSQL records a view's dependencies); when a view of the source calls
a function that is not PostgreSQL's own, no existing table may be replaced. An output that is
a view, or that another table references by a foreign key, is refused.
"""

from __future__ import annotations

from sqlglot import exp

from sqlanon.config import Config, TableRef
from sqlanon.engines import Engine
from sqlanon.engines.base import ServerCatalog, ServerRelation
from sqlanon.errors import InputError
from sqlanon.source_query import parse_query, query_tables


def _catalog(engine: Engine) -> ServerCatalog:
    catalog = engine.server
    assert catalog is not None, "a server table needs a server engine"
    return catalog


def name(schema: str, table: str) -> exp.Table:
    """``schema.table`` (schema "": unqualified, the search path's)."""
    return exp.Table(
        this=exp.to_identifier(table, quoted=True),
        db=exp.to_identifier(schema, quoted=True) if schema else None,
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
    existing = catalog.find(out.schema, out.table)
    blocked = catalog.unwritable(out.schema, out.table, existing)
    if blocked:
        raise InputError(blocked)
    if existing is None:
        return None
    if src.kind == "query":
        _check_query_reads(catalog, engine.capabilities.dialect, src, out, existing)
    elif src.kind in ("csv", "parquet"):
        folder = catalog.folder(existing)
        if folder is not None and src.file.resolve().is_relative_to(folder.resolve()):
            raise InputError(
                f"The output {out.describe()} is the table whose files hold the source file {str(src.path)!r}; "
                "replacing it would delete the source. Choose another output table."
            )
    elif not _check_table_reads(catalog, src, out, existing):
        return None  # no such source: reading it says what is wrong
    if existing.kind != "table":
        raise InputError(
            f"The output {out.describe()} is a {existing.kind}, not a table; sqlanon replaces only tables. "
            "Choose another output table name."
        )
    if not config.overwrite:
        raise InputError(
            f"The output table {existing.schema}.{existing.name} already exists; set overwrite: true to replace it."
        )
    held_by = catalog.referencing(existing)
    if held_by:
        raise InputError(
            f"The output table {existing.schema}.{existing.name} is referenced by a foreign key of "
            f"{', '.join(repr(t) for t in held_by)}; replacing it would break them. Choose another output table."
        )
    bound = catalog.bound_views(existing)
    if bound:
        raise InputError(
            f"The output table {existing.schema}.{existing.name} is read by the view(s) "
            f"{', '.join(repr(v) for v in bound)}, which the server binds to the table itself: after the swap "
            "they would go on reading the previous table (and keep it). Drop them before the run and create them "
            "again after it, or choose another output table."
        )
    return existing.schema


def _check_table_reads(
    catalog: ServerCatalog, src: TableRef, out: TableRef, existing: ServerRelation
) -> bool:
    """An existing output is not the source table nor a table it reads through its views;
    False when the source does not exist."""
    assert src.table is not None
    source = catalog.find(src.schema, src.table)
    if source is None:
        return False
    if existing.ident == source.ident:
        raise InputError(
            f"The output {out.describe()} is the source itself; sqlanon never writes over what it reads. "
            "Choose another output table."
        )
    reads = catalog.reads(source)
    if reads is None:
        raise InputError(
            f"The output {out.describe()} exists, and sqlanon cannot tell which tables the source reads (a view "
            "that calls a function it cannot follow, a temporary view or a DataFrame), so it cannot tell whether "
            "the source reads that table. Write the release to a new table."
        )
    if existing.ident in reads:
        raise InputError(
            f"The output {out.describe()} may be what the source ({src.describe()}) reads: a table it names, or "
            "one its views read; sqlanon never writes over its source. Choose another output table."
        )
    return True


def _check_query_reads(
    catalog: ServerCatalog, dialect: str, src: TableRef, out: TableRef, existing: ServerRelation
) -> None:
    """An existing output is no table a source query reads, directly or through views; when
    part of the query cannot be followed (a function sqlglot does not know, a table function, a
    name the catalog does not resolve), no existing table may be replaced."""
    assert src.query is not None
    named = query_tables(parse_query(src.query, dialect), dialect)
    unknown = named.unknown_calls or bool(named.functions) or named.other_catalogs
    for schema, name in named.tables:
        relation = catalog.find(schema, name)
        reads = None if relation is None else catalog.reads(relation)
        if reads is None:
            unknown = True
        elif existing.ident in reads:
            raise InputError(
                f"The output {out.describe()} is a table the source query reads ({schema + '.' if schema else ''}"
                f"{name}, or through its views); sqlanon never writes over its source. Choose another output table."
            )
    if unknown:
        raise InputError(
            f"The output {out.describe()} exists, and the source query calls a function or names a relation "
            "that sqlanon cannot follow, so it cannot tell whether the query reads that table. Write the release "
            "to a new table."
        )


def create(engine: Engine, schema: str, table: str, release: exp.Expr) -> None:
    """``CREATE TABLE schema.table AS release`` (the schema created if missing), inside the open
    transaction."""
    if schema and not _catalog(engine).schema_exists(schema):
        # only when missing: CREATE SCHEMA needs CREATE on the database, even with IF NOT EXISTS
        engine.execute(
            exp.Create(
                this=exp.Table(this=exp.to_identifier(schema, quoted=True)), kind="SCHEMA", exists=True
            )
        )
    engine.execute(exp.Create(this=name(schema, table), kind="TABLE", expression=release))


def output_schema(engine: Engine, output: TableRef) -> str | None:
    """The schema the output table is in or would be created in, if it exists (None: it
    would be created)."""
    catalog = _catalog(engine)
    schema = output.schema or str(engine.fetchone(exp.select(exp.func("CURRENT_SCHEMA")))[0])
    return schema if catalog.schema_exists(schema) else None


def staged_ref(output: TableRef, staged_name: str, schema: str) -> TableRef:
    """Where the release is staged: beside the output, in ``schema`` (the output's, resolved)."""
    return TableRef("table", None, staged_name, schema, output.csv)


__all__ = ["create", "name", "output_schema", "prepare", "staged_ref"]
