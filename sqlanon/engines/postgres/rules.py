"""PostgreSQL's rules: how canonical SQL (DuckDB's dialect) becomes PostgreSQL's (see
``engines/rewriting.py``)."""

from __future__ import annotations

import zlib

from sqlglot import exp

from sqlanon.engines.rewriting import (
    EXACT_DISTINCT,
    WIDE_INTEGERS,
    Rule,
    Rules,
    asof_parts,
    call,
    finite_by_comparison,
    spelled,
)


def _distinct_rows_not_hashes(node: exp.Expr) -> exp.Expr:
    """``COUNT(DISTINCT HASH(a, b))`` (after :func:`_exact_distinct`) as ``COUNT(DISTINCT (a, b))``:
    the combinations themselves, counted exactly."""
    if isinstance(node, exp.Distinct) and len(node.expressions) == 1 and call(node.expressions[0], "hash"):
        args = [a.copy() for a in node.expressions[0].expressions]
        return exp.Distinct(expressions=[exp.Tuple(expressions=args)])
    return node


def _list_extract_to_subscript(node: exp.Expr) -> exp.Expr:
    # LIST_EXTRACT(list, i) is 1-based like PostgreSQL's array subscript
    if call(node, "list_extract", 2):
        array, index = (e.copy() for e in node.expressions)
        # a subscript needs a parenthesized array (a bound list is a cast literal), except a
        # subscript itself: m[i][j] subscripts a 2-D array, (m[i])[j] would be NULL
        if not isinstance(array, exp.Bracket):
            array = exp.Paren(this=array)
        return exp.Bracket(this=array, expressions=[index])
    return node


def _semi_join_on_keys(node: exp.Expr) -> exp.Expr:
    if not (isinstance(node, exp.Join) and _semi_using(node)):
        return node
    select = node.parent
    source = select.args.get("from_") if isinstance(select, exp.Select) else None
    left, right = (source.this if source else None), node.this
    if not left or not left.alias_or_name or not right.alias_or_name:
        return node  # a form this rule does not know: left for leftovers() to name
    keys = [k.copy() for k in node.args["using"]]
    condition = exp.and_(
        *(
            exp.EQ(
                this=exp.column(k.copy(), table=exp.to_identifier(left.alias_or_name, quoted=True)),
                expression=exp.column(k.copy(), table=exp.to_identifier(right.alias_or_name, quoted=True)),
            )
            for k in keys
        )
    )
    joined = node.copy()
    joined.set("using", None)
    joined.set("on", condition)
    return joined


def _semi_using(node: exp.Expr) -> bool:
    return (
        isinstance(node, exp.Join)
        and str(node.args.get("kind") or "").upper() in ("SEMI", "ANTI")
        and bool(node.args.get("using"))
    )


def _name_derived_tables(node: exp.Expr) -> exp.Expr:
    # DuckDB lets a subquery in FROM go unnamed; PostgreSQL (before 16) requires a name
    if isinstance(node, exp.Subquery) and not node.alias and isinstance(node.parent, (exp.From, exp.Join)):
        out = node.copy()
        name = f"__sqlanon_derived_{zlib.crc32(node.sql().encode()):08x}"  # stable: snapshots
        out.set("alias", exp.TableAlias(this=exp.to_identifier(name, quoted=True)))
        return out
    return node


def _sorted_aggregate(node: exp.Expr) -> exp.Expr:
    # ARRAY_SORT(ARRAY_AGG(x)): PostgreSQL (before 18) has no ARRAY_SORT; the aggregate sorts
    if isinstance(node, exp.ArraySort) and isinstance(node.this, exp.ArrayAgg) and not node.expression:
        value = node.this.this
        if isinstance(value, exp.Order):  # already ordered: left for the generator as it is
            return node
        ordered = exp.Order(this=value.copy(), expressions=[exp.Ordered(this=value.copy())])
        return exp.ArrayAgg(this=ordered)
    return node


