"""``sqlanon compile --node`` with ``person:``: the printed release counts people as ``apply`` does.

On random one-to-many tables (people of 1 to 5 rows, quasi-identifiers constant per person or
varying, NULL quasi-identifier values, a person told apart by one column named with quotes and
a space or by two columns), the printed release SELECT, run in DuckDB, returns (as a multiset)
the rows of a pure-Python reference written from docs/people.md (each row generalized to the
node; a person's class the set of their generalized tuples; the people of every class violating
a criterion suppressed with all their rows when they are at most floor(limit x people) and not
all; the person columns dropped), and the rows ``apply --node`` with ``person:`` publishes (none
when apply publishes nothing; when apply's own gate refuses the release, a printed gate
statement over people lists a violating class of it), and each criterion's printed gate
statement returns rows where ``check`` of the release with its person columns fails it. The
same with (n,t)-closeness (each class's natural supersets from its people's sets of tuples
generalized to every more general node) and with models on two sensitive columns, each over
its own ((n,t)-closeness on the second column too); the models over the whole table's
distribution are checked again on the people kept.
PostgreSQL and Spark return DuckDB's rows.
"""

from __future__ import annotations

import csv
import itertools
import math
import random
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.compile import OWN_NAMES
from sqlanon.errors import InputError
from tests.oracles import reference_people as ref
from tests.pipeline.test_people import random_models
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, random_hierarchy

SITE = "site no."
#: the cases of two sensitive columns
TWO = ("two", "two-nt")
Row = dict[str, Any]


