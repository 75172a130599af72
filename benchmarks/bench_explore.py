"""``sqlanon explore`` on Adult beside the plain ``anonymize`` runs it stands for: one encoding
and the settings' searches (verdicts reused across k and the suppression limit where the rule
of docs/commands.md allows) against one ``anonymize`` per setting (each reading, encoding,
searching, writing and gating its release).

Printed: per criteria set, the settings, the median seconds of one ``explore`` and of the
``anonymize`` runs of its settings, and the verdicts explore reused. Run
``python benchmarks/bench_explore.py --repeat 3``; ``--census 1000000`` runs a smaller grid
(k = 10, 20, 50 by suppression 0 and 1 %) on that many generated census-like rows
(generate.py; bench_census.py's hierarchies, a 21,600-node lattice) instead of Adult, and prints
each criteria set's row as soon as it is measured (a set costs tens of minutes there);
``--sets k`` measures only the named criteria sets.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from common import QUASI, SENSITIVE, adult_config, base_parser, machine, median, table

from sqlanon import api

GRID: dict[str, list[Any]] = {"k": [2, 5, 10, 20, 50], "suppression_limit": [0, 0.02, 0.05]}
SETS: dict[str, list[dict[str, Any]]] = {
    "k": [{"k-anonymity": {"k": 5}}],
    "k + distinct l=2": [{"k-anonymity": {"k": 5}}, {"l-diversity": {"l": 2, "attribute": SENSITIVE}}],
}


def _with(config: Any, k: int, limit: float) -> Any:
    from dataclasses import replace

    criteria = tuple(
        replace(c, params={**c.params, "k": k}) if c.kind == "k-anonymity" else c for c in config.criteria
    )
    return replace(config, criteria=criteria, suppression_limit=float(limit))


#: the census grid and criteria sets (--census): fewer settings, each run costs more
CENSUS_GRID: dict[str, list[Any]] = {"k": [10, 20, 50], "suppression_limit": [0, 0.01]}
CENSUS_SETS: dict[str, list[dict[str, Any]]] = {
    "k": [{"k-anonymity": {"k": 10}}],
    "k + distinct l=2": [{"k-anonymity": {"k": 10}}, {"l-diversity": {"l": 2, "attribute": "disease"}}],
}


def census(rows: int, repeat: int, memory_limit: str, names: list[str]) -> None:
    """The census grid on ``rows`` generated rows (configurations as mappings)."""
    from bench_census import config as census_config
    from generate import generate

    print(f"# {machine()}; {rows:,} generated rows, search optimal, metric precision")
    header = ["criteria", "settings", "explore s", "anonymize per setting s", "ratio", "verdicts reused"]
    out = []
    with tempfile.TemporaryDirectory() as folder:
        source = generate(Path(folder) / "census.parquet", rows)
        for name, criteria in CENSUS_SETS.items():
            if name not in names:
                continue
            base = census_config(source, Path(folder) / "out.parquet", "optimal", memory_limit)
            base = dict(base, criteria=criteria)
            explore_times, anonymize_times, reused = [], [], 0
            for _ in range(repeat):
                start = time.perf_counter()
                found = api.explore(base, vary=CENSUS_GRID)
                explore_times.append(time.perf_counter() - start)
                reused = found.reuse.get("reused_verdicts", 0)
                start = time.perf_counter()
                for k in CENSUS_GRID["k"]:
                    for limit in CENSUS_GRID["suppression_limit"]:
                        changed = [{"k-anonymity": {"k": k}}, *criteria[1:]]
                        api.anonymize(dict(base, criteria=changed, suppression_limit=limit))
                anonymize_times.append(time.perf_counter() - start)
            settings = len(CENSUS_GRID["k"]) * len(CENSUS_GRID["suppression_limit"])
            explored, separate = median(explore_times), median(anonymize_times)
            out.append(
                [
                    name,
                    str(settings),
                    f"{explored:.1f}",
                    f"{separate:.1f}",
                    f"{explored / separate:.2f}",
                    f"{reused:,}",
                ]
            )
            print(table(header, out[-1:]), flush=True)
    if len(out) > 1:
        print(table(header, out))


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=1)
    parser.add_argument("--census", type=int, default=0, help="rows of a generated table instead of Adult")
    parser.add_argument(
        "--sets",
        nargs="+",
        metavar="NAME",
        help="only these criteria sets (default: all); quote names with spaces",
    )
    args = parser.parse_args()
    chosen = args.sets or list(CENSUS_SETS if args.census else SETS)
    unknown = sorted(set(chosen) - set(CENSUS_SETS if args.census else SETS))
    if unknown:
        parser.error(
            f"unknown criteria set {unknown[0]!r}; choose from {sorted(CENSUS_SETS if args.census else SETS)}"
        )
    if args.census:
        census(args.census, args.repeat, args.memory_limit, chosen)
        return
    print(f"# {machine()}; Adult, {len(QUASI)} quasi-identifiers, search optimal, metric precision")
    rows = []
    for name, criteria in SETS.items():
        if name not in chosen:
            continue
        explore_times, anonymize_times, reused = [], [], 0
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as folder:
                config = adult_config(criteria, output=Path(folder) / "out.csv", search="optimal")
                start = time.perf_counter()
                found = api.explore(config, vary=GRID)
                explore_times.append(time.perf_counter() - start)
                reused = found.reuse.get("reused_verdicts", 0)
                start = time.perf_counter()
                for k in GRID["k"]:
                    for limit in GRID["suppression_limit"]:
                        api.anonymize(_with(config, k, limit))
                anonymize_times.append(time.perf_counter() - start)
        settings = len(GRID["k"]) * len(GRID["suppression_limit"])
        rows.append(
            [
                name,
                str(settings),
                f"{median(explore_times):.2f}",
                f"{median(anonymize_times):.2f}",
                f"{reused:,}",
            ]
        )
    print(table(["criteria", "settings", "explore s", "anonymize per setting s", "verdicts reused"], rows))


if __name__ == "__main__":
    main()
