"""DataFrames in and out of the Python API (:mod:`sqlanon.frames`): a pandas or Polars
DataFrame, a PyArrow Table or RecordBatchReader, or any Arrow stream as ``source`` (and
``population``) gives the same node, verdicts and release rows as the same data written to a
Parquet file (the path every other test checks against references); the release comes back in
the caller's type with the documented column types; the caller's frame is left as it was."""

from __future__ import annotations

import csv
import datetime as dt
import importlib
import json
import os
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sqlanon import api
from sqlanon.errors import ConfigError
from tests.gate.test_risk import _population_case
from tests.support.cases import seeds
from tests.support.randomdata import random_case


def _need(module: str) -> Any:
    """The library, or a skip outside CI (SQLANON_CI set: a missing one fails)."""
    if os.environ.get("SQLANON_CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module)


#: the random tables' seeds (each one's runs on its Parquet file made once, :func:`cases`)
SEEDS = [0, 1, 2]


class Stream:
    """Any object with the Arrow PyCapsule stream interface, nothing else."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any:
        return self.table.__arrow_c_stream__(requested_schema)


def typed_case(seed: int, folder: Path) -> tuple[Any, dict[str, Any]]:
    """A random table (:func:`random_case`: string quasi-identifiers with hierarchies, a
    sensitive column) with typed insensitive columns holding NULLs: ``n`` int64, ``day`` a
    date, ``x`` float64, ``note`` a string; as a PyArrow table, and a configuration whose
    source is the same table written as Parquet."""
    pa = _need("pyarrow")
    import pyarrow.parquet as pq

    case = random_case(seed, folder, max_rows=60)
    rng = random.Random(seed)
    rows = case.rows
    columns: dict[str, list[Any]] = {c: [r[c] for r in rows] for c in [*case.qis, "sens"]}
    # a NULL quasi-identifier, which its hierarchy maps as one of its values (the leaf "")
    columns[case.qis[0]][rng.randrange(len(rows))] = None
    path = next(iter(case.hierarchies[case.qis[0]].values()))
    with (folder / "h_0.csv").open("a", newline="") as fh:
        csv.writer(fh, delimiter=";").writerow(["", *path[1:]])
    columns["n"] = [None if rng.random() < 0.2 else rng.randint(-(2**40), 2**40) for _ in rows]
    columns["day"] = [
        None if rng.random() < 0.2 else dt.date(2000, 1, 1) + dt.timedelta(rng.randint(0, 9000)) for _ in rows
    ]
    columns["x"] = [None if rng.random() < 0.2 else rng.random() * 100 for _ in rows]
    columns["note"] = [None if rng.random() < 0.2 else rng.choice(["a", "b", "é"]) for _ in rows]
    types = {"n": pa.int64(), "day": pa.date32(), "x": pa.float64()}
    table = pa.table({c: pa.array(v, type=types.get(c, pa.string())) for c, v in columns.items()})
    pq.write_table(table, folder / "data.parquet")
    config = case.config(
        [
            {"k-anonymity": {"k": rng.choice([2, 3])}},
            *([{"l-diversity": {"variant": "distinct", "l": 2, "attribute": "sens"}}] if seed % 2 else []),
        ],
        suppression_limit=rng.choice([0, 0.05]),
    )
    config["source"] = "data.parquet"
    config["output"] = "release.parquet"
    for c in ("n", "day", "x", "note"):
        config["columns"][c] = {"role": "insensitive"}
    return table, config


def as_frame(library: str, table: Any) -> Any:
    if library == "pandas":
        pd = _need("pandas")
        import pyarrow as pa

        # nullable integers (Int64) keep NULLs as NA; dates come as datetime.date objects
        return table.to_pandas(types_mapper={pa.int64(): pd.Int64Dtype()}.get)
    if library == "polars":
        pl = _need("polars")
        return pl.from_arrow(table)
    if library == "reader":
        return table.to_reader()
    if library == "stream":
        return Stream(table)
    return table


def snapshot(library: str, frame: Any) -> Any:
    """A deep copy of ``frame`` to compare with after the run."""
    if library == "pandas":
        return frame.copy(deep=True)
    if library == "polars":
        return frame.clone()
    return frame.table if library == "stream" else frame


def rows_of(release: Any) -> Counter[tuple[Any, ...]]:
    """The release's rows, values as Python values (NULL: None)."""
    module = type(release).__module__.split(".")[0]
    if module == "pandas":
        records = release.astype(object).where(release.notna(), None).to_dict("records")
    elif module == "polars":
        records = release.to_dicts()
    else:
        records = release.to_pylist()
    return Counter(tuple(r.items()) for r in records)


def reference(config: dict[str, Any], folder: Path) -> tuple[Any, Counter[tuple[Any, ...]]]:
    import pyarrow.parquet as pq

    report = api.anonymize(config, base_dir=folder)
    release = pq.read_table(folder / "release.parquet") if report.passed else None
    return report, rows_of(release) if release is not None else Counter()


def same_verdicts(got: Any, want: Any) -> None:
    assert (got.passed, got.node, got.rows_in, got.rows_out, got.suppressed_rows) == (
        want.passed, want.node, want.rows_in, want.rows_out, want.suppressed_rows
    )  # fmt: skip
    assert [(c["criterion"], c["passed"], c["violating_rows"]) for c in got.checks] == [
        (c["criterion"], c["passed"], c["violating_rows"]) for c in want.checks
    ]


def check_types(library: str, release: Any, qis: list[str]) -> None:
    """Generalized quasi-identifiers are strings (labels); the other columns keep their types."""
    if library == "pandas":
        pd = _need("pandas")
        assert release["n"].dtype == pd.Int64Dtype()
        assert release["x"].dtype == "float64"
        for c in [*qis, "sens", "note", "day"]:
            assert release[c].dtype == object
        assert all(
            v is None or isinstance(v, dt.date)
            for v in release["day"].astype(object).where(release["day"].notna(), None)
        )
        assert all(
            v is None or isinstance(v, str)
            for c in [*qis, "note"]
            for v in release[c].where(release[c].notna(), None)
        )
    elif library == "polars":
        pl = _need("polars")
        assert dict(release.schema) == {
            **{q: pl.String for q in qis}, "sens": pl.String, "n": pl.Int64, "day": pl.Date, "x": pl.Float64, "note": pl.String
        }  # fmt: skip
    else:
        import pyarrow as pa

        assert isinstance(release, pa.Table)
        want = {**{q: pa.string() for q in qis}, "sens": pa.string(), "n": pa.int64(), "day": pa.date32()}
        assert {f.name: f.type for f in release.schema if f.name in want} == want
        assert release.schema.field("x").type == pa.float64()


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Any]:
    """Per seed, made once for all libraries: the typed table, its configuration, the folder,
    and the runs on the Parquet file (the anonymize report, its release rows, the check report)."""
    made: dict[int, Any] = {}
    for seed in SEEDS:
        folder = tmp_path_factory.mktemp(f"frames{seed}")
        table, config = typed_case(seed, folder)
        report, rows = reference(config, folder)
        gate = {k: v for k, v in config.items() if k not in ("output", "suppression_limit")}
        made[seed] = (table, config, folder, report, rows, api.check(gate, base_dir=folder))
    return made


