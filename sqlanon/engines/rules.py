"""The engines' rewrite rules by engine kind, for the code that names an engine by its kind
(``compile``, the tests): each engine's rules live in its ``rules.py``, the machinery in
``rewriting.py``; the dialects ``compile`` writes for engines sqlanon does not run have theirs
in ``dialects.py``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from sqlglot import exp

from sqlanon.engines import KINDS
from sqlanon.engines.rewriting import DUCKDB_ONLY, Rule, apply, bottom_up
from sqlanon.engines.rewriting import leftovers as _leftovers

#: the rules of each engine kind, applied in order (DuckDB runs canonical SQL as it is)
RULES: Mapping[str, tuple[Rule, ...]] = {kind: facts.rules.rewrites for kind, facts in KINDS.items()}
#: rules for SQL printed for people to run, after :data:`RULES` (see ``Rules.printed``)
PRINTED: Mapping[str, tuple[Rule, ...]] = {kind: facts.rules.printed for kind, facts in KINDS.items()}
#: names that printed SQL cannot quote for an engine: the pattern, and why
UNQUOTABLE: Mapping[str, tuple[re.Pattern[str], str]] = {
    kind: facts.rules.unquotable for kind, facts in KINDS.items() if facts.rules.unquotable
}
#: constructs that an engine's SQL generator would drop or change without a word (beyond
#: DUCKDB_ONLY), by engine kind
UNSUPPORTED: Mapping[str, Mapping[str, Callable[[exp.Expr], bool]]] = {
    kind: facts.rules.unsupported for kind, facts in KINDS.items() if facts.rules.unsupported
}


def rewrite(tree: exp.Expr, kind: str, copy: bool = True) -> exp.Expr:
    """A copy of ``tree`` with the rules of engine ``kind`` applied, in order (``copy=False``:
    ``tree`` itself, changed in place, for a caller that owns it)."""
    return apply(tree, RULES[kind], copy=copy)


def printed(tree: exp.Expr, kind: str) -> exp.Expr:
    """``tree`` (already rewritten by :func:`rewrite` for engine ``kind``) with the engine's
    :data:`PRINTED` rules applied."""
    for rule in PRINTED.get(kind, ()):
        tree = bottom_up(tree, rule.transform)
    return tree


def leftovers(tree: exp.Expr, kind: str | None = None) -> list[str]:
    """The DuckDB-only constructs in ``tree`` (rewritten for engine ``kind``, not DuckDB), by
    name, each once, in the order of :data:`DUCKDB_ONLY` then :data:`UNSUPPORTED`."""
    return _leftovers(tree, KINDS[kind].rules if kind in KINDS else None)


__all__ = [
    "DUCKDB_ONLY",
    "PRINTED",
    "RULES",
    "UNQUOTABLE",
    "UNSUPPORTED",
    "Rule",
    "leftovers",
    "printed",
    "rewrite",
]
