"""The same ``check`` and ``anonymize`` on DuckDB, PostgreSQL and Spark (local mode), side by
side in one run (issue 16, target 7).

A PostgreSQL server is started for the run as the tests start theirs (``tests/support/pgserver.py``:
``initdb`` in a temporary folder, loopback port; Debian's ``postgresql`` package); Spark runs
in local mode on every core (``--spark-master``), its warehouse in a temporary folder; sqlanon's
runs use that session. ``--engines`` picks the engines (DuckDB always runs: the ratios are to
it). Tables:

* Adult (30,162 rows): the CSV for DuckDB; the same rows in a server table for PostgreSQL and
  a Spark table (Parquet in the warehouse).
* ``--rows N`` generated census rows (``generate.py``): Parquet for DuckDB, a server table for
  PostgreSQL (loaded with COPY, not timed), a Spark table (not timed).

Criteria: k=5 + hierarchical t=0.15 on Adult's occupation; k=10 + hierarchical t=0.2 on the
census disease. ``check`` gates the table as it is (reading: DuckDB the file, PostgreSQL a copy
of the table into a temp table on the server; encoding; every criterion); ``anonymize``
searches (optimal, precision), publishes (DuckDB: a Parquet file; PostgreSQL: a table of the
server) and gates the release. Each run is a whole ``api`` call (engine opened and closed),
engines interleaved, medians of ``--repeat``; printed with each engine's ratio to DuckDB and
the statements it ran in the last run (the report's ``costs``), then those per stage.

Run ``python benchmarks/bench_engines.py --repeat 3 --rows 100000`` (larger ``--rows`` take
much longer on PostgreSQL and Spark: see benchmarks/README.md, issues 16 and 35), or
``--engines spark --rows 10000000 --repeat 1 --no-adult`` for Spark alone on a large table;
The servers' runs search in the engine (``search_in: engine``); ``--local`` adds ``anonymize``
with ``search_in: local`` on each engine beside DuckDB
(``--local-only``: only that), ``--commands anonymize`` skips ``check``.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_census import config as census_config
from common import ADULT_CSV, ADULT_DIR, QUASI, SENSITIVE, base_parser, hierarchy_path, machine, median, table

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import psycopg  # noqa: E402

from sqlanon import api  # noqa: E402
from tests.support import pgserver  # noqa: E402


def _load(con: psycopg.Connection[Any], name: str, columns: list[tuple[str, str]], rows: Any) -> None:
    pgserver.load(con, "bench", name, columns, rows)


def adult(con: psycopg.Connection[Any] | None) -> dict[str, Any]:
    """Adult's configuration (the rows loaded into PostgreSQL when ``con`` is given)."""
    with ADULT_CSV.open(newline="") as f:
        reader = csv.reader(f, delimiter=";")
        header = next(reader)
        if con is not None:
            _load(con, "adult", [(c, "text") for c in header], ([v or None for v in r] for r in reader))
    columns: dict[str, Any] = {c: {"role": "quasi", "hierarchy": str(hierarchy_path(c))} for c in QUASI}
    columns[SENSITIVE] = {"role": "sensitive", "hierarchy": str(hierarchy_path(SENSITIVE))}
    for c in header:
        columns.setdefault(c, {"role": "insensitive"})
    return {
        "source": str(ADULT_CSV),
        "csv": {"delimiter": ";"},
        "columns": columns,
        "criteria": [
            {"k-anonymity": {"k": 5}},
            {"t-closeness": {"t": 0.15, "distance": "hierarchical", "attribute": SENSITIVE}},
        ],
    }


def census(con: psycopg.Connection[Any] | None, rows: int, folder: Path) -> dict[str, Any]:
    """The generated table's configuration, its Parquet file written (and the rows loaded into
    PostgreSQL when ``con`` is given)."""
    path = folder / f"census_{rows}.parquet"
    subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "generate.py"), "--rows", str(rows), "--out", str(path)],
        check=True,
    )
    if con is not None:
        import duckdb

        data = duckdb.connect()
        described = data.execute(f"DESCRIBE SELECT * FROM read_parquet('{path}')").fetchall()
        types = {"BIGINT": "bigint", "INTEGER": "integer", "VARCHAR": "text", "DOUBLE": "double precision"}
        columns = [(name, types.get(typ, "text")) for name, typ, *_ in described]
        result = data.execute(f"SELECT * FROM read_parquet('{path}')")
        _load(con, "census", columns, iter(lambda: result.fetchone(), None))
        data.close()
    raw = census_config(path, path.with_suffix(".out.parquet"), "optimal", "")
    raw.pop("output"), raw.pop("overwrite"), raw.pop("search"), raw.pop("engine")
    return raw


def spark_session(master: str, folder: Path) -> Any:
    from sqlanon.engines.spark.engine import session

    conf = [
        ("spark.sql.warehouse.dir", str(folder / "warehouse")),
        ("spark.local.dir", str(folder / "spark-local")),
        ("spark.driver.memory", "8g"),
    ]
    built, _ = session(master, conf)
    built.sql("CREATE DATABASE IF NOT EXISTS bench")
    return built


def spark_adult(spark: Any) -> None:
    frame = spark.read.csv(str(ADULT_CSV), sep=";", header=True, inferSchema=False)
    frame.write.mode("overwrite").saveAsTable("bench.adult")


def spark_census(spark: Any, folder: Path, rows: int) -> None:
    spark.read.parquet(str(folder / f"census_{rows}.parquet")).write.mode("overwrite").saveAsTable(
        "bench.census"
    )


