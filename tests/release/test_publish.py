"""The written release is exactly the source generalized to the chosen node, minus the
suppressed classes, with identifiers dropped; and it passes the gate from scratch."""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path

import pytest

import sqlanon
from tests.search.test_incognito import _violating_keys
from tests.support.cases import seeds
from tests.support.randomdata import generalize, random_case

#: tests below read what the tests before them recorded: under pytest-xdist the whole file
#: runs on one worker, in file order
pytestmark = pytest.mark.xdist_group("test_publish")


@pytest.mark.parametrize("seed", seeds(10))
def test_release_is_the_generalized_source(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(500 + seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=120)
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 4])}}]
    if seed % 2:
        criteria.append({"l-diversity": {"variant": "distinct", "l": 2}})
    limit = rng.choice([0.0, 0.1, 0.25])
    config = case.config(criteria, suppression_limit=limit, metric=rng.choice(["precision", "loss", "aecs"]))
    # an identifier column, to be dropped from the release
    rows = (tmp_path / "data.csv").read_text(encoding="utf-8").splitlines()
    (tmp_path / "data.csv").write_text(
        "\n".join([rows[0] + ",id"] + [f"{line},person{i}" for i, line in enumerate(rows[1:])]) + "\n",
        encoding="utf-8",
    )
    config["columns"]["id"] = {"role": "identifier"}
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    if not report.passed:
        assert not (tmp_path / "out.csv").exists()
        assert report.minimal_nodes == []
        return
    assert report.node is not None
    node = tuple(report.node[q] for q in case.qis)
    generalized = generalize(case, node)
    bad = _violating_keys(generalized, case.qis, criteria)
    expected = Counter(
        tuple(r[c] for c in [*case.qis, "sens"])
        for r in generalized
        if tuple(r[q] for q in case.qis) not in bad
    )
    with (tmp_path / "out.csv").open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        assert reader.fieldnames == [*case.qis, "sens"]  # identifier dropped, order kept
        got = Counter(tuple(r[c] for c in [*case.qis, "sens"]) for r in reader)
    assert got == expected
    assert report.rows_out == sum(expected.values())
    assert report.suppressed_rows == len(case.rows) - report.rows_out
    assert all(c["passed"] for c in report.checks)


@pytest.mark.parametrize("seed", seeds(12))
def test_release_of_any_node(seed: int, tmp_path: Path, k: int | None = None, top_only: bool = False) -> None:
    """build_release at random nodes (always the bottom and the top, where every QI is the
    constant top label), with and without suppressed classes: the written rows are Python's
    generalization of the source minus the classes violating the criteria."""
    from sqlanon.config import parse_config
    from sqlanon.criteria import make_criterion
    from sqlanon.encode import encode
    from sqlanon.encode.source import read_table
    from sqlanon.engines.duckdb.engine import DuckDBEngine
    from sqlanon.release.metrics import materialize_verdicts
    from sqlanon.release.publish import build_release, stage
    from sqlanon.search.evaluator import NodeEvaluator
    from sqlanon.search.lattice import Lattice

    rng = random.Random(900 + seed)
    case = random_case(900 + seed, tmp_path, n_qis=rng.choice([1, 2, 3]), max_rows=80)
    criteria = [{"k-anonymity": {"k": k or rng.choice([1, 2, 3, 5])}}]
    if seed % 3 == 0 and k is None:
        criteria.append({"l-diversity": {"variant": "distinct", "l": 2}})
    cfg = parse_config(case.config(criteria), tmp_path)
    engine = DuckDBEngine()
    encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
    evaluator = NodeEvaluator(engine, encoded, [make_criterion(c) for c in cfg.criteria], 0.0)
    nodes = list(Lattice(tuple(d.height for d in encoded.qis)).nodes())
    chosen = {nodes[-1]} if top_only else {nodes[0], nodes[-1], *rng.sample(nodes, min(len(nodes), 4))}
    for node in sorted(chosen):
        verdicts = materialize_verdicts(engine, evaluator, node)
        assert cfg.output is not None
        staged = stage(engine, build_release(engine, cfg, encoded, node, verdicts), cfg.output)
        generalized = generalize(case, node)
        bad = _violating_keys(generalized, case.qis, criteria)
        heights = [d.height for d in encoded.qis]
        at_top = sum(level == h for level, h in zip(node, heights, strict=True))
        KINDS[(bool(bad), "top" if at_top == len(node) else "some top" if at_top else "none")] += 1
        expected = Counter(
            tuple(r[c] for c in [*case.qis, "sens"])
            for r in generalized
            if tuple(r[q] for q in case.qis) not in bad
        )
        with staged.staged.path.open(newline="", encoding="utf-8") as fh:
            got = Counter(tuple(r[c] for c in [*case.qis, "sens"]) for r in csv.DictReader(fh))
        assert got == expected, node
        staged.abort(engine)
    engine.close()