class Case:
    """A random one-to-many table written as data.csv, its configuration and a node."""

    def __init__(
        self, seed: int, folder: Path, sensitive: bool | None = None, models: str | None = None
    ) -> None:
        """``models``: None (k-anonymity or models on ``sens``), "nt" ((n,t)-closeness on
        ``sens``, with another model or not), "two" (models on ``sens`` and on a second
        sensitive column ``drug``, each over its own) or "two-nt" (the same, (n,t)-closeness on
        ``drug``)."""
        rng = random.Random(31000 + seed + {None: 0, "nt": 500, "two": 900, "two-nt": 1300}[models])
        self.models = models
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.person = [SITE, PERSON] if seed % 3 == 2 else [PERSON]
        varying = seed % 2 == 1
        self.qis = ["qi-0", "q 1", 'q"2'][: rng.randint(1, 3)]
        self.paths: dict[str, dict[str | None, tuple[str | None, ...]]] = {}
        columns: dict[str, Any] = {p: {"role": "identifier"} for p in self.person}
        for i, q in enumerate(self.qis):
            values = [f"v{i}_{j}" for j in range(rng.randint(2, 5))]
            paths: dict[str | None, tuple[str | None, ...]] = dict(
                random_hierarchy(rng, values, rng.randint(1, 3))
            )
            height = len(next(iter(paths.values()))) - 1
            rows = [list(p) for p in paths.values()]
            if i == 0:  # NULL maps through the hierarchy's row of the empty leaf
                rows.append(["", *(["missing"] * (height - 1)), "*"])
                paths[None] = (None, *(["missing"] * (height - 1)), "*")
            with (folder / f"h_{i}.csv").open("w", newline="") as fh:
                csv.writer(fh, delimiter=";").writerows(rows)
            self.paths[q] = paths
            columns[q] = {"role": "quasi", "hierarchy": f"h_{i}.csv"}
        sens_values = [f"s{j}" for j in range(rng.randint(2, 4))]
        # (a second column only in the "two" cases: the others draw as they did before it)
        drug_values = [f"d{j}" for j in range(rng.randint(2, 4))] if models in TWO else []
        self.rows: list[Row] = []
        for p in range(rng.randint(4, 30)):
            who = (
                {PERSON: f"p{p % 7}", SITE: f"site {p // 7}"} if len(self.person) == 2 else {PERSON: f"p{p}"}
            )
            own = {
                q: rng.choice([v for v in self.paths[q] if v is not None or rng.random() < 0.3])
                for q in self.qis
            }
            for visit in range(rng.randint(1, 5)):
                row = dict(own, **who)
                if varying and rng.random() < 0.3:
                    q = rng.choice(self.qis)
                    row[q] = rng.choice(list(self.paths[q]))
                row["sens"] = rng.choice(sens_values)
                if models in TWO:
                    row["drug"] = rng.choice(drug_values)
                row["visit"] = str(visit)
                self.rows.append(row)
        rng.shuffle(self.rows)
        self.attributes = ["sens", "drug"] if models in TWO else ["sens"]
        self.header = [*self.person, *self.qis, *self.attributes, "visit"]
        with (folder / "data.csv").open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.header)
            writer.writeheader()
            writer.writerows(self.rows)
        if sensitive is None:
            sensitive = models is not None or rng.random() < 0.5
        #: each sensitive column's ordered domain and hierarchy (what the distances read)
        self.domains: dict[str, ref.Domain] = {}
        people = len({tuple(r[p] for p in self.person) for r in self.rows})
        if sensitive:
            criteria = []
            for attribute in self.attributes:
                values = sorted({r[attribute] for r in self.rows})
                drawn = random_models(rng, values)
                if models == "nt":  # (n,t)-closeness, and another model or none
                    drawn = [c for c in drawn if "nt-closeness" not in c and rng.random() < 0.3] + [
                        _nt(rng, people)
                    ]
                else:  # (n,t)-closeness: the "nt" cases
                    drawn = [c for c in drawn if "nt-closeness" not in c]
                drawn = [c for c in drawn if not ("l-diversity" in c and c["l-diversity"]["l"] > len(values))]
                if models in TWO:  # k-anonymity (or not) and one model on each column
                    own = [c for c in drawn if "k-anonymity" not in c] or [_nt(rng, people, closeness=True)]
                    drawn = [c for c in drawn if "k-anonymity" in c and attribute == "sens"] + rng.sample(
                        own, 1
                    )
                if models == "two-nt" and attribute == "drug":  # (n,t)-closeness on the second
                    drawn = [_nt(rng, people)]
                criteria += [_on(c, attribute) for c in drawn]
                sens_paths = random_hierarchy(rng, values, rng.randint(1, 2))
                with (folder / f"h_{attribute}.csv").open("w", newline="") as fh:
                    csv.writer(fh, delimiter=";").writerows(sens_paths.values())
                columns[attribute] = {"role": "sensitive", "order": values, "hierarchy": f"h_{attribute}.csv"}
                self.domains[attribute] = (values, sens_paths)
        else:
            criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 4])}}]
            columns["sens"] = {"role": "insensitive"}
        columns["visit"] = {"role": "insensitive"}
        self.criteria = criteria
        self.published = [c for c, spec in columns.items() if spec["role"] != "identifier"]
        self.config: dict[str, Any] = {
            "source": "data.csv",
            "person": self.person if len(self.person) > 1 else PERSON,
            "columns": columns,
            "criteria": criteria,
            "suppression_limit": rng.choice([0, 0.1, 0.3, 0.5, 1]),
            "output": "out.csv",
            "overwrite": True,
        }
        self.node = {q: rng.randint(0, len(next(iter(self.paths[q].values()))) - 1) for q in self.qis}

    def reference(self) -> Counter[tuple[str, ...]]:
        """The release over people, from the definitions: the rows generalized to the node, the
        people of the classes violating a criterion suppressed within the limit (none published
        when they exceed it or are everyone), the person columns dropped."""
        rows = self._at(self.node)
        classes = ref.people_classes(rows, self.person, self.qis)
        everyone = {who for members in classes.values() for who in members}
        # (n,t)-closeness: each class's natural supersets, its people's classes at every node
        # from this one up to the top (their sets of tuples generalized as a whole)
        ranges = [range(self.node[q], len(next(iter(self.paths[q].values())))) for q in self.qis]
        uppers = [self._at(dict(zip(self.qis, up, strict=True))) for up in itertools.product(*ranges)]
        sups = ref.class_supersets(classes, ref.natural_supersets(rows, self.person, self.qis, uppers))
        gone: set[Any] = set()
        for item in self.criteria:
            ((kind, params),) = item.items()
            attribute = params.get("attribute")
            values = (
                ref.person_values(rows, self.person, attribute)
                if attribute
                else {who: {None} for who in everyone}
            )
            table_c, table_w = ref._weights(everyone, values)
            domain = self.domains.get(attribute) if attribute else None
            for signature, members in classes.items():
                ok, _ = ref.class_verdict(
                    kind, params, members, values, (table_c, table_w, len(everyone)), domain, sups[signature]
                )
                if not ok:
                    gone |= members
        allowed = math.floor(Fraction(str(self.config["suppression_limit"])) * len(everyone))
        if gone and (len(gone) > allowed or len(gone) == len(everyone)):
            return Counter()
        # the models over the whole table's distribution, again on the people left (their
        # table, and supersets of them alone): none may fail (apply's search publishes nothing)
        left = everyone - gone
        for item in self.criteria:
            ((kind, params),) = item.items()
            if not _global(kind, params):
                continue
            values = ref.person_values(rows, self.person, params["attribute"])
            table_c, table_w = ref._weights(left, values)
            for signature, members in classes.items():
                if members & gone:
                    continue
                ok, _ = ref.class_verdict(
                    kind,
                    params,
                    members,
                    values,
                    (table_c, table_w, len(left)),
                    self.domains[params["attribute"]],
                    [superset & left for superset in sups[signature]],
                )
                if not ok:
                    return Counter()
        return _texts(
            [r[c] for c in self.published] for r in rows if tuple(r[p] for p in self.person) not in gone
        )

    def _at(self, node: dict[str, int]) -> list[Row]:
        """The rows generalized to ``node``."""
        return [dict(r, **{q: self.paths[q][r[q]][node[q]] for q in self.qis}) for r in self.rows]


