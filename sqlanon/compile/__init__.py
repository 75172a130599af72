"""Self-contained gate SQL: what ``sqlanon compile`` prints and an analyst can paste and run.

The gate (gate.py) loads each sensitive attribute's dictionary, order and ancestor tables from
Python into temp tables, and names classes by coded columns ``q0..``. Here the same criterion
templates (CheckPlan) read CTEs instead: the table, its dictionaries and numeric orders are
defined in SQL from the table itself (standalone_domain.sql), configured orders and hierarchies
are written in as VALUES, and each statement returns one criterion's violating classes under
the quasi-identifiers' own names, with their rows and measure: no rows, the criterion holds.

The statements read no value of the data into the SQL: they can be kept, shared and run again
on new data. With ``person:`` they count people as ``check`` does (compile/people.py): a
class is the people whose sets of label tuples are equal, listed by its tuples; every model,
those that read several sensitive columns at once too (each person's combinations of values
weighed in SQL, a guard statement per set of columns read). They do not
make the checks that ``check`` makes before it evaluates (every configured column present,
values covered by hierarchies and orders, numbers where a distance needs them, parameters the
table can satisfy): on data that fails those, ``check`` says why and the statements' verdicts
mean nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlglot import exp
from sqlglot.errors import ErrorLevel, UnsupportedError

from sqlanon.compile import people
from sqlanon.config import Config, TableRef
from sqlanon.config.source_query import parse_query
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.criteria.base import Criterion as BaseCriterion
from sqlanon.criteria.checks import ROWS, CheckPlan
from sqlanon.criteria.ldiversity import MultiAttributeL
from sqlanon.encode import NULL_VALUE, SensitiveDomain
from sqlanon.encode.source import refuse_pattern
from sqlanon.engines import KINDS
from sqlanon.engines.dialects import OTHER, written
from sqlanon.engines.rewriting import leftovers as leftovers_of
from sqlanon.engines.rules import UNQUOTABLE, leftovers, printed, rewrite
from sqlanon.errors import ConfigError, InputError
from sqlanon.gate.supersets import TOP
from sqlanon.hierarchy import NULL_LEAF, Hierarchy, built_from_values, load_hierarchy
from sqlanon.sql.labels import ESCAPE, from_key_sql, to_key
from sqlanon.sql.printable import comment
from sqlanon.sql.render import render_template, values_table, with_first

#: the dialects ``compile`` writes: engine kind (whose rewrite rules apply) and sqlglot dialect
TESTED = {kind: facts.dialect for kind, facts in KINDS.items()}
#: written for engines sqlanon does not run (engines/dialects.py), parsed back by the tests
UNTESTED = tuple(OTHER)
DIALECTS = (*TESTED, *UNTESTED)

#: the names the statements give their CTEs (a template's own CTEs are named otherwise)
TABLE = "sqlanon_table"
FREQUENCIES = "sqlanon_frequencies"
#: every name a CTE of compile's gets (here and in compile/release.py): a source table so
#: named would be hidden by the CTE
OWN_NAMES = re.compile(
    r"sqlanon_(table|frequencies(_rows)?|source|generalized|release|node_verdicts|node_frequencies(_rows|_own_\d+|_\d+)?"
    r"|(node_)?(tuples|weight)|members|(node_)?person_tuples|person_values|node_person_values_\d+"
    r"|node_(signatures|problems|survivors|again)|release_people"
    r"|(node_)?(reserved|dictionary|order|hierarchy|levels|ancestors)_\d+|map_\d+"
    r"|qi_hierarchy_\d+|(node_)?generalize_\d+)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Statement:
    """One criterion's self-contained check: ``sql`` returns its violating classes (None: not
    written for the dialect, ``why`` says why)."""

    criterion: str
    sql: str | None
    why: str = ""


@dataclass(frozen=True)
class Compiled:
    dialect: str
    statements: tuple[Statement, ...]
    #: with a node: the release's SELECT (the statements then gate what it returns)
    release: str | None = None
    #: the node of the release (column -> level) and where it came from
    node: tuple[tuple[str, int], ...] = ()
    node_from: str = ""
    #: with ``person:``: the person columns the statements count people by
    person: tuple[str, ...] = ()

    @property
    def tested(self) -> bool:
        return self.dialect in TESTED

    def text(self) -> str:
        """The release (with a node) and the gate statements as a script, each after a comment
        saying what it is. Every comment is one line per :func:`sqlanon.sql.printable.comment`: a
        name, label or message in it (any character) stays inside the comment."""
        tag = f"{self.dialect} dialect" + (
            f", run on {KINDS[self.dialect].name} by sqlanon's tests"
            if self.tested
            else ", written by sqlglot, not tested by sqlanon on the engine (parsed back only)"
        )
        parts = []
        if self.release is not None:
            levels = ", ".join(f"{c}={lv}" for c, lv in self.node)
            parts.append(
                _comments(
                    f"sqlanon release at the node {levels} ({self.node_from}), {tag}",
                    "the source generalized at the node, the classes violating a criterion suppressed: no",
                    "rows when the node does not meet the criteria within the suppression limit, or when a",
                    "value is not covered by its hierarchy",
                    *(
                        [
                            f"over people (told apart by {', '.join(self.person)}, never published): a class is the",
                            "people whose sets of quasi-identifier combinations are equal, suppression removes whole",
                            "people and the limit counts people; no rows also when a person column is NULL, a person's",
                            "rows disagree on a column of person.constant or the weight guard below returns a row",
                        ]
                        if self.person
                        else []
                    ),
                )
                + f"\n{self.release};"
            )
        head = f"sqlanon gate{' of that release' if self.release is not None else ''}, {tag}"
        lines = [head, "each statement returns the violating classes of one criterion: no rows, it holds"]
        if self.person:
            lines += [
                f"classes of people, told apart by {', '.join(self.person)}: a class is the people whose sets",
                "of quasi-identifier combinations are equal, one row per combination, numbered by class",
            ]
        parts.append(_comments(*lines))
        for s in self.statements:
            parts.append(
                comment(s.criterion)
                + "\n"
                + (f"{s.sql};" if s.sql is not None else comment(f"not written: {s.why}"))
            )
        return "\n\n".join(parts) + "\n"


def _comments(*lines: str) -> str:
    """Each of ``lines`` as an SQL comment line of its own."""
    return "\n".join(comment(line) for line in lines)


def check_dialect(dialect: str) -> None:
    if dialect not in DIALECTS:
        raise ConfigError(f"Unknown dialect {dialect!r}; choose one of {', '.join(DIALECTS)}.")


def compile_gate(
    config: Config,
    dialect: str,
    table: TableRef | None = None,
    release: Sequence[tuple[str, exp.Expr]] = (),
    criteria: Sequence[Criterion] | None = None,
    levels: Mapping[str, str] | None = None,
    reserved: Mapping[str, str] | None = None,
    generalized: Sequence[str] | None = None,
) -> Compiled:
    """The gate of ``config.criteria`` on ``table`` (default ``config.source``) as
    self-contained statements in ``dialect`` (one of :data:`DIALECTS`). ``release``: CTEs
    whose last one is the table to gate instead (a release's SELECT; with ``person:``, a
    relation that holds the person columns: compile --node's release over people,
    compile/release_people.py, keeps them in that relation and drops them from what it publishes). ``criteria``: the
    criterion objects of ``config.criteria``, when the caller made them; per sensitive
    attribute, ``levels``: a relation holding its hierarchy's levels, and ``reserved``: one
    holding the values its criteria name with their codes; ``generalized``: per
    quasi-identifier (in order), a relation holding its generalization table
    (standalone_generalize.sql's part "generalize"), made and checked by the caller instead of
    written from the hierarchies (all four of tools/dbt_package.py's, the dbt package's generator)."""
    check_dialect(dialect)
    # with person, the relation ``release`` ends with holds the person columns (compile --node's
    # release over people keeps them there, and drops them from what it publishes)
    person = list(config.person)
    criteria = [make_criterion(c) for c in config.criteria] if criteria is None else list(criteria)
    qis = [c.name for c in config.by_role("quasi")]
    read = table or config.source
    refuse_unquotable(
        [*qis, *person, *(a for c in criteria for a in c.attributes)]
        + ([] if release else [n for n in (read.catalog, read.schema, read.table) if n]),
        dialect,
    )
    if release:
        reads = [*release, (TABLE, exp.select("*").from_(_table(release[-1][0])))]
    else:
        relation = source_relation(read, config.engine.kind, dialect)
        reads = [(TABLE, exp.select("*").from_(as_from(relation)))]
    domains = {
        name: domain(
            config,
            criteria,
            name,
            i,
            levels=(levels or {}).get(name),
            reserved_table=(reserved or {}).get(name),
        )
        for i, name in enumerate(sorted({a for c in criteria for a in c.attributes}))
    }
    statements: list[Statement] = []
    own = people.people_ctes(TABLE, qis, person) if person else []
    guarded: set[tuple[str, ...]] = set()  # the columns whose weight has its guard statement
    for crit in criteria:
        why = unsupported(crit) or (people.unsupported(crit) if person else None)
        if why is not None:
            statements.append(Statement(_describe(len(statements), crit), None, why))
            continue
        label = _describe(len(statements), crit)
        supersets: tuple[list[tuple[str, exp.Expr]], list[dict[str, str]], list[tuple[str, exp.Select]]] = (
            [],
            [],
            [],
        )
        if crit.needs_levels:
            made = _supersets(config, qis) if generalized is None else _given_supersets(generalized)
            if isinstance(made, str):
                statements.append(Statement(label, None, made))
                continue
            supersets = made
            for column, guard in supersets[2]:
                what = (
                    f"{label}: the labels of {column!r} say which level of its hierarchy they are at (a row "
                    "here says they do not: sqlanon check refuses the table, and the statement below does "
                    "not apply; on an empty release every guard returns a row)"
                )
                try:
                    statements.append(
                        Statement(
                            what,
                            render(
                                with_first(guard, needed([*reads, *supersets[0]], guard), copy=False), dialect
                            ),
                        )
                    )
                except NotWritten as err:
                    statements.append(Statement(what, None, str(err)))
        # each statement counts the classes with only the attributes its criterion reads
        used = sorted(crit.attributes)
        columns = {a: (domains[a][0], f"s{j}") for j, a in enumerate(used)}
        if person:
            # each statement weighs the people's values of the columns its criterion reads (one,
            # or several read together: each person's combinations of values, one of each)
            weight = [people.weight_cte(TABLE, person, used)] if used else []
            if weight and tuple(used) not in guarded:
                guarded.add(tuple(used))
                if len(used) == 1:
                    counted = (
                        f"of {used[0]!r} (the least common multiple of their numbers of distinct values): a row "
                        f"here says a person has more than {people.BOUND} values"
                    )
                else:
                    counted = (
                        f"of {', '.join(map(repr, used))} read together (the least common multiple of each "
                        "person's product of their numbers of distinct values of each column): a row here says "
                        f"a person's product exceeds {people.BOUND}"
                    )
                what = (
                    f"the weight of each person's values {counted}, or the weight times the people exceeds what "
                    "is counted exactly; the statements that read it do not apply (sqlanon check says why)"
                )
                guard = people.weight_guard()
                try:
                    statements.append(
                        Statement(
                            what,
                            render(with_first(guard, needed([*reads, *weight], guard), copy=False), dialect),
                        )
                    )
                except NotWritten as err:
                    statements.append(Statement(what, None, str(err)))
            held = [{"column": a, "table": domains[a][0].table} for a in used]
            sets_ctes, sets = people.sets_ctes(TABLE, qis, person, held[0]) if len(held) == 1 else ([], None)
            # multi-attribute l-diversity reads each class's people and their rows instead
            inputs = {0: ROWS} if isinstance(crit, MultiAttributeL) else {}
            ctes = [
                *reads,
                *(cte for a in used for cte in domains[a][1]),
                *own,
                *weight,
                *supersets[0],
                *sets_ctes,
                (FREQUENCIES, people.frequencies(TABLE, qis, person, held)),
                *([(FREQUENCIES + ROWS, people.rows(TABLE, qis, person, held))] if inputs else []),
            ]
            plan = CheckPlan(
                [crit],
                [f"q{i}" for i in range(len(qis))],
                columns,
                generalization=supersets[1],
                people=bool(used),
                sets=sets if crit.needs_levels else None,
                inputs=inputs,
            )
            query = people.violations(plan, qis, FREQUENCIES)
            try:
                statements.append(
                    Statement(label, render(with_first(query, needed(ctes, query), copy=False), dialect))
                )
            except NotWritten as err:
                statements.append(Statement(label, None, str(err)))
            continue
        frequencies = render_template(
            "gate_frequencies.sql",
            published=TABLE,
            qis=qis,
            sensitive=[{"column": a, "table": domains[a][0].table} for a in used],
            null_label=NULL_VALUE,
            person=[],  # without person: each row is a person (with it: compile/people.py)
        )
        ctes = [
            *reads,
            *(cte for a in used for cte in domains[a][1]),
            *supersets[0],
            (FREQUENCIES, frequencies),
        ]
        plan = CheckPlan([crit], [f"q{i}" for i in range(len(qis))], columns, generalization=supersets[1])
        query = _violations(plan, qis)
        try:
            statements.append(
                Statement(label, render(with_first(query, needed(ctes, query), copy=False), dialect))
            )
        except NotWritten as err:
            statements.append(Statement(label, None, str(err)))
    if release:
        # an empty release passes every criterion: say that apply publishes nothing then
        empty = (
            exp.select(exp.alias_(exp.Count(this=exp.Star()), "release_rows", quoted=True))
            .from_(_table(TABLE))
            .having(exp.EQ(this=exp.Count(this=exp.Star()), expression=exp.Literal.number(0)))
        )
        what = "the release has rows: a row here means apply publishes nothing at this node"
        try:
            statements.insert(
                0, Statement(what, render(with_first(empty, needed(reads, empty), copy=False), dialect))
            )
        except NotWritten as err:
            statements.insert(0, Statement(what, None, str(err)))
    return Compiled(dialect, tuple(statements), person=tuple(person))


def _describe(index: int, crit: Criterion) -> str:
    """``criteria[i] label (params)``, and for a warn-severity criterion that it fails nothing."""
    params = ", ".join(
        f"{k}={v}" for k, v in crit.report_params().items() if k not in ("variant", "severity")
    )
    text = f"criteria[{index}] {crit.spec.label()}" + (f" ({params})" if params else "")
    return text + (" [severity warn: reported, fails nothing]" if crit.severity == "warn" else "")


def needed(ctes: Sequence[tuple[str, exp.Expr]], query: exp.Expr) -> list[tuple[str, exp.Expr]]:
    """The CTEs ``query`` reads, directly or through another of them, in their order."""
    wanted = {t.name for t in query.find_all(exp.Table)}
    out = []
    for name, relation in reversed(ctes):
        if name in wanted:
            out.append((name, relation))
            wanted |= {t.name for t in relation.find_all(exp.Table)}
    return out[::-1]


def _supersets(
    config: Config, qis: Sequence[str]
) -> tuple[list[tuple[str, exp.Expr]], list[dict[str, str]], list[tuple[str, exp.Select]]] | str:
    """The natural supersets of (n,t)-closeness: each quasi-identifier's generalization table
    (standalone_generalize.sql) and its hierarchy as CTEs, the plan's generalization entries,
    and a guard query per hierarchy, with its column (a row: the labels do not say their
    level); or why compile cannot write them."""
    ctes: list[tuple[str, exp.Expr]] = []
    generalization: list[dict[str, str]] = []
    guards: list[tuple[str, exp.Select]] = []
    for i, name in enumerate(qis):
        spec = config.column(name).hierarchy
        common: dict[str, Any] = {
            "source": TABLE,
            "column": name,
            "null_label": NULL_VALUE,
            "null_leaf": NULL_LEAF,
            "top": TOP,
            "hierarchy": None,
            "height": 0,
            "paths_table": None,
        }
        if spec is not None:
            if built_from_values(spec, config.base_dir):
                return (
                    "compile writes (n,t)-closeness with the quasi-identifiers' hierarchies in the SQL; the "
                    f"hierarchy of {name!r} is built from the column's values, which the SQL would then show. "
                    "Write it out as a tree or an ARX CSV file (or drop it: then only '*' generalizes the "
                    "column), or run sqlanon check for it."
                )
            h = load_hierarchy(name, spec, [], config.base_dir)
            common.update(hierarchy=f"sqlanon_qi_hierarchy_{i}", height=h.height)
            ctes.append((common["hierarchy"], values_table(h.rows, [f"h{j}" for j in range(h.height + 1)])))
            guard = render_template("standalone_generalize.sql", part="guard", **common)
            assert isinstance(guard, exp.Select)
            guards.append((name, guard))
        table = f"sqlanon_generalize_{i}"
        ctes.append((table, render_template("standalone_generalize.sql", part="generalize", **common)))
        generalization.append({"table": table, "level": "0"})
    return ctes, generalization, guards


def _given_supersets(
    relations: Sequence[str],
) -> tuple[list[tuple[str, exp.Expr]], list[dict[str, str]], list[tuple[str, exp.Select]]]:
    """:func:`_supersets` from generalization tables the caller made (no guards: the caller
    checks the labels)."""
    ctes: list[tuple[str, exp.Expr]] = []
    for i, relation in enumerate(relations):
        read = exp.select("*").from_(_table(relation).as_("g", quoted=True))
        ctes.append((f"sqlanon_generalize_{i}", read))
    return ctes, [{"table": name, "level": "0"} for name, _ in ctes], []


def unsupported(c: Criterion) -> str | None:
    """Why compile cannot write criterion ``c`` (None: it can)."""
    if c.kind == "delta-presence" or (c.kind == "k-map" and c.spec.params.get("estimator") == "population"):
        return (
            f"compile cannot write {c.kind} with the population table: its statements read the table alone."
        )
    if c.kind == "k-map":
        return (
            "compile cannot write k-map with an estimator: its class size k' is derived in Python (sqlanon's "
            "report gives derived_k: compile k-anonymity with that k instead)."
        )
    if type(c).setup is not BaseCriterion.setup:  # pragma: no cover - no criterion has one yet
        return f"compile cannot write {c.kind} yet: it builds lookup tables in Python."
    return None


def refuse_unquotable(names: Iterable[str], dialect: str) -> None:
    """A ConfigError for the first of ``names`` that SQL in ``dialect`` cannot quote
    (each engine's rules.py, unquotable)."""
    unquotable = OTHER[dialect].rules.unquotable if dialect in OTHER else UNQUOTABLE.get(dialect)
    if unquotable is None:
        return
    pattern, why = unquotable
    for name in names:
        if pattern.search(name):
            raise ConfigError(
                f"The name {name!r} cannot be written into {dialect} SQL: {why}, so the printed statements "
                "would read something else. Rename it (a view can give the column or table another name), "
                "or compile for another dialect."
            )


def refuse_unsupported(criteria: Sequence[Criterion]) -> None:
    """A ConfigError for the first criterion compile cannot write."""
    for c in criteria:
        why = unsupported(c)
        if why is not None:
            raise ConfigError(why)


def source_relation(ref: TableRef, engine_kind: str, dialect: str) -> exp.Expr:
    """The relation a statement reads for ``ref``, in DuckDB's dialect (canonical SQL)."""
    if ref.kind == "relation" or ref.adopted:
        # a relation of the caller's connection (adopted as a temp view for the run only)
        raise ConfigError(
            "The gate's SQL reads a table by its name; the source is a relation of the caller's connection, "
            "which has none. Make it a table or view of the connection and name that."
        )
    if ref.kind in ("table", "duckdb"):
        assert ref.table is not None
        if OWN_NAMES.fullmatch(ref.table):
            raise ConfigError(
                f"The table {ref.table!r} has a name the compiled SQL gives one of its own parts (its CTEs), "
                "so the SQL could not read it. Read it through a view of another name."
            )
        schema = ref.schema if ref.schema not in ("", "main") or ref.catalog else None
        return exp.Table(
            this=exp.to_identifier(ref.table, quoted=True),
            db=exp.to_identifier(schema, quoted=True) if schema else None,
            catalog=exp.to_identifier(ref.catalog, quoted=True) if ref.catalog else None,
        )
    if ref.kind == "query":
        assert ref.query is not None
        return exp.Subquery(this=parse_query(ref.query, TESTED.get(engine_kind, engine_kind)))
    if ref.kind in ("csv", "parquet") and dialect == "duckdb":
        # the printed SQL names the file: DuckDB would read a name holding * ? [ ] as a pattern
        refuse_pattern(ref.file, "source", "DuckDB")
    if ref.kind == "csv" and dialect == "duckdb":
        csv = ref.csv
        options = {"delim": csv.delimiter, "quote": csv.quote, "escape": csv.escape}
        return exp.Anonymous(
            this="read_csv",
            expressions=[
                exp.Literal.string(str(ref.file.resolve())),
                *(
                    exp.PropertyEQ(this=exp.var(key), expression=exp.Literal.string(value))
                    for key, value in options.items()
                ),
                exp.PropertyEQ(this=exp.var("header"), expression=exp.Boolean(this=csv.header)),
                # values as text, as sqlanon reads a CSV file (the gate compares them as text)
                exp.PropertyEQ(this=exp.var("all_varchar"), expression=exp.Boolean(this=True)),
                *(
                    [exp.PropertyEQ(this=exp.var("max_line_size"), expression=exp.Literal.number(size))]
                    if (size := csv.max_line_size) is not None
                    else []
                ),
            ],
        )
    if ref.kind == "parquet" and dialect == "duckdb":
        return exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(ref.file.resolve()))])
    raise ConfigError(
        f"compile writes SQL that reads a table; the source is {ref.describe()}, which the SQL reads only "
        "in the duckdb dialect (read_csv, read_parquet). Use --dialect duckdb, or load it into a table of "
        "the engine and name that table."
    )


