"""Search benchmarks on Adult (targets 1-3 of the performance issue).

1. k=5: all minimal nodes of the 2,160-node lattice in at most 1 s (search only: the source is
   read and encoded once, then ``run_search`` is timed); end-to-end ``anonymize`` is reported
   separately.
2. k=5 plus one l-diversity or t-closeness criterion: at most 2x the k-only search time, the
   ratio measured in the same run (sets are interleaved in every repetition).
3. One node check (``NodeEvaluator.evaluate``) at most 5 ms median on random nodes.

Also printed: node evaluations per search and where the search time goes (inside DuckDB vs
Python). Run ``python benchmarks/bench_search.py --repeat 7``.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from common import (
    ADULT_CSV,
    K_ONLY,
    CallStats,
    Prepared,
    adult_config,
    anonymize_in_child,
    apply_engine_settings,
    base_parser,
    count_engine_time,
    criteria_sets,
    machine,
    median,
    ms,
    percentile,
    prepare,
    table,
    verdict,
)

from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.release.lattice import run_search
from sqlanon.search.evaluator import NodeEvaluator, search_threads
from sqlanon.search.lattice import Lattice

SEARCH_TARGET = 1.0  # s, k=5
RATIO_TARGET = 2.0  # x k-only
NODE_TARGET = 0.005  # s, median per node


def time_search(p: Prepared) -> tuple[float, int, int]:
    start = time.perf_counter()
    result, _ = run_search(p.engine, p.encoded, p.criteria, p.config, None)
    return time.perf_counter() - start, result.evaluations, len(result.minimal)


def bench_searches(prepared: list[Prepared], repeat: int, warmup: int) -> dict[str, dict[str, float]]:
    for _ in range(warmup):
        for p in prepared:
            time_search(p)
    times: dict[str, list[float]] = {p.name: [] for p in prepared}
    info: dict[str, dict[str, float]] = {}
    for rep in range(repeat):
        # rotate the order so no set is always first (or last) after a pause
        order = prepared[rep % len(prepared) :] + prepared[: rep % len(prepared)]
        for p in order:
            seconds, evaluations, minimal = time_search(p)
            times[p.name].append(seconds)
            info[p.name] = {"evaluations": evaluations, "minimal": minimal}
    for name, values in times.items():
        info[name]["median"] = median(values)
        info[name]["min"] = min(values)
        info[name]["max"] = max(values)
        # ratio per repetition (same repetition, adjacent in time), then its median
        info[name]["ratios"] = [v / k for v, k in zip(values, times[K_ONLY], strict=True)]  # type: ignore[assignment]
    return info


def profile_search(p: Prepared) -> dict[str, float]:
    """One search with DuckDB time accounted (wrapping DuckDBEngine.fetchall)."""
    stats = CallStats()
    with count_engine_time(stats):
        start = time.perf_counter()
        result, _ = run_search(p.engine, p.encoded, p.criteria, p.config, None)
        total = time.perf_counter() - start
    return {
        "total": total,
        "evaluations": result.evaluations,
        "queries": stats.calls,
        "engine": stats.seconds,
        "python": total - stats.seconds,
        "satisfying": len(result.satisfying),
    }


def bench_nodes(
    p: Prepared, nodes: list[tuple[int, ...]], repeat: int, batch: int = 0, **options: Any
) -> dict[str, float]:
    """:func:`_bench_nodes` with the DuckDB threads the pipeline's search uses."""
    with p.engine.threads(search_threads(p.encoded)):
        return _bench_nodes(p, nodes, repeat, batch, **options)


