"""k-map with an estimator (issue 40, item 2; sqlanon.criteria.kmap).

The derived class size k' is compared with an independent computation (scipy.stats.poisson's
CDF, the rule written as its definition: the smallest j reaching 1 - alpha) on many random
parameters and with values worked out by hand; the exhaustive search's satisfying nodes with
k-map equal a brute force of k-anonymity with that k'; the release's classes all hold k' rows;
PostgreSQL chooses the node DuckDB does; bad parameters exit 2 naming the key.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import pytest

from sqlanon import api
from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.criteria.kmap import POISSON, ZERO_TRUNCATED, derive_k
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.release.lattice import run_search, searched_criteria
from tests.criteria.test_catalogue_cli import anonymize_config, fails
from tests.criteria.test_catalogue_cli import folder as folder
from tests.oracles import reference as ref
from tests.search.test_risk_search import brute_force
from tests.support.cases import seeds
from tests.support.randomdata import random_case

stats = pytest.importorskip("scipy.stats")


def _reference(k: int, alpha: float, fraction: float, estimator: str) -> int | None:
    """k' by its definition from scipy's Poisson distribution (None: the CDF lies within 1e-9 of
    1 - alpha at the deciding j, where float sums may round either way)."""
    if alpha == 1:
        return 1
    lam, threshold = fraction * k, 1 - alpha
    dist = stats.poisson(lam)
    if estimator == POISSON:
        cdf = [float(c) for c in dist.cdf(range(k))]
        reached = [j for j in range(k) if cdf[j] >= threshold]
        if any(abs(c - threshold) < 1e-9 for c in cdf):
            return None
        return min(k, reached[0] + 2) if reached else k
    zero = float(dist.pmf(0))
    truncated = [(float(c) - zero) / (1 - zero) for c in dist.cdf(range(1, k))]
    if any(abs(c - threshold) < 1e-9 for c in truncated):
        return None
    reached = [j for j, c in zip(range(1, k), truncated, strict=True) if c >= threshold]
    return min(k, reached[0] + 1) if reached else k


def test_worked_examples() -> None:
    """lambda = 0.1 * 10 = 1: P(X <= j) = 0.368, 0.736, 0.920, 0.981 for j = 0..3, so m = 3 and
    Poisson's k' = m + 2 = 5 at alpha 0.05; zero-truncated: (P(X <= j) - e^-1) / (1 - e^-1) =
    0.582, 0.873, 0.970 for j = 1..3, so k' = 3 + 1 = 4."""
    assert derive_k(10, 0.05, 0.1, POISSON).k == 5
    assert derive_k(10, 0.05, 0.1, ZERO_TRUNCATED).k == 4
    assert math.isclose(derive_k(10, 0.05, 0.1, POISSON).type1_error, 1 - 0.98101, abs_tol=1e-4)
    # never above k; the whole population sampled: k itself
    assert derive_k(3, 0.001, 0.9, POISSON).k == 3 and derive_k(3, 0.001, 0.9, POISSON).type1_error == 0
    assert derive_k(50, 0.05, 1.0, ZERO_TRUNCATED).k == 50
    # no confidence asked: every class passes
    assert derive_k(50, 1.0, 0.5, POISSON).k == 1 == derive_k(50, 1.0, 0.5, ZERO_TRUNCATED).k
    assert derive_k(1, 0.05, 0.01, POISSON).k == 1 == derive_k(1, 0.05, 0.01, ZERO_TRUNCATED).k


def test_derived_k_equals_scipy_on_random_parameters() -> None:
    rng = random.Random(40)
    compared = 0
    for _ in range(600):
        k = rng.choice([1, 2, 3, 5, 10, 20, 50, 100, 400])
        alpha = rng.choice([0.0, 0.001, 0.01, 0.05, 0.1, 0.2, 0.5, 1.0, rng.random()])
        fraction = rng.choice([0.001, 0.01, 0.05, 0.1, 0.3, 0.5, 1.0, rng.uniform(0.0001, 1)])
        estimator = rng.choice([POISSON, ZERO_TRUNCATED])
        expected = _reference(k, alpha, fraction, estimator)
        if expected is None:
            continue
        assert derive_k(k, alpha, fraction, estimator).k == expected, (k, alpha, fraction, estimator)
        compared += 1
    assert compared > 550


def _satisfying(case: Any, criteria: list[dict[str, Any]]) -> Any:
    cfg = parse_config(case.config(criteria, search="exhaustive", suppression_limit=0.1), case.folder)
    engine = DuckDBEngine()
    try:
        encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
        required = searched_criteria([make_criterion(c) for c in cfg.criteria], cfg)
        found, _ = run_search(engine, encoded, required, cfg, None)
    finally:
        engine.close()
    return found


