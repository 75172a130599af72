"""Every engine kind of ``sqlanon.engines.KINDS`` against DuckDB on the same rows as a CSV file:
``check`` gives the same verdicts, counts and observed values (within 1e-9), ``anonymize`` picks
the same node and publishes the same multiset of rows (lattice searches and Mondrian, the
evaluator's paths for large tables) into a table of the engine, ``apply`` repeats a release and
lists the same violating classes, a query source gives what its rows give, a caller's open
connection gives the same release and is left as it was; never over the source, and nothing left
behind. With ``person:`` (random one-to-many tables), ``check`` and ``anonymize`` count people as
DuckDB does and as the pure-Python reference (tests/oracles/reference_people.py) does, and the
engine refuses a NULL person and a person whose quasi-identifier varies with DuckDB's message.

One class of these tests per engine kind (``TestOn<kind>``, made from KINDS below) runs them on
the kind's adapter (tests/engines/conformance.py): its tests fail when the kind has none. A class
uses the fixture its engine needs (``postgres``, ``spark``), so that its tests, and only its,
carry that fixture (tests/conftest.py groups the Spark tests by it). DuckDB's adapter keeps its
tables in DuckDB database files: the table path against the CSV path."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from sqlanon import api
from sqlanon.engines import KINDS
from sqlanon.errors import DataError, InputError
from tests.api.test_connection import csv_rows, random_case, random_rows, same_run
from tests.engines.conformance import (
    ADAPTERS,
    CHECK_COLUMNS,
    EXTRA,
    PERSON_NT_SEEDS,
    Adapter,
    check_rows,
    people_rows,
    write_csv,
)
from tests.engines.test_snapshots import MODELS
from tests.oracles import reference_people as ref
from tests.oracles.reference import minimal_nodes
from tests.pipeline.test_audit_people import audit_case
from tests.pipeline.test_audit_people import expected as audit_expected
from tests.pipeline.test_audit_people import nodes as audited_nodes
from tests.pipeline.test_audit_people import same as same_audit
from tests.pipeline.test_people import random_models as people_models
from tests.pipeline.test_people import sensitive_column as people_sensitive
from tests.pipeline.test_people_multi import multi_case, multi_models, sensitive_columns
from tests.pipeline.test_people_multiattr import (
    LISTED,
    VECTOR,
    configure,
    configure_listed,
    listed_case,
    multi_l,
    variational,
    vector_case,
)
from tests.release.test_apply import failing_apply_case, listed_violations
from tests.support.cases import FAST
from tests.support.randomdata import PERSON, RandomCase, people_config, random_people_case
from tests.support.sqlhelpers import same as _same
from tests.support.sqlhelpers import take_large_table_paths


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A seeded test runs the seeds its class's adapter gives it (one seed, to fail, on a kind
    without an adapter); those after the first FAST are marked slow."""
    if "seed" not in metafunc.fixturenames or metafunc.cls is None:
        return
    adapter = ADAPTERS.get(metafunc.cls.kind)
    name = metafunc.function.__name__
    if adapter is None:
        seeds: list[int] = [0]
    elif name == "test_on_a_callers_connection_equals_duckdb":
        seeds = list(adapter.connection_cases)
    else:
        seeds = list(adapter.seeds[name])
    # the quick suite runs the first seeds (tests/support/cases.py)
    metafunc.parametrize(
        "seed", [s if i < FAST else pytest.param(s, marks=pytest.mark.slow) for i, s in enumerate(seeds)]
    )


def test_every_engine_kind_has_an_adapter() -> None:
    assert set(ADAPTERS) == set(KINDS)
    assert {cls.kind for cls in Conformance.__subclasses__()} == set(KINDS)


