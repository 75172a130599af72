"""The frequency tables a lattice search keeps for later roll-ups, shared by several searches
of the same encoded tables (``sqlanon explore``: every setting's search).

A search's evaluator keeps tables of evaluated nodes and projections of the bottom table
(:meth:`sqlanon.search.evaluator.NodeEvaluator.source`) and, when no criterion reads a
sensitive column, the bottom table projected on the quasi-identifiers. Those tables depend on
the encoded tables and on which columns the criteria read, never on their parameters (k, l,
the suppression limit): a search of another setting that reads the same columns can roll its
nodes up from them. :class:`SharedRollups` holds one :class:`RollupState` per (engine, bottom
table, columns read); an evaluator given it adopts the state of its own and, with it, the
tables the searches before it made (and their bounds: at most ``max_cached`` tables and the
cache's budget of rows, least recently used dropped first, as within one search).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlanon.search.lattice import Node


@dataclass
class RollupState:
    """What one evaluator's roll-ups keep (see the module)."""

    #: cached frequency tables: the levels they are at -> (table, rows), least recently used
    #: first; the bottom table is not part of it
    tables: dict[Node, tuple[str, int]] = field(default_factory=dict)
    #: estimated rows of the projections considered (NodeEvaluator.worth_projecting)
    projected_rows: dict[Node, int] = field(default_factory=dict)
    #: the bottom table projected on the quasi-identifiers, and its rows (no sensitive column
    #: read), once made
    projected_bottom: tuple[str, int] | None = None


@dataclass
class SharedRollups:
    """Roll-up states shared by the searches of one run, per (engine, what they read)."""

    states: dict[tuple[int, Any], RollupState] = field(default_factory=dict)

    def state(self, engine: object, key: Any) -> RollupState:
        """The state of the searches in ``engine`` that read what ``key`` names (the bottom
        table, the sensitive columns, people or rows): made on first use."""
        return self.states.setdefault((id(engine), key), RollupState())


__all__ = ["RollupState", "SharedRollups"]
