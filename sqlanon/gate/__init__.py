"""The pre-publication gate: re-check every criterion on a published table, from scratch.

Nothing from the search is reused: the published table is read as it is, its quasi-identifier
columns are compared as published (text), sensitive dictionaries are rebuilt from it and, for
t-closeness, Q is the published table's own distribution.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlglot import exp

from sqlanon import redact
from sqlanon.config import Config
from sqlanon.config.criteria import reads_population
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.criteria.checks import ROWS, CheckPlan, Outcome, parse_summary
from sqlanon.criteria.ldiversity import MultiAttributeL
from sqlanon.encode import NULL_VALUE, SensitiveDomain, column_profiles, needed_for_order, sensitive_domain
from sqlanon.encode.people import crossed, holders, person_weight, profile_people
from sqlanon.encode.population import population_plan
from sqlanon.engines import Engine
from sqlanon.errors import DataError, EngineError
from sqlanon.gate.inputs import sensitive_hierarchies
from sqlanon.gate.population import population_classes
from sqlanon.gate.risk import class_sizes, covered_maps, journalist, limit_entries, measure
from sqlanon.gate.supersets import generalization_tables
from sqlanon.hierarchy import Hierarchy
from sqlanon.numbers import is_number
from sqlanon.sql.labels import from_key, to_key
from sqlanon.sql.render import column, render_template, table

#: the distances' distribution (distributions=True) is in bins of 1 / DISTANCE_BINS
DISTANCE_BINS = 100

#: How a NULL quasi-identifier cell is grouped in a published table (a class of its own); a
#: NULL sensitive value is written the same way in its dictionary. Every other cell is grouped
#: by its key (sqlanon.sql.labels.to_key), which is never this one.
NULL_LABEL = NULL_VALUE


@dataclass(frozen=True)
class GateResult:
    outcomes: tuple[Outcome, ...]
    rows: int
    classes: int
    #: per criterion: "error" (fails the gate) or "warn" (reported only)
    severities: tuple[str, ...] = ()
    #: per criterion: up to N violating classes, when asked for (they reveal small classes)
    violations: tuple[list[dict[str, Any]], ...] = ()
    #: the columns the configuration declares identifiers, and those the table still holds
    identifiers: tuple[str, ...] = ()
    identifiers_left: tuple[str, ...] = ()
    #: the table's re-identification risk (risk.measure), and the checks of its limits
    risk: dict[str, Any] | None = None
    risk_checks: tuple[dict[str, Any], ...] = ()
    #: (class size, classes of that size), smallest first
    class_sizes: tuple[tuple[int, int], ...] = ()
    #: with ``distributions``: per t-closeness criterion (by index), its classes' distances
    #: rounded down to a multiple of 1 / DISTANCE_BINS: (distance, classes, rows), smallest first
    distances: Mapping[int, list[tuple[float, int, int]]] = field(default_factory=dict)
    #: with ``person:``: the people of the table gated (classes, sizes and risk count them)
    people: int | None = None

    @property
    def passed(self) -> bool:
        """Every error-severity criterion and risk limit holds (warn-severity failures are only
        reported) and the table holds no identifier column."""
        severities = self.severities or ("error",) * len(self.outcomes)
        return (
            not self.identifiers_left
            and all(o.passed for o, sev in zip(self.outcomes, severities, strict=True) if sev == "error")
            and all(c["passed"] for c in self.risk_checks)
        )

    @property
    def criteria_passed(self) -> bool:
        """Every error-severity criterion holds (the risk limits aside)."""
        severities = self.severities or ("error",) * len(self.outcomes)
        return all(o.passed for o, sev in zip(self.outcomes, severities, strict=True) if sev == "error")


def check_parameters(
    criteria: Sequence[Criterion],
    rows: int,
    domains: dict[str, SensitiveDomain],
    reveal: bool = False,
    unit: str = "rows",
) -> None:
    """Data-dependent parameter checks: sizes within the table, l within the number of distinct
    sensitive values, values named in ``allowed`` / ``protected`` present in the column.
    ``reveal``: a message may name the column's values (the user asked for them)."""
    for c in criteria:
        p = c.spec.params
        if c.kind == "k-map":  # k counts the population's persons; the table's classes need k'
            derived = int(c.template_params(None)["k"]) if "sampling_fraction" in p else 0
            if derived > rows:
                raise DataError(
                    f"k-map: the derived class size k' = {derived} (k = {p['k']}, {p['estimator']} estimator) is "
                    f"larger than the table ({rows} {unit}); no release can satisfy it. Lower k, or raise "
                    "significance."
                )
            continue
        for key in ("k", "n"):
            if key in p and int(p[key]) > rows:
                raise DataError(
                    f"{c.kind}: {key} = {p[key]} is larger than the table ({rows} {unit}); "
                    f"no release can satisfy it. Lower {key}."
                )
        if c.kind == "l-diversity":
            for name in c.attributes:
                distinct = len(domains[name].values)
                if float(p["l"]) > distinct:
                    raise DataError(
                        f"l-diversity on {name!r}: l = {p['l']} is larger than the number of distinct "
                        f"values of the column ({distinct}); no release can satisfy it. Lower l."
                    )
        if c.kind == "dissimilarity" and p["distance"] in ("numeric", "variational"):
            for name in c.attributes:
                values = domains[name].values
                if NULL_VALUE in values:
                    raise DataError(
                        f"dissimilarity ({p['distance']}) on {name!r} needs numeric values, but the column "
                        "holds NULL (missing) values; fill them or remove those rows."
                    )
                bad = [from_key(v) or "" for v in values if not is_number(v)]
                if bad:
                    raise DataError(
                        f"dissimilarity ({p['distance']}) on {name!r} needs numeric values, but the column "
                        f"holds {redact.values(bad, hidden=not reveal)} that are not numbers; use distance "
                        "ordered or hierarchical for categorical values."
                    )
        for key in ("allowed", "protected"):
            if key in p and c.attribute is not None:
                known = set(domains[c.attribute].values)  # the values' keys
                missing = [v for v in p[key] if to_key(v) not in known]
                if missing:
                    raise DataError(
                        f"{c.kind} ({p.get('variant')}) on {c.attribute!r}: {key} lists value(s) {missing} "
                        f"that do not occur in the column; fix the spelling (values are compared as text) "
                        "or remove them."
                    )


