"""The house's layers: every module of ``sqlanon`` imports only modules of its own layer or of a
lower one, and no import chain comes back to where it started. Function-level imports and
imports for type checking count too: a circle closed inside a function is still a circle.

The layers are ``LAYERS`` below, from the bottom up: a module belongs to the layer of the
longest prefix that names it, and a new module must be placed there (the test says so).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "sqlanon"

#: bottom first; each layer a name and the modules (or packages) in it
LAYERS: list[tuple[str, list[str]]] = [
    (
        "shared leaves",
        [
            "sqlanon.errors",
            "sqlanon.numbers",
            "sqlanon.resources",
            "sqlanon.interrupt",
            "sqlanon.atomic",
            "sqlanon.redact",
            "sqlanon.keys",
        ],
    ),
    ("SQL text and templates", ["sqlanon.sql"]),
    ("engines", ["sqlanon.engines"]),
    ("configuration", ["sqlanon.config"]),
    ("hierarchies", ["sqlanon.hierarchy"]),
    ("reading and encoding the source", ["sqlanon.encode"]),
    ("privacy models", ["sqlanon.criteria"]),
    ("search", ["sqlanon.search"]),
    ("gate", ["sqlanon.gate"]),
    ("compile", ["sqlanon.compile"]),
    ("report", ["sqlanon.report"]),
    ("release", ["sqlanon.release"]),
    ("commands' runs", ["sqlanon.pipeline"]),
    ("entry points", ["sqlanon.api", "sqlanon.frames", "sqlanon.demo", "sqlanon.cli", "sqlanon"]),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _owner(name: str) -> str:
    """The module of ``sqlanon`` that an imported name lives in (``from sqlanon.x import y``
    names module ``sqlanon.x.y`` when that is one, else ``sqlanon.x``)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def imports(name: str, text: str | None = None) -> set[str]:
    """Every module of ``sqlanon`` that module ``name`` imports, anywhere in its text (``text``:
    instead of its file's)."""
    found = set()
    if text is None:
        text = MODULES[name].read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{name}: relative import (write sqlanon.... in full)")
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "sqlanon":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in MODULES else _owner(node.module))
        elif isinstance(node, ast.Import):
            found |= {_owner(a.name) for a in node.names if a.name.split(".")[0] == "sqlanon"}
    found.discard(name)
    if name != "sqlanon":
        found.discard("sqlanon")  # ``from sqlanon import x`` names the module x, counted above
    return found


def layer(name: str) -> int:
    """The index of the layer ``name`` belongs to (its longest listed prefix)."""
    best = (-1, -1)
    for index, (_, members) in enumerate(LAYERS):
        for member in members:
            below = member != "sqlanon" and name.startswith(member + ".")  # the root names itself only
            if (name == member or below) and len(member) > best[0]:
                best = (len(member), index)
    if best[1] < 0:
        raise AssertionError(f"{name} is in no layer: add it to LAYERS in tests/test_layers.py")
    return best[1]


GRAPH = {name: imports(name) for name in MODULES}


def test_every_module_has_a_layer() -> None:
    missing = []
    for name in MODULES:
        try:
            layer(name)
        except AssertionError:
            missing.append(name)
    assert not missing, f"modules in no layer (add them to LAYERS): {missing}"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_import_runs_up_the_layers(name: str) -> None:
    mine = layer(name)
    up = sorted(f"{other} ({LAYERS[layer(other)][0]})" for other in GRAPH[name] if layer(other) > mine)
    assert not up, f"{name} ({LAYERS[mine][0]}) imports from higher layers: {', '.join(up)}"


def test_no_import_circle() -> None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for other in sorted(GRAPH[name]):
            if state.get(other) == 1:
                circle = path[path.index(other) :] + [other]
                raise AssertionError("import circle: " + " -> ".join(circle))
            if other not in state:
                visit(other)
        path.pop()
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            visit(name)


def test_the_checker_sees_an_import_up_and_a_circle() -> None:
    """The checks above can fail: a function-level import (and one for type checking) from a
    higher layer is found, and so is the circle it closes."""
    text = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from sqlanon.config import Config\n"
        "def f():\n    from sqlanon.engines.base import Engine\n"
    )
    found = imports("sqlanon.errors", text)
    assert found == {"sqlanon.config", "sqlanon.engines.base"}
    saved = GRAPH["sqlanon.errors"]
    GRAPH["sqlanon.errors"] = found  # engines.base imports errors: a circle
    try:
        with pytest.raises(AssertionError, match="import circle"):
            test_no_import_circle()
        with pytest.raises(AssertionError, match=r"imports from higher layers: sqlanon\.config"):
            test_no_import_runs_up_the_layers("sqlanon.errors")
    finally:
        GRAPH["sqlanon.errors"] = saved
