"""What sqlanon reads and what it says (issue 14, items 3, 5, 6, 7, 12, 13, 14, 15).

Each test runs the command line as a user would (``CliRunner`` in-process) on a small project
in a temporary folder.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import duckdb
import pytest

from tests.cli.test_cli import (
    PEOPLE,
    base_config,
    make_project,
    ok,
    read_release,
    run,
    write_rows,
    write_yaml,
)
from tests.support.cases import seeds


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "p")


# --------------------------------------------------------------------------- item 3: glob characters


def decoy(path: Path) -> None:
    """A CSV with the project's header whose zip codes no hierarchy covers: reading it fails."""
    write_rows(path, [PEOPLE[0], ("x", "99999", "29", "Male", "flu")], ",")


GLOBS = {
    "x[1].csv": ["x1.csv"],
    "y*.csv": ["yz.csv", "y1.csv"],
    "q?.csv": ["qa.csv"],
    "a\\*.csv": ["a\\b.csv"],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GLOBS))
@pytest.mark.parametrize("command", ["anonymize", "check"])
def test_a_source_path_names_one_file_exactly(project: Path, name: str, command: str) -> None:
    shutil.copyfile(project / "people.csv", project / name)
    for other in GLOBS[name]:
        decoy(project / other)
    cfg = base_config(source=name, criteria=[{"k-anonymity": {"k": 1}}])
    result = run(command, str(write_yaml(project / "c.yaml", cfg)), "--report", str(project / "r.json"))
    ok(result, 1 if command == "check" else 0)  # the raw table still holds the identifier 'name'

    report = json.loads((project / "r.json").read_text(encoding="utf-8"))
    assert report["rows_in"] == len(PEOPLE) - 1
    if command == "anonymize":
        assert len(read_release(project / "out" / "release.csv")) == len(PEOPLE) - 1


@pytest.mark.slow
def test_a_parquet_source_and_an_output_folder_with_glob_characters(project: Path) -> None:
    con = duckdb.connect()
    con.execute(
        f"COPY (SELECT * FROM read_csv('{project / 'people.csv'}', all_varchar = true)) TO '{project / 'p1.parquet'}'"
    )
    con.execute(f"COPY (SELECT 'x' AS name) TO '{project / 'p2.parquet'}'")
    con.close()
    shutil.copyfile(project / "p1.parquet", project / "p[12].parquet")
    (project / "p1.parquet").unlink()
    shutil.copyfile(project / "p2.parquet", project / "p1.parquet")  # a decoy of another shape
    (project / "o1").mkdir()
    cfg = base_config(source="p[12].parquet", output="o[1]/release.csv", criteria=[{"k-anonymity": {"k": 1}}])
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert len(read_release(project / "o[1]" / "release.csv")) == len(PEOPLE) - 1
    assert list((project / "o1").iterdir()) == []


# --------------------------------------------------------------------------- item 5: release order


def people_rows(rows: int, seed: int) -> list[tuple[str, ...]]:
    import numpy as np

    rng = np.random.default_rng(seed)
    zips = rng.choice(["47677", "47602", "47678", "47905", "47909", "47906", "13053", "13068"], size=rows)
    ages = rng.integers(18, 90, size=rows)
    sexes = rng.choice(["Male", "Female"], size=rows)
    diseases = rng.choice(["flu", "gastritis", "bronchitis", "colitis", "pneumonia"], size=rows)
    return [
        (f"p{i}", str(z), str(a), str(s), str(d))
        for i, (z, a, s, d) in enumerate(zip(zips, ages, sexes, diseases, strict=True))
    ]


def order_config(**changes: Any) -> dict[str, Any]:
    cfg = base_config(
        columns={
            "name": {"role": "identifier"},
            "zip": {"role": "quasi", "hierarchy": {"type": "mask"}},
            "age": {"role": "quasi", "hierarchy": {"type": "intervals", "widths": [5, 10, 20]}},
            "sex": {"role": "quasi", "hierarchy": "h/sex.csv"},
            "disease": {"role": "sensitive"},
        },
        criteria=[{"k-anonymity": {"k": 5}}, {"l-diversity": {"l": 2}}],
        suppression_limit=0.01,
        overwrite=True,
    )
    cfg.update(changes)
    return cfg


