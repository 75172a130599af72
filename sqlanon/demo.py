"""``sqlanon demo``: the whole job on generated data in embedded DuckDB.

It writes a synthetic patient table (names, zip codes, ages, sex, diseases, salaries) and a
configuration that uses the shipped hierarchies into a folder, anonymizes it, then runs the
gate on the release, exactly as a user would with ``anonymize`` and ``check``.

``demo --events`` writes an events table instead: visits, several per patient, each with a
diagnosis (the patient's demographics constant over their visits), and a configuration with
``person: patient_id``, so that k counts patients, not visits (docs/people.md).

The folder must be new, empty, or a folder an earlier demo wrote (it holds the marker file
``.sqlanon_demo``); only the demo's own files are written in it, so ``demo --dir`` can never
replace a user's files.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from sqlanon import atomic
from sqlanon.errors import InputError
from sqlanon.resources import shipped_dir

#: the file that marks a folder as one a demo wrote
MARKER = ".sqlanon_demo"
#: the demo's release, relative to its folder
RELEASE = "out/people_release.csv"
#: the events demo's source, configurations and release, relative to its folder
VISITS = "visits.csv"
VISITS_ANONYMIZE = "visits-anonymize.yaml"
VISITS_CHECK = "visits-check.yaml"
VISITS_RELEASE = "out/visits_release.csv"

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


def generate_visits(rows: int, seed: int = 7) -> list[dict[str, Any]]:
    """A synthetic events table: ``rows`` visits of patients with one to eight visits each
    (the last patient's cut short to make ``rows``), each with a diagnosis. A patient's
    identifier and quasi-identifiers (zip, age, sex) are the same on every visit: the demo
    generates patients (:func:`generate_people`, whose zip, age and sex it keeps), then their
    visits."""
    rng = np.random.default_rng(seed)
    visits = np.minimum(rng.geometric(0.3, size=rows), 8)  # 1 to 8 visits, about 3.2 on average
    patients = int(np.searchsorted(np.cumsum(visits), rows)) + 1
    people = generate_people(patients, seed)
    weights = np.array([14, 8, 10, 4, 3, 9, 12, 5, 6, 4], dtype=float)
    diagnoses = rng.choice(DISEASES, size=rows, p=weights / weights.sum())
    out: list[dict[str, Any]] = []
    for i, person in enumerate(people):
        for _ in range(int(visits[i])):
            if len(out) == rows:
                break
            out.append(
                {
                    "patient_id": f"P{i:06d}",
                    "zip": person["zip"],
                    "age": person["age"],
                    "sex": person["sex"],
                    "diagnosis": str(diagnoses[len(out)]),
                }
            )
    return out


def visits_config(folder: Path) -> dict[str, Any]:
    """The events demo's anonymize configuration: k = 5 counted over patients (``person:``)."""
    return {
        "source": VISITS,
        "person": "patient_id",
        "columns": {
            "patient_id": {"role": "identifier"},
            "zip": {"role": "quasi", "hierarchy": "hierarchies/zip5.yaml"},
            "age": {"role": "quasi", "hierarchy": "hierarchies/age.yaml"},
            "sex": {"role": "quasi", "hierarchy": "hierarchies/sex.csv"},
            "diagnosis": {"role": "sensitive"},
        },
        "criteria": [{"k-anonymity": {"k": 5}}],
        "suppression_limit": 0.01,
        "metric": "precision",
        "search": "optimal",
        "output": VISITS_RELEASE,
        "overwrite": True,
    }


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
        "output": RELEASE,
        "overwrite": True,
    }


def demo_files(folder: Path) -> list[tuple[str, Path]]:
    """Every file the demo writes in ``folder``, with or without ``--events``: (what it is,
    path)."""
    hierarchies = sorted(p.name for p in shipped_dir("hierarchies").iterdir() if p.is_file())
    return [
        ("demo's marker file", folder / MARKER),
        ("demo's source table", folder / "people.csv"),
        ("demo's anonymize configuration", folder / "anonymize.yaml"),
        ("demo's check configuration", folder / "check.yaml"),
        ("demo's release", folder / RELEASE),
        ("events demo's source table", folder / VISITS),
        ("events demo's anonymize configuration", folder / VISITS_ANONYMIZE),
        ("events demo's check configuration", folder / VISITS_CHECK),
        ("events demo's release", folder / VISITS_RELEASE),
        *((f"demo's hierarchy {name}", folder / "hierarchies" / name) for name in hierarchies),
    ]


