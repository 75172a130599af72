"""How many lattice nodes a statement should check: from the engine's measured cost per statement.

A batched check of B nodes rolled up from a table of F rows costs about L + c * B * F seconds: L
the statement's fixed cost (parse, plan, schedule: about 3 ms in DuckDB, seconds of Spark jobs),
c the cost per rolled-up row. A batch is worth widening while L is a noticeable share of it, so a
statement is given about ``SHARE`` x L / c rows (then L is at most 1 / (SHARE + 1) of it): many
nodes of a small table, few of a large one, and on an engine whose statements cost seconds many
nodes even of a large table.

L and c are fitted to the search's own statements (least squares over the last ``WINDOW``
(rows, seconds) pairs); before two statements of different sizes have run, the engine's prior
(:class:`~sqlanon.engines.base.Capabilities` ``statement_seconds`` and ``row_seconds``) is scaled
to what was observed. Fitted once per batch of nodes: a few dozen sums, not per row.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

#: a statement gets SHARE x L / c rows: its fixed cost is then at most 1/(SHARE+1) of it (with 19, 5 %,
#: DuckDB split Adult's batches in more statements than a fixed 2M rows did, and ran 3-15 % slower)
SHARE = 50
#: the statements the fit reads (the latest)
WINDOW = 32


@dataclass
class StatementCosts:
    """The cost per statement and per row of one kind of statement, fitted as statements run."""

    #: the engine's prior: seconds per statement and per rolled-up row
    statement_seconds: float
    row_seconds: float
    observed: deque[tuple[float, float]] = field(default_factory=lambda: deque(maxlen=WINDOW))

    def observe(self, rows: int, seconds: float) -> None:
        """A statement that rolled up ``rows`` rows took ``seconds``."""
        self.observed.append((float(max(rows, 1)), max(seconds, 0.0)))

    def fitted(self) -> tuple[float, float]:
        """(L, c): seconds per statement and per row. Least squares over the observed statements
        when their sizes differ: where the line's intercept is not positive the fixed cost is
        lost in the noise (the line is fitted through the origin, L a hundredth of the fastest
        statement), where its slope is not positive the rows' cost is (c a thousandth of the
        mean statement over the largest rows). With statements of one size only, the prior
        scaled to their mean time."""
        n = len(self.observed)
        if not n:
            return self.statement_seconds, self.row_seconds
        mean_r = sum(r for r, _ in self.observed) / n
        mean_t = sum(t for _, t in self.observed) / n
        var = sum((r - mean_r) ** 2 for r, _ in self.observed)
        if n >= 2 and var > 0 and mean_t > 0:
            c = sum((r - mean_r) * (t - mean_t) for r, t in self.observed) / var
            fixed = mean_t - c * mean_r
            if c <= 0:
                return mean_t, 1e-3 * mean_t / max(r for r, _ in self.observed)
            if fixed <= 0:
                through_origin = sum(r * t for r, t in self.observed) / sum(r * r for r, _ in self.observed)
                return max(0.01 * min(t for _, t in self.observed), 1e-9), through_origin
            return fixed, c
        prior = self.statement_seconds + self.row_seconds * mean_r
        scale = mean_t / prior if prior > 0 and mean_t > 0 else 1.0
        return self.statement_seconds * scale, self.row_seconds * scale

    def rows_per_statement(self) -> float:
        """The rows a statement should roll up: SHARE x L / c."""
        fixed, per_row = self.fitted()
        return SHARE * fixed / per_row

    def nodes(self, rows: int, most: int) -> int:
        """Nodes per statement when each rolls up a table of ``rows`` rows: at least 1, at most
        ``most``."""
        return max(1, min(most, int(self.rows_per_statement() // max(rows, 1))))


__all__ = ["SHARE", "StatementCosts"]
