"""Helpers for ``tests/criteria/test_models_sql.py``: random tables, sensitive attributes and
hierarchies, the files sqlanon reads (CSV source, ARX hierarchies, ``tree`` builder specs),
generalization of a table to a lattice node in pure Python, and the reference results
(``tests/oracles/reference.py``) of a criterion given in configuration form.

Nothing here imports the SQL implementation except to read its results: the expected values are
computed from the reference functions only.
"""

from __future__ import annotations

import csv
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.search.evaluator import NodeEvaluator
from sqlanon.sql.render import relation
from tests.oracles import reference as ref

PyHierarchy = dict[str, tuple[str, ...]]
"""leaf -> (leaf, level-1 label, ..., top), the shape ``tests/oracles/reference.py`` uses."""

Item = Mapping[str, Mapping[str, Any]]
"""A criterion as written in the configuration, e.g. ``{"k-anonymity": {"k": 3}}``."""

# Column names that need quoting: spaces, double quotes, dashes, non-ASCII letters, separators
# used by the CSV / ARX formats and an SQL keyword.
QI_NAMES = ["zip code", 'na"me', "état-civil", "Âge (ans)", "a,b", "x;y", "select", "größe"]
SENSITIVE_NAMES = ["diagnosis", 'sal"ary', "maladie-chronique", "revenu €", "ville natale"]

# Sensitive values: categorical ones with characters that need quoting, numeric ones whose
# text order differs from their numeric order (and "1" / "1.0" / "01" / "1e1" ties).
CATEGORICAL_POOL = [
    "flu",
    "gastric ulcer",
    'say "hi"',
    "naïve",
    "a,b",
    "x;y",
    "0",
    "Zeta",
    "β-blocker",
    "it's",
]
NUMERIC_POOL = ["-3", "-0.5", "0", "1", "1.0", "01", "2.5", "3", "7", "10", "1e1", "12.25", "100", "99"]


# ---------------------------------------------------------------------------
# Hierarchies
# ---------------------------------------------------------------------------


def random_hierarchy(
    rng: random.Random, leaves: Sequence[str], height: int, *, prefix: str = "g", top: str = "*"
) -> PyHierarchy:
    """A random balanced hierarchy of ``height`` >= 1 over ``leaves``.

    Every level 1..height-1 partitions the nodes of the level below into random groups (a
    group may hold a single node, so chains occur); level ``height`` is the single ``top``.
    With ``prefix=""`` the group labels are plain numbers, which collide with leaf values of
    other levels (a label is a node only together with its level).
    """
    if height < 1:
        raise ValueError("height must be >= 1")
    paths: dict[str, list[str]] = {leaf: [leaf] for leaf in leaves}
    for level in range(1, height):
        nodes = sorted({p[-1] for p in paths.values()})
        rng.shuffle(nodes)
        n_groups = rng.randint(1, len(nodes))
        cuts = sorted(rng.sample(range(1, len(nodes)), n_groups - 1)) if n_groups > 1 else []
        parent: dict[str, str] = {}
        start = 0
        for g, end in enumerate([*cuts, len(nodes)]):
            for node in nodes[start:end]:
                parent[node] = f"{prefix}{level}.{g}" if prefix else str(g)
            start = end
        for p in paths.values():
            p.append(parent[p[-1]])
    return {leaf: (*p, top) for leaf, p in paths.items()}


def height_of(h: PyHierarchy) -> int:
    return len(next(iter(h.values()))) - 1


def tree_spec(h: PyHierarchy) -> dict[str, Any]:
    """The ``tree`` builder spec describing ``h`` (nested mappings, lists of leaves at the bottom)."""
    height = height_of(h)

    def below(level: int, leaves: list[str]) -> Any:
        if level == 1:
            return list(leaves)
        children: dict[str, list[str]] = {}
        for leaf in leaves:
            children.setdefault(h[leaf][level - 1], []).append(leaf)
        return {label: below(level - 1, kids) for label, kids in children.items()}

    (root,) = {path[-1] for path in h.values()}
    return {"type": "tree", "tree": {root: below(height, list(h))}}


