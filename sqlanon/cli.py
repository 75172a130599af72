"""The ``sqlanon`` command: a thin veneer over the Python API.

Exit codes: 0 requirements met; 1 not met (no release within the suppression limit, or the
gate failed); 2 bad input, configuration or runtime error (one paragraph, no traceback); 130 and
143 stopped by SIGINT or SIGTERM (one line; what the run did was undone).
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from sqlanon import api, interrupt, redact
from sqlanon.compile import DIALECTS
from sqlanon.errors import ConfigError, DataError, EngineError, InputError, SqlanonError
from sqlanon.release.guard import check_report_path
from sqlanon.report.audit import AuditReport
from sqlanon.report.formats import FORMATS, github, stdout_json
from sqlanon.report.model import Report
from sqlanon.report.text import render, render_audit


def _progress() -> Callable[[int, int], None] | None:
    """A progress line on stderr, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        # total -1: a Mondrian round (done = rounds finished), else lattice nodes out of total
        if total < 0:
            sys.stderr.write(f"\rsqlanon: partitioning (Mondrian): round {done} done\033[K")
            sys.stderr.flush()
        elif done % 10 == 0 or done == total:
            sys.stderr.write(
                f"\rsqlanon: searching the lattice: {done} of {total} lattice nodes checked\033[K"
            )
            sys.stderr.flush()

    return show


def _stage() -> Callable[[str], None] | None:
    """The name of the running stage on stderr, only when stderr is a terminal."""
    if not sys.stderr.isatty():
        return None

    def show(name: str) -> None:
        sys.stderr.write(f"\rsqlanon: {name}...\033[K")
        sys.stderr.flush()

    return show


def _say_done(text: str) -> None:
    """Print the text report; a reader that went away (``| head``) does not change the exit
    code, which must say what was published."""
    try:
        click.echo(text)
        sys.stdout.flush()
    except OSError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _text(report: Report | AuditReport, verbose: bool) -> str:
    """The text report, wrapped to the terminal's width when stdout is one (else whole lines,
    for logs and pipes)."""
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    if isinstance(report, AuditReport):
        return render_audit(report, verbose=verbose, width=width)
    return render(report, verbose=verbose, width=width)


def _finish(report: Report | AuditReport, verbose: bool = False, fmt: str = "text") -> None:
    """Print the report in ``fmt`` (``--format``: text, json or github) and exit with its
    verdict (0 passed, 1 not)."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    if fmt == "json":
        _say_done(stdout_json(report))
    elif fmt == "github":
        _say_done(github(report))
    else:
        _say_done(_text(report, verbose))
    sys.exit(0 if report.passed else 1)


def _guard(command: Callable[..., None]) -> Callable[..., None]:
    """Turn every error into a one-paragraph message and exit code 2, and SIGINT or SIGTERM into
    one line and exit code 130 or 143 (:mod:`sqlanon.interrupt`)."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        with interrupt.stop_on_signals():
            try:
                _errors_told(command, *args, **kwargs)
            except KeyboardInterrupt as err:
                stop = err if isinstance(err, interrupt.Interrupted) else interrupt.Interrupted(signal.SIGINT)
                ctx = click.get_current_context(silent=True)
                name = ctx.info_name if ctx is not None and ctx.info_name else "sqlanon"
                done = getattr(stop, "done", None) or (
                    "nothing was published"
                    if name in ("anonymize", "apply", "demo")
                    else "nothing was written"
                )
                _clear_progress()
                click.echo(f"sqlanon {name}: {stop}; {done}", err=True)
                sys.exit(stop.exit_code)

    return wrapper


def _clear_progress() -> None:
    """Clear the progress line (only shown on a terminal) before a message."""
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


def _errors_told(command: Callable[..., None], *args: Any, **kwargs: Any) -> None:
    """Run the command; an error becomes one paragraph on stderr and exit code 2."""
    try:
        command(*args, **kwargs)
    except SqlanonError as err:
        text = str(err)
        if isinstance(err, EngineError) and err.cause is not None:
            text = " ".join(text.split()) + " Nothing was written."
        elif isinstance(err, EngineError) and err.sql:
            # one paragraph (DuckDB messages span lines), and no value the engine quoted
            text = " ".join(redact.engine_text(text).split())
            text += " Nothing was written. This is likely a bug in sqlanon; please report it with the configuration."
        _clear_progress()
        click.echo(f"sqlanon: error: {text}", err=True)
        sys.exit(2)
    except OSError as err:
        where = f" {str(err.filename)!r}" if err.filename else ""
        _clear_progress()
        click.echo(f"sqlanon: error: cannot access{where}: {err.strerror or err}.", err=True)
        sys.exit(2)
    except MemoryError:
        _clear_progress()
        click.echo("sqlanon: error: out of memory; nothing was written.", err=True)
        sys.exit(2)
    except Exception as err:
        _clear_progress()
        click.echo(f"sqlanon: internal error ({type(err).__name__}): {err}. Please report it.", err=True)
        sys.exit(2)


