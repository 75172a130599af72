"""The same ``check`` and ``anonymize`` on DuckDB and on PostgreSQL, side by side in one run
(issue 16, target 7).

A PostgreSQL server is started for the run as the tests start theirs (``tests/pgserver.py``:
``initdb`` in a temporary folder, loopback port; Debian's ``postgresql`` package). Tables:

* Adult (30,162 rows): the CSV for DuckDB; the same rows in a server table for PostgreSQL.
* ``--rows N`` generated census rows (``generate.py``, default 1,000,000): Parquet for DuckDB,
  a server table for PostgreSQL (loaded with COPY, not timed).

Criteria: k=5 + hierarchical t=0.15 on Adult's occupation; k=10 + hierarchical t=0.2 on the
census disease. ``check`` gates the table as it is (reading: DuckDB the file, PostgreSQL a copy
of the table into a temp table on the server; encoding; every criterion); ``anonymize``
searches (optimal, precision), publishes (DuckDB: a Parquet file; PostgreSQL: a table of the
server) and gates the release. Each run is a whole ``api`` call (engine opened and closed),
engines interleaved, medians of ``--repeat``; printed with the ratio PostgreSQL / DuckDB and
the number of statements PostgreSQL ran in the last run.

Run ``python benchmarks/bench_engines.py --repeat 3 --rows 100000`` (larger ``--rows`` take
much longer on PostgreSQL: see benchmarks/README.md, issue 16).
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
from sqlanon.engines import postgres as pg_engine  # noqa: E402
from tests import pgserver  # noqa: E402


def _load(con: psycopg.Connection[Any], name: str, columns: list[tuple[str, str]], rows: Any) -> None:
    pgserver.load(con, "bench", name, columns, rows)


def adult(con: psycopg.Connection[Any]) -> dict[str, Any]:
    with ADULT_CSV.open(newline="") as f:
        reader = csv.reader(f, delimiter=";")
        header = next(reader)
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


def census(con: psycopg.Connection[Any], rows: int, folder: Path) -> dict[str, Any]:
    path = folder / f"census_{rows}.parquet"
    subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "generate.py"), "--rows", str(rows), "--out", str(path)],
        check=True,
    )
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


def timed(command: str, config: dict[str, Any], base: Path) -> tuple[float, Any]:
    start = time.perf_counter()
    report = api.check(config, base_dir=base) if command == "check" else api.anonymize(config, base_dir=base)
    return time.perf_counter() - start, report


def main() -> None:
    parser = base_parser(__doc__ or "", repeat=3)
    parser.add_argument("--rows", type=int, default=100_000, help="generated census rows (0: Adult only)")
    args = parser.parse_args()
    print(machine())
    server = pgserver.start()
    statements = {"n": 0}
    run = pg_engine.PostgresEngine._run

    def counting(self: Any, sql: Any, params: Any) -> Any:
        statements["n"] += 1
        return run(self, sql, params)

    pg_engine.PostgresEngine._run = counting  # type: ignore[method-assign]
    try:
        con = psycopg.connect(server.url, password=os.environ[server.password_env], autocommit=True)
        con.execute("CREATE SCHEMA bench")
        print(f"PostgreSQL: {con.execute('SHOW server_version').fetchone()[0]}")  # type: ignore[index]
        engine = {"kind": "postgres", "url": server.url, "password_env": server.password_env}
        with tempfile.TemporaryDirectory() as tmp:
            cases = [("Adult (30,162 rows), k=5 + hierarchical t=0.15", adult(con), "adult", ADULT_DIR)]
            if args.rows:
                title = f"census ({args.rows:,} rows), k=10 + hierarchical t=0.2"
                cases.append((title, census(con, args.rows, Path(tmp)), "census", Path(tmp)))
            out = []
            for title, config, name, base in cases:
                for command in ("check", "anonymize"):
                    duck = dict(config)
                    pg = dict(config, source={"table": f"bench.{name}"}, engine=engine)
                    pg.pop("csv", None)
                    if command == "anonymize":
                        duck.update(output=str(Path(tmp) / f"{name}_release.parquet"), overwrite=True)
                        pg.update(output={"table": f"bench.{name}_release"}, overwrite=True)
                    times: dict[str, list[float]] = {"duckdb": [], "postgres": []}
                    answers = set()
                    count = 0
                    for rep in range(args.repeat + 1):
                        order = [("duckdb", duck), ("postgres", pg)]
                        for kind, cfg in order if rep % 2 else order[::-1]:
                            statements["n"] = 0
                            seconds, report = timed(command, cfg, base)
                            answers.add(
                                (
                                    str(report.node),
                                    tuple((c["criterion"], c["passed"]) for c in report.checks),
                                )
                            )
                            if rep:
                                times[kind].append(seconds)
                            if kind == "postgres":
                                count = statements["n"]
                            print(
                                f"  rep {rep} {name} {command} {kind}: {seconds:.2f} s",
                                file=sys.stderr,
                                flush=True,
                            )
                    d, p = median(times["duckdb"]), median(times["postgres"])
                    same = "yes" if len(answers) == 1 else "NO"
                    out.append(
                        [title, command, f"{d:.2f} s", f"{p:.2f} s", f"{p / d:.2f}x", str(count), same]
                    )
        header = [
            "table, criteria",
            "command",
            "DuckDB",
            "PostgreSQL",
            "PostgreSQL / DuckDB",
            "statements",
            "same",
        ]
        print(table(header, out))
    finally:
        pg_engine.PostgresEngine._run = run  # type: ignore[method-assign]
        pgserver.stop(server)


if __name__ == "__main__":
    main()
