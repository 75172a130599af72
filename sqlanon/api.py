"""The Python API: the same verbs as the command line.

>>> import sqlanon
>>> report = sqlanon.anonymize("adult.yaml")      # doctest: +SKIP
>>> report.passed, report.node                    # doctest: +SKIP

A run stopped by Ctrl-C (SIGINT, with Python's default handler, in the main thread) raises
:class:`KeyboardInterrupt` (:class:`sqlanon.interrupt.Interrupted`) within seconds, even inside
a long engine statement, which is cancelled: what the run did is undone, nothing is published,
and a connection given with ``connection=`` is left usable, without the run's temp tables.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

from sqlanon import frames, interrupt, pipeline
from sqlanon.compile import Compiled
from sqlanon.config import Config, engine_settings, load_config, parse_config
from sqlanon.config.dp import refuse_command
from sqlanon.config.node import node_from_report, parse_node, same_hierarchies
from sqlanon.errors import ConfigError, InputError
from sqlanon.report.audit import AuditReport
from sqlanon.report.explore import ExploreReport
from sqlanon.report.files import ReportFiles
from sqlanon.report.html import require_packages
from sqlanon.report.model import Report

Verb = TypeVar("Verb", bound=Callable[..., Any])
#: what a verb returns (a Report, an AuditReport)
R = TypeVar("R")


def _guarded(verb: Verb) -> Verb:
    """A verb whose run SIGINT stops cleanly (:func:`sqlanon.interrupt.guard`)."""

    @wraps(verb)
    def run(*args: Any, **kwargs: Any) -> Any:
        with interrupt.guard():
            return verb(*args, **kwargs)

    return cast(Verb, run)


#: where a mapping configuration's relative paths start: a folder as a path or text (default:
#: the working directory)
BaseDir = str | os.PathLike[str] | None


def _base(base_dir: BaseDir) -> Path:
    """``base_dir`` as a Path (the working directory when None)."""
    if base_dir is None:
        return Path.cwd()
    if isinstance(base_dir, (str, os.PathLike)) and not isinstance(base_dir, bytes):
        return Path(base_dir)
    raise ConfigError(
        f"base_dir must be a folder's path (text or a pathlib.Path), got a {type(base_dir).__name__}: it is "
        "where the configuration's relative paths start."
    )


def _framed(
    config: str | Path | Mapping[str, Any] | Config,
    base_dir: BaseDir,
    connection: Any,
    run: Callable[[Config], R],
    *,
    gate: bool = False,
    need_output: bool = True,
) -> R:
    """``run`` on ``config`` read as :func:`_config` reads it (``gate``, ``need_output``). A
    mapping configuration whose source or population is a DataFrame (:mod:`sqlanon.frames`)
    runs on a DuckDB connection that reads it (sqlanon's own without ``connection``), and
    without ``connection`` a returned release comes back in the source's type (pandas, Polars
    or PyArrow)."""

    def parsed(
        data: str | Path | Mapping[str, Any] | Config,
        con: Any,
        own: bool,
        returned_as: str | None = None,
        source_type: str | None = None,
    ) -> R:
        config = _config(data, gate, base_dir, con, need_output=need_output, own_connection=own)
        if source_type is not None and config.source.kind == "relation":  # named by its own type
            config = replace(config, source=replace(config.source, label=source_type))
        return run(replace(config, returned_as=returned_as) if returned_as else config)

    if isinstance(config, Mapping):
        frames.check_frame_value(config)
    if not frames.has_frame(config):
        return parsed(config, connection, False)
    assert isinstance(config, Mapping)
    base = _base(base_dir)
    with frames.frame_run(config, base, connection, _own_duckdb) as (data, con, kind):
        # the temp table of sqlanon's own connection is gone with it: the report (and its files)
        # say where the rows are
        returned_as = (
            f"returned as report.release ({frames.TYPE_NAMES[kind]})"
            if connection is None and kind is not None
            else None
        )
        source_type = frames.TYPE_NAMES[kind] if kind is not None else None
        result = parsed(data, con, connection is None, returned_as, source_type)
        if returned_as is not None and getattr(result, "release", None) is not None:
            assert kind is not None
            result.release = frames.as_caller_type(kind, result.release)  # type: ignore[attr-defined]
        return result


def _own_duckdb(value: Any, base: Path) -> Any:
    """sqlanon's own embedded DuckDB engine, with the configuration's DuckDB settings."""
    from sqlanon.engines import open_engine

    return open_engine(engine_settings(value, base))


def _config(
    config: str | Path | Mapping[str, Any] | Config,
    gate: bool,
    base_dir: BaseDir,
    connection: Any = None,
    need_output: bool = True,
    compile_only: bool = False,
    own_connection: bool = False,
) -> Config:
    if isinstance(config, Config):
        if connection is not None:
            raise ConfigError(
                "With connection=, give the configuration as a YAML path or a mapping (it is read for that "
                "connection), not as a Config."
            )
        return config
    if isinstance(config, Mapping):
        return parse_config(
            config,
            _base(base_dir),
            gate=gate,
            connection=connection,
            need_output=need_output,
            compile_only=compile_only,
            own_connection=own_connection,
        )
    return load_config(
        config, gate=gate, connection=connection, need_output=need_output, compile_only=compile_only
    )


@_guarded
def anonymize(
    config: str | Path | Mapping[str, Any] | Config,
    *,
    base_dir: BaseDir = None,
    progress: Callable[[int, int], None] | None = None,
    show_violations: int = 0,
    stage: Callable[[str], None] | None = None,
    report: str | Path | None = None,
    html: str | Path | None = None,
    connection: Any = None,
) -> Report:
    """Find, write and gate the least-lossy release described by ``config``.

    ``config`` is a YAML path, a mapping of the same shape (relative paths resolve against
    ``base_dir``, default the working directory) or a :class:`Config`. Bad input raises
    :class:`sqlanon.InputError`; ``report.passed`` says whether a release was written.
    ``show_violations`` > 0 lists up to that many violating classes per failing criterion of
    the gate in the report (off by default: they reveal small classes). ``progress(done, total)``
    is called as the search evaluates lattice nodes (``total`` -1: ``done`` Mondrian rounds);
    ``stage(name)`` when a stage starts (reading the source, encoding, searching, ...).
    ``report``: a path to write the JSON report to. It is checked before any work (it may not
    be the source, the output, the configuration or a hierarchy file, nor replace a file that
    is not an earlier report) and written before the release is committed: when it cannot be
    written, nothing is published.

    ``html``: a path to write the HTML report to (:mod:`sqlanon.report.html`: one
    self-contained page with the verdicts, the node and its generalization, the lattice, the
    class sizes, the distances of t-closeness, the risk and the cost), checked and written as
    ``report`` is.

    ``connection``: run on the caller's open connection instead of opening one: a DuckDB
    connection, a psycopg connection or a SparkSession (the configuration's ``engine:`` may name
    its kind). The source may then be a table of it (``{"table": "people"}``), a query, or a
    relation or DataFrame of it given as ``"source"`` in a mapping configuration; the output a
    table of it, written as ``anonymize`` writes tables (never over the source, ``overwrite``
    to replace one). Without ``output`` the release is kept as a temp table of the connection's
    session and returned as ``report.release``: a DuckDB relation, a Spark DataFrame, or the
    temp table's name on PostgreSQL. The connection stays open; the run's own temp objects are
    dropped and the settings it changes restored. It may not be inside a transaction.

    In a mapping configuration, ``source`` and ``population`` may be a DataFrame: pandas,
    Polars, a PyArrow Table or RecordBatchReader, or any object with ``__arrow_c_stream__``
    (:mod:`sqlanon.frames`). Without ``connection`` it runs in an embedded DuckDB of sqlanon's
    own and, with no ``output``, ``report.release`` is a DataFrame of the source's type
    (generalized quasi-identifiers as string labels, other columns keeping their types); with
    a DuckDB ``connection`` it is read through that connection. Other engines refuse it.
    """
    count, files = _count(show_violations), _files(report, html)
    return _framed(
        config, base_dir, connection, lambda c: pipeline.anonymize(c, progress, count, stage, files)
    )


@_guarded
def apply(
    config: str | Path | Mapping[str, Any] | Config,
    *,
    node: str | Mapping[str, int] | None = None,
    from_report: str | Path | None = None,
    base_dir: BaseDir = None,
    progress: Callable[[int, int], None] | None = None,
    show_violations: int = 0,
    stage: Callable[[str], None] | None = None,
    report: str | Path | None = None,
    html: str | Path | None = None,
    connection: Any = None,
) -> Report:
    """Publish ``config``'s source generalized at a fixed node, with no search, and gate it: a
    release that lines up with an earlier one. The node is ``node`` (``{"age": 2, "zip": 1}`` or
    ``"age=2,zip=1"``, a level for every quasi-identifier) or the one the JSON report
    ``from_report`` of an earlier ``anonymize`` or ``apply`` chose. When the node does not
    satisfy the criteria on this data, ``report.passed`` is false and nothing is written (with
    ``apply_fallback: search`` in the configuration, the search ``anonymize`` runs instead).
    The other arguments (``connection`` too) as in :func:`anonymize`."""
    files = _files(report, html)
    if (node is None) == (from_report is None):
        raise InputError("apply needs exactly one of node (col=level,...) and from_report (a report's path).")
    hierarchies: dict[str, str] | None = None
    if from_report is not None:
        if report is not None and report != "" and Path(report).resolve() == Path(from_report).resolve():
            raise InputError(
                f"The report {str(report)!r} would replace the report whose node this run applies; write it "
                "elsewhere, so that later runs can apply the same node."
            )
        chosen = node_from_report(from_report)
        levels, hierarchies = chosen.levels, chosen.hierarchies
        origin = f"the node of report {str(from_report)!r}"
    else:
        assert node is not None
        levels, origin = (parse_node(node) if isinstance(node, str) else dict(node)), "the given node"
    count = _count(show_violations)
    return _framed(
        config,
        base_dir,
        connection,
        lambda c: pipeline.apply(c, levels, origin, progress, count, stage, files, hierarchies),
    )


@_guarded
def check(
    config: str | Path | Mapping[str, Any] | Config,
    *,
    base_dir: BaseDir = None,
    show_violations: int = 0,
    stage: Callable[[str], None] | None = None,
    report: str | Path | None = None,
    html: str | Path | None = None,
    connection: Any = None,
) -> Report:
    """Gate ``config``'s source table against its criteria; ``report.passed`` is the verdict
    (warn-severity criteria are reported without failing it). ``show_violations``, ``stage``,
    ``report`` and ``connection`` (the source a table, query or relation of it) as in
    :func:`anonymize`."""
    count, files = _count(show_violations), _files(report, html)
    return _framed(config, base_dir, connection, lambda c: pipeline.check(c, count, stage, files), gate=True)


@_guarded
def audit(
    config: str | Path | Mapping[str, Any] | Config,
    *,
    base_dir: BaseDir = None,
    progress: Callable[[int, int], None] | None = None,
    stage: Callable[[str], None] | None = None,
    report: str | Path | None = None,
    html: str | Path | None = None,
    connection: Any = None,
) -> AuditReport:
    """Measure every minimal node of ``config``'s lattice against the papers' attacks.

    The minimal nodes are those satisfying the error-severity criteria within the suppression
    limit (Incognito's full list, whatever ``search`` says); each one's release (its classes
    that suppression removes left out) is measured against homogeneity, negation, similarity,
    skewness and inference, with the parameters of the configuration's ``audit:``. Returns an
    :class:`~sqlanon.report.audit.AuditReport`: per node the vulnerable classes and rows of each
    attack, and which node ``anonymize`` chooses. Nothing is written but the report
    (``report``: a path, checked as :func:`anonymize` checks it). ``output`` is not needed.
    The other arguments as in :func:`anonymize`."""
    from sqlanon.pipeline.audit import audit as run_audit

    files = _files(report, html)
    return _framed(
        config, base_dir, connection, lambda c: run_audit(c, progress, stage, files), need_output=False
    )


@_guarded
def explore(
    config: str | Path | Mapping[str, Any] | Config,
    *,
    vary: Mapping[str, Sequence[int | float]],
    base_dir: BaseDir = None,
    progress: Callable[[int, int], None] | None = None,
    stage: Callable[[str], None] | None = None,
    json: str | Path | None = None,
    html: str | Path | None = None,
    connection: Any = None,
) -> ExploreReport:
    """The trade-off between settings of ``config``, on one encoding of its source: for each
    setting of ``vary`` (key -> values, their cartesian product, at most 100 settings) the node
    ``anonymize`` would choose (or none, and why), its metrics, the rows (people) it suppresses,
    the risk of its release and whether its gate would pass. A key is ``suppression_limit``,
    ``k`` (the k of the configuration's one k-anonymity criterion) or ``criteria[i].PARAM`` (a
    numeric parameter of the criterion at position i); a bad key or value raises the
    ConfigError the configuration would give, naming the key. Nothing is published: explore
    never writes a release (``output`` is not needed and never touched). ``json``, ``html``:
    where to write the explore document and its page (checked as :func:`anonymize` checks its
    reports). The lattice searches only (Mondrian is refused). The other arguments as in
    :func:`anonymize`."""
    from sqlanon.pipeline.explore import explore as run_explore

    files = _files(json, html)
    return _framed(
        config,
        base_dir,
        connection,
        lambda c: run_explore(c, vary, progress, stage, files),
        need_output=False,
    )


@_guarded
def compile_sql(
    config: str | Path | Mapping[str, Any] | Config,
    *,
    dialect: str | None = None,
    node: str | Mapping[str, int] | None = None,
    from_report: str | Path | None = None,
    base_dir: BaseDir = None,
) -> Compiled:
    """The gate of ``config``'s criteria on its source table as self-contained SQL statements,
    one per criterion, each returning that criterion's violating classes (no rows: it holds).
    ``dialect``: duckdb, postgres or spark (run on their engines by the tests), snowflake,
    bigquery, trino or databricks (written by sqlglot after sqlanon's rules, parsed back only:
    docs/compile.md); default the configuration's engine. Nothing is read from the data, and no
    engine is connected to: a ``{table: ...}`` source needs no ``engine`` section.
    With ``person:`` the statements count people (classes of people listed by their tuples, and
    a guard statement before the first sensitive-value model: docs/compile.md).

    With ``node`` or ``from_report`` (as in :func:`apply`), ``Compiled.release`` is the SELECT
    of the release ``apply`` publishes at that node, and the statements gate what it returns
    (refused with ``person:``).
    A quasi-identifier hierarchy that a builder makes from the values is built from the
    source's values (read through the configuration's engine; with a ``{table: ...}`` source and
    no ``engine`` section, a ConfigError naming the column). ``Compiled.text()`` is the
    script ``sqlanon compile`` prints."""
    from sqlanon.compile import compile_gate

    if node is not None and from_report is not None:
        raise InputError(
            "compile takes at most one of node (col=level,...) and from_report (a report's path)."
        )
    if frames.has_frame(config):
        raise ConfigError(
            "compile writes SQL over a table that the SQL names; a DataFrame has no name there. Write it to a "
            "table and give {table: name} as the source (or compile from a configuration that reads a file)."
        )
    parsed = _config(config, True, base_dir, compile_only=True)
    chosen = dialect or parsed.engine.kind
    if node is None and from_report is None:
        return compile_gate(parsed, chosen)
    from sqlanon.compile.release import compile_release

    refuse_command(
        parsed.differential_privacy,
        "compile with a node",
        "the release of a node without SafePub's sample and search is not differentially private. Compile "
        "without a node (the gate's statements), or run anonymize.",
    )

    if from_report is not None:
        origin = f"the node of report {str(from_report)!r}"
        report_node = node_from_report(from_report)
        levels = report_node.levels
        same_hierarchies(parsed, report_node.hierarchies, origin)  # as apply: releases line up
    else:
        assert node is not None
        levels, origin = (parse_node(node) if isinstance(node, str) else dict(node)), "the given node"
    return compile_release(parsed, chosen, levels, origin, pipeline.compile_hierarchies)


#: how each command reads a configuration (``sqlanon validate --command``): gate, need_output,
#: compile_only, as the verbs above pass them to :func:`_config`
VALIDATE_AS: dict[str, tuple[bool, bool, bool]] = {
    "anonymize": (False, True, False),
    "apply": (False, True, False),
    "check": (True, True, False),
    "audit": (False, False, False),
    "compile": (True, True, True),
    "explore": (False, False, False),
}


@dataclass(frozen=True)
class Validation:
    """What :func:`validate` found: the configuration, and with ``connect`` what the engine was
    asked (empty: nothing)."""

    config: Config
    command: str
    checked: tuple[str, ...] = ()

    def line(self, name: str = "the configuration") -> str:
        """The one line ``sqlanon validate`` prints."""
        said = f"{name} is a valid configuration for {self.command}"
        if self.checked:
            said += f"; the engine has {' and '.join(self.checked)}"
        return said + "."


@_guarded
def validate(
    config: str | Path | Mapping[str, Any],
    *,
    command: str = "anonymize",
    connect: bool = False,
    base_dir: BaseDir = None,
) -> Validation:
    """Check ``config`` as ``command`` reads it, without reading data: raise ConfigError as the
    command would. ``connect``: also open the configuration's engine and check that the source
    (and the population) exist and hold the configured columns, and that a table output's schema
    exists, from the catalog and the files' headers only (DataError naming what is missing)."""
    if command not in VALIDATE_AS:
        raise InputError(f"command must be one of {', '.join(VALIDATE_AS)}, got {command!r}.")
    gate, need_output, compile_only = VALIDATE_AS[command]
    if isinstance(config, Mapping):
        frames.check_frame_value(config)
        if frames.has_frame(config):
            raise ConfigError(
                "validate checks a configuration file or mapping; a DataFrame source is checked when it runs."
            )
    parsed = _config(config, gate, base_dir, need_output=need_output, compile_only=compile_only)
    if command == "explore":
        from sqlanon.config.vary import check_explorable

        check_explorable(parsed)
    _hierarchy_files(parsed)
    if not connect:
        return Validation(parsed, command)
    from sqlanon.encode.probe import probe
    from sqlanon.engines import open_engine

    engine = open_engine(parsed.engine)
    try:
        probed = probe(engine, parsed, gate=gate)
    finally:
        engine.close()
    return Validation(parsed, command, probed.checked)


