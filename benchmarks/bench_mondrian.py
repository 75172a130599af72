"""Mondrian benchmark (issue 4): utility on Adult against Incognito, and speed at 1M / 10M rows.

1. Adult (30,162 rows, the 7 quasi-identifiers of bench_search.py; age is cut at medians, the
   others along Adult's hierarchies), k = 5 and k = 5 + t-closeness t = 0.15 (equal distance, on
   occupation): Mondrian's discernibility and average class size against Incognito's best
   release for each of those two metrics (``metric: discernibility`` / ``metric: aecs``). In
   process, one run each (the results are deterministic; times are indicative).
2. Generated census-like tables (benchmarks/generate.py: 8 quasi-identifiers, age, zip and
   hours-per-week cut at medians, the others along Adult's hierarchies; generation not timed),
   ``search: mondrian`` with k = 5, whole ``sqlanon anonymize`` (CLI, Parquet in and out) in a
   fresh process per repetition: median wall time and peak memory. Targets: 1M rows <= 10 s,
   10M rows <= 100 s.

Run ``python benchmarks/bench_mondrian.py --repeat 3`` (about 15 minutes with 10M rows;
``--rows 1000000`` for the 1M table only, ``--skip-adult``).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from common import ADULT_CSV, QUASI, SENSITIVE, hierarchy_path, machine, median, table, timed_run, verdict
from generate import generate

import sqlanon

TARGETS = {1_000_000: 10.0, 10_000_000: 100.0}
CENSUS_HIERARCHY = {
    "sex": "sex",
    "race": "race",
    "marital-status": "marital-status",
    "education": "education",
    "workclass": "workclass",
}


def adult_columns(search: str) -> dict[str, Any]:
    columns: dict[str, Any] = {}
    for column in QUASI:
        if search == "mondrian" and column == "age":
            columns[column] = {"role": "quasi"}
        else:
            columns[column] = {"role": "quasi", "hierarchy": str(hierarchy_path(column))}
    columns[SENSITIVE] = {"role": "sensitive"}
    columns["salary-class"] = {"role": "insensitive"}
    return columns


def adult_section(folder: Path) -> None:
    print("\n## Adult: Mondrian against Incognito's best release\n")
    sets = {
        "k=5": [{"k-anonymity": {"k": 5}}],
        "k=5 + t=0.15 (equal)": [
            {"k-anonymity": {"k": 5}},
            {"t-closeness": {"t": 0.15, "distance": "equal", "attribute": SENSITIVE}},
        ],
    }
    rows = []
    for name, criteria in sets.items():
        runs = [("incognito", "discernibility"), ("incognito", "aecs"), ("mondrian", "gcp")]
        for search, metric in runs:
            config = {
                "source": str(ADULT_CSV),
                "csv": {"delimiter": ";"},
                "columns": adult_columns(search),
                "criteria": criteria,
                "search": search,
                "metric": metric,
                "output": str(folder / f"adult_{search}_{metric}.parquet"),
                "overwrite": True,
            }
            start = time.perf_counter()
            report = sqlanon.anonymize(config)
            seconds = time.perf_counter() - start
            m = report.metrics
            classes = round(report.rows_out / m["aecs"]) if m.get("aecs") else 0
            label = f"{search} (best by {metric})" if search == "incognito" else "mondrian"
            rows.append(
                [
                    name,
                    label,
                    "yes" if report.passed else "NO",
                    f"{m['discernibility']:,}",
                    f"{m['aecs']:,.1f}",
                    f"{classes:,}",
                    f"{m['gcp']:.4f}" if "gcp" in m else "-",
                    f"{seconds:.2f} s",
                ]
            )
    print(table(["criteria", "release", "passed", "discernibility", "aecs", "classes", "gcp", "time"], rows))


def census_config(source: Path, output: Path, criteria: list[dict[str, Any]]) -> dict[str, Any]:
    columns: dict[str, Any] = {}
    for column in ("age", "zip", "sex", "race", "marital-status", "education", "hours-per-week", "workclass"):
        if column in CENSUS_HIERARCHY:
            columns[column] = {"role": "quasi", "hierarchy": str(hierarchy_path(CENSUS_HIERARCHY[column]))}
        else:
            columns[column] = {"role": "quasi"}
    columns["occupation"] = {"role": "sensitive"}
    columns["disease"] = {"role": "sensitive"}
    return {
        "source": str(source),
        "columns": columns,
        "criteria": criteria,
        "search": "mondrian",
        "output": str(output),
        "overwrite": True,
    }


def run_cli(config_path: Path, report_path: Path, timeout: float) -> dict[str, Any]:
    command = [
        str(Path(sys.executable).parent / "sqlanon"),
        "anonymize",
        str(config_path),
        "--report",
        str(report_path),
    ]
    done = timed_run(command, timeout)
    if "error" in done:
        return done
    return {"wall": done["wall"], "report": json.loads(report_path.read_text())}


def census_section(folder: Path, sizes: list[int], repeat: int, timeout: float) -> None:
    print("\n## Generated census tables: whole `sqlanon anonymize`, search: mondrian, k = 5\n")
    rows = []
    for size in sizes:
        source = folder / f"census_{size}.parquet"
        start = time.perf_counter()
        generate(source, size)
        print(f"generated {size:,} rows in {time.perf_counter() - start:.1f} s (not timed)", flush=True)
        config_path = folder / f"census_{size}.yaml"
        config = census_config(source, folder / f"release_{size}.parquet", [{"k-anonymity": {"k": 5}}])
        config_path.write_text(yaml.safe_dump(config, sort_keys=False))
        walls: list[float] = []
        last: dict[str, Any] = {}
        for _ in range(repeat):
            result = run_cli(config_path, folder / f"report_{size}.json", timeout)
            if "error" in result:
                print(f"  {size:,} rows: {result['error']}")
                break
            walls.append(result["wall"])
            last = result["report"]
            print(f"  {size:,} rows: {result['wall']:.2f} s", flush=True)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        if not walls:
            rows.append([f"{size:,}", "failed", "-", "-", "-", "-", "-"])
            continue
        search = last.get("search", {})
        value = median(walls)
        target = TARGETS.get(size)
        rows.append(
            [
                f"{size:,}",
                f"{value:.2f} s (min {min(walls):.2f}, max {max(walls):.2f})",
                f"{search.get('rounds')} / {search.get('statements')}",
                f"{search.get('partitions', 0):,}",
                f"{last['metrics']['gcp']:.4f}",
                f"{peak:,.0f} MB",
                f"{verdict(value, target)} (<= {target:g} s)" if target else "-",
            ]
        )
    print()
    print(
        table(
            [
                "rows",
                "anonymize (median)",
                "rounds / statements",
                "partitions",
                "gcp",
                "peak RSS (any run so far)",
                "target",
            ],
            rows,
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rows", type=int, nargs="*", default=[1_000_000, 10_000_000])
    parser.add_argument("--skip-adult", action="store_true")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--workdir", type=Path, default=None, help="keep the generated files here")
    args = parser.parse_args()
    print(f"sqlanon Mondrian benchmark - {machine()}")
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        folder = Path(tmp)
        if not args.skip_adult:
            adult_section(folder)
        if args.rows:
            census_section(folder, args.rows, args.repeat, args.timeout)


if __name__ == "__main__":
    main()
