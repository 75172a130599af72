"""SQL construction: sqlglot builders and parsed Jinja templates (DuckDB is the canonical dialect)."""

from sqlanon.sql.render import DIALECT, ident, render_template, to_sql

__all__ = ["DIALECT", "ident", "render_template", "to_sql"]