def run_gate(
    engine: Engine,
    config: Config,
    published: str,
    hierarchies: dict[str, Hierarchy] | None = None,
    show_violations: int = 0,
    qi_hierarchies: Mapping[str, Hierarchy] | None = None,
    qi_levels: Mapping[str, int] | None = None,
    check_params: bool = True,
    tree: str | None = None,
    population: str | None = None,
    population_hierarchies: Mapping[str, Hierarchy] | None = None,
    distributions: bool = False,
    people: str | None = None,
    population_classes_of: str | None = None,
) -> GateResult:
    """Evaluate ``config.criteria`` on the temp table ``published``, and whether it still holds
    a column the configuration declares an identifier (which fails the gate).

    ``hierarchies`` gives the hierarchy of each sensitive column that needs one (hierarchical
    distance); None: read from the configuration (gate.inputs.sensitive_hierarchies), with the
    table's values. ``show_violations`` > 0 lists up to that many violating classes per failing
    criterion (worst first). ``qi_hierarchies`` and ``qi_levels`` (the published level of each
    quasi-identifier, inferred from its labels when missing) give (n,t)-closeness the classes'
    natural supersets; a quasi-identifier without a hierarchy generalizes only to '*'.
    ``tree`` (a Mondrian release: each final partition's labels and ancestors, see
    mondrian_tree.sql) makes the partition tree's ancestors the natural supersets instead.
    ``population`` (a temp table: the population the table is a sample of) adds the journalist
    risk, its quasi-identifiers mapped to the table's levels by ``population_hierarchies``
    (default ``qi_hierarchies``) at ``qi_levels`` (or the level of the table's labels); a
    Mondrian release, whose labels are no levels, gives its population's persons per class at
    its labels instead (``population_classes_of``: sqlanon.search.mondrian_population).
    ``distributions`` adds each t-closeness criterion's distribution of distances over the
    classes (it evaluates those criteria a second time: for the HTML report).
    With ``config.person``, the classes count people: ``people`` is the table holding the
    release's rows with their person columns (anonymize's: the release as written plus those
    columns, which the release itself never holds), by default ``published`` itself (``check``).
    ``check_params`` refuses parameters the table cannot satisfy (k larger than the table, ...);
    anonymize's gate skips it: those were checked on the source, and on a release that
    suppression made smaller they are simply criteria that do not hold.
    """
    criteria = [make_criterion(c) for c in config.criteria]
    qis = [c.name for c in config.by_role("quasi")]
    attributes = sorted({a for c in criteria for a in c.attributes})
    # every attribute's values and counts from one scan: its domain, its hierarchy's values and
    # the table's rows
    profiles = column_profiles(engine, published, attributes, limit=config.max_values_size)
    if hierarchies is None:
        hierarchies = sensitive_hierarchies(config, engine, published, show_violations > 0, profiles)
    domains: dict[str, SensitiveDomain] = {}
    for name in attributes:
        spec = config.column(name)
        hierarchy = hierarchies.get(name) if any(name in c.spec.hierarchical for c in criteria) else None
        ordered = any(name in c.spec.ordered for c in criteria)
        domains[name] = sensitive_domain(
            engine,
            published,
            spec,
            hierarchy,
            ordered,
            needed_by=needed_for_order(config.criteria, name),
            reveal=show_violations > 0,
            limit=config.max_values_size,
            profile=profiles[name],
        )
    rows = sum(n for _, n in profiles[attributes[0]]) if attributes else engine.count(published)
    counted = published if people is None else people
    persons = None
    varying: tuple[tuple[str, int], ...] = ()
    if config.person:
        profile = profile_people(
            engine,
            counted,
            config.person,
            qis,
            "table" if check_params else "release",
            config.person_constant,
        )
        persons, varying = profile.count, profile.varying
        if people is not None and engine.count(people) != rows:
            raise EngineError(
                "The release and its rows with their person columns differ in size. This is a bug in "
                "sqlanon; please report it with the configuration."
            )
        if varying and population is not None:
            raise DataError(
                f"The journalist risk compares each class with the population's, one row per person; people of "
                f"this table have rows with different values of {varying[0][0]!r}, so their classes are sets of "
                "label combinations the population has no class for. Remove population and the journalist "
                "limits, or make the quasi-identifiers constant per person."
            )
    if check_params:
        check_parameters(
            criteria,
            rows if persons is None else persons,
            domains,
            reveal=show_violations > 0,
            unit="rows" if persons is None else "people",
        )
    freq = engine.temp_name("gate_freq")
    tuples = None
    weight = None
    if persons is not None and attributes:  # people and their values: n, c, np (_people_values.sql)
        weight = person_weight(engine, counted, config.person, attributes, persons, "table")
    # the people-values templates' columns: one as sensitive, several with their holders
    held = [{"column": a, "table": domains[a].table} for a in attributes]
    values: dict[str, Any] = (
        {"sensitive": held[0]}
        if len(held) == 1
        else {
            "several": held,
            "holders": holders(len(held)),
            **crossed([c.spec for c in criteria], attributes),
        }
    )
    if varying:  # classes of people whose label tuples differ: by the sets of their tuples
        tuples = engine.temp_name("gate_tuples")
        common = {
            "published": counted,
            "qis": qis,
            "person": list(config.person),
            **({"sensitive": None} if weight is None else values),
            "weight": weight,
        }
        engine.create_temp_as(
            tuples, render_template("gate_people.sql", part="tuples", tuples=None, **common)
        )
        engine.create_temp_as(
            freq, render_template("gate_people.sql", part="classes", tuples=tuples, **common)
        )
    elif weight is not None:
        engine.create_temp_as(
            freq,
            render_template(
                "gate_people_values.sql",
                published=counted,
                qis=qis,
                person=list(config.person),
                weight=weight,
                **values,
            ),
        )
    else:
        engine.create_temp_as(
            freq,
            render_template(
                "gate_frequencies.sql",
                published=counted if config.person else published,
                qis=qis,
                sensitive=[{"column": a, "table": domains[a].table} for a in attributes],
                null_label=NULL_LABEL,
                person=list(config.person),
            ),
        )
    generalization: list[dict[str, str]] = []
    supersets = None
    if any(c.needs_levels for c in criteria):
        if tree is not None:
            supersets = _tree_supersets(engine, tree, freq, len(qis), len(attributes))
        else:
            generalization = generalization_tables(
                engine,
                published,
                qis,
                qi_hierarchies or {},
                qi_levels or {},
                NULL_LABEL,
                limit=config.max_values_size,
            )
    sets = None
    if generalization and tuples is not None and weight is not None:
        # people whose quasi-identifiers vary: (n,t)-closeness's supersets from their tuples
        read = sorted({c.attribute for c in criteria if c.needs_levels and c.attribute is not None})
        sets = _people_sets(engine, counted, qis, config.person, tuples, [domains[a] for a in read], weight)
    counted_in_population = None
    maps: list[str | None] | None = None
    if population_classes_of is not None:  # a Mondrian release: its partitions' persons
        maps = [None] * len(qis)
        if any(reads_population(c.spec) for c in criteria):
            counted_in_population = population_plan(population_classes_of, codes=False)
    elif population is not None:  # the population's values mapped to the labels, once
        hierarchies_of = (
            population_hierarchies if population_hierarchies is not None else qi_hierarchies or {}
        )
        maps = covered_maps(
            engine, published, population, qis, hierarchies_of, qi_levels or {}, limit=config.max_values_size
        )
        if any(reads_population(c.spec) for c in criteria):
            # k-map with the population table, delta-presence: the population's classes at the labels
            counted_in_population = population_classes(engine, population, qis, maps)
    plan = CheckPlan.build(
        engine,
        criteria,
        [f"q{i}" for i in range(len(qis))],
        {a: (domains[a], f"s{i}") for i, a in enumerate(attributes)},
        generalization,
        supersets,
        people=weight is not None,
        sets=sets,
        population=counted_in_population,
    )
    multi = [i for i, c in enumerate(criteria) if isinstance(c, MultiAttributeL)]
    if multi and weight is not None:  # over people: the classes' people and their rows
        engine.create_temp_as(
            freq + ROWS,
            render_template(
                "gate_people.sql",
                part="rows",
                published=counted,
                qis=qis,
                person=list(config.person),
                several=held,
                weight=weight,
                tuples=tuples,
            ),
        )
        plan = replace(plan, inputs=dict.fromkeys(multi, ROWS))
    query = plan.summary(freq)
    summary = parse_summary(engine.fetchone(query), criteria)
    violations = tuple(
        violating_classes(
            engine, plan, freq, i, qis, show_violations, "people" if config.person else "rows", tuples
        )
        if show_violations > 0 and not outcome.passed
        else []
        for i, outcome in enumerate(summary.outcomes)
    )
    # check's table holds its person columns to count people by (its report says to drop them);
    # anonymize's release (``people`` given) must hold none
    declared = tuple(
        c.name for c in config.by_role("identifier") if people is not None or c.name not in config.person
    )
    columns = {name for name, _ in engine.columns(published)}
    keys = [f"q{i}" for i in range(len(qis))]
    if weight is not None:  # the classes' people, for the risk: np summed per class
        sized = engine.temp_name("gate_people")
        engine.create_temp_as(
            sized,
            exp.select(
                *(column(k) for k in keys), exp.alias_(exp.func("SUM", column("np")), "n", quoted=True)
            )
            .from_(table(freq))
            .group_by(*(column(k) for k in keys)),
        )
        freq_sizes = sized
    else:
        freq_sizes = freq
    sizes = class_sizes(engine, freq_sizes, keys)
    risk = measure(sizes, config.risk.threshold)
    if population is not None and maps is not None:
        risk["journalist"] = journalist(
            engine, freq_sizes, keys, population, qis, maps, config.risk.threshold, population_classes_of
        )
    distances = {}
    if distributions:
        for i, c in enumerate(criteria):
            if c.kind in ("t-closeness", "nt-closeness"):
                distances[i] = [
                    (int(low) / DISTANCE_BINS, int(n), int(r))
                    for low, n, r in engine.fetchall(_binned(plan.verdicts(freq, [i]), i))
                ]
    return GateResult(
        summary.outcomes,
        rows,
        summary.classes,
        tuple(c.severity for c in criteria),
        violations,
        declared,
        tuple(name for name in declared if name in columns),
        risk,
        tuple(limit_entries(risk, config.risk)),
        tuple(sizes),
        distances,
        persons,
    )


