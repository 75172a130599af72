"""Republishing into PostgreSQL (``overwrite: true``): the release gets what the table it
replaces had (owner, table and column grants, comments, row-level security and its policies),
so its readers still read it; what cannot be carried is refused before any work. And the
privilege recipe of docs/engines.md, run as written: a user with exactly those privileges runs every
command."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml
from psycopg import sql

from sqlanon import api
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import EngineError, InputError
from tests.support import pgserver
from tests.support.pgserver import Server

COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]
TYPES = ["text", "text", "integer", "text", "text", "integer"]
#: where the privilege recipe is written (its PostgreSQL section)
ENGINES_DOC = Path(__file__).resolve().parents[2] / "docs" / "engines.md"
#: the roles these tests make (the server is the test run's own)
ROLES = ["rp_pipeline", "rp_owners", "rp_reader", "rp_colreader", "rp_other", "analyst"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("pgrepublish")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    base = yaml.safe_load(anonymize_yaml.read_text())
    base["criteria"] = [{"k-anonymity": {"k": 3}}]  # cheap: the tests are about what is kept
    return folder, base


@pytest.fixture(scope="module")
def admin(postgres: Server) -> Iterator[psycopg.Connection[Any]]:
    """The test server's superuser, with the roles and schemas of these tests made afresh."""
    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    _drop_all(con)
    con.execute("CREATE SCHEMA rpsrc")
    con.execute("CREATE SCHEMA rp")
    con.execute("CREATE ROLE rp_owners NOLOGIN")
    con.execute("CREATE ROLE rp_other NOLOGIN")
    for role in ("rp_pipeline", "rp_reader", "rp_colreader"):
        con.execute(
            sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(sql.Identifier(role), sql.Literal(role))
        )
    con.execute("GRANT rp_owners TO rp_pipeline")
    con.execute("GRANT USAGE ON SCHEMA rpsrc TO rp_pipeline")
    con.execute("GRANT USAGE, CREATE ON SCHEMA rp TO rp_owners")
    con.execute("GRANT USAGE ON SCHEMA rp TO rp_reader, rp_colreader")
    try:
        yield con
    finally:
        _drop_all(con)
        con.close()


def _drop_all(con: psycopg.Connection[Any]) -> None:
    con.execute("DROP SCHEMA IF EXISTS rp CASCADE")
    con.execute("DROP SCHEMA IF EXISTS rpsrc CASCADE")
    for role in ROLES:
        exists = con.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if exists:
            con.execute(sql.SQL("DROP OWNED BY {}").format(sql.Identifier(role)))
            con.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(role)))


def _as(postgres: Server, role: str, database: str = "postgres") -> dict[str, str]:
    """The engine settings of a run as ``role`` (its password in an environment variable)."""
    os.environ[f"SQLANON_TEST_{role.upper()}"] = role
    url = postgres.url.replace(f"{pgserver.USER}@", f"{role}@").rsplit("/", 1)[0] + f"/{database}"
    return {"kind": "postgres", "url": url, "password_env": f"SQLANON_TEST_{role.upper()}"}


def _connect(postgres: Server, role: str, database: str = "postgres") -> psycopg.Connection[Any]:
    settings = _as(postgres, role, database)
    return psycopg.connect(settings["url"], password=role, autocommit=True)


def _load(con: psycopg.Connection[Any], schema: str, table: str, seed: int) -> list[dict[str, Any]]:
    rows = generate_people(random.Random(seed).randint(80, 160), seed=seed)
    pgserver.load(
        con, schema, table, list(zip(COLUMNS, TYPES, strict=True)), ([r[c] for c in COLUMNS] for r in rows)
    )
    return rows


def _state(con: psycopg.Connection[Any], table: str) -> dict[str, Any]:
    """What the catalog says a table has beyond its rows (grantors included)."""
    oid = con.execute("SELECT %s::regclass::oid", (table,)).fetchone()[0]  # type: ignore[index]
    one = con.execute(
        "SELECT pg_get_userbyid(relowner), relacl::text[], obj_description(oid, 'pg_class'), relrowsecurity, "
        "relforcerowsecurity FROM pg_class WHERE oid = %s",
        (oid,),
    ).fetchone()
    columns = con.execute(
        "SELECT attname, attacl::text[], col_description(attrelid, attnum) FROM pg_attribute "
        "WHERE attrelid = %s AND attnum > 0 AND NOT attisdropped ORDER BY attname",
        (oid,),
    ).fetchall()
    policies = con.execute(
        "SELECT policyname, permissive, roles::text[], cmd, qual, with_check FROM pg_policies "
        "WHERE schemaname || '.' || tablename = %s ORDER BY policyname",
        (table,),
    ).fetchall()
    assert one is not None
    owner, acl, comment, rls, force = one
    return {
        "owner": owner,
        "acl": sorted(acl or []),
        "comment": comment,
        "rls": (rls, force),
        "columns": [(c, sorted(a or []), d) for c, a, d in columns],
        "policies": policies,
    }