class Conformance:
    """The conformance tests; ``kind`` is the engine kind they run on."""

    kind: ClassVar[str]

    @pytest.fixture(scope="class")
    def on(
        self, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
    ) -> Iterator[Adapter]:
        made = ADAPTERS.get(self.kind)
        if made is None:
            pytest.fail(
                f"engine kind {self.kind!r} has no conformance adapter: add one to ADAPTERS in "
                "tests/engines/conformance.py"
            )
        server = request.getfixturevalue(made.fixture) if made.fixture else None
        adapter = made(tmp_path_factory.mktemp(f"conformance_{self.kind}"), server)
        try:
            yield adapter
        finally:
            adapter.close()

    # -- check --------------------------------------------------------------------------------

    def test_check_equals_duckdb(self, on: Adapter, seed: int) -> None:
        rng = random.Random(1000 + seed)
        rows = check_rows(seed)
        path = on.folder / f"t{seed}.csv"
        write_csv(path, rows, CHECK_COLUMNS)
        table = f"gate.people_{seed}"
        on.load(table, rows, CHECK_COLUMNS)
        criteria = rng.sample(MODELS + EXTRA, rng.randint(2, 6))
        config = dict(on.check, criteria=criteria, source=path.name)
        on_engine = on.on(config, source=table)
        try:
            want = api.check(config, base_dir=on.folder)
        except InputError as err:  # a model the data cannot meet at all: the same error on both
            with pytest.raises(InputError) as got_err:
                api.check(on_engine, base_dir=on.folder)
            assert str(got_err.value) == str(err).replace(f"file {str(path)!r}", on.described(table))
            return
        got = api.check(on_engine, base_dir=on.folder)
        assert got.passed == want.passed and got.rows_in == want.rows_in == len(rows)
        assert len(got.checks) == len(want.checks)
        for g, w in zip(got.checks, want.checks, strict=True):
            assert g.keys() == w.keys()
            for key in w:
                assert _same(g[key], w[key]), (key, g, w)

    @pytest.mark.slow
    def test_every_model_of_the_catalogue_checks_the_same(self, on: Adapter) -> None:
        """One gate with every model of the catalogue at once (each model's check runs in it)."""
        rows = check_rows(99)
        path = on.folder / "all_models.csv"
        write_csv(path, rows, CHECK_COLUMNS)
        on.load("gate.all_models", rows, CHECK_COLUMNS)
        config = dict(on.check, criteria=MODELS + EXTRA, source=path.name)
        want = api.check(config, base_dir=on.folder)
        got = api.check(on.on(config, source="gate.all_models"), base_dir=on.folder)
        assert len(got.checks) == len(want.checks) == len(MODELS + EXTRA)
        for g, w in zip(got.checks, want.checks, strict=True):
            assert g.keys() == w.keys()
            for key in w:
                assert _same(g[key], w[key]), (key, g, w)

    # -- anonymize ----------------------------------------------------------------------------

    def test_anonymize_equals_duckdb(self, on: Adapter, seed: int) -> None:
        _same_release(on, seed)

    @pytest.mark.slow
    def test_large_table_paths_equal_duckdb(
        self, on: Adapter, seed: int, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """The evaluator's paths for large tables (projections, joins with dimension tables, node
        tables cached and evicted, batches in chunks), taken by small tables on the engine with
        lowered thresholds, against DuckDB with its defaults."""
        taken: list[Counter[str]] = []
        _same_release(on, seed, lambda: taken.append(take_large_table_paths(monkeypatch, seed)), local=False)
        assert taken[0]["projections"] and taken[0]["joined QIs"] and taken[0]["statements"], taken

    @pytest.mark.slow
    def test_never_over_the_source(self, on: Adapter) -> None:
        folder, base = on.folder, on.base
        rows = people_rows(random.Random(7), 7)
        on.load("src.people", rows)
        on.create_view("src.adults", "SELECT * FROM src.people WHERE age >= 18")

        def run(source: str, output: str, overwrite: bool = True) -> Any:
            return api.anonymize(
                dict(on.on(base, source=source, output=output), overwrite=overwrite), base_dir=folder
            )

        says = on.refusals
        cases = [
            ("src.people", "src.people", says["itself"]),
            ("src.adults", "src.people", says["view source"]),
            ("src.people", "src.adults", says["view output"]),
        ]
        if on.folds_case:
            cases.append(("src.PEOPLE", "SRC.people", says["itself"]))
        for source, output, message in cases:
            with pytest.raises(InputError, match=message):
                run(source, output)
            assert on.count("src.people") == len(rows)
        assert run("src.people", "rel.kept").passed
        before = on.published("rel.kept")
        with pytest.raises(InputError, match=says["exists"]):
            run("src.people", "rel.kept", overwrite=False)
        assert on.published("rel.kept") == before
        # no generalization satisfies the criteria (entropy l = the number of values needs them
        # all equally frequent; the second also caps zip and age at level 2): nothing is written,
        # nothing is left, and the report says why as DuckDB's does on the same rows (the checks
        # of the most general node the max_level settings allow, its violating rows, the message)
        diseases = len({r["disease"] for r in rows})
        entropy = {"l-diversity": {"variant": "entropy", "l": diseases, "attribute": "disease"}}
        capped = {
            c: dict(spec, max_level=2) if c in ("zip", "age") else spec for c, spec in base["columns"].items()
        }
        write_csv(folder / "none.csv", rows)
        for failing in (
            dict(base, criteria=[entropy], suppression_limit=0),
            dict(base, columns=capped, criteria=[{"k-anonymity": {"k": 4}}, entropy], suppression_limit=0.05),
        ):
            report = api.anonymize(on.on(failing, source="src.people", output="rel.none"), base_dir=folder)
            assert not report.passed
            assert not on.exists("rel.none")
            assert on.leftovers() == []
            duck = api.anonymize(dict(failing, source="none.csv", output="none_out.csv"), base_dir=folder)
            assert not duck.passed and len(duck.checks) == len(failing["criteria"])
            assert report.search["most_general"] == duck.search["most_general"]
            assert report.message == duck.message
            for g, w in zip(report.checks, duck.checks, strict=True):
                assert g["observed"] == pytest.approx(w["observed"], abs=1e-9)
                assert {**g, "observed": None} == {**w, "observed": None}

    @pytest.mark.slow
    def test_overwrite_replaces_the_published_table(self, on: Adapter) -> None:
        """overwrite: true replaces the release (the previous table set aside, the release put in
        its place, the previous dropped), leaving nothing behind."""
        on.load("src.people_swap", people_rows(random.Random(3), 3))
        # the subject is the swap: searched in embedded DuckDB (the engine's search is
        # test_anonymize_equals_duckdb's), published in the engine
        config = dict(on.on(on.base, source="src.people_swap", output="rel.swap"), search_in="local")
        assert api.anonymize(config, base_dir=on.folder).passed
        first = on.published("rel.swap")
        on.load("src.people_swap", people_rows(random.Random(4), 4))
        report = api.anonymize(config, base_dir=on.folder)
        assert report.passed and on.published("rel.swap") != first
        assert sum(on.published("rel.swap").values()) == report.rows_out
        assert on.leftovers() == []

    def test_a_query_source_equals_duckdb_on_its_rows(self, on: Adapter) -> None:
        """``source: {query: ...}`` runs in the engine as written: a join, a filter and an integer
        division in the engine's SQL give the node and the published rows DuckDB gives on the
        same rows as a file (computed in Python)."""
        folder, base = on.folder, on.base
        rng = random.Random(77)
        rows = people_rows(rng, 77)
        on.load("src.people_q", rows)
        gone = set(rng.sample([r["name"] for r in rows], 15))
        on.load("src.excluded", [{"who": n} for n in sorted(gone)], ["who"])
        kept = [dict(r, age=r["age"] // 7 * 7) for r in rows if r["name"] not in gone and r["age"] >= 25]
        write_csv(folder / "kept_q.csv", kept)
        criteria = [
            {"k-anonymity": {"k": 3}},
            {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "disease"}},
        ]
        want = api.anonymize(
            dict(
                base, source="kept_q.csv", output="out/kept_q.csv", criteria=criteria, suppression_limit=0.02
            ),
            base_dir=folder,
        )
        config = dict(base, criteria=criteria, suppression_limit=0.02, overwrite=True)
        got = api.anonymize(
            on.on(config, source={"query": on.query}, output="rel.from_query"), base_dir=folder
        )
        assert (got.passed, got.node, got.rows_in, got.rows_out) == (
            want.passed,
            want.node,
            len(kept),
            want.rows_out,
        )
        assert on.published("rel.from_query") == csv_rows(folder / "out/kept_q.csv")
        assert on.leftovers() == []

    # -- person: counted over people ----------------------------------------------------------

    def test_check_with_person_equals_duckdb(self, on: Adapter, seed: int) -> None:
        """check with ``person:`` on a random one-to-many table: the k-anonymity check counted
        over people (observed, violating classes and their people, the classes listed), the
        people and the risk are DuckDB's on the same rows as a file, and the reference's. One
        value of the first quasi-identifier is NULL instead (a class of its own). On odd seeds
        people's quasi-identifiers vary (classes of sets of label tuples)."""
        rng = random.Random(seed)
        case, config = _people_case(on, "check", seed, 7000 + seed, rng.choice([1, 2, 3]), seed % 2 == 1)
        k = rng.choice([2, 3, 4])
        config = dict(config, criteria=[{"k-anonymity": {"k": k}}])
        config["columns"] = {**config["columns"], **{q: {"role": "quasi"} for q in case.qis}}
        del config["output"]
        first = case.qis[0]
        nulled = min(r[first] for r in case.rows)
        case.rows = [dict(r, **{first: None}) if r[first] == nulled else r for r in case.rows]
        columns = [PERSON, *case.qis, "sens", "visit"]
        write_csv(case.folder / "data.csv", case.rows, columns)
        table = f"gate.people_check_{seed}"
        on.load(table, case.rows, columns)
        want = api.check(config, base_dir=on.folder, show_violations=10**6)
        got = api.check(on.on(config, source=table), base_dir=on.folder, show_violations=10**6)
        assert (got.passed, got.rows_in, got.people) == (want.passed, want.rows_in, want.people)
        assert len(got.checks) == len(want.checks)
        for g, w in zip(got.checks, want.checks, strict=True):
            assert g.keys() == w.keys()
            for key in w.keys() - {"violations"}:
                assert _same(g[key], w[key]), (key, g, w)
            assert _classes(g) == _classes(w)
        assert _same_tree(got.risk, want.risk), (got.risk, want.risk)
        assert got.warnings == want.warnings
        # and the reference's: the smallest class's people, the violating classes and people
        expected = ref.ref_k_people(case.rows, [PERSON], case.qis, k)
        (entry,) = [c for c in got.checks if c["criterion"] == "k-anonymity"]
        assert (entry["passed"], entry["observed"]) == (expected.passed, expected.observed)
        assert (entry["violating_classes"], entry["violating_people"]) == (
            expected.violating_classes,
            expected.violating_rows,
        )
        assert sum(v["people"] for v in entry.get("violations") or []) == expected.violating_rows
        assert got.people == {"in": len({r[PERSON] for r in case.rows})}
        assert got.rows_in == len(case.rows)
        assert got.risk is not None and expected.observed is not None
        assert got.risk["prosecutor"]["highest"] == pytest.approx(1 / expected.observed)

    def test_anonymize_with_person_equals_duckdb(self, on: Adapter, seed: int) -> None:
        """anonymize with ``person:`` (search incognito, k over people, suppression of people) on
        a random one-to-many table: the node, the minimal nodes, the counts of rows and people
        and the released rows (a multiset, without the person column) are DuckDB's on the same
        rows as a file, and the reference's (odd seeds search in embedded DuckDB on a server; seeds
        of 2 modulo 3 have people whose quasi-identifiers vary: classes of sets of tuples)."""
        rng = random.Random(seed)
        case, config = _people_case(on, "anonymize", seed, 8000 + seed, rng.choice([1, 2, 3]), seed % 3 == 2)
        k = rng.choice([2, 3, 4])
        limit = rng.choice([0.0, 0.1, 0.3])
        config = dict(
            config, criteria=[{"k-anonymity": {"k": k}}], suppression_limit=limit, search="incognito"
        )
        table, output = f"src.people_person_{seed}", f"rel.release_person_{seed}"
        columns = [PERSON, *case.qis, "sens", "visit"]
        on.load(table, case.rows, columns)
        on_engine = dict(on.on(config, source=table, output=output), overwrite=True)
        on_engine["search_in"] = "local" if seed % 2 else "engine"
        want = api.anonymize(config, base_dir=on.folder)
        got = api.anonymize(on_engine, base_dir=on.folder)
        assert (got.passed, got.node, got.rows_in, got.rows_out, got.suppressed_rows, got.people) == (
            want.passed, want.node, want.rows_in, want.rows_out, want.suppressed_rows, want.people
        )  # fmt: skip
        assert got.minimal_nodes == want.minimal_nodes
        assert got.why_coarse == want.why_coarse
        assert [(c["criterion"], c["passed"], c.get("violating_people")) for c in got.checks] == [
            (c["criterion"], c["passed"], c.get("violating_people")) for c in want.checks
        ]
        # and the reference's: the minimal nodes over people, the rows of the people kept
        satisfying = ref.satisfying_people(case.rows, [PERSON], case.hierarchies, k, limit)
        assert {tuple(n[q] for q in case.qis) for n in got.minimal_nodes} == minimal_nodes(satisfying)
        if not satisfying:
            assert not got.passed and not on.exists(output)
            assert on.leftovers() == []
            return
        assert got.passed and got.node is not None, got.message
        node = tuple(got.node[q] for q in case.qis)
        generalized = ref.generalized(case.rows, case.hierarchies, node)
        gone = ref.violating_people(generalized, [PERSON], case.qis, k)
        kept = [c for c in columns if c != PERSON]  # the person column is never published
        expected = Counter(tuple(r[c] for c in kept) for r in generalized if (r[PERSON],) not in gone)
        assert on.published(output) == csv_rows(case.folder / "out.csv") == expected
        people = len({r[PERSON] for r in case.rows})
        assert got.people == {"in": people, "out": people - len(gone), "suppressed": len(gone)}
        released = sum(expected.values())
        assert (got.rows_in, got.rows_out) == (len(case.rows), released)
        assert got.suppressed_rows == len(case.rows) - released
        assert on.leftovers() == []

    def test_person_values_equal_duckdb(self, on: Adapter, seed: int) -> None:
        """Sensitive-value models over people (random ones: the l-diversity variants, (alpha,k),
        the t-closeness distances, delta-disclosure, beta-likeness): check's figures and
        anonymize's node, minimal nodes and release are DuckDB's on the same rows as a file, and
        the reference's (tests/oracles/reference_people.py)."""
        case, config, domain, criteria = _values_case(on, seed)
        table, output = f"src.people_values_{seed}", f"rel.release_values_{seed}"
        columns = [PERSON, *case.qis, "sens", "visit"]
        on.load(table, case.rows, columns)
        checked = {k: v for k, v in config.items() if k != "output"}
        checked["columns"] = {**config["columns"], **{q: {"role": "quasi"} for q in case.qis}}
        want = api.check(checked, base_dir=on.folder)
        got = api.check(on.on(checked, source=table), base_dir=on.folder)
        assert (got.passed, got.people) == (want.passed, want.people)
        for g, w in zip(got.checks, want.checks, strict=True):
            assert all(_same(g[key], w[key]) for key in w), (g, w)
        for item, entry in zip(criteria, got.checks, strict=False):
            ((kind, params),) = item.items()
            expected = ref.ref_people_model(case.rows, [PERSON], case.qis, "sens", kind, params, domain)
            assert (entry["passed"], entry["violating_classes"], entry["violating_people"]) == (
                expected.passed,
                expected.violating_classes,
                expected.violating_rows,
            ), item
        limit = random.Random(seed).choice([0.0, 0.1, 0.3])
        released = dict(config, suppression_limit=limit, search="exhaustive")
        want = api.anonymize(released, base_dir=on.folder)
        got = api.anonymize(
            dict(on.on(released, source=table, output=output), overwrite=True), base_dir=on.folder
        )
        assert (got.passed, got.node, got.minimal_nodes, got.people, got.rows_out) == (
            want.passed, want.node, want.minimal_nodes, want.people, want.rows_out
        )  # fmt: skip
        satisfying = ref.satisfying_people_models(
            case.rows, [PERSON], case.hierarchies, "sens", criteria, limit, domain
        )
        assert {tuple(n[q] for q in case.qis) for n in got.minimal_nodes} == minimal_nodes(set(satisfying))
        if got.passed:
            assert on.published(output) == csv_rows(case.folder / "out.csv")
        else:
            assert not on.exists(output)
        assert on.leftovers() == []

    def test_audit_with_person_equals_duckdb(self, on: Adapter, seed: int) -> None:
        """audit with ``person:`` (a random one-to-many table; odd seeds: people's
        quasi-identifiers vary): every minimal node's people, classes and attacks counted over
        people are DuckDB's on the same rows as a file, and the reference's
        (tests/oracles/reference_people.py)."""
        sub = f"person_audit_{seed}"
        case, config, criteria, domain = audit_case(5100 + seed, on.folder / sub, varying=seed % 2 == 1)
        config["source"] = f"{sub}/{config['source']}"
        for spec in config["columns"].values():
            if "hierarchy" in spec:
                spec["hierarchy"] = f"{sub}/{spec['hierarchy']}"
        table = f"src.people_audit_{seed}"
        on.load(table, case.rows, [PERSON, *case.qis, "sens", "visit"])
        want = api.audit(config, base_dir=on.folder)
        got = api.audit(on.on(config, source=table), base_dir=on.folder)
        assert (got.passed, got.people, got.rows_in) == (want.passed, want.people, want.rows_in)
        assert [n.chosen for n in got.nodes] == [n.chosen for n in want.nodes]
        same_audit(audited_nodes(got, case.qis), audited_nodes(want, case.qis))
        same_audit(audited_nodes(got, case.qis), audit_expected(case, config, criteria, domain))
        assert on.leftovers() == []

    def test_person_multi_equals_duckdb(self, on: Adapter, seed: int) -> None:
        """Several sensitive columns over people (two or three, one with NULLs; odd seeds:
        people's quasi-identifiers vary), random models each on a column: check's figures,
        anonymize's node, minimal nodes and release, and audit's attacks per column are DuckDB's
        on the same rows as a file, and the references' (each model on its own column)."""
        sub = f"person_multi_{seed}"
        rng = random.Random(seed)
        varying = seed % 2 == 1
        case, columns, nullable = multi_case(7300 + seed, on.folder / sub, varying)
        criteria = multi_models(case, rng, columns, nullable, varying)
        config = people_config(case, criteria)
        domains = sensitive_columns(case, rng, config, columns, nullable)
        config["source"] = f"{sub}/{config['source']}"
        config["output"] = f"{sub}/{config['output']}"
        for spec in config["columns"].values():
            if "hierarchy" in spec:
                spec["hierarchy"] = f"{sub}/{spec['hierarchy']}"
        table, output = f"src.people_multi_{seed}", f"rel.release_multi_{seed}"
        loaded = [PERSON, *case.qis, *columns, "visit"]
        on.load(table, [{c: (r[c] if r[c] != "" else None) for c in loaded} for r in case.rows], loaded)
        checked = {k: v for k, v in config.items() if k != "output"}
        want = api.check(checked, base_dir=on.folder)
        got = api.check(on.on(checked, source=table), base_dir=on.folder)
        assert (got.passed, got.people) == (want.passed, want.people)
        for g, w, item in zip(got.checks, want.checks, criteria, strict=False):
            assert all(_same(g[key], w[key]) for key in w), (g, w)
            ((kind, params),) = item.items()
            attr = params.get("attribute")
            expected = ref.ref_people_model(
                case.rows, [PERSON], case.qis, attr, kind, params, domains[attr] if attr else None
            )
            assert (g["passed"], g["violating_classes"], g["violating_people"]) == (
                expected.passed,
                expected.violating_classes,
                expected.violating_rows,
            ), item
        limit = rng.choice([0.0, 0.1, 0.3])
        released = dict(config, suppression_limit=limit, search="exhaustive")
        want = api.anonymize(released, base_dir=on.folder)
        got = api.anonymize(
            dict(on.on(released, source=table, output=output), overwrite=True), base_dir=on.folder
        )
        assert (got.passed, got.node, got.minimal_nodes, got.people, got.rows_out) == (
            want.passed, want.node, want.minimal_nodes, want.people, want.rows_out
        )  # fmt: skip
        satisfying = ref.satisfying_people_models(
            case.rows, [PERSON], case.hierarchies, "sens", criteria, limit, domains=domains
        )
        assert {tuple(n[q] for q in case.qis) for n in got.minimal_nodes} == minimal_nodes(set(satisfying))
        if got.passed:
            assert on.published(output) == csv_rows(case.folder / "out.csv")
        else:
            assert not on.exists(output)
        audited = dict(checked, criteria=criteria[:1], audit={"negations": 1, "t": 0.2, "distance": "equal"})
        want_audit = api.audit(audited, base_dir=on.folder)
        got_audit = api.audit(on.on(audited, source=table), base_dir=on.folder)
        assert (got_audit.passed, got_audit.people) == (want_audit.passed, want_audit.people)
        same_audit(audited_nodes(got_audit, case.qis), audited_nodes(want_audit, case.qis))
        assert on.leftovers() == []

    def test_person_at_once_equals_duckdb(self, on: Adapter, seed: int) -> None:
        """The models over several sensitive columns at once over people (even seeds:
        multi-attribute l-diversity, odd: variational dissimilarity; seeds 2 and 3 modulo 4:
        people's quasi-identifiers vary): check's figures and anonymize's node, minimal nodes
        and release are DuckDB's on the same rows as a file, and the references'."""
        sub = f"person_at_once_{seed}"
        varying = seed % 4 >= 2
        if seed % 2 == 0:
            case, rng, listed = listed_case(8700 + seed, on.folder / sub, varying)
            params = multi_l(rng, listed, case.rows)
            criteria: list[dict[str, Any]] = [{"l-diversity": params}]
            config = configure_listed(case, criteria, listed)
            loaded = [PERSON, *case.qis, "sens", *LISTED, "visit"]
            expected = ref.ref_multi_l_people(case.rows, [PERSON], case.qis, params)
        else:
            case, rng = vector_case(8100 + seed, on.folder / sub, varying)
            params = variational(rng)
            criteria = [{"dissimilarity": params}]
            config = configure(case, criteria)
            loaded = [PERSON, *case.qis, "sens", *VECTOR, "visit"]
            expected = ref.ref_variational_people(case.rows, [PERSON], case.qis, params)
        config["source"] = f"{sub}/{config['source']}"
        config["output"] = f"{sub}/{config['output']}"
        for spec in config["columns"].values():
            if "hierarchy" in spec:
                spec["hierarchy"] = f"{sub}/{spec['hierarchy']}"
        table, output = f"src.people_at_once_{seed}", f"rel.release_at_once_{seed}"
        on.load(table, [{c: (r[c] if r[c] != "" else None) for c in loaded} for r in case.rows], loaded)
        checked = {k: v for k, v in config.items() if k != "output"}
        want = api.check(checked, base_dir=on.folder)
        got = api.check(on.on(checked, source=table), base_dir=on.folder)
        assert (got.passed, got.people) == (want.passed, want.people)
        (g,), (w,) = got.checks, want.checks
        assert all(_same(g[key], w[key]) for key in w), (g, w)
        assert (g["passed"], g["violating_classes"], g["violating_people"]) == (
            expected.passed,
            expected.violating_classes,
            expected.violating_rows,
        )
        released = dict(config, suppression_limit=rng.choice([0.0, 0.1, 0.3]), search="exhaustive")
        want = api.anonymize(released, base_dir=on.folder)
        got = api.anonymize(
            dict(on.on(released, source=table, output=output), overwrite=True), base_dir=on.folder
        )
        assert (got.passed, got.node, got.minimal_nodes, got.people, got.rows_out) == (
            want.passed, want.node, want.minimal_nodes, want.people, want.rows_out
        )  # fmt: skip
        if got.passed:
            assert on.published(output) == csv_rows(case.folder / "out.csv")
        else:
            assert not on.exists(output)
        assert on.leftovers() == []

    @pytest.mark.parametrize("command", ["anonymize", "check"])
    def test_bad_person_inputs_are_refused_as_on_duckdb(self, on: Adapter, command: str) -> None:
        """A NULL person cell: the engine refuses it with DuckDB's DataError message, and writes
        nothing."""
        columns = [PERSON, "zip", "sex", "disease"]

        def row(who: str | None, zip_code: str | None, sex: str, disease: str) -> dict[str, Any]:
            return {PERSON: who, "zip": zip_code, "sex": sex, "disease": disease}

        ok = [row(f"p{i}", "47677", "Female" if i % 2 else "Male", "flu") for i in range(6)]
        cases = {"null": [*ok, row(None, "47677", "Male", "flu")]}
        config: dict[str, Any] = {
            "person": PERSON,
            "columns": {
                PERSON: "identifier",
                "zip": {
                    "role": "quasi",
                    "hierarchy": {"type": "mask", "char": "*", "levels": [1, 5], "missing": "unknown"},
                },
                "sex": {"role": "quasi", "hierarchy": "builtin:sex"},
                "disease": "sensitive",
            },
            "criteria": [
                {"k-anonymity": {"k": 2}},
                {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "disease"}},
            ],
        }
        for name, rows in cases.items():
            write_csv(on.folder / f"bad_person_{name}.csv", rows, columns)
            table, output = f"src.bad_person_{command}_{name}", f"rel.bad_person_{command}_{name}"
            on.load(table, rows, columns)
            file_config = dict(config, source=f"bad_person_{name}.csv", output=f"out/bad_person_{name}.csv")
            run = api.anonymize if command == "anonymize" else api.check
            if command == "check":
                del file_config["output"]
            with pytest.raises(DataError) as want:
                run(file_config, base_dir=on.folder)
            engine_config = on.on(
                file_config, source=table, output=output if command == "anonymize" else None
            )
            with pytest.raises(DataError) as got:
                run(engine_config, base_dir=on.folder)
            assert str(got.value) == str(want.value)
            assert "1 row(s) whose person" in str(got.value)
            assert not on.exists(output)
            assert not (on.folder / "out" / f"bad_person_{name}.csv").exists()
            assert on.leftovers() == []

    # -- apply --------------------------------------------------------------------------------

    @pytest.mark.slow
    def test_apply_repeats_a_release(self, on: Adapter, tmp_path: Path) -> None:
        """``apply --from-report`` publishes the same rows into the engine's table; a node the
        data does not satisfy replaces nothing."""
        folder = on.folder
        on.load("src.people_a", people_rows(random.Random(88), 88))
        # searched in embedded DuckDB (the engine's search is test_anonymize_equals_duckdb's)
        config = dict(
            on.on(on.base, source="src.people_a", output="rel.release_a"), overwrite=True, search_in="local"
        )
        first = api.anonymize(config, base_dir=folder, report=tmp_path / "first.json")
        assert first.passed and first.node is not None
        published = on.published("rel.release_a")
        on.drop("rel.release_a")
        again = api.apply(config, from_report=tmp_path / "first.json", base_dir=folder)
        assert (again.passed, again.node, again.rows_out) == (True, first.node, first.rows_out)
        assert on.published("rel.release_a") == published
        refused = api.apply(config, node=dict.fromkeys(first.node, 0), base_dir=folder)
        assert not refused.passed and "nothing was written" in refused.message
        assert on.published("rel.release_a") == published
        assert on.leftovers() == []

    def test_a_failing_apply_lists_duckdbs_violating_classes(self, on: Adapter) -> None:
        """apply --show-violations at a node the data fails: the engine lists DuckDB's classes
        and publishes nothing."""
        rows = people_rows(random.Random(41), 41)
        config, node, want = failing_apply_case(on.folder, on.base, rows)
        on.load("src.apply_violations", rows)
        on_engine = on.on(config, source="src.apply_violations", output="rel.apply_violations")
        got = api.apply(on_engine, node=node, base_dir=on.folder, show_violations=10**6)
        assert not got.passed
        assert listed_violations(got) == listed_violations(want)
        assert not on.exists("rel.apply_violations")
        assert on.leftovers() == []

    # -- a caller's connection ----------------------------------------------------------------

    def test_on_a_callers_connection_equals_duckdb(self, on: Adapter, seed: int) -> None:
        """The Python API on a caller's open connection (``connection=``): the release of a run
        of its own on DuckDB (rows, node and verdicts), returned or written into a table of the
        connection, from a table of it, a relation of it or a temporary view; the connection's
        state (settings, temporary objects) as the caller had it."""
        how, returned = on.connection_cases[seed]
        folder = on.folder
        _, config = random_case(folder, on.base, seed)
        config = on.connection_config(config)
        want = api.anonymize(config, base_dir=folder)
        assert want.passed
        table = f"conn.people_{seed}"
        on.load(table, random_rows(seed))
        with on.lent() as con:
            source = on.source_on(con, how, table)
            before = on.state(con)
            on_con = {k: v for k, v in config.items() if k != "output"} | {"source": source}
            if not returned:
                on_con |= {"output": {"table": "conn.release"}, "overwrite": True}
            got = api.anonymize(on_con, base_dir=folder, connection=con)
            same_run(got, want)
            rows = on.returned(con, got, before) if returned else on.rows_on(con, "conn.release")
            assert on.state(con) == before
            on.done_with(con, how)
        assert rows == csv_rows(folder / config["output"])


def _same_release(
    on: Adapter, seed: int, before_engine: Callable[[], object] | None = None, local: bool | None = None
) -> None:
    """anonymize on the engine equals anonymize on DuckDB: node, counts, metrics, verdicts and
    the published rows (every fifth seed is Mondrian). ``before_engine`` runs between the two;
    ``local`` chooses search_in (default: on odd seeds; an embedded engine ignores it)."""
    folder, base = on.folder, on.base
    rng = random.Random(seed)
    rows = people_rows(rng, seed)
    path = folder / f"people_{seed}.csv"
    write_csv(path, rows)
    on.load(f"src.people_{seed}", rows)
    mondrian = seed % 5 == 4
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 5])}}, *rng.sample(MODELS + EXTRA, rng.randint(0, 3))]
    config = dict(
        base,
        source=path.name,
        output=f"out/release_{seed}.csv",
        criteria=criteria,
        search="mondrian" if mondrian else rng.choice(["optimal", "optimal", "incognito"]),
        # the data-dependent metrics rank minimal nodes by their classes (locally, with search_in)
        metric="gcp" if mondrian else rng.choice([base["metric"], "loss", "discernibility", "nu-entropy"]),
        suppression_limit=0 if mondrian else rng.choice([0, 0.02, 0.05]),
    )
    on_engine = on.on(config, source=f"src.people_{seed}", output=f"rel.release_{seed}")
    # odd seeds search in embedded DuckDB on a copy of the encoded tables (search_in: local)
    on_engine["search_in"] = "local" if (seed % 2 if local is None else local) and not mondrian else "engine"
    try:
        want = api.anonymize(config, base_dir=folder)
    except InputError as err:  # data the models cannot apply to: the same error on both
        with pytest.raises(InputError) as got_err:
            api.anonymize(on_engine, base_dir=folder)
        assert type(got_err.value) is type(err)
        pytest.fail(f"the models could not apply: {err}")  # the random choices should avoid this
    if before_engine:
        before_engine()
    got = api.anonymize(on_engine, base_dir=folder)
    assert (got.passed, got.node, got.rows_in, got.rows_out, got.suppressed_rows) == (
        want.passed, want.node, want.rows_in, want.rows_out, want.suppressed_rows
    )  # fmt: skip
    assert got.metrics == pytest.approx(want.metrics, rel=1e-9, abs=1e-12)
    assert got.why_coarse == want.why_coarse  # each column one level lower: evaluated alike
    # a lattice search on a server says where it ran (Mondrian partitions in the engine; an
    # embedded engine searches in itself and says nothing)
    where = None if mondrian or on.embedded else on_engine["search_in"]
    assert got.search.get("search_in") == where
    assert got.search.get("search_in_why", "") == ("" if where is None else f"search_in: {where}")
    if before_engine is None:  # the projections' search visits the lattice in another order
        assert got.search.get("nodes_checked") == want.search.get("nodes_checked")
    for g, w in zip(got.checks, want.checks, strict=True):
        assert (g["criterion"], g["passed"], g["violating_rows"]) == (
            w["criterion"],
            w["passed"],
            w["violating_rows"],
        )
    if want.passed:
        assert on.published(f"rel.release_{seed}") == csv_rows(folder / f"out/release_{seed}.csv")
    assert on.leftovers() == []