def node_options(lead: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--node`` and ``--from-report`` (apply, compile); ``lead`` begins their help."""

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        command = click.option(
            "--from-report",
            "from_report",
            type=click.Path(dir_okay=False),
            help=f"{lead} an earlier anonymize or apply run chose (its JSON report).",
        )(command)
        return click.option(
            "--node", "node", metavar="COL=LEVEL,...", help=f"{lead}: a level for every quasi-identifier."
        )(command)

    return decorate


report_option = click.option(
    "--report", "report_path", type=click.Path(dir_okay=False), help="Write the JSON report here."
)
html_option = click.option(
    "--html",
    "html_path",
    type=click.Path(dir_okay=False),
    help="Also write the report as one self-contained HTML page (charts; no network request). Needs the "
    'html extra: pip install "sqlanon[html]".',
)
violations_option = click.option(
    "--show-violations",
    "show_violations",
    type=click.IntRange(min=0),
    default=0,
    metavar="N",
    help="List up to N violating classes per failing criterion in the JSON report and the HTML page "
    "(needs --report or --html; never on the terminal), and let error messages name sensitive values "
    "(off by default: they reveal small classes).",
)


format_option = click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="What stdout gets: the text report; json, the JSON report (as --report writes it, without the "
    "classes --show-violations lists); github, GitHub Actions annotations (an error per failing criterion "
    "or limit, a notice when the run passes). The exit code is the same.",
)


verbose_option = click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="Also say how the search went (nodes checked, minimal nodes, every metric; audit: the largest "
    "distance and gain per attack).",
)


def _needs_report(show_violations: int, report_path: str | None, html_path: str | None = None) -> None:
    if show_violations > 0 and not report_path and not html_path:
        raise InputError(
            "--show-violations lists the violating classes in the reports only (the JSON report, the HTML "
            "page; never on the terminal, where logs keep them); give --report PATH or --html PATH as well."
        )


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sqlanon")
def main() -> None:
    """sqlanon: find the least-lossy release of a table that meets the privacy models asked for
    (k-anonymity, the l-diversity family, t-closeness and its relatives), write it atomically and
    gate it; or gate any table before publication."""


@main.command()
@click.argument("config", type=click.Path(dir_okay=False))
@report_option
@html_option
@violations_option
@verbose_option
@format_option
@_guard
def anonymize(
    config: str, report_path: str | None, html_path: str | None, show_violations: int, verbose: bool, fmt: str
) -> None:
    """Search, write and gate the release described by CONFIG (YAML)."""
    _needs_report(show_violations, report_path, html_path)
    report = api.anonymize(
        config,
        progress=_progress(),
        show_violations=show_violations,
        stage=_stage(),
        report=report_path,
        html=html_path,
    )
    _finish(report, verbose, fmt)


@main.command()
@click.argument("config", type=click.Path(dir_okay=False))
@node_options("The node")
@report_option
@html_option
@violations_option
@verbose_option
@format_option
@_guard
def apply(
    config: str,
    node: str | None,
    from_report: str | None,
    report_path: str | None,
    html_path: str | None,
    show_violations: int,
    verbose: bool,
    fmt: str,
) -> None:
    """Publish CONFIG's source generalized at a fixed node (--node or --from-report), with no
    search, and gate it: exit 1 and nothing written when the node does not satisfy the criteria
    on this data (unless CONFIG says apply_fallback: search)."""
    _needs_report(show_violations, report_path, html_path)
    if (node is None) == (from_report is None):
        raise InputError("apply needs exactly one of --node COL=LEVEL,... and --from-report PATH.")
    report = api.apply(
        config,
        node=node,
        from_report=from_report,
        progress=_progress(),
        show_violations=show_violations,
        stage=_stage(),
        report=report_path,
        html=html_path,
    )
    _finish(report, verbose, fmt)


@main.command()
@click.argument("config", type=click.Path(dir_okay=False))
@report_option
@html_option
@violations_option
@verbose_option
@format_option
@_guard
def check(
    config: str, report_path: str | None, html_path: str | None, show_violations: int, verbose: bool, fmt: str
) -> None:
    """Gate the table named by CONFIG's source against its criteria (exit 0 pass, 1 fail;
    warn-severity criteria are reported without failing)."""
    _needs_report(show_violations, report_path, html_path)
    report = api.check(
        config, show_violations=show_violations, stage=_stage(), report=report_path, html=html_path
    )
    _finish(report, verbose, fmt)


@main.command()
@click.argument("config", type=click.Path(dir_okay=False))
@report_option
@html_option
@verbose_option
@format_option
@_guard
def audit(config: str, report_path: str | None, html_path: str | None, verbose: bool, fmt: str) -> None:
    """Measure every minimal node of CONFIG's lattice (the releases that satisfy its criteria)
    against the papers' attacks: homogeneity, negation, similarity, skewness, inference. Prints
    a row per node; writes nothing but the report (exit 0 audited, 1 no node satisfies the
    criteria)."""
    _finish(
        api.audit(config, progress=_progress(), stage=_stage(), report=report_path, html=html_path),
        verbose,
        fmt,
    )


@main.command()
@click.argument("config", type=click.Path(dir_okay=False))
@click.option(
    "--vary",
    "vary",
    multiple=True,
    required=True,
    metavar="KEY=V1,V2,...",
    help="A parameter and its values: suppression_limit, k (the k of the k-anonymity criterion) or "
    "criteria[i].PARAM (a numeric parameter of the criterion at position i, from 0). Repeat it: the "
    "settings are the cartesian product of the lists (at most 100).",
)
@click.option(
    "--json",
    "json_path",
    type=click.Path(dir_okay=False),
    help="Write the explore document (JSON, one entry per setting; sqlanon explore-schema) here.",
)
@html_option
@verbose_option
@_guard
def explore(
    config: str, vary: tuple[str, ...], json_path: str | None, html_path: str | None, verbose: bool
) -> None:
    """Explore the trade-off: for each setting of the --vary keys, the node anonymize would
    choose for CONFIG, its loss, the rows suppressed, the risk of its release and whether its
    gate would pass, as a table (one line per setting). The source is read and encoded once;
    nothing is published (explore never writes a release). Lattice searches only. Exit 0 when
    at least one setting's release would pass its gate, 1 when none would."""
    from sqlanon.config.vary import parse_vary

    report = api.explore(
        config, vary=parse_vary(vary), progress=_progress(), stage=_stage(), json=json_path, html=html_path
    )
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    width = shutil.get_terminal_size().columns if sys.stdout.isatty() else None
    _say_done(report.text(verbose=verbose, width=width))
    sys.exit(0 if report.passed else 1)