def write_arx(path: Path, h: PyHierarchy) -> None:
    """Write ``h`` as an ARX hierarchy CSV (``value;level1;...;top``, one row per leaf)."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh, delimiter=";").writerows(h.values())


def write_csv(path: Path, columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> None:
    """Write ``rows`` as a ``,``-separated CSV with a header; ``None`` becomes an empty field."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(columns)
        for row in rows:
            writer.writerow(["" if row[c] is None else row[c] for c in columns])


def generalize(
    rows: Sequence[Mapping[str, Any]],
    qis: Sequence[str],
    hierarchies: Mapping[str, PyHierarchy],
    node: Sequence[int],
) -> list[dict[str, Any]]:
    """The table at lattice ``node``: each QI value replaced by its ancestor at the node's level.

    A ``None`` QI value is the hierarchy leaf ``""`` (the ARX convention for SQL NULL).
    """
    out = []
    for row in rows:
        g = dict(row)
        for qi, level in zip(qis, node, strict=True):
            value = row[qi]
            g[qi] = hierarchies[qi]["" if value is None else value][level]
        out.append(g)
    return out


# ---------------------------------------------------------------------------
# Random cases
# ---------------------------------------------------------------------------


@dataclass
class Sensitive:
    """One sensitive attribute: its possible values and how ordered/hierarchical distance see it."""

    name: str
    domain: list[str]  # every value the data may hold (the data may hold fewer)
    numeric: bool
    order: list[str] | None = None  # explicit order: a permutation of a superset of ``domain``
    hierarchy: PyHierarchy | None = None  # over a superset of ``domain``
    hierarchy_form: str = "tree"  # "tree" (builder mapping) or "arx" (CSV file)

    def config(self, folder: Path | None) -> dict[str, Any]:
        spec: dict[str, Any] = {"role": "sensitive"}
        if self.order is not None:
            spec["order"] = list(self.order)
        if self.hierarchy is not None:
            spec["hierarchy"] = self.hierarchy_spec(folder)
        return spec

    def hierarchy_spec(self, folder: Path | None) -> str | dict[str, Any]:
        assert self.hierarchy is not None
        if self.hierarchy_form == "tree" or folder is None:
            return tree_spec(self.hierarchy)
        index = SENSITIVE_NAMES.index(self.name)
        path = folder / f"sens_{index}.csv"
        write_arx(path, self.hierarchy)
        return path.name


def random_sensitive(rng: random.Random, name: str, *, max_values: int = 6) -> Sensitive:
    numeric = rng.random() < 0.5
    pool = NUMERIC_POOL if numeric else CATEGORICAL_POOL
    size = rng.randint(1, max_values)
    domain = rng.sample(pool, size)
    order = None
    if not numeric or rng.random() < 0.3:
        # categorical values need an explicit order for ordered distance; numeric ones may have
        # one that overrides numeric order.  Extra values absent from the data belong to it.
        extra = rng.sample([v for v in pool if v not in domain], rng.randint(0, 3))
        order = domain + extra
        rng.shuffle(order)
    hierarchy = None
    if rng.random() < 0.8:
        extra = rng.sample([v for v in pool if v not in domain], rng.randint(0, 2))
        leaves = domain + extra
        hierarchy = random_hierarchy(
            rng, leaves, rng.randint(1, 3), prefix=rng.choice(["", "grp "]), top=rng.choice(["*", "all"])
        )
    return Sensitive(name, domain, numeric, order, hierarchy, rng.choice(["tree", "arx"]))


@dataclass
class Case:
    rows: list[dict[str, Any]]
    qis: list[str]
    sensitive: list[Sensitive]
    qi_domains: dict[str, list[str | None]] = field(default_factory=dict)

    @property
    def columns(self) -> list[str]:
        return [*self.qis, *(s.name for s in self.sensitive)]

    def attr(self, name: str) -> Sensitive:
        return next(s for s in self.sensitive if s.name == name)

    def ctx(self) -> Ctx:
        return Ctx(
            {s.name: s.order for s in self.sensitive if s.order is not None},
            {s.name: s.hierarchy for s in self.sensitive if s.hierarchy is not None},
        )

    def column_lists(self) -> list[list[Any]]:
        return [[row[c] for row in self.rows] for c in self.columns]


