"""A search that finds no node says why: the most general node it may reach (each quasi-
identifier at its max_level or its hierarchy's top) is checked once more, its checks are the
report's ``checks`` (JSON, text, HTML) and ``search.most_general``, and the message names the
failing criteria, the violating classes and rows, the rows over the suppression limit, and what
would help. Expectations come from a plain-Python reference over the generalized rows; the
advice is taken at its word (the suppression limit it names lets the run pass, the next smaller
one does not; the k it names passes)."""

from __future__ import annotations

import json
import math
import random
from collections import Counter, defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from sqlanon.search.evaluator import max_suppressed_rows
from tests.cli.test_cli import ok, run
from tests.support.cases import seeds
from tests.support.randomdata import RandomCase, generalize, random_case


def _heights(case: RandomCase) -> list[int]:
    return [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]


def _classes(case: RandomCase, node: tuple[int, ...]) -> dict[tuple[str, ...], list[str]]:
    """The sensitive values of each class of the rows generalized to ``node``."""
    out: dict[tuple[str, ...], list[str]] = defaultdict(list)
    for row in generalize(case, node):
        out[tuple(row[q] for q in case.qis)].append(row[case.sensitive])
    return out


def _expected(
    classes: dict[tuple[str, ...], list[str]], k: int, ell: int | None
) -> tuple[list[dict[str, Any]], int]:
    """The checks (k-anonymity, then distinct l-diversity when ``ell``) and the rows of the
    classes violating either."""
    small = [c for c, values in classes.items() if len(values) < k]
    entries = [
        {
            "passed": not small,
            "observed": min(len(v) for v in classes.values()),
            "violating_classes": len(small),
            "violating_rows": sum(len(classes[c]) for c in small),
        }
    ]
    bad = set(small)
    if ell is not None:
        narrow = [c for c, values in classes.items() if len(set(values)) < ell]
        entries.append(
            {
                "passed": not narrow,
                "observed": min(len(set(v)) for v in classes.values()),
                "violating_classes": len(narrow),
                "violating_rows": sum(len(classes[c]) for c in narrow),
            }
        )
        bad |= set(narrow)
    return entries, sum(len(classes[c]) for c in bad)


def _picked(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: entry[key] for key in ("passed", "observed", "violating_classes", "violating_rows")}


