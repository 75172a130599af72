"""k-anonymity (Sweeney 2002)."""

from __future__ import annotations

from typing import Any

from sqlanon.criteria.base import Criterion
from sqlanon.encode import SensitiveDomain


class KAnonymity(Criterion):
    """Every equivalence class has at least k rows. Monotone under generalization and suppression."""

    template = "check_k_anonymity.sql"
    worst = "MIN"
    monotone_suppression = True

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"k": int(self.spec.params["k"])}
