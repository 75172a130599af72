-- dp_sample.sql: the Bernoulli sample of SafePub's (epsilon, delta)-differential privacy: each
-- row of the source kept with probability beta, decided by a seeded hash of its ordinal.
-- Inputs:   source: the source's rows (its temp table).
-- Params:   source, columns (its columns, in order), ordinal (a prefix: none of the columns is named it followed by _x, _h1 .. _h5),
--           p (the prime 2^31 - 1), a1, b1, b2, a3, b4, a5 (whole numbers in [0, p), drawn from
--           the seed: sqlanon.encode.dp_sample.constants), threshold (floor(beta p)).
-- Output:   the source's columns, for the rows kept.
-- Formula:  x = the row's ordinal in byte order of its columns as text (NULL first; rows that
--           tie are equal, so which of them gets which ordinal changes nothing);
--           h1 = (a1 x + b1) mod p; h2 = (h1^2 + b2) mod p; h3 = (a3 h2 + h1) mod p;
--           h4 = (h3^2 + b4) mod p; h5 = (a5 h4 + h3) mod p; the row is kept when h5 < threshold
--           (every product below 2^62: BIGINT on every engine). Li, Qardaji, Su, "On sampling,
--           anonymization, and differential privacy", ASIACCS 2012 (the beta-sample);
--           Bild, Kuhn, Prasser, "SafePub", PoPETs 2018(1) (beta = 1 - e^-eps_anon).
{%- set x = (ordinal ~ "_x")|ident %}
{%- set h1 = (ordinal ~ "_h1")|ident %}{% set h2 = (ordinal ~ "_h2")|ident %}{% set h3 = (ordinal ~ "_h3")|ident %}
{%- set h4 = (ordinal ~ "_h4")|ident %}{% set h5 = (ordinal ~ "_h5")|ident %}
SELECT
{%- for c in columns %}
  {{ c|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM (
  SELECT *, MOD(CAST({{ a5|literal }} AS BIGINT) * {{ h4 }} + {{ h3 }}, {{ p|literal }}) AS {{ h5 }}
  FROM (
    SELECT *, MOD({{ h3 }} * {{ h3 }} + {{ b4|literal }}, {{ p|literal }}) AS {{ h4 }}
    FROM (
      SELECT *, MOD(CAST({{ a3|literal }} AS BIGINT) * {{ h2 }} + {{ h1 }}, {{ p|literal }}) AS {{ h3 }}
      FROM (
        SELECT *, MOD({{ h1 }} * {{ h1 }} + {{ b2|literal }}, {{ p|literal }}) AS {{ h2 }}
        FROM (
          SELECT *, MOD(CAST({{ a1|literal }} AS BIGINT) * {{ x }} + {{ b1|literal }}, {{ p|literal }}) AS {{ h1 }}
          FROM (
            SELECT *, CAST(ROW_NUMBER() OVER (ORDER BY
{%- for c in columns %}
              CAST({{ c|ident }} AS VARCHAR) COLLATE "binary" NULLS FIRST{% if not loop.last %},{% endif %}
{%- endfor %}
            ) AS BIGINT) AS {{ x }}
            FROM {{ source|ident }}
          ) AS "o"
        ) AS "r1"
      ) AS "r2"
    ) AS "r3"
  ) AS "r4"
) AS "r5"
WHERE {{ h5 }} < {{ threshold|literal }}