def random_case(
    rng: random.Random,
    *,
    n_rows: int,
    n_qis: int,
    n_sensitive: int,
    null_prob: float = 0.0,
) -> Case:
    """Random rows: QIs take small text domains (possibly None), sensitive values random, often skewed."""
    qis = rng.sample(QI_NAMES, n_qis)
    names = rng.sample(SENSITIVE_NAMES, n_sensitive)
    sensitive = [random_sensitive(rng, name) for name in names]
    domains: dict[str, list[str | None]] = {}
    for qi in qis:
        values: list[str | None] = [str(v) for v in range(rng.randint(1, 5))]
        if rng.random() < 0.3:
            values[-1] = rng.choice(['é "x"', "a b", "x;y,z"])
        domains[qi] = values
    weights = {
        s.name: [rng.choice([1, 1, 2, 5, 20]) if rng.random() < 0.6 else 1 for _ in s.domain]
        for s in sensitive
    }
    # QI values are sometimes skewed (rare values make small classes)
    qi_weights = {qi: [rng.choice([1, 1, 4, 12]) for _ in domains[qi]] for qi in qis}
    rows: list[dict[str, Any]] = []
    for _ in range(n_rows):
        row: dict[str, Any] = {
            qi: None if rng.random() < null_prob else rng.choices(domains[qi], qi_weights[qi])[0]
            for qi in qis
        }
        for s in sensitive:
            row[s.name] = rng.choices(s.domain, weights[s.name])[0]
        rows.append(row)
    if null_prob > 0:
        for qi in qis:
            domains[qi].append(None)
    return Case(rows, qis, sensitive, domains)


# ---------------------------------------------------------------------------
# Reference results of configuration-form criteria
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Ctx:
    orders: Mapping[str, Sequence[str]]  # attribute -> explicit order
    hierarchies: Mapping[str, PyHierarchy]  # attribute -> hierarchy (hierarchical distance)


def unpack(item: Item) -> tuple[str, Mapping[str, Any]]:
    ((kind, params),) = item.items()
    return kind, params


def ref_result(rows: Sequence[Mapping[str, Any]], qis: Sequence[str], item: Item, ctx: Ctx) -> ref.RefResult:
    """The reference result of one criterion (configuration form) on ``rows``."""
    kind, p = unpack(item)
    if kind == "k-anonymity":
        return ref.ref_k_anonymity(rows, qis, int(p["k"]))
    attr = p["attribute"]
    if kind == "l-diversity":
        variant = p.get("variant", "distinct")
        if variant == "distinct":
            return ref.ref_distinct_l(rows, qis, attr, int(p["l"]))
        if variant == "entropy":
            return ref.ref_entropy_l(rows, qis, attr, float(p["l"]))
        return ref.ref_recursive_cl(rows, qis, attr, p["c"], int(p["l"]))
    distance = p.get("distance", "equal")
    return ref.ref_t_closeness(
        rows,
        qis,
        attr,
        float(p["t"]),
        distance,
        order=ctx.orders.get(attr) if distance == "ordered" else None,
        hierarchy=ctx.hierarchies.get(attr) if distance == "hierarchical" else None,
    )


def _t_domain(values: Sequence[Any], distance: str, attr: str, ctx: Ctx) -> list[Any]:
    """The EMD domain exactly as ``ref.ref_t_closeness`` documents it."""
    if distance == "equal":
        return list(set(values))
    if distance == "ordered":
        order = ctx.orders.get(attr)
        return list(order) if order is not None else ref.sorted_domain(values)
    return list(ctx.hierarchies[attr])