@main.command(name="explore-schema")
def explore_schema() -> None:
    """Print the JSON Schema (draft 2020-12) of the document sqlanon explore --json writes; its
    version is the document's schema_version."""
    from sqlanon.report.explore import schema_text

    _say_done(schema_text().rstrip("\n"))


@main.command(name="report-schema")
def report_schema() -> None:
    """Print the JSON Schema (draft 2020-12) of the JSON report (--report, --format json) that
    this sqlanon writes; its version is the reports' metadata.schema_version."""
    from sqlanon.report.schema import schema_text

    _say_done(schema_text().rstrip("\n"))


@main.command(name="schema")
def schema() -> None:
    """Print the JSON Schema (draft 2020-12) of the configuration file, for editors
    (sqlanon schema > sqlanon.schema.json, then # yaml-language-server: $schema=sqlanon.schema.json
    atop a configuration) and CI; sqlanon validate checks what the schema cannot."""
    from sqlanon.config.schema import schema_text

    _say_done(schema_text().rstrip("\n"))


@main.command()
@click.argument("configs", metavar="CONFIG...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--command",
    "as_command",
    type=click.Choice(list(api.VALIDATE_AS)),
    default="anonymize",
    show_default=True,
    help="Check CONFIG as this command reads it (check needs no output and no hierarchies).",
)
@click.option(
    "--connect",
    is_flag=True,
    help="Also open CONFIG's engine and check that the source (and population) exist and hold the "
    "configured columns, and that a table output's schema exists: from the catalog and the files' headers, "
    "never a row.",
)
@_guard
def validate(configs: tuple[str, ...], as_command: str, connect: bool) -> None:
    """Check each CONFIG without reading data: exit 0 and one line per valid file, or exit 2 with
    the error the command would give (the first invalid file)."""
    explicit = click.get_current_context().get_parameter_source("as_command") is not ParameterSource.DEFAULT
    for path in configs:
        try:
            done = api.validate(path, command=as_command, connect=connect)
        except (ConfigError, DataError) as err:
            hint = "" if explicit else _other_command(path, connect)
            if len(configs) == 1 and not hint:
                raise
            raise type(err)(f"{path + ': ' if len(configs) > 1 else ''}{err}{hint}") from None
        _say_done(f"sqlanon: {done.line(path)}")