def _binned(verdicts: exp.Select, i: int) -> exp.Select:
    """Criterion ``i``'s per-class values (``verdicts``) in bins of 1 / DISTANCE_BINS: (the
    bin's number, its lower end times DISTANCE_BINS; classes; rows), smallest first; an
    unbounded value (no qualifying superset) is left out."""
    value = column(f"v{i}", "v")
    low = exp.cast(
        exp.func("FLOOR", exp.Mul(this=value, expression=exp.Literal.number(DISTANCE_BINS))), "BIGINT"
    )
    return (
        exp.select(
            exp.alias_(low, "low", quoted=True),
            exp.alias_(exp.func("COUNT", exp.Star()), "classes", quoted=True),
            exp.alias_(exp.func("SUM", column("size", "v")), "rows", quoted=True),
        )
        .from_(exp.Subquery(this=verdicts, alias=exp.TableAlias(this=exp.to_identifier("v", quoted=True))))
        .where(exp.and_(value.is_(exp.null()).not_(), exp.func("ISFINITE", value)))
        .group_by(exp.Literal.number(1))
        .order_by(exp.Literal.number(1))
    )


def _people_sets(
    engine: Engine,
    counted: str,
    qis: Sequence[str],
    person: Sequence[str],
    tuples: str,
    read: Sequence[SensitiveDomain],
    weight: int,
) -> dict[str, Any]:
    """(n,t)-closeness over people whose quasi-identifiers vary: each person's label tuples and,
    per attribute ``read`` by a criterion of supersets, their values (people_sets.sql) in
    ``counted``, from which the supersets are formed (_nt_people.sql). ``weight`` is a common
    multiple of every person's number of values of each attribute (with several sensitive
    columns, of their products), so each person's values of each weigh it split evenly."""
    common = {"published": counted, "qis": list(qis), "person": list(person)}
    members = engine.temp_name("gate_sets")
    engine.create_temp_as(members, render_template("people_sets.sql", part="members", **common))
    values = {}  # a table per attribute, its values in s0 (CheckPlan reads the criterion's)
    for domain in read:
        values[domain.column] = engine.temp_name("gate_set_values")
        engine.create_temp_as(
            values[domain.column],
            render_template(
                "people_sets.sql",
                part="values",
                sensitive={"column": domain.column, "table": domain.table},
                weight=weight,
                **common,
            ),
        )
    return {
        "members": members,
        "values": values,
        "pkeys": [f"p{i}" for i in range(len(person))],
        "value": "s0",
        "radix": None,
        "tuples": tuples,
    }


