"""How few checks any search of this kind needs on the census benchmark (issue 5, target 3).

Runs the optimal search of ``bench_census.py`` (same generated table and configuration) in this
process, records every node the oracles checked, and derives from the outcomes a *lower bound*
on the checks that any search deciding nodes by checks and monotone tagging must make to prove
the same answer:

* the region R: the nodes whose data-free bound lies below the best key found (each must be
  decided, or a better node could hide there);
* every node of R that passes the monotone part of the requirement and whose direct
  specializations all fail must be checked itself (only a passing check at or below a node
  shows that it passes, and none lies below it);
* every node of R that fails must lie below a failing check. Two failing nodes whose join
  (componentwise maximum) passes cannot share one: a node above both lies above the join and
  passes. So a set of maximal failing nodes of R whose pairwise joins all pass (found greedily:
  any such set is a valid bound) needs one failing check each.

Statuses come from the recorded checks by tagging (a pass decides every generalization, a failure
every specialization); the script checks that they decide all of R. It prints the bound next to
the checks the search made and how large the checked nodes' tables were (classes).

With ``--exact`` it also runs Incognito (every minimal node, so every node's status), gives the
same bound from the exact statuses, covers the region's failing nodes greedily with the
lattice's maximal failing nodes (what a search knowing every status could check instead), and
times checking that cover, the best node and the region's minimal passing nodes with a fresh
evaluator: once as the search's cache would roll them up, once from a single table at their meet
made first. (``--exact`` needs a monotone requirement: with a non-monotone model Incognito's
minimal nodes do not give every node's monotone status.)

Run ``python benchmarks/bench_certificate.py --rows 1000000`` (or ``--source table.parquet`` to
reuse a generated table).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from bench_census import config as census_config
from common import machine

from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.release import lattice as lattice_release
from sqlanon.release.run import run_engine
from sqlanon.search.evaluator import NodeEvaluator, search_threads
from sqlanon.search.lattice import Lattice, Node
from sqlanon.search.optimal import PATHS

Oracle = Callable[[Sequence[Node]], list[bool]]


class Recorder:
    """Wraps the search's oracles and keeps every outcome (and the evaluators behind them)."""

    def __init__(self) -> None:
        self.full: dict[Node, bool] = {}
        self.monotone: dict[Node, bool] = {}
        self.context: dict[str, Any] = {}
        self.real = lattice_release.search

    def wrap(self, oracle: Oracle, store: dict[Node, bool]) -> Oracle:
        def recorded(nodes: Sequence[Node]) -> list[bool]:
            results = oracle(nodes)
            store.update(zip(nodes, results, strict=True))
            return results

        return recorded

    def search(self, name: str, lattice: Lattice, oracle: Oracle, prune: Oracle | None, *rest: Any) -> Any:
        bound, key = rest[1], rest[2]
        self.context.update(lattice=lattice, bound=bound, key=key, prune=prune, oracle=oracle)
        full = self.wrap(oracle, self.full)
        mono = self.wrap(prune, self.monotone) if prune is not None else None
        return self.real(name, lattice, full, mono, *rest)


def classes_of(recorder: Recorder) -> dict[Node, int]:
    """Classes of every checked node (from the evaluators' kept results)."""
    out: dict[Node, int] = {}
    for oracle in (recorder.context["prune"], recorder.context["oracle"]):
        evaluator = getattr(oracle, "__self__", None)
        if evaluator is not None:
            out.update({n: r.summary.classes for n, r in evaluator.outcomes.items()})
    return out


def pairwise_apart(failing: list[Node], passes: Callable[[Node], bool]) -> list[Node]:
    """A large set of ``failing`` nodes whose pairwise joins (componentwise maxima) are known to
    pass, so no failing check lies above two of them: greedy over 51 orders (any such set is a
    lower bound on the failing checks needed)."""
    rng = random.Random(0)
    orders = [sorted(failing, key=lambda n: (-sum(n), n))]
    orders += [rng.sample(failing, len(failing)) for _ in range(50)]
    best: list[Node] = []
    for order in orders:
        chosen: list[Node] = []
        for node in order:
            if all(passes(tuple(map(max, node, other))) for other in chosen):
                chosen.append(node)
        if len(chosen) > len(best):
            best = chosen
    return best


