"""What every command's run shares: its engine, the stages it announces, its report files
checked before any work and written before anything is published."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from sqlanon import atomic, guard
from sqlanon.config import ADOPTED_RELATION, Config, TableRef
from sqlanon.engines import Engine, open_engine
from sqlanon.errors import InputError
from sqlanon.report import Report, ReportFiles

Progress = Callable[[int, int], None]
#: told the name of each stage as it starts (for a progress display)
Stage = Callable[[str], None]


def run_engine(config: Config) -> tuple[Engine, Config]:
    """The run's engine, as the configuration's ``engine:`` describes it (or on the caller's
    connection), and the configuration, whose relation source (a relation or DataFrame of the
    caller's connection) is now a temp view of the engine."""
    engine = open_engine(config.engine)
    if config.source.kind != "relation":
        return engine, config
    try:
        name = engine.adopt(config.source.relation)
    except BaseException:
        engine.close()
        raise
    return engine, replace(config, source=TableRef("table", None, name, "", label=ADOPTED_RELATION))


def say(stage: Stage | None, name: str) -> None:
    if stage is not None:
        stage(name)


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
    """``report``, written where ``reports`` says first (when it says)."""
    if reports is not None:
        reports.write(report)
    return report