def as_from(relation: exp.Expr) -> exp.Expr:
    if isinstance(relation, exp.Subquery):
        return exp.Subquery(
            this=relation.this, alias=exp.TableAlias(this=exp.to_identifier("q", quoted=True))
        )
    if isinstance(relation, exp.Table):
        return relation
    return exp.Table(this=relation)


def _reserved(criteria: Sequence[Criterion], name: str) -> list[str]:
    """The values criteria on ``name`` name (allowed / protected), each once, sorted."""
    out: set[str] = set()
    for c in criteria:
        if c.attribute == name:
            for key in ("allowed", "protected"):
                out.update(str(v) for v in c.spec.params.get(key, ()))
    return sorted(out)


def domain(
    config: Config,
    criteria: Sequence[Criterion],
    name: str,
    index: int,
    source: str = TABLE,
    prefix: str = "sqlanon_",
    levels: str | None = None,
    reserved_table: str | None = None,
) -> tuple[SensitiveDomain, list[tuple[str, exp.Expr]]]:
    """The domain of sensitive attribute ``name`` in the relation ``source``, with its tables
    as CTEs (named ``prefix`` + what they are + ``index``). ``levels``: a relation holding its
    hierarchy's levels (standalone_domain.sql's part "levels"), instead of the hierarchy
    written in as VALUES; ``reserved_table``: one holding the reserved values and their codes
    (its part "reserved"), instead of those written in."""
    spec = config.column(name)
    reserved = _reserved(criteria, name)
    common: dict[str, Any] = {
        "source": source,
        "column": name,
        "null_label": NULL_VALUE,
        "reserved": [to_key(v) for v in reserved],
    }
    dictionary = f"{prefix}dictionary_{index}"
    ctes = []
    if reserved and reserved_table is None:
        reserved_table = f"{prefix}reserved_{index}"
        ctes.append((reserved_table, render_template("standalone_domain.sql", part="reserved", **common)))
    ctes.append(
        (
            dictionary,
            render_template(
                "standalone_domain.sql", part="dictionary", reserved_table=reserved_table, **common
            ),
        )
    )
    order = ancestors = None
    height = 0
    full_domain = False
    if any(name in c.spec.ordered for c in criteria):
        order = f"{prefix}order_{index}"
        ranked = [to_key(v) for v in spec.order] if spec.order is not None else []
        full_domain = spec.order is not None
        ctes.append(
            (
                order,
                render_template(
                    "standalone_domain.sql", part="order", dictionary=dictionary, ranked=ranked, **common
                ),
            )
        )
    if any(name in c.spec.hierarchical for c in criteria):
        hierarchy = _sensitive_hierarchy(config, name)
        height = hierarchy.height
        ancestors = f"{prefix}ancestors_{index}"
        if levels is None:
            rows = f"{prefix}hierarchy_{index}"
            levels = f"{prefix}levels_{index}"
            ctes.append((rows, values_table(hierarchy.rows, [f"h{i}" for i in range(height + 1)])))
            ctes.append(
                (
                    levels,
                    render_template("standalone_domain.sql", part="levels", hierarchy=rows, height=height),
                )
            )
        ctes.append(
            (
                ancestors,
                render_template(
                    "standalone_domain.sql",
                    part="ancestors",
                    dictionary=dictionary,
                    levels=levels,
                    null_leaf=NULL_LEAF,
                    **common,
                ),
            )
        )
    # values: the reserved ones' keys, so that a criterion's codes (ldiversity.codes) are their codes
    made = SensitiveDomain(
        name, dictionary, tuple(to_key(v) for v in reserved), order, ancestors, height, full_domain
    )
    return made, ctes