def _global(kind: str, params: dict[str, Any]) -> bool:
    """Whether a model reads the whole table's distribution (re-checked after suppression): the
    reference's GLOBAL, and dissimilarity over the ordered distance (which ranks the table's
    values)."""
    return kind in ref.GLOBAL or (kind == "dissimilarity" and params.get("distance") == "ordered")


def _nt(rng: random.Random, people: int = 2, closeness: bool = False) -> dict[str, Any]:
    """A random (n,t)-closeness of n at most ``people`` (``closeness``: a t-closeness)."""
    distance = rng.choice(["equal", "ordered", "hierarchical"])
    if closeness:
        return {"t-closeness": {"t": rng.choice([0.1, 0.25, 0.4]), "distance": distance}}
    # small t, large n: (n,t)-closeness fails too (the whole table is a superset of every class)
    return {
        "nt-closeness": {
            "n": rng.choice([n for n in (2, 3, 5, 8) if n <= people]),
            "t": rng.choice([0.05, 0.1, 0.2]),
            "distance": distance,
        }
    }


def _on(criterion: dict[str, Any], attribute: str) -> dict[str, Any]:
    """``criterion`` (random_models', on ``sens``) on ``attribute``."""
    ((kind, params),) = criterion.items()
    return {kind: dict(params, attribute=attribute) if kind != "k-anonymity" else params}


def _texts(rows: Any) -> Counter[tuple[str, ...]]:
    return Counter(tuple("" if v is None else str(v) for v in row) for row in rows)


def _published(path: Path) -> Counter[tuple[str, ...]]:
    with path.open(newline="") as f:
        return Counter(tuple(row) for row in list(csv.reader(f))[1:])


def _check(case: Case) -> str:
    """The printed release run in DuckDB is the reference's and apply's; returns what apply did."""
    report = api.apply(case.config, node=case.node, base_dir=case.folder)
    compiled = api.compile_sql(case.config, node=case.node, base_dir=case.folder, dialect="duckdb")
    assert compiled.release is not None and dict(compiled.node) == case.node
    assert compiled.person == tuple(case.person)
    con = duckdb.connect()
    got = _texts(con.sql(compiled.release).fetchall())
    assert got == case.reference(), (case.criteria, case.node, case.config["suppression_limit"])
    gate = [con.sql(s.sql).fetchall() for s in compiled.statements]
    empty = [i for i, s in enumerate(compiled.statements) if s.criterion.startswith("the release has rows")]
    assert len(empty) == 1 and bool(gate[empty[0]]) == (not got)
    if report.passed:
        assert got == _published(case.folder / "out.csv")
        assert not any(gate)
    elif "failed its own gate" in (report.message or ""):
        assert got and any(gate)
    else:
        assert not got, report.message
    script = con.execute(compiled.text()).fetchall()
    assert _texts(script) == _texts(gate[-1])
    if got:
        _gate_is_check_s(case, compiled, con, gate)
    if not report.passed:
        return "failed"
    return "suppressed" if report.suppressed_rows else "published"


