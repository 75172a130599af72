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

``--journalist`` measures the journalist limits instead (``population:``): the source is every
tenth row of Adult (or of the generated rows with ``--census``), the population the whole table;
limit sets journalist_highest 0.02 (searched as k-map, F >= 50), journalist_average at half the
plain release's, and journalist_records_at_risk 0 with threshold 0.05 (every class F >= 20),
search optimal. ``--journalist --mondrian`` runs them with ``search: mondrian`` instead (metric
gcp, no suppression; the node column gives the partitions): k-map with the population table is
a requirement of every cut, the shares budgets of the cuts (sqlanon.search.mondrian_population).
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


#: the journalist limit sets (--journalist): the average's is set from the plain release's
JOURNALIST: dict[str, dict[str, float]] = {
    "none": {},
    "journalist_highest 0.02": {"journalist_highest": 0.02},
    "journalist_average (half the plain's)": {},
    "journalist_records_at_risk 0, threshold 0.05": {"journalist_records_at_risk": 0.0, "threshold": 0.05},
}
HEADER = ["risk limits", "median s", "vs none", "search statements", "node", "suppressed", "gate"]


def _sample(con: Any, whole: Path, target: Path, every: int = 10) -> Path:
    """Every ``every``-th row of the parquet file ``whole`` as a parquet file."""
    con.execute(
        f"COPY (SELECT * EXCLUDE (__i) FROM (SELECT *, row_number() OVER () AS __i FROM read_parquet('{whole}')) "
        f"WHERE __i % {every} = 0) TO '{target}' (FORMAT parquet)"
    )
    return target


def _journalist_base(folder: Path, rows: int, memory_limit: str) -> tuple[Any, str]:
    """The configuration of the journalist runs (a mapping with ``--census``, else a Config)
    and what it runs on."""
    import duckdb
    from common import ADULT_CSV

    con = duckdb.connect()
    try:
        if rows:
            from bench_census import config as census_config
            from generate import generate

            whole = generate(folder / "census.parquet", rows)
            sample = _sample(con, whole, folder / "sample.parquet")
            criteria = [
                {"k-anonymity": {"k": 10}},
                {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "disease"}},
            ]
            base = dict(
                census_config(sample, folder / "out.parquet", "optimal", memory_limit),
                criteria=criteria,
                suppression_limit=0.01,
                population=str(whole),
            )
            # zip5.yaml masks the zips it finds in the sample; the population holds more: the same
            # masks of every zip of the whole table, as an ARX CSV hierarchy
            zips = folder / "zip.csv"
            masks = ", ".join(f"left(zip, {5 - i}) || '{'*' * i}'" for i in range(1, 6))
            con.execute(
                f"COPY (SELECT DISTINCT zip, {masks} FROM read_parquet('{whole}') ORDER BY zip) "
                f"TO '{zips}' (FORMAT csv, DELIMITER ';', HEADER false)"
            )
            base["columns"] = dict(base["columns"], zip={"role": "quasi", "hierarchy": str(zips)})
            return base, f"{rows // 10:,} of {rows:,} generated rows, k=10 + distinct l=2 on disease, 1 %"
        whole = folder / "adult.parquet"
        con.execute(
            f"COPY (SELECT * FROM read_csv('{ADULT_CSV}', delim=';', header=true, all_varchar=true)) "
            f"TO '{whole}' (FORMAT parquet)"
        )
        sample = _sample(con, whole, folder / "sample.parquet")
    finally:
        con.close()
    config = adult_config(
        CRITERIA,
        source=sample,
        output=folder / "out.csv",
        search="optimal",
        suppression_limit=SUPPRESSION,
        population=whole,
    )
    return config, f"a tenth of Adult, population Adult, k=5 + distinct l=2 on {SENSITIVE}, {SUPPRESSION:.0%}"


def journalist(rows: int, repeat: int, memory_limit: str, mondrian: bool = False) -> None:
    """The journalist limits, a tenth of Adult (or of ``rows`` generated rows) a sample of the
    whole, search optimal (or mondrian); each row printed as it is measured."""
    out = []
    with tempfile.TemporaryDirectory() as folder:
        base, what = _journalist_base(Path(folder), rows, memory_limit)
        if mondrian:
            search = {"search": "mondrian", "metric": "gcp", "suppression_limit": 0}
            base = dict(base, **search) if isinstance(base, dict) else replace(base, **search)
        print(f"# {machine()}; {what}, {'mondrian' if mondrian else 'optimal'}", flush=True)
        plain = average = None
        sets = dict(JOURNALIST)
        if mondrian:  # what following the population costs: the plain run without one first
            sets = {"none, no population": {}, **sets}
        for name, limit in sets.items():
            if name == "none, no population":
                config = (
                    dict(base, population=None) if isinstance(base, dict) else replace(base, population=None)
                )
                times = []
                for _ in range(repeat):
                    start = time.perf_counter()
                    report = api.anonymize(config)
                    times.append(time.perf_counter() - start)
                seconds = median(times)
                row = [name, f"{seconds:.2f}", "", str(report.search["statements"])]
                out.append(
                    [
                        *row,
                        f"{report.search['partitions']} partitions",
                        "0",
                        "passes" if report.passed else "no release",
                    ]
                )
                print(table(HEADER, out[-1:]), flush=True)
                continue
            if name.startswith("journalist_average"):
                assert average is not None
                limit = {"journalist_average": round(average / 2, 6)}
                name = f"journalist_average {limit['journalist_average']:g}"
            times, report = [], None
            for _ in range(repeat):
                start = time.perf_counter()
                if isinstance(base, dict):
                    report = api.anonymize(dict(base, risk=limit) if limit else base)
                else:
                    limits = {k: v for k, v in limit.items() if k != "threshold"}
                    risk = RiskSettings(limits=limits, threshold=limit.get("threshold", 0.2))
                    report = api.anonymize(replace(base, risk=risk))
                times.append(time.perf_counter() - start)
            assert report is not None
            seconds = median(times)
            if plain is None:
                plain, average = seconds, report.risk["journalist"]["average"]
            node = ",".join(str(v) for v in report.node.values()) if report.node else "none"
            if mondrian:
                node = f"{report.search['partitions']} partitions"
            gate = "passes" if report.passed else "no release"
            statements = report.search["statements"] if mondrian else _statements(report, "search")
            row = [name, f"{seconds:.2f}", f"{seconds / plain:.2f}", str(statements)]
            out.append([*row, node, str(report.suppressed_rows), gate])
            print(table(HEADER, out[-1:]), flush=True)
    print(table(HEADER, out))


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=3)
    parser.add_argument("--census", type=int, default=0, help="rows of a generated table instead of Adult")
    parser.add_argument(
        "--journalist", action="store_true", help="the journalist limits, a tenth of the table a sample of it"
    )
    parser.add_argument("--mondrian", action="store_true", help="with --journalist: search mondrian")
    args = parser.parse_args()
    if args.journalist:
        journalist(args.census, args.repeat, args.memory_limit, args.mondrian)
        return
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