@pytest.mark.slow
@pytest.mark.parametrize("output", ["release.csv", "release.parquet"])
def test_the_release_order_carries_nothing_from_the_source(project: Path, output: str) -> None:
    """The same rows in another order give the same bytes, sorted by every published column."""
    import random

    rows = people_rows(2000, 1)
    write_rows(project / "a.csv", [PEOPLE[0], *rows], ",")
    shuffled = rows[:]
    random.Random(2).shuffle(shuffled)
    write_rows(project / "b.csv", [PEOPLE[0], *shuffled], ",")
    for name in ("a", "b"):
        cfg = order_config(source=f"{name}.csv", output=f"out/{name}-{output}")
        ok(run("anonymize", str(write_yaml(project / f"{name}.yaml", cfg))))
    a, b = project / "out" / f"a-{output}", project / "out" / f"b-{output}"
    assert a.read_bytes() == b.read_bytes()
    released = read_release(a)
    assert len(released) > 1500 and released == sorted(released)


@pytest.mark.slow
@pytest.mark.parametrize("search", ["optimal", "mondrian"])
@pytest.mark.parametrize("output", ["release.csv", "release.parquet", "duckdb"])
def test_two_runs_write_the_same_bytes_at_scale(project: Path, search: str, output: str) -> None:
    """A few hundred thousand rows with DuckDB's default threads: the same release, byte for
    byte (a DuckDB release row for row), run after run."""
    write_rows(project / "big.csv", [PEOPLE[0], *people_rows(300_000, 3)], ",")
    out: Any = {"database": "out.duckdb", "table": "release"} if output == "duckdb" else f"out/{output}"
    changes: dict[str, Any] = {"source": "big.csv", "output": out, "search": search}
    if search == "mondrian":
        changes.update(suppression_limit=0.0, metric="gcp")
    config = write_yaml(project / "c.yaml", order_config(**changes))
    releases = []
    for _ in range(2):
        ok(run("anonymize", str(config)))
        if output == "duckdb":
            con = duckdb.connect(str(project / "out.duckdb"), read_only=True)
            releases.append(con.execute("SELECT * FROM release").fetchall())
            con.close()
        else:
            releases.append((project / "out" / output).read_bytes())
    assert releases[0] == releases[1]


# --------------------------------------------------------------------------- item 6: sensitive values


def disease_tree(*leaves: str) -> dict[str, Any]:
    return {"type": "tree", "tree": {"*": {"some": list(leaves)}}}


def test_a_sensitive_hierarchy_missing_values_counts_them_and_names_them_only_when_asked(
    project: Path,
) -> None:
    cfg = base_config(criteria=[{"t-closeness": {"t": 0.5, "distance": "hierarchical"}}])
    cfg["columns"]["disease"]["hierarchy"] = disease_tree("flu")
    config = write_yaml(project / "c.yaml", cfg)
    for command in ("anonymize", "check"):
        result = run(command, str(config))
        ok(result, 2)
        assert "'disease'" in result.stderr and "2 value(s) in 5 row(s)" in result.stderr
        assert "gastritis" not in result.stderr and "bronchitis" not in result.stderr
        named = run(command, str(config), "--report", str(project / "r.json"), "--show-violations", "5")
        ok(named, 2)
        assert "'gastritis' (3 rows)" in named.stderr and "'bronchitis' (2 rows)" in named.stderr
        assert not (project / "r.json").exists()


def test_a_sensitive_builder_hierarchy_does_not_name_the_values_it_cannot_place(project: Path) -> None:
    cfg = base_config(criteria=[{"t-closeness": {"t": 0.5, "distance": "hierarchical"}}])
    cfg["columns"]["disease"]["hierarchy"] = {"type": "intervals", "widths": [10]}
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    ok(result, 2)
    assert "values that are not numbers (3 value(s)" in result.stderr and "flu" not in result.stderr


