"""Spark: what a republished table carries over from the table it replaces.

A release replaces a table by renames (``sqlanon.release.publish``), so it is a new table of the
catalog: the previous table's properties (``TBLPROPERTIES``), its comment and its columns'
comments would be dropped with it. They are read before the swap and set on the staged release
before it is renamed into place. Properties Spark or the metastore keep for themselves
(statistics, bookkeeping, the reserved ``owner``, ``provider``, ``location``...) are not
carried, nor any the release already has from its creation. Keys, values and comments are
written as string literals (sqlglot's Spark literals), names as quoted identifiers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlglot import exp

#: run a statement (Spark SQL text) and return its rows
Collect = Callable[[str], list[tuple[Any, ...]]]
#: a table's comment and its columns, each (name, comment), by its quoted name
Describe = Callable[[str], tuple[str | None, list[tuple[str, str | None]]]]

#: properties Spark, Hive's metastore or table formats keep for themselves: statistics and
#: bookkeeping (stale on a new table), and the reserved ones Spark refuses to set
_OWN = frozenset(
    {
        "transient_lastDdlTime",
        "numFiles",
        "numFilesErasureCoded",
        "numRows",
        "numPartitions",
        "rawDataSize",
        "totalSize",
        "COLUMN_STATS_ACCURATE",
        "bucketing_version",
        "last_modified_by",
        "last_modified_time",
        "comment",
        "owner",
        "provider",
        "location",
        "external",
        "is_managed_location",
        "collation",
    }
)
_OWN_PREFIXES = (
    "spark.sql.statistics.",
    "spark.sql.sources.",
    "spark.sql.create.",
    "spark.sql.partitionProvider",
    "option.",
)


def _own(key: str) -> bool:
    return key in _OWN or key.startswith(_OWN_PREFIXES)


def qualified(schema: str, name: str, catalog: str = "") -> exp.Table:
    return exp.Table(
        this=exp.to_identifier(name, quoted=True),
        db=exp.to_identifier(schema, quoted=True) if schema else None,
        catalog=exp.to_identifier(catalog, quoted=True) if catalog and schema else None,
    )


@dataclass
class SparkAttached:
    """What a Spark table has that its replacement gets (an
    :class:`~sqlanon.engines.base.Attached`), read by :func:`read`."""

    collect: Collect
    describe: Describe
    properties: dict[str, str] = field(default_factory=dict)
    comment: str | None = None
    column_comments: dict[str, str] = field(default_factory=dict)
    #: the catalog of the table and of its replacement, staged beside it ("": the current one)
    catalog: str = ""

    def refusal(self, columns: Sequence[str]) -> str | None:
        return None  # properties and comments can always be set

    def carry(self, schema: str, name: str) -> None:
        table = qualified(schema, name, self.catalog)
        text = table.sql("spark")
        has = {str(key) for key, _ in self.collect(f"SHOW TBLPROPERTIES {text}")}
        properties = {k: v for k, v in self.properties.items() if k not in has}
        if properties:
            pairs = [
                exp.Property(this=exp.Literal.string(k), value=exp.Literal.string(v))
                for k, v in properties.items()
            ]
            alter = exp.Alter(
                this=table.copy(),
                kind="TABLE",
                actions=[exp.AlterSet(expressions=[exp.Properties(expressions=pairs)])],
            )
            self.collect(alter.sql("spark"))
        if self.comment is not None:
            comment = exp.Comment(
                this=table.copy(), kind="TABLE", expression=exp.Literal.string(self.comment)
            )
            self.collect(comment.sql("spark"))
        _, columns = self.describe(text)
        present = {c for c, _ in columns}
        for column, remark in self.column_comments.items():
            if column in present:
                alter = exp.Alter(
                    this=table.copy(),
                    kind="TABLE",
                    actions=[
                        exp.AlterColumn(
                            this=exp.to_identifier(column, quoted=True), comment=exp.Literal.string(remark)
                        )
                    ],
                )
                self.collect(alter.sql("spark"))


def read(collect: Collect, describe: Describe, schema: str, name: str, catalog: str = "") -> SparkAttached:
    """What the table ``catalog.schema.name`` has that its replacement gets."""
    text = qualified(schema, name, catalog).sql("spark")
    properties = {str(k): str(v) for k, v in collect(f"SHOW TBLPROPERTIES {text}") if not _own(str(k))}
    comment, columns = describe(text)
    remarks = {c: r for c, r in columns if r}
    return SparkAttached(collect, describe, properties, comment or None, remarks, catalog)


__all__ = ["SparkAttached", "read"]
