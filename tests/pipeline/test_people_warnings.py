"""With ``person:``, ``warn_suppressed`` is a share of the people, as ``suppression_limit`` is:
the report warns when more of the people are suppressed (with all their rows)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import sqlanon
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, people_config, random_people_case


@pytest.mark.parametrize("seed", seeds(6))
def test_warn_suppressed_counts_people(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_people_case(seed, tmp_path, varying=seed % 2 == 1)
    people = len({row[PERSON] for row in case.rows})
    warn = rng.choice([0.0, 0.05, 0.1, 0.5])
    config = people_config(
        case, [{"k-anonymity": {"k": rng.choice([2, 3])}}], suppression_limit=0.5, warn_suppressed=warn
    )
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    assert report.people is not None and report.people["in"] == people
    gone = report.people["suppressed"]
    warned = [w for w in report.warnings if "are suppressed" in w]
    if gone > warn * people:
        (text,) = warned
        assert text.startswith(f"{gone} of {people} people ({gone / people:.1%}) are suppressed")
        assert f"({report.suppressed_rows} of {len(case.rows)} rows)" in text
        assert text.endswith(f"more than warn_suppressed ({warn:g} of the people)")
    else:
        assert not warned
