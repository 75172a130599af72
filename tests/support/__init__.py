"""What the tests share: a PostgreSQL server of their own, dbt's venv, random tables, SQL helpers."""
