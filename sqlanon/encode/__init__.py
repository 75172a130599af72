"""Encode the source once: dimension tables per quasi-identifier, sensitive dictionaries and the
bottom frequency table of the lattice.

Dimension tables (all temporary, all keyed by small integers; one table of each kind holds
every quasi-identifier's rows, told apart by ``q INT``, the QI's index, and a QI reads its
:class:`~sqlanon.sql.render.Part`):

* ``dim``   (leaf VARCHAR, code INT): level-0 code of every hierarchy leaf;
* ``up``    (lf INT, cf INT, lt INT, ct INT): code ``cf`` at level ``lf`` generalizes to code
  ``ct`` at level ``lt`` (all pairs ``lf <= lt``), so a roll-up is a join on integer keys;
* ``labels`` (lvl INT, code INT, label VARCHAR, leaves BIGINT): the label of each code and the
  number of hierarchy leaves below it (for the loss metric).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlanon import redact
from sqlanon.config import ColumnSpec, Config
from sqlanon.config.criteria import CriterionSpec, reads_population
from sqlanon.config.limits import DEFAULT_MAX_VALUES_SIZE, PER_ITEM, QiLevels, check_lattice, size_text
from sqlanon.encode.numeric import check_numeric
from sqlanon.encode.people import check_tuple_ids, crossed, holders, person_weight, profile_people
from sqlanon.encode.population import encode_population
from sqlanon.encode.source import read_table
from sqlanon.engines import Engine, Load
from sqlanon.errors import DataError, EngineError, HierarchyError, InputError, brief
from sqlanon.hierarchy import NULL_LEAF, Hierarchy, load_hierarchy
from sqlanon.numbers import parse_number
from sqlanon.sql.labels import NULL_VALUE as NULL_VALUE
from sqlanon.sql.labels import from_key, to_key
from sqlanon.sql.render import Part, render_template


@dataclass(frozen=True)
class QiDimension:
    """A quasi-identifier's hierarchy and its parts of the dimension tables."""

    column: str
    hierarchy: Hierarchy
    dim: Part
    up: Part
    labels: Part

    @property
    def height(self) -> int:
        return self.hierarchy.height


@dataclass(frozen=True)
class SensitiveDomain:
    """Dictionary of one sensitive attribute: ``table`` (value VARCHAR, code INT).

    ``order`` (s INT, pos INT) ranks codes for ordered distance; ``ancestors`` (s INT, lvl INT,
    node INT) lists each code's hierarchy nodes below the root for hierarchical distance.
    ``full_domain`` says the ordered domain is the whole ``order`` table (an explicit order),
    not only the values present.
    """

    column: str
    table: str
    values: tuple[str, ...]
    order: str | None = None
    ancestors: str | None = None
    height: int = 0
    full_domain: bool = False


@dataclass(frozen=True)
class Encoded:
    source: str
    #: the units the search counts: the source's rows, or its people with ``person:`` (the
    #: frequency table's n counts the same units)
    rows: int
    qis: tuple[QiDimension, ...]
    sensitive: tuple[SensitiveDomain, ...]
    freq: str
    freq_rows: int = 0
    #: the source's rows (``rows`` unless ``person:`` is set)
    source_rows: int | None = None
    #: the person columns (``person:``); empty: each row is a person
    person: tuple[str, ...] = ()
    #: the quasi-identifiers some person's rows disagree on: then ``freq`` is the table of each
    #: person's level-0 tuples (encode_members.sql: g, q0..) and ``persons`` numbers the people
    #: (person_codes.sql); empty: ``freq`` counts people per tuple (or rows, without person)
    varying: tuple[str, ...] = ()
    persons: str | None = None
    #: with ``person:`` and a sensitive model: the weight each person's values share (the
    #: least common multiple of their numbers of values); ``freq`` then holds n, c and np
    #: (_people_values.sql). None otherwise.
    weight: int | None = None
    #: people whose quasi-identifiers vary, with a sensitive model: each person's values
    #: (encode_person_values.sql: g, s0, n, c, np), joined to their class at every node
    values: str | None = None
    values_rows: int = 0
    #: multi-attribute l-diversity over people: each person's distinct (level-0 tuple, codes of
    #: the sensitive columns) (encode_members.sql with several: g, q0.., s0..); the people are
    #: then classed by their sets of tuples (``by_sets``) even when the tuples are constant
    person_rows: str | None = None
    person_rows_count: int = 0
    #: the population's persons per level-0 combination (population_frequencies.sql: q0.., n),
    #: when a criterion reads the population table (sqlanon.encode.population); else None
    population: str | None = None
    population_rows: int = 0
    #: the population as read (a temp table), when it was encoded: the gate reads it again
    #: from here instead of reading the file or table twice
    population_read: str | None = None

    @property
    def by_sets(self) -> bool:
        """Whether ``freq`` is the table of each person's tuples, classed at every node by their
        sets (rollup_people.sql): quasi-identifiers that vary, or ``person_rows``."""
        return bool(self.varying) or self.person_rows is not None

    @property
    def radix(self) -> list[int]:
        """Per quasi-identifier, its level-0 code count (the tuple numbers' radixes)."""
        return [max(1, len(d.hierarchy.labels(0))) for d in self.qis]

    @property
    def unit(self) -> str:
        """What ``rows`` and the frequency table count: "rows", or "people" with ``person:``."""
        return "people" if self.person else "rows"

    @property
    def rows_in(self) -> int:
        """The source's rows."""
        return self.rows if self.source_rows is None else self.source_rows


