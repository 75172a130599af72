"""The keys of the configuration's own sections as data (:class:`sqlanon.keys.Key`): the top
level, a column, the CSV options and the forms of a source or output. ``parse_config`` and its
helpers read their names, choices and defaults here; :mod:`sqlanon.config.schema` builds the
JSON Schema from them. The other sections' tables live beside their parsers: ``criteria.PARAMS``,
``audit.KEYS``, ``risk.KEYS``, ``person.KEYS``, and each engine kind's ``Kind.keys``."""

from __future__ import annotations

from sqlanon import keys
from sqlanon.config import audit, dp, person, recoding, risk
from sqlanon.config.limits import MIN_VALUES_SIZE
from sqlanon.engines.settings import MAX_LINE_SIZE
from sqlanon.keys import Key, Schema

ROLES = ("identifier", "quasi", "sensitive", "insensitive")
METRICS = ("precision", "discernibility", "aecs", "height", "loss", "nu-entropy")
#: the metrics that weigh quasi-identifiers by their ``weight`` (a weighted mean over them)
WEIGHTED_METRICS = ("precision", "loss")
#: the metrics of a partition-based (Mondrian) release; gcp is its default
MONDRIAN_METRICS = ("gcp", "ncp", "discernibility", "aecs")
#: the lattice searches, and the partition search
LATTICE_SEARCHES = ("optimal", "incognito", "exhaustive")
SEARCHES = (*LATTICE_SEARCHES, "mondrian")
#: where the lattice search runs (``search_in:``): in embedded DuckDB when the encoded tables
#: are small enough to copy, else in the engine (``auto``, the default); in the engine; or in
#: embedded DuckDB whatever their size (``local``)
SEARCH_PLACES = ("auto", "engine", "local")
#: what ``apply`` does when its node does not satisfy the criteria on the data (``apply_fallback:``):
#: publish nothing, or search as ``anonymize`` does
APPLY_FALLBACKS = ("none", "search")
#: the default ``warn_suppressed``: the report warns above this share of suppressed rows
WARN_SUPPRESSED = 0.05
#: how Mondrian cuts a quasi-identifier: at the median of its values, or one hierarchy level down
SPLITS = ("median", "hierarchy")
#: microaggregation functions of a quasi-identifier (ARX's MicroAggregationFunction, less geometric mean)
AGGREGATES = ("mean", "median", "mode", "interval")
FORMATS = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet"}
#: the formats of a folder source or output (``{path: folder, format: ...}``)
FOLDER_FORMATS = ("parquet", "csv")


def _any_case(text: str) -> str:
    """A regular expression matching ``text`` in any case (JSON Schema's patterns have no flag)."""
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in text)


#: a path whose extension names its format
FILE_PATH: Schema = {
    "type": "string",
    "pattern": r"\.(" + "|".join(_any_case(ext[1:]) for ext in FORMATS) + ")$",
    "description": "a .csv or .parquet file, relative to the configuration's folder",
}
_CHARACTER: Schema = {"type": "string", "minLength": 1, "maxLength": 1}

CSV_KEYS = (
    Key("delimiter", _CHARACTER, default=","),
    Key("quote", _CHARACTER, default='"'),
    Key("escape", _CHARACTER, default='"'),
    Key("header", keys.boolean(), default=True),
    Key("max_line_size", {**keys.whole(1), "maximum": MAX_LINE_SIZE}, description="bytes", blank=True),
)
#: ``{file: path, csv: {...}}``
FILE_KEYS = (Key("file", FILE_PATH, required=True), Key("csv", {"$ref": "#/$defs/csv"}))
#: ``{path: folder, format: parquet|csv}``: a folder of part files (Spark)
FOLDER_KEYS = (
    Key("path", keys.text(), required=True, description="a folder of part files (Spark)"),
    Key("format", keys.enum(FOLDER_FORMATS), required=True),
)
#: ``{table: schema.name}``: a table of the engine's database
TABLE_KEYS = (
    Key("table", keys.text(), required=True, description="name, schema.name or catalog.schema.name"),
)
#: ``{database: file.duckdb, table: name}``
DATABASE_KEYS = (
    Key("database", keys.text(), required=True, description="a DuckDB database file"),
    Key("table", keys.text(), required=True),
)
#: ``{query: SELECT ...}`` (a source or a population, never an output)
QUERY_KEYS = (
    Key("query", keys.text(), required=True, description="one SELECT statement in the engine's SQL"),
)

