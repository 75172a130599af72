"""Regressions found by review of the model catalogue: each case once failed (a release that
failed its own gate, an exit 2 on a valid run, or a wrong verdict)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sqlanon import api
from sqlanon.errors import DataError
from tests.support.sqlhelpers import write_csv


def _anonymize(tmp_path: Path, header: list[str], rows: list[tuple[str, ...]], cfg: dict[str, Any]) -> Any:
    write_csv(tmp_path / "data.csv", header, [dict(zip(header, r, strict=True)) for r in rows])
    return api.anonymize({"source": "data.csv", "output": "out.csv", **cfg}, base_dir=tmp_path)


def test_ordered_dissimilarity_is_rechecked_on_the_rows_that_remain(tmp_path: Path) -> None:
    """Suppressing g2 leaves the values {1, 3, 5}: the ordered distance 1-3 becomes 1/2 <= 0.5,
    so g1's risk is 1 at node q=0; the search must re-check with the remaining rows and move
    to q=1 (as without suppression), not write a release that fails its gate."""
    tree = {"type": "tree", "tree": {"*": {"A": ["g1"], "B": ["g2", "g3"]}}}
    cfg = {
        "columns": {"q": {"role": "quasi", "hierarchy": tree}, "s": {"role": "sensitive"}},
        "criteria": [
            {"k-anonymity": {"k": 2}},
            {"dissimilarity": {"epsilon": 0.5, "delta": 0.5, "k": 2, "distance": "ordered"}},
        ],
        "suppression_limit": 0.2,
    }
    report = _anonymize(
        tmp_path, ["q", "s"], [("g1", "1"), ("g1", "3"), ("g2", "2"), ("g3", "1"), ("g3", "5")], cfg
    )
    assert report.passed, report.message
    assert report.node == {"q": 1}


@pytest.mark.slow
@pytest.mark.parametrize("output", ["out.csv", "out.parquet"])
def test_nt_closeness_follows_the_hierarchy_row_of_null(tmp_path: Path, output: str) -> None:
    """NULL is mapped by ';G;*' beside x: the class {NULL} has the superset G = {x, NULL} (two
    rows, the same distribution), so (2, 0.1)-closeness holds at level 0; a CSV release reads
    the leaf '' back as NULL and the gate must still find that superset."""
    rows = [("x", "A"), ("", "A"), ("y", "B"), ("y", "B"), ("y", "B"), ("y", "B")]
    (tmp_path / "h.csv").write_text("x;G;*\n;G;*\ny;H;*\n", encoding="utf-8")
    cfg = {
        "columns": {"a": {"role": "quasi", "hierarchy": "h.csv"}, "s": {"role": "sensitive"}},
        "criteria": [{"nt-closeness": {"n": 2, "t": 0.1, "distance": "equal"}}],
        "output": output,
    }
    write_csv(tmp_path / "data.csv", ["a", "s"], [{"a": a or None, "s": s} for a, s in rows])
    report = api.anonymize({"source": "data.csv", **cfg}, base_dir=tmp_path)
    assert report.passed and report.node == {"a": 0}, report.message
    assert report.checks[0]["observed"] == 0.0
    gate = api.check(
        {"source": "data.csv", **{k: v for k, v in cfg.items() if k != "output"}}, base_dir=tmp_path
    )
    assert gate.passed and gate.checks[0]["observed"] == 0.0


def test_allowed_value_removed_by_suppression_is_not_an_error(tmp_path: Path) -> None:
    """'flu' occurs only in the suppressed class: the release has no 'flu', which is fine."""
    tree = {"type": "tree", "tree": {"*": {"ab": ["a", "b"], "cc": ["c"]}}}
    cfg = {
        "columns": {"zip": {"role": "quasi", "hierarchy": tree}, "d": {"role": "sensitive"}},
        "criteria": [
            {"k-anonymity": {"k": 2}},
            {"l-diversity": {"variant": "pd-recursive", "c": 2, "l": 2, "allowed": ["flu"]}},
        ],
        "suppression_limit": 0.2,
    }
    rows = [("a", "x"), ("a", "y"), ("a", "z"), ("b", "x"), ("b", "y"), ("b", "z"), ("c", "flu")]
    report = _anonymize(tmp_path, ["zip", "d"], rows, cfg)
    assert report.passed and report.node == {"zip": 0} and report.rows_out == 6, report.message


@pytest.mark.parametrize(
    "warn",
    [
        {"nt-closeness": {"n": 5, "t": 0.3, "severity": "warn"}},
        {"alpha-k-anonymity": {"alpha": 0.9, "k": 5, "severity": "warn"}},
    ],
)
@pytest.mark.slow
def test_warn_criterion_larger_than_the_release_is_reported_not_fatal(
    tmp_path: Path, warn: dict[str, Any]
) -> None:
    """n / k fit the 5-row source but not the 4-row release: the warn criterion fails, the
    release is written."""
    tree = {"type": "tree", "tree": {"*": ["g1", "g2", "g3"]}}
    cfg = {
        "columns": {"q": {"role": "quasi", "hierarchy": tree}, "s": {"role": "sensitive"}},
        "criteria": [{"k-anonymity": {"k": 2}}, warn],
        "suppression_limit": 0.2,
    }
    report = _anonymize(
        tmp_path, ["q", "s"], [("g1", "1"), ("g1", "2"), ("g2", "1"), ("g2", "3"), ("g3", "2")], cfg
    )
    assert report.passed and report.rows_out == 4, report.message
    assert report.checks[1]["passed"] is False and report.checks[1]["severity"] == "warn"
    assert (tmp_path / "out.csv").exists()


def test_check_refuses_labels_that_fit_several_hierarchy_levels(tmp_path: Path) -> None:
    """'b' is a leaf and a level-1 label with different ancestors: the published level cannot be
    told, so (n,t)-closeness refuses instead of guessing (it guessed level 0 and passed)."""
    (tmp_path / "h.csv").write_text("a;b;B;*\nb;c;C;*\nc;c;C;*\ne;e;E;*\n", encoding="utf-8")
    rows = [("b", "X"), ("c", "X"), ("e", "Y"), ("e", "Y"), ("e", "Y"), ("e", "Y")]
    write_csv(tmp_path / "data.csv", ["a", "s"], [{"a": a, "s": s} for a, s in rows])
    cfg = {
        "source": "data.csv",
        "columns": {"a": {"role": "quasi", "hierarchy": "h.csv"}, "s": {"role": "sensitive"}},
        "criteria": [{"nt-closeness": {"n": 2, "t": 0.1}}],
    }
    with pytest.raises(DataError, match=r"several levels .*levels \[0, 1\]"):
        api.check(cfg, base_dir=tmp_path)


def test_protected_value_missing_from_the_checked_table_still_counts(tmp_path: Path) -> None:
    """npd-recursive on a table where a protected value does not occur: with c2 > 0 every class
    violates (its share is 0) when gating a release (no parameter check there)."""
    from sqlanon.config import parse_config
    from sqlanon.encode.source import read_table
    from sqlanon.engines.duckdb.engine import DuckDBEngine
    from sqlanon.gate import run_gate

    rows = [("a", "x"), ("a", "y"), ("b", "x"), ("b", "y")]
    write_csv(tmp_path / "data.csv", ["q", "s"], [{"q": q, "s": s} for q, s in rows])
    crit = {"variant": "npd-recursive", "c1": 3, "c2": 10, "l": 2, "allowed": [], "protected": ["z"]}
    cfg = parse_config(
        {
            "source": "data.csv",
            "columns": {"q": "quasi", "s": "sensitive"},
            "criteria": [{"l-diversity": crit}],
        },
        tmp_path,
        gate=True,
    )
    engine = DuckDBEngine()
    table = read_table(engine, cfg.source, cfg.csv)
    result = run_gate(engine, cfg, table, {}, check_params=False)
    engine.close()
    outcome = result.outcomes[0]
    assert not outcome.passed and outcome.violating_rows == 4 and outcome.extras["protected_share"] == 0.0