#: a column's distinct values (as text; NULL as None) with their rows
Profile = list[tuple[str | None, int]]


def column_profile(
    engine: Engine, source: str, column: str, weight: str | None = None, *, limit: int
) -> Profile:
    """(value as text, rows) for each distinct value of ``column``; NULL as None.

    ``weight`` names a count column when ``source`` is a grouped table. ``limit``: the most
    text the column may bring into Python (``max_values_size``: each value's characters plus
    :data:`~sqlanon.config.limits.PER_ITEM`); above it a :class:`DataError` is raised and no value
    leaves the engine.
    """
    rows = engine.fetchall(
        render_template(
            "column_profile.sql", source=source, column=column, weight=weight, limit=limit, per_item=PER_ITEM
        )
    )
    if rows and int(rows[0][2]) > limit:
        raise values_too_large([(column, int(rows[0][2]), int(rows[0][3]))], limit)
    return [(r[0], int(r[1])) for r in rows]


def column_profiles(
    engine: Engine, source: str, columns: Sequence[str], weight: str | None = None, *, limit: int
) -> dict[str, Profile]:
    """``column_profile`` of each of ``columns``, from one scan of ``source`` (``limit``: per
    column, as there; the columns over it are named together in one error)."""
    if not columns:
        return {}
    rows = engine.fetchall(
        render_template(
            "column_profiles.sql",
            source=source,
            columns=list(columns),
            weight=weight,
            limit=limit,
            per_item=PER_ITEM,
        )
    )
    m = len(columns)
    out: dict[str, Profile] = {c: [] for c in columns}
    over: dict[str, tuple[str, int, int]] = {}
    for row in rows:
        i = [int(g) for g in row[:m]].index(0)
        size, count = int(row[-2]), int(row[-1])
        if size > limit:
            over[columns[i]] = (columns[i], size, count)
        else:
            out[columns[i]].append((row[m + i], int(row[-3])))
    if over:
        raise values_too_large([over[c] for c in columns if c in over], limit)
    for profile in out.values():  # as column_profile.sql orders them: NULL first, then by value
        profile.sort(key=lambda item: (item[0] is not None, item[0] or ""))
    return out


def values_too_large(columns: Sequence[tuple[str, int, int]], limit: int) -> DataError:
    """The error for columns (name, size, distinct values) whose values exceed ``limit``."""
    named = "; ".join(
        f"column {brief(name)} has {count:,} distinct values whose text comes to {size_text(size)}"
        for name, size, count in columns
    )
    return DataError(
        f"{named[0].upper()}{named[1:]} (each value's characters plus {PER_ITEM}), above max_values_size "
        f"({size_text(limit)}): sqlanon reads a column's distinct values into Python to build and check its "
        "hierarchy or dictionary, so it stopped before reading them. Coarsen the column in a query source "
        "(source: {query: ...}: round a number, cut a long text), or raise max_values_size if this machine has "
        "the memory (Python holds a few times that size)."
    )