def _bench_nodes(
    p: Prepared, nodes: list[tuple[int, ...]], repeat: int, batch: int = 0, **options: Any
) -> dict[str, float]:
    """Median and p90 of one evaluate() per node, median over passes (a fresh evaluator per pass,
    its code maps read before timing).

    Also ``fixed``: the median time of each node's first check query replayed over an empty copy
    of the frequency table, i.e. the fixed cost of a check (parameter binding, DuckDB parse,
    bind, optimize) without the data work; and ``batched``: the amortized time per node of
    ``evaluate_many`` on chunks of ``batch`` nodes, when the evaluator has it.
    """

    def fresh() -> NodeEvaluator:
        """A new evaluator (empty node cache, if it has one) with its code maps already read."""
        evaluator = NodeEvaluator(p.engine, p.encoded, p.criteria, p.config.suppression_limit, **options)
        if hasattr(evaluator, "params"):
            for node in nodes:
                evaluator.params(node)
        return evaluator

    # warm-up pass (DuckDB caches), capturing the first query each node sends
    evaluator = fresh()
    sent: list[tuple[str, Any]] = []
    original = DuckDBEngine.fetchall

    def capture(self: DuckDBEngine, sql: Any, params: Any = None) -> list[tuple[Any, ...]]:
        sent.append((sql if isinstance(sql, str) else sql.sql(dialect="duckdb"), params))
        return original(self, sql, params)

    first_queries = []
    DuckDBEngine.fetchall = capture  # type: ignore[method-assign]
    try:
        for node in nodes:
            sent.clear()
            evaluator.evaluate(node)
            # the first query bound to code maps ($m0..): the node's check
            first_queries.append(next(q for q in sent if isinstance(q[1], dict) and "m0" in q[1]))
    finally:
        DuckDBEngine.fetchall = original  # type: ignore[method-assign]
    medians, p90s, means = [], [], []
    for _ in range(repeat):
        evaluator = fresh()  # no node cached by an earlier pass
        samples = []
        for node in nodes:
            start = time.perf_counter()
            evaluator.evaluate(node)
            samples.append(time.perf_counter() - start)
        medians.append(median(samples))
        p90s.append(percentile(samples, 0.9))
        means.append(sum(samples) / len(samples))
    empty = p.engine.temp_name("bench_empty_freq")
    p.engine.execute(f'CREATE TEMP TABLE "{empty}" AS SELECT * FROM "{p.encoded.freq}" LIMIT 0')
    fixed = []
    for sql, params in first_queries:
        # any table the query reads (the bottom table, or a cached node's table) becomes empty
        sql = sql.replace(f'"{p.encoded.freq}"', f'"{empty}"')
        if isinstance(params, dict):
            params = {k: (empty if isinstance(v, str) else v) for k, v in params.items()}
        start = time.perf_counter()
        p.engine.fetchall(sql, params)
        fixed.append(time.perf_counter() - start)
    p.engine.drop(empty)
    out = {"median": median(medians), "p90": median(p90s), "mean": median(means), "fixed": median(fixed)}
    if batch and hasattr(evaluator, "evaluate_many"):
        # amortized cost per node when the evaluator checks several nodes in one statement
        per_node = []
        for _ in range(repeat):
            evaluator = fresh()
            start = time.perf_counter()
            for i in range(0, len(nodes), batch):
                evaluator.evaluate_many(nodes[i : i + batch])
            per_node.append((time.perf_counter() - start) / len(nodes))
        out["batched"] = median(per_node)
    return out


def bench_anonymize(names: list[str], sets: dict, args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """End-to-end anonymize of Adult per criteria set, each run in a fresh process (time limit)."""
    out: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="sqlanon-bench-") as tmp:
        for i, name in enumerate(names):
            spec = {
                "criteria": sets[name],
                "source": str(ADULT_CSV),
                "output": str(Path(tmp) / f"out{i}.csv"),
                "suppression": args.suppression,
                "threads": args.threads,
                "memory_limit": args.memory_limit or None,
            }
            results = []
            for _ in range(max(1, min(args.repeat, 3))):
                result = anonymize_in_child(spec, args.timeout)
                if "error" in result:
                    out[name] = {"error": result["error"], "results": results}
                    break
                results.append(result)
            else:
                out[name] = {"results": results}
    return out


def verify(p: Prepared) -> bool:
    """Incognito's minimal nodes equal the exhaustive search's (slow: every node is evaluated)."""
    from dataclasses import replace

    inc, _ = run_search(p.engine, p.encoded, p.criteria, p.config, None)
    exh, _ = run_search(p.engine, p.encoded, p.criteria, replace(p.config, search="exhaustive"), None)
    return sorted(inc.minimal) == sorted(exh.minimal)


