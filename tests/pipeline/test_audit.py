"""``sqlanon audit`` (sqlanon.pipeline.audit, audit_attacks.sql): on random tables its minimal nodes are
those of an exhaustive search in Python, and every attack's vulnerable classes and rows at each
node equal a direct computation from the rows of the node's release (generalized in Python,
the classes suppression removes left out); PostgreSQL and Spark equal DuckDB."""

from __future__ import annotations

import csv
import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import write_demo
from sqlanon.errors import ConfigError
from tests.oracles.reference import TOL, emd, equivalence_classes, minimal_nodes
from tests.support.cases import seeds
from tests.support.randomdata import RandomCase, generalize, random_case, random_hierarchy

ATTACKS = ("homogeneity", "negation", "similarity", "skewness", "inference")
#: the largest distance and gain are quotients of exact counts (and EMD sums of them)
CLOSE = 1e-9


def _diagnosis(rng: random.Random, folder: Path, height: int) -> dict[str, tuple[str, ...]]:
    """A second sensitive attribute's hierarchy (leaf, groups..., '*'), written to diag.csv."""
    paths = random_hierarchy(rng, [f"d{j}" for j in range(rng.randint(2, 7))], height)
    with (folder / "diag.csv").open("w", newline="") as fh:
        csv.writer(fh, delimiter=";").writerows(paths.values())
    return {v: tuple(p) for v, p in paths.items()}


def _case(seed: int, folder: Path) -> tuple[RandomCase, dict[str, Any], dict[str, tuple[str, ...]]]:
    """A random table (3 quasi-identifiers; sens without a hierarchy, some values NULL; diag with
    one; pay, numbers without an order, on some seeds with NULLs) and a random audit
    configuration: k-anonymity and/or distinct l-diversity, suppression; on some seeds a
    t-closeness on diag (warn: it does not narrow the search) whose t and distance skewness
    takes, and no audit.t (each column's t is then its t-closeness's, else 0.2)."""
    rng = random.Random(seed)
    case = random_case(seed, folder, n_qis=rng.randint(1, 3), max_rows=120)
    hierarchy = _diagnosis(rng, folder, rng.randint(1, 3))
    leaves = list(hierarchy)
    other = random.Random(-seed)  # pay and skewness's settings: the other draws as before they came
    pays = other.sample(["-3", "0", "7", "12", "40", "41", "100", "2.5", "1e3"], other.randint(2, 8))
    pay_nulls = other.random() < 0.15
    for row in case.rows:
        row["diag"] = rng.choice(leaves[: rng.randint(1, len(leaves))])
        if rng.random() < 0.1:
            row["sens"] = ""
        row["pay"] = "" if pay_nulls and other.random() < 0.2 else other.choice(pays)
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[*case.qis, "sens", "diag", "pay"])
        writer.writeheader()
        writer.writerows(case.rows)
    criteria: list[dict[str, Any]] = []
    if rng.random() < 0.7:
        criteria.append({"k-anonymity": {"k": rng.randint(2, 4)}})
    if not criteria or rng.random() < 0.5:
        criteria.append({"l-diversity": {"l": 2, "variant": "distinct", "attribute": "sens"}})
    config = case.config(criteria, suppression_limit=rng.choice([0, 0, 0.05, 0.2]))
    del config["output"]
    config["columns"]["diag"] = {"role": "sensitive", "hierarchy": "diag.csv"}
    config["columns"]["pay"] = {"role": "sensitive"}
    config["audit"] = {
        "negations": rng.randint(0, 2),
        "t": rng.choice([0.1, 0.2, 0.3]),
        "inference_gain": rng.choice([0.1, 0.2, Fraction(1, 3)]),
        "similarity_level": rng.randint(1, 2),
    }
    config["audit"]["inference_gain"] = float(config["audit"]["inference_gain"])
    if other.random() < 0.4:
        distance = other.choice(["equal", "hierarchical", "variational"])
        t = other.choice([0.15, 0.35, 0.5])
        criteria.append(
            {"t-closeness": {"t": t, "distance": distance, "attribute": "diag", "severity": "warn"}}
        )
    if other.random() < 0.4:
        del config["audit"]["t"]
    return case, config, hierarchy