def unmatched(
    engine: Engine, source: str, column: str, lookup: str, key: str, weight: str | None = None
) -> list[tuple[str, int]]:
    """The values of ``column`` (NULL as '') missing from ``lookup.key``, with their rows, in
    SQL. Encoding checks coverage from the column's profile instead (:func:`_uncovered`); this
    query is kept as the tests' reference for it."""
    sql = render_template(
        "unmatched_values.sql", source=source, column=column, lookup=lookup, key=key, weight=weight
    )
    return [(r[0], int(r[1])) for r in engine.fetchall(sql)]


def _uncovered(profile: Profile, leaves: set[str]) -> list[tuple[str, int]]:
    """The values of ``profile`` that are not ``leaves`` (NULL as ''), most rows first, as
    unmatched_values.sql lists them."""
    missing = [(NULL_LEAF if v is None else v, n) for v, n in profile]
    missing = [(v, n) for v, n in missing if v not in leaves]
    merged: dict[str, int] = {}
    for v, n in missing:
        merged[v] = merged.get(v, 0) + n
    return sorted(merged.items(), key=lambda item: (-item[1], item[0]))


def coverage_problem(h: Hierarchy, profile: Profile) -> InputError | None:
    """Why the quasi-identifier hierarchy ``h`` does not cover its column (``profile``), or
    None when it does: a :class:`DataError` for NULLs it does not map, a
    :class:`HierarchyError` naming the values it misses (quasi-identifier values may be named)."""
    missing = _uncovered(profile, {row[0] for row in h.rows})
    if not missing:
        return None
    nulls = [m for m in missing if m[0] == NULL_LEAF]
    if nulls and len(missing) == 1:
        return DataError(
            f"Quasi-identifier {h.column!r} has {nulls[0][1]} NULL (missing) values and its hierarchy "
            f"({h.origin}) does not map them. Map them, or clean the data: in an ARX CSV file, add a "
            "row whose value is empty (e.g. ';missing;*'); in an intervals, mask or dates builder, add "
            'missing: LABEL (e.g. missing: unknown); in a tree, add the leaf "" or null (~).'
        )
    total = sum(n for _, n in missing)
    return HierarchyError(
        f"The hierarchy for column {h.column!r} ({h.origin}) does not cover {len(missing)} value(s) "
        f"found in {total} source rows: {redact.counted(missing, hidden=False)}. Add them to the hierarchy."
    )


def raise_all(problems: Sequence[InputError]) -> None:
    """Raise the problems found in several columns as one error (all of them in one message)."""
    if not problems:
        return
    if len(problems) == 1:
        raise problems[0]
    kind = DataError if all(isinstance(p, DataError) for p in problems) else HierarchyError
    raise kind(f"{len(problems)} columns cannot be encoded: " + " ".join(str(p) for p in problems))


#: the columns of each kind of dimension table (besides "q", the QI's index)
DIM_COLUMNS = ("leaf", "code")
UP_COLUMNS = ("lf", "cf", "lt", "ct")
LABEL_COLUMNS = ("lvl", "code", "label", "leaves")


