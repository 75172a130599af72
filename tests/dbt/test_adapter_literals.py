"""What the dbt package writes into SQL from a test's arguments, on each adapter's real engine:
a name (``sqlanon_quote``: the quasi-identifiers, the sensitive columns, the failing rows'
columns) reads back as that name, and a value (``sqlanon_string``: the values a test's lists
name, a column's name in (n,t)-closeness's generalization) as that value, whatever it holds:
quotes, backquotes, backslashes, control characters, the NULL marker, SQL, and on Spark the
``${...}`` it would substitute (inside quotes and backquotes too). A name Spark cannot quote is
refused, as ``compile`` refuses it.

The macros are rendered by Jinja as dbt renders them (with dbt's ``modules`` and
``exceptions``), without a dbt process; each engine runs the SQL: DuckDB in this process, the
tests' PostgreSQL server (also with ``standard_conforming_strings`` off, where a backslash in
'...' escapes the next character), the tests' Spark session with variable substitution on, as
in dbt-spark's session.
"""

from __future__ import annotations

import os
import re
import types
from typing import Any

import duckdb
import jinja2
import pytest

from tools import dbt_package

#: values a test's lists may name
VALUES = [
    "flu",
    "it's",
    "a\\b",
    "\\'",
    "''",
    "x\\\\'y",
    "",
    "é ü",
    "%_",
    "a\nb",
    "tab\there",
    "cr\rlf",
    "\x1eNULL\x1e",
    "\x1e",
    "NULL",
    "'; DROP TABLE t; --",
    "\\'; DROP TABLE t; --",
    "${spark.app.name}",
    "${env:HOME}",
    "${system:user.name}",
    "$x",
    "{{ x }}",
    "\x7f",
    "\u2028",
    "\U0001f600",
]
#: column names a test may give
NAMES = [
    "plain",
    'a"b',
    "a`b",
    "``",
    "x y",
    "it's",
    "a\nb",
    "a\\b",
    "é",
    "select",
    '"; DROP TABLE t; --',
    "`; DROP TABLE t; --",
    "$x",
    "{x}",
    "$",
]
#: names Spark would read otherwise (substituted), which its quote macro refuses
UNQUOTABLE_ON_SPARK = ["${spark.app.name}", "a${x}b"]


class CompilerError(Exception):
    """dbt's ``exceptions.raise_compiler_error`` outside dbt."""


def _raise(message: str) -> None:
    raise CompilerError(message)


def _macros(adapter: str) -> Any:
    """The adapter's ``sqlanon_quote`` and ``sqlanon_string``, as Python callables."""
    env = jinja2.Environment()
    names = {}
    for piece in ("quote", "string"):
        text = (dbt_package.MACROS / "adapters" / adapter / f"{adapter}__sqlanon_{piece}.sql").read_text()
        context = {
            "modules": types.SimpleNamespace(re=re),
            "exceptions": types.SimpleNamespace(raise_compiler_error=_raise),
        }
        module = env.from_string(text, globals=context).module
        names[piece] = getattr(module, f"{adapter}__sqlanon_{piece}")
    return types.SimpleNamespace(
        quote=lambda n: str(names["quote"](n)), string=lambda v: str(names["string"](v))
    )


def _statements(adapter: str) -> tuple[str, str]:
    """One SELECT of every value (as columns v0, v1, ...) and one of every name (each as a
    column so named, holding its index)."""
    m = _macros(adapter)
    values = ", ".join(f"{m.string(v)} AS {m.quote(f'v{i}')}" for i, v in enumerate(VALUES))
    names = ", ".join(f"{i} AS {m.quote(n)}" for i, n in enumerate(NAMES))
    return f"SELECT {values}", f"SELECT {names}"


def test_on_duckdb_every_name_and_value_reads_back_as_itself() -> None:
    by_values, by_names = _statements("duckdb")
    with duckdb.connect() as con:
        assert list(con.execute(by_values).fetchone() or ()) == VALUES
        con.execute(by_names)
        assert [d[0] for d in con.description] == NAMES


def test_on_postgres_every_name_and_value_reads_back_as_itself(postgres: Any) -> None:
    import psycopg

    by_values, by_names = _statements("postgres")
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        for setting in ("on", "off"):
            # off: a backslash in '...' escapes the next character (PostgreSQL's default before
            # 9.1, still a setting a session or role may have)
            con.execute(f"SET standard_conforming_strings = {setting}")
            con.execute("SET escape_string_warning = off")
            assert list(con.execute(by_values).fetchone() or ()) == VALUES, setting
            cur = con.execute(by_names)
            assert [d.name for d in cur.description or ()] == NAMES, setting


def test_on_spark_every_name_and_value_reads_back_as_itself(spark: Any) -> None:
    # dbt-spark's session keeps Spark's default, substitution on (sqlanon's own sessions, the
    # tests' among them, turn it off)
    before = spark.conf.get("spark.sql.variable.substitute")
    spark.conf.set("spark.sql.variable.substitute", "true")
    try:
        by_values, by_names = _statements("spark")
        assert list(spark.sql(by_values).collect()[0]) == VALUES
        assert spark.sql(by_names).columns == NAMES
    finally:
        spark.conf.set("spark.sql.variable.substitute", before)


@pytest.mark.parametrize("name", UNQUOTABLE_ON_SPARK)
def test_a_name_spark_would_substitute_is_refused_naming_it(name: str) -> None:
    with pytest.raises(CompilerError, match=re.escape(f"the name {name} cannot be written into spark SQL")):
        _macros("spark").quote(name)
    for adapter in ("duckdb", "postgres"):  # quoted there as any name
        assert name in _macros(adapter).quote(name)