@pytest.mark.parametrize(
    ("library", "seed"),
    [(library, seed) for library in ("pandas", "polars", "arrow") for seed in SEEDS]
    + [(library, SEEDS[0]) for library in ("reader", "stream")],
)
def test_a_frame_gives_the_release_of_the_same_parquet_in_its_own_type(
    cases: dict[int, Any], library: str, seed: int
) -> None:
    table, config, folder, want, want_rows, want_check = cases[seed]
    frame = as_frame(library, table)
    before = snapshot(library, frame)
    without_output = {k: v for k, v in config.items() if k != "output"}
    written = folder / f"report-{library}.json"
    got = api.anonymize(without_output | {"source": frame}, base_dir=folder, report=written)
    same_verdicts(got, want)
    if want.passed:
        check_types(library, got.release, config_qis(config))
        assert rows_of(got.release) == want_rows
        assert got.output == f"returned as report.release (a {kind_name(library)})"
        # the report file says so too (not the temp table of sqlanon's own, closed, connection)
        assert json.loads(written.read_text())["output"] == got.output
        # the text says the release was returned, not written
        said = {line.split()[0] for line in got.text(width=200).splitlines() if got.output in line}
        assert said == {"returned"}
    else:
        assert got.release is None
    # the gate of the same frame gives the verdicts of the gate of the file
    frame = as_frame(library, table) if library == "reader" else frame
    gate = {k: v for k, v in without_output.items() if k != "suppression_limit"}
    checked = api.check(gate | {"source": frame}, base_dir=folder)
    same_verdicts(checked, want_check)
    # the page names the source by its type (not by its rows, nor as a temp view of the run)
    assert checked.source == f"a {kind_name(library)}"
    if library == "pandas":
        assert frame.equals(before) and list(frame.dtypes) == list(before.dtypes)
    elif library == "polars":
        assert frame.equals(before) and frame.schema == before.schema
    elif library != "reader":
        assert (frame.table if library == "stream" else frame).equals(table)