def _oid(con: psycopg.Connection[Any], table: str) -> int | None:
    found = con.execute("SELECT to_regclass(%s)::oid", (table,)).fetchone()
    return None if found is None or found[0] is None else int(found[0])


def _rows(con: psycopg.Connection[Any], table: str) -> list[tuple[Any, ...]]:
    return con.execute(sql.SQL("SELECT * FROM {}").format(sql.Identifier(*table.split(".")))).fetchall()


def _leftovers(con: psycopg.Connection[Any]) -> list[str]:
    found = con.execute(
        "SELECT relname FROM pg_class WHERE relname LIKE '\\_\\_sqlanon%' AND relpersistence = 'p'"
    )
    return [r[0] for r in found.fetchall()]


def test_a_republish_keeps_grants_owner_comments_and_policies(
    demo: tuple[Path, dict[str, Any]], admin: psycopg.Connection[Any], postgres: Server
) -> None:
    """A table owned by a group role the pipeline's user belongs to, with a reader's grant (and
    its grant option), a column-level grant, comments and forced row-level security with two
    policies: a republish leaves every one of them as it was, and the readers read the new rows
    through them."""
    folder, base = demo
    _load(admin, "rpsrc", "people", 1)
    admin.execute("GRANT SELECT ON rpsrc.people TO rp_pipeline")
    config = dict(
        base,
        source={"table": "rpsrc.people"},
        output={"table": "rp.release"},
        engine=_as(postgres, "rp_pipeline"),
    )
    assert api.anonymize(config, base_dir=folder).passed
    for statement in (
        "ALTER TABLE rp.release OWNER TO rp_owners",
        "GRANT SELECT ON rp.release TO rp_reader WITH GRANT OPTION",
        "GRANT SELECT (zip, disease) ON rp.release TO rp_colreader",
        "GRANT UPDATE (salary) ON rp.release TO PUBLIC",
        "REVOKE TRUNCATE ON rp.release FROM rp_owners",
        """COMMENT ON TABLE rp.release IS 'the monthly release: it''s "quoted", 100% \\ sure'""",
        "COMMENT ON COLUMN rp.release.zip IS 'zip, generalized'",
        "ALTER TABLE rp.release ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE rp.release FORCE ROW LEVEL SECURITY",
        """CREATE POLICY "readers' rows" ON rp.release FOR SELECT TO rp_reader USING (salary >= 7000)""",
        "CREATE POLICY no_flu ON rp.release AS PERMISSIVE FOR SELECT TO rp_colreader "
        "USING (disease <> 'flu' AND disease LIKE '%')",
        "CREATE POLICY known ON rp.release AS RESTRICTIVE TO PUBLIC USING (zip IS NOT NULL) "
        "WITH CHECK (salary > 0)",
    ):
        admin.execute(statement)
    before = _state(admin, "rp.release")
    old_oid = _oid(admin, "rp.release")
    _load(admin, "rpsrc", "people", 2)  # next month's rows
    admin.execute("GRANT SELECT ON rpsrc.people TO rp_pipeline")
    report = api.anonymize(config, base_dir=folder)
    assert report.passed
    assert _oid(admin, "rp.release") != old_oid  # a new table...
    assert _state(admin, "rp.release") == before  # ...with all the old one had
    assert before["owner"] == "rp_owners" and before["comment"].startswith("the monthly release: it's")
    assert len(before["policies"]) == 3 and any(c[2] for c in before["columns"])
    assert _leftovers(admin) == []
    everything = admin.execute("SELECT salary, disease FROM rp.release").fetchall()  # a superuser: no RLS
    assert len(everything) == report.rows_out
    rich = sum(1 for salary, _ in everything if salary >= 7000)
    no_flu = sum(1 for _, disease in everything if disease != "flu")
    assert 0 < rich < len(everything) and 0 < no_flu < len(everything)
    with _connect(postgres, "rp_reader") as reader:
        assert reader.execute("SELECT count(*) FROM rp.release").fetchone() == (rich,)
    with _connect(postgres, "rp_colreader") as colreader:
        assert len(colreader.execute("SELECT zip, disease FROM rp.release").fetchall()) == no_flu
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            colreader.execute("SELECT salary FROM rp.release")