def materialize_hierarchies(engine: Engine, hierarchies: Sequence[Hierarchy]) -> list[QiDimension]:
    """Load ``hierarchies`` (one per quasi-identifier, in order) as dimension tables: one table
    per kind holding every QI's rows (a few statements per run, not per QI); each QI's
    :class:`QiDimension` reads its part of them (:class:`~sqlanon.sql.render.Part`)."""
    path_q: list[int] = []
    path_leaf: list[int] = []
    path_lvl: list[int] = []
    path_code: list[int] = []
    name_q: list[int] = []
    name_lvl: list[int] = []
    name_code: list[int] = []
    name_label: list[str] = []
    for q, h in enumerate(hierarchies):
        height = h.height
        labels_at = [h.labels(level) for level in range(height + 1)]
        codes = [{label: i for i, label in enumerate(names)} for names in labels_at]
        coded = [[codes[lv][row[lv]] for row in h.rows] for lv in range(height + 1)]
        # every leaf's path (its ancestor code at each level) and every level's names: dim, up
        # and labels are derived from them in SQL
        path_q += [q] * (len(h.rows) * (height + 1))
        path_leaf += coded[0] * (height + 1)
        path_lvl += [lv for lv in range(height + 1) for _ in h.rows]
        path_code += [c for col in coded for c in col]
        name_q += [q] * sum(len(level) for level in labels_at)
        name_lvl += [lv for lv, level in enumerate(labels_at) for _ in level]
        name_code += [i for level in labels_at for i in range(len(level))]
        name_label += [label for level in labels_at for label in level]
    dim, paths, names = engine.temp_name("dim"), engine.temp_name("paths"), engine.temp_name("names")
    up, labels = engine.temp_name("up"), engine.temp_name("labels")
    engine.load_tables(
        [
            Load(
                paths,
                [("q", "INTEGER"), ("leaf", "INTEGER"), ("lvl", "INTEGER"), ("code", "INTEGER")],
                [path_q, path_leaf, path_lvl, path_code],
            ),
            Load(
                names,
                [("q", "INTEGER"), ("lvl", "INTEGER"), ("code", "INTEGER"), ("label", "VARCHAR")],
                [name_q, name_lvl, name_code, name_label],
            ),
        ],
        then=[
            (name, render_template("hierarchy_tables.sql", paths=paths, names=names, part=part))
            for name, part in ((dim, "dim"), (up, "up"), (labels, "labels"))
        ],
    )
    # paths and names stay until the engine closes (temp tables): dropping them costs two
    # statements and frees little (a few rows per hierarchy leaf)
    return [
        QiDimension(
            h.column,
            h,
            Part(dim, q, DIM_COLUMNS),
            Part(up, q, UP_COLUMNS),
            Part(labels, q, LABEL_COLUMNS),
        )
        for q, h in enumerate(hierarchies)
    ]


def _numeric_order(column: str, values: Sequence[str], needed_by: str = "", hidden: bool = True) -> list[str]:
    bad = []
    keyed = []
    for v in values:
        number = parse_number(v)
        if number is None:
            bad.append(from_key(v) or "")  # a NULL is refused before (sensitive_problems)
        else:
            keyed.append((number, v))
    if bad:
        raise DataError(
            f"Ordered distance on column {column!r}{needed_by} needs numeric values or an explicit order, but it "
            f"holds {redact.values(bad, hidden=hidden)} that are not numbers. Add order: [...] to the column "
            "listing every value smallest first."
        )
    return [v for _, v in sorted(keyed)]


def sensitive_problems(
    spec: ColumnSpec, hierarchy: Hierarchy | None, need_order: bool, profile: Profile, hidden: bool = True
) -> list[InputError]:
    """Why a sensitive column's ``order`` or hierarchy does not cover its values (``profile``).
    With ``hidden`` (not asked for) a message counts the values it cannot place instead of
    naming them: they are sensitive. NULL is a value of its own: a hierarchy maps it with its
    empty leaf, an order cannot place it."""
    problems: list[InputError] = []
    nulls = sum(n for v, n in profile if v is None)
    if need_order and nulls:
        problems.append(
            DataError(
                f"Sensitive column {spec.name!r} has {nulls} NULL (missing) values, which have no place in "
                "the order that ordered distance needs; fill them with a value of the order or remove "
                "those rows."
            )
        )
    if need_order and spec.order is not None:
        listed = set(spec.order)
        missing = [(v, n) for v, n in profile if v is not None and v not in listed]
        if missing:
            problems.append(
                DataError(
                    f"The order given for sensitive column {spec.name!r} does not list "
                    f"{redact.counted(missing, hidden=hidden)}; list every value."
                )
            )
    if hierarchy is not None:
        leaves = {row[0] for row in hierarchy.rows}
        missing = [
            (NULL_LEAF if v is None else v, n)
            for v, n in profile
            if (NULL_LEAF if v is None else v) not in leaves
        ]
        if missing:
            problems.append(
                HierarchyError(
                    f"The hierarchy for sensitive column {spec.name!r} ({hierarchy.origin}) does not cover "
                    f"{redact.counted(missing, hidden=hidden)}. Add them to the hierarchy (NULL maps to its "
                    "leaf with an empty value)."
                )
            )
    return problems


