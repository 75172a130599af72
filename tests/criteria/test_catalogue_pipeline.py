"""The new privacy models through the real pipeline equal the pure-Python references.

The templates were compared with ``tests/oracles/reference_catalogue.py`` directly in
``tests/criteria/test_catalogue_templates.py``; here the same references judge the code paths a run takes:

1. the gate (``run_gate``) on a published table with random column names and values, every new
   model (pd/npd-recursive and multi-attribute l-diversity, (alpha,k)-anonymity,
   delta-disclosure, beta-likeness basic/enhanced, t-closeness with variational / KL / JS /
   smoothed-JS distances), thresholds often exactly on a class's value;
2. the search (``encode`` + ``NodeEvaluator``) at random lattice nodes of a CSV source with
   random ARX hierarchies: each node's outcomes, per-class verdicts and suppression decision
   against the references on the table generalized in Python; ``evaluate_many`` equals
   ``evaluate``;
3. the whole search (``run_search``, Incognito) against a brute force over every lattice node
   (k-anonymity plus one new model, with and without suppression): this is what backs the
   monotonicity each model declares;
4. smoothed-JS with every ground distance and bandwidths below and above 1.

Tolerances as in ``tests/criteria/test_models_sql.py``: observed values to 1e-9, verdicts and counts exact.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sqlanon.config import Config, parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.gate import run_gate
from sqlanon.hierarchy import Hierarchy, load_hierarchy
from sqlanon.release.lattice import run_search
from sqlanon.search.evaluator import CACHE_FACTOR, NodeEvaluator
from tests.oracles import reference as ref
from tests.oracles import reference_catalogue as rc
from tests.support.cases import seeds
from tests.support.sqlhelpers import (
    Case,
    Ctx,
    Decision,
    Item,
    Sensitive,
    assert_outcome,
    boundary_values,
    decision_kind,
    exact_ratio,
    generalize,
    max_suppressed,
    random_case,
    random_hierarchy,
    same_value,
    search_setup,
    sensitive_columns,
    sql_class_verdicts,
    unpack,
    write_arx,
    write_csv,
)
from tests.support.sqlhelpers import ref_class_verdicts as emd_class_verdicts
from tests.support.sqlhelpers import ref_result as old_ref_result

TOL = ref.TOL
C_CHOICES = [0.5, 1, 1.5, 2, 3, 0.25, 2.75, 1.25]

CLASS_LOCAL = ("pd", "npd", "multi-distinct", "multi-entropy", "multi-recursive", "alpha-k")
GLOBAL = ("delta", "beta-basic", "beta-enhanced", "t-variational", "t-kl", "t-js", "t-smoothed-js")
NEW_KINDS = CLASS_LOCAL + GLOBAL
ALT_DISTANCES = ("variational", "kl", "js", "smoothed-js")
GLOBAL_CRITERIA = ("delta-disclosure", "beta-likeness", "t-closeness")


# ---------------------------------------------------------------------------
# Reference dispatch for configuration-form criteria (old kinds: tests/support/sqlhelpers.py)
# ---------------------------------------------------------------------------


def is_multi(p: Mapping[str, Any]) -> bool:
    return bool(p.get("multi_attribute"))


def ref_outcome(
    rows: Sequence[Mapping[str, Any]], qis: Sequence[str], item: Item, ctx: Ctx
) -> tuple[ref.RefResult, dict[str, float | None]]:
    """The reference result of one criterion on ``rows``, and its extra measures."""
    kind, p = unpack(item)
    if kind == "l-diversity" and is_multi(p):
        return rc.ref_multi_attribute_l(rows, qis, p["attributes"], p["variant"], p["l"], p.get("c")), {}
    if kind == "l-diversity" and p.get("variant") == "pd-recursive":
        return rc.ref_pd_recursive(rows, qis, p["attribute"], p["c"], p["l"], p["allowed"]), {}
    if kind == "l-diversity" and p.get("variant") == "npd-recursive":
        result, share = rc.ref_npd_recursive(
            rows, qis, p["attribute"], p["c1"], p["c2"], p["l"], p["allowed"], p["protected"]
        )
        return result, {"protected_share": share}
    if kind == "alpha-k-anonymity":
        return rc.ref_alpha_k(rows, qis, p["attribute"], p["alpha"], p["k"]), {}
    if kind == "delta-disclosure":
        return rc.ref_delta_disclosure(rows, qis, p["attribute"], p["delta"]), {}
    if kind == "beta-likeness":
        return rc.ref_beta_likeness(rows, qis, p["attribute"], p["beta"], p.get("variant", "basic")), {}
    if kind == "t-closeness" and p.get("distance") in ALT_DISTANCES:
        attr, ground = p["attribute"], p.get("ground")
        return (
            rc.ref_t_closeness_alt(
                rows,
                qis,
                attr,
                p["t"],
                p["distance"],
                ground=ground,
                bandwidth=p.get("bandwidth"),
                order=ctx.orders.get(attr) if ground == "ordered" else None,
                hierarchy=ctx.hierarchies.get(attr) if ground == "hierarchical" else None,
            ),
            {},
        )
    return old_ref_result(rows, qis, item, ctx), {}


def alt_domain(values: Sequence[Any], p: Mapping[str, Any], ctx: Ctx) -> tuple[list[Any], Any]:
    """Domain and ground-distance matrix exactly as ``rc.ref_t_closeness_alt`` chooses them."""
    domain = ref.sorted_domain(values)
    matrix = None
    if p["distance"] == "smoothed-js":
        ground, attr = p["ground"], p["attribute"]
        if ground == "equal":
            matrix = ref.ground_equal(len(domain))
        elif ground == "ordered":
            if ctx.orders.get(attr) is not None:
                domain = list(ctx.orders[attr])
            matrix = ref.ground_ordered(len(domain))
        else:
            matrix = ref.ground_hierarchical(domain, ctx.hierarchies[attr])
    return domain, matrix


def alt_distance(
    p_dist: Sequence[float], q_dist: Sequence[float], p: Mapping[str, Any], matrix: Any
) -> float:
    distance = p["distance"]
    if distance == "smoothed-js":
        return rc.smoothed_js(p_dist, q_dist, matrix, float(p["bandwidth"]))
    return {"variational": rc.variational, "kl": rc.kl, "js": rc.js}[distance](p_dist, q_dist)


def beta_class(
    values: Sequence[Any], q_counts: Mapping[Any, int], n: int, p: Mapping[str, Any]
) -> tuple[bool, float]:
    """(violates, largest relative gain) of one class, as ``rc.ref_beta_likeness`` decides."""
    return rc.beta_likeness_class(values, q_counts, n, p["beta"], p.get("variant", "basic"))


Verdicts = dict[tuple[Any, ...], tuple[bool, float | None, int]]


def class_verdicts(rows: Sequence[Mapping[str, Any]], qis: Sequence[str], item: Item, ctx: Ctx) -> Verdicts:
    """Per class: (violates, class value, size); ``None`` value = unbounded."""
    kind, p = unpack(item)
    classes = ref.equivalence_classes(rows, qis)
    out: Verdicts = {}
    if kind not in GLOBAL_CRITERIA:
        for key, members in classes.items():
            r, _ = ref_outcome(members, [], item, ctx)
            out[key] = (not r.passed, r.observed, len(members))
        return out
    if kind == "t-closeness" and p.get("distance", "equal") not in ALT_DISTANCES:
        return emd_class_verdicts(rows, qis, item, ctx)
    attr = p["attribute"]
    values = [row[attr] for row in rows]
    q_counts, n = Counter(values), len(values)
    if kind == "t-closeness":
        domain, matrix = alt_domain(values, p, ctx)
        q_dist = ref.distribution(values, domain)
    for key, members in classes.items():
        mv = [row[attr] for row in members]
        if kind == "delta-disclosure":
            v = rc.delta_disclosure_value(mv, q_counts, n)
            out[key] = (v >= p["delta"] - TOL, None if math.isinf(v) else v, len(mv))
        elif kind == "beta-likeness":
            bad, val = beta_class(mv, q_counts, n, p)
            out[key] = (bad, val, len(mv))
        else:
            d = alt_distance(ref.distribution(mv, domain), q_dist, p, matrix)
            out[key] = (d > p["t"] + TOL, d, len(mv))
    return out


def worst_is_min(item: Item) -> bool:
    kind, p = unpack(item)
    return kind == "k-anonymity" or (kind == "l-diversity" and p.get("variant") in ("distinct", "entropy"))


def check_verdicts_aggregate(verdicts: Verdicts, item: Item, expected: ref.RefResult) -> None:
    """Guard for ``class_verdicts``: the per-class verdicts aggregate to the reference result."""
    bad = [size for is_bad, _, size in verdicts.values() if is_bad]
    assert (not bad, len(bad), sum(bad)) == (
        expected.passed,
        expected.violating_classes,
        expected.violating_rows,
    ), item
    vals = [v for _, v, _ in verdicts.values()]
    if worst_is_min(item):
        worst = min((v for v in vals if v is not None), default=None)
    elif any(v is None for v in vals):
        worst = None
    else:
        worst = max((v for v in vals if v is not None), default=0.0)
    assert same_value(worst, expected.observed), (item, worst, expected.observed)


def ref_decision(
    rows: Sequence[Mapping[str, Any]], qis: Sequence[str], items: Sequence[Item], ctx: Ctx, limit: float
) -> Decision:
    """``tests.support.sqlhelpers.ref_decision`` for every kind: the classes violating any criterion are
    suppressed within floor(limit * N) (never the whole table), then every criterion that reads
    the whole-table distribution (delta-disclosure, beta-likeness, t-closeness) must hold on the
    remaining rows against their own distribution."""
    bad_keys: set[tuple[Any, ...]] = set()
    for item in items:
        verdicts = class_verdicts(rows, qis, item, ctx)
        check_verdicts_aggregate(verdicts, item, ref_outcome(rows, qis, item, ctx)[0])
        bad_keys |= {key for key, (is_bad, _, _) in verdicts.items() if is_bad}
    if not bad_keys:
        return Decision(True, 0, 0)
    classes = ref.equivalence_classes(rows, qis)
    bad_rows = sum(len(classes[key]) for key in bad_keys)
    if bad_rows > max_suppressed(limit, len(rows)) or bad_rows == len(rows):
        return Decision(False, len(bad_keys), bad_rows)
    kept = [row for row in rows if tuple(row[qi] for qi in qis) not in bad_keys]
    for item in items:
        if unpack(item)[0] in GLOBAL_CRITERIA and not ref_outcome(kept, qis, item, ctx)[0].passed:
            return Decision(False, len(bad_keys), bad_rows)
    return Decision(True, len(bad_keys), bad_rows)


def assert_full_outcome(
    outcome: Any, item: Item, rows: Sequence[Mapping[str, Any]], qis: Sequence[str], ctx: Ctx, what: str
) -> None:
    expected, extras = ref_outcome(rows, qis, item, ctx)
    assert_outcome(outcome, expected, what)
    for key, want in extras.items():
        assert same_value(outcome.extras.get(key), want), (
            f"{what}: {key} {outcome.extras.get(key)!r} != {want!r}"
        )


# ---------------------------------------------------------------------------
# Random criteria, thresholds often exactly on a class's value
# ---------------------------------------------------------------------------


def exact_decimals(values: Sequence[Fraction | None]) -> list[float]:
    """The class values that print as an exact decimal (a configured number meaning exactly them)."""
    out = []
    for v in values:
        if v is not None and v > 0 and (f := exact_ratio(Fraction(v).limit_denominator(100_000))) is not None:
            out.append(f)
    return out


def sub_blocks(
    rows: Sequence[Mapping[str, Any]], qis: Sequence[str], attrs: Sequence[str]
) -> Iterator[list[Any]]:
    """The values of each attribute in each multi-attribute sub-block."""
    for members in ref.equivalence_classes(rows, qis).values():
        for a in attrs:
            for block in ref.equivalence_classes(members, [b for b in attrs if b != a]).values():
                yield [row[a] for row in block]


def random_item(
    rng: random.Random, kind: str, case: Case, rows: Sequence[Mapping[str, Any]], *, gate: bool
) -> Item | None:
    """One criterion of ``kind`` (None if the case cannot have it)."""
    ctx = case.ctx()
    n = len(rows)
    s = rng.choice(case.sensitive)
    present = sorted({row[s.name] for row in rows})
    max_l = len(present) if gate else len(present) + 1
    classes = list(ref.equivalence_classes(rows, case.qis).values())
    if kind in ("pd", "npd"):
        l_value = rng.randint(1, max_l)
        allowed = rng.sample(present, rng.randint(0, len(present)))
        ratios = [rc.pd_ratio([r[s.name] for r in m], l_value, allowed) for m in classes]
        c = rng.choice([*C_CHOICES, *exact_decimals(ratios) * 2])
        if kind == "pd":
            return {
                "l-diversity": {
                    "variant": "pd-recursive",
                    "l": l_value,
                    "c": c,
                    "allowed": allowed,
                    "attribute": s.name,
                }
            }
        protected = rng.sample(present, rng.randint(1, min(2, len(present))))
        shares = [
            Fraction(100 * Counter(r[s.name] for r in m)[w], len(m)) for m in classes for w in protected
        ]
        c2 = rng.choice([0, 0, 5, 10, 25.5, 50, 100, *(x for x in exact_decimals(shares) if x <= 100)])
        return {
            "l-diversity": {
                "variant": "npd-recursive",
                "l": l_value,
                "c1": c,
                "c2": c2,
                "allowed": allowed,
                "protected": protected,
                "attribute": s.name,
            }
        }
    if kind.startswith("multi-"):
        if len(case.sensitive) < 2:
            return None
        attrs = [a.name for a in rng.sample(case.sensitive, rng.randint(2, min(3, len(case.sensitive))))]
        max_l = min(len({row[a] for row in rows}) for a in attrs) + (0 if gate else 1)
        variant = kind.removeprefix("multi-")
        params: dict[str, Any] = {"variant": variant, "multi_attribute": True, "attributes": attrs}
        blocks = list(sub_blocks(rows, case.qis, attrs))
        if variant == "distinct":
            params["l"] = rng.randint(1, max_l)
        elif variant == "entropy":
            effective = boundary_values(math.exp(ref.entropy(b)) for b in blocks)
            options = [
                1.0,
                1.5,
                round(rng.uniform(1, max_l), 2),
                *effective,
                *(e * (1 + 1e-7) for e in effective),
            ]
            params["l"] = rng.choice([x for x in options if 1 <= x <= max_l])
        else:
            params["l"] = rng.randint(1, max_l)
            ratios = [rc.recursive_ratio(b, params["l"]) for b in blocks]
            params["c"] = rng.choice([*C_CHOICES, *exact_decimals(ratios) * 2])
        return {"l-diversity": params}
    if kind == "alpha-k":
        shares = [Fraction(max(Counter(r[s.name] for r in m).values()), len(m)) for m in classes]
        alpha = rng.choice([1, 0.5, 0.75, 0.3, round(rng.uniform(0.01, 1), 2), *exact_decimals(shares) * 2])
        sizes = [len(m) for m in classes]
        ks = [k for k in [1, 1, rng.randint(1, n), *sizes, *(x + 1 for x in sizes)] if not gate or k <= n]
        return {"alpha-k-anonymity": {"alpha": alpha, "k": rng.choice(ks), "attribute": s.name}}
    if kind == "delta":
        draft: Item = {"delta-disclosure": {"delta": 1.0, "attribute": s.name}}
        vals = [
            v
            for v in boundary_values(v for _, v, _ in class_verdicts(rows, case.qis, draft, ctx).values())
            if v > 1e-6
        ]
        delta = rng.choice([0.1, 0.5, 1, 2, 5, *vals, *vals, *(v * (1 + 1e-7) for v in vals)])
        return {"delta-disclosure": {"delta": delta, "attribute": s.name}}
    if kind.startswith("beta-"):
        variant = kind.removeprefix("beta-")
        draft = {"beta-likeness": {"beta": 1.0, "variant": variant, "attribute": s.name}}
        vals = [
            v
            for v in boundary_values(v for _, v, _ in class_verdicts(rows, case.qis, draft, ctx).values())
            if v > 1e-6
        ]
        beta = rng.choice([0.2, 0.5, 1, 3, 100, *vals, *vals, *(v - 1e-7 for v in vals)])
        return {"beta-likeness": {"beta": beta, "variant": variant, "attribute": s.name}}
    distance = kind.removeprefix("t-")
    params = {"t": 0.0, "distance": distance, "attribute": s.name}
    if distance == "smoothed-js":
        grounds = ["equal"]
        if s.numeric or s.order is not None:
            grounds.append("ordered")
        if s.hierarchy is not None:
            grounds.append("hierarchical")
        params["ground"] = rng.choice(grounds)
        params["bandwidth"] = rng.choice([0.2, 0.5, 0.75, 1.0, 1.5, 2.5, round(rng.uniform(0.05, 3), 2)])
    dists = boundary_values(
        v for _, v, _ in class_verdicts(rows, case.qis, {"t-closeness": params}, ctx).values()
    )
    high = math.inf if distance == "kl" else 1.0
    options = [
        0.0,
        1.0,
        round(rng.random(), 3),
        round(rng.random() / 5, 3),
        *dists,
        *(d - 1e-7 for d in dists if d > 1e-7),
    ]
    if distance == "kl":
        options.append(3.0)
    params["t"] = min(max(rng.choice(options), 0.0), high)
    return {"t-closeness": params}


def random_items(
    rng: random.Random,
    case: Case,
    rows: Sequence[Mapping[str, Any]],
    *,
    gate: bool,
    count: int,
    kinds: Sequence[str],
) -> list[Item]:
    items: list[Item] = []
    while len(items) < count:
        item = random_item(rng, rng.choice(kinds), case, rows, gate=gate)
        if item is not None:
            items.append(item)
    return items


# ---------------------------------------------------------------------------
# 1. Gate path
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gate_engine() -> Iterator[DuckDBEngine]:
    engine = DuckDBEngine()
    yield engine
    engine.close()


def gate_run(
    engine: DuckDBEngine, case: Case, items: Sequence[Item], folder: Path, table: str, **kwargs: Any
) -> Any:
    sens, hierarchy_specs = sensitive_columns(case, folder)
    columns: dict[str, Any] = {qi: {"role": "quasi"} for qi in case.qis}
    columns.update(sens)
    cfg = parse_config({"source": "x.csv", "columns": columns, "criteria": list(items)}, folder, gate=True)
    hierarchies: dict[str, Hierarchy] = {
        name: load_hierarchy(name, spec, [], folder) for name, spec in hierarchy_specs.items()
    }
    return run_gate(engine, cfg, table, hierarchies, **kwargs)


def random_gate_case(rng: random.Random, n_sensitive: Sequence[int] = (1, 2, 2, 3)) -> Case:
    n_rows = rng.choice([rng.randint(1, 6), rng.randint(5, 40), rng.randint(30, 100)])
    return random_case(
        rng,
        n_rows=n_rows,
        n_qis=rng.randint(1, 3),
        n_sensitive=rng.choice(n_sensitive),
        null_prob=rng.choice([0.0, 0.0, 0.2]),
    )


@pytest.mark.parametrize("seed", seeds(80))
def test_gate_matches_reference(seed: int, tmp_path: Path, gate_engine: DuckDBEngine) -> None:
    rng = random.Random(40_000 + seed)
    case = random_gate_case(rng)
    # every kind in turn, then random others (several criteria share one gate statement)
    first = NEW_KINDS[seed % len(NEW_KINDS)]
    if first.startswith("multi-") and len(case.sensitive) < 2:
        case = random_gate_case(rng, (2, 3))
    items = [random_item(rng, first, case, case.rows, gate=True)]
    items += random_items(rng, case, case.rows, gate=True, count=rng.randint(0, 3), kinds=NEW_KINDS)
    table = rng.choice(["published", 'pub "lished" é-t'])
    gate_engine.load_table(table, [(c, "VARCHAR") for c in case.columns], case.column_lists())
    result = gate_run(gate_engine, case, items, tmp_path, table)
    ctx = case.ctx()
    assert result.rows == len(case.rows)
    assert result.classes == len(ref.equivalence_classes(case.rows, case.qis))
    for i, (item, outcome) in enumerate(zip(items, result.outcomes, strict=True)):
        assert_full_outcome(outcome, item, case.rows, case.qis, ctx, f"criterion {i} {item}")
    assert result.passed == all(ref_outcome(case.rows, case.qis, it, ctx)[0].passed for it in items)


@pytest.mark.slow
def test_gate_covers_both_verdicts_of_every_kind(tmp_path: Path, gate_engine: DuckDBEngine) -> None:
    """The random thresholds do reach both sides: for every kind some gate passes and some fails,
    and some threshold sits exactly on a class's value (equality verdicts compared above)."""
    seen: dict[str, set[bool]] = {k: set() for k in NEW_KINDS}
    rng = random.Random(41)
    for _ in range(400):
        if all(len(v) == 2 for v in seen.values()):
            break
        case = random_gate_case(rng, (2, 3))
        kind = rng.choice([k for k, v in seen.items() if len(v) < 2])
        item = random_item(rng, kind, case, case.rows, gate=True)
        assert item is not None
        seen[kind].add(ref_outcome(case.rows, case.qis, item, case.ctx())[0].passed)
    assert all(len(v) == 2 for v in seen.values()), seen


