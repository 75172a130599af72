"""Spark's rules: how canonical SQL (DuckDB's dialect) becomes Spark's (see
``engines/rewriting.py``)."""

from __future__ import annotations

import re

import sqlglot
from sqlglot import exp

from sqlanon.engines.rewriting import (
    WIDE_INTEGERS,
    Rule,
    Rules,
    asof_to_interval,
    call,
    finite_by_comparison,
    inline_named_windows,
    spelled,
)


def _list_extract_to_element_at(node: exp.Expr) -> exp.Expr:
    # Spark's TRY_ELEMENT_AT is 1-based, as LIST_EXTRACT (a subscript would be 0-based), and NULL
    # past the end, as LIST_EXTRACT (ANSI ELEMENT_AT fails); its index is an INT (ANSI SQL does
    # not narrow a BIGINT by itself)
    if call(node, "list_extract", 2):
        array, index = (e.copy() for e in node.expressions)
        return exp.func("TRY_ELEMENT_AT", array, exp.cast(index, "INT"))
    return node


def _unique_cte_names(node: exp.Expr) -> exp.Expr:
    # Spark's SQL generator moves every WITH to the top of the statement, where two nested
    # queries' CTEs of one name (each check's "f") would collide: the CTEs of each nested WITH
    # get names of their own (deepest first, so each reference is renamed by its own WITH)
    if node.parent is not None:
        return node
    nested = [w for w in node.find_all(exp.With) if w.parent is not node]
    if not nested:
        return node
    out = node.copy()
    withs = [w for w in out.find_all(exp.With) if w.parent is not out]
    depth = {id(w): len(_ancestors(w)) for w in withs}
    for n, with_ in enumerate(sorted(withs, key=lambda w: -depth[id(w)])):
        query = with_.parent
        assert query is not None
        names = {cte.alias: f"{cte.alias}__w{n}" for cte in with_.expressions}
        for ref in list(query.find_all(exp.Table)):
            if not ref.args.get("db") and ref.name in names:
                if not ref.alias:  # columns qualified by the CTE's name keep reading it
                    ref.set("alias", exp.TableAlias(this=exp.to_identifier(ref.name, quoted=True)))
                ref.set("this", exp.to_identifier(names[ref.name], quoted=True))
        for cte in with_.expressions:
            cte.set("alias", exp.TableAlias(this=exp.to_identifier(names[cte.alias], quoted=True)))
    return out


def _ancestors(node: exp.Expr) -> list[exp.Expr]:
    out = []
    while node.parent is not None:
        node = node.parent
        out.append(node)
    return out


#: Spark's forms of an aggregate in a given order (Spark takes no ORDER BY in an aggregate;
#: sqlglot drops it): the values are collected with their sort keys, sorted, then folded.
#: __k is the sort key (a struct of the keys), __v the value.
_ORDERED_LIST = "TRANSFORM(ARRAY_SORT(COLLECT_LIST(STRUCT(__k AS k, __v AS v))), e -> e.v)"
_ORDERED_SUM = (
    "CASE WHEN COUNT(__v) = 0 THEN NULL ELSE AGGREGATE(SLICE(ARRAY_SORT(COLLECT_LIST(CASE WHEN NOT __v IS NULL "
    "THEN STRUCT(__k AS k, __v AS v) END)), 2, COUNT(__v) - 1), ELEMENT_AT(ARRAY_SORT(COLLECT_LIST(CASE WHEN "
    "NOT __v IS NULL THEN STRUCT(__k AS k, __v AS v) END)), 1).v, (acc, e) -> acc + e.v) END"
)


def _ordered_aggregate(node: exp.Expr) -> exp.Expr:
    # SUM(v ORDER BY k) (a sum of doubles the same to the last bit on every run) and
    # LIST(v ORDER BY k): sorted by (k, v) as structs, then summed from the first / unwrapped.
    # Ascending keys only (a descending key is left, and named by leftovers()).
    if not isinstance(node, (exp.Sum, exp.ArrayAgg)) or not isinstance(node.this, exp.Order):
        return node
    order = node.this
    if any(o.args.get("desc") for o in order.expressions):
        return node
    fields: list[exp.Expr] = []
    for i, o in enumerate(order.expressions):
        # a struct sorts a NULL field first: a flag before each key puts NULLs where DuckDB does
        # (last, unless NULLS FIRST)
        null = exp.Is(this=o.this.copy(), expression=exp.null())
        flag = exp.Not(this=null) if o.args.get("nulls_first") else null
        fields += [exp.alias_(flag, f"n{i}"), exp.alias_(o.this.copy(), f"k{i}")]
    key: exp.Expr = exp.Struct(expressions=fields)
    form = sqlglot.parse_one(_ORDERED_SUM if isinstance(node, exp.Sum) else _ORDERED_LIST, read="spark")
    for col in list(form.find_all(exp.Column)):
        if col.name == "__k" and not col.table:
            col.replace(key.copy())
        elif col.name == "__v" and not col.table:
            col.replace(order.this.copy())
    return form


