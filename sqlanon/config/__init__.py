"""Configuration: parse and validate the YAML (or mapping) into frozen dataclasses.

Relative paths resolve against the folder of the configuration file. Everything that can be
checked without reading data is checked here; data-dependent checks (k larger than the table,
l larger than the number of sensitive values, hierarchy coverage) happen once data is loaded.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import sqlglot

from sqlanon import keys
from sqlanon.config import yamlfile
from sqlanon.config.audit import AuditSettings, parse_audit
from sqlanon.config.criteria import CriterionSpec, _choice, parse_criterion, reads_population
from sqlanon.config.digest import config_sha256
from sqlanon.config.dp import DPSettings, parse_dp, refuse_beside
from sqlanon.config.limits import (
    DEFAULT_MAX_LATTICE_NODES,
    DEFAULT_MAX_VALUES_SIZE,
    parse_lattice_limit,
    parse_values_size,
)
from sqlanon.config.micro import check_aggregate
from sqlanon.config.person import check_person_use, parse_constant, parse_person
from sqlanon.config.recoding import RecodingSettings, check_recoding, parse_recoding
from sqlanon.config.risk import RiskSettings, parse_risk
from sqlanon.config.sections import (
    COLUMN_KEYS,
    CSV_KEYS,
    DATABASE_KEYS,
    FILE_KEYS,
    FOLDER_KEYS,
    FORMATS,
    QUERY_KEYS,
    ROLES,
    TABLE_KEYS,
    TOP_KEYS,
    WARN_SUPPRESSED,
    WEIGHTED_METRICS,
)
from sqlanon.config.source_query import parse_query
from sqlanon.engines import ENGINE_NAMES, ENGINES, KINDS, READS_FILES, connection_kind
from sqlanon.engines.settings import (
    MAX_LINE_SIZE,
    CsvOptions,
    EngineSettings,
)
from sqlanon.errors import ConfigError, brief

#: every key of every section is in a table (sections, criteria.PARAMS, audit/risk/person.KEYS,
#: each engine kind's keys): the checks below read them, and config.schema describes them
_SEARCH = keys.key(TOP_KEYS, "search")
_SEARCH_IN = keys.key(TOP_KEYS, "search_in")
_APPLY_FALLBACK = keys.key(TOP_KEYS, "apply_fallback")


#: called with every configuration mapping :func:`parse_config` accepts; None in use. The tests
#: set it (tests/conftest.py) to check that the configuration's schema accepts each one too.
accepted_hook: Callable[[Mapping[str, Any]], None] | None = None

#: how messages name a relation source once adopted as a temp view for the run (run.run_engine)
ADOPTED_RELATION = "relation"


def relation_label(relation: Any) -> str:
    """How messages and the report's page name a relation given as source: by its type (a
    DuckDB relation, a Spark DataFrame), never by its contents."""
    module = type(relation).__module__.split(".")[0]
    if module == "duckdb":
        return "a DuckDB relation"
    if module == "pyspark":
        return "a Spark DataFrame"
    return ADOPTED_RELATION


@dataclass(frozen=True)
class TableRef:
    """A CSV or Parquet file, a table in a DuckDB database file, or a table of the engine's own
    database (``kind`` "table": PostgreSQL's, with no path).

    ``table`` is the table's own name and ``schema`` its schema (``{table: staging.people}``;
    "main" for DuckDB when none is given, "" for a server table: the server's search path);
    ``catalog`` a Spark table's catalog (``{table: lake.staging.people}``; "" when none is given:
    the session's current catalog);
    ``csv`` the options of a CSV file (the source's come from ``csv:``, an output's from its own
    ``csv:``, default comma-separated with a header)."""

    kind: str  # "csv" | "parquet" | "duckdb" | "table" | "query" | "relation"
    path: Path | None
    table: str | None = None
    schema: str = "main"
    csv: CsvOptions = field(default_factory=CsvOptions)
    #: a source query's text, in the engine's SQL (kind "query"; never shown in messages)
    query: str | None = None
    #: a relation or DataFrame of the caller's connection (kind "relation", the Python API's
    #: ``connection=``)
    relation: Any = field(default=None, compare=False, repr=False)
    #: how messages name it, when not by its name (a relation adopted as a temp view)
    label: str | None = None
    #: a folder of part files as Spark writes and reads them (``{path: ..., format: ...}``;
    #: ``kind`` is their format), not one file
    folder: bool = False
    #: the catalog of a Spark table named ``catalog.schema.table`` ("": the current one)
    catalog: str = ""
    #: a relation source adopted as a temp view of the run's engine (it has no name of its own
    #: a statement outside the run could read)
    adopted: bool = False

    @property
    def file(self) -> Path:
        """The file of a file or DuckDB-database reference (not of a server table)."""
        if self.path is None:
            raise AssertionError(f"{self.describe()} has no file")
        return self.path

    @property
    def qualified(self) -> str:
        """The table's name as the configuration writes it (schema-qualified outside main; a
        part holding a dot in double quotes)."""
        assert self.table is not None
        parts = [self.table] if self.schema in ("main", "") else [self.schema, self.table]
        if self.catalog:
            parts = [self.catalog, self.schema, self.table]
        return ".".join(f'"{p}"' if "." in p else p for p in parts)

    def server_table(self) -> sqlglot.exp.Table:
        """A table of the engine's own database as SQL names it: ``catalog.schema.table``, each
        part only when given (an unqualified name: the engine's search path or current schema)."""
        assert self.table is not None
        return sqlglot.exp.Table(
            this=sqlglot.exp.to_identifier(self.table, quoted=True),
            db=sqlglot.exp.to_identifier(self.schema, quoted=True) if self.schema else None,
            catalog=sqlglot.exp.to_identifier(self.catalog, quoted=True) if self.catalog else None,
        )

    def describe(self) -> str:
        if self.label is not None:
            return self.label
        if self.kind in ("query", "relation"):
            return self.kind
        if self.kind == "table":
            return f"table {self.qualified!r} of the engine's database"
        if self.folder:
            return f"{self.kind} folder {str(self.path)!r}"
        return f"table {self.qualified!r} in {self.path}" if self.table else str(self.path)


@dataclass(frozen=True)
class ColumnSpec:
    name: str
    role: str
    hierarchy: str | Mapping[str, Any] | None = None
    order: tuple[str, ...] | None = None
    #: Mondrian only: "median" or "hierarchy"; None = median for numeric columns
    split: str | None = None
    #: lattice searches and apply: the column is never generalized above this level
    max_level: int | None = None
    #: the column's weight in the precision and loss metrics (None: 1, as every other column)
    weight: float | None = None
    #: microaggregation: the published value is this aggregate (mean, median, mode, interval) of
    #: the class's original values instead of the hierarchy's label (None: the label)
    aggregate: str | None = None


def _engine_settings(value: Any, base: Path) -> EngineSettings:
    if value is None:
        return EngineSettings()
    if not isinstance(value, Mapping):
        raise ConfigError("engine must be a mapping such as {memory_limit: 8GB, threads: 2}.")
    kind = _choice(value.get("kind", "duckdb"), ENGINES, "engine kind")
    return KINDS[kind].settings(value, lambda folder, what: _path(base, folder, what))


def engine_settings(value: Any, base: Path) -> EngineSettings:
    """The engine a configuration's ``engine:`` value describes (relative folders against ``base``)."""
    return _engine_settings(value, base)


def _borrowed_settings(value: Any, connection: Any) -> EngineSettings:
    """The engine of a run on the caller's ``connection``: its kind is the connection's; a
    configuration's ``engine:`` may name the same kind (its settings that open a connection are
    not used) and DuckDB's threads, but not settings that would change the connection."""
    kind, connection = connection_kind(connection)
    facts = KINDS[kind]
    name = facts.name
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise ConfigError("engine must be a mapping such as {kind: duckdb}.")
    given = value.get("kind", kind if "url" not in value and "master" not in value else None)
    if given != kind:
        raise ConfigError(
            f"The configuration's engine is {given or 'another kind'}, but the connection given is a {name} connection; "
            f"run it on a {ENGINE_NAMES.get(str(given), str(given))} connection, or set engine: {{kind: {kind}}}."
        )
    extra = set(value) - facts.borrowed_keys
    lasting = sorted(extra & set(facts.connection_settings))
    if lasting:
        key = lasting[0]
        raise ConfigError(
            f"engine.{key} would change the {name} connection given to sqlanon for good; set it on the "
            f"connection yourself ({facts.connection_settings[key]}) or remove it from the configuration."
        )
    if extra:
        raise ConfigError(
            f"Unknown engine option(s) {sorted(map(str, extra))} for {name}; with a connection given, use "
            f"{', '.join(sorted(facts.borrowed_keys))}."
        )
    threads = value.get("threads")
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ConfigError(f"engine.threads must be a whole number of at least 1, got {threads!r}.")
    return EngineSettings(kind=kind, threads=threads, connection=connection)


@dataclass(frozen=True)
class Config:
    source: TableRef
    columns: tuple[ColumnSpec, ...]
    criteria: tuple[CriterionSpec, ...]
    suppression_limit: float = 0.0
    metric: str = "precision"
    search: str = "optimal"
    #: where the lattice search runs: in the engine, or ("local") in embedded DuckDB on a copy
    #: of the encoded frequency table (publishing and the gate stay in the engine), or ("auto")
    #: locally when that copy fits ``max_values_size`` (sqlanon.search.local.search_place)
    search_in: str = "auto"
    #: ``apply`` with a node the data no longer satisfies: "none" publishes nothing, "search"
    #: runs the search ``anonymize`` runs
    apply_fallback: str = "none"
    #: the report warns when a release suppresses more than this share of the rows
    warn_suppressed: float = WARN_SUPPRESSED
    output: TableRef | None = None
    overwrite: bool = False
    base_dir: Path = field(default_factory=Path.cwd)
    engine: EngineSettings = field(default_factory=EngineSettings)
    #: the configuration file, when it was read from one (never written over)
    path: Path | None = None
    #: ``risk:``: the threshold of records at risk and the risk limits the gate enforces
    risk: RiskSettings = field(default_factory=RiskSettings)
    #: the population the table is a sample of (one row per person, the quasi-identifiers'
    #: columns at their original level): the journalist risk's class sizes
    population: TableRef | None = None
    #: ``audit:``: the parameters of the attacks ``sqlanon audit`` measures
    audit: AuditSettings = field(default_factory=AuditSettings)
    #: the lattice searches refuse a larger lattice (see sqlanon.config.limits)
    max_lattice_nodes: int = DEFAULT_MAX_LATTICE_NODES
    #: the most text of one column sqlanon reads or builds in Python, in bytes (sqlanon.config.limits)
    max_values_size: int = DEFAULT_MAX_VALUES_SIZE
    #: ``person:``: the columns identifying the individual a row is about (never published);
    #: empty: each row is an individual (sqlanon.config.person)
    person: tuple[str, ...] = ()
    #: ``person: {constant: ...}``: the columns every row of a person must agree on (a person
    #: whose rows disagree is refused); empty: quasi-identifiers may vary per person
    person_constant: tuple[str, ...] = ()
    #: the SHA-256 of the configuration mapping as given (:mod:`sqlanon.config.digest`): the
    #: report's ``metadata.config_sha256``
    sha256: str = ""
    #: how the report names a release returned to the caller (no output): None, the temp table
    #: of the caller's connection; the API's DataFrame runs say they return a DataFrame
    returned_as: str | None = None
    #: ``local_recoding:``: the rows a lattice node suppresses are searched again, with their own
    #: node (sqlanon.release.recoding); None: off
    local_recoding: RecodingSettings | None = None
    #: ``differential_privacy:``: SafePub's parameters and what they derive (None: not asked);
    #: then ``criteria`` is k-anonymity with the derived k and ``suppression_limit`` 1
    differential_privacy: DPSettings | None = None

    @property
    def csv(self) -> CsvOptions:
        """The CSV options of the source (``csv:``)."""
        return self.source.csv

    def by_role(self, role: str) -> list[ColumnSpec]:
        return [c for c in self.columns if c.role == role]

    def column(self, name: str) -> ColumnSpec:
        for c in self.columns:
            if c.name == name:
                return c
        raise ConfigError(f"No column {name!r} in the configuration.")


def _split_table(text: str, what: str, parts_allowed: int = 2) -> tuple[str, ...]:
    """(schema, name) of ``table: name``, ``table: schema.name`` or ``table: '"a.b"'`` (a name
    holding a dot, quoted as SQL quotes it); with ``parts_allowed`` 3, (catalog, schema, name)
    of ``table: catalog.schema.name`` too (a server table: Spark's catalogs)."""
    if '"' not in text:
        parts = text.split(".")
    else:
        try:
            parsed = sqlglot.exp.to_table(text, dialect="duckdb")
        except sqlglot.errors.SqlglotError:
            parsed = None
        if parsed is None or parsed.args.get("alias") is not None:
            raise ConfigError(
                f"{what}: cannot read the table name {text!r}; write it as name or schema.name, with "
                'a name that holds a dot in double quotes ("my.table").'
            )
        parts = [part.name for part in reversed(parsed.parts)][::-1]
    if len(parts) > parts_allowed or not all(part.strip() for part in parts):
        spelled = (
            "a name, schema.name or catalog.schema.name" if parts_allowed == 3 else "a name or schema.name"
        )
        where = (
            " (the catalog: Spark's)" if parts_allowed == 3 else " (the database file is given by database:)"
        )
        raise ConfigError(
            f"{what}: the table {text!r} must be {spelled}{where}; put a name that holds a dot in double "
            'quotes ("my.table").'
        )
    return ("main", parts[0]) if len(parts) == 1 else tuple(parts)


def _path(base: Path, value: str, what: str) -> Path:
    """``value`` resolved against ``base`` (absolute paths too: '..' and links never hide the
    source); a NUL character, which no file name holds, is refused."""
    if "\0" in value:
        raise ConfigError(f"{what}: the path holds a NUL character (\\0), which no file name can hold.")
    return (base / value).resolve()


def _file_ref(value: Any, base: Path, what: str, csv: CsvOptions) -> TableRef:
    path = _path(base, value, what)
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise ConfigError(
            f"{what} {value!r}: cannot tell the format from the extension. Name a file ending in .csv "
            "or .parquet, a table of the engine with {table: name} or {table: schema.name}, or a table "
            "of a DuckDB file with {database: file.duckdb, table: name}."
        )
    return TableRef(kind, path, csv=csv)


#: a URI scheme (``hdfs://``, ``s3a://``...): ``file:`` is a local path, any other is refused
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def _folder_ref(value: Mapping[str, Any], base: Path, what: str) -> TableRef:
    """``{path: folder, format: parquet|csv}``: a folder of part files (Spark's way of writing
    a table as files). A ``file:`` URI is a local path; other file systems are refused."""
    unknown = set(value) - set(keys.names(FOLDER_KEYS))
    if unknown:
        raise ConfigError(
            f"{what}: unknown key(s) {sorted(map(str, unknown))} beside path; use {' and '.join(keys.names(FOLDER_KEYS))}."
        )
    raw, fmt = value["path"], value.get("format")
    if not isinstance(raw, str) or not raw.strip():
        raise ConfigError(f"{what}: path must be the path of a folder, such as out/people.parquet.")
    formats = keys.key(FOLDER_KEYS, "format").choices
    if fmt not in formats:
        raise ConfigError(
            f"{what}: format must be one of {', '.join(formats)} (the files of the folder {raw!r}), "
            f"got {brief(fmt)}."
        )
    text = raw.strip()
    if _SCHEME.match(text) and not (len(text) > 1 and text[1] == ":" and text[0].isalpha()):
        parts = urlsplit(text)
        if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
            raise ConfigError(
                f"{what}: the folder {raw!r} is not on this machine's file system; sqlanon writes and reads folders "
                "by local paths (a plain path or a file: URI) only, which every Spark executor must see too. "
                "Write the release to a local folder and copy it, or publish into a table of Spark's catalog."
            )
        text = unquote(parts.path)
    return TableRef(str(fmt), _path(base, text, f"{what}.path"), folder=True)


def _table_ref(value: Any, base: Path, what: str, csv: CsvOptions | None = None) -> TableRef:
    """``what`` (source or output): a file path, ``{file: path, csv: {...}}`` or
    ``{database: file.duckdb, table: name}``. ``csv`` is the CSV options of a plain path (the
    source's top-level ``csv:``); a ``{file:}`` mapping carries its own."""
    if isinstance(value, str) and value.strip():
        return _file_ref(value, base, what, csv or CsvOptions())
    if isinstance(value, Mapping) and "path" in value:
        return _folder_ref(value, base, what)
    if isinstance(value, Mapping) and "file" in value:
        unknown = set(value) - set(keys.names(FILE_KEYS))
        if unknown:
            raise ConfigError(
                f"{what}: unknown key(s) {sorted(map(str, unknown))}; use {' and '.join(keys.names(FILE_KEYS))}."
            )
        if not isinstance(value["file"], str) or not value["file"].strip():
            raise ConfigError(f"{what}: file must be a path to a .csv or .parquet file.")
        ref = _file_ref(value["file"], base, what, _csv_options(value.get("csv"), f"{what}.csv"))
        if "csv" in value and ref.kind != "csv":
            raise ConfigError(f"{what}: csv options apply to .csv files only.")
        return ref
    if (
        isinstance(value, Mapping)
        and "table" in value
        and "database" not in value
        and set(value) != set(keys.names(TABLE_KEYS))
    ):
        extra = sorted(map(str, set(value) - set(keys.names(TABLE_KEYS))))
        raise ConfigError(
            f"{what}: unknown key(s) {extra} beside table; {{table: ...}} takes no other key"
            + (
                " (overwrite is a key of its own at the top of the configuration: overwrite: true)."
                if "overwrite" in extra
                else "."
            )
        )
    if isinstance(value, Mapping) and set(value) == set(keys.names(TABLE_KEYS)):
        table = value["table"]
        if not isinstance(table, str) or not table.strip():
            raise ConfigError(f"{what}: table must be a non-empty name such as staging.people.")
        *catalog, schema, name = _split_table(table, what, 3)
        schema = "" if schema == "main" and "." not in table else schema
        return TableRef("table", None, name, schema, catalog=catalog[0] if catalog else "")
    if isinstance(value, Mapping) and "query" in value:
        if what not in ("source", "population"):
            raise ConfigError(f"{what} cannot be a query; name a table or a file to write.")
        if set(value) != set(keys.names(QUERY_KEYS)):
            raise ConfigError(f"{what}: {{query: ...}} takes no other key (got {sorted(map(str, value))}).")
        if not isinstance(value["query"], str) or not value["query"].strip():
            raise ConfigError(f"{what}: query must be the text of a SELECT statement.")
        return TableRef("query", None, schema="", query=value["query"])
    if isinstance(value, Mapping) and set(value) == set(keys.names(DATABASE_KEYS)):
        db, table = value["database"], value["table"]
        if not isinstance(db, str) or not db.strip() or not isinstance(table, str) or not table:
            raise ConfigError(f"{what}: database and table must be non-empty strings.")
        schema, name = _split_table(table, what)
        return TableRef("duckdb", _path(base, db, f"{what}.database"), name, schema)
    if what == "source" and type(value).__module__.split(".")[0] in (
        "duckdb",
        "_duckdb",
        "pyspark",
        "pandas",
        "polars",
        "pyarrow",
    ):
        if type(value).__module__.split(".")[0] in ("pandas", "polars", "pyarrow"):
            raise ConfigError(
                f"The source is a {type(value).__name__}: a DataFrame as source is read by the Python API "
                "(sqlanon.anonymize({..., 'source': df})) from a mapping configuration."
            )
        raise ConfigError(
            f"The source is a {type(value).__name__}: a relation or DataFrame as source needs the Python API's "
            "connection= (the connection or SparkSession it belongs to)."
        )
    raise ConfigError(
        f"{what} must be a path to a .csv or .parquet file, {{file: path, csv: {{...}}}}, "
        f"{{database: file.duckdb, table: name}}, (with a database server as the engine) {{table: schema.name}}, "
        f"(with Spark) a folder {{path: folder, format: parquet}}, or (a source) {{query: SELECT ...}}"
        + (
            ", or with the Python API a pandas or Polars DataFrame or a PyArrow Table (a dict or list of columns "
            "is none: make it one first, e.g. pandas.DataFrame(...))"
            if what in ("source", "population")
            else ""
        )
        + f"; got {brief(value)}."
    )


def _csv_options(value: Any, what: str = "csv") -> CsvOptions:
    if value is None:
        return CsvOptions()
    if not isinstance(value, Mapping):
        raise ConfigError(f"{what} must be a mapping such as {{delimiter: ';'}}.")
    unknown = set(value) - set(keys.names(CSV_KEYS))
    if unknown:
        raise ConfigError(
            f"Unknown {what} option(s) {sorted(map(str, unknown))}; use {', '.join(keys.names(CSV_KEYS))}."
        )
    opts = CsvOptions(**dict(value))
    size = opts.max_line_size
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_LINE_SIZE
    ):
        raise ConfigError(
            f"{what}.max_line_size must be a whole number of bytes from 1 to {MAX_LINE_SIZE:,} (the longest "
            f"line DuckDB's CSV reader takes; 2,000,000 by default), got {brief(size)}."
        )
    for key in ("delimiter", "quote", "escape"):
        v = getattr(opts, key)
        if not isinstance(v, str) or len(v) != 1:
            raise ConfigError(f"{what}.{key} must be a single character, got {brief(v)}.")
        if v in "\r\n":
            raise ConfigError(f"{what}.{key} cannot be a line break.")
    if not isinstance(opts.header, bool):
        raise ConfigError(f"{what}.header must be true or false.")
    if opts.quote == opts.delimiter:
        raise ConfigError(
            f"{what}.quote and {what}.delimiter are both {opts.quote!r}; a CSV file needs them to differ."
        )
    if opts.escape == opts.delimiter:
        raise ConfigError(
            f"{what}.escape and {what}.delimiter are both {opts.escape!r}; a CSV file needs them to differ."
        )
    return opts


