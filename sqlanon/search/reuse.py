"""Verdicts known before the search asks for them: ``sqlanon explore`` runs one search per
setting on the same encoded tables, and where monotonicity allows, a node decided for one
setting is decided for another (the rule: :mod:`sqlanon.release.explore`).

:func:`with_known` wraps a search's oracle so that it answers the nodes a :class:`Known`
decides without evaluating them and records every verdict of the search in it; without a
:class:`Known` the oracle is returned as it is. The search walks the same nodes either way: a
reused verdict is the verdict the oracle would give.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlanon.search.lattice import Node
from sqlanon.search.result import Oracle
from sqlanon.search.rollups import SharedRollups


class Known:
    """A search's verdicts: ``decide(node)`` is a verdict known beforehand (None: ask the
    oracle); :attr:`verdicts` is every node's verdict the search got, and :attr:`reused` how
    many of them came from ``decide``. ``rollups``: the roll-up tables the searches of the run
    share (:mod:`sqlanon.search.rollups`), which the search's evaluators reuse and add to."""

    def __init__(self, decide: Callable[[Node], bool | None], rollups: SharedRollups | None = None) -> None:
        self.decide = decide
        self.verdicts: dict[Node, bool] = {}
        self.reused = 0
        self.rollups = rollups


def with_known(oracle: Oracle, known: Known | None) -> Oracle:
    """``oracle``, answering the nodes whose verdict ``known`` holds or decides without it
    (``known`` None: ``oracle`` itself)."""
    if known is None:
        return oracle

    def decide(nodes: Sequence[Node]) -> list[bool]:
        answers: list[bool | None] = []
        for node in nodes:
            answer = known.verdicts.get(node)
            if answer is None:
                answer = known.decide(node)
                if answer is not None:
                    known.reused += 1
                    known.verdicts[node] = answer
            answers.append(answer)
        ask = [n for n, a in zip(nodes, answers, strict=True) if a is None]
        asked = iter(oracle(ask) if ask else [])
        out = []
        for node, answer in zip(nodes, answers, strict=True):
            if answer is None:
                answer = next(asked)
                known.verdicts[node] = answer
            out.append(answer)
        return out

    return decide


__all__ = ["Known", "with_known"]
