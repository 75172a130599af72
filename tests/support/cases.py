"""How many random cases a test runs in the quick suite: the first few of its seeds; the rest
are marked ``slow`` (``python -m pytest -m fast`` leaves them out, the whole suite runs them)."""

from __future__ import annotations

from typing import Any

import pytest

#: the seeds of each random test that the quick suite runs
FAST = 2


def seeds(count: int, fast: int = FAST) -> list[Any]:
    """``range(count)`` as parameters, seeds from ``fast`` on marked ``slow``."""
    return [seed if seed < fast else pytest.param(seed, marks=pytest.mark.slow) for seed in range(count)]
