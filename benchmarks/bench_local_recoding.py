"""Local recoding (``local_recoding:``, issue 40, item 3) on Adult, beside the global release of
the same configuration: per criteria set, suppression 2 %, the rows suppressed, the loss and
precision metrics of the release written, the iterations kept, the median seconds of a whole
``anonymize`` run (optimal search) and of its recoding stage, global then local.

With ``--census ROWS`` (e.g. 1000000) the same comparison on a generated census table of ROWS
rows (generate.py; bench_census.py's columns, k=10, and k=10 + hierarchical t=0.2 on disease)
instead of Adult.

Run ``python benchmarks/bench_local_recoding.py --repeat 3`` (Adult, ~1.5 min) or
``python benchmarks/bench_local_recoding.py --repeat 1 --census 1000000``.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from common import SENSITIVE, adult_config, base_parser, machine, median, table

from sqlanon import api
from sqlanon.config import Config, parse_config
from sqlanon.config.recoding import RecodingSettings

SUPPRESSION = 0.02
CRITERIA: dict[str, list[dict[str, Any]]] = {
    "k=5": [{"k-anonymity": {"k": 5}}],
    "k=5 + distinct l=2": [
        {"k-anonymity": {"k": 5}},
        {"l-diversity": {"variant": "distinct", "l": 2, "attribute": SENSITIVE}},
    ],
    "k=5 + equal t=0.2": [
        {"k-anonymity": {"k": 5}},
        {"t-closeness": {"distance": "equal", "t": 0.2, "attribute": SENSITIVE}},
    ],
    "k=5 + hierarchical t=0.2": [
        {"k-anonymity": {"k": 5}},
        {"t-closeness": {"distance": "hierarchical", "t": 0.2, "attribute": SENSITIVE}},
    ],
}


def _recode_seconds(report: Any) -> float:
    """The seconds of the run's recoding stage (0 without one)."""
    return sum(s["seconds"] for s in report.costs.get("stages", []) if s["stage"] == "recode")


def _adult(criteria: list[dict[str, Any]], output: Path) -> Config:
    return adult_config(criteria, output=output, search="optimal", suppression_limit=SUPPRESSION)


def _census(source: Path) -> Any:
    from bench_census import config as census_config

    def make(criteria: list[dict[str, Any]], output: Path) -> Config:
        data = census_config(source, output, "optimal", "4GB")
        data.update(criteria=criteria, suppression_limit=SUPPRESSION)
        return parse_config(data, source.parent)

    return make


def _run(
    make: Any, criteria: list[dict[str, Any]], recoding: RecodingSettings | None, repeat: int
) -> tuple[Any, float, float]:
    times, stages, report = [], [], None
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            config = replace(make(criteria, Path(folder) / "out.parquet"), local_recoding=recoding)
            start = time.perf_counter()
            report = api.anonymize(config)
            times.append(time.perf_counter() - start)
            stages.append(_recode_seconds(report))
    return report, median(times), median(stages)


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=3)
    parser.add_argument(
        "--census", type=int, default=None, help="rows of a generated census table instead of Adult"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.census is None:
            _compare(_adult, CRITERIA, "Adult", args.repeat)
            return
        source = Path(tmp) / "census.parquet"
        generator = str(Path(__file__).with_name("generate.py"))
        subprocess.run(
            [sys.executable, generator, "--rows", str(args.census), "--out", str(source)],
            check=True,
            capture_output=True,
        )
        census = {
            "k=10": [{"k-anonymity": {"k": 10}}],
            "k=10 + hierarchical t=0.2": [
                {"k-anonymity": {"k": 10}},
                {"t-closeness": {"t": 0.2, "distance": "hierarchical", "attribute": "disease"}},
            ],
        }
        _compare(_census(source), census, f"census {args.census:,} rows", args.repeat)


def _compare(make: Any, sets: dict[str, list[dict[str, Any]]], name_of: str, repeat: int) -> None:
    print(f"# {machine()}; {name_of}, optimal search, precision metric, suppression {SUPPRESSION:g}")
    rows = []
    for name, criteria in sets.items():
        for label, recoding in (("global", None), ("local", RecodingSettings(max_iterations=10))):
            report, seconds, recode = _run(make, criteria, recoding, repeat)
            assert report is not None and report.passed, report.message if report else None
            done = report.local_recoding
            kept = [s for s in done["iterations"] if "rejected" not in s] if done else []
            rows.append(
                [
                    name,
                    label,
                    f"{report.suppressed_rows:,}",
                    f"{report.metrics['loss']:.4f}",
                    f"{report.metrics['precision']:.4f}",
                    str(len(kept)) if done else "",
                    done["stopped"] if done else "",
                    f"{seconds:.2f}",
                    f"{recode:.2f}" if done else "",
                ]
            )
    print(
        table(
            [
                "criteria",
                "release",
                "suppressed",
                "loss",
                "precision",
                "iterations",
                "stopped",
                "median s",
                "of which recoding",
            ],
            rows,
        )
    )


if __name__ == "__main__":
    main()
