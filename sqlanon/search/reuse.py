"""Verdicts known before the search asks for them: ``sqlanon explore`` runs one search per
setting on the same encoded tables, and where monotonicity allows, a node decided for one
setting is decided for another (the rule: :mod:`sqlanon.release.explore`).

:func:`known_verdicts` sets, for the searches run inside it, the verdicts to reuse;
:func:`with_known` wraps a search's oracle so that it answers those nodes without evaluating
them and records every verdict of the search. Outside :func:`known_verdicts` the oracle is
returned as it is. The search walks the same nodes either way: a reused verdict is the verdict
the oracle would give.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from sqlanon.search.lattice import Node
from sqlanon.search.result import Oracle


class Known:
    """A search's verdicts: ``decide(node)`` is a verdict known beforehand (None: ask the
    oracle); :attr:`verdicts` is every node's verdict the search got, and :attr:`reused` how
    many of them came from ``decide``."""

    def __init__(self, decide: Callable[[Node], bool | None]) -> None:
        self.decide = decide
        self.verdicts: dict[Node, bool] = {}
        self.reused = 0


_known: ContextVar[Known | None] = ContextVar("sqlanon_known_verdicts", default=None)


@contextmanager
def known_verdicts(known: Known) -> Iterator[Known]:
    """The searches run inside reuse ``known``'s verdicts and record theirs in it."""
    token = _known.set(known)
    try:
        yield known
    finally:
        _known.reset(token)


def with_known(oracle: Oracle) -> Oracle:
    """``oracle``, answering the nodes whose verdict is known without it (inside
    :func:`known_verdicts`; outside, ``oracle`` itself)."""
    known = _known.get()
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


__all__ = ["Known", "known_verdicts", "with_known"]
