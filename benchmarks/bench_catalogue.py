"""Search cost of each model of the catalogue on Adult: k=5 plus one criterion each.

Target (model-catalogue issue): no model makes the search more than 3x slower than k=5 alone,
except a model that is not monotone under generalization, where the search cannot prune with
it and must evaluate it at every node k=5 leaves (reported, not held to 3x).

Method as in bench_search.py: the source is read and encoded once per criteria set, then
``lattice_release.run_search`` (Incognito, all minimal nodes) is timed; one untimed warm-up, then the
sets run round-robin in every repetition (rotated order), so ratios to k=5 come from one run.
Run ``python benchmarks/bench_catalogue.py --repeat 5``.
"""

from __future__ import annotations

from typing import Any

from bench_search import bench_searches
from common import (
    K_ONLY,
    adult_config,
    apply_engine_settings,
    base_parser,
    machine,
    median,
    ms,
    prepare,
    table,
    verdict,
)

from sqlanon.criteria import make_criterion
from sqlanon.search.lattice import Lattice

RATIO_TARGET = 3.0  # x k-only

OCC = "occupation"

#: name -> the criterion added to k-anonymity (k=5)
CATALOGUE: dict[str, dict[str, Any]] = {
    "pd-recursive c=3 l=3": {
        "l-diversity": {
            "variant": "pd-recursive",
            "c": 3,
            "l": 3,
            "allowed": ["Prof-specialty"],
            "attribute": OCC,
        }
    },
    "npd-recursive c1=3 c2=0.5 l=3": {
        "l-diversity": {
            "variant": "npd-recursive",
            "c1": 3,
            "c2": 0.5,
            "l": 3,
            "allowed": ["Prof-specialty"],
            "protected": ["Craft-repair"],
            "attribute": OCC,
        }
    },
    "multi-attribute distinct l=2": {
        "l-diversity": {
            "variant": "distinct",
            "l": 2,
            "attributes": [OCC, "salary-class"],
            "multi_attribute": True,
        }
    },
    "alpha-k alpha=0.5": {"alpha-k-anonymity": {"alpha": 0.5, "k": 5, "attribute": OCC}},
    "delta-disclosure delta=1.5": {"delta-disclosure": {"delta": 1.5, "attribute": OCC}},
    "beta-likeness basic beta=2": {"beta-likeness": {"beta": 2, "variant": "basic", "attribute": OCC}},
    "beta-likeness enhanced beta=2": {"beta-likeness": {"beta": 2, "variant": "enhanced", "attribute": OCC}},
    "t variational t=0.2": {"t-closeness": {"t": 0.2, "distance": "variational", "attribute": OCC}},
    "t kl t=0.3": {"t-closeness": {"t": 0.3, "distance": "kl", "attribute": OCC}},
    "t js t=0.05": {"t-closeness": {"t": 0.05, "distance": "js", "attribute": OCC}},
    "t smoothed-js t=0.05": {
        "t-closeness": {
            "t": 0.05,
            "distance": "smoothed-js",
            "ground": "hierarchical",
            "bandwidth": 0.6,
            "attribute": OCC,
        }
    },
    "(n,t) n=1000 t=0.2 equal": {
        "nt-closeness": {"n": 1000, "t": 0.2, "distance": "equal", "attribute": OCC}
    },
    "(n,t) n=1000 t=0.2 hierarchical": {
        "nt-closeness": {"n": 1000, "t": 0.2, "distance": "hierarchical", "attribute": OCC}
    },
    "dissimilarity hier. eps=0.5 delta=0.5": {
        "dissimilarity": {"epsilon": 0.5, "delta": 0.5, "k": 5, "distance": "hierarchical", "attribute": OCC}
    },
    "dissimilarity ordered eps=0.1 delta=0.3": {
        "dissimilarity": {"epsilon": 0.1, "delta": 0.3, "k": 5, "distance": "ordered", "attribute": OCC}
    },
}


def main() -> None:
    parser = base_parser(__doc__.splitlines()[0], repeat=5)
    parser.add_argument("--warmup", type=int, default=1, help="untimed searches per set first (default 1)")
    parser.add_argument("--only", nargs="*", default=None, help="criteria set names to run (default all)")
    args = parser.parse_args()
    apply_engine_settings(args.threads, args.memory_limit or None)
    base = [{"k-anonymity": {"k": 5}}]
    sets = {K_ONLY: base} | {
        name: [*base, extra] for name, extra in CATALOGUE.items() if args.only is None or name in args.only
    }
    print(f"sqlanon model-catalogue benchmark on Adult - {machine()}")
    print(f"repeat={args.repeat} warmup={args.warmup} threads={args.threads or 'default'}")
    prepared = [prepare(name, adult_config(criteria)) for name, criteria in sets.items()]
    lattice = Lattice(tuple(d.height for d in prepared[0].encoded.qis))
    print(f"rows={prepared[0].encoded.rows:,}  lattice={lattice.size:,} nodes")
    info = bench_searches(prepared, args.repeat, args.warmup)
    k_median = info[K_ONLY]["median"]
    rows = []
    for p in prepared:
        i = info[p.name]
        ratio = i["median"] / k_median
        monotone = all(make_criterion(c).monotone_generalization for c in p.config.criteria)
        if p.name == K_ONLY:
            target = "-"
        elif monotone:
            target = verdict(ratio, RATIO_TARGET) + " (<= 3x)"
        else:
            target = "not monotone: every node k=5 leaves is checked"
        rows.append(
            [
                p.name,
                "yes" if monotone else "no",
                int(i["evaluations"]),
                int(i["minimal"]),
                ms(i["median"]),
                f"{ms(i['min'])} / {ms(i['max'])}",
                "-" if p.name == K_ONLY else f"{ratio:.2f}x (per-rep {median(i['ratios']):.2f}x)",  # type: ignore[arg-type]
                target,
            ]
        )
    print("\nSearch only (encode once, run_search timed), Incognito, k=5 plus one criterion")
    print(
        table(
            [
                "criteria",
                "monotone",
                "evaluations",
                "minimal",
                "median",
                "min / max",
                "ratio to k=5",
                "target",
            ],
            rows,
        )
    )
    for p in prepared:
        p.close()


if __name__ == "__main__":
    main()
