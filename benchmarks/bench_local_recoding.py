"""Local recoding (``local_recoding:``, issue 40, item 3) on Adult, beside the global release of
the same configuration: per criteria set, suppression 2 %, the rows suppressed, the loss and
precision metrics of the release written, the iterations kept, the median seconds of a whole
``anonymize`` run (optimal search) and of its recoding stage, global then local.

Run ``python benchmarks/bench_local_recoding.py --repeat 3``.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from common import SENSITIVE, adult_config, base_parser, machine, median, table

from sqlanon import api
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


def _run(
    criteria: list[dict[str, Any]], recoding: RecodingSettings | None, repeat: int
) -> tuple[Any, float, float]:
    times, stages, report = [], [], None
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            config = adult_config(
                criteria, output=Path(folder) / "out.csv", search="optimal", suppression_limit=SUPPRESSION
            )
            config = replace(config, local_recoding=recoding)
            start = time.perf_counter()
            report = api.anonymize(config)
            times.append(time.perf_counter() - start)
            stages.append(_recode_seconds(report))
    return report, median(times), median(stages)


def main() -> None:
    args = base_parser(__doc__ or "", repeat=3).parse_args()
    print(f"# {machine()}; Adult, optimal search, precision metric, suppression {SUPPRESSION:g}")
    rows = []
    for name, criteria in CRITERIA.items():
        for label, recoding in (("global", None), ("local", RecodingSettings(max_iterations=10))):
            report, seconds, recode = _run(criteria, recoding, args.repeat)
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
