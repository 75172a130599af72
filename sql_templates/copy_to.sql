-- copy_to.sql: write a relation to a file (the staging file of an atomic publish).
-- Params:   relation, path, format (csv | parquet), delimiter and quote for CSV.
-- Output:   the file at `path`, with a header row for CSV.
COPY (SELECT * FROM {{ relation|ident }}) TO {{ path|literal }}
{%- if format == "csv" %}
  (FORMAT CSV, HEADER TRUE, DELIMITER {{ delimiter|literal }}, QUOTE {{ quote|literal }})
{%- else %}
  (FORMAT PARQUET)
{%- endif %}