def _sensitive_hierarchy(config: Config, name: str) -> Hierarchy:
    """A sensitive column's hierarchy, when it is a file (a builder's depends on the values,
    which the statements would then print)."""
    spec = config.column(name).hierarchy
    if spec is None:
        raise ConfigError(f"Hierarchical distance on {name!r} needs a hierarchy on that column.")
    if not built_from_values(spec, config.base_dir):
        return load_hierarchy(name, spec, [], config.base_dir)
    raise ConfigError(
        f"compile writes hierarchies into the SQL; the hierarchy of sensitive column {name!r} is built from "
        "the column's values, which the SQL would then show. Write it out as a tree ({type: tree, tree: "
        "...}) or as an ARX CSV file (one line per value: the value, then its label at each level) and give "
        "that as the column's hierarchy."
    )


def _table(name: str) -> exp.Table:
    """The relation ``name`` (one quoted identifier)."""
    return exp.Table(this=exp.to_identifier(name, quoted=True))


def _col(name: str, table: str | None = None) -> exp.Column:
    return exp.column(
        exp.to_identifier(name, quoted=True), table=exp.to_identifier(table, quoted=True) if table else None
    )


def output_names(qis: Sequence[str]) -> tuple[str, str]:
    """The names of the class-size and measure columns: ``rows`` and ``observed``, with
    underscores added while a quasi-identifier has that name."""
    rows, observed = "rows", "observed"
    while rows in qis:
        rows += "_"
    while observed in qis:
        observed += "_"
    return rows, observed


