"""The machinery of the engines' rewrite rules: :class:`Rule`, an engine's bundle of them
(:class:`Rules`), applying them to a tree, and the rules and checks more than one engine uses.

sqlglot's generators transpile most canonical SQL (DuckDB's dialect: ``$name`` to
``%(name)s``, ``SEMI JOIN`` to ``EXISTS``), but not everything: transpiling alone leaves
``ASOF JOIN``, ``LIST_EXTRACT`` or ``INT128`` verbatim in PostgreSQL's SQL. Each engine
therefore has a tuple of small rules (its ``rules.py``), applied in order to a copy of the tree
before it is generated, in the spirit of sqlglot's optimizer passes; and :func:`leftovers`
names the DuckDB-only constructs (:data:`DUCKDB_ONLY`) that survive them, so a construct no
rule handles fails loudly, before the engine sees it, instead of running as something else.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from sqlglot import exp


@dataclass(frozen=True)
class Rule:
    """One rewrite: ``transform`` is applied to every node of the tree (``exp.Expr.transform``);
    it returns the node unchanged when the rule does not concern it."""

    name: str
    why: str
    transform: Callable[[exp.Expr], exp.Expr]


@dataclass(frozen=True)
class Rules:
    """An engine's rules: how canonical SQL becomes its SQL, and what printed SQL needs."""

    #: applied in order to a copy of a canonical tree before the engine's generator writes it
    rewrites: tuple[Rule, ...] = ()
    #: for SQL printed for people to run (``compile``, a report's ``sql``), after
    #: ``rewrites``: a string literal (a hierarchy label, a value a criterion names) holds no
    #: character whose meaning depends on the session's settings, so the statement reads the
    #: same value, and stays one statement, in every session
    printed: tuple[Rule, ...] = ()
    #: names that printed SQL cannot quote for the engine: the pattern, and why
    unquotable: tuple[re.Pattern[str], str] | None = None
    #: constructs that the engine's SQL generator would drop or change without a word (beyond
    #: :data:`DUCKDB_ONLY`), a predicate each, by name
    unsupported: Mapping[str, Callable[[exp.Expr], bool]] = field(default_factory=dict)


def _wide_integer_to_decimal(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.DataType) and node.this in _WIDE_INTEGERS:
        return exp.DataType.build("DECIMAL(38, 0)")
    return node


def _exact_distinct(node: exp.Expr) -> exp.Expr:
    if isinstance(node, exp.ApproxDistinct):
        return exp.Count(this=exp.Distinct(expressions=[node.this.copy()]))
    return node


def call(node: exp.Expr, name: str, arity: int | None = None) -> bool:
    """Whether ``node`` calls the function ``name`` (one sqlglot has no class for), with
    ``arity`` arguments when given."""
    return (
        isinstance(node, exp.Anonymous)
        and str(node.this).lower() == name
        and (arity is None or len(node.expressions) == arity)
    )


def finite_by_comparison(node: exp.Expr) -> exp.Expr:
    # ISFINITE(x) for a double: PostgreSQL has it for dates only; its doubles compare NaN equal to
    # itself, so NOT IN the three special values is exact
    if not call(node, "isfinite", 1):
        return node
    value = exp.cast(node.expressions[0].copy(), "DOUBLE")
    specials = [exp.cast(exp.Literal.string(v), "DOUBLE") for v in ("Infinity", "-Infinity", "NaN")]
    return exp.Paren(this=exp.Not(this=exp.In(this=value, expressions=specials)))


def join_method(node: exp.Expr) -> str | None:
    if not isinstance(node, exp.Join):
        return None
    return str(node.args.get("method") or "").upper() or None


def asof_parts(node: exp.Expr) -> tuple[exp.Join, str, exp.Expr, exp.Column, list[exp.Expr]] | None:
    """An ASOF JOIN ``t ASOF JOIN r ON t.x >= r.y [AND t.a = r.a ...]`` as (join, r's name,
    x, r.y, the equalities), or None for a form the rules do not know."""
    if join_method(node) != "ASOF" or not isinstance(node, exp.Join):
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


