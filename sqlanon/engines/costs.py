"""What a run costs its engines: the statements they ran and the time spent in them, per stage
of the run.

A command's run opens a ledger (:func:`run`) for as long as it lasts; the stages it announces
(:func:`enter`) and the engine calls made meanwhile (:func:`statement`, around each call an
engine sends: a statement on PostgreSQL, a ``execute``/``fetchall`` on DuckDB, a call into
Spark's JVM on Spark) are counted in it. Every engine of the run counts into the same ledger
(a ``search_in: local`` search's embedded DuckDB too), under its own kind. Outside a run (a
test's engine, a caller's script) nothing is counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from time import perf_counter
from typing import Any

#: what a run does before its first announced stage: opening the engine, checking the output
SETUP = "setup"


@dataclass
class _Spent:
    statements: int = 0
    engine_seconds: float = 0.0
    #: wall time in the stage (a stage entered again adds to it)
    seconds: float = 0.0


class Costs:
    """The ledger of one run: per stage (in the order first entered) and per engine kind, the
    statements run and the seconds they took, and the wall time of each stage."""

    def __init__(self) -> None:
        self._stages: dict[str, _Spent] = {}
        self._engines: dict[str, _Spent] = {}
        self._depth = 0
        self._started = perf_counter()
        self._stage = SETUP
        self._since = self._started
        self._stages[SETUP] = _Spent()

    def enter(self, stage: str) -> None:
        """The run moves on to ``stage``: the wall time so far goes to the stage it leaves."""
        now = perf_counter()
        self._stages[self._stage].seconds += now - self._since
        self._stage, self._since = stage, now
        self._stages.setdefault(stage, _Spent())

    def add(self, kind: str, seconds: float) -> None:
        """One statement of an engine of kind ``kind`` that took ``seconds``."""
        for spent in (self._stages[self._stage], self._engines.setdefault(kind, _Spent())):
            spent.statements += 1
            spent.engine_seconds += seconds

    @property
    def statements(self) -> int:
        return sum(s.statements for s in self._engines.values())

    def to_dict(self) -> dict[str, Any]:
        """What the run cost so far, for the JSON report: the totals, each engine kind's
        statements and seconds, and each stage's (with its wall time, ``seconds``)."""
        now = perf_counter()
        stages = []
        for name, spent in self._stages.items():
            wall = spent.seconds + (now - self._since if name == self._stage else 0.0)
            stages.append(
                {
                    "stage": name,
                    "statements": spent.statements,
                    "engine_seconds": round(spent.engine_seconds, 4),
                    "seconds": round(wall, 4),
                }
            )
        return {
            "statements": self.statements,
            "engine_seconds": round(sum(s.engine_seconds for s in self._engines.values()), 4),
            "seconds": round(now - self._started, 4),
            "engines": {
                kind: {"statements": s.statements, "engine_seconds": round(s.engine_seconds, 4)}
                for kind, s in self._engines.items()
            },
            "stages": stages,
        }


_current: ContextVar[Costs | None] = ContextVar("sqlanon_costs", default=None)


@contextmanager
def run() -> Iterator[Costs]:
    """A ledger for the block: the engine calls and stages inside it are counted in it."""
    ledger = Costs()
    token = _current.set(ledger)
    try:
        yield ledger
    finally:
        _current.reset(token)


def current() -> Costs | None:
    """The running command's ledger (None outside a run)."""
    return _current.get()


def enter(stage: str) -> None:
    """The running command moves on to ``stage`` (nothing outside a run)."""
    ledger = _current.get()
    if ledger is not None:
        ledger.enter(stage)


@contextmanager
def statement(kind: str) -> Iterator[None]:
    """One engine call of an engine of kind ``kind``, counted once with the time it takes (a
    call made inside another is part of it)."""
    ledger = _current.get()
    if ledger is None or ledger._depth:
        yield
        return
    ledger._depth += 1
    start = perf_counter()
    try:
        yield
    finally:
        ledger._depth -= 1
        ledger.add(kind, perf_counter() - start)


__all__ = ["SETUP", "Costs", "current", "enter", "run", "statement"]