_HIERARCHY: Schema = keys.any_of(
    {"type": "string", "minLength": 1, "description": "a CSV file of the hierarchy, or builtin:NAME"},
    {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"type": "string"}},
        "description": "a builder: {type: intervals | mask | dates | tree, ...}",
    },
)
COLUMN_KEYS = (
    Key("role", keys.enum(ROLES), required=True),
    Key("hierarchy", _HIERARCHY),
    Key(
        "order",
        {"type": "array", "minItems": 1, "items": {"type": ["string", "number", "boolean"]}},
        description="the column's values in order",
        blank=True,
    ),
    Key("split", keys.enum(SPLITS), description="search mondrian: how to cut the column", blank=True),
    Key(
        "max_level",
        keys.whole(0),
        description="the highest level of its hierarchy the release may use",
        blank=True,
    ),
    Key(
        "weight",
        keys.number(0, open_low=True),
        description="its weight in the precision and loss metrics",
        blank=True,
    ),
    Key(
        "aggregate",
        keys.enum(AGGREGATES),
        description="microaggregation: publish this aggregate of the class's original values instead of the label",
        blank=True,
    ),
)

_NAMES: Schema = {"type": "array", "minItems": 1, "uniqueItems": True, "items": keys.text()}

#: every key of the top level
TOP_KEYS = (
    Key("source", {"$ref": "#/$defs/source"}, required=True, description="the table to read"),
    Key("csv", {"$ref": "#/$defs/csv"}, description="the CSV options of a .csv source", blank=True),
    Key(
        "columns",
        {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": keys.any_of(keys.enum(ROLES), {"$ref": "#/$defs/column"}),
        },
        required=True,
        description="column name -> its role (and hierarchy)",
    ),
    Key(
        "criteria",
        {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/criterion"}},
        description="the privacy models the release must satisfy (required unless differential_privacy)",
    ),
    Key(
        "differential_privacy",
        keys.mapping(dp.KEYS),
        description="(epsilon, delta)-differential privacy as SafePub defines it, instead of criteria",
        blank=True,
    ),
    Key(
        "suppression_limit",
        keys.number(0, 1),
        default=0.0,
        description="the largest share of rows suppressed",
    ),
    Key("metric", keys.enum(METRICS), default="precision", when=("search", LATTICE_SEARCHES)),
    Key("metric", keys.enum(MONDRIAN_METRICS), default="gcp", when=("search", ("mondrian",))),
    Key("search", keys.enum(SEARCHES), default="optimal"),
    Key("search_in", keys.enum(SEARCH_PLACES), default="auto"),
    Key("apply_fallback", keys.enum(APPLY_FALLBACKS), default="none"),
    Key("warn_suppressed", keys.number(0, 1), default=WARN_SUPPRESSED),
    Key(
        "local_recoding",
        keys.any_of(keys.boolean(), keys.mapping(recoding.KEYS)),
        description="search the rows a node suppresses again, with their own node",
        blank=True,
    ),
    Key(
        "risk",
        keys.mapping(risk.KEYS),
        description="the threshold of records at risk and the risk limits",
        blank=True,
    ),
    Key(
        "population",
        {"$ref": "#/$defs/source"},
        description="the population the table is a sample of",
        blank=True,
    ),
    Key(
        "audit",
        keys.mapping(audit.KEYS),
        description="the parameters of the attacks sqlanon audit measures",
        blank=True,
    ),
    Key("output", {"$ref": "#/$defs/output"}, description="where to write the release", blank=True),
    Key("overwrite", keys.boolean(), default=False),
    Key(
        "engine",
        {"$ref": "#/$defs/engine"},
        description="the engine that runs the SQL (default: DuckDB)",
        blank=True,
    ),
    Key("max_lattice_nodes", keys.whole(1), blank=True),
    Key(
        "max_values_size",
        keys.any_of(keys.whole(MIN_VALUES_SIZE), {"type": "string", "pattern": r"^\s*[0-9]"}),
        description="a size such as 256MB or 1GiB",
        blank=True,
    ),
    Key(
        "person",
        keys.any_of(keys.text(), _NAMES, keys.mapping(person.KEYS)),
        description="the column(s) identifying the individual a row is about",
        blank=True,
    ),
)
