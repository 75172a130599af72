"""One place per engine and per privacy model: the registries that name them agree.

An engine is its package (``sqlanon/engines/<kind>/``: its ``Kind`` facts in ``__init__``, its
rewrite rules in ``rules.py``, the engine itself) and one line of ``engines.KINDS``; a privacy
model is one parameter checker (``config.criteria.CHECKERS``), one criterion class (the
``criteria.MODELS`` entry) and its template (``sql_templates/check_*.sql``).
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from sqlanon import compile as standalone
from sqlanon.config.criteria import CHECKERS, DISTANCES, L_VARIANTS, PARAMS, CriterionSpec
from sqlanon.criteria import L_DIVERSITY, MODELS
from sqlanon.criteria.base import Criterion
from sqlanon.criteria.tcloseness import TCloseness
from sqlanon.engines import ENGINE_NAMES, KINDS
from sqlanon.engines.rewriting import Rules
from sqlanon.sql.render import template_dir

ENGINES_FOLDER = Path(importlib.import_module("sqlanon.engines").__file__ or "").parent


def test_every_engine_package_is_registered_once_and_nothing_else_is() -> None:
    packages = sorted(p.parent.name for p in ENGINES_FOLDER.glob("*/__init__.py"))
    assert sorted(KINDS) == packages
    for kind, facts in KINDS.items():
        package = importlib.import_module(f"sqlanon.engines.{kind}")
        assert facts is package.KIND, f"KINDS[{kind!r}] is not sqlanon.engines.{kind}.KIND"
        rules = importlib.import_module(f"sqlanon.engines.{kind}.rules").RULES
        assert isinstance(rules, Rules) and facts.rules is rules
        assert ENGINE_NAMES[kind] == facts.name
        assert facts.keys and facts.keys[0].name == "kind", f"{kind}: engine keys, kind first"


def test_compile_writes_for_every_engine_in_its_dialect() -> None:
    assert standalone.TESTED == {kind: facts.dialect for kind, facts in KINDS.items()}
    assert not set(standalone.UNTESTED) & set(KINDS)


def test_the_configuration_and_the_criteria_name_the_same_models() -> None:
    assert list(CHECKERS) == list(MODELS) == list(PARAMS)
    assert list(L_VARIANTS) == list(L_DIVERSITY)


def _made(kind: str, **params: object) -> Criterion:
    return MODELS[kind](CriterionSpec(kind=kind, params=params, attributes=("s",)))


def test_every_model_has_its_template_and_every_check_template_a_model() -> None:
    """Each criterion class reads one template of its own (t-closeness one per distance; a
    variant that extends another's class, npd-recursive over pd-recursive, reads its parent's),
    the template is there, and no check template is left without a model."""
    used: dict[str, str] = {}
    classes: dict[str, type[Criterion]] = {}
    made = [_made(kind) for kind in MODELS if kind not in ("l-diversity", "t-closeness")]
    made += [_made("l-diversity", variant=variant) for variant in L_DIVERSITY]
    made += [_made("t-closeness", distance=distance) for distance in DISTANCES]
    for model in made:
        name = model.template
        owner = f"{type(model).__name__}{'/' + model.spec.label() if isinstance(model, TCloseness) else ''}"
        if name in used:
            assert issubclass(type(model), classes[name]), (
                f"{owner} and {used[name]} share the template {name}"
            )
            continue
        used[name], classes[name] = owner, type(model)
        assert (template_dir() / name).is_file(), f"{owner}: no template {name}"
    shipped = {p.name for p in template_dir().glob("check_*.sql")}
    assert shipped == set(used), f"check templates without a model: {sorted(shipped - set(used))}"


@pytest.mark.parametrize("variant", ["distinct", "entropy", "recursive"])
def test_multi_attribute_l_diversity_reads_its_variant_s_template(variant: str) -> None:
    multi = _made("l-diversity", variant=variant, multi_attribute=True)
    assert type(multi).__name__ == "MultiAttributeL"
    assert multi.template == _made("l-diversity", variant=variant).template
