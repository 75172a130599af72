"""How many random cases a test runs in the quick suite: the first few of its seeds; the rest
are marked ``slow`` (``python -m pytest -m fast`` leaves them out, the whole suite runs them)."""

from __future__ import annotations

import math
from typing import Any

import pytest

#: the seeds of each random test that the quick suite runs
FAST = 2


#: the share of a random test's ``count`` seeds the whole suite runs: CI must stay within 30
#: minutes on two cores, and the suite outgrew it (36 minutes at 5ef8846, 32 at 949bce4);
#: ``count`` stays the number a test was written for, to restore when the suite is faster
SHARE = 0.4


def seeds(count: int, fast: int = FAST, least: int = 0) -> list[Any]:
    """The first ``SHARE`` of ``range(count)`` (at least ``fast`` and ``least``, at most
    ``count``) as parameters, seeds from ``fast`` on marked ``slow``. ``least``: the seeds a test
    needs to reach each of its cases (a choice by ``seed % n`` runs every choice with ``n``)."""
    run = min(count, max(fast, least, math.ceil(count * SHARE)))
    return [seed if seed < fast else pytest.param(seed, marks=pytest.mark.slow) for seed in range(run)]