# ---------------------------------------------------------------------------
# 2. Search path: encode + NodeEvaluator
# ---------------------------------------------------------------------------


def encoded_evaluator(
    folder: Path, columns: Mapping[str, Any], items: Sequence[Item], limit: float, **extra: Any
) -> tuple[DuckDBEngine, Config, Any, NodeEvaluator]:
    cfg = parse_config(
        {
            "source": "data.csv",
            "columns": dict(columns),
            "criteria": list(items),
            "suppression_limit": limit,
            **extra,
        },
        folder,
        need_output=False,
    )
    engine = DuckDBEngine()
    enc = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
    ev = NodeEvaluator(engine, enc, [make_criterion(c) for c in cfg.criteria], cfg.suppression_limit)
    return engine, cfg, enc, ev


def check_search_case(rng: random.Random, folder: Path, *, suppression: bool) -> None:
    case = random_case(
        rng,
        n_rows=rng.choice([rng.randint(1, 10), rng.randint(10, 50), rng.randint(50, 120)]),
        n_qis=rng.randint(1, 3),
        n_sensitive=rng.choice([1, 2, 2, 3]),
        null_prob=rng.choice([0.0, 0.0, 0.15]),
    )
    ctx = case.ctx()
    qi_h, columns, heights = search_setup(rng, case, folder)
    if suppression:
        # thresholds from the classes of one random node, so that some classes violate there
        at_node = tuple(rng.randint(0, h) for h in heights)
        at = generalize(case.rows, case.qis, qi_h, at_node)
        items = random_items(rng, case, at, gate=False, count=1, kinds=CLASS_LOCAL)
        items += random_items(rng, case, at, gate=False, count=rng.randint(1, 2), kinds=GLOBAL)
        rng.shuffle(items)
        limit = round(rng.uniform(0.1, 0.6), 2)
    else:
        items = random_items(rng, case, case.rows, gate=False, count=rng.randint(1, 3), kinds=NEW_KINDS)
        limit = rng.choice([0.0, 0.0, 0.1, 0.3, 1.0])
    engine, _, enc, ev = encoded_evaluator(folder, columns, items, limit)
    assert enc.rows == len(case.rows)
    # generalize by code maps, (the path of large domains) by joins with the dimension tables,
    # or both in one statement (QIs with more than 2 codes joined)
    ev.join_from_codes = rng.choice([-1, 2, 10**9])

    nodes = {tuple(0 for _ in heights), tuple(heights)}
    if suppression:
        nodes.add(at_node)
    while len(nodes) < min(6, math.prod(h + 1 for h in heights)):
        nodes.add(tuple(rng.randint(0, h) for h in heights))
    ordered_nodes = sorted(nodes)
    results = [ev.evaluate(node) for node in ordered_nodes]
    for node, result in zip(ordered_nodes, results, strict=True):
        table = generalize(case.rows, case.qis, qi_h, node)
        classes = ref.equivalence_classes(table, case.qis)
        summary = result.summary
        assert (summary.rows, summary.classes) == (len(table), len(classes)), node
        for i, (item, outcome) in enumerate(zip(items, summary.outcomes, strict=True)):
            assert_full_outcome(outcome, item, table, case.qis, ctx, f"node {node} criterion {i} {item}")

        decision = ref_decision(table, case.qis, items, ctx, limit)
        assert result.satisfied == decision.satisfied, f"node {node}, limit {limit}, items {items}"
        if decision.bad_rows and result.satisfied:
            assert result.suppressed_rows == decision.bad_rows, node

        got = sql_class_verdicts(engine, ev, node, len(items))
        assert set(got) == set(classes), node
        for i, item in enumerate(items):
            for key, (want_bad, want_val, want_size) in class_verdicts(table, case.qis, item, ctx).items():
                size, verdicts, _ = got[key]
                assert size == want_size
                assert verdicts[i][0] == want_bad, (node, key, item)
                assert same_value(verdicts[i][1], want_val), (node, key, item, verdicts[i][1], want_val)

    # the batched evaluation (one statement for several nodes) decides exactly as one at a time,
    # also when it rolls nodes up from cached tables (projections, generalized node tables made
    # by the first pass and read by the second, a small cache evicting between batches)
    ev.batch_size = rng.choice([1, 2, 64])
    ev.project_from_rows = rng.choice([0, 0, 10**12])
    ev.project_share = rng.choice([0.5, 10.0**9])  # 10**9: every projection (no estimate)
    ev.max_cached = rng.choice([1, 2, 64])
    ev.generalize_share = rng.choice([0.5, 100.0])  # 100: keep every node table the budget allows
    # (k-anonymity screens a batch: criteria on nodes it already fails are not evaluated)
    again = list(ordered_nodes)
    rng.shuffle(again)
    batched_all = ev.evaluate_many(ordered_nodes) + ev.evaluate_many(again)
    singles = results + [results[ordered_nodes.index(n)] for n in again]
    for single, batched in zip(singles, batched_all, strict=True):
        assert single.satisfied == batched.satisfied
        if single.satisfied:
            assert single.suppressed_rows == batched.suppressed_rows
        for a, b in zip(single.summary.outcomes, batched.summary.outcomes, strict=True):
            if not b.evaluated:
                assert not single.satisfied
                continue
            assert (a.passed, a.violating_classes, a.violating_rows) == (
                b.passed,
                b.violating_classes,
                b.violating_rows,
            )
            assert same_value(a.observed, b.observed)
            assert a.extras.keys() == b.extras.keys()
            assert all(same_value(a.extras[x], b.extras[x]) for x in a.extras)
    assert len(ev._cache) <= ev.max_cached
    assert sum(rows for _, rows in ev._cache.values()) <= CACHE_FACTOR * enc.freq_rows
    engine.close()


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(18))
def test_node_evaluator_matches_reference(seed: int, tmp_path: Path) -> None:
    check_search_case(random.Random(50_000 + seed), tmp_path, suppression=False)


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(18))
def test_node_evaluator_suppression_matches_reference(seed: int, tmp_path: Path) -> None:
    """A class-local model plus one or two models reading the whole-table distribution, under
    limits of 10-60 %: the latter are re-checked against the rows that remain."""
    check_search_case(random.Random(60_000 + seed), tmp_path, suppression=True)


