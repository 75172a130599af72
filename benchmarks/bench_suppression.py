"""The default search against Incognito and the exhaustive search, with and without suppression
(issue 15, target 1: ``optimal`` is never slower than either).

Adult: every criteria set of ``common.criteria_sets`` (k=5, then k=5 plus each l-diversity and
t-closeness model) at each suppression limit of ``--limits``; each strategy finds the node to
release (search, then the choice among its minimal nodes: what ``anonymize`` runs before
writing). The strategies are interleaved in every repetition (rotated order) after one untimed
warm-up. Printed per set and limit: nodes checked, median seconds, the ratios optimal/incognito
and optimal/exhaustive (below 1: optimal is faster), and whether all chose the same node.

``--census ROWS`` adds the generated census table of ``bench_census.py`` (k=10 + hierarchical
t=0.2 on disease) at each limit, optimal and Incognito only (the exhaustive search checks
every node of its 3,840-node lattice: pass ``--census-exhaustive`` to include it).
``--census-model equal --census-k 50`` swaps the criteria for k=50 + equal-distance t=0.2
(target 4f), and ``--scans`` also times one plain ``SELECT <QIs>, COUNT(*) ... GROUP BY <QIs>``
over the loaded source (median of 3) and prints read + encode and the search in units of it.

Run ``python benchmarks/bench_suppression.py --repeat 3`` (Adult, ~10 min with exhaustive;
``--skip-exhaustive`` ~2 min) and ``python benchmarks/bench_suppression.py --skip-adult
--census 1000000 --limits 0 0.01 --repeat 1`` (add ``--census-optimal-only`` for target 4e alone); target 4f: ``--skip-adult --census
10000000 --census-model equal --census-k 50 --limits 0 0.01 --repeat 1 --scans``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_census import config as census_config
from common import (
    Prepared,
    adult_config,
    apply_engine_settings,
    base_parser,
    choose,
    criteria_sets,
    machine,
    median,
    prepare,
    table,
)
from sqlglot import exp

from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine

HERE = Path(__file__).resolve().parent


def compare(
    prepared: dict[tuple[str, float, str], Prepared], strategies: list[str], repeat: int
) -> dict[tuple[str, float, str], float]:
    """Time every prepared run interleaved, print one row per (set, limit), return the medians."""
    times: dict[tuple[str, float, str], list[float]] = {key: [] for key in prepared}
    nodes: dict[tuple[str, float, str], Any] = {}
    checked: dict[tuple[str, float, str], tuple[int, int]] = {}
    keys = list(prepared)
    for rep in range(1 + repeat):
        shift = rep % len(keys)
        for key in keys[shift:] + keys[:shift]:
            seconds, node, result = choose(prepared[key])
            if rep:
                times[key].append(seconds)
            nodes[key], checked[key] = node, (result.checked, result.evaluations)
            print(
                f"  rep {rep} {key[0]} limit={key[1]:g} {key[2]}: {seconds:.3f} s",
                file=sys.stderr,
                flush=True,
            )
    rows = []
    for name, limit in dict.fromkeys((k[0], k[1]) for k in keys):
        row = [name, f"{limit:g}"]
        for s in strategies:
            c, e = checked[(name, limit, s)]
            row.append(f"{median(times[(name, limit, s)]):.3f} s ({c}" + (f"/{e})" if e != c else ")"))
        opt = median(times[(name, limit, "optimal")])
        for s in strategies:
            if s != "optimal":
                row.append(f"{opt / median(times[(name, limit, s)]):.2f}x")
        chosen = {nodes[(name, limit, s)] for s in strategies}
        row.append("yes" if len(chosen) == 1 else f"NO: {chosen}")
        rows.append(row)
    others = [s for s in strategies if s != "optimal"]
    header = ["criteria", "limit"]
    header += [f"{s} (checked[/evals])" for s in strategies]
    header += [f"optimal / {s}" for s in others] + ["same node"]
    print(table(header, rows))
    return {key: median(values) for key, values in times.items()}


def census(rows: int, workdir: Path) -> Path:
    path = workdir / f"census_{rows}.parquet"
    if not path.exists():
        subprocess.run(
            [sys.executable, str(HERE / "generate.py"), "--rows", str(rows), "--out", str(path)], check=True
        )
    return path


def prepare_census(
    source: Path, limit: float, search: str, args: argparse.Namespace
) -> tuple[Prepared, float]:
    """The census run read and encoded once (timed); with ``--scans``, the median seconds of one
    plain GROUP BY of the QIs over the loaded source (else 0)."""
    raw = census_config(source, source.with_suffix(".out.parquet"), search, args.memory_limit)
    raw["suppression_limit"] = limit
    if args.census_model == "equal":
        raw["criteria"] = [
            {"k-anonymity": {"k": args.census_k}},
            {"t-closeness": {"t": 0.2, "distance": "equal", "attribute": "disease"}},
        ]
    else:
        raw["criteria"][0] = {"k-anonymity": {"k": args.census_k}}
    config = parse_config(raw, HERE, need_output=False)
    engine = DuckDBEngine(**({"memory_limit": args.memory_limit} if args.memory_limit else {}))
    start = time.perf_counter()
    loaded = read_table(engine, config.source, config.csv)
    encoded = encode(engine, config, loaded)
    seconds = time.perf_counter() - start
    scan = 0.0
    if args.scans:
        keys = [exp.column(q.column, quoted=True) for q in encoded.qis]
        query = (
            exp.select(*keys, exp.Count(this=exp.Star()))
            .from_(exp.to_table(loaded, quoted=True))
            .group_by(*keys)
        )
        times = []
        for _ in range(3):
            begin = time.perf_counter()
            engine.fetchall(query)
            times.append(time.perf_counter() - begin)
        scan = median(times)
    criteria = [make_criterion(c) for c in config.criteria]
    return Prepared(f"census {limit:g}", config, engine, encoded, criteria, seconds), scan


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=3)
    parser.add_argument("--limits", type=float, nargs="+", default=[0.0, 0.02, 0.05])
    parser.add_argument("--only", nargs="+", help="criteria set names (default: all)")
    parser.add_argument("--skip-exhaustive", action="store_true")
    parser.add_argument("--skip-adult", action="store_true")
    parser.add_argument("--census", type=int, help="also the generated census table of this many rows")
    parser.add_argument("--census-exhaustive", action="store_true")
    parser.add_argument(
        "--census-optimal-only", action="store_true", help="census: optimal only (targets 4e, 4f)"
    )
    parser.add_argument("--census-model", choices=["hierarchical", "equal"], default="hierarchical")
    parser.add_argument("--census-k", type=int, default=10)
    parser.add_argument("--scans", action="store_true", help="also time one GROUP BY scan of the source")
    parser.add_argument(
        "--workdir", type=Path, help="where the generated table is kept (default: a temp dir)"
    )
    args = parser.parse_args()
    apply_engine_settings(args.threads, args.memory_limit or None)
    print(machine())
    strategies = ["optimal", "incognito"] + ([] if args.skip_exhaustive else ["exhaustive"])
    if not args.skip_adult:
        sets = {n: c for n, c in criteria_sets().items() if not args.only or n in args.only}
        prepared = {
            (name, limit, s): prepare(name, adult_config(criteria, suppression_limit=limit, search=s))
            for name, criteria in sets.items()
            for limit in args.limits
            for s in strategies
        }
        print(f"\nAdult, search + choice of the node, medians of {args.repeat}:")
        compare(prepared, strategies, args.repeat)
        for p in prepared.values():
            p.close()
    if args.census:
        with tempfile.TemporaryDirectory() as tmp:
            source = census(args.census, args.workdir or Path(tmp))
            chosen = ["optimal"] if args.census_optimal_only else ["optimal", "incognito"]
            chosen += ["exhaustive"] if args.census_exhaustive else []
            what = f"k={args.census_k} + {args.census_model} t=0.2 on disease"
            for limit in args.limits:
                made = {("census", limit, s): prepare_census(source, limit, s, args) for s in chosen}
                prepared = {key: p for key, (p, _) in made.items()}
                print(
                    f"\nGenerated census, {args.census:,} rows, {what}, limit {limit:g}, medians of {args.repeat}:"
                )
                times = compare(prepared, chosen, args.repeat)
                if args.scans:
                    scan = median([s for _, s in made.values()])
                    encode_s = median([p.encode_seconds for p in prepared.values()])
                    print(
                        f"one GROUP BY scan of the loaded source: {scan:.3f} s; read + encode {encode_s:.2f} s"
                    )
                    for s in chosen:
                        search_s = times[("census", limit, s)]
                        print(
                            f"  {s}: search {search_s:.2f} s = {search_s / scan:.1f} scans; "
                            f"read + encode + search = {(encode_s + search_s) / scan:.1f} scans"
                        )
                for p in prepared.values():
                    p.close()


if __name__ == "__main__":
    main()
