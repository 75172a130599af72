"""The settings of the Spark sessions sqlanon builds or borrows, classic or Spark Connect
(``engine.py`` and ``connect.py`` apply them; nothing here imports pyspark)."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources

#: Spark's setting that replaces ``${name}`` in SQL text by a setting's value (on by default),
#: inside quotes and backquotes too: off, a name or value sqlanon writes into SQL stays itself
_SUBSTITUTE = "spark.sql.variable.substitute"

#: the optimizer's inference of constraints (IS NOT NULL filters and equalities derived from a
#: plan's predicates): sqlanon's statements hold many predicates and aliases over a few CTEs
#: that Spark inlines, where the inference is a large share of planning; off, the same results
#: (measured on Adult: the gate's statements about 17 % faster, a whole anonymize about 8 %)
_CONSTRAINTS = "spark.sql.constraintPropagation.enabled"

#: a session sqlanon builds: nothing of the data on the console, no progress bars, no web UI
#: (each can be set otherwise in engine.conf), ANSI SQL (a failed cast or an overflow is an
#: error, as in DuckDB, not a NULL), no variable substitution (engine.conf cannot turn it on)
#: and no constraint propagation
DEFAULTS = {
    "spark.ui.enabled": "false",
    "spark.ui.showConsoleProgress": "false",
    "spark.sql.ansi.enabled": "true",
    "spark.sql.session.timeZone": "UTC",
    _SUBSTITUTE: "false",
    _CONSTRAINTS: "false",
}

#: the defaults set on a session sqlanon borrows while it runs (the others can only be set when
#: it is built)
RUNTIME = ("spark.sql.ansi.enabled", "spark.sql.session.timeZone", _SUBSTITUTE, _CONSTRAINTS)


def log_settings() -> str:
    """The log4j settings file a session sqlanon builds uses (logging off)."""
    return str(resources.files("sqlanon.engines.spark").joinpath("log4j2.properties"))


def built(conf: Sequence[tuple[str, str]]) -> dict[str, str]:
    """The settings of a session (or local Connect server) sqlanon builds: DEFAULTS, then
    engine.conf, and the JVM's logging off."""
    settings = dict(DEFAULTS)
    settings.update(conf)
    logging = f"-Dlog4j2.configurationFile=file:{log_settings()}"
    options = settings.get("spark.driver.extraJavaOptions", "")
    settings["spark.driver.extraJavaOptions"] = f"{logging} {options}".strip()
    return settings
