"""Independent pure-Python references for guarantees counted over people (``person:``).

Written from the definitions, without looking at the SQL:

* a person's quasi-identifier is the *set* of their rows' quasi-identifier tuples, generalized
  as a whole (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, TKDE 2009; Google
  Sensitive Data Protection's ``entity_id``); a class is the people whose sets are equal. When
  the quasi-identifiers are constant per person, each set holds one tuple and a class is the
  people of one tuple;
* k-anonymity over people: every class holds at least k distinct people;
* suppression removes people (all their rows), and its limit counts people: a node is
  satisfied when the people of its violating classes are at most floor(limit x people), and
  not all of them.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tests.oracles.reference import RefResult, minimal_nodes

Row = Mapping[str, Any]


def people_classes(
    rows: Sequence[Row], person: Sequence[str], qis: Sequence[str]
) -> dict[frozenset[Any], set[Any]]:
    """Signature (the frozenset of a person's QI tuples) -> the people with that signature."""
    tuples: dict[Any, set[tuple[Any, ...]]] = defaultdict(set)
    for r in rows:
        tuples[tuple(r[p] for p in person)].add(tuple(r[q] for q in qis))
    classes: dict[frozenset[Any], set[Any]] = defaultdict(set)
    for who, seen in tuples.items():
        classes[frozenset(seen)].add(who)
    return dict(classes)


def ref_k_people(rows: Sequence[Row], person: Sequence[str], qis: Sequence[str], k: int) -> RefResult:
    """k-anonymity over people: observed = the smallest class's people; violating_rows counts
    the people of the violating classes."""
    sizes = [len(members) for members in people_classes(rows, person, qis).values()]
    bad = [s for s in sizes if s < k]
    return RefResult(not bad, float(min(sizes)) if sizes else None, len(bad), sum(bad))


def violating_people(rows: Sequence[Row], person: Sequence[str], qis: Sequence[str], k: int) -> set[Any]:
    """The people of the classes with fewer than k people."""
    return {
        who for members in people_classes(rows, person, qis).values() if len(members) < k for who in members
    }


def generalized(
    rows: Sequence[Row], hierarchies: Mapping[str, Mapping[str, Sequence[str]]], node: Sequence[int]
) -> list[dict[str, Any]]:
    """The rows with each QI replaced by its ancestor at the node's level."""
    out = []
    for r in rows:
        g = dict(r)
        for (q, paths), level in zip(hierarchies.items(), node, strict=True):
            g[q] = paths[r[q]][level]
        out.append(g)
    return out


def satisfying_people(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    k: int,
    limit: float,
) -> set[tuple[int, ...]]:
    """Every lattice node whose k-violating people fit the suppression limit (counted in
    people), by brute force over the whole lattice."""
    qis = list(hierarchies)
    heights = [len(next(iter(hierarchies[q].values()))) - 1 for q in qis]
    people = len({tuple(r[p] for p in person) for r in rows})
    allowed = math.floor(Fraction(str(limit)) * people)
    out = set()
    for node in itertools.product(*(range(h + 1) for h in heights)):
        bad = len(violating_people(generalized(rows, hierarchies, node), person, qis, k))
        if bad == 0 or (bad <= allowed and bad < people):
            out.add(node)
    return out


def minimal_people(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    k: int,
    limit: float,
) -> set[tuple[int, ...]]:
    """The minimal nodes of :func:`satisfying_people`."""
    return minimal_nodes(satisfying_people(rows, person, hierarchies, k, limit))