def test_what_cannot_be_carried_is_refused_before_any_work(
    demo: tuple[Path, dict[str, Any]], admin: psycopg.Connection[Any], postgres: Server
) -> None:
    """An owner the running user cannot give a table to, a table it may not replace, a policy
    reading a column the release drops: refused before the source is read, the table as it was."""
    folder, base = demo
    _load(admin, "rpsrc", "people", 3)
    admin.execute("GRANT SELECT ON rpsrc.people TO rp_pipeline")
    config = dict(
        base,
        source={"table": "rpsrc.people"},
        output={"table": "rp.kept"},
        engine=_as(postgres, "rp_pipeline"),
    )

    def refused(match: str) -> None:
        before, oid = _state(admin, "rp.kept"), _oid(admin, "rp.kept")
        stages: list[str] = []
        with pytest.raises(InputError, match=match):
            api.anonymize(config, base_dir=folder, stage=stages.append)
        assert "reading the source" not in stages, stages
        assert _oid(admin, "rp.kept") == oid and _state(admin, "rp.kept") == before
        assert _leftovers(admin) == []

    admin.execute("CREATE TABLE rp.kept AS SELECT * FROM rpsrc.people")  # name included
    admin.execute("ALTER TABLE rp.kept OWNER TO rp_other")
    refused(r"owned by 'rp_other'.*only the owner may replace a table.*GRANT \"rp_other\" TO \"rp_pipeline\"")
    admin.execute("ALTER TABLE rp.kept OWNER TO rp_owners")
    admin.execute("REVOKE CREATE ON SCHEMA rp FROM rp_owners")
    admin.execute("GRANT CREATE ON SCHEMA rp TO rp_pipeline")  # it could create, not hand over
    try:
        refused(r"'rp_owners' has no CREATE privilege on the table's schema")
    finally:
        admin.execute("GRANT CREATE ON SCHEMA rp TO rp_owners")
        admin.execute("REVOKE CREATE ON SCHEMA rp FROM rp_pipeline")
    admin.execute("ALTER TABLE rp.kept ENABLE ROW LEVEL SECURITY")
    admin.execute("CREATE POLICY mine ON rp.kept TO rp_reader USING (name = current_user)")
    refused(r"policy 'mine', which reads column\(s\) 'name' that the release does not have")


def test_a_policy_that_does_not_hold_on_the_release_fails_the_publish(
    demo: tuple[Path, dict[str, Any]], admin: psycopg.Connection[Any], postgres: Server
) -> None:
    """A policy comparing a generalized column with a number (its labels are text): the commit
    fails naming the policy, nothing is published and the table keeps its policy."""
    folder, base = demo
    _load(admin, "rpsrc", "people", 4)
    admin.execute("GRANT SELECT ON rpsrc.people TO rp_pipeline")
    admin.execute("CREATE TABLE rp.aged AS SELECT zip, age, sex, disease, salary FROM rpsrc.people")
    admin.execute("ALTER TABLE rp.aged OWNER TO rp_pipeline")
    admin.execute("ALTER TABLE rp.aged ENABLE ROW LEVEL SECURITY")
    admin.execute("CREATE POLICY adults ON rp.aged TO rp_reader USING (age >= 18)")
    before, oid = _state(admin, "rp.aged"), _oid(admin, "rp.aged")
    config = dict(
        base,
        source={"table": "rpsrc.people"},
        output={"table": "rp.aged"},
        engine=_as(postgres, "rp_pipeline"),
    )
    with pytest.raises(InputError, match=r"policy 'adults' of the output table rp\.aged cannot be recreated"):
        api.anonymize(config, base_dir=folder)
    assert _oid(admin, "rp.aged") == oid and _state(admin, "rp.aged") == before
    assert _leftovers(admin) == []


# -- the privilege recipe of docs/engines.md ------------------------------------------------


def documented_recipe() -> list[str]:
    """The GRANT statements of the PostgreSQL section of docs/engines.md, as written there."""
    text = ENGINES_DOC.read_text()
    section = text[text.index("\n## PostgreSQL\n") : text.index("\n## Spark\n")]
    blocks = re.findall(r"```sql\n(.*?)```", section, re.DOTALL)
    statements = [
        s.strip()
        for block in blocks
        for s in re.sub(r"--[^\n]*", "", block).split(";")
        if s.strip().upper().startswith("GRANT")
    ]
    assert statements, "no GRANT statements in the PostgreSQL section of docs/engines.md"
    return statements


