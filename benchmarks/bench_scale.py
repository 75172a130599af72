"""Scale benchmark (target 4 of the performance issue): Adult replicated 100 times, k=500.

The replicated table (3,016,200 rows) is generated into a temporary folder with DuckDB (COPY of
Adult cross-joined with range(copies)); generation is not timed as part of the target. Each
repetition runs the whole ``anonymize`` (read + encode + search + rank + publish + gate) in a
fresh process, with a time limit, and reports its phases. Target: at most 5 s.

Note: replication multiplies every count by ``copies`` but adds no new combination of values,
so the bottom frequency table (and thus the search) is the same size as Adult's; what grows is
reading, encoding, publishing and gating.

Run ``python benchmarks/bench_scale.py --repeat 5``.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import duckdb
from common import (
    ADULT_CSV,
    PHASE_ORDER,
    anonymize_in_child,
    base_parser,
    machine,
    median,
    table,
    verdict,
)

TARGET = 5.0  # s


def generate(folder: Path, copies: int, fmt: str) -> Path:
    """Write Adult replicated ``copies`` times as ``folder/adult_x<copies>.<fmt>`` (all text)."""
    path = folder / f"adult_x{copies}.{fmt}"
    options = "(FORMAT parquet)" if fmt == "parquet" else "(FORMAT csv, DELIMITER ';', HEADER true)"
    con = duckdb.connect()
    try:
        con.execute(
            f"COPY (SELECT a.* FROM read_csv(?, delim=';', header=true, all_varchar=true) AS a "
            f"CROSS JOIN range({int(copies)}) AS r(i) ORDER BY r.i) TO '{path}' {options}",
            [str(ADULT_CSV)],
        )
    finally:
        con.close()
    return path


def seconds(value: float) -> str:
    return f"{value:,.2f} s"


def run(fmt: str, folder: Path, args) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    source = generate(folder, args.copies, fmt)
    gen = time.perf_counter() - start
    size = source.stat().st_size / 1e6
    print(f"\n== {fmt}: {source.name} ({size:,.1f} MB, generated in {seconds(gen)}, not counted)")
    spec = {
        "criteria": [{"k-anonymity": {"k": args.k}}],
        "source": str(source),
        "output": str(folder / f"release.{fmt}"),
        "suppression": args.suppression,
        "threads": args.threads,
        "memory_limit": args.memory_limit or None,
    }
    results = []
    for rep in range(args.repeat):
        result = anonymize_in_child(spec, args.timeout)
        if "error" in result:
            print(f"repetition {rep + 1}: {result['error']}")
            if not results:
                print("no successful repetition; stopping this format")
                return
            break
        results.append(result)
        print(
            f"repetition {rep + 1}: {seconds(result['total'])} "
            f"(process {seconds(result['process'])}, peak RSS {result['maxrss_mb']:,.0f} MB)"
        )
    first = results[0]
    print(
        f"rows in {first['rows_in']:,}, rows out {first['rows_out']:,}, passed {first['passed']}, "
        f"evaluations {first['evaluations']}, minimal nodes {first['minimal']}, chosen node {first['node']}"
    )
    total = median([r["total"] for r in results])
    rows = []
    for phase in PHASE_ORDER:
        values = [r["phases"].get(phase, 0.0) for r in results]
        rows.append([phase, seconds(median(values)), f"{median(values) / total:.0%}"])
    rows.append(["TOTAL anonymize", seconds(total), f"{verdict(total, TARGET)} (<= 5 s)"])
    rows.append(
        ["process (incl. Python start, imports)", seconds(median([r["process"] for r in results])), ""]
    )
    print(f"Medians of {len(results)} repetition(s), k={args.k}")
    print(table(["phase", "median", "share / target"], rows))


def main() -> None:
    parser = base_parser(__doc__.splitlines()[0], repeat=3)
    parser.add_argument("--copies", type=int, default=100, help="times Adult is replicated (default 100)")
    parser.add_argument("--k", type=int, default=500, help="k of k-anonymity (default 500)")
    parser.add_argument("--suppression", type=float, default=0.0, help="suppression limit (default 0)")
    parser.add_argument(
        "--format",
        choices=["parquet", "csv", "both"],
        default="parquet",
        help="source/output format (default parquet)",
    )
    parser.add_argument(
        "--workdir",
        type=Path,
        default=None,
        help="folder for the generated data (default: a temp folder, removed)",
    )
    args = parser.parse_args()

    print(f"sqlanon scale benchmark - {machine()}")
    print(
        f"Adult x {args.copies}, k={args.k}, repeat={args.repeat}, threads={args.threads or 'default'}, "
        f"memory_limit={args.memory_limit or 'DuckDB default'}, timeout={args.timeout:g} s"
    )
    formats = ["parquet", "csv"] if args.format == "both" else [args.format]
    folder = args.workdir or Path(tempfile.mkdtemp(prefix="sqlanon-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        for fmt in formats:
            run(fmt, folder, args)
    finally:
        if args.workdir is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
