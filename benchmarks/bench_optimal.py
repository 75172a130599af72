"""Optimal-only search vs Incognito (issue 5, target 1), on Adult.

For each criteria set (k=5, then k=5 plus each l-diversity / t-closeness model), both strategies
find the node to release (search, then the choice of the best minimal node: ``run_search`` and
``best_node``, what ``anonymize`` runs before writing); the node must be the same. Printed:
nodes checked vs the lattice size, median seconds, and the ratio of medians, the strategies
interleaved in every repetition. Run ``python benchmarks/bench_optimal.py --repeat 5``.
"""

from __future__ import annotations

from common import (
    adult_config,
    apply_engine_settings,
    base_parser,
    choose,
    criteria_sets,
    machine,
    median,
    ms,
    prepare,
    table,
)

from sqlanon.search.lattice import Lattice

STRATEGIES = ("incognito", "optimal")


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=5)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--metric", default="precision")
    args = parser.parse_args()
    apply_engine_settings(args.threads, args.memory_limit or None)
    print(machine())
    sets = criteria_sets()
    prepared = {
        (name, s): prepare(name, adult_config(criteria, search=s, metric=args.metric))
        for name, criteria in sets.items()
        for s in STRATEGIES
    }
    lattice = Lattice(tuple(d.height for d in next(iter(prepared.values())).encoded.qis))
    times: dict[tuple[str, str], list[float]] = {key: [] for key in prepared}
    nodes: dict[tuple[str, str], object] = {}
    checked: dict[tuple[str, str], int] = {}
    for rep in range(args.warmup + args.repeat):
        for key, p in prepared.items():
            seconds, node, result = choose(p)
            if rep >= args.warmup:
                times[key].append(seconds)
            nodes[key], checked[key] = node, result.evaluations
    rows = []
    for name in sets:
        inc, opt = (name, "incognito"), (name, "optimal")
        same = "yes" if nodes[inc] == nodes[opt] else f"NO: {nodes[inc]} vs {nodes[opt]}"
        rows.append(
            [
                name,
                f"{checked[inc]} / {lattice.size}",
                f"{checked[opt]} / {lattice.size}",
                ms(median(times[inc])),
                ms(median(times[opt])),
                f"{median(times[inc]) / median(times[opt]):.2f}x",
                same,
            ]
        )
    print(f"metric {args.metric}, medians of {args.repeat} (strategies interleaved)")
    print(
        table(
            [
                "criteria",
                "incognito checked",
                "optimal checked",
                "incognito",
                "optimal",
                "speed-up",
                "same node",
            ],
            rows,
        )
    )
    for p in prepared.values():
        p.close()


if __name__ == "__main__":
    main()
