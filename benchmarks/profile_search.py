"""Where the time goes: profiling and what-if experiments (their findings: benchmarks/README.md in git).

Sections (all on Adult, k=5 unless said otherwise):

* ``python``   cProfile of one Incognito search (top functions by cumulative time);
* ``duckdb``   DuckDB's own profile of one node check: bind/plan, optimize, execute;
* ``threads``  one node check with DuckDB threads = 1 vs the default;
* ``batch``    an experimental k-anonymity check of many nodes in one query (not sqlanon code),
               its results compared with ``NodeEvaluator``;
* ``rank``     the per-minimal-node ranking queries (verdicts, metrics, nu-entropy);
* ``publish``  the package's release query vs an experimental one (per-QI leaf -> label maps,
               then a semi-join with the kept classes), same rows. (Before commit dd1f82e the
               package's query took tens of seconds on Adult: DuckDB joined the dimension
               tables with each other before the source.)

``--source FILE --k K`` runs the rank and publish sections on another file with Adult's columns
(e.g. the replicated table of bench_scale.py, kept with ``--workdir``).

Run ``python benchmarks/profile_search.py [section ...]`` (default: every section).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from common import (
    Prepared,
    adult_config,
    criteria_sets,
    machine,
    median,
    ms,
    percentile,
    prepare,
    table,
)

from sqlanon.release.lattice import run_search
from sqlanon.search.evaluator import NodeEvaluator
from sqlanon.search.lattice import Lattice

SECTIONS = ("python", "duckdb", "threads", "batch", "rank", "publish")


def q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def random_nodes(p: Prepared, count: int, seed: int = 1) -> list[tuple[int, ...]]:
    lattice = Lattice(tuple(d.height for d in p.encoded.qis))
    nodes = list(lattice.nodes())
    return random.Random(seed).sample(nodes, min(count, len(nodes)))


def code_maps(evaluator: NodeEvaluator, node: tuple[int, ...]) -> dict[str, list[int]]:
    """The code maps bottom -> node ($m0..), as lists (whether or not the evaluator binds them
    so: a QI with a large domain is generalized by a join in its own statements)."""
    return {f"m{i}": evaluator.code_map(i, level) for i, level in enumerate(node)}


def time_each(fn: Any, items: list[Any]) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        out.append(time.perf_counter() - start)
    return out


def section_python(p: Prepared) -> None:
    run_search(p.engine, p.encoded, p.criteria, p.config, None)  # warm
    profiler = cProfile.Profile()
    profiler.enable()
    run_search(p.engine, p.encoded, p.criteria, p.config, None)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(22)
    print("\n## cProfile of one k=5 search (cumulative)")
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:6000])


def section_duckdb(p: Prepared) -> None:
    evaluator = NodeEvaluator(p.engine, p.encoded, p.criteria, 0.0)
    nodes = random_nodes(p, 20)
    for node in nodes:
        evaluator.evaluate(node)  # warm code maps
    con = p.engine.con
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "profile.json"
        con.execute("PRAGMA enable_profiling = 'json'")
        con.execute("SET profiling_mode = 'detailed'")
        con.execute(f"SET profiling_output = '{out}'")
        try:
            for node in nodes:
                start = time.perf_counter()
                evaluator.evaluate(node)
                wall = time.perf_counter() - start
                prof = json.loads(out.read_text())
                planner = prof.get("planner", {}).get("total_time", 0.0)
                optimizer = prof.get("optimizer", {})
                opt = sum(v for k, v in optimizer.items() if isinstance(v, float) and k != "total_time")
                physical = prof.get("physical_planner", {}).get("total_time", 0.0)
                total = prof.get("query", {}).get("total_time", 0.0)
                rows.append((wall, planner, opt, physical, total))
        finally:
            con.execute("PRAGMA disable_profiling")
    cols = list(zip(*rows, strict=True))
    print("\n## DuckDB profile of one k=5 node check (medians over 20 random nodes; profiling adds overhead)")
    print(
        table(
            ["wall (Python call)", "DuckDB bind+plan", "optimizer", "physical plan", "DuckDB query total"],
            [[ms(median(c)) for c in cols]],
        )
    )


def section_threads(sets: dict[str, Any]) -> None:
    rows = []
    for name in ("k=5", "+ distinct l=3", "+ ordered t=0.2"):
        p = prepare(name, adult_config(sets[name]))
        evaluator = NodeEvaluator(p.engine, p.encoded, p.criteria, 0.0)
        nodes = random_nodes(p, 150)
        for node in nodes[:10]:
            evaluator.evaluate(node)
        result = {}
        for threads in (1, 2, 1, 2):  # interleaved
            p.engine.con.execute(f"SET threads = {threads}")
            result.setdefault(threads, []).extend(time_each(evaluator.evaluate, nodes))
        rows.append([name, *(f"{ms(median(result[t]))} / {ms(percentile(result[t], 0.9))}" for t in (1, 2))])
        p.close()
    print("\n## One node check: DuckDB threads=1 vs 2 (median / p90 over 2x150 random nodes)")
    print(table(["criteria", "threads=1", "threads=2"], rows))


def section_batch(p: Prepared) -> None:
    """k-anonymity of many nodes in one query: a node id column and per-node code maps."""
    evaluator = NodeEvaluator(p.engine, p.encoded, p.criteria, 0.0)
    k = int(p.criteria[0].spec.params["k"])
    nodes = random_nodes(p, 200)
    qis = len(p.encoded.qis)
    per_node = time_each(evaluator.evaluate, nodes)
    keys = ", ".join(f"LIST_EXTRACT(m{i}, f.q{i} + 1)" for i in range(qis))
    sql = (
        "WITH nodes AS (SELECT UNNEST(range(len($m0))) AS nid, "
        + ", ".join(f"UNNEST(${f'm{i}'}) AS m{i}" for i in range(qis))
        + f"), r AS (SELECT nid, SUM(f.n) AS n FROM {q(p.encoded.freq)} AS f CROSS JOIN nodes GROUP BY nid, {keys}) "
        f"SELECT nid, COUNT(*), COALESCE(SUM(n) FILTER (WHERE n < {k}), 0) FROM r GROUP BY nid ORDER BY nid"
    )
    rows = [
        ["one query per node (NodeEvaluator)", len(nodes), ms(sum(per_node)), ms(sum(per_node) / len(nodes))]
    ]
    for size in (10, 25, 50, 100, 200):
        chosen = nodes[:size]
        params = {f"m{i}": [code_maps(evaluator, n)[f"m{i}"] for n in chosen] for i in range(qis)}
        times = []
        for _ in range(3):
            start = time.perf_counter()
            result = p.engine.fetchall(sql, params)
            times.append(time.perf_counter() - start)
        for node, (_, classes, bad_rows) in zip(chosen, result, strict=True):
            summary = evaluator.evaluate(node).summary
            assert summary.classes == classes and (bad_rows == 0) == summary.passed, (node, classes, bad_rows)
        rows.append(
            [f"batch of {size} nodes in one query", size, ms(median(times)), ms(median(times) / size)]
        )
        if hasattr(evaluator, "evaluate_many"):
            times = []
            for _ in range(3):
                fresh = NodeEvaluator(p.engine, p.encoded, p.criteria, 0.0)
                for node in chosen:
                    code_maps(fresh, node)  # read code maps first
                start = time.perf_counter()
                fresh.evaluate_many(chosen)
                times.append(time.perf_counter() - start)
            rows.append(
                [
                    f"NodeEvaluator.evaluate_many, {size} nodes",
                    size,
                    ms(median(times)),
                    ms(median(times) / size),
                ]
            )
    print(
        "\n## k-anonymity of many nodes in one statement: experimental query (results equal NodeEvaluator's) "
        "and the package's evaluate_many if present"
    )
    print(table(["how", "nodes", "time", "per node"], rows))


def section_rank(p: Prepared) -> None:
    from sqlanon.release.metrics import materialize_verdicts, node_metrics

    result, evaluator = run_search(p.engine, p.encoded, p.criteria, p.config, None)
    verdicts, metrics, evaluate = [], [], []
    for node in result.minimal:
        start = time.perf_counter()
        outcome = evaluator.evaluate(node)
        evaluate.append(time.perf_counter() - start)
        start = time.perf_counter()
        name = materialize_verdicts(p.engine, evaluator, node)
        verdicts.append(time.perf_counter() - start)
        start = time.perf_counter()
        node_metrics(p.engine, p.encoded, evaluator, node, name, outcome.suppressed_rows)
        metrics.append(time.perf_counter() - start)
    print(f"\n## Ranking the {len(result.minimal)} minimal nodes (per node, medians)")
    print(
        table(
            [
                "evaluate",
                "materialize_verdicts",
                "node_metrics (all 6 metrics)",
                "total for all minimal nodes",
            ],
            [
                [
                    ms(median(evaluate)),
                    ms(median(verdicts)),
                    ms(median(metrics)),
                    ms(sum(evaluate + verdicts + metrics)),
                ]
            ],
        )
    )


def alternative_release(p: Prepared, node: tuple[int, ...], verdicts: str) -> str:
    """Experimental release query: small per-QI leaf -> (code, label) maps, then a semi-join."""
    enc = p.encoded
    qi = {d.column: i for i, d in enumerate(enc.qis)}
    maps = ", ".join(
        f"m{i} AS (SELECT d.leaf, u.ct AS g, l.label FROM {q(d.dim)} d "
        f"JOIN {q(d.up)} u ON u.lf = 0 AND u.cf = d.code AND u.lt = {node[i]} "
        f"JOIN {q(d.labels)} l ON l.lvl = {node[i]} AND l.code = u.ct)"
        for i, d in enumerate(enc.qis)
    )
    identifiers = {c.name for c in p.config.by_role("identifier")}
    columns = [c for c, _ in p.engine.columns(enc.source) if c not in identifiers]
    select = ", ".join(f"m{qi[c]}.label AS {q(c)}" if c in qi else f"src.{q(c)}" for c in columns)
    joins = " ".join(
        f"JOIN m{i} ON m{i}.leaf = COALESCE(CAST(src.{q(d.column)} AS VARCHAR), '')"
        for i, d in enumerate(enc.qis)
    )
    kept = ", ".join(f"q{i}" for i in range(len(enc.qis)))
    on = " AND ".join(f"kept.q{i} = m{i}.g" for i in range(len(enc.qis)))
    name = p.engine.temp_name("alt_release")
    p.engine.execute(
        f"CREATE TEMP TABLE {q(name)} AS WITH {maps} SELECT {select} FROM {q(enc.source)} AS src {joins} "
        f"SEMI JOIN (SELECT {kept} FROM {q(verdicts)} WHERE NOT bad) AS kept ON {on}"
    )
    return name


def section_publish(p: Prepared, memory_limit: str) -> None:
    from sqlanon.release.metrics import materialize_verdicts
    from sqlanon.release.publish import build_release

    result, evaluator = run_search(p.engine, p.encoded, p.criteria, p.config, None)
    node = min(result.minimal, key=lambda n: (sum(n), n))
    verdicts = materialize_verdicts(p.engine, evaluator, node)
    p.engine.con.execute(f"SET memory_limit = '{memory_limit}'")
    start = time.perf_counter()
    alt = alternative_release(p, node, verdicts)
    alt_time = time.perf_counter() - start
    start = time.perf_counter()
    ours = build_release(p.engine, p.config, p.encoded, node, verdicts)
    ours_time = time.perf_counter() - start
    (diff,) = p.engine.fetchone(
        f"SELECT (SELECT COUNT(*) FROM (SELECT * FROM {q(ours)} EXCEPT ALL SELECT * FROM {q(alt)})) + "
        f"(SELECT COUNT(*) FROM (SELECT * FROM {q(alt)} EXCEPT ALL SELECT * FROM {q(ours)}))"
    )
    print(f"\n## Release of node {node} ({p.engine.count(ours):,} rows, memory_limit {memory_limit})")
    print(
        table(
            ["build_release (publish.sql)", "experimental maps + semi-join", "rows differing"],
            [[ms(ours_time), ms(alt_time), diff]],
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sections", nargs="*", help=f"any of {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--memory-limit", default="4GB", help="DuckDB memory_limit for the publish section")
    parser.add_argument(
        "--source",
        default=None,
        help="another file with Adult's columns for the rank and publish sections (e.g. replicated)",
    )
    parser.add_argument(
        "--k", type=int, default=5, help="k for the rank and publish sections with --source (default 5)"
    )
    args = parser.parse_args()
    sections = args.sections or list(SECTIONS)
    unknown = set(sections) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s) {sorted(unknown)}; use {', '.join(SECTIONS)}")
    print(f"sqlanon search profile - {machine()}")
    sets = criteria_sets()
    p = prepare("k=5", adult_config(sets["k=5"]))
    if "python" in sections:
        section_python(p)
    if "duckdb" in sections:
        section_duckdb(p)
    if "threads" in sections:
        section_threads(sets)
    if "batch" in sections:
        section_batch(p)
    if args.source and ({"rank", "publish"} & set(sections)):
        p.close()
        p = prepare(f"k={args.k}", adult_config([{"k-anonymity": {"k": args.k}}], source=args.source))
        print(f"\n(rank and publish on {args.source}, {p.encoded.rows:,} rows, k={args.k})")
    if "rank" in sections:
        section_rank(p)
    if "publish" in sections:
        section_publish(p, args.memory_limit)
    p.close()


if __name__ == "__main__":
    main()
