"""``anonymize`` with ``differential_privacy:`` on generated tables: the release is k-anonymous
for the derived k (classes counted here from the published file), every published row is a row
of the sample (the sample recomputed in Python from the hash's pure form and the rows' byte
order), the same seed gives the same release and another seed another sample; the commands and
keys it does not define exit 2 naming the key; PostgreSQL draws the same sample and chooses the
same node as DuckDB."""

from __future__ import annotations

import csv
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import write_demo
from sqlanon.encode.dp_sample import kept

QIS = ("zip", "age", "sex")


def _config(tmp_path: Path, rows: int = 1500, **dp: Any) -> tuple[dict[str, Any], Path]:
    path, _ = write_demo(tmp_path, rows=rows)
    config = yaml.safe_load(path.read_text())
    for key in ("criteria", "suppression_limit", "search"):
        config.pop(key, None)
    config["columns"]["name"] = {"role": "insensitive"}  # to tell which rows were published
    config["differential_privacy"] = {"epsilon": 2.0, "delta": 1e-3, "steps": 20, "seed": 7, **dp}
    config["output"] = "out/dp.csv"
    return config, tmp_path


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


@pytest.mark.fast
def test_release_is_k_anonymous_from_the_sample_and_repeatable(tmp_path: Path) -> None:
    config, folder = _config(tmp_path)
    report = api.anonymize(config, base_dir=folder)
    info = report.search["differential_privacy"]
    assert report.passed and report.search["strategy"] == "safepub"
    k, beta, seed = info["k"], info["beta"], info["seed"]
    assert seed == 7 and info["source_rows"] == 1500 and info["steps_taken"] <= 20
    assert any("keep the report as private as the source" in w for w in report.warnings)
    assert any("'zip'" in w and "built from the sample's values" in w for w in report.warnings)
    published = _rows(folder / "out" / "dp.csv")
    sizes = Counter(tuple(r[q] for q in QIS) for r in published)
    assert published and min(sizes.values()) >= k
    # the sample: ordinals in byte order of the rows as text (the name, unique, comes first)
    source = _rows(folder / "people.csv")
    names = sorted(r["name"] for r in source)
    sample = {name for ordinal, name in enumerate(names, 1) if kept(ordinal, seed, beta)}
    assert info["rows_sampled"] == len(sample)
    assert {r["name"] for r in published} <= sample
    assert len(published) + report.suppressed_rows == len(sample)
    # the same seed: the same release; another seed: another sample
    first = (folder / "out" / "dp.csv").read_bytes()
    again = api.anonymize(dict(config, overwrite=True), base_dir=folder)
    assert (folder / "out" / "dp.csv").read_bytes() == first and again.node == report.node
    other = dict(config, overwrite=True, differential_privacy=dict(config["differential_privacy"], seed=8))
    moved = api.anonymize(other, base_dir=folder)
    info8 = moved.search["differential_privacy"]
    sample8 = {name for ordinal, name in enumerate(names, 1) if kept(ordinal, 8, beta)}
    assert sample8 != sample and info8["rows_sampled"] == len(sample8)
    # no seed: one drawn and reported
    unseeded = dict(config, overwrite=True, differential_privacy={"epsilon": 2.0, "delta": 1e-3, "steps": 5})
    assert isinstance(api.anonymize(unseeded, base_dir=folder).search["differential_privacy"]["seed"], int)


@pytest.mark.fast
@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"criteria": [{"k-anonymity": {"k": 5}}]}, "criteria"),
        ({"suppression_limit": 0.1}, "suppression_limit"),
        ({"search": "mondrian"}, "search"),
        ({"metric": "loss"}, "metric"),
        ({"risk": {"prosecutor_average": 0.1}}, "risk"),
        ({"local_recoding": True}, "local_recoding"),
        ({"differential_privacy": {"epsilon": -1, "delta": 1e-3}}, "differential_privacy.epsilon"),
        ({"differential_privacy": {"epsilon": 1, "delta": 1e-3, "budget": 1}}, "budget"),
    ],
)
def test_what_it_does_not_define_exits_2_naming_the_key(
    tmp_path: Path, change: dict[str, Any], needle: str
) -> None:
    config, folder = _config(tmp_path, rows=200)
    path = folder / "dp.yaml"
    path.write_text(yaml.safe_dump({**config, **change}))
    result = CliRunner().invoke(main, ["anonymize", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert needle in result.stderr
    assert not (folder / "out" / "dp.csv").exists()


@pytest.mark.fast
def test_apply_explore_audit_and_compile_with_a_node_are_refused(tmp_path: Path) -> None:
    config, folder = _config(tmp_path, rows=200)
    path = folder / "dp.yaml"
    path.write_text(yaml.safe_dump(config))
    done = CliRunner().invoke(main, ["anonymize", str(path)])
    assert done.exit_code == 0 and "differential privacy: k=" in done.stdout and "seed 7" in done.stdout
    for args in (
        ["apply", str(path), "--node", "zip=5,age=4,sex=1"],
        ["explore", str(path), "--vary", "k=5,10"],
        ["compile", str(path), "--node", "zip=5,age=4,sex=1"],
        ["audit", str(path)],
    ):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2 and "Traceback" not in result.output, (args, result.output)
        assert "differential_privacy" in result.stderr, (args, result.stderr)


def test_postgres_draws_the_same_sample_and_node_as_duckdb(tmp_path: Path, postgres: Any) -> None:
    import psycopg

    from tests.support import pgserver

    config, folder = _config(tmp_path, rows=800)
    people = _rows(folder / "people.csv")
    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    try:
        admin.execute("CREATE SCHEMA IF NOT EXISTS dpsample")
        columns = ["name", "zip", "age", "sex", "disease", "salary"]
        types = ["text", "text", "integer", "text", "text", "integer"]
        typed = list(zip(columns, types, strict=True))
        pgserver.load(
            admin,
            "dpsample",
            "people",
            typed,
            ([int(p[c]) if t == "integer" else p[c] for c, t in typed] for p in people),
        )
    finally:
        admin.close()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        config, source={"table": "dpsample.people"}, output={"table": "dpsample.release"}, engine=engine
    )
    at_pg = api.anonymize(on_pg, base_dir=folder)
    at_duckdb = api.anonymize(config, base_dir=folder)
    assert at_pg.passed and at_duckdb.passed
    pg_info, duck_info = at_pg.search["differential_privacy"], at_duckdb.search["differential_privacy"]
    assert pg_info["rows_sampled"] == duck_info["rows_sampled"]
    assert pg_info["visited"] == duck_info["visited"] and at_pg.node == at_duckdb.node
    assert at_pg.rows_out == at_duckdb.rows_out
