"""Random tables with random balanced hierarchies, written as files sqlanon can read."""

from __future__ import annotations

import csv
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class RandomCase:
    rows: list[dict[str, str]]
    qis: list[str]
    paths: dict[str, list[str]]  # per QI: value -> path labels (leaf, l1, ..., top) via hierarchy
    hierarchies: dict[str, dict[str, tuple[str, ...]]]
    sensitive: str
    folder: Path

    def config(self, criteria: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
        cols: dict[str, Any] = {
            q: {"role": "quasi", "hierarchy": f"h_{i}.csv"} for i, q in enumerate(self.qis)
        }
        cols[self.sensitive] = {"role": "sensitive"}
        return {"source": "data.csv", "columns": cols, "criteria": criteria, "output": "out.csv", **extra}


def random_hierarchy(rng: random.Random, values: list[str], height: int) -> dict[str, tuple[str, ...]]:
    """value -> (value, level1 label, ..., '*'), each level a function of the one below."""
    paths = {v: [v] for v in values}
    current = {v: v for v in values}
    for level in range(1, height):
        groups = sorted(set(current.values()))
        n_parents = max(1, len(groups) // rng.randint(2, 3))
        parent = {g: f"L{level}G{rng.randrange(n_parents)}" for g in groups}
        for v in values:
            current[v] = parent[current[v]]
            paths[v].append(current[v])
    for v in values:
        paths[v].append("*")
    return {v: tuple(p) for v, p in paths.items()}


def random_case(seed: int, folder: Path, n_qis: int = 3, max_rows: int = 150) -> RandomCase:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    qis = [f"q {i}" if i % 2 else f"qi-{i}" for i in range(n_qis)]
    hierarchies = {}
    domains = {}
    for i, q in enumerate(qis):
        values = [f"v{i}_{j}" for j in range(rng.randint(2, 6))]
        domains[q] = values
        hierarchies[q] = random_hierarchy(rng, values, rng.randint(1, 3))
        with (folder / f"h_{i}.csv").open("w", newline="") as fh:
            csv.writer(fh, delimiter=";").writerows(hierarchies[q].values())
    sens_values = [f"s{j}" for j in range(rng.randint(2, 5))]
    weights = [rng.random() + 0.1 for _ in sens_values]
    rows = []
    for _ in range(rng.randint(20, max_rows)):
        row = {q: rng.choice(domains[q]) for q in qis}
        row["sens"] = rng.choices(sens_values, weights)[0]
        rows.append(row)
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[*qis, "sens"])
        writer.writeheader()
        writer.writerows(rows)
    return RandomCase(rows, qis, {}, hierarchies, "sens", folder)


def generalize(case: RandomCase, node: tuple[int, ...]) -> list[dict[str, str]]:
    out = []
    for row in case.rows:
        g = dict(row)
        for q, level in zip(case.qis, node, strict=True):
            g[q] = case.hierarchies[q][row[q]][level]
        out.append(g)
    return out


def random_people_case(
    seed: int, folder: Path, n_qis: int = 2, max_people: int = 40, varying: bool = False
) -> RandomCase:
    """A random one-to-many table: people with 1 to 5 rows each, told apart by the column
    ``PERSON`` (a name that needs quoting). Their quasi-identifiers are constant per person
    (``varying``: a person's rows may also carry other values); ``sens`` and ``visit`` vary per
    row (insensitive here)."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    qis = [f"q {i}" if i % 2 else f"qi-{i}" for i in range(n_qis)]
    hierarchies = {}
    domains = {}
    for i, q in enumerate(qis):
        values = [f"v{i}_{j}" for j in range(rng.randint(2, 5))]
        domains[q] = values
        hierarchies[q] = random_hierarchy(rng, values, rng.randint(1, 3))
        with (folder / f"h_{i}.csv").open("w", newline="") as fh:
            csv.writer(fh, delimiter=";").writerows(hierarchies[q].values())
    sens_values = [f"s{j}" for j in range(rng.randint(2, 4))]
    rows = []
    for p in range(rng.randint(5, max_people)):
        own = {q: rng.choice(domains[q]) for q in qis}
        for v in range(rng.randint(1, 5)):
            row = dict(own)
            if varying and rng.random() < 0.3:
                q = rng.choice(qis)
                row[q] = rng.choice(domains[q])
            row["sens"] = rng.choice(sens_values)
            row["visit"] = str(v)
            row[PERSON] = f"p{p}"
            rows.append(row)
    rng.shuffle(rows)
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *qis, "sens", "visit"])
        writer.writeheader()
        writer.writerows(rows)
    return RandomCase(rows, qis, {}, hierarchies, "sens", folder)


#: the person column of :func:`random_people_case` (quotes and a space: it must be quoted)
PERSON = 'patient "id"'


def people_config(case: RandomCase, criteria: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """:meth:`RandomCase.config` with ``person: PERSON``, the person column declared an
    identifier, and ``sens`` and ``visit`` published as they are."""
    config = case.config(criteria, person=PERSON, **extra)
    config["columns"][PERSON] = {"role": "identifier"}
    config["columns"]["sens"] = {"role": "insensitive"}
    config["columns"]["visit"] = {"role": "insensitive"}
    return config
