"""SafePub's search (Bild, Kuhn, Prasser, PoPETs 2018(1), Algorithm 1; ARX's
DataDependentEDDPAlgorithm): a top-down walk over the generalization lattice whose every step
the exponential mechanism chooses, and the best-scoring node it visited.

The walk starts at the top node. At each of ``steps`` steps, the predecessors of the current
node (one level lower in one quasi-identifier) join the candidates, the current node leaves
them, and the exponential mechanism (McSherry and Talwar, FOCS 2007) draws the next node from
the candidates with probability proportional to exp(eps_step * score / 2), where the scores
are already divided by their sensitivity and eps_step = eps_search / steps. The release is the
visited node of the highest score (ties: the first visited).

Scores (SafePub, Section 6; higher is better, each divided by its sensitivity), from what the
node publishes of the sample with every class smaller than k suppressed: N the source's rows,
R the rows the node publishes (sampled, not suppressed), S = N - R (suppressed by sampling or
by the node), d the quasi-identifiers, l_i / h_i the node's level over the hierarchy's height:

* ``precision``:      -(R sum_i l_i / h_i + d S) / (d (k - 1))      (k > 1; no division for k = 1)
* ``discernibility``: -(sum_E |E|^2 + N S) / (N (k^2 / (k - 1) + 1))  (k > 1; N 5 for k = 1)
* ``aecs``:           classes published + 1 if any row is suppressed   (sensitivity 1)

Python only plans and draws (a :class:`random.Random` seeded from the configuration); the
scores' counts come from the engine (sqlanon.release.dp).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from sqlanon.search.lattice import Node


@dataclass(frozen=True)
class Counts:
    """What a node publishes of the sample: rows kept, classes kept, sum of their squared sizes."""

    rows: int
    classes: int
    sum_sq: int


def score(
    metric: str, node: Node, heights: Sequence[int], counts: Counts, source_rows: int, k: int
) -> Fraction:
    """The node's SafePub score for ``metric`` (exact), divided by the score's sensitivity."""
    d = len(node)
    suppressed = source_rows - counts.rows
    if metric == "precision":
        levels = sum(
            (Fraction(lv, h) if h else Fraction(0) for lv, h in zip(node, heights, strict=True)), Fraction(0)
        )
        value = -(counts.rows * levels + d * suppressed) / Fraction(d)
        return value / (k - 1) if k > 1 else value
    if metric == "discernibility":
        penalty = Fraction(counts.sum_sq + source_rows * suppressed)
        sensitivity = Fraction(5) if k == 1 else Fraction(k * k, k - 1) + 1
        return -penalty / (source_rows * sensitivity)
    if metric == "aecs":
        return Fraction(counts.classes + (1 if suppressed > 0 else 0))
    raise ValueError(metric)


def probabilities(scores: Sequence[float], epsilon: float) -> list[float]:
    """The exponential mechanism's distribution: p_i = exp(eps s_i / 2) / sum_j exp(eps s_j / 2)
    (scores divided by their sensitivity), computed shifted by the largest exponent so that no
    term overflows (the shift cancels in the ratio)."""
    exponents = [0.5 * epsilon * s for s in scores]
    top = max(exponents)
    weights = [math.exp(e - top) for e in exponents]
    total = math.fsum(weights)
    return [w / total for w in weights]


def draw(probs: Sequence[float], rng: random.Random) -> int:
    """An index drawn with ``probs`` (inverse transform over the cumulative sums)."""
    u = rng.random()
    acc = 0.0
    for i, p in enumerate(probs):
        acc += p
        if u < acc:
            return i
    return len(probs) - 1


def predecessors(node: Node) -> list[Node]:
    """The nodes one level lower in one quasi-identifier."""
    return [node[:i] + (lv - 1,) + node[i + 1 :] for i, lv in enumerate(node) if lv > 0]


@dataclass
class Walk:
    """The search's record: the node released, its score, and the nodes visited in order."""

    best: Node
    best_score: Fraction
    visited: list[Node] = field(default_factory=list)
    scored: int = 0


def search(
    top: Node,
    steps: int,
    epsilon_search: float,
    scores: Callable[[Sequence[Node]], list[Fraction]],
    rng: random.Random,
) -> Walk:
    """SafePub's walk from ``top``: ``scores`` gives the scores of the nodes it is asked (each
    node once); the exponential mechanism draws each step with eps_search / steps."""
    known: dict[Node, Fraction] = dict(zip([top], scores([top]), strict=True))
    walk = Walk(best=top, best_score=known[top], visited=[top])
    candidates: dict[Node, Fraction] = {top: known[top]}
    epsilon_step = epsilon_search / steps if steps else 0.0
    pivot = top
    for _ in range(steps):
        new = [n for n in predecessors(pivot) if n not in known]
        if new:
            known.update(zip(new, scores(new), strict=True))
        for n in predecessors(pivot):  # a node visited before may come back (as ARX does)
            candidates.setdefault(n, known[n])
        candidates.pop(pivot, None)
        if not candidates:
            break
        nodes = sorted(candidates)  # a fixed order: the same seed draws the same node
        probs = probabilities([float(candidates[n]) for n in nodes], epsilon_step)
        pivot = nodes[draw(probs, rng)]
        walk.visited.append(pivot)
        if candidates[pivot] > walk.best_score:
            walk.best, walk.best_score = pivot, candidates[pivot]
    walk.scored = len(known)
    return walk


__all__ = ["Counts", "Walk", "draw", "predecessors", "probabilities", "score", "search"]