def _columns(value: Any) -> tuple[ColumnSpec, ...]:
    if not isinstance(value, Mapping) or not value:
        raise ConfigError("columns must be a non-empty mapping of column name -> {role: ...}.")
    out = []
    for name, spec in value.items():
        if not isinstance(name, str):
            raise ConfigError(f"Column name {name!r} must be a string (quote it in YAML).")
        if isinstance(spec, str):
            spec = {"role": spec}
        if not isinstance(spec, Mapping) or "role" not in spec:
            raise ConfigError(f"Column {name!r} needs a role: {', '.join(ROLES)}.")
        unknown = set(spec) - set(keys.names(COLUMN_KEYS))
        if unknown:
            raise ConfigError(
                f"Column {name!r}: unknown key(s) {sorted(unknown)}; use {', '.join(keys.names(COLUMN_KEYS))}."
            )
        role = spec["role"]
        if isinstance(role, list):
            raise ConfigError(f"Column {name!r} is given several roles {role}; give it exactly one.")
        role = _choice(role, keys.key(COLUMN_KEYS, "role").choices, f"role for column {name!r}")
        order = spec.get("order")
        if order is not None:
            if not isinstance(order, list) or not order:
                raise ConfigError(f"Column {name!r}: order must be a non-empty list of values.")
            order = tuple(str(v) for v in order)
            if len(set(order)) != len(order):
                raise ConfigError(f"Column {name!r}: order lists a value twice.")
        hier = spec.get("hierarchy")
        if hier is not None and not isinstance(hier, (str, Mapping)):
            raise ConfigError(f"Column {name!r}: hierarchy must be a file path or a builder mapping.")
        if isinstance(hier, str):
            _path(Path(), hier, f"Column {name!r}: hierarchy")  # a NUL character is refused
        split = spec.get("split")
        if split is not None:
            if role != "quasi":
                raise ConfigError(
                    f"Column {name!r}: split applies to quasi-identifiers only (its role is {role})."
                )
            split = _choice(split, keys.key(COLUMN_KEYS, "split").choices, f"split for column {name!r}")
            if split == "hierarchy" and hier is None:
                raise ConfigError(f"Column {name!r}: split: hierarchy needs a hierarchy for the column.")
        max_level = spec.get("max_level")
        if max_level is not None:
            if role != "quasi":
                raise ConfigError(
                    f"Column {name!r}: max_level applies to quasi-identifiers only (its role is {role})."
                )
            if isinstance(max_level, bool) or not isinstance(max_level, int) or max_level < 0:
                raise ConfigError(
                    f"Column {name!r}: max_level must be a whole number >= 0 (a level of its hierarchy, 0 = "
                    f"as in the data), got {max_level!r}."
                )
        weight = spec.get("weight")
        if weight is not None:
            if role != "quasi":
                raise ConfigError(
                    f"Column {name!r}: weight applies to quasi-identifiers only (its role is {role})."
                )
            if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight < math.inf:
                raise ConfigError(
                    f"Column {name!r}: weight must be a finite number greater than 0, got {weight!r}."
                )
        aggregate = spec.get("aggregate")
        if aggregate is not None:
            if role != "quasi":
                raise ConfigError(
                    f"Column {name!r}: aggregate applies to quasi-identifiers only (its role is {role})."
                )
            aggregate = _choice(
                aggregate, keys.key(COLUMN_KEYS, "aggregate").choices, f"aggregate for column {name!r}"
            )
            if hier is None:
                raise ConfigError(
                    f"Column {name!r}: aggregate needs a hierarchy for the column (its levels form the classes "
                    "whose original values are aggregated)."
                )
        out.append(
            ColumnSpec(
                name,
                role,
                hier,
                order,
                split,
                max_level,
                None if weight is None else float(weight),
                aggregate,
            )
        )
    return tuple(out)


