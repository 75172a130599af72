"""``risk:`` limits steering the lattice search (issue 40, item 1) on Adult, beside the plain
``anonymize`` of the same configuration: per search (optimal, incognito) and limit set, the
median seconds of a whole run, the search stage's statements, the node chosen and the rows
suppressed, and the ratio to the run without limits. Before item 1 a run whose node exceeded a
limit published nothing. Adult's plain node exceeds prosecutor_highest 0.05 and
prosecutor_average 0.002 (the search finds a coarser node); it meets records_at_risk 0 and
sample_uniques 0 (k = 5 leaves no class under 1 / 0.2 rows): those rows are the cost of asking
a share limit of every node that meets the criteria (with suppression the share limits are
not monotone, sqlanon/search/risk.py).

Run ``python benchmarks/bench_risk.py --repeat 3``. ``--census 1000000`` runs the search
``optimal`` on that many generated census-like rows instead (generate.py; bench_census.py's
hierarchies, a 21,600-node lattice; k=10 + distinct l=2 on disease, 1 % suppression), with
prosecutor_average at half the plain release's.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from common import SENSITIVE, adult_config, base_parser, machine, median, table

from sqlanon import api
from sqlanon.config.risk import RiskSettings

CRITERIA: list[dict[str, Any]] = [
    {"k-anonymity": {"k": 5}},
    {"l-diversity": {"variant": "distinct", "l": 2, "attribute": SENSITIVE}},
]
SUPPRESSION = 0.02
#: the limit sets: none (the plain run), then limits the plain node exceeds
LIMITS: dict[str, dict[str, float]] = {
    "none": {},
    "prosecutor_highest 0.05": {"prosecutor_highest": 0.05},
    "prosecutor_average 0.002": {"prosecutor_average": 0.002},
    "records_at_risk 0": {"records_at_risk": 0.0},
    "sample_uniques 0 + average 0.002": {"sample_uniques": 0.0, "prosecutor_average": 0.002},
}


def _statements(report: Any, stage: str) -> int:
    return sum(s["statements"] for s in report.costs.get("stages", []) if s["stage"] == stage)


def census(rows: int, repeat: int, memory_limit: str) -> None:
    """The limits on ``rows`` generated rows, search optimal (configurations as mappings)."""
    from bench_census import config as census_config
    from generate import generate

    criteria = [
        {"k-anonymity": {"k": 10}},
        {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "disease"}},
    ]
    print(
        f"# {machine()}; {rows:,} generated rows, k=10 + distinct l=2 on disease, suppression 0.01, optimal"
    )
    out = []
    with tempfile.TemporaryDirectory() as folder:
        source = generate(Path(folder) / "census.parquet", rows)
        base = census_config(source, Path(folder) / "out.parquet", "optimal", memory_limit)
        base = dict(base, criteria=criteria, suppression_limit=0.01)
        plain = average = None
        limits: dict[str, dict[str, float]] = {
            "none": {},
            "prosecutor_highest 0.05": {"prosecutor_highest": 0.05},
            "prosecutor_average (half the plain's)": {},
            "records_at_risk 0": {"records_at_risk": 0.0},
        }
        for name, limit in limits.items():
            if name.startswith("prosecutor_average"):
                assert average is not None
                limit = {"prosecutor_average": round(average / 2, 6)}
                name = f"prosecutor_average {limit['prosecutor_average']:g}"
            times, report = [], None
            for _ in range(repeat):
                start = time.perf_counter()
                report = api.anonymize(dict(base, risk=limit) if limit else base)
                times.append(time.perf_counter() - start)
            assert report is not None
            seconds = median(times)
            if plain is None:
                plain, average = seconds, report.risk["prosecutor"]["average"]
            node = ",".join(str(v) for v in report.node.values()) if report.node else "none"
            gate = "passes" if report.passed else "no release"
            out.append(
                [
                    name,
                    f"{seconds:.1f}",
                    f"{seconds / plain:.2f}",
                    str(_statements(report, "search")),
                    node,
                    gate,
                ]
            )
    print(table(["risk limits", "median s", "vs none", "search statements", "node", "gate"], out))


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=3)
    parser.add_argument("--census", type=int, default=0, help="rows of a generated table instead of Adult")
    args = parser.parse_args()
    if args.census:
        census(args.census, args.repeat, args.memory_limit)
        return
    print(f"# {machine()}; Adult, k=5 + distinct l=2 on {SENSITIVE}, suppression {SUPPRESSION:g}")
    rows = []
    for search in ("optimal", "incognito"):
        plain = None
        for name, limits in LIMITS.items():
            times, report = [], None
            for _ in range(args.repeat):
                with tempfile.TemporaryDirectory() as folder:
                    config = adult_config(
                        CRITERIA,
                        output=Path(folder) / "out.csv",
                        search=search,
                        suppression_limit=SUPPRESSION,
                    )
                    config = replace(config, risk=RiskSettings(limits=limits))
                    start = time.perf_counter()
                    report = api.anonymize(config)
                    times.append(time.perf_counter() - start)
            assert report is not None
            seconds = median(times)
            plain = seconds if plain is None else plain
            node = ",".join(str(v) for v in report.node.values()) if report.node else "none"
            rows.append(
                [
                    search,
                    name,
                    f"{seconds:.2f}",
                    f"{seconds / plain:.2f}",
                    str(_statements(report, "search")),
                    node,
                    str(report.suppressed_rows),
                    "passes" if report.passed else "no release",
                ]
            )
    print(
        table(
            [
                "search",
                "risk limits",
                "median s",
                "vs none",
                "search statements",
                "node",
                "suppressed",
                "gate",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    main()