def _violations(plan: CheckPlan, qis: Sequence[str]) -> exp.Select:
    """The plan's one criterion's violating classes over the frequency CTE: the
    quasi-identifiers under their names (NULL as NULL), the class's rows and measure."""
    rows, observed = output_names(qis)
    labels = [
        exp.alias_(from_key_sql(_col(key, "v")), name, quoted=True)
        for key, name in zip(plan.keys, qis, strict=True)
    ]
    measures = [
        exp.alias_(_col("size", "v"), rows, quoted=True),
        exp.alias_(_col("v0", "v"), observed, quoted=True),
    ]
    return plan.violations(FREQUENCIES, 0, [*labels, *measures])


def _null_label(node: exp.Expr) -> exp.Expr:
    """A text literal holding U+001E (the NULL label and the keys' escape, control characters a
    terminal or a clipboard may drop) written with ``CHR(30)``: ``(CHR(30) || 'NULL' ||
    CHR(30))``."""
    if isinstance(node, exp.Literal) and node.is_string and ESCAPE in node.this:
        parts: list[exp.Expr] = []
        for i, text in enumerate(node.this.split(ESCAPE)):
            if i:
                parts.append(exp.func("CHR", exp.Literal.number(ord(ESCAPE))))
            if text:
                parts.append(exp.Literal.string(text))
        joined = parts[0]
        for part in parts[1:]:
            joined = exp.DPipe(this=joined, expression=part, safe=True)
        return exp.Paren(this=joined) if len(parts) > 1 else joined
    return node


