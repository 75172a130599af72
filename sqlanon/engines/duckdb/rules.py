"""DuckDB's rules: none. Canonical SQL is DuckDB's dialect, run as it is, and printed as it
is (a DuckDB string literal means the same whatever the session's settings)."""

from __future__ import annotations

from sqlanon.engines.rewriting import Rules

RULES = Rules()