def test_numeric_dissimilarity_does_not_name_the_values_that_are_not_numbers(project: Path) -> None:
    cfg = base_config(
        criteria=[{"dissimilarity": {"epsilon": 1, "delta": 0.5, "k": 2, "distance": "numeric"}}]
    )
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    ok(result, 2)
    assert "'disease'" in result.stderr and "3 value(s)" in result.stderr and "flu" not in result.stderr


def test_engine_messages_lose_the_values_they_quote() -> None:
    from sqlanon.redact import engine_text

    text = (
        "Conversion Error: Could not convert string 'stomach cancer' to DOUBLE\n"
        'Original Line: p1,47677,"stomach cancer"\nCatalog Error: Table with name "people" does not exist'
    )
    out = engine_text(text)
    assert "stomach" not in out and "'…'" in out and '"people"' in out and "47677" not in out


# --------------------------------------------------------------------------- item 7: --show-violations


def test_show_violations_goes_to_the_report_only(project: Path) -> None:
    cfg = base_config(criteria=[{"k-anonymity": {"k": 2}}])
    del cfg["output"]
    config = write_yaml(project / "g.yaml", cfg)
    alone = run("check", str(config), "--show-violations", "3")
    ok(alone, 2)
    assert "--report" in alone.stderr and alone.stdout == ""
    result = run("check", str(config), "--show-violations", "3", "--report", str(project / "r.json"))
    ok(result, 1)
    report = json.loads((project / "r.json").read_text(encoding="utf-8"))
    listed = report["checks"][0]["violations"]
    assert len(listed) == 3 and all(set(v["class"]) == {"zip", "age", "sex"} for v in listed)
    for v in listed:  # none of the listed classes' labels reach the terminal
        assert all(str(label) not in result.stdout for label in v["class"].values())
    assert "3 violating class(es) of 1 criterion(s) listed in the JSON report" in result.stdout


# --------------------------------------------------------------------------- item 15: NULL and coverage


def test_every_column_s_coverage_problems_come_in_one_message(project: Path) -> None:
    write_rows(project / "h" / "zip.csv", [("47677", "4767*", "476**", "*****")], ";")
    write_rows(project / "h" / "age.csv", [("29", "20-29", "*")], ";")
    result = run("anonymize", str(write_yaml(project / "c.yaml", base_config())))
    ok(result, 2)
    assert "2 columns cannot be encoded" in result.stderr
    assert "column 'zip'" in result.stderr and "column 'age'" in result.stderr
    assert "'47602'" in result.stderr and "'22'" in result.stderr  # quasi-identifier values may be named


def null_table(rows: int, seed: int) -> list[tuple[str, ...]]:
    import numpy as np

    rng = np.random.default_rng(seed)
    out = []
    for i in range(rows):
        zip_code = str(rng.choice(["47677", "47602", "47905"]))
        age = str(rng.choice(["22", "29", "43", "52"]))
        sex = str(rng.choice(["Male", "Female"]))
        disease = str(rng.choice(["flu", "gastritis", ""]))  # "" is an empty CSV field: NULL
        out.append((f"p{i}", zip_code, age, sex, disease))
    return out


