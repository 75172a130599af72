"""sqlanon's search vs a naive SQL search, and the search in units of one GROUP BY scan
(issue 5, targets 4b and 4c).

Tables: Adult (30,162 rows) and Adult replicated 100 times (3,016,200 rows, generated into a
temporary folder as bench_scale.py does, not timed). Criterion: k-anonymity, k=5 on Adult and
k=500 on the replicated table (every class is 100 times larger: the same satisfying nodes), the
7 QIs of the other Adult benchmarks (2,160-node lattice), metric precision.

* sqlanon: read + encode (the one pass over the source), then the search and the choice of the
  node (``run_search`` + ``best_node``) with ``search: optimal`` (the default) and, for
  reference, ``incognito``, in one engine per repetition.
* naive: the same table loaded in DuckDB, each QI's hierarchy as a table (value, l0, l1, ...);
  every lattice node is its own ``SELECT MIN(c) FROM (SELECT COUNT(*) c FROM source JOIN the
  hierarchies GROUP BY the node's level columns)``. On Adult every node is timed and the naive
  best node (the satisfying node of least precision loss) must be sqlanon's; on the replicated
  table a random sample of ``--sample`` nodes is timed and the sum is extrapolated to the
  lattice (stated in the output).
* scan: ``SELECT <QIs>, COUNT(*) FROM source GROUP BY <QIs>`` on the loaded table, median of 5;
  the search is reported in units of it (target 4c: at most 10 at 3M rows).

Run ``python benchmarks/bench_naive.py --repeat 5``.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path

import duckdb
from bench_scale import generate
from common import ADULT_CSV, QUASI, adult_config, base_parser, hierarchy_path, machine, prepare

from sqlanon.hierarchy import read_arx_csv
from sqlanon.release.lattice import best_node, run_search
from sqlanon.search.evaluator import search_threads
from sqlanon.search.lattice import Lattice

RATIO_TARGET = 100.0
SCANS_TARGET = 10.0


def sqlanon_search(
    source: Path, repeat: int, k: int, search: str
) -> tuple[float, list[float], tuple[int, ...], int, int]:
    """Encode (timed), then the search + node choice, ``repeat`` times (a fresh engine each)."""
    times = []
    encode_s = 0.0
    node: tuple[int, ...] = ()
    evaluations = size = 0
    for _ in range(repeat):
        p = prepare(f"k={k}", adult_config([{"k-anonymity": {"k": k}}], source=source, search=search))
        encode_s = p.encode_seconds
        start = time.perf_counter()
        result, evaluator = run_search(p.engine, p.encoded, p.criteria, p.config, None)
        with p.engine.threads(search_threads(p.encoded)):
            node = best_node(p.engine, p.encoded, evaluator, result.minimal, p.config)[0]
        times.append(time.perf_counter() - start)
        evaluations = result.evaluations
        size = Lattice(tuple(d.height for d in p.encoded.qis)).size
        p.close()
    return encode_s, times, node, evaluations, size


class Naive:
    """One GROUP BY over the source per lattice node."""

    def __init__(self, source: Path, k: int) -> None:
        self.k = k
        self.con = duckdb.connect()
        if source.suffix == ".csv":
            self.con.execute(
                "CREATE TABLE src AS SELECT * FROM read_csv(?, delim=';', header=true, all_varchar=true)",
                [str(source)],
            )
        else:
            self.con.execute("CREATE TABLE src AS SELECT * FROM read_parquet(?)", [str(source)])
        self.heights = []
        for i, column in enumerate(QUASI):
            h = read_arx_csv(column, hierarchy_path(column))
            width = len(h.rows[0])
            self.heights.append(width - 1)
            cols = ", ".join(f'"l{j}" VARCHAR' for j in range(width))
            self.con.execute(f'CREATE TABLE "h{i}" ("v" VARCHAR, {cols})')
            self.con.executemany(
                f'INSERT INTO "h{i}" VALUES ({", ".join("?" for _ in range(width + 1))})',
                [[row[0], *row] for row in h.rows],
            )

    def sql(self, node: tuple[int, ...]) -> str:
        joins = " ".join(f'JOIN "h{i}" ON "src"."{q}" = "h{i}"."v"' for i, q in enumerate(QUASI))
        keys = ", ".join(f'"h{i}"."l{level}"' for i, level in enumerate(node))
        return f'SELECT MIN("c") FROM (SELECT COUNT(*) AS "c" FROM "src" {joins} GROUP BY {keys})'

    def check(self, node: tuple[int, ...]) -> tuple[bool, float]:
        start = time.perf_counter()
        (smallest,) = self.con.execute(self.sql(node)).fetchone()  # type: ignore[misc]
        return smallest >= self.k, time.perf_counter() - start

    def scan(self, repeat: int = 5) -> float:
        keys = ", ".join(f'"{q}"' for q in QUASI)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            self.con.execute(f'SELECT {keys}, COUNT(*) FROM "src" GROUP BY {keys}').fetchall()
            times.append(time.perf_counter() - start)
        return statistics.median(times)


def precision(node: tuple[int, ...], heights: list[int]) -> tuple[Fraction, int, tuple[int, ...]]:
    return (sum(Fraction(lv, h) for lv, h in zip(node, heights, strict=True) if h), sum(node), node)


def main() -> None:
    parser = base_parser(__doc__.splitlines()[0], repeat=5)
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument("--sample", type=int, default=100, help="naive nodes timed on the replicated table")
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        tables = [
            ("Adult", ADULT_CSV),
            (f"Adult x{args.copies}", generate(Path(tmp), args.copies, "parquet")),
        ]
        rows = []
        for name, source in tables:
            k = 5 if name == "Adult" else 5 * args.copies
            encode_s, times, node, evaluations, size = sqlanon_search(source, args.repeat, k, "optimal")
            _, inc_times, inc_node, inc_evaluations, _ = sqlanon_search(source, args.repeat, k, "incognito")
            assert inc_node == node, (inc_node, node)
            ours = statistics.median(times)
            naive = Naive(source, k)
            scan = naive.scan()
            lattice = Lattice(tuple(naive.heights))
            nodes = list(lattice.nodes())
            if name == "Adult":
                results = {n: naive.check(n) for n in nodes}
                naive_s = sum(t for _, t in results.values())
                best = min(
                    (n for n, (ok, _) in results.items() if ok), key=lambda n: precision(n, naive.heights)
                )
                assert best == node, f"naive best {best} != sqlanon's {node}"
                how = f"all {len(nodes)} nodes"
            else:
                sample = random.Random(1).sample(nodes, min(args.sample, len(nodes)))
                naive_s = sum(naive.check(n)[1] for n in sample) * len(nodes) / len(sample)
                how = f"{len(sample)} random nodes, x{len(nodes) / len(sample):.1f}"
            naive.con.close()
            rows.append(
                (name, k, encode_s, ours, evaluations, size, statistics.median(inc_times), inc_evaluations)
                + (naive_s, how, scan)
            )
    print(f"precision; sqlanon: medians of {args.repeat} (search + node choice, after encoding)")
    print(
        "| table | k | sqlanon encode | optimal search (checked) | incognito search (checked) | naive search | "
        "ratio naive / optimal | 4b | one GROUP BY scan | optimal search in scans | encode + search in scans | 4c |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, k, encode_s, ours, evaluations, size, inc_s, inc_evals, naive_s, how, scan in rows:
        ratio = naive_s / ours
        total = (encode_s + ours) / scan
        print(
            f"| {name} | {k} | {encode_s:.3f} s | {ours:.3f} s ({evaluations} / {size}) | "
            f"{inc_s:.3f} s ({inc_evals} / {size}) | {naive_s:.1f} s ({how}) | {ratio:,.0f}x | "
            f"{'met' if ratio >= RATIO_TARGET else 'NOT met'} | {scan * 1000:.1f} ms | {ours / scan:.1f} | "
            f"{total:.1f} | {'met' if total <= SCANS_TARGET else 'NOT met'} |"
        )


if __name__ == "__main__":
    main()