def _other_command(path: str, connect: bool) -> str:
    """For a configuration that fails as anonymize reads it (``--command`` not given): the note
    that it is one of ``check`` (a gate's, which needs no output), when it is, with the engine's
    tables too when ``connect`` (a gate over a missing table is no valid one); else ""."""
    try:
        api.validate(path, command="check", connect=connect)
    except (ConfigError, DataError):
        return ""
    return " (It is a valid configuration for check: sqlanon validate --command check.)"


@main.command(name="compile")
@click.argument("config", type=click.Path(dir_okay=False))
@click.option(
    "--dialect",
    type=click.Choice(DIALECTS),
    help="The SQL dialect (default: the configuration's engine). duckdb, postgres and spark are run on "
    "their engines by the tests; snowflake, bigquery, trino and databricks are written by sqlglot after "
    "sqlanon's rules and only parsed back by the tests (docs/compile.md has the table).",
)
@node_options("Also print the release at the node")
@_guard
def compile_(config: str, dialect: str | None, node: str | None, from_report: str | None) -> None:
    """Print the gate of CONFIG's criteria on its source table as SQL to paste and run: one
    self-contained statement per criterion, returning its violating classes (no rows: it
    holds). With --node or --from-report, first the SELECT of the release apply publishes at
    that node; the gate statements then check that release. With person: in CONFIG, the
    statements count people, and the release is the node's over people (whole people
    suppressed, the limit counted in people, the person columns dropped), as apply's."""
    if node is not None and from_report is not None:
        raise InputError("compile takes at most one of --node COL=LEVEL,... and --from-report PATH.")
    compiled = api.compile_sql(config, dialect=dialect, node=node, from_report=from_report)
    _say_done(compiled.text().rstrip("\n"))


@main.command()
@click.option(
    "--dir",
    "folder",
    type=click.Path(file_okay=False),
    help="Folder for the demo files (default: a temp folder).",
)
@click.option(
    "--rows", default=5000, show_default=True, type=click.IntRange(min=1), help="Rows of generated data."
)
@click.option(
    "--events",
    is_flag=True,
    help="An events table instead: visits, several per patient, each with a diagnosis, anonymized "
    "with person: patient_id (k counts patients, not visits; --rows counts visits).",
)
@report_option
@_guard
def demo(folder: str | None, rows: int, events: bool, report_path: str | None) -> None:
    """Generate data, anonymize it in embedded DuckDB, then gate the release (DIR must be new,
    empty or an earlier demo's)."""
    from sqlanon.demo import check_demo_folder, demo_files, write_demo

    base = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="sqlanon-demo-"))
    check_demo_folder(base)
    if report_path:
        check_report_path(Path(report_path), None, demo_files(base))
    anonymize_path, check_path = write_demo(base, rows, events=events)
    click.echo(f"demo files in {base}")
    report = api.anonymize(anonymize_path, progress=_progress(), stage=_stage(), report=report_path)
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    _say_done(_text(report, False))
    if not report.passed:
        sys.exit(1)
    if events:
        click.echo(
            "the release holds no patient_id, so the check below counts rows, not patients: its k and "
            "risk are the rows', anonymize's above are the patients'"
        )
    try:
        gate = api.check(check_path)
    except interrupt.Interrupted as stop:
        stop.done = f"the release was published in {base}; its gate did not run"
        raise
    _say_done(_text(gate, False))
    sys.exit(0 if gate.passed else 1)