def reference_classes(rows: list[tuple[str, ...]]) -> dict[tuple[str, ...], list[str | None]]:
    classes: dict[tuple[str, ...], list[str | None]] = {}
    for _, z, a, s, d in rows:
        classes.setdefault((z, a, s), []).append(d or None)
    return classes


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(6))
def test_check_treats_null_in_a_sensitive_column_as_a_value_of_its_own(project: Path, seed: int) -> None:
    """``check`` evaluates a NULL sensitive value as one more value (it used to refuse the
    table), equal to an independent count in Python on random tables."""
    import math

    rows = null_table(40, seed)
    write_rows(project / "t.csv", [PEOPLE[0], *rows], ",")
    write_rows(
        project / "h" / "age.csv", [(a, f"{a[0]}0-{a[0]}9", "*") for a in ("22", "29", "43", "52")], ";"
    )
    cfg = base_config(
        source="t.csv",
        criteria=[
            {"l-diversity": {"variant": "distinct", "l": 2}},
            {"l-diversity": {"variant": "entropy", "l": 1.5}},
            {"t-closeness": {"t": 0.3, "distance": "equal"}},
            {"t-closeness": {"t": 0.3, "distance": "hierarchical"}},
        ],
    )
    cfg["columns"]["name"] = {"role": "insensitive"}
    cfg["columns"]["disease"]["hierarchy"] = {
        "type": "tree",
        "tree": {"*": {"known": ["flu", "gastritis"], "unknown": [None]}},
    }
    del cfg["output"]
    result = run("check", str(write_yaml(project / "g.yaml", cfg)), "--report", str(project / "r.json"))
    assert result.exit_code in (0, 1), result.output  # evaluated, whatever the verdict
    report = json.loads((project / "r.json").read_text(encoding="utf-8"))
    classes = reference_classes(rows)
    distinct = min(len(set(v)) for v in classes.values())

    def entropy(values: list[str | None]) -> float:
        counts = [values.count(x) for x in set(values)]
        return -sum(c / len(values) * math.log(c / len(values)) for c in counts)

    total = [d for vs in classes.values() for d in vs]
    q = {x: total.count(x) / len(total) for x in set(total)}

    def equal(values: list[str | None]) -> float:
        return 0.5 * sum(abs(values.count(x) / len(values) - q[x]) for x in q)

    def hierarchical(values: list[str | None]) -> float:  # height 2: leaves and {known, unknown}
        p_known = sum(1 for v in values if v is not None) / len(values)
        q_known = sum(w for x, w in q.items() if x is not None)
        leaves = sum(max(values.count(x) / len(values) - q[x], 0.0) for x in q)
        groups = max(p_known - q_known, 0.0) + max((1 - p_known) - (1 - q_known), 0.0)
        return (leaves + groups) / 2

    checks = report["checks"]
    assert checks[0]["observed"] == distinct
    assert math.isclose(
        checks[1]["observed"], min(math.exp(entropy(v)) for v in classes.values()), abs_tol=1e-9
    )
    assert math.isclose(checks[2]["observed"], max(equal(v) for v in classes.values()), abs_tol=1e-9)
    assert math.isclose(checks[3]["observed"], max(hierarchical(v) for v in classes.values()), abs_tol=1e-9)


@pytest.mark.slow
def test_anonymize_keeps_null_sensitive_values_and_its_gate_agrees(project: Path) -> None:
    rows = null_table(60, 9)
    write_rows(project / "t.csv", [PEOPLE[0], *rows], ",")
    write_rows(
        project / "h" / "age.csv", [(a, f"{a[0]}0-{a[0]}9", "*") for a in ("22", "29", "43", "52")], ";"
    )
    cfg = base_config(source="t.csv", criteria=[{"k-anonymity": {"k": 3}}, {"l-diversity": {"l": 2}}])
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg)), "--report", str(project / "r.json")))
    released = read_release(project / "out" / "release.csv")
    assert sorted(r[3] or "" for r in released) == sorted(r[4] for r in rows)  # NULLs published as NULLs
    gate = {**cfg, "source": "out/release.csv"}
    ok(run("check", str(write_yaml(project / "g.yaml", gate))))


# --------------------------------------------------------------------------- item 13: messages


def test_out_of_memory_names_the_limit_and_what_to_do(tmp_path: Path) -> None:
    from tests.release.test_what_it_writes import big_project

    big_project(tmp_path / "p", 300_000)
    cfg = base_config(engine={"memory_limit": "4MB", "threads": 2})
    result = run("anonymize", str(write_yaml(tmp_path / "p" / "c.yaml", cfg)))
    ok(result, 2)
    assert "ran out of memory (memory_limit: 4MB" in result.stderr and "engine.memory_limit" in result.stderr
    assert "likely a bug" not in result.stderr and "as many fields" not in result.stderr
    assert not (tmp_path / "p" / "out").exists()