def _skewness(case: RandomCase, config: dict[str, Any]) -> dict[str, tuple[str, float]]:
    """Per sensitive column, the distance and t skewness should measure it with, from the
    configuration as docs/commands.md says: audit.t, else the column's t-closeness's t, else 0.2; the
    t-closeness's distance (variational is EMD under equal distance), else hierarchical with a
    hierarchy, else ordered when every value is a number, else equal."""
    t = config["audit"].get("t")
    closeness = [
        c["t-closeness"] for c in config["criteria"] if c.get("t-closeness", {}).get("attribute") == "diag"
    ]
    diag_distance = (
        {"variational": "equal"}.get(closeness[0]["distance"], closeness[0]["distance"])
        if closeness
        else "hierarchical"
    )
    numbers = all(r["pay"] != "" for r in case.rows)
    return {
        "sens": ("equal", 0.2 if t is None else t),
        "diag": (diag_distance, t if t is not None else closeness[0]["t"] if closeness else 0.2),
        "pay": ("ordered" if numbers else "equal", 0.2 if t is None else t),
    }


def _violating(members: list[dict[str, str]], criteria: list[dict[str, Any]]) -> bool:
    for criterion in criteria:
        ((kind, params),) = criterion.items()
        if kind == "k-anonymity" and len(members) < params["k"]:
            return True
        if kind == "l-diversity" and len({m[params["attribute"]] for m in members}) < params["l"]:
            return True
    return False


def _release(case: RandomCase, config: dict[str, Any], node: tuple[int, ...]) -> list[dict[str, str]] | None:
    """The rows ``node`` publishes (None: it does not satisfy the criteria within the limit)."""
    rows = generalize(case, node)
    classes = equivalence_classes(rows, case.qis)
    bad = [m for m in classes.values() if _violating(m, config["criteria"])]
    bad_rows = sum(len(m) for m in bad)
    allowed = int(Fraction(str(config["suppression_limit"])) * len(rows))
    if bad_rows > allowed or bad_rows == len(rows):
        return None
    return [r for m in classes.values() if not _violating(m, config["criteria"]) for r in m]


def _attacks(
    rows: list[dict[str, str]],
    qis: list[str],
    settings: dict[str, Any],
    hierarchy: dict[str, tuple[str, ...]],
    skewness: dict[str, tuple[str, float]],
    values: dict[str, list[str]],
) -> dict[str, Any]:
    """Every attack on the release ``rows``, computed from its classes' values; skewness by
    the distance and t of ``skewness`` (column -> (distance, t)), over each column's domain:
    the hierarchy's leaves, or ``values`` (the table's), numerically ordered for ordered distance."""
    n = len(rows)
    height = len(next(iter(hierarchy.values()))) - 1
    level = settings["similarity_level"]
    gain = Fraction(str(settings["inference_gain"]))
    out: dict[str, Any] = {}
    classes = list(equivalence_classes(rows, qis).values())
    flags: dict[tuple[str, str], list[bool]] = {}
    largest: dict[tuple[str, str], float] = {}
    for attr, (distance, t) in skewness.items():
        totals = Counter(r[attr] for r in rows)
        if distance == "hierarchical":
            domain = list(hierarchy)
        elif distance == "ordered":
            domain = sorted(values[attr], key=float)
        else:
            domain = sorted(values[attr])
        q = [totals[v] / n for v in domain]
        for members in classes:
            counts = Counter(m[attr] for m in members)
            size = len(members)
            flags.setdefault(("homogeneity", attr), []).append(len(counts) == 1)
            flags.setdefault(("negation", attr), []).append(len(counts) <= settings["negations"] + 1)
            if attr == "diag" and level < height:
                groups = {hierarchy[v][level] for v in counts}
                flags.setdefault(("similarity", attr), []).append(len(groups) == 1)
            p = [counts[v] / size for v in domain]
            d = emd(distance, p, q, domain, hierarchy if attr == "diag" else None)
            flags.setdefault(("skewness", attr), []).append(d > t + TOL)
            largest[("skewness", attr)] = max(largest.get(("skewness", attr), 0.0), d)
            rises = [Fraction(c, size) - Fraction(totals[v], n) for v, c in counts.items()]
            flags.setdefault(("inference", attr), []).append(max(rises) > gain)
            largest[("inference", attr)] = max(largest.get(("inference", attr), -1.0), float(max(rises)))
    sizes = [len(m) for m in classes]
    for attack in ATTACKS:
        per = {}
        for attr in skewness:
            got = flags.get((attack, attr))
            if got is None:
                per[attr] = None
                continue
            entry: dict[str, Any] = {
                "classes": sum(got),
                "rows": sum(s for s, f in zip(sizes, got, strict=True) if f),
            }
            if (attack, attr) in largest:
                entry["largest"] = largest[(attack, attr)]
            per[attr] = entry
        measured = [flags[(attack, a)] for a in skewness if (attack, a) in flags]
        if not measured:
            out[attack] = None
            continue
        union = [any(f) for f in zip(*measured, strict=True)]
        out[attack] = {
            "classes": sum(union),
            "rows": sum(s for s, f in zip(sizes, union, strict=True) if f),
            "attributes": per,
        }
    return out