def closure(grid: np.ndarray, generators: Sequence[Node], above: bool) -> np.ndarray:
    """Which nodes (rows of ``grid``) lie at or above (``above``) / at or below any generator:
    what a passing / failing check decides by tagging."""
    mask = np.zeros(len(grid), dtype=bool)
    for node in generators:
        at = np.array(node, dtype=np.int16)
        mask |= ((grid >= at) if above else (grid <= at)).all(axis=1)
    return mask


def analyse(recorder: Recorder, result: Any) -> dict[str, Any]:
    lattice: Lattice = recorder.context["lattice"]
    bound, key = recorder.context["bound"], recorder.context["key"]
    monotone = recorder.monotone if recorder.context["prune"] is not None else recorder.full
    nodes = list(lattice.nodes())
    grid = np.array(nodes, dtype=np.int16)
    index = {n: i for i, n in enumerate(nodes)}
    passes = closure(grid, [n for n, ok in monotone.items() if ok], above=True)
    fails = closure(grid, [n for n, ok in monotone.items() if not ok], above=False)
    if (passes & fails).any():
        raise SystemExit("inconsistent outcomes: the monotone part is not monotone here")
    best = min(key(n) for n in result.minimal)
    region = np.array([bound(n) < best for n in nodes])
    undecided = region & ~passes & ~fails
    if undecided.any():
        raise SystemExit(f"{int(undecided.sum())} nodes of the region were not decided")

    in_region = [n for n in nodes if region[index[n]]]
    minimal_passing = [
        n for n in in_region if passes[index[n]] and all(fails[index[p]] for p in lattice.predecessors(n))
    ]
    failing = [n for n in in_region if fails[index[n]]]
    failing_set = set(failing)
    maximal = [n for n in failing if not any(s in failing_set for s in lattice.successors(n))]

    apart = pairwise_apart(maximal, lambda n: bool(passes[index[n]]))
    return {
        "best": [min(result.minimal, key=key)],
        "lattice": len(nodes),
        "region": len(in_region),
        "minimal_passing": minimal_passing,
        "failing": len(failing),
        "maximal_failing": maximal,
        "apart": apart,
    }