def test_a_full_spill_disk_and_a_lock_are_named() -> None:
    """Real DuckDB failures through the engine: a spill folder that cannot grow (DuckDB's limit
    on it stands in for a full disk) and a database another process holds."""
    import tempfile

    from sqlanon.engines.duckdb.engine import DuckDBEngine
    from sqlanon.errors import EngineError

    engine = DuckDBEngine(memory_limit="20MB", threads=1)
    try:
        engine.execute("SET max_temp_directory_size = '1MB'")
        with pytest.raises(EngineError) as caught:
            engine.execute(
                "CREATE TABLE t AS SELECT i, md5(CAST(i AS VARCHAR)) AS s FROM range(2000000) r(i)"
            )
            engine.fetchall("SELECT s, COUNT(*) FROM t GROUP BY s ORDER BY s LIMIT 1")
        assert caught.value.cause == "disk" and "no room to write" in str(caught.value)
        assert "engine.temp_directory" in str(caught.value)
    finally:
        engine.close()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "held.duckdb"
        with held(db):
            engine = DuckDBEngine()
            with pytest.raises(EngineError) as caught:
                engine.attach(str(db), read_only=False)
            engine.close()
        assert caught.value.cause == "lock" and "in use by another program" in str(caught.value)


@contextmanager
def held(db: Path) -> Iterator[None]:
    """The DuckDB database ``db`` (created if missing) held open by another process."""
    import subprocess
    import sys

    duckdb.connect(str(db)).close()
    code = f"import duckdb, time; c = duckdb.connect({str(db)!r}); print('x', flush=True); time.sleep(60)"
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "x"
        yield
    finally:
        holder.kill()
        holder.wait()


def test_an_output_database_in_use_is_named(project: Path) -> None:
    with held(project / "w.duckdb"):
        result = run(
            "anonymize",
            str(write_yaml(project / "c.yaml", base_config(output={"database": "w.duckdb", "table": "r"}))),
        )
    ok(result, 2)
    assert "lock" in result.stderr and "in use by another program" in result.stderr
    assert result.stderr.count("in use by another program") == 1  # one message, not one nested in another
    assert "likely a bug" not in result.stderr


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ('"' + "x" * 2_100_000 + ",1\n", ["never closes it", "csv: {quote"]),
        ("x" * 2_100_000 + ",1\n", ["more than DuckDB's limit of 2,000,000 bytes per line", "max_line_size"]),
    ],
    ids=["unclosed-quote", "long-line"],
)
def test_csv_lines_duckdb_cannot_read_are_named(project: Path, text: str, needles: list[str]) -> None:
    (project / "t.csv").write_text("a,b\n" + text, encoding="utf-8")
    cfg = base_config(
        source="t.csv", columns={"a": {"role": "quasi", "hierarchy": "h/sex.csv"}, "b": "insensitive"}
    )
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    ok(result, 2)
    assert "line 2" in result.stderr and all(n in result.stderr for n in needles)
    assert "as many fields as the header" not in result.stderr and "xxxxxxxxxx" not in result.stderr


#: a field of 50 MiB: longer than DuckDB's line-size limit and than its parallel reader's buffer
BIG_FIELD = 50 * 2**20