#: (some class suppressed, which QIs are at their top) -> releases written by the test above
KINDS: Counter[tuple[bool, str]] = Counter()


@pytest.mark.slow
def test_release_of_any_node_covered_every_kind(tmp_path: Path) -> None:
    """The random nodes above, plus the all-top node with k above the row count (one class,
    suppressed: an empty release, which anonymize never writes but build_release must get
    right), wrote releases of every kind: with and without suppressed classes, with no QI,
    some QIs and every QI at its top."""
    test_release_of_any_node(0, tmp_path / "all", k=10**6, top_only=True)
    if len(KINDS) < 6:  # run alone: run the random cases first
        for seed in range(12):
            test_release_of_any_node(seed, tmp_path / f"any{seed}")
    assert set(KINDS) == {(b, k) for b in (True, False) for k in ("top", "some top", "none")}, KINDS


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(6))
def test_source_columns_named_like_internal_columns(seed: int, tmp_path: Path) -> None:
    """Renaming the source's columns to the names sqlanon gives its own columns (q0.., s0, n,
    bad, size, batch_node) changes nothing: the same node (odd seeds: Mondrian), the same
    release under the new names. (The encoding grouped by output names, so a source column named q0 was what its
    GROUP BY bound to.)"""
    rng = random.Random(seed)
    case = random_case(700 + seed, tmp_path / "a", n_qis=rng.choice([2, 3]), max_rows=120)
    criteria = [{"k-anonymity": {"k": 2}}, {"l-diversity": {"variant": "distinct", "l": 2}}]
    internal = ["q1", "q0", "n", "size", "bad", "batch_node", "s0", "s1"]
    rng.shuffle(internal)
    renamed = dict(zip([*case.qis, "sens", "extra"], internal, strict=False))
    lines = (tmp_path / "a" / "data.csv").read_text(encoding="utf-8").splitlines()
    (tmp_path / "a" / "data.csv").write_text(
        "\n".join([lines[0] + ",extra"] + [f"{line},x{i % 3}" for i, line in enumerate(lines[1:])]) + "\n",
        encoding="utf-8",
    )
    reports, releases = [], []
    for folder, names in ((tmp_path / "a", {c: c for c in renamed}), (tmp_path / "b", renamed)):
        if folder.name == "b":
            folder.mkdir()
            for path in (tmp_path / "a").glob("h_*.csv"):
                (folder / path.name).write_bytes(path.read_bytes())
            text = (tmp_path / "a" / "data.csv").read_text(encoding="utf-8").split("\n", 1)
            header = ",".join(names[c] for c in text[0].split(","))
            (folder / "data.csv").write_text(header + "\n" + text[1], encoding="utf-8")
        config = (
            case.config(criteria, search="mondrian")
            if seed % 2
            else case.config(criteria, suppression_limit=0.1)
        )
        config["columns"] = {names[c]: spec for c, spec in config["columns"].items()}
        config["columns"][names["extra"]] = {"role": "insensitive"}
        reports.append(sqlanon.anonymize(config, base_dir=folder))
        with (folder / "out.csv").open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            releases.append(Counter(tuple(r[names[c]] for c in renamed) for r in reader))
    plain, odd = reports
    assert plain.passed and odd.passed
    if plain.node is None:  # Mondrian: no lattice node
        assert odd.node is None and seed % 2
    else:
        assert odd.node == {renamed[q]: level for q, level in plain.node.items()}
    assert releases[0] == releases[1]
    assert (odd.rows_out, odd.suppressed_rows) == (plain.rows_out, plain.suppressed_rows)
