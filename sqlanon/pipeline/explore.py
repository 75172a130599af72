"""``sqlanon explore``: the trade-off between settings, computed on one encoding. The source is
read and encoded once; each setting (a value of every ``--vary`` key) runs the lattice search and
ranking ``anonymize`` runs on the same encoded tables and engine, and its chosen node's release
is gated on a temp table, dropped again: nothing is published. Where monotonicity allows, a
setting's search reuses the node verdicts of the settings before it
(:mod:`sqlanon.release.explore`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import replace

from sqlanon.config import Config
from sqlanon.config.dp import refuse_command
from sqlanon.config.vary import settings as vary_settings
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.errors import ConfigError, DataError
from sqlanon.gate import check_parameters
from sqlanon.gate.inputs import read_population
from sqlanon.release.explore import Explored, decider, explore_setting, monotone, reuse_refused, row
from sqlanon.release.run import Progress, Stage, counted, prepare_report, record_costs, run_engine, say
from sqlanon.report.explore import ExploreReport
from sqlanon.report.files import ReportFiles
from sqlanon.search.lattice import Node
from sqlanon.search.local import local_copy, search_place
from sqlanon.search.reuse import Known
from sqlanon.search.rollups import SharedRollups


@counted
def explore(
    config: Config,
    vary: Mapping[str, Sequence[int | float]],
    progress: Progress | None = None,
    stage: Stage | None = None,
    reports: ReportFiles | None = None,
) -> ExploreReport:
    """Each setting of ``vary`` (key -> values; their cartesian product) explored on one
    encoding of ``config``'s source: its chosen node, metrics, suppressed rows, risk and gate
    verdict, as ``anonymize`` would find them; nothing is written but the reports."""
    refuse_command(
        config.differential_privacy,
        "explore",
        "each setting would spend its own privacy budget on the same rows. Run anonymize once with the "
        "setting chosen.",
    )
    found = vary_settings(config, vary)  # every key and value checked before any work
    if config.local_recoding is not None:
        raise ConfigError(
            "local_recoding does not apply to explore: explore reports each setting's node as the global search "
            "finds it. Remove local_recoding from the configuration to explore it."
        )
    if all(c.severity == "warn" for c in config.criteria):
        raise ConfigError(
            "explore needs at least one criterion with severity error (the default): warn-severity criteria "
            "are only reported, so nothing would constrain the releases."
        )
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        say(stage, "read", "reading the source")
        source = read_table(engine, config.source)
        say(stage, "encode", "encoding")
        encoded = encode(engine, config, source, search=config.search)
        domains = {d.column: d for d in encoded.sensitive}
        made = []
        for setting in found:
            criteria = [make_criterion(c) for c in setting.config.criteria]
            try:
                check_parameters(criteria, encoded.rows, domains, unit=encoded.unit)
            except DataError as err:
                named = ", ".join(f"{k}={v}" for k, v in setting.values.items())
                raise DataError(f"vary ({named}): {err}") from None
            made.append(criteria)
        population = encoded.population_read or read_population(engine, config)
        required = [c for c in made[0] if c.severity == "error"]
        refused = reuse_refused(config, required)
        explored: list[Explored] = []
        rows = []
        reused = 0
        held = ExitStack()
        copy = None
        rollups = SharedRollups()  # the node tables every setting's search rolls up from
        if search_place(engine, encoded, config)[0] == "local":  # one copy for every setting's search
            say(stage, "copy", "copying the frequency table to this machine")
            copy = held.enter_context(local_copy(engine, encoded))
        with held:
            for done, (setting, criteria) in enumerate(zip(found, made, strict=True), 1):
                if stage is not None:
                    stage(f"setting {done} of {len(found)}")
                varied = _engine_config(setting.config, config)
                needed = [c for c in criteria if c.severity == "error"]
                known = Known(
                    decider(varied, explored, monotone(varied, needed)) if refused is None else _unknown,
                    rollups,
                )
                report = explore_setting(engine, encoded, varied, criteria, population, known, progress, copy)
                explored.append(Explored(varied, dict(known.verdicts)))
                reused += known.reused
                rows.append(row(setting.values, report, known, refused is None))
        result = ExploreReport(
            keys=list(vary),
            rows=rows,
            rows_in=encoded.rows_in,
            metric=config.metric,
            search=config.search,
            unit=encoded.unit,
            reuse={"applied": True, "reused_verdicts": reused}
            if refused is None
            else {"applied": False, "why": refused},
        )
    finally:
        engine.close()
    record_costs(result)  # type: ignore[arg-type]  # sets its metadata and costs, as a run report's
    if reports is not None:
        reports.write(result)
    return result


def _unknown(node: Node) -> bool | None:
    """No verdict is known beforehand (reuse refused)."""
    return None


def _engine_config(setting: Config, ran: Config) -> Config:
    """The setting's configuration with the source as the engine reads it (a relation source is
    a temp view of the engine once :func:`run_engine` adopted it)."""
    if setting.source == ran.source:
        return setting
    return replace(setting, source=ran.source)


__all__ = ["explore"]
