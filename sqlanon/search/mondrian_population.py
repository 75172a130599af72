"""The population beside a Mondrian run (``population:`` with ``search: mondrian``; issue 40,
item 1): k-map with the population table, the journalist limits and the journalist risk of the
release.

A partition is published with labels (``mondrian_partitions.sql``): per number its smallest
and largest value, per hierarchy column its lowest common ancestor. F_E, the persons of the
population matching a partition's labels, counts the persons inside that box: between the two
values by value (the population holds numbers the table lacks), under the ancestor in the
hierarchy. Not the partition's region of the cut tree: a region also holds values outside the
labels, and counting them would overstate F and understate the risk.

The population's combinations ride along the cuts (``mondrian_population.sql``): each sits in
the region of the partition that holds it (a working table like the rows'), so counting the
persons in a candidate child's labels reads only its parent's region. A child's labels lie
inside its region and regions never overlap, so no person is counted for two partitions; the
counts of one round, for every candidate child at once, are one statement. The final
partitions' counts at their published labels are what the gate reads (``classes``): there too
each person is tested against the published box, so an F can only be short of a person the
regions misplaced, never count one the labels exclude.

A number of the population that is no number (or NULL) matches no partition's labels; a value
of a hierarchy column its hierarchy does not cover is refused, as the lattice search refuses it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from sqlanon.encode import NULL_VALUE
from sqlanon.encode.population import refuse_missing, refuse_short, refuse_uncovered
from sqlanon.engines import Engine
from sqlanon.engines.base import create_temp
from sqlanon.sql.render import DIALECT, render_template, with_first
from sqlanon.sql.render import column as _col
from sqlanon.sql.render import table as _table


@dataclass(frozen=True)
class PopulationRound:
    """One round's statements for the population (the round reads ``pw`` and writes ``nxt``)."""

    #: each first candidate's children's persons in their labels (the table ``counted``), then
    #: the other candidates' of the partitions whose first one failed (added to it)
    children_first: str
    children_rest: str
    finals: str  # the combinations of the partitions not cut: final
    advance: str  # the combinations of the partitions cut, in their child's region
    parents: str  # with journalist budgets: the kept children's F, read as parents next round


def population_rows(
    engine: Engine, population: str, qis: Sequence[dict[str, Any]], work: str, target: str
) -> int:
    """The population's working table ``target`` (every combination in the whole table's
    region, partition 0), from the temp table ``population``; its number of combinations.

    A DataError when a person holds a value a hierarchy column's hierarchy does not cover
    (the column and how many persons, never the value), or when the table (Mondrian's first
    working table ``work``) has more rows than the population has persons in a combination of
    the quasi-identifiers' values (numbers compared by value)."""
    refuse_missing(engine, population, [q["column"] for q in qis])
    coded = [q for q in qis if not q["median"]]
    if coded:
        counts = engine.fetchone(
            render_template(
                "population_frequencies.sql",
                part="uncovered",
                population=population,
                qis=[{"dim": q["dim"], "column": q["column"]} for q in coded],
            )
        )
        refuse_uncovered([q["column"] for q in coded], counts)
    rows = engine.create_counted(
        target, render_template("mondrian_population.sql", part="rows", population=population, qis=list(qis))
    )
    cells, short = engine.fetchone(
        render_template("mondrian_population.sql", part="short", qis=list(qis), work=work, pw=target)
    )
    refuse_short(cells, short)
    return rows


def root_persons(engine: Engine, qis: Sequence[dict[str, Any]], work: str, pw: str) -> int:
    """The persons of the population in the whole table's labels."""
    (persons,) = engine.fetchone(
        render_template("mondrian_population.sql", part="root", qis=list(qis), work=work, pw=pw)
    )
    return int(persons or 0)


def _create(name: str, select: exp.Expr) -> str:
    """``CREATE OR REPLACE TEMP TABLE name AS select`` as SQL text."""
    return create_temp(_table(name), select).sql(dialect=DIALECT)


def round_sql(
    qis: Sequence[dict[str, Any]],
    columns: Sequence[str],
    work: str,
    pw: str,
    nxt: str,
    candidates: tuple[exp.Select, exp.Select],
    split: str,
    counted: str,
    final: str,
    parents: str | None,
) -> PopulationRound:
    """The statements of one round whose rows are in ``work`` and population in ``pw``
    (``candidates``: the queries of the candidates checked first and then, as the round's
    checks read them; ``columns``: pw's columns after pid; ``parents``: the table of
    partitions' F the journalist budgets read, None without them)."""
    common = {"qis": list(qis), "work": work, "pw": pw, "cand": "__counted_cand", "split": split}
    kept = exp.select(_col("pid")).from_(_table(split))
    children = render_template("mondrian_population.sql", part="children", **common)
    assert isinstance(children, exp.Select)
    first, rest = (with_first(children, [("__counted_cand", query)]) for query in candidates)
    return PopulationRound(
        children_first=_create(counted, first),
        children_rest=exp.insert(rest, _table(counted)).sql(dialect=DIALECT),
        finals=exp.insert(
            exp.select(exp.Star()).from_(_table(pw)).where(exp.not_(_col("pid").isin(query=kept))),
            _table(final),
        ).sql(dialect=DIALECT),
        advance=_create(
            nxt, render_template("mondrian_population.sql", part="advance", columns=list(columns), **common)
        ),
        parents=""
        if parents is None
        else exp.insert(
            exp.select(exp.alias_(_col("npid"), "pid", quoted=True), _col("f")).from_(_table(split)),
            _table(parents),
        ).sql(dialect=DIALECT),
    )


def population_classes(
    engine: Engine, qis: Sequence[dict[str, Any]], final: str, parts: str, pw: str, target: str
) -> str:
    """The persons of the population per final partition at its published labels (q0.., n, as
    ``sqlanon.gate.population.population_classes`` writes them: what the gate's k-map and
    journalist risk read), in the temp table ``target``."""
    engine.create_temp_as(
        target,
        render_template(
            "mondrian_population.sql",
            part="classes",
            qis=list(qis),
            final=final,
            parts=parts,
            pw=pw,
            null_label=NULL_VALUE,
        ),
    )
    return target


__all__ = ["PopulationRound", "population_classes", "population_rows", "root_persons", "round_sql"]