@pytest.fixture
def warehouse(postgres: Server) -> Iterator[psycopg.Connection[Any]]:
    """The example database ``warehouse`` of docs/engines.md on the test server, with nothing granted to
    PUBLIC (neither the database's defaults nor the public schema's), the source
    ``staging.people``, the empty schema ``analytics`` and the login role ``analyst``."""
    password = os.environ[postgres.password_env]
    with psycopg.connect(postgres.url, password=password, autocommit=True) as con:
        con.execute("DROP DATABASE IF EXISTS warehouse WITH (FORCE)")
        con.execute("DROP ROLE IF EXISTS analyst")
        con.execute("CREATE DATABASE warehouse")
        con.execute("CREATE ROLE analyst LOGIN PASSWORD 'analyst'")
    url = postgres.url.rsplit("/", 1)[0] + "/warehouse"
    con = psycopg.connect(url, password=password, autocommit=True)
    try:
        con.execute("REVOKE ALL ON DATABASE warehouse FROM PUBLIC")
        con.execute("REVOKE ALL ON SCHEMA public FROM PUBLIC")
        con.execute("CREATE SCHEMA staging")
        con.execute("CREATE SCHEMA analytics")
        _load(con, "staging", "people", 5)
        yield con
    finally:
        con.close()
        with psycopg.connect(postgres.url, password=password, autocommit=True) as admin_con:
            admin_con.execute("DROP DATABASE IF EXISTS warehouse WITH (FORCE)")
            admin_con.execute("DROP ROLE IF EXISTS analyst")


def test_the_documented_privilege_recipe_runs_every_command(
    demo: tuple[Path, dict[str, Any]], warehouse: psycopg.Connection[Any], postgres: Server, tmp_path: Path
) -> None:
    """The GRANT statements of docs/engines.md, run as written, are all a user needs for check, anonymize
    (a new table, then replacing it), apply, audit and compile (with a node, a builder
    hierarchy reads the source's values); and each privilege is needed: without it a command
    fails, with a message that names what to ask for."""
    folder, base = demo
    recipe = documented_recipe()
    for statement in recipe:
        warehouse.execute(statement)
    engine = _as(postgres, "analyst", "warehouse")
    columns = dict(base["columns"], zip={"role": "quasi", "hierarchy": {"type": "mask"}})
    config = dict(
        base,
        columns=columns,
        source={"table": "staging.people"},
        output={"table": "analytics.people_release"},
        engine=engine,
    )
    first = tmp_path / "first.json"
    assert api.anonymize(config, base_dir=folder, report=first).passed
    assert api.anonymize(config, base_dir=folder).passed  # replaces its own table
    assert api.apply(config, from_report=first, base_dir=folder).passed
    assert api.check(config, base_dir=folder).rows_in == len(_rows(warehouse, "staging.people"))
    assert api.audit(config, base_dir=folder).nodes
    assert "SELECT" in api.compile_sql(config, base_dir=folder).text()
    # with a node, a builder's hierarchy (zip's mask) is built from the source's values: read
    assert "SELECT" in api.compile_sql(config, from_report=first, base_dir=folder).text()
    count = warehouse.execute("SELECT count(*) FROM analytics.people_release").fetchone()
    assert count is not None and count[0] > 0
    for statement in recipe:  # each privilege on its own: without it, a command fails
        grant = re.fullmatch(r"GRANT\s+(.+?)\s+ON\s+(.+)\s+TO\s+(\S+)", statement, re.DOTALL)
        assert grant is not None, statement
        for privilege in grant.group(1).split(","):
            privilege = privilege.strip()
            warehouse.execute(f"REVOKE {privilege} ON {grant.group(2)} FROM {grant.group(3)}")
            try:
                with pytest.raises((EngineError, InputError)) as err:
                    api.anonymize(config, base_dir=folder)
                assert privilege in str(err.value), (statement, str(err.value))
                if privilege == "SELECT":  # compile reads the source's values as this user
                    with pytest.raises(EngineError, match="SELECT on the source"):
                        api.compile_sql(config, from_report=first, base_dir=folder)
            finally:
                warehouse.execute(f"GRANT {privilege} ON {grant.group(2)} TO {grant.group(3)}")
    assert api.anonymize(config, base_dir=folder).passed  # granted back: as at the start