def kind_name(library: str) -> str:
    return {"pandas": "pandas DataFrame", "polars": "Polars DataFrame"}.get(library, "PyArrow Table")


def config_qis(config: dict[str, Any]) -> list[str]:
    return [
        c for c, spec in config["columns"].items() if isinstance(spec, dict) and spec.get("role") == "quasi"
    ]


def test_with_an_output_the_frames_release_is_written_there(tmp_path: Path, library: str = "pandas") -> None:
    table, config = typed_case(7, tmp_path)
    want, want_rows = reference(config, tmp_path)
    (tmp_path / "release.parquet").unlink(missing_ok=True)
    # the engine's DuckDB settings apply to the connection sqlanon opens for the frame
    engine = {"memory_limit": "1GB", "threads": 1, "temp_directory": "spill"}
    got = api.anonymize(config | {"source": as_frame(library, table), "engine": engine}, base_dir=tmp_path)
    same_verdicts(got, want)
    assert got.release is None
    if want.passed:
        import pyarrow.parquet as pq

        assert rows_of(pq.read_table(tmp_path / "release.parquet")) == want_rows


@pytest.mark.parametrize("seed", seeds(2))
def test_a_population_frame_gives_the_journalist_risk_of_the_file(tmp_path: Path, seed: int) -> None:
    import duckdb

    _need("pandas")
    config, _ = _population_case(tmp_path, seed)
    want = api.check(config, base_dir=tmp_path)
    con = duckdb.connect()
    source = con.read_csv(str(tmp_path / config["source"])).df()
    population = con.read_csv(str(tmp_path / config["population"])).df()
    got = api.check(config | {"source": source, "population": population}, base_dir=tmp_path)
    assert got.risk == want.risk and got.passed == want.passed


def test_a_frame_on_a_duckdb_connection_is_read_there(tmp_path: Path) -> None:
    import duckdb

    table, config = typed_case(5, tmp_path)
    want, want_rows = reference(config, tmp_path)
    con = duckdb.connect()
    without_output = {k: v for k, v in config.items() if k != "output"}
    got = api.anonymize(
        without_output | {"source": as_frame("pandas", table)}, base_dir=tmp_path, connection=con
    )
    same_verdicts(got, want)
    if want.passed:
        assert isinstance(got.release, duckdb.DuckDBPyRelation)
        assert rows_of(got.release.to_arrow_table()) == want_rows


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"engine": {"kind": "postgres", "url": "postgresql://localhost/db"}}, "engine is postgres"),
        ({"engine": {"kind": "spark"}}, "engine is spark"),
        ({"source": {"zip": ["1", "2"]}}, "dict or list of columns"),
        ({"source": [["1", "2"]]}, "dict or list of columns"),
    ],
)
def test_a_frame_where_it_cannot_run_is_a_config_error(
    tmp_path: Path, change: dict[str, Any], says: str
) -> None:
    table, config = typed_case(1, tmp_path)
    frame = as_frame("pandas", table)
    with pytest.raises(ConfigError, match=says):
        api.anonymize(config | {"source": frame} | change, base_dir=tmp_path)


