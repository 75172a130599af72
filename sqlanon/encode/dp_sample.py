"""The beta-sample of SafePub's differential privacy, drawn in the engine (``dp_sample.sql``).

Each row is kept with probability beta, decided by a hash of the row's ordinal and of constants
drawn from the configuration's seed, in whole-number arithmetic modulo the prime 2^31 - 1 (five
rounds, two of them quadratic). Why a hash of the ordinal and not the engine's random(): the
engines' seeded generators differ (and DuckDB's is not repeatable across threads), while this
arithmetic gives the same bits on DuckDB, PostgreSQL and Spark. The ordinal is the row's rank
in byte order of its columns as text, so the same rows give the same sample on every engine
whose text forms of the values agree (integers and text do; floating-point numbers, dates and
times may be written differently, and then the engines draw different samples).

This is a pseudo-random sample, not a cryptographic one: whoever knows the seed and the source
can tell which rows were sampled, so the seed (written in the report) must stay as private as
the source. The hash is reproduced in Python by :func:`kept` for the tests.
"""

from __future__ import annotations

import random

from sqlanon.engines import Engine
from sqlanon.errors import DataError
from sqlanon.sql.render import render_template

#: the modulus of the hash (a prime; every product of two residues fits a BIGINT)
P = 2**31 - 1

#: the constants' names, in the order :func:`constants` draws them
NAMES = ("a1", "b1", "b2", "a3", "b4", "a5")


def constants(seed: int) -> dict[str, int]:
    """The hash's constants for ``seed``: multipliers in [1, p), offsets in [0, p), drawn from
    Python's Mersenne Twister seeded with a text of its own (the search draws from another)."""
    rng = random.Random(f"sqlanon-dp-sample:{seed}")
    return {name: rng.randrange(1 if name.startswith("a") else 0, P) for name in NAMES}


def threshold(beta: float) -> int:
    """floor(beta p): a row is kept when its hash (uniform on [0, p)) falls below it, so the
    sampling rate is beta rounded down to a multiple of 1/p (at most 5e-10 below)."""
    return int(beta * P)


def hashed(ordinal: int, c: dict[str, int]) -> int:
    """The hash ``dp_sample.sql`` computes for the row of ``ordinal`` (1-based)."""
    h1 = (c["a1"] * ordinal + c["b1"]) % P
    h2 = (h1 * h1 + c["b2"]) % P
    h3 = (c["a3"] * h2 + h1) % P
    h4 = (h3 * h3 + c["b4"]) % P
    return (c["a5"] * h4 + h3) % P


def kept(ordinal: int, seed: int, beta: float) -> bool:
    """Whether the row of ``ordinal`` is in the sample (the pure-Python form of the SQL)."""
    return hashed(ordinal, constants(seed)) < threshold(beta)


def _prefix(columns: list[str]) -> str:
    taken = set(columns)
    prefix = "sqlanon_dp"
    while any(f"{prefix}_{s}" in taken for s in ("x", "h1", "h2", "h3", "h4", "h5")):
        prefix += "_"
    return prefix


def draw_sample(engine: Engine, source: str, seed: int, beta: float) -> tuple[str, int, int]:
    """The rows of ``source`` kept with probability ``beta`` in a new temp table: (its name,
    the source's rows, the rows sampled). A source of p rows or more is refused (its ordinals
    would repeat modulo p)."""
    rows = engine.count(source)
    if rows >= P:
        raise DataError(
            f"differential_privacy samples tables of fewer than {P} rows; the source has {rows}. "
            "Anonymize it in parts."
        )
    columns = [name for name, _ in engine.columns(source)]
    query = render_template(
        "dp_sample.sql",
        source=source,
        columns=columns,
        ordinal=_prefix(columns),
        p=P,
        threshold=threshold(beta),
        **constants(seed),
    )
    name = engine.temp_name("dp_sample")
    sampled = engine.create_counted(name, query)
    return name, rows, sampled


__all__ = ["NAMES", "P", "constants", "draw_sample", "hashed", "kept", "threshold"]
