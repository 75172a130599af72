"""The search oracle: evaluate the requested criteria at lattice nodes, in the engine.

A node's frequency table is a GROUP BY roll-up of the bottom frequency table (or of a cached,
coarser one) through the code maps of the dimension tables: bound as list parameters, or for a
QI with a large domain a join with its dimension table (see _generalize.sql). The query texts
are compiled once and reused with new parameters, so no SQL is parsed in the search loop; the search's batches of
nodes are evaluated in one statement each (rollup_batch.sql), the node being part of the key.

Suppression: a node satisfies the criteria when the rows of the classes violating any criterion
fit under the suppression limit, and, if a criterion depends on the whole-table distribution
(t-closeness), every remaining class also satisfies it against the distribution of the rows
that remain (the distribution the published table will have).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlglot import exp

from sqlanon.config.risk import RiskSettings
from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import ROWS, CheckPlan, Summary, parse_summary
from sqlanon.criteria.population import KMapPopulation
from sqlanon.encode import Encoded
from sqlanon.encode.people import holders
from sqlanon.encode.population import population_plan
from sqlanon.engines import Engine
from sqlanon.search.batching import StatementCosts
from sqlanon.search.risk import over_limits, share_limits
from sqlanon.search.rollups import RollupState, SharedRollups
from sqlanon.sql.render import DIALECT, Part, render_template, with_first

Node = tuple[int, ...]
#: how a roll-up generalizes each QI (see NodeEvaluator.shape)
Shape = tuple[str, ...]
SAME, TOP, MAP = "same", "top", "map"


@dataclass(frozen=True)
class NodeResult:
    node: Node
    satisfied: bool
    summary: Summary
    suppressed_rows: int
    #: the ``risk:`` limits the node's published classes exceed: (key, figure, limit); a node
    #: that meets the criteria but exceeds one does not satisfy
    risk: tuple[tuple[str, float, float], ...] = ()


def max_suppressed_rows(limit: float, rows: int) -> int:
    """The largest number of rows a fraction ``limit`` of ``rows`` allows (exact, rounded down)."""
    from fractions import Fraction

    return math.floor(Fraction(str(limit)) * rows)


#: Cached frequency tables (projections and generalized node tables, see NodeEvaluator.source):
#: at most this many, holding at most CACHE_FACTOR x the bottom table's rows in total; the least
#: recently used go first. 1M generated rows, k=10 + hierarchical t, Incognito's search: 129 s
#: with a factor of 2 (too few projections per batch), 58 s with 8; optimal 46 s -> 40 s.
MAX_CACHED = 64
CACHE_FACTOR = 8
#: bottom tables of fewer rows are rolled up directly (Adult, 18k rows: k=5 search 180 ms
#: directly, 890 ms with a projection per subset)
PROJECT_FROM_ROWS = 100_000
#: a QI with more codes than this at level 0 is generalized by a join with its dimension table,
#: not a bound list (see _generalize.sql: DuckDB copies a list parameter into every vector)
JOIN_FROM_CODES = 4096
#: a node's frequency table is kept for later roll-ups when it has at most this share of the
#: rows of the table it is rolled up from (estimated from the code counts: an upper bound)
GENERALIZE_SHARE = 0.5
#: the bottom table is projected on a QI subset only when the projection is estimated to hold at
#: most this share of its rows: a projection costs about one roll-up of the bottom table and
#: only saves on later roll-ups in proportion to the rows it removes (10M generated rows: seven
#: of the twelve projections a search made held 66-98 % of the bottom table's rows)
PROJECT_SHARE = 0.5
#: a batched statement rolls up at most MAX_BATCH nodes, and fewer from large tables: as many
#: rows (nodes x rows of the table they are rolled up from) as the engine's measured cost per
#: statement makes worth it (sqlanon.search.batching)
MAX_BATCH = 64


def level_maps(engine: Engine, up: str) -> dict[int, dict[tuple[int, int], list[int]]]:
    """Per QI (its index), (from level, to level) -> code map (element c+1: the code at the
    upper level of code c at the lower level), every pair of levels of every QI, read from the
    QIs' dimension table ``up`` in one statement."""
    maps: dict[int, dict[tuple[int, int], list[int]]] = {}
    for q, lf, lt, codes in engine.fetchall(render_template("code_map.sql", up=up)):
        maps.setdefault(int(q), {})[(int(lf), int(lt))] = [int(c) for c in codes]
    return maps


#: DuckDB reads a table in row groups of this many rows, one row group per thread at a time.
ROW_GROUP = 122_880