def _group_by_all_to_positions(node: exp.Expr) -> exp.Expr:
    # GROUP BY ALL: every output column without an aggregate or a window, by its position
    if isinstance(node, exp.Group) and node.args.get("all") and isinstance(node.parent, exp.Select):
        positions = [
            exp.Literal.number(i)
            for i, e in enumerate(node.parent.expressions, start=1)
            if not e.find(exp.AggFunc, exp.Window)
        ]
        return exp.Group(expressions=positions)
    return node


#: PostgreSQL: the session's helper that reads text as a double, NULL when it is not one
#: (made by the engine when it connects: engines/postgres/engine.py)
TRY_DOUBLE = "sqlanon_try_double"


def _try_cast_double(node: exp.Expr) -> exp.Expr:
    # TRY_CAST(x AS DOUBLE): PostgreSQL has no TRY_CAST; a session function reads the text as
    # float8 does and returns NULL where that fails
    if isinstance(node, exp.TryCast) and node.to.this == exp.DType.DOUBLE:
        call = exp.func(TRY_DOUBLE, exp.cast(node.this.copy(), "TEXT"))
        return exp.Dot(this=exp.to_identifier("pg_temp"), expression=call)
    return node


def _materialize_single_rows(node: exp.Expr) -> exp.Expr:
    # a CTE that aggregates without GROUP BY is one row; PostgreSQL inlines a CTE read once, and
    # its estimate of the rows around it is poor, so the inlined aggregate can be re-evaluated
    # for every outer row of a nested loop: materialized, it is computed once
    if (
        isinstance(node, exp.CTE)
        and isinstance(node.this, exp.Select)
        and not node.this.args.get("group")
        and any(isinstance(e, exp.AggFunc) for s in node.this.expressions for e in s.find_all(exp.AggFunc))
        and not node.args.get("materialized")
    ):
        out = node.copy()
        out.set("materialized", True)
        return out
    return node


def _series_unnested(node: exp.Expr) -> exp.Expr:
    # UNNEST(RANGE(n)) in a select list: PostgreSQL's GENERATE_SERIES already returns rows
    if isinstance(node, exp.Explode) and isinstance(node.this, exp.GenerateSeries):
        return node.this.copy()
    return node


def _round_in_numeric(node: exp.Expr) -> exp.Expr:
    # ROUND(x, d): PostgreSQL rounds to decimals in NUMERIC only; back to a double after
    if isinstance(node, exp.Round) and node.args.get("decimals") is not None:
        value = exp.cast(node.this.copy(), "DECIMAL")
        rounded = exp.Round(this=value, decimals=node.args["decimals"].copy())
        return exp.cast(rounded, "DOUBLE")
    return node


def _binary_collation(node: exp.Expr) -> exp.Expr:
    # byte-for-byte text order: DuckDB's collation "binary" is PostgreSQL's "C"
    if isinstance(node, exp.Collate) and node.expression.name.lower() == "binary":
        return exp.Collate(this=node.this.copy(), expression=exp.to_identifier("C", quoted=True))
    return node


def _log_base_as_ratio(node: exp.Expr) -> exp.Expr:
    # LOG2(x) is LOG(2, x) in PostgreSQL, which has it for NUMERIC only: LN(x) / LN(2) in doubles
    if isinstance(node, exp.Log) and node.expression is not None:
        base, value = node.this.copy(), node.expression.copy()
        return exp.Div(
            this=exp.Ln(this=exp.cast(value, "DOUBLE")), expression=exp.Ln(this=exp.cast(base, "DOUBLE"))
        )
    return node


def _range_column(node: exp.Expr) -> exp.Expr:
    # FROM RANGE(n): DuckDB names its column "range"; PostgreSQL's GENERATE_SERIES, which sqlglot
    # writes for it, names it "generate_series": keep DuckDB's name
    if (
        isinstance(node, exp.Table)
        and isinstance(node.this, exp.GenerateSeries)
        and node.this.args.get("is_end_exclusive")
        and not node.args.get("alias")
    ):
        out = node.copy()
        name = exp.to_identifier("range", quoted=True)
        out.set("alias", exp.TableAlias(this=name.copy(), columns=[name]))
        return out
    return node