def sensitive_domain(
    engine: Engine,
    source: str,
    spec: ColumnSpec,
    hierarchy: Hierarchy | None,
    need_order: bool,
    needed_by: str = "",
    profile: Profile | None = None,
    reveal: bool = False,
    limit: int = DEFAULT_MAX_VALUES_SIZE,
) -> SensitiveDomain:
    """Build the dictionary (and order/ancestor tables when needed) of one sensitive column
    (``profile``: the column's, when already known; else read, within ``limit``, see
    :func:`column_profile`). The dictionary holds the values' keys
    (:func:`sqlanon.sql.labels.to_key`): NULL is a value of its own, written :data:`NULL_VALUE`,
    and no text is taken for it. ``reveal``: messages may name the column's values (the user
    asked for them)."""
    if profile is None:
        profile = column_profile(engine, source, spec.name, limit=limit)
    raise_all(sensitive_problems(spec, hierarchy, need_order, profile, hidden=not reveal))
    values = tuple(sorted(to_key(None if v is None else str(v)) for v, _ in profile))
    table = engine.temp_name("sdict")
    # the dictionary, the order and the ancestors: loaded together at the end
    loads = [
        Load(table, [("value", "VARCHAR"), ("code", "INTEGER")], [list(values), list(range(len(values)))])
    ]
    code = {v: i for i, v in enumerate(values)}
    order = ancestors = None
    full_domain = False
    height = 0
    if need_order:
        if spec.order is not None:
            ranked = [to_key(v) for v in spec.order]
            full_domain = True
            # values listed in the order but absent from the data still belong to the domain
            for v in ranked:
                code.setdefault(v, len(code))
        else:
            ranked = _numeric_order(spec.name, values, needed_by, hidden=not reveal)
        order = engine.temp_name("order")
        loads.append(
            Load(
                order,
                [("s", "INTEGER"), ("pos", "INTEGER")],
                [[code[v] for v in ranked], list(range(1, len(ranked) + 1))],
            )
        )
    if hierarchy is not None:
        leaf_rows = {row[0]: row for row in hierarchy.rows}
        height = hierarchy.height
        node_ids: dict[tuple[int, str], int] = {}
        rows: list[tuple[int, int, int]] = []
        for v in values:
            text = from_key(v)
            path = leaf_rows[NULL_LEAF if text is None else text]
            for lvl in range(height):
                nid = node_ids.setdefault((lvl, path[lvl]), len(node_ids))
                rows.append((code[v], lvl, nid))
        ancestors = engine.temp_name("anc")
        loads.append(
            Load(
                ancestors,
                [("s", "INTEGER"), ("lvl", "INTEGER"), ("node", "INTEGER")],
                [list(col) for col in zip(*rows, strict=True)],
            )
        )
    engine.load_tables(loads)
    return SensitiveDomain(spec.name, table, values, order, ancestors, height, full_domain)


def needed_for_order(criteria: Sequence[CriterionSpec], column: str) -> str:
    """' (for criteria[i] kind (distance), ...)': which criteria rank ``column``'s values."""
    who = [c.origin or f"criteria[{i}] {c.label()}" for i, c in enumerate(criteria) if column in c.ordered]
    return f" (for {', '.join(who)})" if who else ""


def check_columns(engine: Engine, table: str, config: Config, what: str, gate: bool = False) -> None:
    """Every configured column exists in ``table`` and every column of ``table`` has a role.

    ``gate``: the table is a release being checked, whose identifier columns should be gone
    (their absence is fine; the gate fails a table that still holds one)."""
    check_names([name for name, _ in engine.columns(table)], config, what, gate)