class NotWritten(Exception):
    """A statement sqlanon cannot write for a dialect it does not test (the reason)."""


def render(query: exp.Expr, dialect: str) -> str:
    """``query`` (DuckDB's dialect) as text in ``dialect``: a tested engine's rewrite rules
    first, as the engine's own statements get them, then its rules for printed SQL (string
    literals that mean the same whatever the session's settings, each engine's rules.py, printed);
    for another dialect its rules (engines/dialects.py), and :class:`NotWritten` when a
    DuckDB-only construct is left or sqlglot cannot translate a construct."""
    tree = query.transform(_null_label)
    for node in tree.walk():
        node.comments = None  # the templates' header comments: the statement says what it is
    if dialect == "duckdb":  # the tree is render's own copy: generating it need not copy it again
        return tree.sql(dialect="duckdb", pretty=True, copy=False)
    if dialect in OTHER:
        tree = written(tree, dialect, copy=False)  # render's own copy
        left = leftovers_of(tree, OTHER[dialect].rules)
        if left:
            raise NotWritten(f"it needs {', '.join(left)}, which no rule of sqlanon's writes for {dialect}")
        generator = OTHER[dialect].sqlglot
    else:
        tree = rewrite(tree, dialect, copy=False)  # render's own copy
        left = leftovers(tree, dialect)
        if left:  # pragma: no cover - the check templates use none
            raise ConfigError(f"The gate needs {', '.join(left)}, which {dialect} does not run.")
        tree = printed(tree, dialect)
        generator = TESTED[dialect]
    try:
        return tree.sql(dialect=generator, pretty=True, unsupported_level=ErrorLevel.RAISE, copy=False)
    except UnsupportedError as err:
        raise NotWritten(f"sqlglot cannot write it for {dialect}: {err}") from None


def report_sql(config: Config, table: TableRef, released: bool = False) -> dict[str, str]:
    """What a report says under ``sql``: the gate of ``table`` as ``compile`` writes it in the
    engine's dialect, or why it cannot be written. ``released``: ``table`` is a release sqlanon
    wrote (with ``person:`` it holds no person column to count people by)."""
    if config.person and released:
        return {
            "gate_not_written": (
                "the release holds no person column, so no SQL run on it can count its people; its gate over "
                "people is the one this run made before writing it (sqlanon compile of the source, with "
                "person, prints the gate of the source over people)"
            )
        }
    try:
        return {"gate": compile_gate(config, config.engine.kind, table).text()}
    except InputError as err:
        return {"gate_not_written": str(err)}


__all__ = ["DIALECTS", "Compiled", "Statement", "compile_gate", "output_names", "report_sql"]