def inline_named_windows(node: exp.Expr) -> exp.Expr:
    # OVER (w ROWS ...): Spark takes a named window only on its own (OVER w), Snowflake none at
    # all; each use of a named window gets the window's definition written in, with the use's own frame
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


def asof_to_interval(node: exp.Expr) -> exp.Expr:
    # t ASOF JOIN r ON t.x >= r.y [AND t.a = r.a]: each row of r stands for the keys from its y up
    # to the next row's y (LEAD, within its equality group); t.x falls in exactly one such
    # interval, or in none (before the first y: the row of t is dropped, as by an inner ASOF
    # join). Of rows of r with equal y, only the last in the window's order has a non-empty
    # interval, so one is joined, as ASOF joins one.
    parts = asof_parts(node)
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


def spelled(special: str) -> Callable[[exp.Expr], exp.Expr]:
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


def bottom_up(tree: exp.Expr, transform: Callable[[exp.Expr], exp.Expr]) -> exp.Expr:
    """``tree`` with ``transform`` applied to every node, children before their parent (so a
    rewritten node's arguments are rewritten too, as in ``LIST_EXTRACT(LIST_EXTRACT(m, i), j)``)."""
    return _bottom_up(tree, list(tree.walk(bfs=False)), transform)[0]


def _bottom_up(
    tree: exp.Expr, nodes: list[exp.Expr], transform: Callable[[exp.Expr], exp.Expr]
) -> tuple[exp.Expr, bool]:
    """:func:`bottom_up` over ``nodes`` (``tree``'s nodes in depth-first order), and whether a
    node was replaced (then ``nodes`` no longer lists the tree's)."""
    changed = False
    for node in reversed(nodes):
        new = transform(node)
        if new is not node:
            changed = True
            if node is tree:
                tree = new
            else:
                node.replace(new)
    return tree, changed


#: constructs only DuckDB runs as meant, by name: a predicate per construct, for the engines
#: whose dialect is not DuckDB's (see :func:`leftovers`)
DUCKDB_ONLY: Mapping[str, Callable[[exp.Expr], bool]] = {
    "ASOF JOIN": lambda n: join_method(n) == "ASOF",
    "128-bit integer type": lambda n: isinstance(n, exp.DataType) and n.this in _WIDE_INTEGERS,
    "LIST_EXTRACT": lambda n: call(n, "list_extract"),
    "ATTACH / DETACH": lambda n: isinstance(n, (exp.Attach, exp.Detach)),
    "file reader function": lambda n: (
        isinstance(n, (exp.ReadParquet, exp.ReadCSV)) or call(n, "read_csv_auto") or call(n, "parquet_scan")
    ),
    "unsigned integer type": lambda n: (
        isinstance(n, exp.DataType)
        and n.this in {exp.DType.UBIGINT, exp.DType.UINT, exp.DType.USMALLINT, exp.DType.UTINYINT}
    ),
}


def apply(tree: exp.Expr, rules: tuple[Rule, ...], copy: bool = True) -> exp.Expr:
    """A copy of ``tree`` with ``rules`` applied, in order (``copy=False``: ``tree`` itself)."""
    out = tree.copy() if copy else tree
    nodes: list[exp.Expr] | None = None  # the tree's nodes, walked again only after a change
    for rule in rules:
        if nodes is None:
            nodes = list(out.walk(bfs=False))
        out, changed = _bottom_up(out, nodes, rule.transform)
        if changed:
            nodes = None
    return out


def leftovers(tree: exp.Expr, rules: Rules | None = None) -> list[str]:
    """The DuckDB-only constructs in ``tree`` (rewritten by an engine's ``rules``, not DuckDB's),
    by name, each once, in the order of :data:`DUCKDB_ONLY` then the engine's ``unsupported``."""
    nodes = list(tree.walk())
    checks = {**DUCKDB_ONLY, **(rules.unsupported if rules else {})}
    return [name for name, present in checks.items() if any(present(n) for n in nodes)]