def check_names(present: list[str], config: Config, what: str, gate: bool = False) -> None:
    """:func:`check_columns` on the column names ``present`` in the ``what``."""
    configured = [c.name for c in config.columns] + list(config.person)
    absent = [p for p in config.person if p not in present]
    if absent:
        raise DataError(
            f"The person column {absent[0]!r} is not in the {what} (it has {present}); sqlanon counts the "
            "people of every class by it. Fix the name in person: (names are case-sensitive)."
        )
    missing = [
        c.name for c in config.columns if c.name not in present and not (gate and c.role == "identifier")
    ]
    if missing:
        raise DataError(
            f"Column(s) {missing} are configured but not in the {what} (it has {present}). "
            "Fix the names in the configuration (they are case-sensitive)."
        )
    extra = [c for c in present if c not in configured]
    if extra:
        raise DataError(
            f"The {what} has column(s) {extra} with no role. Give each a role (identifier to drop it, "
            "insensitive to keep it unchanged) so nothing is published by accident."
        )


def encode(
    engine: Engine, config: Config, source: str, reveal: bool = False, search: str | None = None
) -> Encoded:
    """Load hierarchies, validate them against the data and build the bottom frequency table.

    Two scans of the source: one profiles every column the search needs (GROUPING SETS: the
    values the hierarchies are built from and checked against), one joins it to the dimension
    tables into the bottom frequency table; every later step of the search reads that table.
    (Grouping the source into its distinct combinations first, as earlier versions did, pays
    only when rows repeat: on Adult x100, 3M rows in 11k combinations, 0.36 s against 0.69 s
    without; on 10M generated rows in 9.76M combinations 10.0 s against 6.1 s; a 100M run with
    the group step had spilled 30 GB by the time its benchmark stopped it.) Every column's
    coverage problems are reported together, in one error. ``reveal``: messages may name
    sensitive values (the user asked for them). ``search``: the lattice search the run will
    walk (None: none, as for ``apply``; "mondrian": no lattice, and the population, when there
    is one, is only read: Mondrian encodes it itself); its lattice is checked against
    ``max_lattice_nodes`` as soon as the hierarchies are built, before the dimension tables and
    the frequency table are made (:func:`sqlanon.config.limits.check_lattice`).
    """
    check_columns(engine, source, config, "source")
    aggregated = [(c.name, c.aggregate) for c in config.columns if c.aggregate is not None]
    if aggregated:  # microaggregation's numbers, before any search
        check_numeric(engine, source, aggregated)
    referenced = {a for c in config.criteria for a in c.attributes}
    quasi = config.by_role("quasi")
    checked = [s for s in config.by_role("sensitive") if s.name in referenced]
    profiles = column_profiles(
        engine, source, [c.name for c in [*quasi, *checked]], limit=config.max_values_size
    )
    problems: list[InputError] = []
    hierarchies = []
    for spec in quasi:
        profile = profiles[spec.name]
        values = [v for v, _ in profile if v is not None]
        if spec.hierarchy is None:
            # search: mondrian on a numeric column: its values, each generalizing only to '*'
            nulls = sum(n for v, n in profile if v is None)
            if nulls:
                problems.append(
                    DataError(
                        f"Quasi-identifier {spec.name!r} has {nulls} NULL (missing) values and no hierarchy; "
                        "Mondrian cuts it at medians of its values, so fill or remove them first."
                    )
                )
                continue
            h = Hierarchy(spec.name, tuple((v, "*") for v in sorted(values)), "its values (no hierarchy)")
        else:
            h = load_hierarchy(
                spec.name, spec.hierarchy, values, config.base_dir, limit=config.max_values_size
            )
        problem = coverage_problem(h, profile)
        if problem is not None:
            problems.append(problem)
        hierarchies.append(h)
    sensitive_hierarchies: list[Hierarchy | None] = []
    for spec in checked:
        ordered = any(spec.name in c.ordered for c in config.criteria)
        hierarchy = None
        if spec.hierarchy is not None:
            values = [v for v, _ in profiles[spec.name] if v is not None]
            hierarchy = load_hierarchy(
                spec.name,
                spec.hierarchy,
                values,
                config.base_dir,
                hide_values=not reveal,
                limit=config.max_values_size,
            )
        problems += sensitive_problems(spec, hierarchy, ordered, profiles[spec.name], hidden=not reveal)
        sensitive_hierarchies.append(hierarchy)
    raise_all(problems)
    people = (
        profile_people(
            engine, source, config.person, [c.name for c in quasi], "source", config.person_constant
        )
        if config.person
        else None
    )
    # multi-attribute l-diversity over people: its sub-blocks class people by their sets of
    # (tuple, other attributes) tuples, so the search classes people by their sets of tuples
    multi = people is not None and any(c.params.get("multi_attribute") is True for c in config.criteria)
    if people is not None and multi and not people.varying and search is not None:
        if config.metric in ("loss", "nu-entropy"):
            raise DataError(
                f"metric {config.metric} measures each class's labels, and with person multi-attribute "
                "l-diversity classes people by their sets of label combinations (docs/people.md), which this "
                "version of sqlanon does not label. Use metric precision, height, discernibility or aecs."
            )
    if people is not None and people.varying and search is not None:
        if config.metric in ("loss", "nu-entropy"):
            column, _ = people.varying[0]
            raise DataError(
                f"metric {config.metric} measures each class's labels, and people whose rows carry different values "
                f"of {column!r} belong to classes of several label combinations. Use metric precision, height, "
                "discernibility or aecs, or make the quasi-identifiers constant per person."
            )
    if search is not None and search != "mondrian":
        levels = [QiLevels(h.column, h.height, config.column(h.column).max_level) for h in hierarchies]
        check_lattice(levels, config.max_lattice_nodes, search)
    qis = materialize_hierarchies(engine, hierarchies)  # coverage was checked above
    sensitive = []
    for spec, hierarchy in zip(checked, sensitive_hierarchies, strict=True):
        ordered = any(spec.name in c.ordered for c in config.criteria)
        needed_by = needed_for_order(config.criteria, spec.name)
        sensitive.append(
            sensitive_domain(
                engine, source, spec, hierarchy, ordered, needed_by, profiles[spec.name], reveal=reveal
            )
        )
    if people is not None and (people.varying or multi):
        return _encode_members(
            engine, config, source, qis, sensitive, people.count, people.varying, profiles, multi
        )
    if people is not None and sensitive:
        return _encode_people_values(engine, config, source, qis, sensitive, people.count, profiles)
    freq = engine.temp_name("freq")
    select = render_template(
        "encode_frequencies.sql",
        source=source,
        qis=[{"dim": q.dim, "column": q.column} for q in qis],
        sensitive=[{"table": s.table, "column": s.column} for s in sensitive],
        null_value=NULL_VALUE,
        person=list(config.person),
    )
    coded, freq_rows = engine.create_fetchone(freq, select, render_template("column_total.sql", source=freq))
    columns = [*quasi, *checked]
    rows = sum(n for _, n in profiles[columns[0].name]) if columns else int(coded)
    units = rows if people is None else people.count
    if int(coded) != units:  # every value is covered (checked above): no row may be lost
        raise EngineError(
            f"Encoding lost rows: the source has {units} {'rows' if people is None else 'people'} but its "
            f"frequency table counts {coded}. This is a bug in sqlanon; please report it with the configuration."
        )
    encoded = Encoded(
        source, units, tuple(qis), tuple(sensitive), freq, int(freq_rows), rows, tuple(config.person)
    )
    journalist = any(key.startswith("journalist_") for key in config.risk.limits)
    counted = any(reads_population(c) for c in config.criteria) or journalist
    if config.population is not None and search == "mondrian":
        # Mondrian compares the population with each partition's labels, its numbers by value,
        # for the criteria, the limits and the journalist risk of its release
        # (sqlanon.search.mondrian_population): it encodes the population itself
        return replace(encoded, population_read=read_table(engine, config.population, what="population"))
    if config.population is not None and counted:
        # k-map with the population table, delta-presence, the journalist limits (searched with
        # a k-map, sqlanon.search.risk): the population's persons at the leaves' codes
        population = read_table(engine, config.population, what="population")
        coded, coded_rows = encode_population(engine, population, [(q.dim, q.column) for q in qis], freq)
        encoded = replace(encoded, population=coded, population_rows=coded_rows, population_read=population)
    return encoded