def _check_connection_tables(
    engine: EngineSettings, source: TableRef, output: TableRef | None, what: str = "source", own: bool = False
) -> None:
    """With a caller's connection: the output is a table of it (or none: the release is
    returned), and a DuckDB source is no other database file. ``own``: the connection is
    sqlanon's own, opened to read a DataFrame (:mod:`sqlanon.frames`): the output may be a file
    too."""
    name = ENGINE_NAMES[engine.kind]
    if output is not None and output.kind != "table" and not own:
        raise ConfigError(
            f"With a connection given, the output is a table of that {name} connection, {{table: name}}, or none "
            f"(leave output out: the release is returned as the report's release); got {output.describe()}."
        )
    if source.kind == "duckdb":
        raise ConfigError(
            f"With a connection given, name the {what} as a table of that connection ({{table: name}}) or pass a "
            "relation of it; to read another DuckDB database file, attach it to the connection (ATTACH ... AS db) "
            "and pass con.table('db.main.name')."
        )


def _of_connection(ref: TableRef) -> TableRef:
    """A table named by a run on a caller's connection, as messages and reports name it."""
    if ref.kind != "table":
        return ref
    return replace(ref, label=f"table {ref.qualified!r} of the connection")


def _check_engine_tables(
    engine: EngineSettings,
    source: TableRef,
    output: TableRef | None,
    what: str = "source",
    compile_only: bool = False,
    own: bool = False,
) -> None:
    """Sources (``what``: the source, or the population) and outputs name what the engine can
    read and write. ``compile_only``: the configuration is only compiled to SQL, which names a
    table as given whatever the engine; the engine reads nothing."""
    if engine.kind != "spark" and (engine.kind != "duckdb" or engine.connection is not None):
        for which, ref in ((what, source), ("output", output)):
            if ref is not None and ref.kind == "table" and ref.catalog:
                raise ConfigError(
                    f"The {which} {{table: {ref.qualified}}} has three parts, catalog.schema.name, which name a "
                    f"table of one of Spark's catalogs; with engine kind {engine.kind} name a table as name or "
                    "schema.name"
                    + (
                        " (a table of another database of a DuckDB connection: pass con.table('db.main.name'))."
                        if engine.kind == "duckdb"
                        else " (the engine's database is the one its url connects to)."
                    )
                )
    if engine.connection is not None:
        _check_connection_tables(engine, source, output, what, own)
    if engine.kind == "duckdb" and engine.connection is None and not compile_only:
        for which, ref in ((what, source), ("output", output)):
            if ref is not None and ref.kind == "table":
                raise ConfigError(
                    f"The {which} {{table: {ref.qualified}}} names a table of a database server, but the engine is "
                    "embedded DuckDB: set engine: {kind: postgres, url: ...} or {kind: spark} to use the engine's table, "
                    "or name a "
                    "DuckDB file with {database: file.duckdb, table: ...}."
                )
    if source.kind == "query":
        assert source.query is not None
        parse_query(source.query, engine.kind)  # sqlglot's dialects are named as the engine kinds
    _check_folders(engine, source, output, what)
    if engine.kind == "duckdb":
        return
    name = ENGINE_NAMES[engine.kind]
    files = engine.kind in READS_FILES
    if source.kind not in ("table", "query", "relation") and not (
        files and source.kind in ("csv", "parquet")
    ):
        readers = " or ".join(ENGINE_NAMES[k] for k in READS_FILES)
        raise ConfigError(
            f"With engine kind {engine.kind} the {what} must be a table of {name}'s catalog, {{table: schema.name}}, "
            + ("a CSV or Parquet file, " if files else "")
            + "or a query, {query: SELECT ...}; "
            f"got {source.describe()}. "
            + (
                "A DuckDB database file is read by the default engine (DuckDB) only."
                if files
                else f"sqlanon reads files with {readers} only: load the file into a table of {name} first, "
                "or leave engine: out to anonymize the file."
            )
        )
    if output is not None and output.kind != "table" and not output.folder:
        folders = KINDS[engine.kind].writes_folders
        raise ConfigError(
            f"With engine kind {engine.kind} the output must be a table of {name}'s catalog, {{table: schema.name}}"
            + (", or a folder of Parquet or CSV files, {path: folder, format: parquet}" if folders else "")
            + f"; got {output.describe()}. "
            + (
                f"{name} writes a table as a folder of part files, not as one file."
                if folders
                else f"sqlanon publishes into {name}'s tables, not files."
            )
        )