@pytest.mark.parametrize("seed", seeds(6, fast=2))
def test_search_and_release_meet_the_derived_k(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=60)
    params = {
        "k": rng.choice([4, 8, 20]),
        "estimator": rng.choice([POISSON, ZERO_TRUNCATED]),
        "significance": rng.choice([0.01, 0.05, 0.2]),
        "sampling_fraction": rng.choice([0.05, 0.2, 0.5]),
    }
    derived = derive_k(
        params["k"], params["significance"], params["sampling_fraction"], params["estimator"]
    ).k
    expected = brute_force(case, [{"k-anonymity": {"k": derived}}], 0.1, {}, 0.2)
    found = _satisfying(case, [{"k-map": params}])
    assert set(found.satisfying) == expected
    assert set(found.minimal) == ref.minimal_nodes(expected)
    report = api.anonymize(
        case.config([{"k-map": params}], suppression_limit=0.1, overwrite=True), base_dir=tmp_path
    )
    assert report.passed == bool(expected), report.message
    (entry,) = [c for c in report.checks if c["criterion"] == "k-map"]
    assert entry["params"]["derived_k"] == derived and entry["params"]["k"] == params["k"]
    if expected:
        assert entry["passed"] and entry["observed"] >= derived
        assert tuple(report.node[q] for q in case.qis) in ref.minimal_nodes(expected)


def test_k_larger_than_the_table_is_fine_when_k_prime_is_not(tmp_path: Path) -> None:
    case = random_case(7, tmp_path, n_qis=2, max_rows=40)
    n = len(case.rows)
    small = {"k": 10 * n, "estimator": POISSON, "significance": 0.05, "sampling_fraction": 0.001}
    report = api.anonymize(case.config([{"k-map": small}], overwrite=True), base_dir=tmp_path)
    assert report.passed, report.message
    big = {"k": 10 * n, "estimator": POISSON, "significance": 0.05, "sampling_fraction": 0.5}
    with pytest.raises(Exception, match="derived class size k'"):
        api.anonymize(case.config([{"k-map": big}], overwrite=True), base_dir=tmp_path)


def test_postgres_chooses_as_duckdb(tmp_path: Path, postgres: Any) -> None:
    import csv
    import os

    import psycopg
    import yaml

    from sqlanon.demo import write_demo
    from tests.engines.conformance import COLUMNS
    from tests.support import pgserver

    config = yaml.safe_load(write_demo(tmp_path, rows=300)[0].read_text())
    params = {"k": 40, "estimator": ZERO_TRUNCATED, "significance": 0.05, "sampling_fraction": 0.1}
    config = dict(config, criteria=[{"k-map": params}], overwrite=True, suppression_limit=0.05)
    with (tmp_path / "people.csv").open(newline="") as f:
        people = list(csv.DictReader(f))
    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    try:
        admin.execute("CREATE SCHEMA IF NOT EXISTS kmap")
        typed = list(zip(COLUMNS, ["text", "text", "integer", "text", "text", "integer"], strict=True))
        pgserver.load(
            admin,
            "kmap",
            "people",
            typed,
            ([int(p[c]) if t == "integer" else p[c] for c, t in typed] for p in people),
        )
    finally:
        admin.close()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        config,
        source={"table": "kmap.people"},
        output={"table": "kmap.release"},
        engine=engine,
        search_in="engine",
    )
    at_pg = api.anonymize(on_pg, base_dir=tmp_path)
    at_duckdb = api.anonymize(config, base_dir=tmp_path)
    assert at_duckdb.passed and at_pg.passed
    assert at_pg.node == at_duckdb.node and at_pg.checks == at_duckdb.checks
    (entry,) = [c for c in at_pg.checks if c["criterion"] == "k-map"]
    assert entry["params"]["derived_k"] == derive_k(40, 0.05, 0.1, ZERO_TRUNCATED).k


GOOD = {"k": 5, "estimator": "poisson", "significance": 0.05, "sampling_fraction": 0.1}


@pytest.mark.parametrize(
    ("params", "needles"),
    [
        ({k: v for k, v in GOOD.items() if k != "significance"}, ["'significance'"]),
        (
            {k: v for k, v in GOOD.items() if k != "estimator"},
            ["significance", "applies only to an estimator"],
        ),
        ({**GOOD, "estimator": "binomial"}, ["estimator", "'binomial'"]),
        ({**GOOD, "sampling_fraction": 0}, ["sampling_fraction", "(0, 1]"]),
        ({**GOOD, "significance": 1.5}, ["significance", "[0, 1]"]),
        ({**GOOD, "attribute": "disease"}, ["unknown parameter", "attribute"]),
    ],
)
def test_bad_parameters_exit_2_naming_the_key(
    folder: Path,
    params: dict[str, Any],
    needles: list[str],
) -> None:
    fails(folder, anonymize_config([{"k-map": params}]), "criteria[0]", *needles)
