"""Whole ``anonymize`` runs on generated census-like tables of any size (issue 5, target 3).

``generate.py`` writes the table (8 QIs with skew, two sensitive attributes; not timed); the
configuration gives every QI a hierarchy (age.yaml, zip5.yaml, hours in intervals of 10/20/40,
Adult's hierarchies for the others: a 21,600-node lattice) and asks for k-anonymity (k=10) plus
hierarchical t-closeness (t=0.2) on disease, with the DuckDB memory limit of ``--memory-limit``
(default 8GB, the target's bound). Each run is ``sqlanon anonymize`` in a child process (killed
after ``--timeout`` s); printed: wall time, the child's peak RSS (its own getrusage; for a child
stopped by the time limit, the largest child's so far), the stages'
times (from the CLI's stage announcements, timed here), nodes checked.

Targets: 10M rows in at most 15 s; 100M rows in at most 2 minutes with peak memory at most 8 GB.
Run ``python benchmarks/bench_census.py --rows 10000000 --search optimal incognito``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml
from common import ADULT_DIR, machine

REPO = Path(__file__).resolve().parent.parent
TARGETS = {10_000_000: 15.0, 100_000_000: 120.0}  # rows -> seconds
MEMORY_TARGET_MB = 8 * 1024

CHILD = r"""
import json, resource, sys, time
from sqlanon import api
start = time.perf_counter()
def stage(name):
    print(json.dumps({"stage": name, "at": time.perf_counter() - start}), flush=True)
def progress(done, total):
    print(json.dumps({"checked": done, "at": time.perf_counter() - start}), flush=True)
report = api.anonymize(sys.argv[1], progress=progress, stage=stage)
stage("done")
print(json.dumps({"passed": report.passed, "search": report.search,
                  "node": report.node, "rows_in": report.rows_in, "message": report.message,
                  "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
"""


def parse(stdout: str) -> dict[str, Any]:
    """The child's lines: stages (name, start), the last progress count, the final report."""
    out: dict[str, Any] = {"stages": [], "checked": None}
    for line in stdout.splitlines():
        item = json.loads(line)
        if "stage" in item:
            out["stages"].append((item["stage"], item["at"]))
        elif "checked" in item:
            out["checked"] = (item["checked"], item["at"])
        else:
            out.update(item)
    return out


def stage_times(stages: list[tuple[str, float]], end: float) -> str:
    marks = [*stages, ("end", end)] if not stages or stages[-1][0] != "done" else stages
    return ", ".join(f"{name} {marks[i + 1][1] - at:.1f} s" for i, (name, at) in enumerate(marks[:-1]))


def config(source: Path, output: Path, search: str, memory_limit: str) -> dict[str, Any]:
    adult = ADULT_DIR
    columns: dict[str, Any] = {
        "age": {"role": "quasi", "hierarchy": str(REPO / "hierarchies" / "age.yaml")},
        "zip": {"role": "quasi", "hierarchy": str(REPO / "hierarchies" / "zip5.yaml")},
        "hours-per-week": {"role": "quasi", "hierarchy": {"type": "intervals", "widths": [10, 20, 40]}},
        "occupation": {"role": "insensitive"},
        "disease": {"role": "sensitive", "hierarchy": str(REPO / "hierarchies" / "disease.yaml")},
    }
    for name in ("sex", "race", "marital-status", "education", "workclass"):
        columns[name] = {"role": "quasi", "hierarchy": str(adult / f"adult_hierarchy_{name}.csv")}
    return {
        "source": str(source),
        "output": str(output),
        "overwrite": True,
        "columns": columns,
        "criteria": [
            {"k-anonymity": {"k": 10}},
            {"t-closeness": {"t": 0.2, "distance": "hierarchical", "attribute": "disease"}},
        ],
        "search": search,
        "engine": {"memory_limit": memory_limit} if memory_limit else {},
    }


def run(config_path: Path, timeout: float) -> dict[str, Any]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(config_path)], capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as err:
        partial = err.stdout.decode() if isinstance(err.stdout, bytes) else (err.stdout or "")
        result = parse(partial)
        result.update(error=f"stopped after {timeout:g} s", wall=time.perf_counter() - start)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        result["peak_mb"] = peak / 1024 if peak > before else None
        return result
    wall = time.perf_counter() - start
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["?"])[-1], "wall": wall, "stages": []}
    result = parse(done.stdout)
    result["wall"] = wall
    # the child's own peak (KiB on Linux); ru_maxrss of children is only the largest child so
    # far (the generator's, when it was larger), so it serves only for a child stopped early
    result["peak_mb"] = result.pop("maxrss_kb") / 1024
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, nargs="+", default=[10_000_000])
    parser.add_argument("--search", nargs="+", default=["optimal"])
    parser.add_argument("--memory-limit", default="8GB")
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument(
        "--workdir", default=None, help="folder for the generated tables (default: a temp folder)"
    )
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        folder = Path(tmp)
        for rows in args.rows:
            source = folder / f"census_{rows}.parquet"
            start = time.perf_counter()
            subprocess.run(
                [
                    sys.executable,
                    str(Path(__file__).with_name("generate.py")),
                    "--rows",
                    str(rows),
                    "--out",
                    str(source),
                ],
                check=True,
                capture_output=True,
            )
            print(f"\n{rows:,} rows generated in {time.perf_counter() - start:.1f} s (not timed)")
            for search in args.search:
                path = folder / f"config_{search}.yaml"
                path.write_text(
                    yaml.safe_dump(config(source, folder / "release.parquet", search, args.memory_limit)),
                    encoding="utf-8",
                )
                result = run(path, args.timeout)
                target = TARGETS.get(rows)
                steps = stage_times(result["stages"], result["wall"])
                if "error" in result:
                    checked = result.get("checked")
                    seen = f", {checked[0]} nodes checked by {checked[1]:.0f} s" if checked else ""
                    peak = (
                        f"{result['peak_mb']:,.0f} MiB"
                        if result.get("peak_mb")
                        else "n/a (not above the generator's)"
                    )
                    print(
                        f"  {search}: {result['error']} (wall {result['wall']:.1f} s{seen}, peak RSS {peak})"
                    )
                    print(f"    stages: {steps}")
                    continue
                peak = f"{result['peak_mb']:,.0f} MiB"
                verdict = ""
                if target is not None:
                    verdict = f" (target {target:g} s: {'met' if result['wall'] <= target else 'NOT met'})"
                print(
                    f"  {search}: {result['wall']:.1f} s{verdict}, peak RSS {peak}, passed {result['passed']}, "
                    f"{result['search'].get('evaluations')} of {result['search'].get('lattice_size')} nodes "
                    f"checked, node {result['node']}"
                )
                print(f"    stages: {steps}")
            os.remove(source)


if __name__ == "__main__":
    main()