def timed(command: str, config: dict[str, Any], base: Path) -> tuple[float, Any]:
    start = time.perf_counter()
    report = api.check(config, base_dir=base) if command == "check" else api.anonymize(config, base_dir=base)
    return time.perf_counter() - start, report


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=3)
    parser.add_argument("--rows", type=int, default=100_000, help="generated census rows (0: Adult only)")
    parser.add_argument("--engines", default="postgres,spark", help="engines beside DuckDB (postgres, spark)")
    parser.add_argument("--spark-master", default="local[*]")
    parser.add_argument("--no-adult", action="store_true", help="the generated table only")
    parser.add_argument(
        "--local",
        action="store_true",
        help="anonymize also with search_in: local on each engine beside DuckDB",
    )
    parser.add_argument(
        "--local-only", action="store_true", help="anonymize only with search_in: local beside DuckDB"
    )
    parser.add_argument("--commands", default="check,anonymize", help="which commands to time")
    args = parser.parse_args()
    others = [e for e in args.engines.split(",") if e]
    print(machine())
    server = None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        try:
            engines: dict[str, dict[str, Any]] = {}
            con = None
            spark = None
            if "postgres" in others:
                server = pgserver.start()
                con = psycopg.connect(server.url, password=os.environ[server.password_env], autocommit=True)
                con.execute("CREATE SCHEMA bench")
                print(f"PostgreSQL: {con.execute('SHOW server_version').fetchone()[0]}")  # type: ignore[index]
                engines["postgres"] = {
                    "kind": "postgres",
                    "url": server.url,
                    "password_env": server.password_env,
                }
            if "spark" in others:
                spark = spark_session(args.spark_master, folder)
                print(f"Spark: {spark.version}, master {spark.sparkContext.master}")
                engines["spark"] = {"kind": "spark"}
            cases = []
            if not args.no_adult:
                config = adult(con)
                if spark is not None:
                    spark_adult(spark)
                cases.append(("Adult (30,162 rows), k=5 + hierarchical t=0.15", config, "adult", ADULT_DIR))
            if args.rows:
                title = f"census ({args.rows:,} rows), k=10 + hierarchical t=0.2"
                config = census(con, args.rows, folder)
                if spark is not None:
                    spark_census(spark, folder, args.rows)
                cases.append((title, config, "census", folder))
            out = []
            by_stage: list[list[str]] = []
            variants = [
                *(kind for kind in engines if not args.local_only or "check" in args.commands),
                *(f"{kind} local" for kind in engines if args.local or args.local_only),
            ]
            for title, config, name, base in cases:
                for command in args.commands.split(","):
                    runs = {"duckdb": dict(config)}
                    for kind, engine in engines.items():
                        # the search in the engine (search_in: auto would search Adult locally)
                        runs[kind] = dict(
                            config, source={"table": f"bench.{name}"}, engine=engine, search_in="engine"
                        )
                        runs[kind].pop("csv", None)
                    if command == "anonymize":
                        runs["duckdb"].update(output=str(folder / f"{name}_release.parquet"), overwrite=True)
                        for kind in engines:
                            runs[kind].update(output={"table": f"bench.{name}_release"}, overwrite=True)
                            if args.local or args.local_only:
                                runs[f"{kind} local"] = dict(runs[kind], search_in="local")
                            if args.local_only:
                                del runs[kind]
                    times: dict[str, list[float]] = {kind: [] for kind in runs}
                    answers = set()
                    counts: dict[str, int] = {}
                    stages: dict[str, list[dict[str, Any]]] = {}
                    for rep in range(args.repeat + 1):
                        order = list(runs.items())
                        for kind, cfg in order if rep % 2 else order[::-1]:
                            seconds, report = timed(command, cfg, base)
                            answers.add(
                                (
                                    str(report.node),
                                    tuple((c["criterion"], c["passed"]) for c in report.checks),
                                )
                            )
                            if rep or args.repeat == 0:
                                times[kind].append(seconds)
                            counts[kind] = report.costs["statements"]
                            stages[kind] = report.costs["stages"]
                            print(
                                f"  rep {rep} {name} {command} {kind}: {seconds:.2f} s",
                                file=sys.stderr,
                                flush=True,
                            )
                    d = median(times["duckdb"])
                    row = [title, command, f"{d:.2f} s", str(counts["duckdb"])]
                    for kind in variants:
                        if kind not in times:
                            row += ["", "", ""]
                            continue
                        t = median(times[kind])
                        row += [f"{t:.2f} s", f"{t / d:.1f}x", str(counts[kind])]
                    out.append([*row, "yes" if len(answers) == 1 else "NO"])
                    for kind, spent in stages.items():
                        by_stage.append(
                            [title, command, kind]
                            + [
                                ", ".join(
                                    f"{s['stage']} {s['statements']} ({s['engine_seconds']:.2f} s)"
                                    for s in spent
                                )
                            ]
                        )
            header = ["table, criteria", "command", "DuckDB", "DuckDB statements"]
            for kind in variants:
                label = {"postgres": "PostgreSQL", "spark": "Spark"}[kind.split()[0]]
                label += " (search_in: local)" if kind.endswith(" local") else ""
                header += [label, f"{label} / DuckDB", f"{label} statements"]
            print(table([*header, "same"], out))
            print()
            print("Statements per stage in the last run (engine seconds), from the report's costs:")
            print(table(["table, criteria", "command", "engine", "stages"], by_stage))
        finally:
            if server is not None:
                pgserver.stop(server)


if __name__ == "__main__":
    main()