@pytest.mark.slow
@pytest.mark.parametrize("kind", GLOBAL)
def test_suppression_rechecks_against_remaining_rows(kind: str, tmp_path: Path) -> None:
    """Small tables chosen (by the reference) so that the classes violating a class-local model
    or the global one fit the limit, and then every remaining class passes the global model
    against the remaining rows' distribution (accepted) or one does not (rejected). Both
    branches occur (2 and 3 times) for every model; the evaluator decides as the reference."""
    wanted = {"suppressed": 2, "re-check fails": 3}
    found = dict.fromkeys(wanted, 0)
    rng = random.Random(f"recheck-{kind}")
    for attempt in range(6000):
        if found == wanted:
            break
        case = random_case(rng, n_rows=rng.randint(6, 24), n_qis=1, n_sensitive=1)
        if rng.random() < 0.5:  # every class holds every value (delta-disclosure needs it to pass)
            qi, attr = case.qis[0], case.sensitive[0].name
            values = sorted({row[attr] for row in case.rows})
            for key in sorted({row[qi] for row in case.rows}, key=str):
                case.rows += [{qi: key, attr: v} for v in values]
        ctx = case.ctx()
        local_kind = rng.choice(["k", "pd", "npd", "alpha-k"])
        local = (
            {"k-anonymity": {"k": rng.choice([2, 3, 4, 6])}}
            if local_kind == "k"
            else random_item(rng, local_kind, case, case.rows, gate=False)
        )
        global_item = random_item(rng, kind, case, case.rows, gate=False)
        assert local is not None and global_item is not None
        items = [local, global_item]
        limit = rng.choice([0.3, 0.5])
        category = decision_kind(ref_decision(case.rows, case.qis, items, ctx, limit), len(case.rows), limit)
        if found.get(category, 0) >= wanted.get(category, 0):
            continue
        found[category] += 1
        folder = tmp_path / str(attempt)
        folder.mkdir()
        _, columns, heights = search_setup(rng, case, folder)
        engine, _, _, ev = encoded_evaluator(folder, columns, items, limit)
        bottom = tuple(0 for _ in heights)
        result = ev.evaluate(bottom)
        decision = ref_decision(case.rows, case.qis, items, ctx, limit)
        assert result.satisfied == decision.satisfied, (items, limit)
        if result.satisfied:
            assert result.suppressed_rows == decision.bad_rows
        for item, outcome in zip(items, result.summary.outcomes, strict=True):
            assert_full_outcome(outcome, item, case.rows, case.qis, ctx, str(item))
        engine.close()
    assert found == wanted


