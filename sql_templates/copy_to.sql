-- copy_to.sql: write a query's result to a file (the staging file of an atomic publish).
-- Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the
--           placeholder SELECT with the release query (publish.sql), so the release goes
--           straight to the file without an intermediate table.
-- Output:   the file at `path`, with a header row for CSV.
COPY (SELECT 1 AS "placeholder") TO {{ path|literal }}
{%- if format == "csv" %}
  (FORMAT CSV, HEADER TRUE, DELIMITER {{ delimiter|literal }}, QUOTE {{ quote|literal }}, ESCAPE {{ escape|literal }})
{%- else %}
  (FORMAT PARQUET)
{%- endif %}