def ref_class_verdicts(
    rows: Sequence[Mapping[str, Any]], qis: Sequence[str], item: Item, ctx: Ctx
) -> dict[tuple[Any, ...], tuple[bool, float | None, int]]:
    """Per equivalence class: (violates, class value, size).

    Class-local criteria apply the reference to the class alone; t-closeness compares the class
    with the distribution of all ``rows``.  ``check_class_verdicts`` verifies that these
    aggregate to ``ref_result``.
    """
    classes = ref.equivalence_classes(rows, qis)
    kind, p = unpack(item)
    out: dict[tuple[Any, ...], tuple[bool, float | None, int]] = {}
    if kind != "t-closeness":
        for key, members in classes.items():
            r = ref_result(members, [], item, ctx)
            out[key] = (not r.passed, r.observed, len(members))
        return out
    attr, distance, t = p["attribute"], p.get("distance", "equal"), float(p["t"])
    values = [row[attr] for row in rows]
    domain = _t_domain(values, distance, attr, ctx)
    q = ref.distribution(values, domain)
    for key, members in classes.items():
        dist = ref.distribution([row[attr] for row in members], domain)
        if distance == "equal":
            d = ref.emd_equal(dist, q)
        elif distance == "ordered":
            d = ref.emd_ordered(dist, q)
        else:
            d = ref.emd_tree(dist, q, domain, ctx.hierarchies[attr])
        out[key] = (d > t + ref.TOL, d, len(members))
    return out


def check_class_verdicts(
    verdicts: Mapping[tuple[Any, ...], tuple[bool, float | None, int]], item: Item, expected: ref.RefResult
) -> None:
    """The per-class verdicts aggregate to the reference's result (guards ``ref_class_verdicts``)."""
    bad = [size for is_bad, _, size in verdicts.values() if is_bad]
    assert (not bad, len(bad), sum(bad)) == (
        expected.passed,
        expected.violating_classes,
        expected.violating_rows,
    )
    vals = [v for _, v, _ in verdicts.values()]
    kind, p = unpack(item)
    if kind == "k-anonymity" or p.get("variant") in ("distinct", "entropy"):
        worst: float | None = min(v for v in vals if v is not None) if vals else None
    elif kind == "l-diversity":  # recursive: None is +infinity
        worst = None if any(v is None for v in vals) else max((v for v in vals if v is not None), default=0.0)
    else:
        worst = max((v for v in vals if v is not None), default=0.0)
    assert same_value(worst, expected.observed), (worst, expected.observed)


def max_suppressed(limit: float, n_rows: int) -> int:
    """floor(limit * N), with ``limit`` read as the decimal it prints as."""
    return math.floor(Fraction(repr(float(limit))) * n_rows)


@dataclass(frozen=True)
class Decision:
    satisfied: bool
    bad_classes: int
    bad_rows: int


def ref_decision(
    rows: Sequence[Mapping[str, Any]], qis: Sequence[str], items: Sequence[Item], ctx: Ctx, limit: float
) -> Decision:
    """Whether a node (``rows`` = the generalized table) is accepted under suppression ``limit``.

    Accepted iff no class violates any criterion, or: the rows of the classes violating any
    criterion fit in floor(limit * N), some rows remain (suppressing the whole table is never
    accepted: an empty release), and, with those classes removed, every t-closeness criterion
    holds on the remaining rows against the remaining rows' own distribution.
    """
    bad_keys: set[tuple[Any, ...]] = set()
    for item in items:
        verdicts = ref_class_verdicts(rows, qis, item, ctx)
        check_class_verdicts(verdicts, item, ref_result(rows, qis, item, ctx))
        bad_keys |= {key for key, (is_bad, _, _) in verdicts.items() if is_bad}
    classes = ref.equivalence_classes(rows, qis)
    bad_rows = sum(len(classes[key]) for key in bad_keys)
    if not bad_keys:
        return Decision(True, 0, 0)
    if bad_rows > max_suppressed(limit, len(rows)) or bad_rows == len(rows):
        return Decision(False, len(bad_keys), bad_rows)
    kept = [row for row in rows if tuple(row[qi] for qi in qis) not in bad_keys]
    for item in items:
        if unpack(item)[0] == "t-closeness" and not ref_result(kept, qis, item, ctx).passed:
            return Decision(False, len(bad_keys), bad_rows)
    return Decision(True, len(bad_keys), bad_rows)


