COPY INTO (
  SELECT
    *
  FROM (
    WITH `pmap__w0` AS (
      SELECT DISTINCT
        `f`.`x0`,
        `f`.`x1`,
        `f`.`q2`,
        `f`.`pid`
      FROM `__sqlanon_mfinal_N` AS `f`
    )
    /* publish_partitions.sql: the release of a partition-based (Mondrian) run: each row's */
    /* quasi-identifiers become its partition's labels, identifier columns are dropped, every other */
    /* column is unchanged. Every row is published (Mondrian suppresses nothing). */
    /* Inputs:   source (read once); per hierarchy QI: dim (leaf, code); final (the working-table */
    /*           rows of the final partitions: x<i> / q<i>, pid, ...); parts (pid, label<i>, ...). */
    /* Params:   source, columns (source order, each {name, qi index or none}), qis ({i, column, dim, */
    /*           median}), final, parts. */
    /* Output:   the published rows, in the source's column order (publish.stage sorts them). */
    /* Formula:  a row's partition is a function of its QI values (every cut reads QI values only), so */
    /*           the distinct (QI values or codes, pid) of the final rows map each source row to its */
    /*           partition; a median QI's value is the cell's text cast to DOUBLE, as when encoded. */
    SELECT
      `p`.`label0` AS `zip`,
      `p`.`label1` AS `age`,
      `p`.`label2` AS `sex`,
      `src`.`disease` AS `disease`,
      `src`.`salary` AS `salary`
    FROM `__sqlanon_source_N` AS `src`
    JOIN (
      SELECT
        `leaf`,
        `code`
      FROM `__sqlanon_dim_N`
      WHERE
        `q` = 2
    ) AS `d2`
      ON `d2`.`leaf` = COALESCE(CAST(`src`.`sex` AS STRING), '')
    JOIN `pmap__w0` AS `pmap`
      ON `pmap`.`x0` = CAST(CAST(`src`.`zip` AS STRING) AS DOUBLE)
      AND `pmap`.`x1` = CAST(CAST(`src`.`age` AS STRING) AS DOUBLE)
      AND `pmap`.`q2` = `d2`.`code`
    JOIN `__sqlanon_mparts_N` AS `p`
      ON `p`.`pid` = `pmap`.`pid`
  ) AS `release`
  ORDER BY
    `release`.`zip` COLLATE UTF8_BINARY,
    `release`.`age` COLLATE UTF8_BINARY,
    `release`.`sex` COLLATE UTF8_BINARY,
    `release`.`disease` COLLATE UTF8_BINARY,
    `release`.`salary` COLLATE UTF8_BINARY
)
TO '<demo>/out/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;