def _same(got: Any, want: Any) -> None:
    if isinstance(want, dict):
        assert got.keys() == want.keys(), (sorted(got), sorted(want))
        for key in want:
            _same(got[key], want[key])
    elif isinstance(want, float):
        assert got is not None and abs(got - want) <= CLOSE, (got, want)
    else:
        assert got == want, (got, want)


def _expected(
    case: RandomCase, config: dict[str, Any], hierarchy: dict[str, tuple[str, ...]]
) -> dict[Any, Any]:
    """node tuple -> (rows published, attacks) for every minimal node of an exhaustive search."""
    heights = [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]
    releases = {}
    for node in itertools.product(*(range(h + 1) for h in heights)):
        release = _release(case, config, node)
        if release is not None:
            releases[node] = release
    skewness = _skewness(case, config)
    values = {a: sorted({r[a] for r in case.rows}) for a in skewness}
    return {
        node: (
            len(releases[node]),
            _attacks(releases[node], case.qis, config["audit"], hierarchy, skewness, values),
        )
        for node in minimal_nodes(releases)
    }


@pytest.mark.parametrize("seed", seeds(15))
def test_audit_equals_a_direct_computation_on_random_tables(tmp_path: Path, seed: int) -> None:
    case, config, hierarchy = _case(seed, tmp_path)
    want = _expected(case, config, hierarchy)
    report = api.audit(config, base_dir=tmp_path)
    assert report.passed == bool(want)
    used = {c: (how["distance"], how["t"]) for c, how in report.settings["skewness"].items()}
    assert used == _skewness(case, config)
    got = {tuple(n.node[q] for q in case.qis): n for n in report.nodes}
    assert set(got) == set(want)
    for node, (rows, attacks) in want.items():
        assert got[node].rows == rows
        assert got[node].suppressed_rows == len(case.rows) - rows
        _same(got[node].attacks, attacks)
    if want:
        assert sum(n.chosen for n in report.nodes) == 1


@pytest.mark.slow
def test_the_random_cases_cover_every_attack_both_ways(tmp_path: Path) -> None:
    """The cases above find vulnerable and resisting nodes for every attack, and nodes that
    suppress rows (else the comparison could pass on an audit that says nothing)."""
    seen: Counter[tuple[str, bool]] = Counter()
    suppressed = 0
    skewness: Counter[tuple[str, str]] = Counter()
    t_from: Counter[tuple[bool, bool]] = Counter()  # (audit.t given, a t-closeness on diag)
    for seed in range(30):
        case, config, hierarchy = _case(seed, tmp_path / str(seed))
        for column, (distance, _) in _skewness(case, config).items():
            skewness[(column, distance)] += 1
        t_from[
            ("t" in config["audit"], len(config["criteria"]) > 1 and "t-closeness" in config["criteria"][-1])
        ] += 1
        for rows, attacks in _expected(case, config, hierarchy).values():
            suppressed += rows < len(case.rows)
            for attack, entry in attacks.items():
                if entry is None:
                    continue
                seen[(attack, entry["classes"] > 0)] += 1
    assert all(seen[(a, v)] for a in ATTACKS for v in (True, False)), seen
    assert suppressed
    # every way skewness's distance and t are chosen: numbers ordered, NULLs equal, diag's
    # t-closeness's distance (equal) or its hierarchy, with and without audit.t
    wanted = [("pay", "ordered"), ("pay", "equal"), ("diag", "equal"), ("diag", "hierarchical")]
    assert all(skewness[w] for w in wanted), skewness
    assert all(t_from[(given, closeness)] for given in (True, False) for closeness in (True, False)), t_from


