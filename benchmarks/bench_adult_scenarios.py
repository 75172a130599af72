"""sqlanon's side of issue 35's target T1: the five Adult scenarios, warm search and whole process.

Scenarios (optimal search, precision): k=5; k=5 + recursive (c=4, l=4)-diversity; k=5 +
hierarchical t=0.15; k=5 with 5 % suppression; k=5 + hierarchical t=0.2 with 2 % (and, for
target T4, the same without suppression). For each, Adult is read and encoded once, then the
search and the choice of the node (what ``anonymize`` runs before writing) are timed
``--repeat`` times after one warm-up; printed: the median, the checks, the batched statements
and the node. ``--configs DIR`` also writes each scenario as a configuration file
(``adult_<name>.yaml``, output ``adult_<name>.parquet`` beside it) for timing whole
``sqlanon anonymize`` processes beside another tool's, interleaved, by the caller.

ARX's figures (benchmarks/README.md) come from ARX built from its public source outside this
repository and run in the same session; nothing of it is part of sqlanon.

Run ``python benchmarks/bench_adult_scenarios.py --repeat 5 [--configs DIR]``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml
from common import (
    ADULT_CSV,
    INSENSITIVE,
    QUASI,
    SENSITIVE,
    adult_config,
    choose,
    hierarchy_path,
    machine,
    median,
    prepare,
)

K5: dict[str, Any] = {"k-anonymity": {"k": 5}}

#: name -> (criteria, suppression limit)
SCENARIOS: dict[str, tuple[list[dict[str, Any]], float]] = {
    "k5": ([K5], 0.0),
    "k5rec": ([K5, {"l-diversity": {"variant": "recursive", "c": 4, "l": 4}}], 0.0),
    "k5t15": ([K5, {"t-closeness": {"distance": "hierarchical", "t": 0.15}}], 0.0),
    "k5s5": ([K5], 0.05),
    "k5t20s2": ([K5, {"t-closeness": {"distance": "hierarchical", "t": 0.2}}], 0.02),
    "k5t20": ([K5, {"t-closeness": {"distance": "hierarchical", "t": 0.2}}], 0.0),
}


def config_file(name: str, folder: Path) -> Path:
    """Scenario ``name`` as a configuration file in ``folder`` (its output beside it)."""
    criteria, limit = SCENARIOS[name]
    columns: dict[str, Any] = {c: {"role": "quasi", "hierarchy": str(hierarchy_path(c))} for c in QUASI}
    sensitive: dict[str, Any] = {"role": "sensitive"}
    if any("t-closeness" in c for c in criteria):
        sensitive["hierarchy"] = str(hierarchy_path(SENSITIVE))
    columns[SENSITIVE] = sensitive if len(criteria) > 1 else {"role": "insensitive"}
    columns[INSENSITIVE] = {"role": "insensitive"}
    data = {
        "source": str(ADULT_CSV),
        "csv": {"delimiter": ";"},
        "columns": columns,
        "criteria": criteria,
        "suppression_limit": limit,
        "search": "optimal",
        "metric": "precision",
        "output": str(folder / f"adult_{name}.parquet"),
        "overwrite": True,
    }
    path = folder / f"adult_{name}.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--configs", type=Path, help="also write each scenario's configuration here")
    args = parser.parse_args()
    print(machine())
    if args.configs:
        args.configs.mkdir(parents=True, exist_ok=True)
        for name in SCENARIOS:
            print(f"wrote {config_file(name, args.configs)}")
    for name, (criteria, limit) in SCENARIOS.items():
        prepared = prepare(name, adult_config(criteria, suppression_limit=limit, search="optimal"))
        statements = {"n": 0}
        fetchall = prepared.engine.fetchall

        def counted(sql: Any, params: Any = None, _f: Any = fetchall, _n: dict[str, int] = statements) -> Any:
            if params and "nodes" in params:
                _n["n"] += 1
            return _f(sql, params)

        prepared.engine.fetchall = counted  # type: ignore[method-assign]
        choose(prepared)  # warm-up
        times = []
        for _ in range(args.repeat):
            statements["n"] = 0
            seconds, node, result = choose(prepared)
            times.append(seconds)
        prepared.close()
        print(
            f"{name:8s} median {median(times) * 1000:8.1f} ms  checks {result.evaluations:5d}  "
            f"batched statements {statements['n']:4d}  node {node}"
        )


if __name__ == "__main__":
    main()