def _discrete_quantile(node: exp.Expr) -> exp.Expr:
    # QUANTILE_DISC(x, q): the SQL standard's PERCENTILE_DISC(q) WITHIN GROUP (ORDER BY x), the
    # first value whose cumulative share reaches q (DuckDB's element floor((n - 1) q), 0-based, is
    # the same one for q = 0.5, the only quantile sqlanon takes). Written as a plain call: sqlglot
    # writes Spark's PERCENTILE_DISC tree as PERCENTILE_APPROX, an estimate.
    if not isinstance(node, exp.PercentileDisc) or isinstance(node.parent, exp.WithinGroup):
        return node
    quantile = node.args.get("expression")
    if quantile is None:
        return node
    call = exp.Anonymous(this="PERCENTILE_DISC", expressions=[quantile.copy()])
    order = exp.Order(expressions=[exp.Ordered(this=node.this.copy(), nulls_first=False)])
    return exp.WithinGroup(this=call, expression=order)


def _ordered_numbering(node: exp.Expr) -> exp.Expr:
    # ROW_NUMBER() OVER (...) without ORDER BY numbers rows in any order; Spark requires an
    # order: a constant one, which leaves the order as free as it was
    if (
        isinstance(node, exp.Window)
        and isinstance(node.this, exp.RowNumber)
        and node.args.get("order") is None
        and node.args.get("alias") is None
    ):
        out = node.copy()
        out.set("order", exp.Order(expressions=[exp.Ordered(this=exp.Literal.number(1))]))
        return out
    return node


def _spark_binary_collation(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.Collate) and node.expression.name.lower() == "binary":
        return exp.Collate(this=node.this.copy(), expression=exp.var("UTF8_BINARY"))
    return node


def _range_subquery(node: exp.Expr) -> exp.Expr:
    # FROM RANGE(n) in Spark: a table-valued EXPLODE names its column col; a subquery names it
    # range, as DuckDB does
    if not (
        isinstance(node, exp.Table)
        and isinstance(node.this, exp.GenerateSeries)
        and node.this.args.get("is_end_exclusive")
    ):
        return node
    name = exp.to_identifier("range", quoted=True)
    rows = exp.select(exp.alias_(exp.Explode(this=node.this.copy()), name.copy()))
    alias = node.args.get("alias") or exp.TableAlias(this=name)
    return exp.Subquery(this=rows, alias=alias.copy())


RULES = Rules(
    rewrites=(
        WIDE_INTEGERS,
        Rule(
            "list subscripts",
            "LIST_EXTRACT is DuckDB's; TRY_ELEMENT_AT is 1-based and NULL past the end, as it is",
            _list_extract_to_element_at,
        ),
        Rule(
            "ASOF JOIN",
            "Spark has no ASOF JOIN: each right row covers the keys up to the next one's (LEAD), an interval join",
            asof_to_interval,
        ),
        Rule(
            "RANGE's column",
            "FROM RANGE(n): a subquery exploding the sequence into a column named range, as in DuckDB",
            _range_subquery,
        ),
        Rule(
            "unique CTE names",
            "Spark's SQL has every CTE at the top: nested WITHs' CTEs get names of their own",
            _unique_cte_names,
        ),
        Rule(
            "ordered aggregates",
            "Spark takes no ORDER BY in an aggregate: values collected with their keys, sorted, then folded",
            _ordered_aggregate,
        ),
        Rule(
            "discrete medians",
            "QUANTILE_DISC(x, q) is Spark's PERCENTILE_DISC(q) WITHIN GROUP (ORDER BY x)",
            _discrete_quantile,
        ),
        Rule(
            "named windows",
            "Spark takes OVER w but not OVER (w ROWS ...): the window's definition is written into each use",
            inline_named_windows,
        ),
        Rule(
            "numbering in any order",
            "Spark's ROW_NUMBER needs an ORDER BY: a constant one, for rows numbered in any order",
            _ordered_numbering,
        ),
        Rule(
            "byte order",
            "DuckDB's collation binary is Spark's UTF8_BINARY (text compared byte for byte)",
            _spark_binary_collation,
        ),
        Rule(
            "finite doubles",
            "Spark has no ISFINITE: a double is finite when it is none of Infinity, -Infinity, NaN",
            finite_by_comparison,
        ),
    ),
    printed=(
        Rule(
            "escapes and substitutions spelled out",
            "Spark reads a backslash in '...' as an escape, or not (spark.sql.parser.escapedStringLiterals), "
            "and replaces ${name} with a setting's value, inside quotes too (spark.sql.variable.substitute): "
            "backslashes, quotes, control characters and $ are written as CHR(n), which means one character "
            "whatever the settings",
            spelled(r"[\x01-\x1f\x7f'\\$]"),
        ),
    ),
    unquotable=(
        re.compile(r"\$\{\S+?\}"),
        "Spark replaces ${name} in a statement's text with the value of a setting or variable of that "
        "name before it reads the statement, inside backquotes too (spark.sql.variable.substitute)",
    ),
    unsupported={
        "an aggregate in a given order": lambda n: (
            isinstance(n, exp.Order) and isinstance(n.parent, exp.AggFunc)
        ),
    },
)