def check_demo_folder(folder: Path) -> None:
    """``folder`` is new, empty or an earlier demo's; raise :class:`InputError` otherwise."""
    if folder.exists() and not folder.is_dir():
        raise InputError(f"The demo folder {str(folder)!r} is a file; give a new or empty folder.")
    if (folder / MARKER).is_file():
        for sub in ("hierarchies", "out"):  # an earlier demo's folders, never links or files
            made = folder / sub
            if made.is_symlink() or (made.exists() and not made.is_dir()):
                raise InputError(
                    f"{str(made)!r} is not a folder the demo made; remove it or give another --dir."
                )
        return
    if not folder.exists():
        return
    try:
        empty = next(folder.iterdir(), None) is None
    except OSError as err:
        raise InputError(f"Cannot read the demo folder {str(folder)!r}: {err.strerror or err}.") from None
    if not empty:
        raise InputError(
            f"The demo folder {str(folder)!r} is not empty and no earlier demo wrote it (it has no {MARKER} "
            "file); the demo writes only into a new or empty folder, so that it replaces none of your files. "
            "Give a new folder, e.g. --dir demo-run."
        )


def write_demo(folder: Path, rows: int = 5000, events: bool = False) -> tuple[Path, Path]:
    """Write the demo data, hierarchies and two configurations; return (anonymize, check) paths.

    ``events``: the events demo's instead: ``rows`` visits (:func:`generate_visits`) and a
    configuration with ``person:`` (:func:`visits_config`); its check configuration gates the
    release as published, which holds no person column, so it counts the release's rows
    (anonymize's own gate counts people: docs/people.md).

    ``folder`` must be new, empty or an earlier demo's (:func:`check_demo_folder`); only the
    demo's own files (:func:`demo_files`) are written."""
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise InputError(f"The demo needs a number of rows of at least 1, got {rows!r}.")
    check_demo_folder(folder)
    folder.mkdir(parents=True, exist_ok=True)
    _replace(folder / MARKER, "written by sqlanon demo\n")
    people = generate_visits(rows) if events else generate_people(rows)
    table = io.StringIO(newline="")
    writer = csv.DictWriter(table, fieldnames=list(people[0]))
    writer.writeheader()
    writer.writerows(people)
    _replace(folder / (VISITS if events else "people.csv"), table.getvalue())
    release = folder / (VISITS_RELEASE if events else RELEASE)
    if release.is_symlink():
        release.unlink()  # a link planted at the demo's release: the release would be written through it
    target = folder / "hierarchies"
    target.mkdir(exist_ok=True)
    for shipped in shipped_dir("hierarchies").iterdir():
        if shipped.is_file():
            _replace(target / shipped.name, shipped.read_text(encoding="utf-8"))
    config = visits_config(folder) if events else demo_config(folder)
    anonymize_path = folder / (VISITS_ANONYMIZE if events else "anonymize.yaml")
    _replace(anonymize_path, yaml.safe_dump(config, sort_keys=False))
    # the gate of the release: the same columns and criteria (the identifiers must be gone);
    # the release holds no person column, so its check counts rows (never fewer than people)
    gate = dict(config)
    gate["source"] = config["output"]
    del gate["output"], gate["overwrite"], gate["suppression_limit"], gate["search"], gate["metric"]
    gate.pop("person", None)
    check_path = folder / (VISITS_CHECK if events else "check.yaml")
    _replace(check_path, yaml.safe_dump(gate, sort_keys=False))
    return anonymize_path, check_path


def _replace(path: Path, text: str) -> None:
    """Write ``path`` as a new file moved into place: a link planted at ``path`` is replaced,
    never followed."""
    staged = atomic.staging_file(path)
    try:
        staged.write_text(text, encoding="utf-8", newline="")
        os.chmod(staged, 0o644)
        os.replace(staged, path)
    except BaseException:
        atomic.discard(staged)
        raise
