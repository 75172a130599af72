"""The three forms of ordered EMD in check_t_ordered.sql give the same distances.

check_t_ordered.sql computes EMD under ordered distance (paper 003, section 4.2) in three ways:
with nothing prepared (the gate: Q computed in the statement, windows and an ASOF join), with
the Q side prepared as tables (the search on domains of more than ``SMALL_DOMAIN`` values), and
with the Q side prepared as constants (the search on small domains: one GROUP BY of conditional
sums per class). On random frequency tables whose domain size straddles ``SMALL_DOMAIN``, with
and without values absent from the data (an explicit order larger than the data), every class's
distance from every form equals the closed form of tests/oracles/reference.py (to 1e-9), and
``TCloseness.prepare`` picks the form the domain size calls for.

Regression: these tables found that the window forms summed F_Q as doubles in a window, which
can come out a last bit lower at a later rank (seed 5: F_Q(47) > F_Q(48) by 2e-16 where three
ranks tie), so the step lookup "last rank with F_Q <= C" picked rank 47 instead of 49 and the
class's EMD came out 0.0539 instead of 0.0553. F_Q and C are now exact cumulative counts divided
once.
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from sqlanon.config.criteria import parse_criterion
from sqlanon.criteria import make_criterion, tcloseness
from sqlanon.encode import SensitiveDomain
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.sql.render import DIALECT, render_template
from tests.oracles.reference import emd_ordered
from tests.support.cases import seeds

ABS_TOL = 1e-9
KEYS = ["batch_node", "q 0"]


def _case(
    rng: random.Random, m_domain: int, absent: int
) -> tuple[list[tuple[int, int, int, int]], list[int]]:
    """Rows (batch_node, q0, code, n) and the order: a permutation of 0..m_domain-1 whose last
    ``absent`` codes (in code terms) never occur in the data."""
    present = list(range(m_domain - absent))
    rows = []
    for node in range(rng.randint(1, 3)):
        for cls in range(rng.randint(1, 6)):
            for code in rng.sample(present, rng.randint(1, len(present))):
                for _ in range(rng.choice([1, 1, 2])):  # sometimes several rows per (class, value)
                    rows.append((node, cls, code, rng.randint(1, 40)))
    order = list(range(m_domain))
    rng.shuffle(order)
    return rows, order


def _distances(engine: DuckDBEngine, prepared: object, full_domain: bool) -> dict[tuple[int, int], float]:
    sql = render_template(
        "check_t_ordered.sql",
        input="inp",
        keys=KEYS,
        s="s",
        order="ord",
        full_domain=full_domain,
        prepared=prepared,
        t=0.2,
        tol=1e-9,
    ).sql(dialect=DIALECT)
    return {(int(a), int(b)): float(val) for a, b, _size, _bad, val in engine.fetchall(sql)}


def _reference(
    rows: list[tuple[int, int, int, int]], order: list[int], full_domain: bool
) -> dict[tuple[int, int], float]:
    present = {code for _, _, code, _ in rows}
    domain = [c for c in order if full_domain or c in present]
    total: dict[int, int] = defaultdict(int)
    classes: dict[tuple[int, int], dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for node, cls, code, n in rows:
        classes[(node, cls)][code] += n
    # Q: the distribution over the whole input, batch_node included, as the templates take it
    for _node, _cls, code, n in rows:
        total[code] += n
    grand = sum(total.values())
    q = [total[c] / grand for c in domain]
    out = {}
    for key, counts in classes.items():
        size = sum(counts.values())
        out[key] = emd_ordered([counts[c] / size for c in domain], q)
    return out


@pytest.mark.parametrize("seed", seeds(30))
def test_ordered_forms_match_reference(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7_000 + seed)
    limit = tcloseness.SMALL_DOMAIN
    m_domain = rng.choice([1, 2, 3, 5, 14, limit - 1, limit, limit + 1, limit + 6])
    absent = rng.choice([0, 0, rng.randint(0, m_domain - 1)])
    full_domain = rng.random() < 0.5
    rows, order = _case(rng, m_domain, absent)
    engine = DuckDBEngine()
    engine.con.execute('CREATE TABLE "inp" ("batch_node" INTEGER, "q 0" INTEGER, "s" INTEGER, "n" BIGINT)')
    engine.con.executemany('INSERT INTO "inp" VALUES (?, ?, ?, ?)', rows)
    engine.con.execute('CREATE TABLE "ord" ("s" INTEGER, "pos" INTEGER)')
    engine.con.executemany('INSERT INTO "ord" VALUES (?, ?)', [(c, i) for i, c in enumerate(order)])
    domain = SensitiveDomain("s", "dict", tuple(str(c) for c in order), order="ord", full_domain=full_domain)
    spec = parse_criterion({"t-closeness": {"distance": "ordered", "t": 0.2}}, {"s": "sensitive"}, {}, 0)
    crit = make_criterion(spec)

    expected = _reference(rows, order, full_domain)
    m = len(order) if full_domain else len({c for _, _, c, _ in rows})
    small = crit.prepare(engine, "inp", "s", domain)
    assert (small["small"] is not None) == (m <= limit)
    monkeypatch.setattr(tcloseness, "SMALL_DOMAIN", 0)
    tables = crit.prepare(engine, "inp", "s", domain)
    assert tables["small"] is None and tables["m"] == m
    for prepared in (None, small, tables):
        got = _distances(engine, prepared, full_domain)
        assert got.keys() == expected.keys()
        for key, value in expected.items():
            assert got[key] == pytest.approx(value, abs=ABS_TOL), (prepared is None, key)