def _values_case(on: Adapter, seed: int) -> tuple[RandomCase, dict[str, Any], Any, list[dict[str, Any]]]:
    """A random one-to-many table with ``sens`` sensitive (its order and a random hierarchy; odd
    seeds: people's quasi-identifiers vary),
    random models over people on it (tests/pipeline/test_people.py's), and the reference's view
    of the column."""
    rng = random.Random(seed)
    case, config = _people_case(on, "values", seed, 9000 + seed, rng.choice([1, 2]), seed % 2 == 1)
    values = sorted({r["sens"] for r in case.rows})
    criteria = [
        c
        for c in people_models(rng, values)
        if not ("l-diversity" in c and c["l-diversity"]["l"] > len(values))
    ]
    if seed in PERSON_NT_SEEDS:  # (n,t)-closeness beside k, people's quasi-identifiers varying
        nt = {
            "n": rng.choice([2, 3]),
            "t": rng.choice([0.1, 0.2]),
            "distance": rng.choice(["equal", "ordered"]),
        }
        criteria = [{"k-anonymity": {"k": rng.choice([1, 2])}}, {"nt-closeness": {**nt, "attribute": "sens"}}]
    domain = people_sensitive(case, rng, config)
    config["columns"]["sens"]["hierarchy"] = f"person_values_{seed}/h_sens.csv"
    return case, dict(config, criteria=criteria), domain, criteria


