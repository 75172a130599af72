"""sqlanon's checks vs pycanon (PyPI) on the same table (issue 5, target 4a).

The table: ``generate.py``'s census-like rows (default 1M), released as a generalized table
would be: age in 10-year bands, zip as its first two digits, sex and race as they are (some
thousands of equivalence classes: pycanon's cost grows with them). Sensitive attributes:
occupation (categorical: equal ground distance, and the l-diversity models) and hours-per-week
(numeric: ordered distance).

For each model, pycanon's function runs once on a pandas DataFrame already in memory (it is
slow; ``--pycanon-repeat`` for more), and sqlanon ``--repeat`` times two ways: the gate alone
on the table already loaded in the engine (like pycanon's DataFrame: ``run_gate``) and the
whole ``sqlanon.check`` (what the CLI runs: read the parquet file, validate the columns, gate).
Medians and ratios are printed, and for k and distinct l the one aggregate query a SQL check
of each needs over the rows (COUNT(*) / COUNT(DISTINCT occupation) per class), timed in DuckDB
on the table in memory: what a gate running that query cannot go below. Both tools' figures
must agree (k, l, entropy l, t) within 1e-9 relative (pycanon gives entropy l as the integer
part of exp(entropy), sqlanon exact).

Needs pycanon (``pip install pycanon``; not a dependency of sqlanon). Run
``python benchmarks/bench_peers.py --rows 1000000``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import duckdb
from common import machine

from sqlanon import api
from sqlanon.config import parse_config
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.gate import run_gate

TARGET = 50.0  # x faster than pycanon

QIS = ["age", "zip", "sex", "race"]
RELEASE = """
SELECT CAST(age // 10 * 10 AS VARCHAR) || '-' || CAST(age // 10 * 10 + 9 AS VARCHAR) AS age,
       substr(zip, 1, 2) || '***' AS zip, sex, race, occupation, "hours-per-week"
FROM read_parquet(?)
"""

#: name -> (sqlanon criterion, attribute, pycanon function name, extra pycanon arguments)
MODELS: dict[str, tuple[dict[str, Any], str]] = {
    "k-anonymity": ({"k-anonymity": {"k": 2}}, ""),
    "distinct l-diversity": (
        {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "occupation"}},
        "occupation",
    ),
    "entropy l-diversity": (
        {"l-diversity": {"variant": "entropy", "l": 2, "attribute": "occupation"}},
        "occupation",
    ),
    "t-closeness equal": (
        {"t-closeness": {"t": 0.5, "distance": "equal", "attribute": "occupation"}},
        "occupation",
    ),
    "t-closeness ordered": (
        {"t-closeness": {"t": 0.5, "distance": "ordered", "attribute": "hours-per-week"}},
        "hours-per-week",
    ),
}


def pycanon_value(name: str, df: Any, sens: str) -> float:
    from pycanon import anonymity

    if name == "k-anonymity":
        return float(anonymity.k_anonymity(df, QIS))
    if name == "distinct l-diversity":
        return float(anonymity.l_diversity(df, QIS, [sens]))
    if name == "entropy l-diversity":
        return float(anonymity.entropy_l_diversity(df, QIS, [sens]))
    return float(anonymity.t_closeness(df, QIS, [sens]))


def sqlanon_config(release: Path, criterion: dict[str, Any]) -> dict[str, Any]:
    columns: dict[str, Any] = {q: {"role": "quasi"} for q in QIS}
    columns["occupation"] = {"role": "sensitive"}
    columns["hours-per-week"] = {"role": "sensitive"}
    return {"source": str(release), "columns": columns, "criteria": [criterion]}


def sqlanon_value(report: Any) -> float:
    observed = report.checks[0]["observed"]
    return float(observed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=5, help="sqlanon repetitions (median)")
    parser.add_argument("--pycanon-repeat", type=int, default=1)
    parser.add_argument("--models", nargs="*", default=list(MODELS))
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "census.parquet"
        release = Path(tmp) / "release.parquet"
        import subprocess
        import sys

        subprocess.run(
            [
                sys.executable,
                str(Path(__file__).with_name("generate.py")),
                "--rows",
                str(args.rows),
                "--out",
                str(raw),
            ],
            check=True,
        )
        con = duckdb.connect()
        con.execute(f"COPY ({RELEASE.replace('?', repr(str(raw)))}) TO '{release}' (FORMAT parquet)")
        classes = con.execute(
            f"SELECT COUNT(*) FROM (SELECT DISTINCT {', '.join(QIS)} FROM '{release}')"
        ).fetchone()
        df = con.execute(f"SELECT * FROM '{release}'").df()
        # the one aggregate query a SQL check of k and of distinct l needs over
        # the rows, the table already in memory (as pycanon's DataFrame is)
        con.execute(f"CREATE TABLE r AS SELECT * FROM '{release}'")
        keys = ", ".join(QIS)
        floors: dict[str, float] = {}
        for name, value in (
            ("k-anonymity", "COUNT(*)"),
            ("distinct l-diversity", "COUNT(DISTINCT occupation)"),
        ):
            sql = f"SELECT MIN(c) FROM (SELECT {value} AS c FROM r GROUP BY {keys})"
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                con.execute(sql).fetchall()
                times.append(time.perf_counter() - start)
            floors[name] = statistics.median(times)
        con.close()
        print(f"{args.rows:,} rows, {classes[0]:,} equivalence classes on {', '.join(QIS)}")
        rows = []
        for name in args.models:
            criterion, sens = MODELS[name]
            config = sqlanon_config(release, criterion)
            ours = []
            report = None
            for _ in range(args.repeat):
                start = time.perf_counter()
                report = api.check(config)
                ours.append(time.perf_counter() - start)
            gate_only = []
            parsed = parse_config(config, Path(tmp), gate=True)
            engine = DuckDBEngine()
            table = read_table(engine, parsed.source, parsed.csv, what="table")
            for _ in range(args.repeat):
                start = time.perf_counter()
                gate = run_gate(engine, parsed, table, {})
                gate_only.append(time.perf_counter() - start)
            engine.close()
            assert gate.passed == report.passed
            theirs = []
            value = math.nan
            for _ in range(args.pycanon_repeat):
                start = time.perf_counter()
                value = pycanon_value(name, df, sens)
                theirs.append(time.perf_counter() - start)
            assert report is not None
            mine = sqlanon_value(report)
            if name == "entropy l-diversity":
                # pycanon reports int(e ** entropy): the integer part, which its rounding can put
                # one below an integer (e ** ln 2 = 1.999...); sqlanon reports exp(entropy)
                agree = value in (math.floor(mine * (1 + 1e-9)), math.floor(mine * (1 - 1e-9)))
            else:
                agree = math.isclose(mine, value, rel_tol=1e-9, abs_tol=1e-12)
            rows.append(
                (
                    name,
                    statistics.median(gate_only),
                    statistics.median(ours),
                    statistics.median(theirs),
                    mine,
                    value,
                    agree,
                )
            )
    print(
        f"sqlanon: medians of {args.repeat}; pycanon: median of {args.pycanon_repeat}; target >= {TARGET:g}x"
    )
    print(
        "| model | pycanon | sqlanon gate (in memory) | ratio | sqlanon check (file) | ratio | "
        "sqlanon value | pycanon value | agree |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, gate_s, check_s, theirs_s, mine, value, agree in rows:
        print(
            f"| {name} | {theirs_s:.2f} s | {gate_s * 1000:.0f} ms | {theirs_s / gate_s:,.0f}x "
            f"({'met' if theirs_s / gate_s >= TARGET else 'NOT met'}) | {check_s * 1000:.0f} ms | "
            f"{theirs_s / check_s:,.0f}x | {mine:.6g} | {value:.6g} | {'yes' if agree else 'NO'} |"
        )
    print(f"one aggregate query over the {args.rows:,} rows grouped by {', '.join(QIS)} in DuckDB:")
    for name, _, _, theirs_s, *_ in rows:
        if name in floors:
            print(
                f"  {name}: {floors[name] * 1000:.0f} ms (median of {args.repeat}); {TARGET:g}x "
                f"faster than pycanon means {theirs_s / TARGET * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()