@pytest.fixture(scope="module")
def big_field_csv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A CSV source (written once) whose second row has a field of 50 MiB."""
    path = tmp_path_factory.mktemp("big") / "big.csv"
    with path.open("w", encoding="ascii") as fh:
        fh.write("sex,note\nMale,a\nFemale,")
        for _ in range(BIG_FIELD // 2**20):
            fh.write("y" * 2**20)
        fh.write("\nMale,b\nFemale,c\n")
    return path


@pytest.mark.slow
def test_a_50_mb_field_names_duckdb_s_line_limit_and_the_setting_that_raises_it(
    project: Path, big_field_csv: Path
) -> None:
    """DuckDB's parallel reader gives up on the line (a message that said nothing of its length);
    the message names the line, its size, DuckDB's limit and csv: max_line_size, and with the
    limit raised as it says the field is read and published whole."""
    cfg = base_config(
        source=str(big_field_csv),
        columns={"sex": {"role": "quasi", "hierarchy": "h/sex.csv"}, "note": "insensitive"},
        criteria=[{"k-anonymity": {"k": 1}}],
    )
    refused = ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), 2)
    size = len(f"Female,{'y' * BIG_FIELD}")
    for needle in (
        f"line 3 is {size:,} bytes long",
        "DuckDB's limit of 2,000,000 bytes per line",
        "max_line_size",
        "csv: {max_line_size: ...}",
    ):
        assert needle in refused.stderr, refused.stderr
    assert "fields" not in refused.stderr and "yyyyyyyyyy" not in refused.stderr
    assert "Parallel" not in refused.stderr and "likely a bug" not in refused.stderr
    assert not (project / "out").exists()
    needed = int(refused.stderr.split("raise the limit to at least ")[1].split()[0])
    assert size <= needed <= size + 16
    ok(run("anonymize", str(write_yaml(project / "c.yaml", dict(cfg, csv={"max_line_size": needed})))))
    con = duckdb.connect()
    try:
        long = con.execute(
            "SELECT length(note), note = repeat('y', ?) FROM read_csv(?, header = true, all_varchar = true, "
            "max_line_size = ?) WHERE length(note) > 1",
            [BIG_FIELD, str(project / "out" / "release.csv"), needed],
        ).fetchall()
    finally:
        con.close()
    assert long == [(BIG_FIELD, True)]


@pytest.mark.parametrize(
    ("csv", "needle"),
    [
        ({"quote": ","}, "quote and csv.delimiter are both ','"),
        ({"escape": ";", "delimiter": ";"}, "escape and csv.delimiter"),
        ({"max_line_size": 0}, "csv.max_line_size must be a whole number of bytes from 1"),
        ({"max_line_size": "50MB"}, "csv.max_line_size must be a whole number of bytes from 1"),
        ({"max_line_size": 2**62}, "csv.max_line_size must be a whole number of bytes from 1"),
    ],
)
def test_csv_options_that_cannot_work_are_refused(project: Path, csv: dict[str, str], needle: str) -> None:
    result = run("anonymize", str(write_yaml(project / "c.yaml", base_config(csv=csv))))
    ok(result, 2)
    assert needle in result.stderr


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"source": "peo\0ple.csv"}, "source"),
        ({"output": "out/rel\0ease.csv"}, "output"),
        ({"output": {"database": "o\0.duckdb", "table": "t"}}, "output.database"),
        ({"engine": {"temp_directory": "sp\0ill"}}, "engine.temp_directory"),
        ({"columns": {**base_config()["columns"], "sex": {"role": "quasi", "hierarchy": "h/s\0ex.csv"}}},
         "Column 'sex': hierarchy"),
    ],
)  # fmt: skip
def test_a_nul_character_in_a_path_is_named(project: Path, changes: dict[str, Any], key: str) -> None:
    """A path holding NUL was Python's ValueError, reported as an internal error."""
    result = ok(run("anonymize", str(write_yaml(project / "c.yaml", base_config(**changes)))), 2)
    assert f"{key}: the path holds a NUL character" in result.stderr
    assert "internal error" not in result.stderr and not (project / "out").exists()


def test_columns_differing_only_in_case_are_named(project: Path) -> None:
    write_rows(project / "t.csv", [("zip", "sex", "SEX"), ("47677", "Male", "x")], ",")
    cfg = base_config(
        source="t.csv",
        columns={
            "zip": {"role": "quasi", "hierarchy": "h/zip.csv"},
            "sex": "insensitive",
            "SEX": "insensitive",
        },
    )
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    ok(result, 2)
    assert "'sex' and 'SEX'" in result.stderr and "differ only in case" in result.stderr