@pytest.mark.slow
def test_the_chosen_node_is_the_one_anonymize_publishes(tmp_path: Path) -> None:
    for seed in (2, 5, 9):
        _, config, _ = _case(seed, tmp_path / str(seed))
        audit = api.audit(config, base_dir=tmp_path / str(seed))
        published = api.anonymize(dict(config, output="out.csv"), base_dir=tmp_path / str(seed))
        chosen = [n.node for n in audit.nodes if n.chosen]
        assert chosen == ([published.node] if published.passed else [])


def test_the_cli_prints_a_row_per_node_and_writes_the_report(tmp_path: Path) -> None:
    case, config, hierarchy = _case(4, tmp_path)
    want = _expected(case, config, hierarchy)
    assert want
    (tmp_path / "audit.yaml").write_text(json.dumps(config))
    result = CliRunner().invoke(
        main, ["audit", str(tmp_path / "audit.yaml"), "--report", str(tmp_path / "r.json")]
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"sqlanon audit: {len(want)} minimal node{'s' if len(want) != 1 else ''}"
    rows = [line for line in lines if line.lstrip("* ").startswith("(")]
    assert len(rows) == len(want)
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["command"] == "audit" and data["passed"] is True
    assert len(data["nodes"]) == len(want)
    for entry in data["nodes"]:
        node = tuple(entry["node"][q] for q in case.qis)
        _same(entry["attacks"], want[node][1])
    vulnerable = {a: sum(attacks[a]["classes"] > 0 for _, attacks in want.values()) for a in ATTACKS}
    assert data["vulnerable_nodes"] == vulnerable
    # no value of the table on the terminal or in the report: only counts
    text = result.output + (tmp_path / "r.json").read_text()
    for value in {r["diag"] for r in case.rows} | {r["sens"] for r in case.rows if r["sens"]}:
        assert f"{value}" not in text.replace("audit.yaml", "")
    # the report may be written again over an earlier audit's report, never over data
    again = CliRunner().invoke(
        main, ["audit", str(tmp_path / "audit.yaml"), "--report", str(tmp_path / "data.csv")]
    )
    assert again.exit_code == 2, again.output
    assert "a report never replaces data" in again.output


def test_a_narrow_terminal_gets_whole_figures(tmp_path: Path) -> None:
    """At 60 columns the node table stacks: every line fits, and each attack stays on one line
    with its figure."""
    _, config, _ = _case(4, tmp_path)
    report = api.audit(config, base_dir=tmp_path)
    narrow = report.text(verbose=True, width=60)
    lines = narrow.splitlines()
    assert all(len(line) <= 60 for line in lines), narrow
    for n in report.nodes:
        for attack in ATTACKS:
            entry = n.attacks[attack]
            if entry is not None and entry["classes"]:
                assert any(f"{attack} {entry['classes']:,}/{entry['rows']:,}" in line for line in lines), (
                    narrow
                )
    summary = " ".join(narrow[narrow.index("nodes vulnerable") :].split())
    assert all(f"{a} {n} of {len(report.nodes)}" in summary for a, n in report.vulnerable_nodes().items())


def test_no_node_satisfies_the_criteria_exits_1(tmp_path: Path) -> None:
    case, config, _ = _case(1, tmp_path)
    config["criteria"] = [{"k-anonymity": {"k": len(case.rows)}}]
    for q in case.qis:  # the lattice is its bottom node, where the rows are not all alike
        config["columns"][q]["max_level"] = 0
    (tmp_path / "audit.yaml").write_text(json.dumps(config))
    result = CliRunner().invoke(main, ["audit", str(tmp_path / "audit.yaml")])
    assert result.exit_code == 1, result.output
    assert "no generalization satisfies the criteria" in result.output


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"audit": {"t": 2}}, "audit.t must be a number in [0, 1]"),
        ({"audit": {"negations": -1}}, "audit.negations must be a whole number of at least 0"),
        ({"audit": {"similarity_level": 0}}, "audit.similarity_level must be a whole number of at least 1"),
        ({"audit": {"gain": 0.1}}, "Unknown audit key(s) ['gain']"),
        ({"audit": {"distance": "kl"}}, "audit.distance must be one of equal, ordered, hierarchical"),
        ({"audit": {"distance": "hierarchical"}}, "on sensitive column 'sens', which has none"),
        ({"audit": [1]}, "audit must be a mapping"),
    ],
)
def test_bad_audit_settings_are_clear_errors(tmp_path: Path, change: dict[str, Any], says: str) -> None:
    _, config, _ = _case(3, tmp_path)
    with pytest.raises(ConfigError) as err:
        api.audit(dict(config, **change), base_dir=tmp_path)
    assert says in str(err.value)