def _tree_supersets(engine: Engine, tree: str, freq: str, qis: int, sensitive: int) -> dict[str, Any]:
    """(n,t)-closeness supersets of a Mondrian release: the partition tree's ancestors, their
    rows counted from the published table's frequency table ``freq``."""
    ancestors = engine.temp_name("gate_tree")
    dist = engine.temp_name("gate_tree_dist")
    common = {"tree": tree, "freq": freq, "ancestors": ancestors, "qis": qis, "null_label": NULL_LABEL}
    engine.create_temp_as(ancestors, render_template("gate_tree.sql", part="ancestors", **common))
    engine.create_temp_as(
        dist,
        render_template(
            "gate_tree.sql", part="dist", sensitive=[f"s{i}" for i in range(sensitive)], **common
        ),
    )
    return {"ancestors": ancestors, "on": [[f"q{i}", f"label{i}"] for i in range(qis)], "dist": dist}


def violating_classes(
    engine: Engine,
    plan: CheckPlan,
    freq: str,
    i: int,
    qis: Sequence[str],
    limit: int,
    unit: str = "rows",
    tuples: str | None = None,
) -> list[dict[str, Any]]:
    """Up to ``limit`` classes violating criterion ``i``: worst value first, then smallest
    (``unit``: what their sizes count, "rows" or "people"). ``tuples``: the classes are sets of
    label tuples (gate_people.sql's), each listed with its labels per column, one per tuple."""
    query = plan.violations(freq, i).limit(limit)
    out = []
    rows = engine.fetchall(query)
    numbered = _tuples(engine, tuples, {int(t) for row in rows for t in row[0]}) if tuples else {}
    for row in rows:
        if tuples:
            members = [numbered[int(t)] for t in row[0]]
            labels: dict[str, Any] = {name: [m[j] for m in members] for j, name in enumerate(qis)}
        else:
            labels = {name: from_key(row[j]) for j, name in enumerate(qis)}
        value = row[len(qis) + 1]
        observed = None if value is None or math.isinf(float(value)) else float(value)
        out.append({"class": labels, unit: int(row[len(qis)]), "observed": observed})
    return out


def _tuples(engine: Engine, tuples: str, wanted: set[int]) -> dict[int, list[str | None]]:
    """The label tuples (gate_people.sql's part tuples) numbered ``wanted``."""
    query = (
        exp.select(exp.Star())
        .from_(table(tuples))
        .where(column("t").isin(*(exp.Literal.number(t) for t in sorted(wanted))))
    )
    return {int(row[0]): [from_key(v) for v in row[1:]] for row in engine.fetchall(query)} if wanted else {}