def _asof_to_lateral(node: exp.Expr) -> exp.Expr:
    # t ASOF JOIN r ON t.x >= r.y [AND t.a = r.a ...]: for each row of t, the row of r with the
    # greatest y <= x (rows of t with none are dropped, as an inner ASOF join drops them)
    parts = asof_parts(node)
    if parts is None:
        return node  # a form this rule does not know: left for leftovers() to name
    join, name, x, y, equalities = parts
    where = [c.copy() for c in equalities] + [exp.LTE(this=y.copy(), expression=x.copy())]
    inner = (
        exp.select(exp.Star())
        .from_(join.this.copy())
        .where(exp.and_(*where))
        .order_by(exp.Ordered(this=y.copy(), desc=True))
        .limit(1)
    )
    lateral = exp.Lateral(
        this=exp.Subquery(this=inner), alias=exp.TableAlias(this=exp.to_identifier(name, quoted=True))
    )
    return exp.Join(this=lateral, on=exp.true())


RULES = Rules(
    rewrites=(
        WIDE_INTEGERS,
        EXACT_DISTINCT,
        Rule(
            "distinct combinations",
            "PostgreSQL has no HASH of several values: COUNT(DISTINCT (a, b)) counts the combinations themselves",
            _distinct_rows_not_hashes,
        ),
        Rule(
            "list subscripts",
            "LIST_EXTRACT is DuckDB's; arrays are 1-based in both",
            _list_extract_to_subscript,
        ),
        Rule(
            "TRY_CAST to a double",
            "PostgreSQL has no TRY_CAST: a session function (pg_temp) returns NULL where float8 input fails",
            _try_cast_double,
        ),
        Rule(
            "single-row CTEs materialized",
            "a CTE that aggregates to one row is computed once, not re-evaluated in a nested loop",
            _materialize_single_rows,
        ),
        Rule(
            "series of rows",
            "UNNEST(RANGE(n)): PostgreSQL's GENERATE_SERIES returns the rows itself, not a list",
            _series_unnested,
        ),
        Rule(
            "rounding to decimals",
            "PostgreSQL's ROUND(x, d) takes NUMERIC only: rounded in NUMERIC, then a double again",
            _round_in_numeric,
        ),
        Rule(
            "finite doubles",
            "PostgreSQL's ISFINITE takes dates only: a double is finite when it is none of Infinity, -Infinity, NaN",
            finite_by_comparison,
        ),
        Rule(
            "byte order",
            "DuckDB's collation binary is PostgreSQL's C (text compared byte for byte)",
            _binary_collation,
        ),
        Rule(
            "logarithms to a base",
            "PostgreSQL's LOG(b, x) takes NUMERIC only: LN(x) / LN(b)",
            _log_base_as_ratio,
        ),
        Rule("RANGE's column", "FROM RANGE(n) reads a column named range, as in DuckDB", _range_column),
        Rule(
            "sorted arrays",
            "PostgreSQL before 18 has no ARRAY_SORT: ARRAY_SORT(ARRAY_AGG(x)) is ARRAY_AGG(x ORDER BY x)",
            _sorted_aggregate,
        ),
        Rule(
            "ASOF JOIN",
            "PostgreSQL has no ASOF JOIN: a LATERAL subquery takes the row with the greatest key at or below",
            _asof_to_lateral,
        ),
        Rule(
            "GROUP BY ALL",
            "PostgreSQL has no GROUP BY ALL: the plain output columns, by position",
            _group_by_all_to_positions,
        ),
        Rule(
            "semi joins on keys",
            "sqlglot writes a SEMI JOIN ... ON as PostgreSQL's EXISTS, but not one with USING: the keys "
            "become an ON condition first",
            _semi_join_on_keys,
        ),
        Rule(
            "named derived tables",
            "PostgreSQL 15 needs a name for every subquery in FROM",
            _name_derived_tables,
        ),
    ),
    printed=(
        Rule(
            "backslashes spelled out",
            "with standard_conforming_strings off (PostgreSQL's default before 9.1, still a setting) a "
            "backslash in '...' escapes the next character, a closing quote too: written as CHR(92)",
            spelled(r"\\"),
        ),
    ),
    unsupported={"HASH": lambda n: call(n, "hash"), "SEMI JOIN with USING": _semi_using},
)