def test_a_configuration_without_a_sensitive_column_is_refused(tmp_path: Path) -> None:
    _, config, _ = _case(3, tmp_path)
    config["columns"]["sens"] = {"role": "insensitive"}
    config["columns"]["diag"] = {"role": "insensitive"}
    config["columns"]["pay"] = {"role": "insensitive"}
    config["criteria"] = [{"k-anonymity": {"k": 2}}]
    with pytest.raises(ConfigError, match="audit measures attacks on sensitive columns"):
        api.audit(config, base_dir=tmp_path)


def _nodes(report: Any) -> dict[tuple[tuple[str, int], ...], Any]:
    return {tuple(n.node.items()): n.to_dict() for n in report.nodes}


@pytest.mark.parametrize("seed", [4, 11])
def test_audit_on_postgres_equals_duckdbs(tmp_path: Path, compiled_pg: Any, postgres: Any, seed: int) -> None:
    from tests.support import pgserver

    case, config, _ = _case(seed, tmp_path)
    columns = [*case.qis, "sens", "diag", "pay"]
    pgserver.load(
        compiled_pg,
        "compiled",
        f"audit_{seed}",
        [(c, "text") for c in columns],
        ([r[c] or None for c in columns] for r in case.rows),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(config, source={"table": f"compiled.audit_{seed}"}, engine=engine)
    want = api.audit(config, base_dir=tmp_path)
    got = api.audit(on_pg, base_dir=tmp_path)
    assert want.nodes
    _same(_nodes(got), _nodes(want))


def test_audit_on_spark_equals_duckdbs(tmp_path: Path, spark: Any) -> None:
    for seed in (4, 11):
        case, config, _ = _case(seed, tmp_path / str(seed))
        columns = [*case.qis, "sens", "diag", "pay"]
        frame = spark.createDataFrame(
            [tuple(r[c] or None for c in columns) for r in case.rows],
            ", ".join(f"`{c}` string" for c in columns),
        )
        want = api.audit(config, base_dir=tmp_path / str(seed))
        got = api.audit(dict(config, source=frame), base_dir=tmp_path / str(seed), connection=spark)
        assert want.nodes
        _same(_nodes(got), _nodes(want))


def _salaries(folder: Path) -> dict[str, list[str]]:
    """Ten classes (age a0..a9, one hierarchy level above) of six salaries each, spread over the
    whole range 0..59: under equal distance every class is far (0.9) from the table, under
    ordered distance (numerically: 5 < 40) close. Written to salaries.csv; class -> salaries."""
    classes = {f"a{i}": [str(i + 10 * j) for j in range(6)] for i in range(10)}
    with (folder / "salaries.csv").open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["age", "salary"])
        writer.writerows((age, pay) for age, pays in classes.items() for pay in pays)
    (folder / "age.csv").write_text("".join(f"{age};*\n" for age in classes))
    return classes


def _skewed_classes(classes: dict[str, list[str]], distance: str, t: float) -> int:
    values = sorted({v for pays in classes.values() for v in pays}, key=float)
    n = sum(len(pays) for pays in classes.values())
    totals = Counter(v for pays in classes.values() for v in pays)
    q = [totals[v] / n for v in values]
    far = 0
    for pays in classes.values():
        counts = Counter(pays)
        far += emd(distance, [counts[v] / len(pays) for v in values], q, values, None) > t + TOL
    return far


