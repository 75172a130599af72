"""``sqlanon demo``: the whole job on generated data in embedded DuckDB.

It writes a synthetic patient table (names, zip codes, ages, sex, diseases, salaries) and a
configuration that uses the shipped hierarchies into a folder, anonymizes it, then runs the
gate on the release, exactly as a user would with ``anonymize`` and ``check``.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from sqlanon.resources import shipped_dir

DISEASES = [
    "flu", "pneumonia", "bronchitis", "pulmonary edema", "pulmonary embolism",
    "gastric ulcer", "gastritis", "stomach cancer", "colitis", "colon cancer",
]  # fmt: skip


def generate_people(rows: int, seed: int = 7) -> list[dict[str, Any]]:
    """A synthetic table of people: identifiers, quasi-identifiers and sensitive values."""
    rng = np.random.default_rng(seed)
    prefixes = rng.choice(["476", "479", "130", "148", "021"], size=rows, p=[0.3, 0.25, 0.2, 0.15, 0.1])
    zips = [f"{p}{d:02d}" for p, d in zip(prefixes, rng.integers(0, 40, size=rows), strict=True)]
    ages = np.clip(rng.normal(45, 16, size=rows).round(), 18, 95).astype(int)
    sexes = rng.choice(["Male", "Female"], size=rows)
    weights = np.array([14, 8, 10, 4, 3, 9, 12, 5, 6, 4], dtype=float)
    diseases = rng.choice(DISEASES, size=rows, p=weights / weights.sum())
    salaries = (rng.integers(3, 12, size=rows) * 1000).astype(int)
    return [
        {
            "name": f"person {i:06d}",
            "zip": zips[i],
            "age": int(ages[i]),
            "sex": str(sexes[i]),
            "disease": str(diseases[i]),
            "salary": int(salaries[i]),
        }
        for i in range(rows)
    ]


def demo_config(folder: Path) -> dict[str, Any]:
    return {
        "source": "people.csv",
        "columns": {
            "name": {"role": "identifier"},
            "zip": {"role": "quasi", "hierarchy": "hierarchies/zip5.yaml"},
            "age": {"role": "quasi", "hierarchy": "hierarchies/age.yaml"},
            "sex": {"role": "quasi", "hierarchy": "hierarchies/sex.csv"},
            "disease": {"role": "sensitive", "hierarchy": "hierarchies/disease.yaml"},
            "salary": {"role": "sensitive"},
        },
        "criteria": [
            {"k-anonymity": {"k": 5}},
            {"l-diversity": {"variant": "recursive", "l": 3, "c": 4, "attribute": "disease"}},
            {"t-closeness": {"t": 0.2, "distance": "hierarchical", "attribute": "disease"}},
            {"t-closeness": {"t": 0.2, "distance": "ordered", "attribute": "salary"}},
        ],
        "suppression_limit": 0.01,
        "metric": "precision",
        "search": "optimal",
        "output": "out/people_release.csv",
        "overwrite": True,
    }


def write_demo(folder: Path, rows: int = 5000) -> tuple[Path, Path]:
    """Write the demo data, hierarchies and two configurations; return (anonymize, check) paths."""
    folder.mkdir(parents=True, exist_ok=True)
    people = generate_people(rows)
    with (folder / "people.csv").open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(people[0]))
        writer.writeheader()
        writer.writerows(people)
    target = folder / "hierarchies"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(shipped_dir("hierarchies"), target)
    config = demo_config(folder)
    anonymize_path = folder / "anonymize.yaml"
    anonymize_path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    gate = dict(config)
    gate["source"] = config["output"]
    del gate["output"], gate["overwrite"], gate["suppression_limit"], gate["search"], gate["metric"]
    gate["columns"] = {k: v for k, v in config["columns"].items() if v["role"] != "identifier"}
    check_path = folder / "check.yaml"
    check_path.write_text(yaml.safe_dump(gate, sort_keys=False), encoding="utf-8")
    return anonymize_path, check_path
