"""sqlanon's tests, in folders that mirror the package (see docs/development.md)."""
