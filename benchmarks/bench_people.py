"""``person:`` against rows: whole ``anonymize`` runs of a generated events table, with and
without ``person:``.

``generate.py``'s census-like generator makes ``--people`` people (default 200,000) with
``--per-person`` rows each (default 5: 1,000,000 rows), a column ``person``, the
quasi-identifiers constant per person and disease drawn per row (not timed). Both runs take
``bench_census.py``'s columns and hierarchies (8 quasi-identifiers, a 21,600-node lattice;
``person`` an identifier, disease sensitive) and k-anonymity alone (``--k``, default 10: the
only model counted over people so far) with ``--suppression`` (default 0.01); one adds
``person: person``, so its k, suppression limit and gate count people, the other's rows. Each
run is a whole ``api.anonymize`` in a fresh process; ``--vary hours-per-week`` draws that
quasi-identifier afresh on a share (``--vary-share``) of each person's later rows, so about
half the people's rows carry different tuples and ``person:`` classes them by their sets; the two alternate in every repetition
(the order rotated). Printed: per run its time, node, nodes checked and suppressed; then the
medians (the ``anonymize`` call, and the whole process with Python's start), the ratio, and the
report's costs per stage (``report.costs``) side by side.

Target: with person at most 2x without.
Run ``python benchmarks/bench_people.py --repeat 3`` (and with ``--vary hours-per-week``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from bench_census import config as census_config
from common import machine, median, table

TARGET = 2.0  # with person / without

CHILD = r"""
import json, sys, time
start = time.perf_counter()
from sqlanon import api
imported = time.perf_counter()
report = api.anonymize(sys.argv[1])
done = time.perf_counter()
print(json.dumps({"passed": report.passed, "message": report.message, "node": report.node,
                  "search": report.search, "rows_in": report.rows_in, "rows_out": report.rows_out,
                  "suppressed_rows": report.suppressed_rows, "people": report.people,
                  "costs": report.costs, "anonymize": done - imported, "imports": imported - start}))
"""


def config(
    source: Path, output: Path, k: int, suppression: float, person: bool, memory_limit: str
) -> dict[str, Any]:
    """bench_census.py's configuration with k-anonymity alone, the person column an
    identifier and, with ``person``, ``person: person``."""
    data = census_config(source, output, "optimal", memory_limit)
    data["columns"]["person"] = {"role": "identifier"}
    data["criteria"] = [{"k-anonymity": {"k": k}}]
    data["suppression_limit"] = suppression
    if person:
        data["person"] = "person"
    return data


def run(path: Path, timeout: float) -> dict[str, Any]:
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(path)], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"error": f"stopped after {timeout:g} s"}
    wall = time.perf_counter() - start
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["?"])[-1]}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    result["process"] = wall
    return result


def stage_seconds(result: dict[str, Any]) -> dict[str, float]:
    return {s["stage"]: s["seconds"] for s in result["costs"]["stages"]}


def stage_statements(result: dict[str, Any]) -> dict[str, int]:
    return {s["stage"]: s["statements"] for s in result["costs"]["stages"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=200_000)
    parser.add_argument("--per-person", type=int, default=5)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--suppression", type=float, default=0.01)
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of each run (medians)")
    parser.add_argument("--memory-limit", default="4GB", help="DuckDB memory_limit ('' = DuckDB's default)")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds allowed for one run")
    parser.add_argument(
        "--workdir", default=None, help="folder for the generated table (default: a temp folder)"
    )
    parser.add_argument(
        "--vary",
        action="append",
        default=[],
        help="a quasi-identifier that varies on some of a person's rows (generate.py --vary; repeatable)",
    )
    parser.add_argument("--vary-share", type=float, default=0.2, help="generate.py --vary-share")
    args = parser.parse_args()
    print(machine())
    rows = args.people * args.per_person
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        folder = Path(tmp)
        source = folder / "events.parquet"
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                str(Path(__file__).with_name("generate.py")),
                "--rows",
                str(rows),
                "--per-person",
                str(args.per_person),
                "--out",
                str(source),
                *(a for c in args.vary for a in ("--vary", c)),
                "--vary-share",
                str(args.vary_share),
            ],
            check=True,
            capture_output=True,
        )
        print(
            f"{args.people:,} people x {args.per_person} rows = {rows:,} rows generated in "
            f"{time.perf_counter() - start:.1f} s (not timed); k={args.k}, suppression limit {args.suppression:g}"
            + (f"; {args.vary} vary on {args.vary_share:g} of a person's later rows" if args.vary else "")
        )
        variants = {"without person": False, "with person": True}
        paths = {}
        for name, person in variants.items():
            path = folder / f"{'person' if person else 'rows'}.yaml"
            data = config(
                source,
                folder / f"release_{int(person)}.parquet",
                args.k,
                args.suppression,
                person,
                args.memory_limit,
            )
            path.write_text(yaml.safe_dump(data), encoding="utf-8")
            paths[name] = path
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in variants}
        names = list(variants)
        for rep in range(args.repeat):
            order = names[rep % 2 :] + names[: rep % 2]
            for name in order:
                result = run(paths[name], args.timeout)
                if "error" in result:
                    print(f"  {rep + 1}. {name}: {result['error']}")
                    continue
                results[name].append(result)
                people = result["people"]
                suppressed = f"{result['suppressed_rows']:,} rows" + (
                    f", {people['suppressed']:,} of {people['in']:,} people" if people else ""
                )
                print(
                    f"  {rep + 1}. {name}: anonymize {result['anonymize']:.2f} s (process {result['process']:.2f} s), "
                    f"passed {result['passed']}, node {result['node']}, "
                    f"{result['search'].get('evaluations')} checks of {result['search'].get('lattice_size')} nodes, "
                    f"suppressed {suppressed}"
                )
    if not all(results.values()):
        print("a variant has no successful run: no ratio")
        return
    without, with_ = results["without person"], results["with person"]
    call = [median([r["anonymize"] for r in rs]) for rs in (without, with_)]
    process = [median([r["process"] for r in rs]) for rs in (without, with_)]
    ratio = call[1] / call[0]
    print(f"\nMedians of {len(without)} and {len(with_)} run(s)")
    stages = list(dict.fromkeys(s for r in [*without, *with_] for s in stage_seconds(r)))
    lines = []
    for stage in stages:
        secs = [median([stage_seconds(r).get(stage, 0.0) for r in rs]) for rs in (without, with_)]
        statements = [median([stage_statements(r).get(stage, 0) for r in rs]) for rs in (without, with_)]
        lines.append(
            [
                stage,
                f"{secs[0]:.2f} s ({statements[0]:g})",
                f"{secs[1]:.2f} s ({statements[1]:g})",
                f"{secs[1] - secs[0]:+.2f} s",
            ]
        )
    lines.append(
        ["anonymize (the call)", f"{call[0]:.2f} s", f"{call[1]:.2f} s", f"{call[1] - call[0]:+.2f} s"]
    )
    lines.append(
        ["process", f"{process[0]:.2f} s", f"{process[1]:.2f} s", f"{process[1] - process[0]:+.2f} s"]
    )
    print(table(["stage (statements)", "without person", "with person", "difference"], lines))
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(
        f"ratio with / without person: {ratio:.2f}x (process {process[1] / process[0]:.2f}x); target <= {TARGET:g}x: {verdict}"
    )


if __name__ == "__main__":
    main()