SMOOTHED_RECHECK = {
    # ground: (rows (class, value), bandwidth, t); class C ("3" / "rare") violates k = 2
    "equal": (
        [("A", "x"), ("A", "y"), ("B", "x"), ("B", "y"), ("B", "y"), ("B", "y"), ("C", "rare")],
        2.0,
        0.000277,
    ),
    "ordered": (
        [("A", "1"), ("A", "2"), ("B", "1"), ("B", "2"), ("B", "2"), ("B", "2"), ("C", "3")],
        0.8,
        0.012,
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("ground", sorted(SMOOTHED_RECHECK))
def test_smoothed_js_recheck_uses_the_remaining_rows_domain(ground: str, tmp_path: Path) -> None:
    pairs, bandwidth, t = SMOOTHED_RECHECK[ground]
    rows = [{"zip": z, "s": v} for z, v in pairs]
    items: list[Item] = [
        {"k-anonymity": {"k": 2}},
        {
            "t-closeness": {
                "t": t,
                "distance": "smoothed-js",
                "ground": ground,
                "bandwidth": bandwidth,
                "attribute": "s",
            }
        },
    ]
    ctx = Ctx({}, {})
    kept = rows[:-1]
    # what the gate of the release (class C suppressed) will see: the smoothed-JS criterion fails
    assert not ref_outcome(kept, ["zip"], items[1], ctx)[0].passed
    assert not ref_decision(rows, ["zip"], items, ctx, 0.2).satisfied
    write_csv(tmp_path / "data.csv", ["zip", "s"], rows)
    write_arx(tmp_path / "zip.csv", {"A": ("A", "*"), "B": ("B", "*"), "C": ("C", "*")})
    columns = {"zip": {"role": "quasi", "hierarchy": "zip.csv"}, "s": {"role": "sensitive"}}
    engine, _, _, ev = encoded_evaluator(tmp_path, columns, items, 0.2)
    satisfied = ev.evaluate((0,)).satisfied
    engine.close()
    # end to end: the top node (one class, distance 0) satisfies everything, so a release exists
    report = sqlanon_anonymize(tmp_path, columns, items)
    assert (satisfied, report.passed, report.node) == (False, True, {"zip": 1}), report.message


def sqlanon_anonymize(folder: Path, columns: Mapping[str, Any], items: Sequence[Item]) -> Any:
    from sqlanon import api

    return api.anonymize(
        {
            "source": "data.csv",
            "columns": dict(columns),
            "criteria": list(items),
            "suppression_limit": 0.2,
            "output": "out.csv",
        },
        base_dir=folder,
    )


# ---------------------------------------------------------------------------
# 3. The whole search against a brute force over every node
# ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(2 * len(NEW_KINDS), least=len(NEW_KINDS)))  # each kind once
def test_incognito_equals_brute_force(seed: int, tmp_path: Path) -> None:
    """k-anonymity plus one new model; cases chosen (by the reference) so that some but not all
    nodes satisfy the requirement."""
    rng = random.Random(70_000 + seed)
    kind = NEW_KINDS[seed % len(NEW_KINDS)]
    suppression = seed % 2 == 1
    for _attempt in range(40):
        case = random_case(
            rng,
            n_rows=rng.randint(8, 60),
            n_qis=rng.choice([2, 3]),
            n_sensitive=2 if kind.startswith("multi-") else rng.choice([1, 2]),
        )
        if kind.startswith("multi-"):
            # 2-3 values per attribute: sub-blocks by the other attribute's values stay diverse
            for s in case.sensitive:
                s.domain = s.domain[: rng.randint(2, 3)]
                for row in case.rows:
                    row[s.name] = rng.choice(s.domain)
        ctx = case.ctx()
        qi_h, columns, heights = search_setup(rng, case, tmp_path)
        at = generalize(case.rows, case.qis, qi_h, [rng.randint(0, h) for h in heights])
        sizes = [len(m) for m in ref.equivalence_classes(at, case.qis).values()]
        item = random_item(rng, kind, case, at, gate=False)
        assert item is not None
        items: list[Item] = [{"k-anonymity": {"k": rng.choice([1, 2, 3, *sizes])}}, item]
        limit = rng.choice([0.05, 0.1, 0.2, 0.4]) if suppression else 0.0
        expected = set()
        nodes = list(itertools.product(*(range(h + 1) for h in heights)))
        for node in nodes:
            table = generalize(case.rows, case.qis, qi_h, node)
            if ref_decision(table, case.qis, items, ctx, limit).satisfied:
                expected.add(node)
        if 0 < len(expected) < len(nodes):
            break
    else:
        pytest.fail("no non-trivial case found")
    minimal = ref.minimal_nodes(expected)
    for search in ("incognito", "optimal"):
        engine, cfg, enc, _ = encoded_evaluator(
            tmp_path, columns, items, limit, search=search, metric="height"
        )
        criteria = [make_criterion(c) for c in cfg.criteria]
        result, _ = run_search(engine, enc, criteria, cfg, None)
        engine.close()
        assert set(result.satisfying) <= expected
        if search == "incognito":
            assert set(result.minimal) == minimal, (items, limit)
        else:  # only minimal nodes, among them the best by height (then the node tuple)
            assert set(result.minimal) <= minimal
            best = min(minimal, key=lambda n: (sum(n), n))
            assert min(result.minimal, key=lambda n: (sum(n), n)) == best, (items, limit)


def test_declared_monotonicity() -> None:
    """What the search relies on: every new model monotone under generalization; only the
    distinct-count style ones (none of the new models) monotone under suppression."""
    specs = {
        "pd": {"l-diversity": {"variant": "pd-recursive", "l": 2, "c": 1, "allowed": [], "attribute": "s"}},
        "npd": {
            "l-diversity": {
                "variant": "npd-recursive",
                "l": 2,
                "c1": 1,
                "c2": 10,
                "allowed": [],
                "protected": ["a"],
                "attribute": "s",
            }
        },
        "multi": {
            "l-diversity": {"variant": "distinct", "l": 2, "multi_attribute": True, "attributes": ["s", "u"]}
        },
        "alpha-k": {"alpha-k-anonymity": {"alpha": 0.5, "k": 2, "attribute": "s"}},
        "delta": {"delta-disclosure": {"delta": 1, "attribute": "s"}},
        "beta": {"beta-likeness": {"beta": 1, "attribute": "s"}},
        "kl": {"t-closeness": {"t": 0.1, "distance": "kl", "attribute": "s"}},
        "sjs": {
            "t-closeness": {
                "t": 0.1,
                "distance": "smoothed-js",
                "ground": "equal",
                "bandwidth": 2,
                "attribute": "s",
            }
        },
    }
    cfg = parse_config(
        {
            "source": "x.csv",
            "columns": {"q": "quasi", "s": "sensitive", "u": "sensitive"},
            "criteria": list(specs.values()),
        },
        Path("."),
        gate=True,
    )
    for name, spec in zip(specs, cfg.criteria, strict=True):
        crit = make_criterion(spec)
        assert crit.monotone_generalization, name
        assert not crit.monotone_suppression, name
        assert crit.global_distribution == (name in ("delta", "beta", "kl", "sjs")), name


# ---------------------------------------------------------------------------
# 4. Smoothed JS: every ground distance, bandwidths below and above 1
# ---------------------------------------------------------------------------


SJS_CASES = [
    (ground, bandwidth, explicit)
    for ground in ("equal", "ordered", "hierarchical")
    for bandwidth in (0.3, 0.9, 1.0, 1.6, 4.0)
    for explicit in ((False, True) if ground == "ordered" else (False,))
]


@pytest.mark.slow
@pytest.mark.parametrize(("ground", "bandwidth", "explicit"), SJS_CASES)
def test_smoothed_js_grounds_and_bandwidths(
    ground: str, bandwidth: float, explicit: bool, tmp_path: Path, gate_engine: DuckDBEngine
) -> None:
    """Gate and search on tables whose sensitive column has an explicit order listing values
    absent from the data (ordered ground: they belong to the domain), a numeric one ordered by
    value, or a hierarchy (hierarchical ground)."""
    rng = random.Random(f"{ground}-{bandwidth}-{explicit}")
    for trial in range(2):
        numeric = ground == "ordered" and not explicit
        pool = (
            ["-3", "0", "1", "1.0", "2.5", "7", "10", "99"]
            if numeric
            else ["flu", "a,b", 'say "hi"', "naïve", "x;y", "Zeta", "0"]
        )
        domain = rng.sample(pool, rng.randint(2, 5))
        order = None
        if explicit:
            order = [*domain, *rng.sample([v for v in pool if v not in domain], 2)]
            rng.shuffle(order)
        hierarchy = (
            random_hierarchy(rng, domain + ["unused"], rng.randint(1, 3), prefix="h")
            if ground == "hierarchical"
            else None
        )
        s = Sensitive("diagnosis", domain, numeric, order, hierarchy, "tree")
        case = random_case(rng, n_rows=rng.randint(12, 60), n_qis=2, n_sensitive=1)
        weights = [rng.choice([1, 2, 6]) for _ in domain]
        for row in case.rows:
            del row[case.sensitive[0].name]
            row["diagnosis"] = rng.choices(domain, weights)[0]
        case.sensitive = [s]
        ctx = case.ctx()
        item: Item = {
            "t-closeness": {
                "t": 0.0,
                "distance": "smoothed-js",
                "ground": ground,
                "bandwidth": bandwidth,
                "attribute": "diagnosis",
            }
        }
        dists = boundary_values(v for _, v, _ in class_verdicts(case.rows, case.qis, item, ctx).values())
        item["t-closeness"]["t"] = rng.choice([*dists, 0.01, 0.05])

        table = f"sjs_{trial}"
        gate_engine.load_table(table, [(c, "VARCHAR") for c in case.columns], case.column_lists())
        folder = tmp_path / str(trial)
        folder.mkdir()
        (outcome,) = gate_run(gate_engine, case, [item], folder, table).outcomes
        assert_full_outcome(outcome, item, case.rows, case.qis, ctx, f"gate {item}")

        qi_h, columns, heights = search_setup(rng, case, folder)
        engine, _, _, ev = encoded_evaluator(folder, columns, [item], 0.0)
        for node in [tuple(rng.randint(0, h) for h in heights) for _ in range(3)]:
            gen = generalize(case.rows, case.qis, qi_h, node)
            result = ev.evaluate(node)
            assert_full_outcome(result.summary.outcomes[0], item, gen, case.qis, ctx, f"node {node} {item}")
            assert result.satisfied == ref_outcome(gen, case.qis, item, ctx)[0].passed
        engine.close()