def _gate_is_check_s(case: Case, compiled: Any, con: Any, gate: Sequence[Sequence[Any]]) -> None:
    """Each criterion's gate statement returns rows exactly where ``check`` of the release with
    its person columns (the SELECT's relation sqlanon_release_people, written to a file) fails
    the criterion."""
    text = compiled.release
    with_people = text[: text.rindex("\nSELECT")] + '\nSELECT * FROM "sqlanon_release_people"'
    result = con.sql(with_people)
    header = [d[0] for d in result.description]
    with (case.folder / "release.csv").open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(result.fetchall())
    checked = {k: v for k, v in case.config.items() if k not in ("output", "overwrite")}
    want = api.check(dict(checked, source="release.csv"), base_dir=case.folder)
    failed = [
        bool(rows)
        for s, rows in zip(compiled.statements, gate, strict=True)
        if s.criterion.startswith("criteria[") and "the labels of" not in s.criterion
    ]
    assert failed == [not entry["passed"] for entry in want.checks], (case.criteria, want.checks)


@pytest.mark.parametrize("seed", seeds(12, fast=6))
def test_the_release_over_people_is_the_reference_s_and_apply_s(seed: int, tmp_path: Path) -> None:
    _check(Case(seed, tmp_path))


@pytest.mark.slow
def test_the_cases_publish_suppress_and_fail(tmp_path: Path) -> None:
    """The random cases reach every outcome, with k alone and with sensitive-value models, with
    one person column and two (the comparisons above are not all of empty releases)."""
    seen = set()
    for seed in (0, 1, 2, 3, 7):  # of the first 24 seeds, these reach every outcome
        case = Case(seed, tmp_path / str(seed), sensitive=seed % 4 < 2)
        seen.add((_check(case), bool(case.domains)))
        seen.add(("person columns", len(case.person)))
    assert {("published", False), ("suppressed", False), ("failed", False)} <= seen
    assert {("suppressed", True), ("failed", True)} <= seen
    assert {("person columns", 1), ("person columns", 2)} <= seen


def test_the_person_columns_are_never_published(tmp_path: Path) -> None:
    case = Case(2, tmp_path)
    compiled = api.compile_sql(case.config, node=case.node, base_dir=tmp_path, dialect="duckdb")
    assert compiled.release is not None
    con = duckdb.connect()
    columns = [d[0] for d in con.sql(compiled.release).description]
    assert columns == case.published and not set(case.person) & set(columns)
    # every CTE of the release and its gate is named as compile's own parts
    names = set(re.findall(r'"(sqlanon_[a-z_0-9]+)" AS \(', compiled.text()))
    assert names and all(OWN_NAMES.fullmatch(n) for n in names), names


def _problem_case(tmp_path: Path) -> Case:
    case = Case(0, tmp_path, sensitive=False)
    case.config["suppression_limit"] = 1
    case.config["criteria"] = [{"k-anonymity": {"k": 1}}]
    return case


def _rewrite(case: Case, rows: Sequence[Row]) -> None:
    with (case.folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=case.header)
        writer.writeheader()
        writer.writerows(rows)


def _release(case: Case) -> list[Any]:
    compiled = api.compile_sql(case.config, node=case.node, base_dir=case.folder, dialect="duckdb")
    assert compiled.release is not None
    return duckdb.connect().sql(compiled.release).fetchall()


def test_what_apply_refuses_gives_an_empty_release(tmp_path: Path) -> None:
    """A NULL person column, a value no hierarchy covers, a person whose rows disagree on a
    column of person.constant: apply refuses the source, and the release returns no rows."""
    case = _problem_case(tmp_path)
    assert _release(case)
    first = case.rows[0]
    for change, config in (
        ({PERSON: None}, case.config),
        ({case.qis[-1]: "not in the hierarchy"}, case.config),
        (
            {case.qis[0]: next(v for v in case.paths[case.qis[0]] if v not in (None, first[case.qis[0]]))},
            dict(case.config, person={"columns": case.config["person"], "constant": [case.qis[0]]}),
        ),
    ):
        rows = [dict(first, **change), *case.rows]
        _rewrite(case, rows)
        with pytest.raises(InputError):
            api.apply(config, node=case.node, base_dir=case.folder)
        changed = Case.__new__(Case)
        changed.__dict__.update(case.__dict__, config=config)
        assert _release(changed) == [], change
    _rewrite(case, case.rows)