def exact_bound(recorder: Recorder, minimal: list[Node], out: dict[str, Any]) -> dict[str, Any]:
    """With every node's status known (``minimal``: all minimal satisfying nodes): the exact
    pairwise bound, and a greedy cover of the region's maximal failing nodes by the lattice's
    maximal failing nodes (the checks a search knowing every status could make instead)."""
    lattice: Lattice = recorder.context["lattice"]
    nodes = list(lattice.nodes())
    grid = np.array(nodes, dtype=np.int16)
    passes = closure(grid, minimal, above=True)
    status = dict(zip(nodes, passes.tolist(), strict=True))
    border = [n for n in nodes if not status[n] and all(status[s] for s in lattice.successors(n))]
    targets = np.array(out["maximal_failing"], dtype=np.int16)
    tops = np.array(border, dtype=np.int16)
    covers = (targets[:, None, :] <= tops[None, :, :]).all(axis=2)  # target x border
    uncovered = np.ones(len(targets), dtype=bool)
    cover: list[Node] = []
    while uncovered.any():
        gain = (covers & uncovered[:, None]).sum(axis=0)
        pick = max(range(len(border)), key=lambda j: (gain[j], sum(border[j])))
        cover.append(border[pick])
        uncovered &= ~covers[:, pick]

    apart = pairwise_apart(out["maximal_failing"], status.__getitem__)
    return {"border": len(border), "cover": cover, "apart": apart}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--source", type=Path, default=None, help="a table generate.py wrote")
    parser.add_argument("--memory-limit", default="8GB")
    parser.add_argument(
        "--exact",
        action="store_true",
        help="also run Incognito (every node's status), give the exact bound, and time checking "
        "the nodes a search knowing every status would check",
    )
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = args.source
        if source is None:
            source = folder / "census.parquet"
            generator = str(Path(__file__).with_name("generate.py"))
            cmd = [sys.executable, generator, "--rows", str(args.rows), "--out", str(source)]
            subprocess.run(cmd, check=True, capture_output=True)
        config = parse_config(
            census_config(source, folder / "release.parquet", "optimal", args.memory_limit), folder
        )
        engine, config = run_engine(config)
        table = read_table(engine, config.source)
        encoded = encode(engine, config, table)
        criteria = [make_criterion(c) for c in config.criteria]
        recorder = Recorder()
        lattice_release.search = recorder.search  # type: ignore[assignment]
        start = time.perf_counter()
        result, _ = lattice_release.run_search(engine, encoded, criteria, config, None)
        took = time.perf_counter() - start
        lattice_release.search = recorder.real
        classes = classes_of(recorder)
        out = analyse(recorder, result)
        if args.exact:
            if recorder.context["prune"] is not None:
                # Incognito's minimal nodes are the full requirement's: with a non-monotone part
                # their up-closure is not every node's monotone status
                raise SystemExit("--exact needs a monotone requirement (no non-monotone model)")
            every = Recorder()
            lattice_release.search = every.search  # type: ignore[assignment]
            start = time.perf_counter()
            full, _ = lattice_release.run_search(
                engine, encoded, criteria, replace(config, search="incognito"), None
            )
            incognito_took = time.perf_counter() - start
            lattice_release.search = every.real
            exact = exact_bound(recorder, full.minimal, out)
            # the clairvoyant's checks: the cover and the best node, in batches of PATHS, timed
            evaluator = NodeEvaluator(engine, encoded, criteria, config.suppression_limit)
            # plus the region's minimal passing nodes (each needs a check of its own)
            chosen = [*exact["cover"], *dict.fromkeys([*out["minimal_passing"], *out["best"]])]
            start = time.perf_counter()
            with engine.threads(search_threads(encoded)):
                for at in range(0, len(chosen), PATHS):
                    evaluator.satisfied(chosen[at : at + PATHS])
            clairvoyant_took = time.perf_counter() - start
            chosen_classes = [evaluator.outcomes[n].summary.classes for n in chosen]
            # the same checks rolled up from one shared table: the nodes' meet (componentwise
            # minimum), made first from the bottom table
            hub = NodeEvaluator(engine, encoded, criteria, config.suppression_limit)
            meet = tuple(min(levels) for levels in zip(*chosen, strict=True))
            start = time.perf_counter()
            with engine.threads(search_threads(encoded)):
                if meet != hub.bottom:
                    hub._generalize(meet, hub.bottom, encoded.freq, encoded.freq_rows)
                made = time.perf_counter() - start
                for at in range(0, len(chosen), PATHS):
                    hub.satisfied(chosen[at : at + PATHS])
            hub_took = time.perf_counter() - start
            meet_rows = hub._cache[meet][1] if meet in hub._cache else encoded.freq_rows
        engine.close()
    checked = recorder.monotone or recorder.full
    failed = [n for n, ok in checked.items() if not ok]
    passing = set(out["minimal_passing"]) | set(out["best"])  # each must be checked itself
    print(f"\n{encoded.rows:,} rows, bottom table {encoded.freq_rows:,} rows; search {took:.1f} s")
    print(
        f"lattice {out['lattice']:,} nodes; region (bound below the best key) {out['region']:,}: "
        f"{out['failing']:,} failing, {len(out['maximal_failing'])} of them maximal in the region"
    )
    print(
        f"checks made: {len(checked)} ({len(failed)} failing) of the monotone part, "
        f"{len(recorder.full) if recorder.monotone else 0} more of the full requirement; failing "
        f"checks with >= 100k classes: {sum(1 for n in failed if classes.get(n, 0) >= 100_000)}"
    )
    print(
        f"lower bound from the search's own outcomes: {len(passing) + len(out['apart'])} checks "
        f"({len(passing)} minimal passing nodes incl. the best, {len(out['apart'])} failing nodes "
        "no one failing check can decide together)"
    )
    if args.exact:
        print(
            f"every status (Incognito, {incognito_took:.1f} s, {len(full.minimal)} minimal nodes): "
            f"{exact['border']} maximal failing nodes in the lattice; lower bound "
            f"{len(passing) + len(exact['apart'])} checks; {len(exact['cover'])} maximal failing "
            "nodes (greedy) decide every failing node of the region"
        )
        print(
            f"checking those {len(exact['cover'])} nodes and {len(chosen) - len(exact['cover'])} "
            "passing (the best, the region's minimal passing nodes) with a fresh evaluator: "
            f"{clairvoyant_took:.1f} s, classes median {int(np.median(chosen_classes)):,}, max "
            f"{max(chosen_classes):,} (the search: {took:.1f} s for {len(recorder.full)} checks)"
        )
        print(
            f"the same checks from their meet {meet} ({meet_rows:,} rows, made in {made:.1f} s): "
            f"{hub_took:.1f} s in all"
        )


if __name__ == "__main__":
    main()