# ---------------------------------------------------------------------------
# Comparing SQL outcomes with reference results
# ---------------------------------------------------------------------------

ABS_TOL = 1e-9
"""Absolute tolerance on observed values (sizes, effective numbers of values, ratios, EMDs)."""


def same_value(got: float | None, want: float | None, tol: float = ABS_TOL) -> bool:
    """Equal up to ``tol`` (absolute, or relative for large values); None (unbounded) only equals None."""
    if got is None or want is None:
        return got is None and want is None
    if math.isinf(got) or math.isinf(want):
        return got == want
    return math.isclose(got, want, abs_tol=tol, rel_tol=1e-12)


def assert_outcome(outcome: Any, expected: ref.RefResult, what: str, tol: float = ABS_TOL) -> None:
    got = (outcome.passed, outcome.violating_classes, outcome.violating_rows)
    want = (expected.passed, expected.violating_classes, expected.violating_rows)
    assert got == want, f"{what}: (passed, violating classes, rows) {got} != reference {want}"
    assert same_value(outcome.observed, expected.observed, tol), (
        f"{what}: observed {outcome.observed!r} != reference {expected.observed!r}"
    )


def boundary_values(values: Iterable[float | None]) -> list[float]:
    """Finite class values, for thresholds placed exactly on a class's value."""
    return sorted({v for v in values if v is not None and math.isfinite(v)})


def exact_ratio(value: Fraction) -> float | None:
    """``value`` as a float whose printed decimal is exactly ``value`` (or None if there is none)."""
    f = float(value)
    return f if Fraction(repr(f)) == value else None


