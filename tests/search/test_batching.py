"""How many nodes a search statement checks: from the statements' measured costs
(sqlanon.search.batching), not a fixed constant; and the search's width follows them."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.demo import write_demo
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.search import batching
from sqlanon.search.batching import StatementCosts
from sqlanon.search.evaluator import MAX_BATCH, NodeEvaluator
from sqlanon.search.lattice import Lattice
from tests.support.cases import seeds


@pytest.mark.parametrize("seed", seeds(20))
def test_the_fit_recovers_a_statements_fixed_and_row_costs(seed: int) -> None:
    """Statements of random sizes whose time is L + c * rows (within 1 %): whatever the prior,
    the fit predicts their times, finds L and c where the noise leaves them visible, and a
    statement then gets SHARE x L / c rows."""
    rng = random.Random(seed)
    fixed, per_row = 10 ** rng.uniform(-3, 1), 10 ** rng.uniform(-9, -5)
    costs = StatementCosts(statement_seconds=rng.uniform(1e-4, 10), row_seconds=rng.uniform(1e-10, 1e-4))
    longest = 0.0
    for _ in range(batching.WINDOW):
        rows = int(10 ** rng.uniform(2, 7))
        seconds = (fixed + per_row * rows) * rng.uniform(0.99, 1.01)
        costs.observe(rows, seconds)
        longest = max(longest, seconds)
    got_fixed, got_row = costs.fitted()
    # the fitted line predicts every size's time within the noise of the longest statement
    for rows in (10**2, 10**3, 10**4, 10**5, 10**6, 10**7):
        assert got_fixed + got_row * rows == pytest.approx(fixed + per_row * rows, abs=0.03 * longest)
    # and each part where it is not lost in that noise
    if fixed > 0.1 * longest:
        assert got_fixed == pytest.approx(fixed, rel=0.1)
    if per_row * 10**7 > 0.5 * longest:
        assert got_row == pytest.approx(per_row, rel=0.1)
    assert costs.rows_per_statement() == pytest.approx(batching.SHARE * got_fixed / got_row)


def test_before_a_fit_the_prior_is_scaled_to_what_ran() -> None:
    """No statement yet: the prior. One (or all of one size): the prior's split of a statement
    between its fixed and row costs, scaled to the time observed. A slope or an intercept that
    is not positive: that part is lost in the noise of the other."""
    costs = StatementCosts(statement_seconds=0.01, row_seconds=1e-6)
    assert costs.fitted() == (0.01, 1e-6)
    costs.observe(10_000, 0.04)  # the prior says 0.02 s: everything twice as slow
    assert costs.fitted() == pytest.approx((0.02, 2e-6))
    costs.observe(10_000, 0.04)
    assert costs.fitted() == pytest.approx((0.02, 2e-6))
    flat = StatementCosts(statement_seconds=0.01, row_seconds=1e-6)
    flat.observe(1_000, 0.5)
    flat.observe(100_000, 0.1)  # larger and faster: the rows' cost is lost in the fixed cost
    fixed, per_row = flat.fitted()
    assert fixed == pytest.approx(0.3) and 0 < per_row
    assert flat.nodes(100_000, 64) == 64  # batch as widely as allowed
    steep = StatementCosts(statement_seconds=0.01, row_seconds=1e-6)
    steep.observe(1_000, 0.001)
    steep.observe(100_000, 0.2)  # the line would cross zero above 0 rows: no visible fixed cost
    fixed, per_row = steep.fitted()
    assert fixed == pytest.approx(1e-5) and per_row == pytest.approx((1e3 * 1e-3 + 1e5 * 0.2) / (1e6 + 1e10))
    assert steep.nodes(1_000, 64) == 1


@pytest.mark.parametrize(
    ("fixed", "per_row", "rows"),
    [
        (3.0, 1e-6, 1_000_000),  # Spark: seconds per statement, many nodes of 1M rows
        (0.004, 1e-7, 1_000_000),  # DuckDB: a node or two of 1M rows
        (0.004, 1e-7, 18_000),
        (0.004, 1e-7, 100),  # more than a batch holds
        (0.004, 1e-7, 10**12),  # less than one node
    ],
)
def test_nodes_per_statement(fixed: float, per_row: float, rows: int) -> None:
    """As many nodes as fit SHARE x L / c rows, at least one, at most ``most``: the statement's
    fixed cost is then at most 1/(SHARE+1) of it, and one more node would make it less."""
    costs = StatementCosts(statement_seconds=fixed, row_seconds=per_row)
    most = 64
    nodes = costs.nodes(rows, most)
    assert 1 <= nodes <= most

    def fixed_share(n: int) -> float:
        return fixed / (fixed + per_row * n * rows)

    share = 1 / (batching.SHARE + 1)
    if nodes > 1:  # not too many: the fixed cost is still at least its share
        assert fixed_share(nodes) >= share * 0.999999
    if nodes < most:  # not too few: one more node would take it below its share
        assert fixed_share(nodes + 1) < share


def _evaluator(tmp_path: Path, engine: DuckDBEngine) -> tuple[NodeEvaluator, Lattice]:
    anonymize_yaml, _ = write_demo(tmp_path, rows=400)
    config = parse_config(yaml.safe_load(anonymize_yaml.read_text()), tmp_path)
    encoded = encode(engine, config, read_table(engine, config.source))
    criteria = [make_criterion(c) for c in config.criteria]
    return NodeEvaluator(engine, encoded, criteria, 0.0), Lattice([q.height for q in encoded.qis])


def test_the_evaluator_batches_by_the_measured_costs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same nodes, the same answers: in one statement when the engine's statements are
    measured to cost far more than their rows, one node per statement when rows cost far
    more; every statement is recorded; the search's width stays the prior's."""
    engine = DuckDBEngine()
    try:
        evaluator, lattice = _evaluator(tmp_path, engine)
        nodes = list(lattice.nodes())[:40]
        statements: list[int] = []
        fetchall = engine.fetchall

        def counted(sql: Any, params: Any = None) -> Any:
            if params and "nodes" in params:
                statements.append(int(params["nodes"]))
            return fetchall(sql, params)

        monkeypatch.setattr(engine, "fetchall", counted)
        answers = []
        for fixed, per_row in ((10.0, 1e-12), (1e-12, 10.0)):
            evaluator.costs = StatementCosts(fixed, per_row)
            for _ in range(3):  # measured statements that agree with the prior
                evaluator.costs.observe(1000, fixed + per_row * 1000)
                evaluator.costs.observe(5000, fixed + per_row * 5000)
            statements.clear()
            answers.append(evaluator.satisfied(nodes))
            assert sum(statements) == len(nodes)
            if fixed > per_row:
                assert statements == [len(nodes)]
            else:
                assert statements == [1] * len(nodes)
            # the search's width is the engine's prior's, whatever was measured: a run
            # repeated checks the same nodes and lists the same minimal nodes
            caps = engine.capabilities
            want = StatementCosts(caps.statement_seconds, caps.row_seconds).nodes(evaluator.freq_rows, 32)
            assert evaluator.width(4, 32) == max(4, want)
            # each statement was measured: its rows (nodes x the bottom table's) and its time
            assert evaluator.costs.observed[-1][0] == statements[-1] * evaluator.freq_rows
        assert answers[0] == answers[1]
        assert MAX_BATCH >= len(nodes)
    finally:
        engine.close()
