"""The new models at the command line: severity, --show-violations, the JSON report entries of
every new model, and bad input for every new parameter.

In-process through click's ``CliRunner`` (as ``tests/cli/test_bad_input.py``); expected values come
from the pure-Python references (``tests/oracles/reference_catalogue.py``, through the dispatch of
``tests/criteria/test_catalogue_pipeline.py``), never from sqlanon.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from sqlanon import api
from sqlanon.cli import main
from sqlanon.errors import InputError
from tests.criteria.test_catalogue_pipeline import class_verdicts, ref_outcome, worst_is_min
from tests.oracles import reference as ref
from tests.support.sqlhelpers import Ctx, Item, same_value

# name, zip, age, sex (quasi-identifiers in the source), disease, salary, smoker (sensitive)
PEOPLE = [
    ("p01", "47677", "29", "Male", "flu", "3", "yes"),
    ("p02", "47602", "22", "Female", "gastritis", "4", "no"),
    ("p03", "47678", "27", "Male", "flu", "5", "no"),
    ("p04", "47905", "43", "Female", "bronchitis", "6", "yes"),
    ("p05", "47909", "52", "Male", "gastritis", "11", "no"),
    ("p06", "47906", "47", "Female", "flu", "8", "no"),
    ("p07", "47605", "30", "Male", "bronchitis", "7", "yes"),
    ("p08", "47673", "36", "Female", "flu", "9", "no"),
    ("p09", "47607", "32", "Male", "gastritis", "10", "yes"),
    ("p10", "47678", "23", "Female", "flu", "3", "no"),
    ("p11", "47905", "41", "Male", "pneumonia", "4", "yes"),
    ("p12", "47606", "35", "Female", "flu", "6", "no"),
]
HEADER = ("name", "zip", "age", "sex", "disease", "salary", "smoker")
ROWS = len(PEOPLE)


def published_rows() -> list[dict[str, str]]:
    """The table ``check`` reads: zip to 3 digits, age to decades (classes of 4, 4, 3 and 1 rows)."""
    return [
        {
            "zip": r[1][:3] + "**",
            "age": r[2][0] + "*",
            "sex": r[3],
            "disease": r[4],
            "salary": r[5],
            "smoker": r[6],
        }
        for r in PEOPLE
    ]


PUBLISHED_COLUMNS = ("zip", "age", "sex", "disease", "salary", "smoker")


def write_rows(path: Path, rows: list[tuple[str, ...]], delimiter: str) -> None:
    path.write_text("".join(delimiter.join(r) + "\n" for r in rows), encoding="utf-8")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    base = tmp_path / "p"
    (base / "h").mkdir(parents=True)
    write_rows(base / "people.csv", [HEADER, *PEOPLE], ",")
    pub = published_rows()
    write_rows(
        base / "published.csv",
        [PUBLISHED_COLUMNS, *(tuple(r[c] for c in PUBLISHED_COLUMNS) for r in pub)],
        ",",
    )
    zips = sorted({r[1] for r in PEOPLE})
    write_rows(base / "h" / "zip.csv", [(z, z[:4] + "*", z[:3] + "**", "*****") for z in zips], ";")
    ages = sorted({r[2] for r in PEOPLE})
    write_rows(base / "h" / "age.csv", [(a, f"{a[0]}0-{a[0]}9", "*") for a in ages], ";")
    write_rows(base / "h" / "sex.csv", [("Male", "*"), ("Female", "*")], ";")
    return base


SENSITIVE = {
    "disease": {"role": "sensitive"},
    "salary": {"role": "sensitive"},
    "smoker": {"role": "sensitive"},
}


def anonymize_config(criteria: list[Item], **changes: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "source": "people.csv",
        "columns": {
            "name": {"role": "identifier"},
            "zip": {"role": "quasi", "hierarchy": "h/zip.csv"},
            "age": {"role": "quasi", "hierarchy": "h/age.csv"},
            "sex": {"role": "quasi", "hierarchy": "h/sex.csv"},
            **copy.deepcopy(SENSITIVE),
        },
        "criteria": criteria,
        "output": "out/release.csv",
    }
    cfg.update(changes)
    return cfg


def check_config(criteria: list[Item], qis: tuple[str, ...] = ("zip", "age")) -> dict[str, Any]:
    columns: dict[str, Any] = {c: ("quasi" if c in qis else "insensitive") for c in ("zip", "age", "sex")}
    columns.update(copy.deepcopy(SENSITIVE))
    return {"source": "published.csv", "columns": columns, "criteria": criteria}


def write_config(folder: Path, cfg: dict[str, Any], name: str = "config.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


def ok(result: Result, code: int) -> Result:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == code, f"exit {result.exit_code}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.output
    return result


def run_report(
    folder: Path, command: str, cfg: dict[str, Any], code: int, *extra: str
) -> tuple[dict[str, Any], str]:
    """Run ``command`` with a report; check the exit code; return (report, text output)."""
    config = write_config(folder, cfg)
    report_path = folder / f"{command}-report.json"
    result = ok(run(command, str(config), "--report", str(report_path), *extra), code)
    return json.loads(report_path.read_text(encoding="utf-8")), result.stdout


def snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
    }


def fails(
    folder: Path, cfg: dict[str, Any], *needles: str, command: str = "anonymize", extra: tuple[str, ...] = ()
) -> str:
    """Exit 2, one paragraph on stderr naming every needle, no traceback, nothing written."""
    config = write_config(folder, cfg)
    before = snapshot(folder)
    result = run(command, str(config), "--report", str(folder / "reports" / "r.json"), *extra)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    err = result.stderr
    assert result.exit_code == 2, f"exit {result.exit_code}\n{result.stdout}\n{err}"
    assert "Traceback" not in err + result.stdout and "internal error" not in err, err
    assert "\n\n" not in err.strip(), err
    for needle in needles:
        assert needle.lower() in err.lower(), f"{needle!r} not in {err!r}"
    assert snapshot(folder) == before, "files changed"
    return err


# ---------------------------------------------------------------------------
# severity
# ---------------------------------------------------------------------------

DISTINCT3 = {"l-diversity": {"variant": "distinct", "l": 3, "attribute": "disease"}}


def _words(text: str) -> str:
    """The text report with its alignment (runs of spaces) collapsed."""
    return " ".join(text.split())


def entry(report: dict[str, Any], i: int) -> dict[str, Any]:
    return report["checks"][i]


def test_check_warn_criterion_fails_without_failing_the_run(folder: Path) -> None:
    warn = {"l-diversity": {**DISTINCT3["l-diversity"], "severity": "warn"}}
    report, text = run_report(folder, "check", check_config([{"k-anonymity": {"k": 1}}, warn]), 0)
    assert report["passed"] is True
    k_entry, l_entry = report["checks"]
    assert (k_entry["passed"], k_entry["severity"]) == (True, "error")
    assert (l_entry["passed"], l_entry["severity"]) == (False, "warn")
    assert l_entry["violating_classes"] > 0
    assert "severity" not in l_entry["params"]
    assert "warn l-diversity (distinct, l=3) disease" in _words(text)
    assert "FAIL" not in text and "warn-severity" in text


def test_check_error_criterion_fails_the_run(folder: Path) -> None:
    for criterion in (DISTINCT3, {"l-diversity": {**DISTINCT3["l-diversity"], "severity": "error"}}):
        report, text = run_report(folder, "check", check_config([{"k-anonymity": {"k": 1}}, criterion]), 1)
        assert report["passed"] is False
        assert (entry(report, 1)["passed"], entry(report, 1)["severity"]) == (False, "error")
        assert "FAIL l-diversity (distinct" in _words(text) and "warn " not in _words(text)


def test_check_passing_warn_criterion_is_ok(folder: Path) -> None:
    warn = {"k-anonymity": {"k": 1, "severity": "warn"}}
    report, text = run_report(folder, "check", check_config([warn]), 0)
    assert entry(report, 0)["passed"] is True and entry(report, 0)["severity"] == "warn"
    assert "ok k-anonymity (k=1)" in _words(text)


ALPHA = {"alpha-k-anonymity": {"alpha": 0.5, "k": 2, "attribute": "disease"}}


@pytest.mark.slow
def test_anonymize_searches_without_warn_criteria_but_reports_them(folder: Path) -> None:
    base = [{"k-anonymity": {"k": 2}}]
    alone, _ = run_report(folder, "anonymize", anonymize_config(base, overwrite=True), 0)
    # enforced, the alpha-k criterion changes the answer (so ignoring it in the search shows)
    enforced = api.anonymize(anonymize_config([*base, ALPHA], output="out/enforced.csv"), base_dir=folder)
    assert not enforced.passed or enforced.node != alone["node"]
    warn = {"alpha-k-anonymity": {**ALPHA["alpha-k-anonymity"], "severity": "warn"}}
    report, text = run_report(folder, "anonymize", anonymize_config([*base, warn], overwrite=True), 0)
    assert report["passed"] is True
    assert (report["node"], report["minimal_nodes"]) == (alone["node"], alone["minimal_nodes"])
    assert (folder / "out" / "release.csv").is_file()
    alpha_entry = entry(report, 1)
    assert alpha_entry["criterion"] == "alpha-k-anonymity" and alpha_entry["severity"] == "warn"
    assert alpha_entry["passed"] is False  # the release found without it does not satisfy it
    assert "warn alpha-k-anonymity (alpha=0.5, k=2) disease" in _words(text)
    assert "warn-severity" in report["message"]


def test_anonymize_with_only_warn_criteria_is_refused(folder: Path) -> None:
    warn = {"k-anonymity": {"k": 2, "severity": "warn"}}
    fails(
        folder,
        anonymize_config([warn, {"alpha-k-anonymity": {**ALPHA["alpha-k-anonymity"], "severity": "warn"}}]),
        "severity error",
        "warn",
    )
    assert not (folder / "out").exists()


# ---------------------------------------------------------------------------
# --show-violations
# ---------------------------------------------------------------------------

VIOLATION_CRITERIA: list[Item] = [
    {"k-anonymity": {"k": 4}},  # MIN: smallest classes first
    {"l-diversity": {"variant": "distinct", "l": 3, "attribute": "disease"}},  # MIN
    {"alpha-k-anonymity": {"alpha": 0.5, "k": 1, "attribute": "disease"}},  # MAX: largest share first
    {"l-diversity": {"variant": "pd-recursive", "l": 2, "c": 1, "allowed": ["flu"], "attribute": "disease"}},
    {"delta-disclosure": {"delta": 1.2, "attribute": "smoker"}},  # MAX, infinite values (null) first
    {"t-closeness": {"t": 0.05, "distance": "js", "attribute": "salary"}},
    {"k-anonymity": {"k": 1}},  # passes: no violations
]


def expected_violations(item: Item, qis: tuple[str, ...]) -> list[tuple[dict[str, str], int, float | None]]:
    """The violating classes of ``item`` on the published table, worst first (reference)."""
    rows = published_rows()
    verdicts = class_verdicts(rows, list(qis), item, Ctx({}, {}))
    bad = [
        (dict(zip(qis, key, strict=True)), size, val)
        for key, (is_bad, val, size) in verdicts.items()
        if is_bad
    ]

    def worst_key(v: tuple[dict[str, str], int, float | None]) -> tuple[float, int]:
        val = math.inf if v[2] is None else v[2]
        return (val if worst_is_min(item) else -val, v[1])

    return sorted(bad, key=worst_key)


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 10])
def test_show_violations_lists_the_worst_violating_classes(folder: Path, n: int) -> None:
    qis = ("zip", "age")
    report, text = run_report(
        folder, "check", check_config(VIOLATION_CRITERIA, qis), 1, "--show-violations", str(n)
    )
    for item, check in zip(VIOLATION_CRITERIA, report["checks"], strict=True):
        want = expected_violations(item, qis)
        assert check["violating_classes"] == len(want), item
        if check["passed"]:
            assert "violations" not in check
            continue
        listed = check["violations"]
        assert len(listed) == min(n, len(want)), item
        for v in listed:
            assert set(v) == {"class", "rows", "observed"}
            assert set(v["class"]) == set(qis)
        # the listed classes really violate, with the reference's class value, worst first
        got = [(v["class"], v["rows"], v["observed"]) for v in listed]
        by_class = {tuple(c.values()): (size, val) for c, size, val in want}
        for labels, size, observed in got:
            assert tuple(labels[q] for q in qis) in by_class, (item, labels)
            want_size, want_val = by_class[tuple(labels[q] for q in qis)]
            assert size == want_size and same_value(observed, want_val), (item, labels, observed, want_val)
        # worst first: the listed values are the n worst of all violating classes
        assert [(s, None if v is None else round(v, 9)) for _, s, v in got] == [
            (s, None if v is None else round(v, 9)) for _, s, v in want[: len(got)]
        ], item
    # the classes go to the report only, never to the terminal (issue 14, item 7)
    assert "class zip=" not in text and "class " not in text
    listed = [len(c["violations"]) for c in report["checks"] if c.get("violations")]
    assert (
        f"{sum(listed)} violating class(es) of {len(listed)} criterion(s) listed in the JSON report" in text
    )


@pytest.mark.slow
def test_show_violations_is_off_by_default_and_zero_is_the_default(folder: Path) -> None:
    cfg = check_config(VIOLATION_CRITERIA)
    default, text = run_report(folder, "check", cfg, 1)
    assert all("violations" not in c for c in default["checks"])
    assert "class " not in text
    zero, text0 = run_report(folder, "check", cfg, 1, "--show-violations", "0")
    assert zero["checks"] == default["checks"] and text0 == text
    assert api.check(cfg, base_dir=folder, show_violations=0).checks == default["checks"]


def test_show_violations_negative_is_refused(folder: Path) -> None:
    config = write_config(folder, check_config(VIOLATION_CRITERIA))
    before = snapshot(folder)
    result = run("check", str(config), "--report", str(folder / "r.json"), "--show-violations", "-1")
    assert result.exit_code == 2 and "--show-violations" in result.stderr, result.stderr
    assert snapshot(folder) == before
    with pytest.raises(InputError, match="show_violations"):
        api.check(check_config(VIOLATION_CRITERIA), base_dir=folder, show_violations=-1)


def test_anonymize_show_violations_lists_warn_criterion_classes(folder: Path) -> None:
    warn = {"alpha-k-anonymity": {**ALPHA["alpha-k-anonymity"], "severity": "warn"}}
    cfg = anonymize_config([{"k-anonymity": {"k": 2}}, warn])
    report, _ = run_report(folder, "anonymize", cfg, 0, "--show-violations", "1")
    assert "violations" not in entry(report, 0)
    (v,) = entry(report, 1)["violations"]
    assert set(v["class"]) == {"zip", "age", "sex"} and v["observed"] > 0.5


# ---------------------------------------------------------------------------
# JSON report entries of the new models
# ---------------------------------------------------------------------------

REPORT_CRITERIA: list[Item] = [
    {"l-diversity": {"variant": "pd-recursive", "l": 2, "c": 2, "allowed": ["flu"], "attribute": "disease"}},
    {
        "l-diversity": {
            "variant": "npd-recursive",
            "l": 2,
            "c1": 3,
            "c2": 20,
            "allowed": ["flu"],
            "protected": ["flu", "gastritis"],
            "attribute": "disease",
        }
    },
    {
        "l-diversity": {
            "variant": "entropy",
            "l": 1.2,
            "multi_attribute": True,
            "attributes": ["disease", "smoker"],
        }
    },
    {
        "l-diversity": {
            "variant": "recursive",
            "l": 2,
            "c": 3,
            "multi_attribute": True,
            "attributes": ["smoker", "disease"],
        }
    },
    {"alpha-k-anonymity": {"alpha": 0.75, "k": 2, "attribute": "disease"}},
    {"delta-disclosure": {"delta": 2, "attribute": "smoker"}},
    {"beta-likeness": {"beta": 1, "attribute": "disease"}},
    {"beta-likeness": {"beta": 5, "variant": "enhanced", "attribute": "smoker"}},
    {"t-closeness": {"t": 0.3, "distance": "variational", "attribute": "disease"}},
    {"t-closeness": {"t": 3, "distance": "kl", "attribute": "disease"}},  # t > 1 is fine for KL
    {"t-closeness": {"t": 0.1, "distance": "js", "attribute": "salary"}},
    {
        "t-closeness": {
            "t": 0.1,
            "distance": "smoothed-js",
            "ground": "ordered",
            "bandwidth": 0.4,
            "attribute": "salary",
        }
    },
    {
        "t-closeness": {
            "t": 0.1,
            "distance": "smoothed-js",
            "ground": "equal",
            "bandwidth": 1.5,
            "attribute": "disease",
        }
    },
]


@pytest.mark.slow
@pytest.mark.parametrize("qis", [("zip", "age"), ("zip",)], ids=["zip-age", "zip"])
def test_report_entries_of_the_new_models(folder: Path, qis: tuple[str, ...]) -> None:
    report, _ = run_report(folder, "check", check_config(REPORT_CRITERIA, qis), 1)
    rows = published_rows()
    for item, check in zip(REPORT_CRITERIA, report["checks"], strict=True):
        ((kind, params),) = item.items()
        expected, extras = ref_outcome(rows, list(qis), item, Ctx({}, {}))
        assert check["criterion"] == kind
        assert (check["passed"], check["violating_classes"], check["violating_rows"]) == (
            expected.passed,
            expected.violating_classes,
            expected.violating_rows,
        ), item
        assert same_value(check["observed"], expected.observed), (item, check["observed"], expected.observed)
        if "attributes" in params:
            assert check["attribute"] == params["attributes"]
        else:
            assert check["attribute"] == params["attribute"]
        given = {k: v for k, v in params.items() if k not in ("attribute", "attributes")}
        assert {k: check["params"].get(k) for k in given} == given, (item, check["params"])
        if params.get("variant") == "npd-recursive":
            assert same_value(check["protected_share"], extras["protected_share"])
        else:
            assert "protected_share" not in check
    # the semantics the spec documents, on this table
    delta = report["checks"][5]
    if qis == ("zip", "age"):
        assert delta["observed"] is None  # a one-row class misses a value: |ln(p/q)| is infinite
    else:
        assert delta["observed"] is not None and delta["observed"] > 0
    pd_entry, npd_entry = report["checks"][0], report["checks"][1]
    share = min(
        Fraction(Counter(r["disease"] for r in members)[w], len(members))
        for members in ref.equivalence_classes(rows, list(qis)).values()
        for w in ("flu", "gastritis")
    )
    assert math.isclose(npd_entry["protected_share"], float(share), abs_tol=1e-12)
    assert pd_entry["observed"] is None or pd_entry["observed"] >= 0


# ---------------------------------------------------------------------------
# bad input for every new parameter
# ---------------------------------------------------------------------------

PD = {"variant": "pd-recursive", "l": 2, "c": 2, "allowed": ["flu"], "attribute": "disease"}
NPD = {
    "variant": "npd-recursive",
    "l": 2,
    "c1": 2,
    "c2": 10,
    "allowed": [],
    "protected": ["flu"],
    "attribute": "disease",
}
SJS = {"t": 0.2, "distance": "smoothed-js", "ground": "equal", "bandwidth": 1, "attribute": "disease"}
MULTI = {"variant": "distinct", "l": 2, "multi_attribute": True, "attributes": ["disease", "smoker"]}

BAD_CRITERIA: list[tuple[str, Item, list[str]]] = [
    ("unknown l variant", {"l-diversity": {**PD, "variant": "pd-recursiv"}}, ["variant", "'pd-recursiv'"]),
    ("unknown distance", {"t-closeness": {**SJS, "distance": "hellinger"}}, ["distance", "'hellinger'"]),
    ("unknown ground", {"t-closeness": {**SJS, "ground": "manhattan"}}, ["ground", "'manhattan'"]),
    (
        "unknown beta variant",
        {"beta-likeness": {"beta": 1, "variant": "strong", "attribute": "disease"}},
        ["variant", "'strong'"],
    ),
    ("alpha 0", {"alpha-k-anonymity": {"alpha": 0, "k": 2, "attribute": "disease"}}, ["alpha", "(0, 1]"]),
    ("alpha > 1", {"alpha-k-anonymity": {"alpha": 1.5, "k": 2, "attribute": "disease"}}, ["alpha", "1.5"]),
    ("alpha < 0", {"alpha-k-anonymity": {"alpha": -0.2, "k": 2, "attribute": "disease"}}, ["alpha", "-0.2"]),
    ("c2 < 0", {"l-diversity": {**NPD, "c2": -1}}, ["c2", "[0, 100]"]),
    ("c2 > 100", {"l-diversity": {**NPD, "c2": 100.5}}, ["c2", "100.5"]),
    ("c1 = 0", {"l-diversity": {**NPD, "c1": 0}}, ["c1", "greater than 0"]),
    ("c1 < 0", {"l-diversity": {**NPD, "c1": -2}}, ["c1", "greater than 0"]),
    ("pd c = 0", {"l-diversity": {**PD, "c": 0}}, ["c must be greater than 0"]),
    ("delta = 0", {"delta-disclosure": {"delta": 0, "attribute": "disease"}}, ["delta", "greater than 0"]),
    ("delta < 0", {"delta-disclosure": {"delta": -1, "attribute": "disease"}}, ["delta", "greater than 0"]),
    ("beta = 0", {"beta-likeness": {"beta": 0, "attribute": "disease"}}, ["beta", "greater than 0"]),
    ("beta < 0", {"beta-likeness": {"beta": -0.5, "attribute": "disease"}}, ["beta", "greater than 0"]),
    ("bandwidth = 0", {"t-closeness": {**SJS, "bandwidth": 0}}, ["bandwidth", "greater than 0"]),
    ("bandwidth < 0", {"t-closeness": {**SJS, "bandwidth": -1}}, ["bandwidth", "greater than 0"]),
    (
        "smoothed-js without ground",
        {"t-closeness": {k: v for k, v in SJS.items() if k != "ground"}},
        ["'ground'"],
    ),
    (
        "smoothed-js without bandwidth",
        {"t-closeness": {k: v for k, v in SJS.items() if k != "bandwidth"}},
        ["'bandwidth'"],
    ),
    (
        "bandwidth on js",
        {"t-closeness": {"t": 0.2, "distance": "js", "bandwidth": 1, "attribute": "disease"}},
        ["bandwidth", "smoothed-js"],
    ),
    (
        "ground on kl",
        {"t-closeness": {"t": 0.2, "distance": "kl", "ground": "equal", "attribute": "disease"}},
        ["ground", "smoothed-js"],
    ),
    (
        "t > 1 for js",
        {"t-closeness": {"t": 1.5, "distance": "js", "attribute": "disease"}},
        ["t must lie in [0, 1]", "1.5"],
    ),
    ("t > 1 for smoothed-js", {"t-closeness": {**SJS, "t": 2}}, ["t must lie in [0, 1]"]),
    (
        "t < 0 for kl",
        {"t-closeness": {"t": -1, "distance": "kl", "attribute": "disease"}},
        ["t must be at least 0"],
    ),
    ("allowed not a list", {"l-diversity": {**PD, "allowed": "flu"}}, ["allowed", "list"]),
    ("protected not a list", {"l-diversity": {**NPD, "protected": "flu"}}, ["protected", "list"]),
    ("allowed of lists", {"l-diversity": {**PD, "allowed": [["flu"]]}}, ["allowed", "list"]),
    ("pd without allowed", {"l-diversity": {k: v for k, v in PD.items() if k != "allowed"}}, ["'allowed'"]),
    ("npd empty protected", {"l-diversity": {**NPD, "protected": []}}, ["protected", "at least one value"]),
    ("c on npd", {"l-diversity": {**NPD, "c": 2}}, ["c does not apply", "npd-recursive"]),
    (
        "multi with attribute, without attributes",
        {"l-diversity": {"variant": "distinct", "l": 2, "multi_attribute": True, "attribute": "disease"}},
        ["multi_attribute", "'attributes'"],
    ),
    (
        "attributes without multi",
        {"l-diversity": {k: v for k, v in MULTI.items() if k != "multi_attribute"}},
        ["multi_attribute: true"],
    ),
    (
        "attributes naming a quasi column",
        {"l-diversity": {**MULTI, "attributes": ["disease", "age"]}},
        ["'age'", "sensitive"],
    ),
    (
        "attributes naming an unknown column",
        {"l-diversity": {**MULTI, "attributes": ["disease", "nothere"]}},
        ["'nothere'"],
    ),
    (
        "attributes with one column",
        {"l-diversity": {**MULTI, "attributes": ["disease"]}},
        ["attributes", "at least two"],
    ),
    (
        "multi with pd-recursive",
        {"l-diversity": {**MULTI, "variant": "pd-recursive", "c": 2, "allowed": []}},
        ["multi_attribute", "pd-recursive"],
    ),
    (
        "multi_attribute not a bool",
        {"l-diversity": {**MULTI, "multi_attribute": "yes"}},
        ["multi_attribute", "true or false"],
    ),
    (
        "attributes on alpha-k",
        {"alpha-k-anonymity": {"alpha": 0.5, "k": 2, "attributes": ["disease", "smoker"]}},
        ["'attribute'"],
    ),
    (
        "severity info",
        {"delta-disclosure": {"delta": 1, "attribute": "disease", "severity": "info"}},
        ["severity", "'info'"],
    ),
    ("severity on k", {"k-anonymity": {"k": 2, "severity": "Warn"}}, ["severity", "'Warn'"]),
    (
        "unknown parameter",
        {"beta-likeness": {"beta": 1, "attribute": "disease", "gamma": 2}},
        ["unknown parameter", "'gamma'"],
    ),
]


@pytest.mark.parametrize(
    ("criterion", "needles"), [(c, n) for _, c, n in BAD_CRITERIA], ids=[i for i, _, _ in BAD_CRITERIA]
)
def test_bad_new_parameter(folder: Path, criterion: Item, needles: list[str]) -> None:
    """Exit 2 naming the criterion's index and the parameter; nothing written (anonymize and check)."""
    criteria = [{"k-anonymity": {"k": 2}}, criterion]
    fails(folder, anonymize_config(criteria), "criteria[1]", *needles)
    fails(folder, check_config(criteria), "criteria[1]", *needles, command="check")


