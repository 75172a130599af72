"""Shared fixtures: where the shared data lives (never copied into the project), one real
PostgreSQL server, one Spark session (local mode) and one Spark Connect server per test run."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support import config_contract, contract, pgserver, sparkconnect

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"

# A worker that ran the Spark Connect tests has gRPC loaded; gRPC's fork handlers then run in
# each child a test forks (subprocess.Popen with preexec_fn forks before it execs) and may print
# a line of their own on the child's stderr (seen: "Epoll1Poller ... epoll_wait error" in a
# SIGTERM test's one-line check). No test forks a gRPC channel into a child: off, before gRPC
# is first imported.
os.environ.setdefault("GRPC_ENABLE_FORK_SUPPORT", "false")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared data folder {SHARED} is not available")
    return SHARED


@pytest.fixture(scope="session")
def postgres() -> Iterator[pgserver.Server]:
    """One real PostgreSQL server for the whole test run (see tests/support/pgserver.py). In CI
    (``SQLANON_CI`` set) a server that cannot start fails the tests; elsewhere they are skipped
    with the reason."""
    try:
        server = pgserver.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as err:
        detail = getattr(err, "stderr", None) or str(err)
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"no PostgreSQL server for these tests: {detail}")
    try:
        yield server
    finally:
        pgserver.stop(server)


@pytest.fixture(scope="module")
def compiled_pg(postgres: pgserver.Server) -> Iterator[Any]:
    """A connection to the test server, with the schema ``compiled`` the compile tests load
    their tables into."""
    import psycopg

    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    con.execute("CREATE SCHEMA IF NOT EXISTS compiled")
    try:
        yield con
    finally:
        con.close()


def _spark_or_skip() -> None:
    """Skip the test when pyspark or Java is missing; in CI, fail it."""
    try:
        import pyspark  # noqa: F401
    except ImportError as err:
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"pyspark is not installed ({err}): pip install -e '.[spark]'")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        if os.environ.get("SQLANON_CI"):
            raise RuntimeError("Spark needs Java: no java on the PATH and no JAVA_HOME")
        pytest.skip("Spark needs Java (17 or later): none on the PATH and no JAVA_HOME")


@pytest.fixture
def spark_installed() -> None:
    """pyspark and Java, for a test that runs Spark programs of its own (processes): it starts
    no session in the test process, so it runs beside the tests that share :func:`spark`'s."""
    _spark_or_skip()