def test_an_output_file_name_near_the_limit_is_written(project: Path) -> None:
    """Staging names no longer grow with the output's name: a valid name is a writable one."""
    name = "r" * 250 + ".csv"
    ok(run("anonymize", str(write_yaml(project / "c.yaml", base_config(output=f"out/{name}")))))
    assert [p.name for p in (project / "out").iterdir()] == [name]


def test_an_output_file_name_too_long_is_refused_before_any_work(project: Path) -> None:
    result = run(
        "anonymize", str(write_yaml(project / "c.yaml", base_config(output="out/" + "r" * 300 + ".csv")))
    )
    ok(result, 2)
    assert "longer than this file system allows" in result.stderr
    assert not (project / "out").exists()


# --------------------------------------------------------------------------- item 14: smaller ones


def test_the_release_is_written_with_the_output_s_escape_character(project: Path) -> None:
    """A source read with escape '\\' holding a quote in a value: the release (with the output's
    own escape) reads back as the same values."""
    (project / "t.csv").write_text(
        "name,zip,age,sex,disease\n"
        + "".join(f'p{i},{z},{a},{s},"say \\"{d}\\""\n' for i, (_, z, a, s, d) in enumerate(PEOPLE[1:])),
        encoding="utf-8",
    )
    cfg = base_config(
        source={"file": "t.csv", "csv": {"escape": "\\"}},
        output={"file": "out/release.csv", "csv": {"escape": "\\"}},
        criteria=[{"k-anonymity": {"k": 1}}],
    )
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    con = duckdb.connect()
    rows = con.execute(
        "SELECT disease FROM read_csv(?, escape = '\\', header = true, all_varchar = true)",
        [str(project / "out" / "release.csv")],
    ).fetchall()
    con.close()
    assert sorted(r[0] for r in rows) == sorted(f'say "{r[4]}"' for r in PEOPLE[1:])
    gate = {**cfg, "source": {"file": "out/release.csv", "csv": {"escape": "\\"}}}
    del gate["output"]
    ok(run("check", str(write_yaml(project / "g.yaml", gate))))


def test_a_yaml_alias_bomb_is_refused_quickly_with_a_short_message(project: Path) -> None:
    import time

    # nine levels of nine aliases: 387 million values once expanded, from a few hundred bytes
    bomb = "\n".join(
        ["source:", "  - &a [x, x, x, x, x, x, x, x, x]"]
        + [f"  - &{chr(98 + i)} [{', '.join([f'*{chr(97 + i)}'] * 9)}]" for i in range(8)]
    )
    (project / "bomb.yaml").write_text(bomb + "\n", encoding="utf-8")
    began = time.monotonic()
    result = run("anonymize", str(project / "bomb.yaml"))
    ok(result, 2)
    assert time.monotonic() - began < 10
    assert "alias" in result.stderr and len(result.stderr) < 600


def test_numbers_duckdb_would_not_cast_are_not_numbers(project: Path) -> None:
    """'٣' passed Python's float() and failed in SQL; now it is simply not a number."""
    rows = [(f"p{i}", z, a, s, d) for i, (_, z, a, s, d) in enumerate(PEOPLE[1:])]
    rows[0] = (*rows[0][:4], "٣")
    write_rows(project / "t.csv", [PEOPLE[0], *rows], ",")
    cfg = base_config(source="t.csv", criteria=[{"t-closeness": {"t": 0.5, "distance": "ordered"}}])
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    ok(result, 2)
    assert "not numbers" in result.stderr and "٣" not in result.stderr and "likely a bug" not in result.stderr


# --------------------------------------------------------------------------- item 12: counts