def _one_step_less(limit: str) -> str:
    """The decimal one unit of its last digit below ``limit``."""
    value = Decimal(limit)
    return str(value - Decimal(1).scaleb(value.as_tuple().exponent))


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(8))
def test_a_failed_search_reports_the_most_general_node(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(3400 + seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=120)
    heights = _heights(case)
    caps = [rng.randint(0, h) for h in heights]
    caps[0] = rng.randint(0, heights[0] - 1)  # at least one column held below its top
    classes = _classes(case, tuple(caps))
    if len(classes) == 1:
        caps = [0] * len(heights)
        classes = _classes(case, tuple(caps))
    assert len(classes) > 1
    rows = len(case.rows)
    smallest = min(len(v) for v in classes.values())
    k = min(rows, smallest + rng.randint(1, 3))
    ell = rng.randint(2, len({r["sens"] for r in case.rows})) if seed % 2 else None
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": k}}]
    if ell is not None:
        criteria.append({"l-diversity": {"variant": "distinct", "l": ell, "attribute": "sens"}})
    want, violating = _expected(classes, k, ell)
    limit = rng.choice([0.0, math.floor(violating / rows * 50) / 100])  # at most half of what is needed
    config = case.config(criteria, suppression_limit=limit, overwrite=True)
    for q, cap in zip(case.qis, caps, strict=True):
        config["columns"][q]["max_level"] = cap
    report = sqlanon.anonymize(config, base_dir=tmp_path)

    assert not report.passed and report.node is None
    assert [_picked(c) for c in report.checks] == want
    assert [c["criterion"] for c in report.checks] == [next(iter(c)) for c in criteria]
    allowed = max_suppressed_rows(limit, rows)
    assert report.search["most_general"] == {
        "node": dict(zip(case.qis, caps, strict=True)),
        "violating_rows": violating,
        "allowed_rows": allowed,
    }
    message = report.message
    assert message.startswith("no generalization satisfies the criteria within the suppression limit")
    titles = [f"k-anonymity (k={k})", f"l-diversity (distinct, l={ell}) on 'sens'"]
    for title, entry in zip(titles, want, strict=False):
        if not entry["passed"]:
            n = entry["violating_classes"]
            assert (
                f"{title} fails in {n} class{'es' if n != 1 else ''} ({entry['violating_rows']} rows)"
                in message
            )
        else:
            assert f"{title} fails" not in message
    for q, cap, h in zip(case.qis, caps, heights, strict=True):
        assert (f"{q!r} (now {cap}, top {h})" in message) == (cap < h), message
    if violating < rows:
        assert (
            f"{violating} of the {rows} rows are in violating classes there, {violating - allowed} more"
            in message
        )
        suggested = message.split("a suppression_limit of at least ")[1].split(";")[0].rstrip(".")
        # the limit it names lets the most general node pass, and so the run; one unit less does not
        passed = sqlanon.anonymize(dict(config, suppression_limit=float(suggested)), base_dir=tmp_path)
        assert passed.passed and passed.suppressed_rows == violating, message
        less = sqlanon.anonymize(
            dict(config, suppression_limit=float(_one_step_less(suggested))), base_dir=tmp_path
        )
        assert not less.passed
    else:
        assert "suppression_limit of at least" not in message
        assert f"every row ({rows}) is in a violating class there" in message
    if ell is None and smallest >= 2:  # the k it names passes (at that node, nothing suppressed)
        assert f"k at most {smallest} in k-anonymity (k={k})" in message
        weaker = sqlanon.anonymize(
            dict(config, criteria=[{"k-anonymity": {"k": smallest}}], suppression_limit=0.0),
            base_dir=tmp_path,
        )
        assert weaker.passed
    text = report.text()
    assert "most general" in text and f"{violating} rows in violating classes" in text
    assert sum(line.lstrip().startswith("FAIL") for line in text.splitlines()) == sum(
        not e["passed"] for e in want
    )
    # apply with apply_fallback: search reports the same, with where the node came from
    bottom = dict.fromkeys(case.qis, 0)
    applied = sqlanon.apply(dict(config, apply_fallback="search"), node=bottom, base_dir=tmp_path)
    assert not applied.passed and applied.checks == report.checks
    assert applied.search["most_general"] == report.search["most_general"]
    assert applied.search["fallback_from"]["node"] == bottom
    assert applied.message == report.message


@pytest.mark.slow
def test_a_criterion_no_suppression_can_meet_is_named_with_its_figure(tmp_path: Path) -> None:
    """Entropy l-diversity with l the number of values the column holds fails on any class
    whose values are not evenly spread, so also on the top node's single class: every row
    violates, no suppression or max_level helps, and the message gives the figure the class
    reaches (exp of its entropy). The JSON report's checks and the HTML page carry it."""
    case = random_case(77, tmp_path, n_qis=2, max_rows=120)
    counts = Counter(r["sens"] for r in case.rows)
    assert len(set(counts.values())) > 1  # not evenly spread
    rows = len(case.rows)
    entropy = -sum(n / rows * math.log(n / rows) for n in counts.values())
    ell = len(counts)
    config = case.config(
        [{"l-diversity": {"variant": "entropy", "l": ell, "attribute": "sens"}}], suppression_limit=0.2
    )
    (tmp_path / "config.json").write_text(json.dumps(config))
    result = run(
        "anonymize", str(tmp_path / "config.json"), "--report", str(tmp_path / "r.json"),
        "--html", str(tmp_path / "r.html"),
    )  # fmt: skip
    ok(result, 1)
    report = json.loads((tmp_path / "r.json").read_text())
    (check,) = report["checks"]
    assert check["criterion"] == "l-diversity" and not check["passed"]
    assert check["violating_classes"] == 1 and check["violating_rows"] == rows
    assert check["observed"] == pytest.approx(math.exp(entropy), abs=1e-9)
    heights = _heights(case)
    assert report["search"]["most_general"] == {
        "node": dict(zip(case.qis, heights, strict=True)),
        "violating_rows": rows,
        "allowed_rows": max_suppressed_rows(0.2, rows),
    }
    message = report["message"]
    assert (
        f"At the most general node ({', '.join(f'{q}={h}' for q, h in zip(case.qis, heights, strict=True))})"
        in message
    )
    assert f"l-diversity (entropy, l={ell}) on 'sens' fails in 1 class ({rows} rows)" in message
    assert (
        f"every row ({rows}) is in a violating class there, and suppressing them all publishes nothing"
        in message
    )
    assert message.endswith(
        f"What would help: weakening l-diversity (entropy, l={ell}) on 'sens' to what the worst class there "
        f"reaches ({math.exp(entropy):.6g})."
    )
    assert "max_level" not in message and "suppression_limit of at least" not in message
    assert message in " ".join(result.output.split())
    page = (tmp_path / "r.html").read_text()
    assert "most general" in page and "l-diversity" in page


def test_audit_says_why_no_node_satisfies(tmp_path: Path) -> None:
    case = random_case(5, tmp_path, n_qis=2, max_rows=60)
    caps = (0, 0)
    classes = _classes(case, caps)
    config = case.config([{"k-anonymity": {"k": len(case.rows)}}])
    for q in case.qis:
        config["columns"][q]["max_level"] = 0
    (tmp_path / "audit.json").write_text(json.dumps(config))
    result = ok(run("audit", str(tmp_path / "audit.json"), "--report", str(tmp_path / "a.json")), 1)
    report = json.loads((tmp_path / "a.json").read_text())
    rows = len(case.rows)
    assert report["search"]["most_general"] == {
        "node": dict(zip(case.qis, caps, strict=True)),
        "violating_rows": rows,
        "allowed_rows": 0,
    }
    assert f"k-anonymity (k={rows}) fails in {len(classes)} classes ({rows} rows)" in report["message"]
    assert all(
        f"{q!r} (now 0, top {h})" in report["message"] for q, h in zip(case.qis, _heights(case), strict=True)
    )
    assert report["message"] in " ".join(result.output.split())