def sensitive_columns(case: Case, folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """Column specs of the sensitive attributes and each one's hierarchy spec (tree or ARX file)."""
    specs: dict[str, Any] = {}
    hierarchy_specs: dict[str, Any] = {}
    for s in case.sensitive:
        spec = s.config(folder)
        specs[s.name] = spec
        if "hierarchy" in spec:
            hierarchy_specs[s.name] = spec["hierarchy"]
    return specs, hierarchy_specs


def search_setup(
    rng: random.Random, case: Case, folder: Path
) -> tuple[dict[str, PyHierarchy], dict[str, Any], list[int]]:
    """For the search path: random QI hierarchies (ARX files), the columns section (plus a
    'row id' identifier), the data CSV in ``folder``, and the lattice heights."""
    qi_h = {
        qi: random_hierarchy(
            rng,
            ["" if v is None else str(v) for v in case.qi_domains[qi]] + ["unused"] * (rng.random() < 0.3),
            rng.randint(1, 3),
            prefix=rng.choice(["", "L"]),
        )
        for qi in case.qis
    }
    columns: dict[str, Any] = {}
    for i, qi in enumerate(case.qis):
        write_arx(folder / f"qi_{i}.csv", qi_h[qi])
        columns[qi] = {"role": "quasi", "hierarchy": f"qi_{i}.csv"}
    columns.update(sensitive_columns(case, folder)[0])
    columns["row id"] = {"role": "identifier"}
    rows = [{**row, "row id": str(i)} for i, row in enumerate(case.rows)]
    write_csv(folder / "data.csv", [*case.columns, "row id"], rows)
    return qi_h, columns, [height_of(qi_h[qi]) for qi in case.qis]


def sql_class_verdicts(
    engine: DuckDBEngine, ev: NodeEvaluator, node: tuple[int, ...], n_criteria: int
) -> dict[tuple[str, ...], tuple[int, list[tuple[bool, float | None]], bool]]:
    """Per class at ``node``, keyed by the QI labels: (size, [(bad, value) per criterion], bad)."""
    labels = []
    for qi, level in zip(ev.encoded.qis, node, strict=True):
        rows = engine.fetchall(f'SELECT code, label FROM {relation(qi.labels)} AS "l" WHERE lvl = ?', [level])
        labels.append({int(code): label for code, label in rows})
    k = len(node)
    out = {}
    for row in engine.fetchall(ev.verdicts_sql(), ev.params(node)):
        key = tuple(labels[i][int(row[i])] for i in range(k))
        verdicts = []
        for j in range(n_criteria):
            bad, val = row[k + 1 + 2 * j], row[k + 2 + 2 * j]
            verdicts.append((bool(bad), None if val is None or math.isinf(val) else float(val)))
        assert key not in out
        assert bool(row[-1]) == any(bad for bad, _ in verdicts)
        out[key] = (int(row[k]), verdicts, bool(row[-1]))
    return out


def decision_kind(d: Decision, n_rows: int, limit: float) -> str:
    """Which branch of a reference decision applies (to select cases, never as an expectation)."""
    if d.bad_rows == 0:
        return "pass"
    if d.satisfied:
        return "suppressed"
    if d.bad_rows > max_suppressed(limit, n_rows) or d.bad_rows == n_rows:
        return "over limit"
    return "re-check fails"


def same(a: Any, b: Any) -> bool:
    """Equal; floats within 1e-9 (relative), as engines and row orders round them differently."""
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(float(a) - float(b)) <= 1e-9 * max(1.0, abs(float(a)))
    return bool(a == b)


def take_large_table_paths(monkeypatch: Any, variant: int) -> Counter[str]:
    """Lower the evaluator's size thresholds so that a small table takes the paths of large ones:
    projections of the bottom table per QI subset, every QI generalized by a join with its
    dimension table, node tables kept in a small cache and evicted from it, and batches cut into
    chunks. The three variants (``variant % 3``) between them estimate projections first
    (estimate_rows.sql) or always make them, keep 1, 3 or 64 tables, and run a statement per
    node, per few nodes or per default batch.

    Returns a counter of the paths taken from then on, filled as evaluators run: the settings
    chosen (``variant``), ``projections`` and ``node tables`` made, ``evictions``,
    ``estimates`` of projections, ``joined QIs`` and batched ``statements`` (one per chunk)."""
    from sqlanon.search import batching, evaluator

    # batch_share: a statement's rows per its fixed cost (0: one node per statement; 1e12: as
    # many as a batch holds), whatever the statements' measured costs
    share, cached, batch_share = [(0.5, 1, 0), (10.0**9, 3, 0), (0.5, 64, 10**12)][variant % 3]
    monkeypatch.setattr(evaluator, "PROJECT_FROM_ROWS", 0)
    monkeypatch.setattr(evaluator, "PROJECT_SHARE", share)
    monkeypatch.setattr(evaluator, "GENERALIZE_SHARE", 1.0)
    monkeypatch.setattr(evaluator, "JOIN_FROM_CODES", -1)
    monkeypatch.setattr(evaluator, "MAX_CACHED", cached)
    monkeypatch.setattr(batching, "SHARE", batch_share)
    taken: Counter[str] = Counter({f"variant {variant % 3}": 1})
    cls = evaluator.NodeEvaluator
    project, generalize, make_room, worth, joined, batch_sql = (
        cls._project, cls._generalize, cls._make_room, cls.worth_projecting, cls.joined, cls._batch_sql
    )  # fmt: skip

    def count(key: str, method: Any, measure: Any = None) -> Any:
        def wrapped(self: NodeEvaluator, *args: Any, **kwargs: Any) -> Any:
            before = measure(self) if measure else 0
            out = method(self, *args, **kwargs)
            taken[key] += (measure(self) - before) if measure else 1
            return out

        return wrapped

    monkeypatch.setattr(cls, "_project", count("projections", project))
    monkeypatch.setattr(cls, "_generalize", count("node tables", generalize))
    monkeypatch.setattr(cls, "worth_projecting", count("estimates", worth, lambda e: len(e._projected_rows)))
    monkeypatch.setattr(cls, "_make_room", count("evictions", make_room, lambda e: -len(e._cache)))
    monkeypatch.setattr(cls, "_batch_sql", count("statements", batch_sql))

    def joined_qis(self: NodeEvaluator) -> tuple[str | None, ...]:
        out: tuple[str | None, ...] = joined(self)
        taken["joined QIs"] = max(taken["joined QIs"], sum(up is not None for up in out))
        return out

    monkeypatch.setattr(cls, "joined", joined_qis)
    return taken