@pytest.mark.slow
@pytest.mark.parametrize("search", ["optimal", "incognito", "exhaustive"])
def test_the_report_counts_distinct_nodes_checked(project: Path, search: str) -> None:
    """With suppression, entropy l-diversity is checked in two parts (its monotone k part, then
    the whole) on some nodes: nodes_checked counts each node once and never exceeds the
    lattice; evaluations counts both parts."""
    import re

    rows = people_rows(400, 5)
    write_rows(project / "t.csv", [PEOPLE[0], *rows], ",")
    cfg = order_config(
        source="t.csv",
        criteria=[{"k-anonymity": {"k": 3}}, {"l-diversity": {"variant": "entropy", "l": 2}}],
        suppression_limit=0.05,
        search=search,
    )
    result = run(
        "anonymize",
        str(write_yaml(project / "c.yaml", cfg)),
        "--report",
        str(project / "r.json"),
        "--verbose",
    )
    ok(result)
    info = json.loads((project / "r.json").read_text(encoding="utf-8"))["search"]
    assert 0 < info["nodes_checked"] <= info["lattice_size"] <= info["evaluations"] + info["lattice_size"]
    assert info["evaluations"] >= info["nodes_checked"]
    if search == "exhaustive":
        assert info["nodes_checked"] == info["lattice_size"]
    else:
        assert info["evaluations"] > info["nodes_checked"]  # some nodes were checked in two parts
    shown = re.search(r"search +\w+, ([\d,]+) of ([\d,]+) lattice nodes checked", result.stdout)
    assert shown is not None
    done, size = (int(x.replace(",", "")) for x in shown.groups())
    assert done == info["nodes_checked"] <= size == info["lattice_size"]


@pytest.mark.slow
def test_ties_that_print_differently_are_broken_the_same_way_on_every_run(project: Path) -> None:
    """0.0 and -0.0, or 'flu' and 'FLU' under a case-insensitive collation, are equal to DuckDB:
    the release still comes out in the same byte order whatever the source's row order."""
    import random

    rows = [
        (
            f"p{i}",
            PEOPLE[1 + i % 10][1],
            PEOPLE[1 + i % 10][2],
            PEOPLE[1 + i % 10][3],
            ["flu", "FLU", "Flu"][i % 3],
            [0.0, -0.0][i % 2],
        )
        for i in range(60)
    ]
    digests = []
    for seed in (1, 2):
        random.Random(seed).shuffle(rows)
        db = project / f"s{seed}.duckdb"
        con = duckdb.connect(str(db))
        con.execute(
            "CREATE TABLE people (name VARCHAR, zip VARCHAR, age VARCHAR, sex VARCHAR, note VARCHAR COLLATE NOCASE, x DOUBLE)"
        )
        con.executemany("INSERT INTO people VALUES (?, ?, ?, ?, ?, ?)", rows)
        con.close()
        cfg = base_config(
            source={"database": f"s{seed}.duckdb", "table": "people"},
            output=f"out/r{seed}.csv",
            columns={
                "name": {"role": "identifier"},
                "zip": {"role": "quasi", "hierarchy": "h/zip.csv"},
                "age": {"role": "quasi", "hierarchy": "h/age.csv"},
                "sex": {"role": "quasi", "hierarchy": "h/sex.csv"},
                "note": "insensitive",
                "x": "insensitive",
            },
        )
        ok(run("anonymize", str(write_yaml(project / f"c{seed}.yaml", cfg))))
        digests.append((project / "out" / f"r{seed}.csv").read_bytes())
    assert digests[0] == digests[1]
    assert b"-0.0" in digests[0] and b"FLU" in digests[0]


def test_yaml_merge_keys_are_read(project: Path) -> None:
    text = (
        "source: people.csv\noutput: out/release.csv\n"
        "columns:\n  name: {role: identifier}\n"
        "  zip: &quasi {role: quasi, hierarchy: h/zip.csv}\n  age: {<<: *quasi, hierarchy: h/age.csv}\n"
        "  sex: {<<: *quasi, hierarchy: h/sex.csv}\n  disease: {role: sensitive}\n"
        "criteria: [{k-anonymity: {k: 2}}]\n"
    )
    (project / "m.yaml").write_text(text, encoding="utf-8")
    ok(run("anonymize", str(project / "m.yaml")))
    assert len(read_release(project / "out" / "release.csv")) == len(PEOPLE) - 1
