"""``sqlanon explore``: each setting's row equals a separate ``anonymize`` run of the configuration
with that setting (node, metrics, suppressed rows, people, risk, gate verdict), on random small
tables and random grids; the source is read and encoded once; nothing is written; the reuse of
verdicts across settings applies where the rule allows it and saves work.

The reference is sqlanon's own single run (``api.anonymize``), which the rest of the suite
compares with pure-Python references."""

from __future__ import annotations

import hashlib
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from sqlanon import api
from sqlanon.report.explore import ExploreReport, schema_text
from tests.support.cases import seeds
from tests.support.randomdata import people_config, random_case, random_people_case

#: what a setting's row shares with the report of anonymize run with that setting
SAME = ("node", "metric", "metrics", "suppressed_rows", "rows_out", "people", "risk", "passed")

VALIDATOR = Draft202012Validator(json.loads(schema_text()))


def snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
    }


def _set(config: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """``config`` (a mapping) with the --vary key ``key`` set to ``value``, as a user would
    write it in the configuration."""
    out = json.loads(json.dumps(config))
    if key == "suppression_limit":
        out["suppression_limit"] = value
    elif key == "k":
        for item in out["criteria"]:
            if "k-anonymity" in item:
                item["k-anonymity"]["k"] = value
    else:
        index, param = key[len("criteria[") :].split("].")
        item = out["criteria"][int(index)]
        next(iter(item.values()))[param] = value
    return out


def equals_independent_runs(
    config: dict[str, Any], vary: dict[str, list[Any]], folder: Path
) -> ExploreReport:
    """Explore ``config`` over ``vary``, then run anonymize once per setting: each row equals its
    run's report; nothing but the reports is written by explore."""
    before = snapshot(folder)
    found = api.explore(config, vary=vary, base_dir=folder, json=folder / "explore.json")
    written = snapshot(folder)
    assert set(written) - set(before) == {"explore.json"} and all(written[p] == h for p, h in before.items())
    document = json.loads((folder / "explore.json").read_text())
    assert not list(VALIDATOR.iter_errors(document))
    assert document["settings"] == json.loads(found.to_json())["settings"]
    assert len(found.rows) == math.prod(len(v) for v in vary.values())
    for i, row in enumerate(found.rows):
        setting = dict(config)
        for key, value in row["setting"].items():
            setting = _set(setting, key, value)
        setting["output"] = f"ref/out_{i}.csv"
        report = api.anonymize(setting, base_dir=folder)
        want = report.to_dict()
        if want["node"] is None:  # no release: nothing gated
            want.update(rows_out=None, suppressed_rows=None)
        for key in SAME:
            assert row[key] == want[key], (row["setting"], key, row[key], want[key])
        assert (row["node"] is None) == (report.node is None)
    return found


def _grid(rng: random.Random, rows: int, with_l: str | None) -> dict[str, list[Any]]:
    vary: dict[str, list[Any]] = {"k": sorted(rng.sample(range(1, min(rows, 9) + 1), rng.randint(2, 3)))}
    if rng.random() < 0.7:
        vary["suppression_limit"] = sorted(rng.sample([0, 0.04, 0.1, 0.3], rng.randint(1, 2)))
    if with_l is not None:
        vary["criteria[1].l"] = [1.3, 1.7, 2] if with_l == "entropy" else [1, 2]
    if with_l == "recursive" and rng.random() < 0.5:
        vary["criteria[1].c"] = [1.5, 3]
    keys = list(vary)
    rng.shuffle(keys)
    return {k: vary[k] for k in keys}


@pytest.mark.parametrize("seed", seeds(6))
def test_each_setting_equals_an_anonymize_run(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(seed, tmp_path, n_qis=rng.randint(2, 3), max_rows=60)
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": 2}}]
    # l-diversity's l (and the recursive variant's c) are reused across as k is
    with_l = rng.choice(["distinct", "entropy", "recursive"]) if seed % 2 == 1 else None
    if with_l == "recursive":
        criteria.append(
            {"l-diversity": {"variant": "recursive", "l": 2, "c": 2, "attribute": case.sensitive}}
        )
    elif with_l is not None:
        criteria.append({"l-diversity": {"variant": with_l, "l": 2, "attribute": case.sensitive}})
    if seed % 4 == 2:  # a criterion over the whole table's distribution: no reuse
        criteria.append({"t-closeness": {"t": 0.6, "attribute": case.sensitive}})
    config = case.config(criteria, search=["optimal", "incognito"][seed % 3 == 1])
    found = equals_independent_runs(config, _grid(rng, len(case.rows), with_l), tmp_path)
    assert found.reuse["applied"] == (seed % 4 != 2)


@pytest.mark.parametrize("seed", seeds(3))
def test_each_setting_equals_an_anonymize_run_over_people(seed: int, tmp_path: Path) -> None:
    case = random_people_case(seed, tmp_path, max_people=25)
    config = people_config(case, [{"k-anonymity": {"k": 2}}])
    found = equals_independent_runs(config, {"k": [1, 2, 4], "suppression_limit": [0, 0.2]}, tmp_path)
    assert found.unit == "people" and all(r["people"] is not None for r in found.rows if r["node"])


def test_verdicts_are_reused_across_l_as_across_k(tmp_path: Path) -> None:
    """Settings differing in l-diversity's l alone reuse each other's verdicts (a larger l only
    adds violating classes), and still equal independent runs."""
    case = random_case(13, tmp_path, n_qis=3, max_rows=80)
    config = case.config([{"l-diversity": {"variant": "entropy", "l": 2, "attribute": case.sensitive}}])
    found = equals_independent_runs(config, {"criteria[0].l": [1.2, 1.8, 2.5, 3]}, tmp_path)
    assert found.reuse["applied"] and found.reuse["reused_verdicts"] > 0


@pytest.mark.parametrize("seed", seeds(4, fast=1))
def test_k_map_with_a_population_is_reused_across_k(seed: int, tmp_path: Path) -> None:
    """k-map with the population table decides each class at a node by its persons of the
    population alone (the suppression of other classes does not change them): settings differing
    in k-anonymity's k and the suppression limit reuse each other's verdicts, and still equal
    independent runs."""
    from tests.criteria.test_population_models import with_population

    rng = random.Random(500 + seed)
    case = random_case(500 + seed, tmp_path, n_qis=rng.randint(2, 3), max_rows=60)
    with_population(case, rng, rng.randint(0, 2 * len(case.rows)))
    criteria = [{"k-anonymity": {"k": 2}}, {"k-map": {"k": rng.choice([3, 5, 8])}}]
    config = case.config(criteria, population="population.csv")
    found = equals_independent_runs(config, {"k": [1, 2, 4], "suppression_limit": [0, 0.1]}, tmp_path)
    assert found.reuse["applied"] and found.reuse["reused_verdicts"] > 0


def _stage(report: dict[str, Any], name: str) -> int:
    return sum(s["statements"] for s in report["costs"]["stages"] if s["stage"] == name)


def test_the_source_is_read_and_encoded_once_and_verdicts_are_reused(tmp_path: Path) -> None:
    """Explore's reading and encoding cost the statements of one anonymize run's, whatever the
    settings; the later settings reuse verdicts, and with reuse the engine checks fewer nodes
    than the searches ask about."""
    case = random_case(11, tmp_path, n_qis=3, max_rows=80)
    config = case.config([{"k-anonymity": {"k": 2}}])
    one = api.anonymize(dict(config, output="ref/out.csv"), base_dir=tmp_path).to_dict()
    found = api.explore(config, vary={"k": [2, 3, 5, 8], "suppression_limit": [0, 0.1]}, base_dir=tmp_path)
    data = found.to_dict()
    for stage in ("read", "encode"):
        assert _stage(data, stage) == _stage(one, stage) > 0, stage
    assert found.reuse == {
        "applied": True,
        "reused_verdicts": sum(r["search"]["reused_verdicts"] for r in found.rows),
    }
    assert found.reuse["reused_verdicts"] > 0
    assert found.rows[0]["search"]["reused_verdicts"] == 0  # the first setting has nothing to reuse
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize("seed", seeds(4, fast=1))
def test_the_settings_share_their_roll_up_tables(
    seed: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With node tables kept from the smallest table on (and a random bound on how many), each
    setting's search rolls up from the tables the searches before it made: every setting still
    equals its independent run, and the search stage costs fewer statements than when each
    setting's search keeps its own tables."""
    from sqlanon.search import evaluator, rollups

    rng = random.Random(900 + seed)
    monkeypatch.setattr(evaluator, "PROJECT_FROM_ROWS", 0)
    monkeypatch.setattr(evaluator, "MAX_CACHED", rng.choice([1, 3, 64]))
    case = random_case(900 + seed, tmp_path, n_qis=3, max_rows=80)
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": 2}}]
    if seed % 2:  # a sensitive column read: the tables keep it
        criteria.append({"l-diversity": {"variant": "distinct", "l": 2, "attribute": case.sensitive}})
    config = case.config(criteria, search=rng.choice(["optimal", "incognito"]))
    vary = {"k": [2, 3, 5], "suppression_limit": [0, 0.1]}
    shared = equals_independent_runs(config, vary, tmp_path).to_dict()

    def own(self: rollups.SharedRollups, engine: object, key: Any) -> rollups.RollupState:
        return rollups.RollupState()  # every search its own tables, as before they were shared

    monkeypatch.setattr(rollups.SharedRollups, "state", own)
    alone = api.explore(config, vary=vary, base_dir=tmp_path).to_dict()
    assert [r["node"] for r in alone["settings"]] == [r["node"] for r in shared["settings"]]
    assert _stage(shared, "search") < _stage(alone, "search")


def test_the_page_holds_the_table_and_the_chart(tmp_path: Path) -> None:
    pytest.importorskip("altair")
    case = random_case(5, tmp_path, n_qis=2, max_rows=40)
    config = case.config([{"k-anonymity": {"k": 2}}])
    found = api.explore(
        config, vary={"k": [2, 4], "suppression_limit": [0, 0.1]}, base_dir=tmp_path, html=tmp_path / "x.html"
    )
    page = (tmp_path / "x.html").read_text()
    assert "Settings explored" in page and "Loss and suppression per setting" in page
    assert "rows suppressed" in page and "highest risk" in page
    for r in found.rows:
        label = f"k={r['setting']['k']}, suppression_limit={r['setting']['suppression_limit']:g}"
        assert json.dumps(label) in page  # a bar of the chart, in its inline data
    assert '"vconcat"' in page and "Loss (precision)" in page
    values = {v for row in case.rows for v in row.values()}
    shown = [v for v in values if f">{v}<" in page]
    assert not shown, f"values of the data on the page: {shown}"


def test_explore_on_postgres_equals_duckdbs(compiled_pg: Any, postgres: Any, tmp_path: Path) -> None:
    """The same table in PostgreSQL: every setting's row as DuckDB's (the search, the gate, the
    risk), the reuse too."""
    from tests.support import pgserver

    case = random_case(7, tmp_path, n_qis=3, max_rows=60)
    columns = [*case.qis, case.sensitive]
    pgserver.load(
        compiled_pg,
        "compiled",
        "explore_case",
        [(c, "text") for c in columns],
        ([row[c] for c in columns] for row in case.rows),
    )
    criteria = [{"k-anonymity": {"k": 2}}, {"l-diversity": {"l": 2, "attribute": case.sensitive}}]
    config = case.config(criteria)
    del config["output"]  # explore needs none
    vary = {"k": [2, 4], "suppression_limit": [0, 0.1]}
    on_duckdb = api.explore(config, vary=vary, base_dir=tmp_path)
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = api.explore(
        dict(config, source={"table": "compiled.explore_case"}, engine=engine), vary=vary, base_dir=tmp_path
    )
    assert on_pg.to_dict()["engine"]["kind"] == "postgres"
    for pg, duck in zip(on_pg.rows, on_duckdb.rows, strict=True):
        assert pg == duck
    assert on_pg.reuse == on_duckdb.reuse and on_pg.reuse["reused_verdicts"] > 0
    # the search ran on this machine, on one copy of the encoded tables for all four settings:
    # the copy's statements are those of a single setting's explore
    single = api.explore(
        dict(config, source={"table": "compiled.explore_case"}, engine=engine),
        vary={"k": [2]},
        base_dir=tmp_path,
    )
    assert _stage(on_pg.to_dict(), "copy") == _stage(single.to_dict(), "copy") > 0


def test_explore_on_a_connection_leaves_it_as_it_was(tmp_path: Path) -> None:
    """On the caller's DuckDB connection, with a relation as the source: the rows of the run on
    the file, and no table, view or temp object left behind."""
    import duckdb

    case = random_case(3, tmp_path, n_qis=2, max_rows=40)
    config = case.config([{"k-anonymity": {"k": 2}}])
    del config["output"]
    vary = {"k": [2, 3], "suppression_limit": [0, 0.1]}
    on_file = api.explore(config, vary=vary, base_dir=tmp_path)
    con = duckdb.connect()
    seen = "SELECT count(*) FROM duckdb_tables() UNION ALL SELECT count(*) FROM duckdb_views() WHERE NOT internal"
    before = con.sql(seen).fetchall()
    relation = con.read_csv(str(tmp_path / "data.csv"), all_varchar=True)
    on_connection = api.explore(dict(config, source=relation), vary=vary, base_dir=tmp_path, connection=con)
    assert on_connection.rows == on_file.rows
    assert con.sql(seen).fetchall() == before