DATA_ERRORS: list[tuple[str, Item, list[str]]] = [
    (
        "allowed value absent",
        {"l-diversity": {**PD, "allowed": ["flu", "flux"]}},
        ["allowed", "'flux'", "'disease'"],
    ),
    (
        "protected value absent",
        {"l-diversity": {**NPD, "protected": ["Flu"]}},
        ["protected", "'Flu'", "'disease'"],
    ),
    (
        "numeric allowed value absent",
        {"l-diversity": {**PD, "allowed": [3.0], "attribute": "salary"}},
        ["allowed", "'3.0'"],
    ),
    (
        "alpha-k k larger than the table",
        {"alpha-k-anonymity": {"alpha": 0.5, "k": ROWS + 1, "attribute": "disease"}},
        ["alpha-k-anonymity", f"k = {ROWS + 1}", f"{ROWS} rows"],
    ),
    ("multi l larger than a column's values", {"l-diversity": {**MULTI, "l": 3}}, ["l = 3", "'smoker'"]),
]


@pytest.mark.parametrize(
    ("criterion", "needles"), [(c, n) for _, c, n in DATA_ERRORS], ids=[i for i, _, _ in DATA_ERRORS]
)
@pytest.mark.slow
def test_bad_parameter_for_the_data(folder: Path, criterion: Item, needles: list[str]) -> None:
    """Parameters that only the data can refute: exit 2 naming the value; nothing written."""
    criteria = [{"k-anonymity": {"k": 2}}, criterion]
    fails(folder, anonymize_config(criteria), *needles)
    fails(folder, check_config(criteria), *needles, command="check")


def test_kl_accepts_t_above_one(folder: Path) -> None:
    kl = {"t-closeness": {"t": 3, "distance": "kl", "attribute": "disease"}}
    report, _ = run_report(folder, "check", check_config([kl]), 0)
    assert entry(report, 0)["passed"] is True and entry(report, 0)["params"]["t"] == 3


def test_multi_attribute_without_attributes_one_sensitive_column(folder: Path) -> None:
    cfg = anonymize_config(
        [{"k-anonymity": {"k": 2}}, {"l-diversity": {"variant": "distinct", "l": 2, "multi_attribute": True}}]
    )
    cfg["columns"]["salary"] = cfg["columns"]["smoker"] = {"role": "insensitive"}
    fails(folder, cfg, "criteria[1]", "multi_attribute", "'attributes'")


def test_multi_attribute_without_attributes_several_sensitive_columns(folder: Path) -> None:
    criteria = [
        {"k-anonymity": {"k": 2}},
        {"l-diversity": {"variant": "distinct", "l": 2, "multi_attribute": True}},
    ]
    fails(folder, anonymize_config(criteria), "criteria[1]", "multi_attribute", "'attributes'")
