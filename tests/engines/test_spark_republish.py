"""Republishing into Spark (``overwrite: true``): the release gets the replaced table's
properties, comment and column comments, written exactly as they were (quotes, backslashes,
line breaks, ``${...}``, non-ASCII), and not the properties Spark keeps for itself."""

from __future__ import annotations

import random
from typing import Any

from sqlglot import exp

from sqlanon.config import TableRef
from sqlanon.engines.spark.engine import SparkEngine
from sqlanon.release.publish import stage

#: what a user's property or comment may hold
ALPHABET = ["a", "Z", "0", " ", "'", '"', "\\", "\n", "\t", ";", "--", "${spark.app.name}", "${env:HOME}", "é", "☃",
            "`", "%", "="]  # fmt: skip


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12)))


def _attached(spark: Any, table: str) -> tuple[dict[str, str], str | None, dict[str, str | None]]:
    properties = {str(r[0]): str(r[1]) for r in spark.sql(f"SHOW TBLPROPERTIES {table}").collect()}
    columns = {c.name: c.description for c in spark.catalog.listColumns(table)}
    return properties, spark.catalog.getTable(table).description, columns


def _publish(engine: SparkEngine, rows: list[tuple[str, int]]) -> None:
    """A release of ``rows`` (zip, salary) staged, committed and made final as ``anonymize`` and
    ``apply`` publish theirs (the gate aside: each Spark statement costs about a second)."""
    values = exp.Values(
        expressions=[exp.tuple_(exp.Literal.string(z), exp.Literal.number(n)) for z, n in rows],
        alias=exp.TableAlias(
            this=exp.to_identifier("v"), columns=[exp.to_identifier("zip"), exp.to_identifier("salary")]
        ),
    )
    release = exp.select("zip", "salary").from_(values)
    staged = stage(engine, release, TableRef("table", None, "release", "rsp"))
    staged.commit(engine, overwrite=True)
    staged.finish(engine)


def test_a_republish_keeps_properties_and_comments(spark: Any) -> None:
    """Random properties and comments set on a published table (as a user sets them) are on the
    table that replaces it; the properties Spark keeps for itself are not read."""
    seed = random.randrange(1000)
    rng = random.Random(seed)
    spark.sql("CREATE DATABASE IF NOT EXISTS rsp")
    spark.sql("DROP TABLE IF EXISTS rsp.release")
    engine = SparkEngine()  # on the test run's session (a new session of it)
    try:
        _publish(engine, [("47***", 5000), ("02***", 7000)])
        properties = {f"team.{_text(rng)}": _text(rng) for _ in range(6)}
        comment, zip_comment = _text(rng), _text(rng)
        user = spark.newSession()  # as a user sets them, with substitution off to set them as they are
        user.conf.set("spark.sql.variable.substitute", "false")
        for key, value in properties.items():
            user.sql("ALTER TABLE rsp.release SET TBLPROPERTIES (:k = :v)", args={"k": key, "v": value})
        user.sql("COMMENT ON TABLE rsp.release IS :c", args={"c": comment})
        user.sql("ALTER TABLE rsp.release ALTER COLUMN zip COMMENT :c", args={"c": zip_comment})
        before = _attached(spark, "rsp.release")
        assert before == (properties, comment, {"zip": zip_comment, "salary": None}), seed
        _publish(engine, [("4****", 6000)])  # next month's release
        spark.catalog.refreshTable("rsp.release")
        assert [tuple(r) for r in spark.table("rsp.release").collect()] == [("4****", 6000)]
        assert _attached(spark, "rsp.release") == before, seed
        assert not [t for t in spark.catalog.listTables("rsp") if "__sqlanon" in t.name]
        # what is not read: a property Spark keeps for itself
        spark.sql("ALTER TABLE rsp.release SET TBLPROPERTIES ('numRows' = '1')")
        attached = engine.server.attached(engine.server.find("rsp", "release"))
        assert "numRows" not in attached.properties and attached.properties == properties, seed
    finally:
        engine.close()