#: the check statements' CTE of the population's persons at the node (population models)
POPULATION_INPUT = "population_at_node"


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
        self,
        engine: Engine,
        encoded: Encoded,
        criteria: Sequence[Criterion],
        suppression_limit: float,
        risk: RiskSettings | None = None,
        shared: SharedRollups | None = None,
    ) -> None:
        """``shared``: the roll-up tables of earlier searches of the same encoded tables, which
        this one reuses and adds to (sqlanon.search.rollups; explore's settings)."""
        self.engine = engine
        self.encoded = encoded
        self.criteria = list(criteria)
        #: the encoded population (its persons per level-0 combination) when a criterion counts
        #: them: rolled up with the table's rows in every check statement (POPULATION_INPUT)
        self.population_source = (
            encoded.population if any(c.counts_population for c in self.criteria) else None
        )
        #: the criterion whose value is each class's persons of the population (a k-map with
        #: the population table), when the journalist shares are searched (not over people)
        self.population_index = next(
            (i for i, c in enumerate(self.criteria) if isinstance(c, KMapPopulation)), None
        )
        if encoded.weight is not None:
            self.population_index = None
        journalist = self.population_index is not None
        #: the ``risk:`` limits a satisfying node's published classes must meet (the shares of
        #: sqlanon.search.risk; with people, over the people of the classes), and the threshold
        #: of records at risk
        self.risk_limits = share_limits(risk.limits, journalist) if risk is not None else {}
        self.risk_threshold = risk.threshold if risk is not None else 0.2
        #: nodes that met the criteria when asked without the limits (criteria_satisfied)
        self._criteria_passed: dict[Node, NodeResult] = {}
        self.keys = [f"q{i}" for i in range(len(encoded.qis))]
        #: the sensitive columns of every frequency table (s0, s1, ...): none when no criterion
        #: reads one (then the roll-ups read the bottom table projected on the QIs, see freq)
        reads_sensitive = any(c.attributes for c in self.criteria)
        #: the frequency tables hold people and their values (n, c, np: _people_values.sql)
        self.people = encoded.weight is not None and reads_sensitive
        self.sensitive_columns = [f"s{i}" for i in range(len(encoded.sensitive))] if reads_sensitive else []
        #: with people, each sensitive column's holder column (c, c1, ...: _people_values.sql)
        self.holders = holders(len(encoded.sensitive)) if self.people else []
        #: the bottom frequency table the roll-ups read, and its rows
        self.freq, self.freq_rows = encoded.freq, encoded.freq_rows
        #: the roll-up tables kept (sqlanon.search.rollups): shared with the searches before
        #: this one that read the same columns, when given
        read = (encoded.freq, tuple(self.sensitive_columns), self.people)
        self._state = shared.state(engine, read) if shared is not None else RollupState()
        if encoded.sensitive and not reads_sensitive and not encoded.by_sets:
            # k-anonymity alone (say): one row per QI combination, not per (combination, value);
            # Adult: 11,089 rows instead of 18,109
            if self._state.projected_bottom is None:
                name = engine.temp_name("freq_qi")
                projection = render_template(
                    "project_frequencies.sql",
                    source=encoded.freq,
                    qis=len(encoded.qis),
                    keep=list(range(len(encoded.qis))),
                    sensitive=[],
                    count_people=encoded.weight is not None,  # n: the people of each combination
                )
                self._state.projected_bottom = (name, engine.create_counted(name, projection))
            self.freq, self.freq_rows = self._state.projected_bottom
        domains = {s.column: (s, f"s{i}") for i, s in enumerate(encoded.sensitive)}
        #: without the per-search constants: for inputs whose distribution differs (suppression)
        #: some criterion reads the node's natural supersets: its levels are bound as $l0..
        self.needs_levels = any(c.needs_levels for c in self.criteria)
        self.batchable = all(c.batchable for c in self.criteria)
        generalization = [{"table": q.up, "level": f"$l{i}"} for i, q in enumerate(encoded.qis)]
        # people whose quasi-identifiers vary: (n,t)-closeness forms each class's natural
        # supersets from the people's tuples (the bottom table) and values (_nt_people.sql)
        sets = (
            {
                "members": encoded.freq,
                "values": encoded.values,
                "pkeys": ["g"],
                "value": "s0",
                "radix": encoded.radix,
                "tuples": None,
            }
            if encoded.varying and self.people and encoded.values and self.needs_levels
            else None
        )
        self.raw_plan = CheckPlan.build(
            engine,
            self.criteria,
            self.keys,
            domains,
            generalization,
            people=self.people,
            sets=sets,
            population=population_plan(POPULATION_INPUT if self.population_source else None, codes=True),
        )
        if encoded.person_rows is not None and self.people:
            # multi-attribute l-diversity over people reads the classes' people and their rows
            multi = [i for i, c in enumerate(self.criteria) if c.spec.params.get("multi_attribute") is True]
            self.raw_plan = replace(self.raw_plan, inputs=dict.fromkeys(multi, ROWS))
        # the whole table's distribution: each person's values when their quasi-identifiers vary
        # (the bottom table holds their tuples then)
        whole = encoded.values if encoded.by_sets and self.people and encoded.values else self.freq
        self.plan = self.raw_plan.with_prepared(engine, whole)
        self.max_suppressed = max_suppressed_rows(suppression_limit, encoded.rows)
        self.global_criteria = [i for i, c in enumerate(self.criteria) if c.global_distribution]
        #: whether the search's batched summary screens the other criteria by k-anonymity (see
        #: CheckPlan.summary: k-anonymity and another criterion)
        self.screens = len(self.criteria) > 1 and any(c.kind == "k-anonymity" for c in self.criteria)
        self.evaluations = 0
        #: the results of the nodes the search's oracle (:meth:`satisfied`) found satisfying
        self.outcomes: dict[Node, NodeResult] = {}
        self._sql: dict[str, str] = {}
        self._verdicts_tree: exp.Select | None = None
        self._maps: dict[int, dict[tuple[int, int], list[int]]] = {}
        self.bottom: Node = tuple(0 for _ in encoded.qis)
        #: cached frequency tables: the levels they are at -> (table, rows), least recently
        #: used first (see source); the bottom table is not part of it
        self._cache: dict[Node, tuple[str, int]] = self._state.tables
        #: the number of codes at each level of each QI (for size estimates)
        self._codes: list[list[int]] | None = None
        #: cached tables the pending batch reads (never dropped while it is prepared)
        self._pinned: set[str] = set()
        #: nodes per batched statement; None: from the statements' measured costs (see width)
        self.batch_size: int | None = None
        caps = engine.capabilities
        self.costs = StatementCosts(caps.statement_seconds, caps.row_seconds)
        #: project the bottom table per QI subset only from this size on (below, one more
        #: table and statement per subset costs more than rolling up the small bottom table)
        self.project_from_rows = PROJECT_FROM_ROWS
        #: cached tables kept at most, and the share that makes a node table worth keeping
        self.max_cached = MAX_CACHED
        self.generalize_share = GENERALIZE_SHARE
        self.project_share = PROJECT_SHARE
        #: estimated rows of the projections considered (see worth_projecting)
        self._projected_rows: dict[Node, int] = self._state.projected_rows
        #: QIs with more level-0 codes are generalized by a join (read when the first statement
        #: is compiled: set it before evaluating)
        self.join_from_codes = JOIN_FROM_CODES
        self._joined: tuple[Part | None, ...] | None = None
        #: compiled batch checks and roll-up trees per (source table, shape)
        self._batch: dict[tuple[str, Shape, str], str] = {}
        self._rollups: dict[tuple[str, Shape], exp.Expr] = {}
        if encoded.by_sets:
            # people whose quasi-identifiers vary: every node's classes are compared as sets of
            # each person's tuples, from the bottom table of their tuples (rollup_people.sql); a
            # coarser node's classes cannot be rolled up from a finer node's, so nothing is cached
            self.project_from_rows = sys.maxsize
        if self.population_source is not None:
            # the population's level-0 codes are rolled up by the maps bound for the table's
            # rows: those rows are rolled up from the bottom table too (nothing is cached)
            self.project_from_rows = sys.maxsize

    # -- SQL -----------------------------------------------------------------------------
    def joined(self) -> tuple[Part | None, ...]:
        """Per QI, its dimension table when it is generalized by a join (more than
        ``join_from_codes`` codes at level 0), else None (a bound code map)."""
        if self._joined is None:
            counts = self.value_counts()
            self._joined = tuple(
                q.up if counts[i][0] > self.join_from_codes else None for i, q in enumerate(self.encoded.qis)
            )
        return self._joined

    def _generalizers(self, shape: Shape | None = None) -> list[dict[str, Part | str | None]]:
        kinds = shape or tuple(MAP for _ in self.encoded.qis)
        return [{"up": up, "kind": kind} for up, kind in zip(self.joined(), kinds, strict=True)]

    def shape(self, nodes: Sequence[Node], levels: Node, rows: int) -> Shape:
        """How a roll-up of ``nodes`` from a table at ``levels`` (of ``rows`` rows) generalizes
        each QI: SAME when every node keeps the table's level (the codes are read as they
        are), TOP when every node is at the QI's top (the constant code 0), else MAP. Only
        from tables of ``project_from_rows`` rows on: below, compiling a statement per shape
        would cost more than the skipped lookups save (one statement per source there)."""
        if rows < self.project_from_rows:
            return tuple(MAP for _ in levels)
        kinds = []
        for i, (level, q) in enumerate(zip(levels, self.encoded.qis, strict=True)):
            if all(node[i] == level for node in nodes):
                kinds.append(SAME)
            elif all(node[i] == q.height for node in nodes):
                kinds.append(TOP)
            else:
                kinds.append(MAP)
        return tuple(kinds)

    def rollup(self, source: str | None = None, shape: Shape | None = None) -> exp.Expr:
        """The roll-up of ``source`` (default the bottom frequency table) to the node whose code
        maps (from the source's levels) are bound (see map_params; ``shape``: the QIs that
        need none, see :meth:`shape`)."""
        if self.encoded.by_sets:
            return self._rollup_people(source, shape, batch=False)
        return render_template(
            "rollup.sql",
            source=source or self.freq,
            qis=self._generalizers(shape),
            sensitive=self.sensitive_columns,
            people=self.people,
            holders=self.holders,
        )

    def _rollup_people(self, source: str | None, shape: Shape | None, batch: bool) -> exp.Expr:
        """The classes of people of a node (``batch``: of a batch of nodes) whose
        quasi-identifiers vary (rollup_people.sql), from the table of their tuples."""
        return render_template(
            "rollup_people.sql",
            source=source or self.freq,
            qis=self._generalizers(shape),
            radix=self.encoded.radix,
            batch=batch,
            values=self.encoded.values if self.people else None,
            sensitive=self.sensitive_columns,
            holders=self.holders,
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
            elif name == "risk_sizes":  # the published classes' size histogram (risk.measure)
                query = _size_histogram(self.plan, population=self.population_index)
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

    def _batch_sql(self, source: str, shape: Shape, kind: str = "summary") -> str:
        """The batched check of nodes rolled up from ``source`` (the bottom table or a cached
        one), its QIs generalized as ``shape`` says: ``summary`` (per node: the criteria's
        summary, see CheckPlan.summary; ``explain``: the same, unscreened) or ``union`` (per
        node: the classes and rows violating at least one criterion, what suppression removes)."""
        if kind == "explain" and not self.screens:
            kind = "summary"  # the same statement: reuse the search's, compiled already
        key = (source, shape, kind)
        if key not in self._batch:
            plan = self.plan.with_keys(["batch_node", *self.keys])
            if kind == "union":
                query = plan.union_summary("input", by="batch_node")
            elif kind == "explain":  # every criterion on every node (see explain_many)
                query = plan.summary("input", by="batch_node")
            else:  # k-anonymity screens the batch: the other criteria run only on its survivors
                query = plan.summary("input", by="batch_node", screen=self.max_suppressed)
            self._batch[key] = self._with_input(query, "input", self.rollup_batch(source, shape), batch=True)
        return self._batch[key]

    def source(self, node: Node) -> tuple[Node, str, int]:
        """The frequency table to roll ``node`` up from, with its levels and rows: the smallest
        cached table at levels componentwise below the node's, else the bottom table.

        Two kinds of tables are cached (only when the bottom table has at least
        ``project_from_rows`` rows; below, one more statement per table costs more than it
        saves): the bottom table *projected* on the QIs the node does not generalize to their
        top (one per QI subset: Incognito's early phases roll their nodes up from these). A
        projection is made only for a node below which no cached table lies (when every node got
        one, 61 of the 174 projections of a search on 1M generated rows were never read and 102
        never checked a node), and only when estimated to hold at most ``project_share`` of the
        bottom table's rows (see :meth:`worth_projecting`). The other kind are the frequency
        tables of evaluated nodes estimated to hold at most ``generalize_share`` of the rows of
        their own source (see :meth:`keep_generalized`). The cache holds at most
        ``max_cached`` tables and ``CACHE_FACTOR`` x the bottom table's rows (per evaluator; a
        search with non-monotone models has two): before a table is made, the least recently
        used tables that no statement of the pending batch reads are dropped to make room, and
        when there is no room the table is not made (the node rolls up from what there is).
        Every cached table has the same rows per sensitive value as the bottom table, so Q is
        unchanged.
        """
        best: tuple[int, Node, str] = (self.freq_rows, self.bottom, self.freq)
        if self.freq_rows < self.project_from_rows:
            return best[1], best[2], best[0]
        heights = [q.height for q in self.encoded.qis]
        for levels, (table, rows) in self._cache.items():
            if rows < best[0] and all(a <= b for a, b in zip(levels, node, strict=True)):
                best = (rows, levels, table)
        projected = tuple(0 if level < h else h for level, h in zip(node, heights, strict=True))
        if (
            best[1] == self.bottom
            and projected != self.bottom
            and projected not in self._cache
            and self.worth_projecting(projected)
            and self._make_room(self.estimated_rows(projected))
        ):
            self._project(projected)
            best = (self._cache[projected][1], projected, self._cache[projected][0])
        if best[1] in self._cache:
            self._cache[best[1]] = self._cache.pop(best[1])  # most recently used last
        return best[1], best[2], best[0]

    def worth_projecting(self, levels: Node) -> bool:
        """Whether the bottom table projected at ``levels`` (QIs at 0 kept, the others at their
        top) would hold at most ``project_share`` of its rows: by the code counts' bound when that
        suffices, else by an estimate of its distinct combinations (one pass, kept per subset
        and per evaluator: a search with non-monotone models estimates in both of its two)."""
        limit = self.project_share * self.freq_rows
        if self.estimated_rows(levels) <= limit:
            return True
        if levels not in self._projected_rows:
            kept = [f"q{i}" for i, level in enumerate(levels) if level == 0]
            columns = kept + self.sensitive_columns
            if columns:
                query = render_template("estimate_rows.sql", source=self.freq, columns=columns)
                self._projected_rows[levels] = int(self.engine.fetchone(query)[0])
            else:  # every QI at its top and no sensitive column: one row
                self._projected_rows[levels] = 1
        return self._projected_rows[levels] <= limit

    def value_counts(self) -> list[list[int]]:
        """The number of distinct values (codes) at each level of each QI."""
        if self._codes is None:  # codes are dense: 0 .. count-1 at every level
            self._codes = [
                [max(self.code_map(i, level)) + 1 for level in range(q.height + 1)]
                for i, q in enumerate(self.encoded.qis)
            ]
        return self._codes

    def estimated_rows(self, node: Node) -> int:
        """An upper bound of the rows of ``node``'s frequency table: the product of the code
        counts at its levels and of the sensitive domains (at most the bottom table's rows)."""
        counts = self.value_counts()
        bound = 1
        for i, level in enumerate(node):
            bound *= counts[i][level]
        if self.sensitive_columns:
            for s in self.encoded.sensitive:
                bound *= len(s.values) + 1  # + a NULL
        return min(bound, self.freq_rows)

    def keep_generalized(self, node: Node, source_rows: int) -> bool:
        """Whether to materialize ``node``'s frequency table before checking it (then later
        nodes above it roll up from it): a large bottom table, and an estimate of at most
        ``generalize_share`` of the rows of the table it would be rolled up from."""
        if (
            self.freq_rows < self.project_from_rows
            or source_rows < self.project_from_rows
            or node in self._cache
        ):
            return False
        estimate = self.estimated_rows(node)
        return estimate <= self.generalize_share * source_rows and self._make_room(estimate)

    def _budget(self) -> int:
        return CACHE_FACTOR * self.freq_rows

    def _make_room(self, rows: int) -> bool:
        """Drop least recently used tables not read by the pending batch until one more table
        of at most ``rows`` rows fits the cache's bounds; whether it fits."""

        def fits() -> bool:
            total = sum(r for _, r in self._cache.values())
            return len(self._cache) < self.max_cached and total + rows <= self._budget()

        for levels in list(self._cache):
            if fits():
                break
            table, _ = self._cache[levels]
            if table not in self._pinned:
                del self._cache[levels]
                self.engine.drop(table)
                for batch in [b for b in self._batch if b[0] == table]:
                    del self._batch[batch]
                for rollup in [r for r in self._rollups if r[0] == table]:
                    del self._rollups[rollup]
        return fits()

    def _store(self, levels: Node, query: exp.Expr, params: dict[str, list[int] | int] | None = None) -> str:
        """Create a cached frequency table at ``levels`` from ``query`` (room made first)."""
        name = self.engine.temp_name("freq_at")
        if params:
            self.engine.create_temp_as(name, query, params)
            self._cache[levels] = (name, self.engine.count(name))
        else:
            self._cache[levels] = (name, self.engine.create_counted(name, query))
        return name

    def _project(self, levels: Node) -> str:
        """Cache the bottom table projected on the QIs at level 0 of ``levels`` (others top)."""
        query = render_template(
            "project_frequencies.sql",
            source=self.freq,
            qis=len(levels),
            keep=[i for i, v in enumerate(levels) if v == 0],
            sensitive=self.sensitive_columns,
            people=self.people,
            holders=self.holders,
        )
        return self._store(levels, query)

    def _generalize(self, node: Node, levels: Node, source: str, rows: int) -> str:
        """Cache ``node``'s frequency table, rolled up from ``source`` (``rows`` rows at
        ``levels``)."""
        shape = self.shape([node], levels, rows)
        key = (source, shape)
        if key not in self._rollups:
            self._rollups[key] = self.rollup(source, shape)
        return self._store(node, self._rollups[key], self.map_params(node, levels, shape))

    def rollup_batch(self, source: str | None = None, shape: Shape | None = None) -> exp.Expr:
        """The roll-up of ``source`` (default the bottom table) to a batch of nodes (maps bound
        as lists of maps; ``shape``: see :meth:`shape`)."""
        if self.encoded.by_sets:
            return self._rollup_people(source, shape, batch=True)
        return render_template(
            "rollup_batch.sql",
            source=source or self.freq,
            qis=self._generalizers(shape),
            sensitive=self.sensitive_columns,
            people=self.people,
            holders=self.holders,
        )

    def _with_input(
        self, query: exp.Select, name: str, rollup: exp.Expr | None = None, batch: bool = False
    ) -> str:
        return self._tree_with_input(query, name, rollup, batch).sql(dialect=DIALECT)

    def _tree_with_input(
        self, query: exp.Select, name: str, rollup: exp.Expr | None = None, batch: bool = False
    ) -> exp.Select:
        ctes = [(name, rollup if rollup is not None else self.rollup())]
        if self.population_source is not None:  # the population at the node (each node of a batch)
            population = render_template(
                "rollup_batch.sql" if batch else "rollup.sql",
                source=self.population_source,
                qis=self._generalizers(),
                sensitive=[],
            )
            ctes.append((POPULATION_INPUT, population))
        if self.raw_plan.inputs:  # the classes' people and their rows (rollup_people.sql rows)
            ctes.append(
                (
                    name + ROWS,
                    render_template(
                        "rollup_people.sql",
                        source=self.freq,
                        rows=self.encoded.person_rows,
                        weight=self.encoded.weight,
                        qis=self._generalizers(),
                        radix=self.encoded.radix,
                        batch=batch,
                        sensitive=self.sensitive_columns,
                    ),
                )
            )
        return with_first(query, ctes)

    def code_map(self, qi: int, level: int, start: int = 0) -> list[int]:
        """The code at ``level`` of every code at level ``start`` of QI ``qi`` (every QI's maps
        are read at the first call)."""
        if not self._maps:
            self._maps = level_maps(self.engine, self.encoded.qis[qi].up.table)
        part = self.encoded.qis[qi].up
        return self._maps[part.q][(start, level)]

    def map_params(
        self, node: Node, start: Node | None = None, shape: Shape | None = None
    ) -> dict[str, list[int] | int]:
        """The node's generalization from the levels ``start`` (default: the leaves): per QI, its
        code map $m<i>, or the levels $f<i> (from) and $t<i> (to) of a QI generalized by a join;
        nothing for the QIs ``shape`` generalizes without a map."""
        return self._bind([node], start or self.bottom, shape, batch=False)

    def _bind(self, nodes: Sequence[Node], start: Node, shape: Shape | None, batch: bool) -> dict[str, Any]:
        """The parameters generalizing ``nodes`` from the levels ``start`` (see map_params); in a
        ``batch`` each is the list of the nodes' values (rollup_batch.sql), else the one node's."""
        params: dict[str, Any] = {}
        for i, up in enumerate(self.joined()):
            if shape is not None and shape[i] != MAP:
                continue
            if up is None:
                maps = [self.code_map(i, node[i], start[i]) for node in nodes]
                params[f"m{i}"] = maps if batch else maps[0]
            else:
                levels = [node[i] for node in nodes]
                params[f"f{i}"], params[f"t{i}"] = start[i], levels if batch else levels[0]
        return params

    def params(self, node: Node) -> dict[str, list[int] | int]:
        """Everything the node's check statements bind: code maps, and levels when needed."""
        params: dict[str, list[int] | int] = dict(self.map_params(node))
        if self.needs_levels:
            params.update({f"l{i}": level for i, level in enumerate(node)})
        return params

    # -- evaluation ------------------------------------------------------------------------
    def evaluate_many(self, nodes: Sequence[Node], with_risk: bool = True) -> list[NodeResult]:
        """Evaluate several nodes in batched statements: the criteria's summaries of all of
        them, then what suppression would remove from those that fail within the allowance
        (``with_risk``: and the risk limits of those that meet the criteria)."""
        if not self.batchable:
            return [self.evaluate(node, with_risk=with_risk) for node in nodes]
        return [result for result, _ in self._batched(nodes, explain=False, with_risk=with_risk)]

    def explain_many(self, nodes: Sequence[Node]) -> list[tuple[NodeResult, int]]:
        """Each node's result, decided exactly as the search decides it (:meth:`evaluate`), with
        every criterion evaluated (no screening: each outcome counts its violating classes and
        rows) and the rows (people) of the classes violating at least one criterion: in batched
        statements (one summary statement, and one union statement when some node violates
        more than one criterion) on a batchable plan, else node by node."""
        if self.batchable:
            return self._batched(nodes, explain=True)
        out = []
        for node in nodes:
            result = self.evaluate(node)  # unbatched: never screened
            out.append((result, self._union_rows(node, result.summary, None)))
        return out

    def _union_rows(self, node: Node, summary: Summary, union: Sequence[Any] | None) -> int:
        """The rows of ``node``'s classes violating at least one criterion (``union``: its union
        row, when already computed)."""
        failing = [o for o in summary.outcomes if not o.passed]
        if not failing:
            return 0
        if len(failing) == 1 and failing[0].evaluated:  # one criterion violated: its rows
            return failing[0].violating_rows
        if union is None:
            return self.violating_rows(node)
        return int(union[3] or 0)

    def remaining_failures(self, node: Node) -> list[int]:
        """The criteria over the whole table's distribution (t-closeness) that fail at ``node``
        on the rows left once its violating classes are suppressed (their indexes)."""
        if not self.global_criteria:
            return []
        again = parse_summary(
            self.engine.fetchone(self._compiled("resummary"), self.params(node)),
            [self.criteria[i] for i in self.global_criteria],
        )
        return [i for i, o in zip(self.global_criteria, again.outcomes, strict=True) if not o.passed]

    def _batched(
        self, nodes: Sequence[Node], explain: bool, with_risk: bool = True
    ) -> list[tuple[NodeResult, int]]:
        """The batched evaluation of :meth:`evaluate_many` (``explain``: of :meth:`explain_many`,
        unscreened, with each node's violating rows; else those rows are 0)."""
        by_source: dict[str, list[int]] = {}
        table_at: dict[str, tuple[Node, int]] = {}  # source table -> its levels and rows
        for index, node in enumerate(nodes):
            levels, source, rows = self.source(node)
            self._pinned.add(source)
            if self.keep_generalized(node, rows):
                source = self._generalize(node, levels, source, rows)
                levels, rows = node, self._cache[node][1]
                self._pinned.add(source)
            table_at[source] = (levels, rows)
            by_source.setdefault(source, []).append(index)
        kind = "explain" if explain else "summary"
        summaries = {
            i: parse_summary(row, self.criteria)
            for i, row in self._run_batches(nodes, by_source, table_at, kind).items()
        }
        # the union of the violating classes, batched too, where evaluate() would ask for it
        # (explaining: wherever more than one criterion is violated)
        if explain:
            wanted = {i for i, s in summaries.items() if sum(not o.passed for o in s.outcomes) > 1}
        else:
            wanted = {i for i, summary in summaries.items() if self._needs_union(summary)}
        unions: dict[int, Sequence[Any]] = {}
        if wanted:
            narrowed = {src: [i for i in idx if i in wanted] for src, idx in by_source.items()}
            unions = self._run_batches(nodes, {s: i for s, i in narrowed.items() if i}, table_at, "union")
        self._pinned.clear()
        out = []
        for i, node in enumerate(nodes):
            result = self.evaluate(node, summaries.get(i), unions.get(i), with_risk=with_risk)
            bad = self._union_rows(node, result.summary, unions.get(i)) if explain else 0
            out.append((result, bad))
        return out

    def _run_batches(
        self,
        nodes: Sequence[Node],
        by_source: dict[str, list[int]],
        table_at: dict[str, tuple[Node, int]],
        kind: str,
    ) -> dict[int, Sequence[Any]]:
        """Run the batched ``kind`` statement over the nodes of each source table, in chunks;
        each node's result row (without its batch_node) by its index in ``nodes``."""
        out: dict[int, Sequence[Any]] = {}
        for source, indexes in by_source.items():
            levels, rows = table_at[source]
            size = self.batch_size or self.costs.nodes(rows, MAX_BATCH)
            for start in range(0, len(indexes), size):
                chunk = indexes[start : start + size]
                members = [nodes[j] for j in chunk]
                kinds = self.shape(members, levels, rows)
                params = {"nodes": len(chunk), **self._bind(members, levels, kinds, batch=True)}
                sql = self._batch_sql(source, kinds, kind)
                begin = time.perf_counter()
                result = self.engine.fetchall(sql, params)
                self.costs.observe(len(chunk) * rows, time.perf_counter() - begin)
                for row in result:
                    out[chunk[int(row[0])]] = row[1:]
        return out

    def width(self, least: int, most: int) -> int:
        """How many nodes the search should ask about at once: as many of the bottom table's
        size as one statement should check by the engine's prior costs, within [least, most].
        The prior, not the measured costs: which nodes the walk checks decides which minimal
        nodes it certifies (the report's ``minimal_nodes``), and a run repeated must list the
        same ones; the measured costs only group the checks into statements."""
        caps = self.engine.capabilities
        prior = StatementCosts(caps.statement_seconds, caps.row_seconds)
        return max(least, min(most, prior.nodes(self.freq_rows, most)))

    def _needs_union(self, summary: Summary) -> bool:
        """Whether deciding a node needs the union of its violating classes: it fails, every
        criterion's violating rows fit the allowance, and more than one criterion is violated
        (with one, its violating rows are the union)."""
        if summary.passed or max(o.violating_rows for o in summary.outcomes) > self.max_suppressed:
            return False
        return not (
            all(o.evaluated for o in summary.outcomes) and sum(not o.passed for o in summary.outcomes) == 1
        )

    def evaluate(
        self,
        node: Node,
        summary: Summary | None = None,
        union: Sequence[Any] | None = None,
        with_risk: bool = True,
    ) -> NodeResult:
        """Evaluate ``node`` (``summary`` and ``union``: its first checks, when already computed
        in a batch; ``with_risk``: and, when it meets the criteria, the risk limits)."""
        result = self._evaluate_criteria(node, summary, union)
        return self._with_risk(result) if with_risk else result

    def _with_risk(self, result: NodeResult) -> NodeResult:
        """``result`` (a node's criteria) with the risk limits its published classes exceed."""
        if not result.satisfied or not self.risk_limits:
            return result
        over = self.risk_over(result.node)
        return replace(result, satisfied=False, risk=tuple(over)) if over else result

    def risk_over(self, node: Node) -> list[tuple[str, float, float]]:
        """The risk limits the classes ``node`` publishes exceed (those left once its classes
        violating the criteria are suppressed): (key, figure, limit), in one statement."""
        rows = self.engine.fetchall(self._compiled("risk_sizes"), self.params(node))
        return self._over(rows)

    def _over(self, rows: Sequence[Sequence[Any]]) -> list[tuple[str, float, float]]:
        """The risk limits exceeded by the published classes of one node's histogram rows
        (size, classes; with the journalist shares: size, F_E, classes)."""
        if self.population_index is None:
            return over_limits(_sizes(rows), self.risk_threshold, self.risk_limits)
        population = sorted((int(size), int(f), int(n)) for size, f, n in rows if int(size) > 0)
        return over_limits(_sizes(rows), self.risk_threshold, self.risk_limits, population)

    def risk_over_many(self, nodes: Sequence[Node]) -> list[list[tuple[str, float, float]]]:
        """:meth:`risk_over` of each of ``nodes``: in one statement per MAX_BATCH nodes (rolled
        up from the bottom table, the node part of the class key) on a batchable plan."""
        if not self.batchable or self.needs_levels or len(nodes) < 2:
            return [self.risk_over(node) for node in nodes]
        out = []
        for start in range(0, len(nodes), MAX_BATCH):
            chunk = nodes[start : start + MAX_BATCH]
            params = {"nodes": len(chunk), **self._bind(chunk, self.bottom, None, batch=True)}
            rows: list[list[Sequence[Any]]] = [[] for _ in chunk]
            for index, *row in self.engine.fetchall(self._risk_batch_sql(), params):
                rows[int(index)].append(row)
            out += [self._over(r) for r in rows]
        return out

    def _risk_batch_sql(self) -> str:
        """Per node of a batch (rolled up from the bottom table): the size histogram of the
        classes it publishes (batch_node, size, classes)."""
        if "risk_batch" not in self._sql:
            query = _size_histogram(
                self.plan.with_keys(["batch_node", *self.keys]),
                "batch_node",
                population=self.population_index,
            )
            self._sql["risk_batch"] = self._with_input(query, "input", self.rollup_batch(), batch=True)
        return self._sql["risk_batch"]

    def published_sizes(self, node: Node) -> list[tuple[int, int]]:
        """(size, classes) of the classes ``node`` publishes (those left once its classes
        violating the criteria are suppressed), smallest first: what risk.measure reads."""
        return _sizes(self.engine.fetchall(self._compiled("risk_sizes"), self.params(node)))

    def _evaluate_criteria(
        self, node: Node, summary: Summary | None = None, union: Sequence[Any] | None = None
    ) -> NodeResult:
        self.evaluations += 1
        params = self.params(node)
        if summary is None:
            summary = parse_summary(self.engine.fetchone(self._compiled("summary"), params), self.criteria)
        if summary.passed:
            return NodeResult(node, True, summary, 0)
        worst_rows = max(o.violating_rows for o in summary.outcomes)
        if worst_rows > self.max_suppressed:
            return NodeResult(node, False, summary, worst_rows)
        if not self._needs_union(summary):  # one criterion violated: its rows are the union
            bad_rows = next(o.violating_rows for o in summary.outcomes if not o.passed)
        else:
            if union is None:
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

    def violating_rows(self, node: Node) -> int:
        """The rows of the node's classes that violate at least one criterion: what suppression
        would have to remove."""
        return int(self.engine.fetchone(self._compiled("union"), self.params(node))[3] or 0)

    def outcome(self, node: Node) -> NodeResult:
        """The node's result as the search's oracle found it, else evaluated now."""
        return self.outcomes.get(node) or self.evaluate(node)

    def satisfied(self, nodes: Sequence[Node]) -> list[bool]:
        """The batch oracle of the search: whether each node satisfies the requirement (the
        results of the nodes that do are kept in :attr:`outcomes`: only those are asked for
        again, by the ranking; a failing node's result would be about 700 bytes per criterion
        held for nothing, and exhaustive checks every node of the lattice)."""
        results = {n: self._criteria_passed[n] for n in nodes if n in self._criteria_passed}
        rest = [n for n in nodes if n not in results]
        if rest:
            results.update(zip(rest, self.evaluate_many(rest, with_risk=False), strict=True))
        if self.risk_limits:  # the limits of the nodes meeting the criteria, in batched statements
            passing = list(dict.fromkeys(n for n in nodes if results[n].satisfied))
            for node, over in zip(passing, self.risk_over_many(passing), strict=True):
                if over:
                    results[node] = replace(results[node], satisfied=False, risk=tuple(over))
        self.outcomes.update((n, r) for n, r in results.items() if r.satisfied)
        return [results[n].satisfied for n in nodes]

    def criteria_satisfied(self, nodes: Sequence[Node]) -> list[bool]:
        """The criteria's part of :meth:`satisfied`, without the risk limits (the monotone part
        a search prunes with when the limits are not monotone, see sqlanon.search.risk); the
        nodes that pass are kept, so that :meth:`satisfied` then checks only their limits."""
        results = self.evaluate_many(nodes, with_risk=False)
        self._criteria_passed.update((r.node, r) for r in results if r.satisfied)
        return [r.satisfied for r in results]

    def verdicts_sql(self) -> str:
        """Per-class verdicts at the node whose maps are bound: keys..., size, b_i, v_i, bad."""
        return self._compiled("verdicts")

    def verdicts_query(self) -> exp.Select:
        """The same query as :meth:`verdicts_sql`, as a sqlglot tree (built once)."""
        if self._verdicts_tree is None:
            self._verdicts_tree = self._tree_with_input(self.plan.verdicts("input"), "input")
        return self._verdicts_tree


def _sizes(rows: Sequence[Sequence[Any]]) -> list[tuple[int, int]]:
    """(size, classes) of a size histogram's rows (size, classes or size, F_E, classes), the
    sizes added up over F_E, smallest first (what risk.measure reads)."""
    out: dict[int, int] = {}
    for row in rows:
        size, n = int(row[0]), int(row[-1])
        if size > 0:
            out[size] = out.get(size, 0) + n
    return sorted(out.items())


def _size_histogram(plan: CheckPlan, *by: str, population: int | None = None) -> exp.Select:
    """(``by``..., size, classes): how many classes of each size ``plan`` publishes (its classes
    that violate no criterion), per value of the ``by`` columns (a batch's node index);
    ``population``: the index of a criterion whose value is the class's persons of the
    population (k-map with the population table): (``by``..., size, f, classes)."""
    size = exp.column(exp.to_identifier("size", quoted=True))
    group = [exp.column(exp.to_identifier(name, quoted=True)) for name in by]
    keys = [exp.alias_(exp.cast(size, "BIGINT"), "size", quoted=True)]
    grouped: list[exp.Expr] = [size]
    if population is not None:
        persons = exp.column(exp.to_identifier(f"v{population}", quoted=True))
        keys.append(exp.alias_(exp.cast(persons, "BIGINT"), "f", quoted=True))
        grouped.append(persons)
    return (
        exp.select(
            *group,
            *keys,
            exp.alias_(exp.cast(exp.func("COUNT", exp.Star()), "BIGINT"), "classes", quoted=True),
        )
        .from_(plan.verdicts("input").subquery(exp.to_identifier("v", quoted=True)))
        .where(exp.not_(exp.column(exp.to_identifier("bad", quoted=True))))
        .group_by(*group, *grouped)
    )