def _hierarchy_files(config: Config) -> None:
    """The hierarchies written out (an ARX CSV file, a shipped one, a tree) load and are valid;
    a builder's YAML file exists and reads (its hierarchy is built from the data's values, when
    the command runs)."""
    from sqlanon.hierarchy import built_from_values, load_hierarchy, read_builder_file

    for column in config.columns:
        spec = column.hierarchy
        if spec is None:
            continue
        if not built_from_values(spec, config.base_dir):
            hide = column.role == "sensitive"
            load_hierarchy(
                column.name, spec, [], config.base_dir, hide_values=hide, limit=config.max_values_size
            )
        elif isinstance(spec, str):
            read_builder_file(column.name, config.base_dir / spec)


def _files(report: str | Path | None, html: str | Path | None) -> ReportFiles | None:
    """Where the reports go (None: nowhere). With an HTML page, its packages (the ``html``
    extra) must be installed: each verb calls this before any work."""
    if _path(html) is not None:
        require_packages()
    if _path(report) is None and _path(html) is None:
        return None
    return ReportFiles(_path(report), _path(html))


def _path(value: str | Path | None) -> Path | None:
    return None if value is None or value == "" else Path(value)


def _count(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(f"show_violations must be a whole number >= 0, got {value!r}.")
    return value


def demo(folder: str | Path, rows: int = 5000) -> tuple[Report, Report]:
    """Run the demo in ``folder``: returns the anonymize report and the gate report."""
    from sqlanon.demo import write_demo

    anonymize_path, check_path = write_demo(Path(folder), rows)
    return anonymize(anonymize_path), check(check_path)
