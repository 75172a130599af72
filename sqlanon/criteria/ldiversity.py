"""The l-diversity family (Machanavajjhala et al. 2007, paper 002)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from sqlglot import exp

from sqlanon.criteria.base import TOL, Criterion, exact, render_check
from sqlanon.encode import SensitiveDomain
from sqlanon.sql.labels import to_key
from sqlanon.sql.render import render_template, with_first


class DistinctL(Criterion):
    """At least l distinct sensitive values per class. Monotone under generalization and suppression."""

    template = "check_l_distinct.sql"
    worst = "MIN"
    monotone_suppression = True

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"l": int(self.spec.params["l"])}


class EntropyL(Criterion):
    """Entropy of each class's sensitive distribution >= ln(l) (natural log).

    Monotone under generalization (entropy is concave), not under suppression.
    """

    template = "check_l_entropy.sql"
    worst = "MIN"

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"l": float(self.spec.params["l"]), "tol": TOL}


class RecursiveCL(Criterion):
    """r1 < c (r_l + ... + r_m) in every class, evaluated exactly.

    Monotone under generalization (002, section 4.2), not under suppression.
    """

    template = "check_l_recursive.sql"
    worst = "MAX"

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        c = Fraction(str(self.spec.params["c"]))
        return {"l": int(self.spec.params["l"]), "c_num": c.numerator, "c_den": c.denominator}


def _col(name: str) -> exp.Column:
    return exp.column(exp.to_identifier(name, quoted=True))


def codes(domain: SensitiveDomain | None, values: Sequence[str], *, keep_absent: bool = False) -> list[int]:
    """The integer codes of ``values`` in ``domain`` (codes are positions in ``domain.values``,
    which holds the values' keys: sqlanon.sql.labels).

    A value absent from the domain is dropped, or with ``keep_absent`` given a negative code
    that occurs nowhere (a protected value must still be counted, as 0).
    """
    assert domain is not None
    position = {v: i for i, v in enumerate(domain.values)}
    keys = [to_key(v) for v in values]
    out = [position[k] for k in keys if k in position]
    if keep_absent:
        out += [-1 - i for i, k in enumerate(keys) if k not in position]
    return sorted(out)


class PdRecursive(Criterion):
    """Positive-disclosure recursive (c,l)-diversity (002, Definition 4.3).

    The values in ``allowed`` (Y) may be disclosed; with y the rank of the most frequent value
    outside Y, r_y < c (r_l + ... + r_m) when y <= l - 1, else r_y < c (sum of r_j, j >= l - 1,
    j != y). Monotone under generalization (002, Theorem 5.3 with W empty), not under
    suppression.
    """

    template = "check_l_pd_recursive.sql"
    worst = "MAX"

    def _c(self) -> Fraction:
        return exact(self.spec.params["c"])

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        c = self._c()
        return {
            "l": int(self.spec.params["l"]),
            "c_num": c.numerator,
            "c_den": c.denominator,
            "allowed": codes(domain, self.spec.params["allowed"]),
            "protected": [],
            "protected_count": 0,
            "c2_num": 0,
            "c2_den": 1,
        }


class NpdRecursive(PdRecursive):
    """Negative/positive-disclosure recursive (c1,c2,l)-diversity (002, Definition 4.4).

    pd-recursive (c1, l) plus: every value in ``protected`` (W) makes up at least c2 percent
    of every class. Monotone under generalization (002, Theorem 5.3), not under suppression.
    """

    extras = (("share", "MIN", "protected_share"),)
    param_names: ClassVar[Mapping[str, str]] = {"c": "c1"}

    def _c(self) -> Fraction:
        return exact(self.spec.params["c1"])

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        c2 = exact(self.spec.params["c2"])
        protected = codes(domain, self.spec.params["protected"], keep_absent=True)
        return {
            **super().template_params(domain),
            "protected": protected,
            "protected_count": len(set(protected)),
            "c2_num": c2.numerator,
            "c2_den": c2.denominator,
        }


class MultiAttributeL(Criterion):
    """Multi-attribute l-diversity (002, Definition 4.5).

    For each listed attribute, the table is l-diverse (distinct, entropy or recursive) when the
    other listed attributes join the quasi-identifiers: each quasi-identifier class splits into
    sub-blocks by the other attributes' values, and the class violates when any of its
    sub-blocks does. Monotone under generalization (merging classes merges sub-blocks with
    equal values of the other attributes, and each variant is preserved by merging); not under
    suppression.
    """

    @property
    def base(self) -> Criterion:
        variant = str(self.spec.params["variant"])
        cls: type[Criterion] = {"distinct": DistinctL, "entropy": EntropyL, "recursive": RecursiveCL}[variant]
        return cls(self.spec)

    @property
    def template(self) -> str:  # type: ignore[override]
        return self.base.template

    @property
    def worst(self) -> str:  # type: ignore[override]
        return self.base.worst

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return self.base.template_params(domain)

    def render(
        self,
        input_name: str,
        keys: Sequence[str],
        columns: Mapping[str, tuple[SensitiveDomain, str]],
        extra: Mapping[str, Any],
    ) -> exp.Expr:
        base = self.base
        key_cols = [exp.column(exp.to_identifier(k, quoted=True)) for k in keys]
        parts = []
        for name in self.attributes:
            domain, column = columns[name]
            others = [columns[o][1] for o in self.attributes if o != name]
            if extra.get("people"):
                # over people (docs/people.md): ``input_name`` holds the classes' people and
                # their rows (keys, g, t, s0..); the sub-blocks are the people whose sets of
                # (t, others) tuples are equal (people_subblocks.sql)
                alias = f"__subblocks_{column}"
                blocks = render_template(
                    "people_subblocks.sql", input=input_name, keys=list(keys), s=column, others=others
                )
                query = render_check(
                    base.template, alias, [*keys, "sig"], "s", self.template_params(domain), {"people": True}
                )
                assert isinstance(query, exp.Select)
                inner: exp.Expr = with_first(query, [(alias, blocks)], copy=False)
            else:
                inner = render_check(
                    base.template, input_name, [*keys, *others], column, self.template_params(domain)
                )
            parts.append(
                exp.select(
                    *key_cols,
                    exp.alias_(exp.func("SUM", _col("size")), "size", quoted=True),
                    exp.alias_(exp.func("BOOL_OR", _col("bad")), "bad", quoted=True),
                    exp.alias_(exp.func(base.worst, _col("val")), "val", quoted=True),
                )
                .from_(
                    exp.Subquery(
                        this=inner, alias=exp.TableAlias(this=exp.to_identifier("sub", quoted=True))
                    ),
                    copy=False,
                )
                .group_by(*(k.copy() for k in key_cols), copy=False)
            )
        union: exp.Query = parts[0]
        for part in parts[1:]:
            union = exp.union(union, part, distinct=False)
        return (
            exp.select(
                *key_cols,
                exp.alias_(exp.func("MAX", _col("size")), "size", quoted=True),
                exp.alias_(exp.func("BOOL_OR", _col("bad")), "bad", quoted=True),
                exp.alias_(exp.func(base.worst, _col("val")), "val", quoted=True),
            )
            .from_(union.subquery(exp.to_identifier("per_attribute", quoted=True), copy=False), copy=False)
            .group_by(*(k.copy() for k in key_cols), copy=False)
        )
