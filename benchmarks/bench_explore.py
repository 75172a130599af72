"""``sqlanon explore`` on Adult beside the plain ``anonymize`` runs it stands for: one encoding
and the settings' searches (verdicts reused across k and the suppression limit where the rule
of docs/commands.md allows) against one ``anonymize`` per setting (each reading, encoding,
searching, writing and gating its release).

Printed: per criteria set, the settings, the median seconds of one ``explore`` and of the
``anonymize`` runs of its settings, and the verdicts explore reused. Run
``python benchmarks/bench_explore.py --repeat 3``.
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


def main() -> None:
    args = base_parser(__doc__ or "", repeat=1).parse_args()
    print(f"# {machine()}; Adult, {len(QUASI)} quasi-identifiers, search optimal, metric precision")
    rows = []
    for name, criteria in SETS.items():
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