def main() -> None:
    parser = base_parser(__doc__.splitlines()[0], repeat=7)
    parser.add_argument(
        "--nodes", type=int, default=300, help="random nodes for the per-node check (default 300)"
    )
    parser.add_argument(
        "--batch",
        type=int,
        default=50,
        help="nodes per evaluate_many call for the batched column (default 50)",
    )
    parser.add_argument("--warmup", type=int, default=1, help="untimed searches per set first (default 1)")
    parser.add_argument("--suppression", type=float, default=0.0, help="suppression limit (default 0)")
    parser.add_argument("--only", nargs="*", default=None, help="criteria set names to run (default all)")
    parser.add_argument("--skip-anonymize", action="store_true", help="skip the end-to-end anonymize timings")
    parser.add_argument(
        "--e2e-all", action="store_true", help="end-to-end anonymize for every set (default k=5 only)"
    )
    parser.add_argument("--verify", action="store_true", help="also compare with exhaustive search (slow)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    apply_engine_settings(args.threads, args.memory_limit or None)

    sets = criteria_sets()
    names = [n for n in sets if args.only is None or n in args.only or n == K_ONLY]
    print(f"sqlanon search benchmark on Adult - {machine()}")
    print(
        f"repeat={args.repeat} warmup={args.warmup} suppression_limit={args.suppression} threads={args.threads or 'default'}"
    )

    prepared = [prepare(n, adult_config(sets[n], suppression_limit=args.suppression)) for n in names]
    k_only = prepared[0]
    lattice = Lattice(tuple(d.height for d in k_only.encoded.qis))
    print(
        f"rows={k_only.encoded.rows:,}  lattice={lattice.size:,} nodes (heights {lattice.heights})  "
        f"read+encode k=5: {ms(k_only.encode_seconds)}"
    )

    # -- targets 1 and 2 --------------------------------------------------------------------
    info = bench_searches(prepared, args.repeat, args.warmup)
    base = info[K_ONLY]["median"]
    rows = []
    for p in prepared:
        i = info[p.name]
        ratio = i["median"] / base
        rows.append(
            [
                p.name,
                int(i["evaluations"]),
                int(i["minimal"]),
                ms(i["median"]),
                f"{ms(i['min'])} / {ms(i['max'])}",
                ms(i["median"] / i["evaluations"]),
                "-" if p.name == K_ONLY else f"{ratio:.2f}x (per-rep median {median(i['ratios']):.2f}x)",  # type: ignore[arg-type]
                verdict(i["median"], SEARCH_TARGET) + " (<= 1 s)"
                if p.name == K_ONLY
                else verdict(ratio, RATIO_TARGET) + " (<= 2x)",
            ]
        )
    print("\nSearch only (encode once, run_search timed), Incognito")
    print(
        table(
            [
                "criteria",
                "evaluations",
                "minimal",
                "median",
                "min / max",
                "per eval",
                "ratio to k=5",
                "target",
            ],
            rows,
        )
    )

    # -- where the time goes ----------------------------------------------------------------
    rows = []
    for p in prepared:
        prof = profile_search(p)
        rows.append(
            [
                p.name,
                int(prof["evaluations"]),
                int(prof["queries"]),
                ms(prof["total"]),
                ms(prof["engine"]),
                ms(prof["python"]),
                f"{prof['engine'] / prof['total']:.0%}",
                ms(prof["engine"] / max(prof["queries"], 1)),
            ]
        )
    print(
        "\nProfile of one search (DuckDB = time inside DuckDBEngine.fetchall/execute: parse, bind, plan, execute, fetch; "
        "statements = checks + code-map reads)"
    )
    print(
        table(
            [
                "criteria",
                "evaluations",
                "statements",
                "total",
                "DuckDB",
                "Python",
                "DuckDB share",
                "per statement",
            ],
            rows,
        )
    )

    # -- target 3 ----------------------------------------------------------------------------
    rng = random.Random(args.seed)
    all_nodes = list(lattice.nodes())
    nodes = rng.sample(all_nodes, min(args.nodes, len(all_nodes)))
    rows = []
    passes = max(1, min(args.repeat, 3))
    variants: list[tuple[Prepared, str, dict[str, Any]]] = [(p, p.name, {}) for p in prepared]
    for p, label, options in variants:
        r = bench_nodes(p, nodes, passes, args.batch, **options)
        batched = ms(r["batched"]) if "batched" in r else "n/a"
        target = f"{verdict(r['median'], NODE_TARGET)} (<= 5 ms)" if label.startswith(K_ONLY) else "(info)"
        rows.append([label, ms(r["median"]), ms(r["p90"]), ms(r["mean"]), ms(r["fixed"]), batched, target])
    print(
        f"\nOne node check: NodeEvaluator.evaluate on {len(nodes)} random nodes (seed {args.seed}, fresh evaluator per pass, code maps read first, "
        f"median of {passes} passes); 'fixed cost' = the node's check query on an empty frequency table"
    )
    print(
        table(
            [
                "criteria",
                "median",
                "p90",
                "mean",
                "fixed cost (median)",
                f"batched, per node ({args.batch}/statement)",
                "target",
            ],
            rows,
        )
    )

    # -- end to end --------------------------------------------------------------------------
    if not args.skip_anonymize:
        chosen = names if args.e2e_all else [K_ONLY]
        res = bench_anonymize(chosen, sets, args)
        print(
            "\nEnd-to-end anonymize (read CSV + encode + search + rank + publish CSV + gate), "
            f"fresh process per run, timeout {args.timeout:g} s, memory_limit {args.memory_limit or 'default'}"
        )
        phases = ["read source", "encode", "search", "rank minimal nodes", "build release", "gate"]
        rows = []
        for name, r in res.items():
            done = r["results"]
            if not done:
                rows.append([name, r["error"], "", "", *["" for _ in phases]])
                continue
            rows.append(
                [
                    name + (f" ({r['error']} after {len(done)})" if "error" in r else ""),
                    ms(median([d["total"] for d in done])),
                    ms(median([d["process"] for d in done])),
                    f"{max(d['maxrss_mb'] for d in done):,.0f} MB",
                    *[ms(median([d["phases"].get(ph, 0.0) for d in done])) for ph in phases],
                ]
            )
        print(table(["criteria", "anonymize", "process", "peak RSS", *phases], rows))

    if args.verify:
        rows = [[p.name, "same" if verify(p) else "DIFFERENT"] for p in prepared]
        print("\nIncognito vs exhaustive minimal nodes")
        print(table(["criteria", "minimal nodes"], rows))

    for p in prepared:
        p.close()


if __name__ == "__main__":
    main()
