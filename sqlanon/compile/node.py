"""A lattice node's rows as CTEs: the source, and its rows generalized to the node, and each
quasi-identifier's generalization table from the node's level up to its hierarchy's top
((n,t)-closeness's natural supersets) (the parts of ``compile --node``'s release,
compile/release.py, and of its release over people, compile/release_people.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlglot import exp

from sqlanon.compile import as_from, source_relation
from sqlanon.config import Config
from sqlanon.hierarchy import NULL_LEAF, Hierarchy
from sqlanon.sql.labels import to_key
from sqlanon.sql.render import column, quoted, values_table

SOURCE = "sqlanon_source"
GENERALIZED = "sqlanon_generalized"
VERDICTS = "sqlanon_node_verdicts"


def generalized_ctes(
    config: Config,
    dialect: str,
    hierarchies: Mapping[str, Hierarchy],
    node: Mapping[str, int],
    keep: Sequence[str] = (),
) -> list[tuple[str, exp.Expr]]:
    """The source and its rows generalized to ``node`` (:data:`GENERALIZED`: every column but
    the identifiers, in the configuration's order, then the columns ``keep`` as they are), as
    CTEs, each quasi-identifier through its hierarchy's map (leaf -> label) written in as VALUES."""
    source = source_relation(config.source, config.engine.kind, dialect)
    qis = [c.name for c in config.by_role("quasi")]
    ctes: list[tuple[str, exp.Expr]] = [(SOURCE, exp.select("*").from_(as_from(source)))]
    generalized = exp.select()
    joins = []
    for i, name in enumerate(qis):
        h, level = hierarchies[name], node[name]
        pairs = sorted({(row[0], row[level]) for row in h.rows})
        ctes.append((f"sqlanon_map_{i}", values_table(pairs, ["leaf", "label"])))
        joins.append((f"sqlanon_map_{i}", f"m{i}", name))
    for spec in config.columns:
        if spec.role == "identifier":
            continue
        if spec.role == "quasi":
            i = qis.index(spec.name)
            generalized = generalized.select(exp.alias_(column("label", f"m{i}"), spec.name, quoted=True))
        else:
            generalized = generalized.select(exp.alias_(column(spec.name, "s"), spec.name, quoted=True))
    generalized = generalized.from_(exp.Table(this=quoted(SOURCE), alias=exp.TableAlias(this=quoted("s"))))
    for table, alias, name in joins:
        cell = exp.func("COALESCE", exp.cast(column(name, "s"), "VARCHAR"), exp.Literal.string(NULL_LEAF))
        generalized = generalized.join(
            exp.Table(this=quoted(table), alias=exp.TableAlias(this=quoted(alias))),
            on=exp.EQ(this=column("leaf", alias), expression=cell),
            join_type="LEFT",
        )
    for name in keep:
        generalized = generalized.select(exp.alias_(column(name, "s"), name, quoted=True))
    ctes.append((GENERALIZED, generalized))
    return ctes


def generalization_table(h: Hierarchy, level: int) -> exp.Select:
    """The generalization table (lf, cf, lt, ct) of a quasi-identifier generalized to ``level``
    of ``h``: each label of the level (lf 0) and its label at every level from it to the top,
    as the search's dimension tables map them; labels as keys, as the frequencies write them."""
    rows = sorted({(path[level], up, path[up]) for path in h.rows for up in range(level, h.height + 1)})
    values = exp.Values(
        expressions=[
            exp.Tuple(
                expressions=[
                    exp.Literal.number(0),
                    exp.Literal.string(to_key(cf)),
                    exp.Literal.number(lt),
                    exp.Literal.string(to_key(ct)),
                ]
            )
            for cf, lt, ct in rows
        ],
        alias=exp.TableAlias(this=quoted("v"), columns=[quoted(c) for c in ("lf", "cf", "lt", "ct")]),
    )
    return exp.select("*").from_(values)


__all__ = ["GENERALIZED", "SOURCE", "VERDICTS", "generalization_table", "generalized_ctes"]