def test_skewness_orders_numbers_and_takes_the_configuration_s_t(tmp_path: Path) -> None:
    """A numeric sensitive column without an order is measured by ordered distance (the
    t-closeness paper's distance for numerical attributes; equal distance flagged every
    class), at the t of the configuration's t-closeness on it unless audit.t is given; the
    report's settings say which distance and t, and where each came from."""
    classes = _salaries(tmp_path)
    config: dict[str, Any] = {
        "source": "salaries.csv",
        "columns": {"age": {"role": "quasi", "hierarchy": "age.csv"}, "salary": {"role": "sensitive"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
    }
    closeness = {"t-closeness": {"t": 0.05, "distance": "ordered", "attribute": "salary", "severity": "warn"}}
    cases = [
        (config, ("ordered", "its values are numbers (ordered numerically)", 0.2, "the default")),
        (dict(config, criteria=[*config["criteria"], closeness]),
         ("ordered", "criteria[1] t-closeness (ordered)", 0.05, "criteria[1] t-closeness (ordered)")),
        (dict(config, criteria=[*config["criteria"], closeness], audit={"t": 0.5}),
         ("ordered", "criteria[1] t-closeness (ordered)", 0.5, "audit.t")),
        (dict(config, audit={"distance": "equal"}), ("equal", "audit.distance", 0.2, "the default")),
    ]  # fmt: skip
    assert _skewed_classes(classes, "equal", 0.2) == len(classes)  # what equal distance said
    for conf, (distance, distance_from, t, t_from) in cases:
        report = api.audit(conf, base_dir=tmp_path)
        assert report.settings["skewness"] == {
            "salary": {"distance": distance, "distance_from": distance_from, "t": t, "t_from": t_from}
        }
        ((node,),) = [tuple(n.node.values()) for n in report.nodes]
        assert node == 0
        skewed = report.nodes[0].attacks["skewness"]
        assert skewed["classes"] == _skewed_classes(classes, distance, t)
        assert f"skewness (EMD: salary {distance} > {t:g})" in report.text()
    assert _skewed_classes(classes, "ordered", 0.2) < len(classes)
    assert _skewed_classes(classes, "ordered", 0.05) > _skewed_classes(classes, "ordered", 0.2)


@pytest.mark.slow
def test_settings_the_configuration_implies(tmp_path: Path) -> None:
    """Skewness measures a column as the configuration's t-closeness on it does unless audit:
    says otherwise (per column too); Mondrian publishes no lattice node (none is marked);
    max_level caps the lattice, not the hierarchies' heights."""
    case, config, _ = _case(5, tmp_path)
    config["criteria"] = [
        {"k-anonymity": {"k": 2}},
        {"t-closeness": {"t": 0.9, "distance": "equal", "attribute": "diag"}},
    ]

    def distances(report: Any) -> dict[str, str]:
        return {c: how["distance"] for c, how in report.settings["skewness"].items()}

    report = api.audit(config, base_dir=tmp_path)
    assert distances(report) == {"sens": "equal", "diag": "equal", "pay": "ordered"}
    config["audit"]["distance"] = {"diag": "hierarchical"}
    assert distances(api.audit(config, base_dir=tmp_path)) == {
        "sens": "equal",
        "diag": "hierarchical",
        "pay": "ordered",
    }
    with pytest.raises(
        ConfigError, match=r"audit.distance names \['nope'\], which are not sensitive columns"
    ):
        api.audit(dict(config, audit={"distance": {"nope": "equal"}}), base_dir=tmp_path)
    with pytest.raises(ConfigError, match="needs a hierarchy on sensitive column 'sens'"):
        api.audit(dict(config, audit={"distance": {"sens": "hierarchical"}}), base_dir=tmp_path)
    mondrian = api.audit(
        dict(config, search="mondrian", metric="gcp", suppression_limit=0), base_dir=tmp_path
    )
    assert mondrian.nodes and not any(n.chosen for n in mondrian.nodes)
    assert "publishes no lattice node" in mondrian.notes["chosen"]
    assert "* the node anonymize chooses" not in mondrian.text()
    first = case.qis[0]
    top = len(next(iter(case.hierarchies[first].values()))) - 1
    capped = dict(
        config, columns=dict(config["columns"], **{first: dict(config["columns"][first], max_level=0)})
    )
    audited = api.audit(capped, base_dir=tmp_path)
    assert audited.heights[first] == top
    assert all(n.node[first] == 0 for n in audited.nodes)
    if top > 0:
        assert audited.search["max_level"] == {first: 0}


@pytest.mark.slow
def test_sqlanon_audit_stays_the_function_after_a_call(tmp_path: Path) -> None:
    """``sqlanon.audit`` is the function, also after its first call: the module sqlanon.audit (now
    sqlanon.pipeline.audit), loaded then, took the package's name, and a second ``sqlanon.audit(...)``
    raised "'module' object is not callable". In a new interpreter, where nothing loaded the module before."""
    anonymize_yaml, _ = write_demo(tmp_path, rows=40)
    program = (
        "import sys, sqlanon\n"
        "for _ in range(2):\n"
        "    report = sqlanon.audit(sys.argv[1])\n"
        "    assert report.nodes, report\n"
        "print(type(sqlanon.audit).__name__)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program, str(anonymize_yaml)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "function"