@pytest.fixture(scope="session")
def spark(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One Spark session in local mode for the whole test run, built as sqlanon builds its own
    (logging off), with its warehouse (the tables' files) in a temporary folder. sqlanon's runs
    in the tests borrow it (an engine uses the program's active session). In CI a session
    that cannot start fails the tests; elsewhere they are skipped with the reason."""
    _spark_or_skip()
    from sqlanon.engines.spark.engine import session

    folder = tmp_path_factory.mktemp("spark")
    conf = [
        ("spark.sql.warehouse.dir", str(folder / "warehouse")),
        ("spark.local.dir", str(folder / "local")),
        ("spark.sql.shuffle.partitions", "2"),
        # adaptive execution re-plans a query at each exchange: on the tests' tables of tens of
        # rows that is most of a statement's time (measured: about a third of the compile tests'
        # Spark statements); the results do not depend on it, and the sessions sqlanon builds
        # (the command-line tests, the Connect server's own) keep Spark's default
        ("spark.sql.adaptive.enabled", "false"),
        # a second catalog beside the session's, a V2 one (Spark's JDBC catalog over an in-memory
        # Derby database: both in pyspark's jars), for three-part names (test_spark_catalogs.py);
        # loaded when first named
        ("spark.sql.catalog.dby", "org.apache.spark.sql.execution.datasources.v2.jdbc.JDBCTableCatalog"),
        ("spark.sql.catalog.dby.url", "jdbc:derby:memory:sqlanon_tests;create=true"),
        ("spark.sql.catalog.dby.driver", "org.apache.derby.jdbc.EmbeddedDriver"),
        # Derby's log in the session's folder, not in the working directory
        ("spark.driver.extraJavaOptions", f"-Dderby.stream.error.file={folder / 'derby.log'}"),
        # the test run's Spark Connect server (fixture spark_connect), in this JVM
        *sparkconnect.plugin_conf(sparkconnect.free_port()),
    ]
    built, _ = session("local[2]", conf)
    try:
        yield built
    finally:
        built.stop()


@pytest.fixture(scope="session")
def spark_connect(spark: Any) -> Iterator[sparkconnect.Server]:
    """One Spark Connect server for the whole test run, the plugin of the shared session
    :func:`spark` (its JVM: tests/support/sparkconnect.py), and a client session to it. In CI a
    server that cannot be reached fails the tests; elsewhere they are skipped with the reason
    (no pyspark's connect extra)."""
    try:
        server = sparkconnect.connect(int(spark.conf.get(sparkconnect.PORT)))
    except Exception as err:
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"no Spark Connect server for these tests ({type(err).__name__}: {str(err)[:500]})")
    try:
        yield server
    finally:
        sparkconnect.stop(server)


#: the markers a test gets from what it needs (its fixtures, its folder): the suites a developer
#: leaves out while working; ``fast`` is every test with none of them and no ``slow`` mark
NEEDS = ("postgres", "spark", "dbt", "browser")


def _needs(item: pytest.Item) -> set[str]:
    fixtures = set(getattr(item, "fixturenames", ()))
    needs = {name for name in ("postgres", "spark", "browser") if name in fixtures}
    if "spark_installed" in fixtures or "spark_connect" in fixtures:
        needs.add("spark")
    module = getattr(item, "module", None)
    if module is not None and "spark" in module.__name__:  # runs its own Spark processes
        needs.add("spark")
    if "dbt_ready" in fixtures or item.nodeid.startswith("tests/dbt/"):
        needs.add("dbt")
    return needs | {m.name for m in item.iter_markers() if m.name in NEEDS}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups and -m selects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Markers: ``postgres``, ``spark``, ``browser`` for a test that uses the fixture of that
    name (directly or through another fixture), ``dbt`` for the dbt package's tests, and
    ``fast`` for every test with none of these and no ``slow`` mark: ``python -m pytest -m
    fast`` is the quick suite (docs/development.md).

    Under pytest-xdist (``-n 2 --dist loadgroup``, the README's test command) every test that
    runs Spark goes to one worker, so the run starts one Spark session (one JVM, which also
    serves Spark Connect: fixture spark_connect), not one per worker; the other tests are shared
    out one by one. The tests that open the HTML report in
    Chromium go to one worker too (one browser). A test takes one group: pytest-xdist names a
    test of several groups after all of them, a group of its own, so a module that groups its
    tests (pytestmark) must not hold a Spark test."""
    for item in items:
        needs = _needs(item)
        for name in sorted(needs):
            item.add_marker(name)
        if not needs and item.get_closest_marker("slow") is None:
            item.add_marker("fast")
        module = getattr(item, "module", None)
        fixtures = getattr(item, "fixturenames", ())
        if "spark" in needs and (
            "spark" in fixtures
            or "spark_connect" in fixtures
            or ("spark" in getattr(module, "__name__", "") and "spark_installed" not in fixtures)
        ):
            # the tests that share the tests' Spark session (a test that runs Spark programs of
            # its own, such as the spark-sql shell or sqlanon's command line, runs beside them:
            # fixture spark_installed)
            item.add_marker(pytest.mark.xdist_group("spark"))
        elif "browser" in needs:
            item.add_marker(pytest.mark.xdist_group("html"))
        groups = {m.args[0] if m.args else m.kwargs.get("name") for m in item.iter_markers("xdist_group")}
        if len(groups) > 1:
            raise pytest.UsageError(f"{item.nodeid} is in several xdist groups {sorted(groups)}: give it one")


def pytest_configure(config: pytest.Config) -> None:
    contract.watch()  # every report made in this process is validated (tests/support/contract.py)
    config_contract.watch()  # every configuration accepted too (tests/support/config_contract.py)


@pytest.fixture(autouse=True)
def _reports_validate(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every report the test makes, and every report file it leaves under its tmp_path, follows
    the report's JSON Schema (tests/support/contract.py); every configuration ``parse_config``
    accepts follows the configuration's (tests/support/config_contract.py)."""
    contract.found.clear()
    config_contract.found.clear()
    yield
    bad = list(contract.found)
    contract.found.clear()
    configs = list(dict.fromkeys(config_contract.found))
    config_contract.found.clear()
    if configs:
        pytest.fail(
            "configurations parse_config accepted that break sqlanon/config/config.schema.json:\n"
            + "\n".join(configs[:20]),
            pytrace=False,
        )
    tmp = request.node.funcargs.get("tmp_path") if hasattr(request.node, "funcargs") else None
    if isinstance(tmp, Path) and request.node.get_closest_marker("hand_made_reports") is None:
        bad += contract.files_problems(tmp)
    if bad:
        pytest.fail(
            "reports that break sqlanon/report/report.schema.json:\n" + "\n".join(bad[:20]), pytrace=False
        )
