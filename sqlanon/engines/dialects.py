"""The SQL dialects ``compile`` writes for engines sqlanon does not run (Snowflake, BigQuery,
Trino, Databricks SQL warehouses): for each, the rules that turn canonical SQL (DuckDB's
dialect) into its SQL, sqlglot's dialect that writes it, and what the tests verify of it
(:class:`Dialect`). The one table of them is :data:`OTHER`; docs/compile.md's table of dialects
is tested against it.

The rules are data, as an engine's are (``engines/<kind>/rules.py``): the constructs DuckDB has
and these dialects lack are written in standard SQL (an ASOF JOIN as an interval join on LEAD,
named windows written into each use, 128-bit integers as DECIMAL(38, 0)), and where sqlglot's
generator writes a DuckDB function whose meaning differs there (GREATEST and LEAST skip NULLs in
DuckDB, return NULL in BigQuery and Trino), a rule writes what DuckDB means."""

from __future__ import annotations

from dataclasses import dataclass

from sqlglot import exp

from sqlanon.engines.rewriting import (
    WIDE_INTEGERS,
    Rule,
    Rules,
    asof_to_interval,
    bottom_up,
    inline_named_windows,
)
from sqlanon.engines.spark.rules import RULES as SPARK_RULES


@dataclass(frozen=True)
class Dialect:
    """A dialect ``compile`` writes but no test runs on its own engine."""

    #: sqlglot's dialect that writes (and, in the tests, reads back) its SQL
    sqlglot: str
    #: how canonical SQL becomes its SQL (``printed``, ``unquotable``: as an engine's)
    rules: Rules
    #: what the tests verify of its statements, for docs/compile.md's table
    verified: str
    #: what its statements still lack or do otherwise than DuckDB's, for the same table
    lacks: str


def _no_binary_collation(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.Collate) and node.expression.name.lower() == "binary":
        text: exp.Expr = node.this.copy()
        return text
    return node


def _greatest_skipping_nulls(node: exp.Expr) -> exp.Expr:
    # DuckDB's GREATEST(a, b, ...) is the greatest of the arguments that are not NULL (NULL when
    # all are); BigQuery's and Trino's is NULL when one is. Each argument x becomes
    # COALESCE(x, a, b, ...): itself, or when NULL one of the others that is not (which changes
    # no greatest or least of those), NULL only when all are
    if not isinstance(node, (exp.Greatest, exp.Least)) or not node.args.get("ignore_nulls"):
        return node
    arguments = [node.this, *node.expressions]
    if len(arguments) < 2:
        return node
    others = [
        exp.Coalesce(this=a.copy(), expressions=[b.copy() for b in arguments if b is not a])
        for a in arguments
    ]
    return type(node)(this=others[0], expressions=others[1:])


def _bigquery_null_order(node: exp.Expr) -> exp.Expr:
    # DuckDB sorts NULLs last, ascending or descending; BigQuery first when ascending, and takes
    # no NULLS FIRST / LAST in a window's ORDER BY. Each key whose NULLs go elsewhere than
    # BigQuery's default gets a key (x IS NULL) before it, which puts them there and splits no
    # peers; in a RANGE frame with offsets (one key, nothing may come before it) a NULL row is a
    # peer of the NULL rows only, wherever they sort, so BigQuery's own order changes no frame
    if not isinstance(node, exp.Window) or node.args.get("order") is None:
        return node
    out = node.copy()
    spec = out.args.get("spec")
    offsets = (
        isinstance(spec, exp.WindowSpec)
        and spec.args.get("kind") == "RANGE"
        and any(
            not isinstance(spec.args.get(e), str) for e in ("start", "end") if spec.args.get(e) is not None
        )
    )
    keys: list[exp.Expr] = []
    for key in out.args["order"].expressions:
        default = not key.args.get("desc")  # BigQuery: NULLs are smaller than every value
        wanted = bool(key.args.get("nulls_first"))
        if wanted != default and not offsets:
            null = exp.Is(this=key.this.copy(), expression=exp.null())
            keys.append(exp.Ordered(this=null, desc=wanted, nulls_first=not wanted))
        key.set("nulls_first", default)
        keys.append(key)
    out.args["order"].set("expressions", keys)
    return out


TEXT_ORDER = Rule(
    "text order",
    "no name for a byte-order collation is common to these dialects: the engine's default order "
    "(it only breaks ties between equal numbers written differently)",
    _no_binary_collation,
)
ASOF_INTERVALS = Rule(
    "ASOF JOIN",
    "no ASOF JOIN of DuckDB's form: each right row covers the keys up to the next one's (LEAD), an interval join",
    asof_to_interval,
)
NAMED_WINDOWS = Rule(
    "named windows",
    "Snowflake has no WINDOW clause (and Spark takes no OVER (w ROWS ...)): each window's definition is "
    "written into each use",
    inline_named_windows,
)
NULLS_SKIPPED = Rule(
    "GREATEST and LEAST skip NULLs",
    "DuckDB's GREATEST and LEAST skip NULL arguments, BigQuery's and Trino's return NULL: each argument is "
    "COALESCE(itself, the others)",
    _greatest_skipping_nulls,
)
NULL_ORDER = Rule(
    "NULLs last in windows",
    "BigQuery takes no NULLS LAST in a window: a key (x IS NULL) first puts them last (in a RANGE frame with "
    "offsets, where NULLs are peers of NULLs only, BigQuery's own order changes no frame)",
    _bigquery_null_order,
)
#: the rules every one of these dialects but Databricks' needs (Snowflake writes GREATEST as
#: GREATEST_IGNORE_NULLS itself)
COMMON = (WIDE_INTEGERS, TEXT_ORDER, ASOF_INTERVALS, NAMED_WINDOWS)

PARSED = "parsed back by sqlglot in its dialect in the tests; never run on the engine"
#: the dialects ``compile`` writes beside its engines' (compile --dialect)
OTHER: dict[str, Dialect] = {
    "snowflake": Dialect(
        "snowflake",
        Rules(rewrites=COMMON),
        PARSED,
        "quoted names are case-sensitive (a table created unquoted as people is PEOPLE); DECIMAL(38, 0) for "
        "128-bit counts",
    ),
    "bigquery": Dialect(
        "bigquery",
        Rules(rewrites=(*COMMON, NULLS_SKIPPED, NULL_ORDER)),
        PARSED,
        "BIGNUMERIC for 128-bit counts (sqlglot's writing of DECIMAL(38, 0)); a column name must be one "
        "BigQuery allows",
    ),
    "trino": Dialect(
        "trino",
        Rules(rewrites=(*COMMON, NULLS_SKIPPED)),
        PARSED,
        "Trino folds every name to lower case, quoted or not: a column spelled only by case is another's",
    ),
    "databricks": Dialect(
        "databricks",
        SPARK_RULES,
        "the spark dialect's rules, which the tests run on Spark; written by sqlglot's databricks dialect and "
        "parsed back; never run on a Databricks SQL warehouse",
        "as Spark: a name holding ${...} is refused",
    ),
}


def written(tree: exp.Expr, dialect: str, copy: bool = True) -> exp.Expr:
    """A copy of ``tree`` (canonical) with the rules of ``dialect`` (one of :data:`OTHER`)
    applied, then its rules for printed SQL (``copy=False``: ``tree`` itself, changed in place)."""
    rules = OTHER[dialect].rules
    out = tree.copy() if copy else tree
    for rule in (*rules.rewrites, *rules.printed):
        out = bottom_up(out, rule.transform)
    return out


__all__ = ["OTHER", "Dialect", "written"]