def _check_folders(engine: EngineSettings, source: TableRef, output: TableRef | None, what: str) -> None:
    """A folder of part files (``{path: ..., format: ...}``) is read and written by an engine
    that writes tables so (Spark), on its own session, never a caller's."""
    for which, ref in ((what, source), ("output", output)):
        if ref is None or not ref.folder:
            continue
        if not KINDS[engine.kind].writes_folders:
            writers = " or ".join(ENGINE_NAMES[k] for k, facts in KINDS.items() if facts.writes_folders)
            raise ConfigError(
                f"The {which} {ref.describe()} is a folder of part files ({{path: ..., format: ...}}), which {writers} "
                f"writes and reads, but the engine is {ENGINE_NAMES[engine.kind]}: name one file ending in .parquet "
                "or .csv instead (a plain path), or set engine: {kind: spark}."
            )


def parse_config(
    data: Any,
    base_dir: Path,
    *,
    need_output: bool = True,
    gate: bool = False,
    connection: Any = None,
    compile_only: bool = False,
    own_connection: bool = False,
) -> Config:
    """Validate a configuration mapping; ``base_dir`` resolves relative paths.

    ``gate=True`` is the ``check`` command: quasi columns need no hierarchy and no output is used.
    ``compile_only``: the ``compile`` command, which writes SQL naming the source as given and
    connects to no engine: a ``{table: ...}`` source needs no engine section.
    ``connection``: the caller's open connection the run uses (the Python API's); then the
    source may be a relation of it, tables are its own, and the output may be left out.
    ``own_connection``: that connection is sqlanon's own, opened to read a DataFrame
    (:mod:`sqlanon.frames`); the output may then be a file too.
    """
    if not isinstance(data, Mapping):
        raise ConfigError("The configuration must be a YAML mapping with source, columns and criteria.")
    known = set(keys.names(TOP_KEYS))
    unknown = set(data) - known
    if unknown:
        raise ConfigError(f"Unknown configuration key(s) {sorted(unknown)}; use {sorted(known)}.")
    if "source" not in data:
        raise ConfigError("The configuration needs 'source': the table to read.")
    if "csv" in data and isinstance(data["source"], Mapping) and "file" in data["source"]:
        raise ConfigError(
            "Give the source's CSV options once: in source: {file: ..., csv: ...} or as csv:, not both."
        )
    raw_source = data["source"]
    if connection is not None and raw_source is not None and not isinstance(raw_source, (str, Mapping)):
        source = TableRef("relation", None, schema="", relation=raw_source, label=relation_label(raw_source))
    else:
        source = _table_ref(raw_source, base_dir, "source", _csv_options(data.get("csv")))
    if "csv" in data and source.kind in ("table", "query", "relation"):
        raise ConfigError(
            f"csv: options apply to a CSV source only; the source is {source.describe()}. Remove csv:."
        )
    columns = _columns(data.get("columns"))
    search = _choice(data.get("search", _SEARCH.default), _SEARCH.choices, "search")
    if not gate:
        for c in columns:
            # Mondrian cuts numeric columns at medians: they need no hierarchy there
            if (
                c.role == "quasi"
                and c.hierarchy is None
                and not (search == "mondrian" and c.split != "hierarchy")
            ):
                raise ConfigError(
                    f"Quasi-identifier {c.name!r} needs a hierarchy (a CSV file or a builder)"
                    + (
                        " unless search is mondrian and the column is numeric."
                        if search != "mondrian"
                        else "."
                    )
                )
    if not any(c.role == "quasi" for c in columns):
        raise ConfigError("At least one column needs role quasi (a quasi-identifier).")
    dp = None
    raw_criteria: Any
    if data.get("differential_privacy") is not None:
        refuse_beside(data)
        weighted_dp = [c.name for c in columns if c.weight is not None]
        if weighted_dp:
            raise ConfigError(
                f"Column {weighted_dp[0]!r}: weight does not apply with differential_privacy (SafePub's scores weigh "
                "every quasi-identifier the same). Remove it."
            )
        dp = parse_dp(data["differential_privacy"])
        raw_criteria = [{"k-anonymity": {"k": dp.k}}]
    else:
        raw_criteria = data.get("criteria")
    if not isinstance(raw_criteria, list) or not raw_criteria:
        raise ConfigError(
            "criteria must be a non-empty list, e.g. [{k-anonymity: {k: 5}}] (or give differential_privacy)."
        )
    roles = {c.name: c.role for c in columns}
    has_hierarchy = {c.name: c.hierarchy is not None for c in columns}
    criteria = tuple(parse_criterion(item, roles, has_hierarchy, i) for i, item in enumerate(raw_criteria))
    person = parse_person(data.get("person"), roles)
    person_constant = parse_constant(data.get("person"), roles)
    check_person_use(person, criteria, search if not gate else "optimal")
    limit = data.get("suppression_limit", 0.0 if dp is None else 1.0)
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 0 <= limit <= 1:
        raise ConfigError(f"suppression_limit must be a fraction of rows in [0, 1], got {limit!r}.")
    metric_key = keys.lookup(TOP_KEYS, "metric", {"search": search})
    if search == "mondrian":
        metric = _choice(
            data.get("metric", metric_key.default), metric_key.choices, "metric for search mondrian"
        )
        if limit:
            raise ConfigError(
                f"suppression_limit {limit!r} does not apply to search mondrian: Mondrian only cuts a partition "
                "when every part satisfies the criteria, so it never suppresses rows. Set suppression_limit to 0 "
                "or use a lattice search (search: optimal, the default)."
            )
    else:
        metric = _choice(data.get("metric", metric_key.default), metric_key.choices, "metric")
    if search != "mondrian":
        for c in columns:
            if c.split is not None:
                raise ConfigError(f"Column {c.name!r}: split applies to search: mondrian only.")
    weighted = [c.name for c in columns if c.weight is not None]
    if weighted and not gate and metric not in WEIGHTED_METRICS:
        raise ConfigError(
            f"Column {weighted[0]!r}: weight applies to the metrics {' and '.join(WEIGHTED_METRICS)}; the metric "
            f"is {metric}. Remove the weights or choose one of those metrics."
        )
    if search == "mondrian" and not gate:
        for c in columns:
            if c.max_level is not None:
                raise ConfigError(
                    f"Column {c.name!r}: max_level applies to the lattice searches (optimal, incognito, "
                    "exhaustive) and apply; Mondrian cuts partitions instead of choosing levels."
                )
    output = None
    if "output" in data and not gate:
        output = _table_ref(data["output"], base_dir, "output")
        if not output.csv.header:
            raise ConfigError(
                "output.csv.header must be true: the release is always written with a header row."
            )
        if output.kind == "csv" and output.csv.max_line_size is None and source.csv.max_line_size:
            # the release, read back to be gated, holds the source's long lines
            output = replace(output, csv=replace(output.csv, max_line_size=source.csv.max_line_size))
    elif need_output and not gate and connection is None:
        raise ConfigError("The configuration needs 'output': where to write the release.")
    overwrite = data.get("overwrite", False)
    if not isinstance(overwrite, bool):
        raise ConfigError("overwrite must be true or false.")
    if connection is not None:
        engine = _borrowed_settings(data.get("engine"), connection)
    else:
        engine = _engine_settings(data.get("engine"), base_dir)
    _check_engine_tables(engine, source, output, compile_only=compile_only, own=own_connection)
    population = None
    if data.get("population") is not None:
        population = _table_ref(data["population"], base_dir, "population")
        _check_engine_tables(engine, population, None, "population", compile_only, own_connection)
        if search == "mondrian" and not gate and engine.kind == "spark":
            raise ConfigError(
                "population with search: mondrian does not run on Spark in this version: Spark's optimizer "
                "takes longer with every round on the statements that follow the population through the cuts "
                "(minutes for 500 rows). Run it on DuckDB or PostgreSQL (engine.kind), or use a lattice search "
                "(search: optimal, the default) on Spark."
            )
        presence = [i for i, c in enumerate(criteria) if c.kind == "delta-presence"]
        if search == "mondrian" and not gate and presence:
            raise ConfigError(
                f"criteria[{presence[0]}] delta-presence does not apply to search mondrian: it bounds every "
                "person's chance of being in the table, and a person of the population outside every "
                "partition's labels is known to be absent, so whether a release meets it depends on all the "
                "partitions at once, not on each cut. Use a lattice search (search: optimal, the default)."
            )
    risk = parse_risk(data.get("risk"))
    journalist = [key for key in risk.limits if key.startswith("journalist_")]
    counting = [i for i, c in enumerate(criteria) if reads_population(c)]
    if counting and population is None:
        i = counting[0]
        raise ConfigError(
            f"criteria[{i}] {criteria[i].kind} counts the persons of the population: it needs population: the "
            "table of persons the table is a sample of"
            + (
                " (or, for k-map, an estimator: poisson or zero-truncated-poisson)."
                if criteria[i].kind == "k-map"
                else "."
            )
        )
    if journalist and population is None:
        raise ConfigError(
            f"risk.{journalist[0]} needs population: the table of persons the table is a sample of, whose "
            "class sizes the journalist risk reads."
        )
    audit = parse_audit(data.get("audit"))
    if isinstance(audit.distance, Mapping):
        sensitive_names = {c.name for c in columns if c.role == "sensitive"}
        not_sensitive = sorted(set(audit.distance) - sensitive_names)
        if not_sensitive:
            raise ConfigError(
                f"audit.distance names {not_sensitive}, which are not sensitive columns ({sorted(sensitive_names)})."
            )
    for c in columns:
        chosen = audit.distance.get(c.name) if isinstance(audit.distance, Mapping) else audit.distance
        if c.role == "sensitive" and chosen == "hierarchical" and c.hierarchy is None:
            raise ConfigError(
                f"audit.distance hierarchical needs a hierarchy on sensitive column {c.name!r}, which has none. "
                "Give it one, or another distance for it (audit: {distance: {" + c.name + ": equal}})."
            )
    if connection is not None:
        source = _of_connection(source)
        output = None if output is None else _of_connection(output)
        population = None if population is None else _of_connection(population)
    search_in = _choice(data.get("search_in", _SEARCH_IN.default), _SEARCH_IN.choices, "search_in")
    if search_in == "local" and search == "mondrian":
        raise ConfigError(
            "search_in: local applies to the lattice searches (optimal, incognito, exhaustive); Mondrian "
            "partitions the table in the engine. Remove search_in, or use a lattice search."
        )
    apply_fallback = _choice(
        data.get("apply_fallback", _APPLY_FALLBACK.default), _APPLY_FALLBACK.choices, "apply_fallback"
    )
    local_recoding = parse_recoding(data.get("local_recoding"))
    if not gate:
        check_recoding(local_recoding, search, person, population is not None, criteria)
        check_aggregate(
            [c.name for c in columns if c.aggregate is not None],
            search,
            person,
            population is not None,
            criteria,
            local_recoding is not None,
            dp is not None,
            bool(journalist),
        )
    warn_suppressed = data.get("warn_suppressed", WARN_SUPPRESSED)
    if (
        isinstance(warn_suppressed, bool)
        or not isinstance(warn_suppressed, (int, float))
        or not 0 <= warn_suppressed <= 1
    ):
        raise ConfigError(f"warn_suppressed must be a fraction of rows in [0, 1], got {warn_suppressed!r}.")
    config = Config(
        sha256=config_sha256(data),
        source=source,
        columns=columns,
        criteria=criteria,
        suppression_limit=float(limit),
        metric=metric,
        search=search,
        search_in=search_in,
        apply_fallback=apply_fallback,
        warn_suppressed=float(warn_suppressed),
        risk=risk,
        population=population,
        audit=audit,
        output=output,
        overwrite=overwrite,
        base_dir=base_dir,
        engine=engine,
        max_lattice_nodes=parse_lattice_limit(data.get("max_lattice_nodes")),
        max_values_size=parse_values_size(data.get("max_values_size")),
        person=person,
        person_constant=person_constant,
        local_recoding=local_recoding,
        differential_privacy=dp,
    )
    if accepted_hook is not None:
        accepted_hook(data)
    return config


def load_config(
    path: str | Path,
    *,
    gate: bool = False,
    connection: Any = None,
    need_output: bool = True,
    compile_only: bool = False,
) -> Config:
    """Read and validate a YAML configuration file (the arguments as in :func:`parse_config`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as err:
        raise ConfigError(f"Cannot read configuration {str(p)!r}: {err.strerror or err}.") from None
    except UnicodeDecodeError as err:
        raise ConfigError(
            f"Configuration {str(p)!r} is not valid UTF-8 (byte 0x{err.object[err.start]:02x} at offset "
            f"{err.start}); save it with UTF-8 encoding."
        ) from None
    try:
        data = yamlfile.load(text)
    except yamlfile.YamlProblem as err:
        raise ConfigError(f"Configuration {str(p)!r} cannot be read: {err}.") from None
    config = parse_config(
        data,
        p.resolve().parent,
        gate=gate,
        connection=connection,
        need_output=need_output,
        compile_only=compile_only,
    )
    return replace(config, path=p.resolve())
