"""The Java options of the short Spark programs the tests start (a command-line run, the
spark-sql shell): only the JVM's quick compiler. Such a program lives for seconds, and the
optimizing compiler's work on Spark's own code is mostly spent before it pays: the spark-sql
shell on a small query took about 23 s of CPU instead of 40 s (measured twice each, one after
the other). The results do not depend on it; the shared session (tests/conftest.py) keeps the
JVM's default."""

#: for ``spark.driver.extraJavaOptions`` (sqlanon adds its logging settings to it)
QUICK_JVM = "-XX:TieredStopAtLevel=1"