def test_a_weight_beyond_exact_counts_empties_the_release_and_its_guard_says_so(tmp_path: Path) -> None:
    """A person of 43 distinct values of the sensitive column: the weight is not computed in SQL
    (standalone_weight.sql's bound), the release is empty and the guard printed first returns a
    row; with 42 values the release publishes."""
    config = {
        "source": "wide.csv",
        "person": PERSON,
        "columns": {
            PERSON: "identifier",
            "age": {"role": "quasi", "hierarchy": {"type": "intervals", "widths": [10]}},
            "sens": "sensitive",
        },
        "criteria": [{"l-diversity": {"variant": "distinct", "l": 1, "attribute": "sens"}}],
    }
    for values, empty in ((43, True), (42, False)):
        lines = ['"patient ""id""",age,sens', *(f"a,30,v{j}" for j in range(values)), "b,30,v0"]
        (tmp_path / "wide.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        compiled = api.compile_sql(config, node={"age": 0}, base_dir=tmp_path, dialect="duckdb")
        assert compiled.release is not None
        guard = compiled.statements[0]
        assert guard.criterion.startswith("the weight of the source's people's values")
        con = duckdb.connect()
        assert (con.sql(guard.sql).fetchall() != []) == empty
        assert (con.sql(compiled.release).fetchall() == []) == empty


#: the (n,t)-closeness and two-column cases that reach every outcome (run by the coverage test
#: below; the comparisons run the others): published, suppressed, failed
COVERED = {"nt": (0, 1, 4), "two": (8, 2, 0)}


def _others(models: str) -> list[Any]:
    """The seeds 0..5 (and 6..) the coverage test does not run: three, the first two fast."""
    rest = [s for s in range(9) if s not in COVERED[models]][:3]
    return [s if i < 2 else pytest.param(s, marks=pytest.mark.slow) for i, s in enumerate(rest)]


@pytest.mark.parametrize("seed", _others("nt"))
def test_nt_closeness_over_people_is_the_reference_s_and_apply_s(seed: int, tmp_path: Path) -> None:
    """(n,t)-closeness: each class's natural supersets are its people's classes at every more
    general node, their sets of tuples generalized as a whole (docs/people.md)."""
    _check(Case(seed, tmp_path, models="nt"))


@pytest.mark.parametrize("seed", _others("two"))
def test_two_sensitive_columns_over_people_are_the_reference_s_and_apply_s(seed: int, tmp_path: Path) -> None:
    """Models on ``sens`` and on ``drug``, each weighing the people's values of its own column."""
    _check(Case(seed, tmp_path, models="two"))


@pytest.mark.slow
def test_the_nt_and_two_column_cases_publish_suppress_and_fail(tmp_path: Path) -> None:
    """Cases of (n,t)-closeness and of two columns reach every outcome (each compared as above)."""
    seen = set()
    for models, chosen in COVERED.items():
        for seed in chosen:
            seen.add((models, _check(Case(seed, tmp_path / f"{models}{seed}", models=models))))
    assert seen == {(m, outcome) for m in ("nt", "two") for outcome in ("published", "suppressed", "failed")}


@pytest.mark.parametrize("seed", [2, pytest.param(6, marks=pytest.mark.slow)])
def test_nt_closeness_on_the_second_of_two_columns(seed: int, tmp_path: Path) -> None:
    """(n,t)-closeness on ``drug`` beside a model on ``sens``: its supersets' distributions are
    the people's values of its own column."""
    _check(Case(seed, tmp_path, models="two-nt"))


def test_compile_node_with_person_at_the_command_line(tmp_path: Path) -> None:
    """The CLI prints the release over people; the SELECT before the first ';' runs."""
    case = Case(5, tmp_path, sensitive=False)
    case.config["suppression_limit"] = 0.5
    path = tmp_path / "people.yaml"
    path.write_text(yaml.safe_dump(case.config, sort_keys=False))
    node = ",".join(f"{q}={lv}" for q, lv in case.node.items() if "," not in q and "=" not in q)
    if len(node.split(",")) != len(case.node):
        pytest.skip("a name --node cannot write")
    result = CliRunner().invoke(main, ["compile", str(path), "--node", node, "--dialect", "duckdb"])
    assert result.exit_code == 0, result.output
    assert f"over people (told apart by {SITE}, {PERSON}, never published)" in result.output
    assert "does not write a release over people" not in result.output
    rows = duckdb.connect().sql(result.output.split(";\n")[0]).fetchall()
    assert _texts(rows) == case.reference()


# PostgreSQL and Spark ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("models", "seed"),
    [*((None, s) for s in range(4)), ("nt", 4), ("two", 2)],
    ids=lambda v: str(v),
)
@pytest.mark.slow
def test_the_release_over_people_in_postgres_equals_duckdbs(
    compiled_pg: Any, postgres: Any, tmp_path: Path, models: str | None, seed: int
) -> None:
    """The release printed for PostgreSQL, on the same rows in a table of the test server,
    returns DuckDB's rows (and the reference's); its gate statements run. (n,t)-closeness and
    two sensitive columns: a case each."""
    from tests.support import pgserver

    case = Case(seed, tmp_path, models=models)
    table = f"release_people_{models or 'one'}_{seed}"
    pgserver.load(
        compiled_pg,
        "compiled",
        table,
        [(c, "text") for c in case.header],
        ([r[c] for c in case.header] for r in case.rows),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(case.config, source={"table": f"compiled.{table}"}, engine=engine)
    compiled = api.compile_sql(on_pg, node=case.node, base_dir=tmp_path)
    assert compiled.dialect == "postgres" and compiled.release is not None
    got = _texts(compiled_pg.execute(compiled.release).fetchall())
    assert got == case.reference() == _texts(_release(case))
    for s in compiled.statements:
        compiled_pg.execute(s.sql).fetchall()


def test_the_release_over_people_in_spark_equals_duckdbs(spark: Any, tmp_path: Path) -> None:
    """One case with two person columns, varying quasi-identifiers and sensitive-value models:
    the release's rows. Its gate statements are not run here: each re-derives the release at
    every reference to it, and Spark, which expands every reference to a CTE, runs out of the
    test session's memory analysing them (docs/compile.md)."""
    case = Case(5, tmp_path, sensitive=True)
    spark.sql("CREATE DATABASE IF NOT EXISTS compiled")
    schema = ", ".join(f"`{c.replace('`', '``')}` string" for c in case.header)
    frame = spark.createDataFrame([tuple(r[c] for c in case.header) for r in case.rows], schema)
    frame.write.mode("overwrite").saveAsTable("compiled.release_people")
    on_spark = dict(case.config, source={"table": "compiled.release_people"}, engine={"kind": "spark"})
    compiled = api.compile_sql(on_spark, node=case.node, base_dir=tmp_path)
    assert compiled.dialect == "spark" and compiled.release is not None
    got = _texts(tuple(r) for r in spark.sql(compiled.release).collect())
    assert got == case.reference() == _texts(_release(case))


def test_suppression_never_removes_everyone(tmp_path: Path) -> None:
    """Every class violating, with a limit of every person: apply publishes nothing, and the
    release returns no rows. (Its SQL's "bad_people < all_people" is implied there: with every
    class violating, no row is outside them. Its boundary, all but one person suppressed, is
    the test below's.)"""
    case = _problem_case(tmp_path)
    case.node = {q: 0 for q in case.qis}
    people = len({tuple(r[p] for p in case.person) for r in case.rows})
    case.config["criteria"] = [{"k-anonymity": {"k": people}}]
    case.criteria = case.config["criteria"]
    assert case.reference() == Counter()
    assert _check(case) == "failed"
    assert _release(case) == []


def test_suppression_leaves_the_last_person(tmp_path: Path) -> None:
    """Every person but one violating, within the limit: they are suppressed and the last
    person's rows published (never everyone, but all the others may go). Three people in a
    class each, the table's distribution (1/2, 1/2) over s_a, s_b: p0 holds both (their class's
    distribution is the table's), p1 only s_a and p2 only s_b (distance 1/2 > t each)."""
    case = Case(0, tmp_path, sensitive=True)
    first, rest = case.qis[0], case.qis[1:]
    leaves = list(case.paths[first])[:3]  # three leaves (NULL among them): three classes at level 0
    a, b = case.domains["sens"][0][:2]
    constant = {q: next(iter(case.paths[q])) for q in rest}
    rows = [
        {PERSON: "p0", first: leaves[0], "sens": a, "visit": "0", **constant},
        {PERSON: "p0", first: leaves[0], "sens": b, "visit": "1", **constant},
        {PERSON: "p1", first: leaves[1], "sens": a, "visit": "0", **constant},
        {PERSON: "p2", first: leaves[2], "sens": b, "visit": "0", **constant},
    ]
    case.rows = rows
    _rewrite(case, rows)
    case.node = {q: 0 for q in case.qis}
    case.criteria = case.config["criteria"] = [
        {"t-closeness": {"t": 0.2, "distance": "equal", "attribute": "sens"}}
    ]
    case.config["suppression_limit"] = 1
    kept = case.reference()
    assert sum(kept.values()) == 2 and {row[case.published.index("sens")] for row in kept} == {a, b}
    assert _check(case) == "suppressed"
