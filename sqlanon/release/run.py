"""What every command's run shares: its engine, the stages it announces, its report files
checked before any work and written before anything is published."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import replace
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar, cast

from sqlanon import atomic
from sqlanon.config import ADOPTED_RELATION, Config, TableRef
from sqlanon.engines import Engine, costs, open_engine
from sqlanon.errors import InputError
from sqlanon.release import guard
from sqlanon.report.files import ReportFiles
from sqlanon.report.metadata import make_metadata, utc_now
from sqlanon.report.model import Report

if TYPE_CHECKING:
    from sqlanon.report.audit import AuditReport

Progress = Callable[[int, int], None]
#: told the name of each stage as it starts (for a progress display)
Stage = Callable[[str], None]


def run_engine(config: Config) -> tuple[Engine, Config]:
    """The run's engine, as the configuration's ``engine:`` describes it (or on the caller's
    connection), and the configuration, whose relation source (a relation or DataFrame of the
    caller's connection) is now a temp view of the engine."""
    engine = open_engine(config.engine)
    run = _run.get()
    if run is not None and "engine_kind" not in run:  # the run's first engine: the one it reads
        try:
            run.update(
                engine_kind=config.engine.kind, engine_version=engine.version(), config_sha256=config.sha256
            )
        except BaseException:
            engine.close()
            raise
    if config.source.kind != "relation":
        return engine, config
    try:
        name = engine.adopt(config.source.relation)
    except BaseException:
        engine.close()
        raise
    label = config.source.label or ADOPTED_RELATION
    return engine, replace(config, source=TableRef("table", None, name, "", label=label, adopted=True))


def say(stage: Stage | None, key: str, name: str) -> None:
    """The run moves on to the stage ``key`` (its name in the report's ``costs``): the costs
    ledger counts what follows under it, and ``stage`` (a progress display) is told ``name``."""
    costs.enter(key)
    if stage is not None:
        stage(name)


Command = TypeVar("Command", bound=Callable[..., Any])

#: the running command's report metadata so far (its start; then its engine and configuration)
_run: ContextVar[dict[str, Any] | None] = ContextVar("sqlanon_run", default=None)


def counted(command: Command) -> Command:
    """A command whose run keeps a costs ledger (:mod:`sqlanon.engines.costs`): its report
    says the statements its engines ran and the time they took, per stage."""

    @wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        token = _run.set({"started": utc_now()})
        try:
            with costs.run():
                return command(*args, **kwargs)
        finally:
            _run.reset(token)

    return cast(Command, run)


def record_costs(report: Report | AuditReport) -> None:
    """``report`` says what the run has cost so far (when it keeps a ledger), and its metadata
    (:mod:`sqlanon.report.metadata`: the run's start, configuration and engine)."""
    run = _run.get()
    if run is not None:
        report.metadata = make_metadata(
            run.get("config_sha256"), run.get("engine_kind"), run.get("engine_version"), run["started"]
        )
    ledger = costs.current()
    if ledger is not None:
        report.costs = ledger.to_dict()


def prepare_report(reports: ReportFiles | None, config: Config) -> None:
    """Before any work: the reports may be written where ``reports`` says
    (:func:`guard.check_report_path`); what runs killed while writing a report there left is
    removed."""
    if reports is None:
        return
    if reports.json is not None and reports.html is not None and atomic.same_file(reports.json, reports.html):
        raise InputError(
            f"The JSON report and the HTML report would both be {str(reports.json)!r}; give them different paths."
        )
    for path, kind in ((reports.json, "json"), (reports.html, "html")):
        if path is not None:
            guard.check_report_path(path, config, kind=kind)
            atomic.remove_leftovers(path)


def written(report: Report, reports: ReportFiles | None) -> Report:
    """``report``, with what the run cost (:func:`record_costs`), written where ``reports``
    says first (when it says)."""
    record_costs(report)
    if reports is not None:
        reports.write(report)
    return report
