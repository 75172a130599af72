"""Reading YAML the way sqlanon trusts it: safe types only, no key given twice, and no alias
that expands beyond reason.

YAML aliases (``*name``) repeat an anchored value by reference, so a few hundred bytes can
stand for hundreds of millions of values (a "billion laughs" document); anything that walks the
value (validation, an error message printing it) then runs out of time and memory. The
composed document is measured before any value is built: more than :data:`MAX_NODES` values
once aliases are expanded, or an alias inside its own anchor, is refused.
"""

from __future__ import annotations

from typing import Any

import yaml

#: the most values (scalars, lists and mappings) a document may stand for once aliases are
#: expanded; configurations and hierarchy specs hold a few thousand at most
MAX_NODES = 1_000_000


class YamlProblem(ValueError):
    """The text is not YAML sqlanon reads; the message says where and why (one line)."""


class _Loader(yaml.SafeLoader):
    """A safe loader that rejects duplicated keys."""


_MERGE = "tag:yaml.org,2002:merge"


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Any] = set()
    explicit = [(k, v) for k, v in node.value if k.tag != _MERGE]  # merged keys (<<) may be overridden
    loader.flatten_mapping(node)
    for key_node, _ in explicit:
        key = loader.construct_object(key_node, deep=deep)
        try:
            hash(key)
        except TypeError:
            raise YamlProblem(
                f"a key at line {key_node.start_mark.line + 1} is a {type(key).__name__}, not a name; keys "
                "must be plain names such as column names"
            ) from None
        if key in seen:
            raise YamlProblem(
                f"the key {key!r} appears twice (line {key_node.start_mark.line + 1}); give it once"
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _expanded(node: yaml.Node) -> int:
    """How many values ``node`` stands for once every alias is expanded (capped just above
    :data:`MAX_NODES`); an alias cycle counts as too many."""
    sizes: dict[int, int] = {}
    pending: set[int] = set()

    def size(n: yaml.Node) -> int:
        key = id(n)
        if key in sizes:
            return sizes[key]
        if key in pending:
            return MAX_NODES + 1
        pending.add(key)
        total = 1
        if isinstance(n, yaml.SequenceNode):
            children: list[yaml.Node] = list(n.value)
        elif isinstance(n, yaml.MappingNode):
            children = [part for pair in n.value for part in pair]
        else:
            children = []
        for child in children:
            total = min(total + size(child), MAX_NODES + 1)
        pending.discard(key)
        sizes[key] = total
        return total

    return size(node)


def _where(err: yaml.YAMLError) -> str:
    """' at line N (problem)' from a YAML error, on one line."""
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or getattr(err, "context", None)
    at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    return at + (f" ({problem})" if problem else "")


def load(text: str) -> Any:
    """The value of the YAML document ``text``; :class:`YamlProblem` when it is not valid YAML,
    gives a key twice, or its aliases expand beyond :data:`MAX_NODES` values."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _expanded(node) > MAX_NODES:
            raise YamlProblem(
                f"its aliases (*name) expand to more than {MAX_NODES:,} values; write the values out, or "
                "use aliases that repeat less"
            )
        return loader.construct_document(node)
    except yaml.YAMLError as err:
        raise YamlProblem(f"it is not valid YAML{_where(err)}; fix the syntax there") from None
    except RecursionError:
        raise YamlProblem("its values are nested too deeply to read") from None
    finally:
        loader.dispose()
