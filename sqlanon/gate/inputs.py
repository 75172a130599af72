"""What the gate reads besides the table it gates: the hierarchies of the sensitive columns and
of the quasi-identifiers, and the population table (``population:``) with the hierarchies that
map its values to the table's labels."""

from __future__ import annotations

from collections.abc import Mapping

from sqlanon.config import Config
from sqlanon.encode import Profile, column_profile
from sqlanon.encode.probe import check_population_names
from sqlanon.encode.source import read_table
from sqlanon.engines import Engine
from sqlanon.errors import ConfigError, HierarchyError
from sqlanon.hierarchy import Hierarchy, built_from_values, load_hierarchy


def sensitive_hierarchies(
    config: Config,
    engine: Engine,
    table: str,
    reveal: bool = False,
    profiles: Mapping[str, Profile] | None = None,
) -> dict[str, Hierarchy]:
    """Hierarchies of the sensitive columns that hierarchical distance uses (``reveal``: a
    builder's message may name the column's values; ``profiles``: the columns' values and
    counts where already read, see encode.column_profiles)."""
    out = {}
    for name in sorted({a for crit in config.criteria for a in crit.hierarchical}):
        spec = config.column(name)
        if spec.hierarchy is None:
            raise ConfigError(f"Hierarchical distance on {spec.name!r} needs a hierarchy on that column.")
        profile = (profiles or {}).get(spec.name)
        if profile is None:
            profile = column_profile(engine, table, spec.name, limit=config.max_values_size)
        values = [v for v, _ in profile if v is not None]
        out[spec.name] = load_hierarchy(
            spec.name,
            spec.hierarchy,
            values,
            config.base_dir,
            hide_values=not reveal,
            limit=config.max_values_size,
        )
    return out


def quasi_hierarchies(config: Config, engine: Engine, table: str) -> dict[str, Hierarchy]:
    """For ``check`` with (n,t)-closeness: the hierarchies of the quasi-identifiers that have
    one, read without the original values (the table holds generalized labels)."""
    if not any(c.kind == "nt-closeness" for c in config.criteria):
        return {}
    out = {}
    for spec in config.by_role("quasi"):
        if spec.hierarchy is None:
            continue
        labels = [
            v
            for v, _ in column_profile(engine, table, spec.name, limit=config.max_values_size)
            if v is not None
        ]
        try:
            out[spec.name] = load_hierarchy(
                spec.name, spec.hierarchy, labels, config.base_dir, limit=config.max_values_size
            )
        except HierarchyError as err:
            raise ConfigError(
                f"(n,t)-closeness needs the hierarchy of quasi-identifier {spec.name!r} to find natural "
                f"supersets, but it cannot be read ({err}). Fix it; a hierarchy built from the values (a "
                "builder) is built from the published labels here, so give an ARX CSV file or a tree for "
                "one; or drop it (then only '*' generalizes the column)."
            ) from None
    return out


def read_population(engine: Engine, config: Config) -> str | None:
    """The population (``population:``) read into a temp table, or None."""
    if config.population is None:
        return None
    table = read_table(engine, config.population, what="population")
    check_population_names([name for name, _ in engine.columns(table)], config)
    return table


def population_hierarchies(config: Config, engine: Engine, population: str) -> dict[str, Hierarchy]:
    """For ``check`` with a population: the quasi-identifiers' hierarchies that map the
    population's values to the table's labels; a builder's is built from the population's
    values."""
    out = {}
    for spec in config.by_role("quasi"):
        if spec.hierarchy is None:
            continue
        values: list[str] = []
        if built_from_values(spec.hierarchy, config.base_dir):
            values = [
                str(v)
                for v, _ in column_profile(engine, population, spec.name, limit=config.max_values_size)
                if v is not None
            ]
        out[spec.name] = load_hierarchy(
            spec.name, spec.hierarchy, values, config.base_dir, limit=config.max_values_size
        )
    return out