def _encode_members(
    engine: Engine,
    config: Config,
    source: str,
    qis: Sequence[QiDimension],
    sensitive: Sequence[SensitiveDomain],
    people: int,
    varying: Sequence[tuple[str, int]],
    profiles: dict[str, Profile],
    multi: bool = False,
) -> Encoded:
    """The bottom tables of people whose quasi-identifiers vary: a number per person
    (person_codes.sql) and each person's distinct level-0 tuples (encode_members.sql); with
    ``multi`` (multi-attribute l-diversity), also their rows' codes (Encoded.person_rows)."""
    check_tuple_ids([max(1, len(d.hierarchy.labels(0))) for d in qis])
    persons = engine.temp_name("persons")
    engine.create_temp_as(
        persons, render_template("person_codes.sql", source=source, person=list(config.person))
    )
    members = engine.temp_name("members")
    select = render_template(
        "encode_members.sql",
        source=source,
        qis=[{"dim": q.dim, "column": q.column} for q in qis],
        person=list(config.person),
        persons=persons,
    )
    members_rows = engine.create_counted(members, select)
    rows = sum(n for _, n in profiles[qis[0].column])
    weight, values, values_rows = None, None, 0
    if sensitive:  # each person's values, joined to their class at every node
        weight = person_weight(engine, source, config.person, [d.column for d in sensitive], people, "source")
        values = engine.temp_name("person_values")
        values_rows = engine.create_counted(
            values,
            render_template(
                "encode_person_values.sql",
                source=source,
                persons=persons,
                person=list(config.person),
                weight=weight,
                **values_columns(sensitive, config.criteria),
            ),
        )
    person_rows, person_rows_count = None, 0
    if multi:
        person_rows = engine.temp_name("person_rows")
        person_rows_count = engine.create_counted(
            person_rows,
            render_template(
                "encode_members.sql",
                source=source,
                qis=[{"dim": q.dim, "column": q.column} for q in qis],
                person=list(config.person),
                persons=persons,
                several=[{"table": d.table, "column": d.column} for d in sensitive],
            ),
        )
    return Encoded(
        source,
        people,
        tuple(qis),
        tuple(sensitive),
        members,
        members_rows,
        rows,
        tuple(config.person),
        tuple(q for q, _ in varying),
        persons,
        weight,
        values,
        values_rows,
        person_rows,
        person_rows_count,
    )


