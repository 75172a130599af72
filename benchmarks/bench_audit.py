"""``sqlanon audit`` on Adult: the shape of the t-closeness paper's Section 6 experiment.

Paper 003 (Li, Li, Venkatasubramanian), Section 6: the 7 regular attributes of Adult as
quasi-identifier, Occupation sensitive, its 14 values in three semantic groups; Incognito finds
every minimal entropy 2-diverse table (21, of which 13 are vulnerable to the similarity attack)
and every minimal recursive (4,4)-diverse table (26, 17 vulnerable). Here the same run with the
hierarchies shipped in ``/work/shared/data/adult`` (occupation's level 1 has three groups:
Technical, Nontechnical, Other), plus k-anonymous tables audited for homogeneity (the attack
l-diversity answers, paper 002). No suppression, as in the paper.

Printed: per criteria set, the minimal nodes and, per attack, how many of them have a
vulnerable class (and the most rows one of them exposes), and the median time of a whole
``sqlanon audit`` (read, encode, search, audit every node). Run
``python benchmarks/bench_audit.py --repeat 3``.
"""

from __future__ import annotations

import time
from typing import Any

from common import (
    ADULT_CSV,
    ADULT_DIR,
    INSENSITIVE,
    QUASI,
    SENSITIVE,
    base_parser,
    hierarchy_path,
    machine,
    median,
    table,
)

from sqlanon import api
from sqlanon.config.audit import ATTACKS

#: name -> criteria; the paper's figures where it gives them
SETS: dict[str, tuple[list[dict[str, Any]], str]] = {
    "entropy l=2": ([{"l-diversity": {"variant": "entropy", "l": 2}}], "21 minimal, 13 similarity"),
    "recursive c=4 l=4": (
        [{"l-diversity": {"variant": "recursive", "c": 4, "l": 4}}],
        "26 minimal, 17 similarity",
    ),
    "k=2": ([{"k-anonymity": {"k": 2}}], ""),
    "k=5": ([{"k-anonymity": {"k": 5}}], ""),
    "k=10": ([{"k-anonymity": {"k": 10}}], ""),
}


def config(criteria: list[dict[str, Any]]) -> dict[str, Any]:
    columns: dict[str, Any] = {c: {"role": "quasi", "hierarchy": str(hierarchy_path(c))} for c in QUASI}
    columns[SENSITIVE] = {"role": "sensitive", "hierarchy": str(hierarchy_path(SENSITIVE))}
    columns[INSENSITIVE] = {"role": "insensitive"}
    for c in criteria:
        for params in c.values():
            if "l" in params:  # l-diversity reads the sensitive column
                params["attribute"] = SENSITIVE
    return {"source": str(ADULT_CSV), "csv": {"delimiter": ";"}, "columns": columns, "criteria": criteria}


def main() -> None:
    args = base_parser("sqlanon audit on Adult (paper 003, Section 6)", 3).parse_args()
    print(machine())
    rows = []
    for name, (criteria, paper) in SETS.items():
        times = []
        report = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            report = api.audit(config([dict(c) for c in criteria]), base_dir=ADULT_DIR)
            times.append(time.perf_counter() - start)
        assert report is not None
        cells = []
        for attack, count in report.vulnerable_nodes().items():
            exposed = max((n.attacks[attack] or {"rows": 0})["rows"] for n in report.nodes)
            cells.append(f"{count} ({exposed:,} rows)" if count else "0")
        rows.append([name, len(report.nodes), *cells, f"{median(times):.2f} s", paper])
    print(table(["criteria", "minimal nodes", *ATTACKS, "audit (median)", "paper 003"], rows))
    print("cells: minimal nodes with a vulnerable class (the most rows one node exposes)")


if __name__ == "__main__":
    main()