def test_a_lazy_frame_or_another_connection_is_a_config_error(tmp_path: Path) -> None:
    pl = _need("polars")
    table, config = typed_case(1, tmp_path)
    with pytest.raises(ConfigError, match=r"LazyFrame.*collect\(\)"):
        api.anonymize(config | {"source": pl.from_arrow(table).lazy()}, base_dir=tmp_path)
    with pytest.raises(ConfigError, match="not a DuckDB connection"):
        api.anonymize(config | {"source": pl.from_arrow(table)}, base_dir=tmp_path, connection=object())
    with pytest.raises(ConfigError, match="compile"):
        api.compile_sql(config | {"source": pl.from_arrow(table)}, base_dir=tmp_path)


def test_apply_and_audit_take_a_frame_as_they_take_the_file(cases: dict[int, Any]) -> None:
    table, config, folder, want, want_rows, _ = cases[SEEDS[0]]
    assert want.passed  # the seed is chosen so: the node exists
    without_output = {k: v for k, v in config.items() if k != "output"}
    got = api.apply(without_output | {"source": as_frame("polars", table)}, node=want.node, base_dir=folder)
    assert got.passed and got.node == want.node and rows_of(got.release) == want_rows
    audited = api.audit(without_output | {"source": as_frame("arrow", table)}, base_dir=folder)
    # the metadata differs as it should: the time, and the configuration's hash (a frame source
    # is hashed by its type, the file by its path)
    unlike = {"costs": None, "metadata": None}
    assert audited.to_dict() | unlike == api.audit(without_output, base_dir=folder).to_dict() | unlike


#: run with PyArrow hidden (tests/report/test_html_extra.py's shim): a Polars frame read from the
#: Parquet file by Polars itself, anonymized, its release written by Polars; and an Arrow stream
#: of another library without an output, refused
_WITHOUT_PYARROW = """
import sys
from pathlib import Path
import polars as pl
from sqlanon import api
from sqlanon.errors import ConfigError
try:
    import pyarrow
    sys.exit("pyarrow is importable")
except ModuleNotFoundError:
    pass
folder = Path(sys.argv[1])
config = {k: v for k, v in __import__("json").loads(sys.argv[2]).items() if k != "output"}
frame = pl.read_parquet(folder / "data.parquet")
report = api.anonymize(config | {"source": frame}, base_dir=folder)
assert isinstance(report.release, pl.DataFrame), type(report.release)
report.release.write_parquet(folder / "polars-release.parquet")
class Stream:
    def __arrow_c_stream__(self, requested_schema=None):
        return frame.__arrow_c_stream__(requested_schema)
try:
    api.anonymize(config | {"source": Stream()}, base_dir=folder)
    sys.exit("an Arrow stream without output ran")
except ConfigError as err:
    print(err)
"""


def test_polars_needs_no_pyarrow(cases: dict[int, Any], tmp_path: Path) -> None:
    """Without PyArrow installed, a Polars frame goes in and comes back through the Arrow
    PyCapsule interface: the release holds the rows of the Parquet file's run, as a Polars frame;
    another library's Arrow stream, whose release would be a PyArrow Table, is refused without an
    output before any work, saying what to install."""
    import json
    import subprocess
    import sys

    pl = _need("polars")
    _table, config, folder, want, want_rows, _ = cases[SEEDS[0]]
    assert want.passed
    shim = tmp_path / "shim"
    (shim / "pyarrow").mkdir(parents=True)
    (shim / "pyarrow" / "__init__.py").write_text(
        "raise ModuleNotFoundError(\"No module named 'pyarrow'\", name='pyarrow')\n"
    )
    repo = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_PYARROW, str(folder), json.dumps(config)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(shim), str(repo)])},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "pip install pyarrow" in done.stdout and "output" in done.stdout
    assert rows_of(pl.read_parquet(folder / "polars-release.parquet")) == want_rows
