"""How canonical SQL (DuckDB's dialect) becomes another engine's SQL: rewrite rules as data.

sqlglot's generators transpile most of it (``$name`` to ``%(name)s``, ``SEMI JOIN`` to
``EXISTS``), but not everything: transpiling alone leaves ``ASOF JOIN``, ``LIST_EXTRACT`` or
``INT128`` verbatim in PostgreSQL's SQL. Each engine therefore has a tuple of small rules
(:data:`RULES`), applied in order to a copy of the tree before it is generated, in the spirit
of sqlglot's optimizer passes; and :func:`leftovers` names the DuckDB-only constructs
(:data:`DUCKDB_ONLY`) that survive them, so a construct no rule handles fails loudly, before
the engine sees it, instead of running as something else.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sqlglot
from sqlglot import exp


@dataclass(frozen=True)
class Rule:
    """One rewrite: ``transform`` is applied to every node of the tree (``exp.Expr.transform``);
    it returns the node unchanged when the rule does not concern it."""

    name: str
    why: str
    transform: Callable[[exp.Expr], exp.Expr]


def _wide_integer_to_decimal(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.DataType) and node.this in _WIDE_INTEGERS:
        return exp.DataType.build("DECIMAL(38, 0)")
    return node


def _exact_distinct(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.ApproxDistinct):
        return exp.Count(this=exp.Distinct(expressions=[node.this.copy()]))
    return node


def _distinct_rows_not_hashes(node: exp.Expr) -> exp.Expr:
    """``COUNT(DISTINCT HASH(a, b))`` (after :func:`_exact_distinct`) as ``COUNT(DISTINCT (a, b))``:
    the combinations themselves, counted exactly."""
    if isinstance(node, exp.Distinct) and len(node.expressions) == 1 and _call(node.expressions[0], "hash"):
        args = [a.copy() for a in node.expressions[0].expressions]
        return exp.Distinct(expressions=[exp.Tuple(expressions=args)])
    return node


def _call(node: exp.Expr, name: str, arity: int | None = None) -> bool:
    """Whether ``node`` calls the function ``name`` (one sqlglot has no class for), with
    ``arity`` arguments when given."""
    return (
        isinstance(node, exp.Anonymous)
        and str(node.this).lower() == name
        and (arity is None or len(node.expressions) == arity)
    )


def _list_extract_to_subscript(node: exp.Expr) -> exp.Expr:
    # LIST_EXTRACT(list, i) is 1-based like PostgreSQL's array subscript
    if _call(node, "list_extract", 2):
        array, index = (e.copy() for e in node.expressions)
        # a subscript needs a parenthesized array (a bound list is a cast literal), except a
        # subscript itself: m[i][j] subscripts a 2-D array, (m[i])[j] would be NULL
        if not isinstance(array, exp.Bracket):
            array = exp.Paren(this=array)
        return exp.Bracket(this=array, expressions=[index])
    return node


def _list_extract_to_element_at(node: exp.Expr) -> exp.Expr:
    # Spark's TRY_ELEMENT_AT is 1-based, as LIST_EXTRACT (a subscript would be 0-based), and NULL
    # past the end, as LIST_EXTRACT (ANSI ELEMENT_AT fails); its index is an INT (ANSI SQL does
    # not narrow a BIGINT by itself)
    if _call(node, "list_extract", 2):
        array, index = (e.copy() for e in node.expressions)
        return exp.func("TRY_ELEMENT_AT", array, exp.cast(index, "INT"))
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
#: (made by the engine when it connects: engines/postgres.py)
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


def _finite_by_comparison(node: exp.Expr) -> exp.Expr:
    # ISFINITE(x) for a double: PostgreSQL has it for dates only; its doubles compare NaN equal to
    # itself, so NOT IN the three special values is exact
    if not _call(node, "isfinite", 1):
        return node
    value = exp.cast(node.expressions[0].copy(), "DOUBLE")
    specials = [exp.cast(exp.Literal.string(v), "DOUBLE") for v in ("Infinity", "-Infinity", "NaN")]
    return exp.Paren(this=exp.Not(this=exp.In(this=value, expressions=specials)))


def _binary_collation(node: exp.Expr) -> exp.Expr:
    # byte-for-byte text order: DuckDB's collation "binary" is PostgreSQL's "C"
    if isinstance(node, exp.Collate) and node.expression.name.lower() == "binary":
        return exp.Collate(this=node.this.copy(), expression=exp.to_identifier("C", quoted=True))
    return node


_FRAMELESS = (
    exp.Lead,
    exp.Lag,
    exp.RowNumber,
    exp.Rank,
    exp.DenseRank,
    exp.PercentRank,
    exp.CumeDist,
    exp.Ntile,
)


def _inline_named_windows(node: exp.Expr) -> exp.Expr:
    # OVER (w ROWS ...): Spark takes a named window only on its own (OVER w); each use of a
    # named window gets the window's definition written in, with the use's own frame
    if not isinstance(node, exp.Select) or not node.args.get("windows"):
        return node
    out = node.copy()
    named = {
        str(w.this.name if isinstance(w.this, exp.Identifier) else w.this): w for w in out.args["windows"]
    }
    for use in list(out.find_all(exp.Window)):
        alias = use.args.get("alias")
        if alias is None or use.find_ancestor(exp.Select) is not out or alias.name not in named:
            continue
        definition = named[alias.name]
        # a frame means nothing to an offset or ranking function (DuckDB ignores it), and Spark
        # refuses one there
        framed = not isinstance(use.this, _FRAMELESS)
        inlined = exp.Window(
            this=use.this.copy(),
            partition_by=[p.copy() for p in definition.args.get("partition_by") or []] or None,
            order=(use.args.get("order") or definition.args.get("order")),
            spec=(use.args.get("spec") or definition.args.get("spec")) if framed else None,
            over=use.args.get("over"),
        )
        for key in ("order", "spec"):
            if inlined.args.get(key) is not None:
                inlined.set(key, inlined.args[key].copy())
        use.replace(inlined)
    out.set("windows", None)
    return out


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


def _asof_to_lateral(node: exp.Expr) -> exp.Expr:
    # t ASOF JOIN r ON t.x >= r.y [AND t.a = r.a ...]: for each row of t, the row of r with the
    # greatest y <= x (rows of t with none are dropped, as an inner ASOF join drops them)
    parts = _asof_parts(node)
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


def _asof_parts(node: exp.Expr) -> tuple[exp.Join, str, exp.Expr, exp.Column, list[exp.Expr]] | None:
    """An ASOF JOIN ``t ASOF JOIN r ON t.x >= r.y [AND t.a = r.a ...]`` as (join, r's name,
    x, r.y, the equalities), or None for a form the rules do not know."""
    if _join_method(node) != "ASOF" or not isinstance(node, exp.Join):
        return None
    on = node.args.get("on")
    if not isinstance(on, exp.Expr):
        return None
    name = node.this.alias_or_name
    conditions: list[exp.Expr] = list(on.flatten()) if isinstance(on, exp.And) else [on]
    inequality = [c for c in conditions if isinstance(c, (exp.GTE, exp.LTE))]
    if len(inequality) != 1 or not all(isinstance(c, (exp.GTE, exp.LTE, exp.EQ)) for c in conditions):
        return None
    cond = inequality[0]
    left_side, right_side = (
        (cond.this, cond.expression) if isinstance(cond, exp.GTE) else (cond.expression, cond.this)
    )
    if not (isinstance(right_side, exp.Column) and right_side.table == name):
        return None
    return node, name, left_side, right_side, [c for c in conditions if c is not cond]


def _asof_to_interval(node: exp.Expr) -> exp.Expr:
    # t ASOF JOIN r ON t.x >= r.y [AND t.a = r.a]: each row of r stands for the keys from its y up
    # to the next row's y (LEAD, within its equality group); t.x falls in exactly one such
    # interval, or in none (before the first y: the row of t is dropped, as by an inner ASOF
    # join). Of rows of r with equal y, only the last in the window's order has a non-empty
    # interval, so one is joined, as ASOF joins one.
    parts = _asof_parts(node)
    if parts is None:
        return node
    join, name, x, y, equalities = parts
    partition = [
        side.copy()
        for c in equalities
        for side in (c.this, c.expression)
        if isinstance(side, exp.Column) and side.table == name
    ]
    after = exp.to_identifier("__sqlanon_next", quoted=True)
    lead = exp.Window(
        this=exp.Lead(this=y.copy()),
        partition_by=partition or None,
        order=exp.Order(expressions=[exp.Ordered(this=y.copy(), nulls_first=False)]),
    )
    inner = exp.select(exp.Star(), exp.alias_(lead, after)).from_(join.this.copy())
    right = exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier(name, quoted=True)))
    following = exp.column(after.copy(), table=exp.to_identifier(name, quoted=True))
    on = exp.and_(
        *[c.copy() for c in equalities],
        exp.GTE(this=x.copy(), expression=y.copy()),
        exp.or_(
            exp.Is(this=following.copy(), expression=exp.null()), exp.LT(this=x.copy(), expression=following)
        ),
    )
    return exp.Join(this=right, on=on)


_WIDE_INTEGERS = frozenset({exp.DType.INT128, exp.DType.UINT128, exp.DType.INT256, exp.DType.UINT256})

WIDE_INTEGERS = Rule(
    "wide integers",
    "HUGEINT (128-bit) is DuckDB's; DECIMAL(38, 0) holds the same products of counts exactly",
    _wide_integer_to_decimal,
)
EXACT_DISTINCT = Rule(
    "exact distinct counts",
    "the engine has no approximate distinct count: count exactly (the estimate only sizes work)",
    _exact_distinct,
)

#: the rules of each engine kind, applied in order (DuckDB runs canonical SQL as it is)
RULES: Mapping[str, tuple[Rule, ...]] = {
    "duckdb": (),
    "postgres": (
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
            _finite_by_comparison,
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
    "spark": (
        WIDE_INTEGERS,
        Rule(
            "list subscripts",
            "LIST_EXTRACT is DuckDB's; TRY_ELEMENT_AT is 1-based and NULL past the end, as it is",
            _list_extract_to_element_at,
        ),
        Rule(
            "ASOF JOIN",
            "Spark has no ASOF JOIN: each right row covers the keys up to the next one's (LEAD), an interval join",
            _asof_to_interval,
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
            _inline_named_windows,
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
            _finite_by_comparison,
        ),
    ),
}


def _no_binary_collation(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.Collate) and node.expression.name.lower() == "binary":
        text: exp.Expr = node.this.copy()
        return text
    return node


#: the rewrites for SQL written for a dialect no engine of sqlanon's runs (``compile``'s
#: snowflake, bigquery and trino): those that hold whatever the engine
PORTABLE: tuple[Rule, ...] = (
    WIDE_INTEGERS,
    Rule(
        "text order",
        "no name for a byte-order collation is common to these dialects: the engine's default order "
        "(it only breaks ties between equal numbers written differently)",
        _no_binary_collation,
    ),
)


def _spelled(special: str) -> Callable[[exp.Expr], exp.Expr]:
    """A transform writing each character of ``special`` (a regex character class) in a string
    literal as ``CHR(code)``: ``'a\\b'`` becomes ``('a' || CHR(92) || 'b')``."""
    split = re.compile(f"({special})")

    def transform(node: exp.Expr) -> exp.Expr:
        if not (isinstance(node, exp.Literal) and node.is_string and split.search(node.this)):
            return node
        pieces: list[exp.Expr] = [
            (
                exp.Anonymous(this="CHR", expressions=[exp.Literal.number(ord(part))])
                if split.fullmatch(part)
                else exp.Literal.string(part)
            )
            for part in split.split(node.this)
            if part
        ]
        out = pieces[0]
        for piece in pieces[1:]:
            out = exp.DPipe(this=out, expression=piece)
        return exp.Paren(this=out)

    return transform


#: rules for SQL printed for people to run (``compile``, a report's ``sql``), after the
#: engine's :data:`RULES`: a string literal (a hierarchy label, a value a criterion names)
#: holds no character whose meaning depends on the session's settings, so the statement reads
#: the same value, and stays one statement, in every session
PRINTED: Mapping[str, tuple[Rule, ...]] = {
    "duckdb": (),
    "postgres": (
        Rule(
            "backslashes spelled out",
            "with standard_conforming_strings off (PostgreSQL's default before 9.1, still a setting) a "
            "backslash in '...' escapes the next character, a closing quote too: written as CHR(92)",
            _spelled(r"\\"),
        ),
    ),
    "spark": (
        Rule(
            "escapes and substitutions spelled out",
            "Spark reads a backslash in '...' as an escape, or not (spark.sql.parser.escapedStringLiterals), "
            "and replaces ${name} with a setting's value, inside quotes too (spark.sql.variable.substitute): "
            "backslashes, quotes, control characters and $ are written as CHR(n), which means one character "
            "whatever the settings",
            _spelled(r"[\x01-\x1f\x7f'\\$]"),
        ),
    ),
}


#: names that printed SQL cannot quote for an engine: the pattern, and why
UNQUOTABLE: Mapping[str, tuple[re.Pattern[str], str]] = {
    "spark": (
        re.compile(r"\$\{\S+?\}"),
        "Spark replaces ${name} in a statement's text with the value of a setting or variable of that "
        "name before it reads the statement, inside backquotes too (spark.sql.variable.substitute)",
    ),
}


def printed(tree: exp.Expr, kind: str) -> exp.Expr:
    """``tree`` (already rewritten by :func:`rewrite` for engine ``kind``) with the engine's
    :data:`PRINTED` rules applied."""
    for rule in PRINTED.get(kind, ()):
        tree = _bottom_up(tree, rule.transform)
    return tree


def _bottom_up(tree: exp.Expr, transform: Callable[[exp.Expr], exp.Expr]) -> exp.Expr:
    """``tree`` with ``transform`` applied to every node, children before their parent (so a
    rewritten node's arguments are rewritten too, as in ``LIST_EXTRACT(LIST_EXTRACT(m, i), j)``)."""
    for node in reversed(list(tree.walk(bfs=False))):
        new = transform(node)
        if new is not node:
            if node is tree:
                tree = new
            else:
                node.replace(new)
    return tree


def rewrite(tree: exp.Expr, kind: str) -> exp.Expr:
    """A copy of ``tree`` with the rules of engine ``kind`` (or, for kind "portable", the
    :data:`PORTABLE` rules) applied, in order."""
    out = tree.copy()
    for rule in PORTABLE if kind == "portable" else RULES[kind]:
        out = _bottom_up(out, rule.transform)
    return out


def _join_method(node: exp.Expr) -> str | None:
    if not isinstance(node, exp.Join):
        return None
    return str(node.args.get("method") or "").upper() or None


#: constructs only DuckDB runs as meant, by name: a predicate per construct, for the engines
#: whose dialect is not DuckDB's (see :func:`leftovers`)
DUCKDB_ONLY: Mapping[str, Callable[[exp.Expr], bool]] = {
    "ASOF JOIN": lambda n: _join_method(n) == "ASOF",
    "128-bit integer type": lambda n: isinstance(n, exp.DataType) and n.this in _WIDE_INTEGERS,
    "LIST_EXTRACT": lambda n: _call(n, "list_extract"),
    "ATTACH / DETACH": lambda n: isinstance(n, (exp.Attach, exp.Detach)),
    "file reader function": lambda n: (
        isinstance(n, (exp.ReadParquet, exp.ReadCSV)) or _call(n, "read_csv_auto") or _call(n, "parquet_scan")
    ),
    "unsigned integer type": lambda n: (
        isinstance(n, exp.DataType)
        and n.this in {exp.DType.UBIGINT, exp.DType.UINT, exp.DType.USMALLINT, exp.DType.UTINYINT}
    ),
}


#: constructs that an engine's SQL generator would drop or change without a word (beyond
#: DUCKDB_ONLY), by engine kind
UNSUPPORTED: Mapping[str, Mapping[str, Callable[[exp.Expr], bool]]] = {
    "postgres": {"HASH": lambda n: _call(n, "hash"), "SEMI JOIN with USING": _semi_using},
    "spark": {
        "an aggregate in a given order": lambda n: (
            isinstance(n, exp.Order) and isinstance(n.parent, exp.AggFunc)
        ),
    },
}


def leftovers(tree: exp.Expr, kind: str | None = None) -> list[str]:
    """The DuckDB-only constructs in ``tree`` (rewritten for engine ``kind``, not DuckDB), by
    name, each once, in the order of :data:`DUCKDB_ONLY` then :data:`UNSUPPORTED`."""
    nodes = list(tree.walk())
    checks = {**DUCKDB_ONLY, **(UNSUPPORTED.get(kind, {}) if kind else {})}
    return [name for name, present in checks.items() if any(present(n) for n in nodes)]


__all__ = [
    "DUCKDB_ONLY",
    "PORTABLE",
    "PRINTED",
    "RULES",
    "UNQUOTABLE",
    "UNSUPPORTED",
    "Rule",
    "leftovers",
    "printed",
    "rewrite",
]
