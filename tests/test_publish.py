"""The written release is exactly the source generalized to the chosen node, minus the
suppressed classes, with identifiers dropped; and it passes the gate from scratch."""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path

import pytest

import sqlanon
from tests.randomdata import generalize, random_case
from tests.test_search import _violating_keys


@pytest.mark.parametrize("seed", range(10))
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