def _people_case(
    on: Adapter, what: str, seed: int, case_seed: int, n_qis: int, varying: bool = False
) -> tuple[RandomCase, dict[str, Any]]:
    """A random one-to-many table of ``person:`` (random_people_case) in a folder of its own
    under the adapter's folder, and its configuration with paths relative to the adapter's
    folder (the base of every run: DuckDB's tables are named from it)."""
    sub = f"person_{what}_{seed}"
    case = random_people_case(case_seed, on.folder / sub, n_qis=n_qis, varying=varying)
    config = people_config(case, [])
    config["source"] = f"{sub}/{config['source']}"
    config["output"] = f"{sub}/{config['output']}"
    for spec in config["columns"].values():
        if "hierarchy" in spec:
            spec["hierarchy"] = f"{sub}/{spec['hierarchy']}"
    return case, config


def _classes(check: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The violating classes a check lists, in an order of their own (ties of the worst-first
    order may fall either way): labels, people, observed to 1e-9 (sorted by their text: a
    NULL label beside text)."""
    listed = [
        (
            tuple(sorted(v["class"].items())),
            v["people"],
            None if v["observed"] is None else round(v["observed"], 9),
        )
        for v in check.get("violations") or []
    ]
    return sorted(listed, key=repr)


def _same_tree(got: Any, want: Any) -> bool:
    """Equal nested dicts and lists; floats within 1e-9 (relative)."""
    if isinstance(want, dict):
        return (
            isinstance(got, dict)
            and got.keys() == want.keys()
            and all(_same_tree(got[k], want[k]) for k in want)
        )
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(map(_same_tree, got, want))
    return _same(got, want)


# one class of the tests per engine kind, using the fixture the kind's adapter needs
for _kind in KINDS:
    _adapter = ADAPTERS.get(_kind)
    _class = type(f"TestOn{_kind.title()}", (Conformance,), {"kind": _kind, "__module__": __name__})
    if _adapter is not None and _adapter.fixture is not None:
        _class = pytest.mark.usefixtures(_adapter.fixture)(_class)
    globals()[_class.__name__] = _class