def _encode_people_values(
    engine: Engine,
    config: Config,
    source: str,
    qis: Sequence[QiDimension],
    sensitive: Sequence[SensitiveDomain],
    people: int,
    profiles: dict[str, Profile],
) -> Encoded:
    """The bottom frequency table of people and their values of the sensitive attributes
    (encode_people_values.sql: n, c, np; with several, one holder column c, c1, ... each),
    every person's quasi-identifiers constant."""
    weight = person_weight(engine, source, config.person, [d.column for d in sensitive], people, "source")
    freq = engine.temp_name("freq")
    select = render_template(
        "encode_people_values.sql",
        source=source,
        qis=[{"dim": q.dim, "column": q.column} for q in qis],
        person=list(config.person),
        weight=weight,
        **values_columns(sensitive, config.criteria),
    )
    coded, freq_rows = engine.create_fetchone(freq, select, render_template("column_total.sql", source=freq))
    if int(coded) != weight * people:
        raise EngineError(
            f"Encoding lost people: the source has {people} people but its frequency table weighs {coded} "
            f"({weight} per person). This is a bug in sqlanon; please report it with the configuration."
        )
    rows = sum(n for _, n in profiles[qis[0].column])
    return Encoded(
        source,
        people,
        tuple(qis),
        tuple(sensitive),
        freq,
        int(freq_rows),
        rows,
        tuple(config.person),
        weight=weight,
    )


def values_columns(sensitive: Sequence[SensitiveDomain], specs: Sequence[object] = ()) -> dict[str, Any]:
    """The people-values templates' parameters for ``sensitive``: one column as ``sensitive``
    (today's single-column form), several as ``several`` with their holder columns (and the
    columns variational dissimilarity among ``specs`` reads, encode/people.py crossed)."""
    columns = [{"table": d.table, "column": d.column} for d in sensitive]
    if len(columns) == 1:
        return {"sensitive": columns[0]}
    return {
        "several": columns,
        "holders": holders(len(columns)),
        **crossed(specs, [d.column for d in sensitive]),
    }
