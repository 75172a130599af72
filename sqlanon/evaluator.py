"""The search oracle: evaluate the requested criteria at lattice nodes, in the engine.

A node's frequency table is a GROUP BY roll-up of the bottom frequency table through the code
maps of the dimension tables (bound as list parameters). The query texts are compiled once and
reused with new parameters, so no SQL is parsed in the search loop; the search's batches of
nodes are evaluated in one statement each (rollup_batch.sql), the node being part of the key.

Suppression: a node satisfies the criteria when the rows of the classes violating any criterion
fit under the suppression limit, and, if a criterion depends on the whole-table distribution
(t-closeness), every remaining class also satisfies it against the distribution of the rows
that remain (the distribution the published table will have).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sqlglot import exp

from sqlanon.checks import CheckPlan, Summary, parse_summary
from sqlanon.criteria import Criterion
from sqlanon.encode import Encoded
from sqlanon.engine import Engine
from sqlanon.sql.render import DIALECT, render_template, with_first

Node = tuple[int, ...]


@dataclass(frozen=True)
class NodeResult:
    node: Node
    satisfied: bool
    summary: Summary
    suppressed_rows: int


def code_maps(engine: Engine, up: str) -> dict[int, list[int]]:
    """Level -> code map from level 0 of one QI, read from its dimension table ``up`` at once."""
    rows = engine.fetchall(render_template("code_map.sql", up=up))
    return {int(level): [int(c) for c in codes] for level, codes in rows}


def max_suppressed_rows(limit: float, rows: int) -> int:
    """The largest number of rows a fraction ``limit`` of ``rows`` allows (exact, rounded down)."""
    from fractions import Fraction

    return math.floor(Fraction(str(limit)) * rows)


#: projected frequency tables kept per evaluator (one per QI subset, most recently used)
MAX_PROJECTIONS = 64
#: bottom tables of fewer rows are rolled up directly (Adult, 18k rows: k=5 search 180 ms
#: directly, 890 ms with a projection per subset)
PROJECT_FROM_ROWS = 100_000

#: DuckDB reads a table in row groups of this many rows, one row group per thread at a time.
ROW_GROUP = 122_880


def search_threads(encoded: Encoded) -> int | None:
    """DuckDB threads for the search's statements: 1 when the bottom table fits one row group.

    Such a table is scanned by one thread anyway; more threads only add scheduling cost to
    the search's many small statements (Adult, 2 cores: k=5 search 223 -> 166 ms, one node
    check 4.8 -> 3.9 ms). ``None`` keeps the engine's setting (larger tables gain from threads).
    """
    return 1 if encoded.freq_rows <= ROW_GROUP else None


class NodeEvaluator:
    """Evaluates criteria at lattice nodes of an encoded source."""

    def __init__(
        self, engine: Engine, encoded: Encoded, criteria: Sequence[Criterion], suppression_limit: float
    ) -> None:
        self.engine = engine
        self.encoded = encoded
        self.criteria = list(criteria)
        self.keys = [f"q{i}" for i in range(len(encoded.qis))]
        domains = {s.column: (s, f"s{i}") for i, s in enumerate(encoded.sensitive)}
        #: without the per-search constants: for inputs whose distribution differs (suppression)
        #: some criterion reads the node's natural supersets: its levels are bound as $l0..
        self.needs_levels = any(c.needs_levels for c in self.criteria)
        self.batchable = all(c.batchable for c in self.criteria)
        generalization = [{"table": q.up, "level": f"$l{i}"} for i, q in enumerate(encoded.qis)]
        self.raw_plan = CheckPlan.build(engine, self.criteria, self.keys, domains, generalization)
        self.plan = self.raw_plan.with_prepared(engine, encoded.freq)
        self.max_suppressed = max_suppressed_rows(suppression_limit, encoded.rows)
        self.global_criteria = [i for i, c in enumerate(self.criteria) if c.global_distribution]
        self.evaluations = 0
        self._sql: dict[str, str] = {}
        self._verdicts_tree: exp.Select | None = None
        self._maps: dict[int, dict[int, list[int]]] = {}
        #: subset of non-top QIs -> projected frequency table (see projection), oldest first
        self._projections: dict[tuple[int, ...], str] = {}
        self._rows: dict[str, int] = {encoded.freq: encoded.freq_rows}
        #: nodes per batched statement; None: about 2M rolled-up rows (batch x source table)
        self.batch_size: int | None = None
        #: project the bottom table per QI subset only from this size on (below, one more
        #: table and statement per subset costs more than rolling up the small bottom table)
        self.project_from_rows = PROJECT_FROM_ROWS

    # -- SQL -----------------------------------------------------------------------------
    def rollup(self) -> exp.Expr:
        """The roll-up of the bottom frequency table to the node whose code maps are $m0..$mk-1."""
        return render_template(
            "rollup.sql",
            source=self.encoded.freq,
            qis=len(self.encoded.qis),
            sensitive=[f"s{i}" for i in range(len(self.encoded.sensitive))],
        )

    def _compiled(self, name: str) -> str:
        if name not in self._sql:
            if name == "summary":
                query = self.plan.summary("input")
            elif name == "verdicts":
                self._sql[name] = self.verdicts_query().sql(dialect=DIALECT)
                return self._sql[name]
            elif name == "union":
                query = self.plan.union_summary("input")
            elif name == "resummary":
                kept = (
                    exp.select(*(exp.column(exp.to_identifier(k, quoted=True)) for k in self.keys))
                    .from_(self.plan.verdicts("input0").subquery(exp.to_identifier("v", quoted=True)))
                    .where(exp.not_(exp.column(exp.to_identifier("bad", quoted=True))))
                )
                input1 = (
                    exp.select(exp.Star())
                    .from_(exp.to_table("input0", quoted=True))
                    .join(
                        kept.subquery(exp.to_identifier("kept", quoted=True)),
                        using=[exp.to_identifier(k, quoted=True) for k in self.keys],
                        join_type="SEMI",
                    )
                )
                query = self.raw_plan.summary("input", self.global_criteria).with_(
                    exp.to_identifier("input", quoted=True), as_=input1
                )
                self._sql[name] = self._with_input(query, "input0")
                return self._sql[name]
            else:  # pragma: no cover
                raise KeyError(name)
            self._sql[name] = self._with_input(query, "input")
        return self._sql[name]

    def _batch_sql(self, source: str) -> str:
        """The batched check of nodes rolled up from ``source`` (the bottom table or a projection)."""
        key = f"batch {source}"
        if key not in self._sql:
            plan = self.plan.with_keys(["batch_node", *self.keys])
            # k-anonymity screens the batch: the other criteria run only on its survivors
            query = plan.summary("input", by="batch_node", screen=self.max_suppressed)
            self._sql[key] = self._with_input(query, "input", self.rollup_batch(source))
        return self._sql[key]

    def projection(self, node: Node) -> str:
        """The frequency table to roll ``node`` up from: the bottom table grouped by only the
        quasi-identifiers the node does not generalize to their top (the others become their
        top code 0). Far smaller than the bottom table for the QI subsets of Incognito's early
        phases; same rows per sensitive value, so Q is unchanged. Kept for the last
        ``MAX_PROJECTIONS`` subsets used (the search walks one subset size at a time)."""
        keep = tuple(
            i for i, (level, q) in enumerate(zip(node, self.encoded.qis, strict=True)) if level < q.height
        )
        if len(keep) == len(node) or self.encoded.freq_rows < self.project_from_rows:
            return self.encoded.freq
        if keep in self._projections:
            self._projections[keep] = self._projections.pop(keep)  # most recently used last
            return self._projections[keep]
        name = self.engine.temp_name("proj")
        self.engine.create_temp_as(
            name,
            render_template(
                "project_frequencies.sql",
                source=self.encoded.freq,
                qis=len(node),
                keep=list(keep),
                sensitive=[f"s{i}" for i in range(len(self.encoded.sensitive))],
            ),
        )
        self._projections[keep] = name
        while len(self._projections) > MAX_PROJECTIONS:
            oldest = next(iter(self._projections))
            self.engine.drop(self._projections.pop(oldest))
            self._sql.pop(f"batch {oldest}", None)
        return name

    def rollup_batch(self, source: str | None = None) -> exp.Expr:
        """The roll-up of ``source`` (default the bottom table) to a batch of nodes (maps bound
        as lists of maps)."""
        return render_template(
            "rollup_batch.sql",
            source=source or self.encoded.freq,
            qis=len(self.encoded.qis),
            sensitive=[f"s{i}" for i in range(len(self.encoded.sensitive))],
        )

    def _with_input(self, query: exp.Select, name: str, rollup: exp.Expr | None = None) -> str:
        return self._tree_with_input(query, name, rollup).sql(dialect=DIALECT)

    def _tree_with_input(self, query: exp.Select, name: str, rollup: exp.Expr | None = None) -> exp.Select:
        return with_first(query, [(name, rollup if rollup is not None else self.rollup())])

    def rows_of(self, source: str) -> int:
        """Rows of a frequency table (a batch rolls up about 2M rows: batch x table)."""
        if source not in self._rows:
            self._rows[source] = self.engine.count(source)
        return self._rows[source]

    def code_map(self, qi: int, level: int) -> list[int]:
        """Generalized code of every leaf code of QI ``qi`` at ``level`` (cached per QI)."""
        if qi not in self._maps:
            self._maps[qi] = code_maps(self.engine, self.encoded.qis[qi].up)
        return self._maps[qi][level]

    def map_params(self, node: Node) -> dict[str, list[int]]:
        """The node's code maps $m0.. (leaf code -> code at the node's level)."""
        return {f"m{i}": self.code_map(i, level) for i, level in enumerate(node)}

    def params(self, node: Node) -> dict[str, list[int] | int]:
        """Everything the node's check statements bind: code maps, and levels when needed."""
        params: dict[str, list[int] | int] = dict(self.map_params(node))
        if self.needs_levels:
            params.update({f"l{i}": level for i, level in enumerate(node)})
        return params

    # -- evaluation ------------------------------------------------------------------------
    def evaluate_many(self, nodes: Sequence[Node]) -> list[NodeResult]:
        """Evaluate several nodes; their first check runs as batched statements."""
        if not self.batchable:
            return [self.evaluate(node) for node in nodes]
        summaries: dict[int, Summary] = {}
        by_source: dict[str, list[int]] = {}
        for index, node in enumerate(nodes):
            by_source.setdefault(self.projection(node), []).append(index)
        for source, indexes in by_source.items():
            size = self.batch_size or max(1, min(64, 2_000_000 // max(1, self.rows_of(source))))
            for start in range(0, len(indexes), size):
                chunk = indexes[start : start + size]
                params: dict[str, object] = {"nodes": len(chunk)}
                for i in range(len(self.keys)):
                    params[f"m{i}"] = [self.code_map(i, nodes[j][i]) for j in chunk]
                for row in self.engine.fetchall(self._batch_sql(source), params):
                    summaries[chunk[int(row[0])]] = parse_summary(row[1:], self.criteria)
        return [self.evaluate(node, summaries.get(i)) for i, node in enumerate(nodes)]

    def evaluate(self, node: Node, summary: Summary | None = None) -> NodeResult:
        """Evaluate ``node`` (``summary``: its first check, when already computed in a batch)."""
        self.evaluations += 1
        params = self.params(node)
        if summary is None:
            summary = parse_summary(self.engine.fetchone(self._compiled("summary"), params), self.criteria)
        if summary.passed:
            return NodeResult(node, True, summary, 0)
        worst_rows = max(o.violating_rows for o in summary.outcomes)
        if worst_rows > self.max_suppressed:
            return NodeResult(node, False, summary, worst_rows)
        union = self.engine.fetchone(self._compiled("union"), params)
        bad_rows = int(union[3])
        if bad_rows > self.max_suppressed or bad_rows == summary.rows:
            return NodeResult(node, False, summary, bad_rows)
        if self.global_criteria:
            again = parse_summary(
                self.engine.fetchone(self._compiled("resummary"), params),
                [self.criteria[i] for i in self.global_criteria],
            )
            if not again.passed:
                return NodeResult(node, False, summary, bad_rows)
        return NodeResult(node, True, summary, bad_rows)

    def satisfied(self, nodes: Sequence[Node]) -> list[bool]:
        """The batch oracle of the search: whether each node satisfies the requirement."""
        return [r.satisfied for r in self.evaluate_many(nodes)]

    def verdicts_sql(self) -> str:
        """Per-class verdicts at the node whose maps are bound: keys..., size, b_i, v_i, bad."""
        return self._compiled("verdicts")

    def verdicts_query(self) -> exp.Select:
        """The same query as :meth:`verdicts_sql`, as a sqlglot tree (built once)."""
        if self._verdicts_tree is None:
            self._verdicts_tree = self._tree_with_input(self.plan.verdicts("input"), "input")
        return self._verdicts_tree
