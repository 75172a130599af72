"""Shared setup of the sqlanon benchmarks: the Adult configuration, timers and table printing.

Nothing here changes sqlanon: configurations are built with the public ``parse_config`` and the
package's functions are only called (or, for phase timings, wrapped in this process).

Adult is read from ``/work/shared/data/adult`` (override with ``SQLANON_ADULT_DIR``), never
copied.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as _dt
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlanon.config import Config, parse_config
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.encode import Encoded, encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.hierarchy import read_arx_csv
from sqlanon.release.lattice import best_node, run_search
from sqlanon.search import SearchResult
from sqlanon.search.evaluator import search_threads

ADULT_DIR = Path(os.environ.get("SQLANON_ADULT_DIR", "/work/shared/data/adult"))
ADULT_CSV = ADULT_DIR / "adult.csv"
#: the quasi-identifiers of the issue, in the order that gives the 2,160-node lattice
QUASI = ("sex", "age", "race", "marital-status", "education", "native-country", "workclass")
SENSITIVE = "occupation"
INSENSITIVE = "salary-class"


def hierarchy_path(column: str) -> Path:
    return ADULT_DIR / f"adult_hierarchy_{column}.csv"


def occupation_order() -> list[str]:
    """An explicit order on occupation: the leaf order of its ARX hierarchy, grouped by parent.

    The file lists leaves in an arbitrary order; a stable sort on the level-1 label keeps the
    file order inside each group, so values with the same parent are adjacent (an order that is
    consistent with the hierarchy).
    """
    h = read_arx_csv(SENSITIVE, hierarchy_path(SENSITIVE))
    parents: list[str] = []
    for row in h.rows:
        if row[1] not in parents:
            parents.append(row[1])
    return [row[0] for row in sorted(h.rows, key=lambda r: parents.index(r[1]))]


# -- criteria -------------------------------------------------------------------------------
K_ONLY = "k=5"

#: name -> the criteria added to k-anonymity (k=5), as configuration items
EXTRA_CRITERIA: dict[str, list[dict[str, Any]]] = {
    "+ distinct l=3": [{"l-diversity": {"variant": "distinct", "l": 3}}],
    "+ entropy l=3": [{"l-diversity": {"variant": "entropy", "l": 3}}],
    "+ recursive c=4 l=3": [{"l-diversity": {"variant": "recursive", "c": 4, "l": 3}}],
    "+ equal t=0.2": [{"t-closeness": {"distance": "equal", "t": 0.2}}],
    "+ hierarchical t=0.2": [{"t-closeness": {"distance": "hierarchical", "t": 0.2}}],
    "+ ordered t=0.2": [{"t-closeness": {"distance": "ordered", "t": 0.2}}],
}


def criteria_sets(k: int = 5) -> dict[str, list[dict[str, Any]]]:
    """The k-only set then k plus each extra criterion, in a fixed order."""
    base = [{"k-anonymity": {"k": k}}]
    out = {f"k={k}": base}
    for name, extra in EXTRA_CRITERIA.items():
        out[name] = base + extra
    return out


def adult_config(
    criteria: Sequence[Mapping[str, Any]],
    *,
    source: str | Path = ADULT_CSV,
    output: str | Path | None = None,
    suppression_limit: float = 0.0,
    search: str = "incognito",
    metric: str = "precision",
    population: str | Path | None = None,
) -> Config:
    """A validated configuration for Adult (or a copy of its schema at ``source``; ``population``:
    the table it is a sample of)."""
    columns: dict[str, Any] = {c: {"role": "quasi", "hierarchy": str(hierarchy_path(c))} for c in QUASI}
    sensitive: dict[str, Any] = {"role": "sensitive"}
    params = [p for c in criteria for p in c.values() if isinstance(p, Mapping)]
    grounds = {p.get("ground", p.get("distance")) for p in params}
    if "hierarchical" in grounds:
        sensitive["hierarchy"] = str(hierarchy_path(SENSITIVE))
    if "ordered" in grounds:
        sensitive["order"] = occupation_order()
    columns[SENSITIVE] = sensitive
    # salary-class is sensitive only when a criterion reads it (multi-attribute l-diversity)
    read = {a for p in params for a in p.get("attributes", [p.get("attribute")])}
    columns[INSENSITIVE] = {"role": "sensitive" if INSENSITIVE in read else "insensitive"}
    data: dict[str, Any] = {
        "source": str(source),
        "columns": columns,
        "criteria": [dict(c) for c in criteria],
        "suppression_limit": suppression_limit,
        "search": search,
        "metric": metric,
    }
    if str(source).endswith(".csv"):
        data["csv"] = {"delimiter": ";"}
    if output is not None:
        data["output"] = str(output)
        data["overwrite"] = True
    if population is not None:
        data["population"] = str(population)
    return parse_config(data, ADULT_DIR, need_output=output is not None)


@dataclass
class Prepared:
    """A source read and encoded once in its own engine, ready for search timings."""

    name: str
    config: Config
    engine: DuckDBEngine
    encoded: Encoded
    criteria: list[Criterion]
    encode_seconds: float

    def close(self) -> None:
        self.engine.close()


def prepare(name: str, config: Config) -> Prepared:
    """Read and encode ``config.source`` once (timed), as ``anonymize`` does."""
    engine = DuckDBEngine()
    start = time.perf_counter()
    source = read_table(engine, config.source, config.csv)
    encoded = encode(engine, config, source)
    seconds = time.perf_counter() - start
    return Prepared(name, config, engine, encoded, [make_criterion(c) for c in config.criteria], seconds)


def choose(p: Prepared) -> tuple[float, Any, SearchResult]:
    """Search and pick the node to release, as ``anonymize`` does before writing (search, then
    the choice among the minimal nodes): (seconds, node or None, the search's result)."""
    start = time.perf_counter()
    result, evaluator = run_search(p.engine, p.encoded, p.criteria, p.config, None)
    node = None
    if result.minimal:
        with p.engine.threads(search_threads(p.encoded)):
            node = best_node(p.engine, p.encoded, evaluator, result.minimal, p.config)[0]
    return time.perf_counter() - start, node, result


# -- timing ---------------------------------------------------------------------------------
def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


@dataclass
class CallStats:
    calls: int = 0
    seconds: float = 0.0


@contextlib.contextmanager
def count_engine_time(stats: CallStats) -> Iterator[CallStats]:
    """Accumulate calls and wall time inside ``DuckDBEngine.fetchall`` and ``DuckDBEngine.execute`` (every
    statement sqlanon sends to DuckDB: parse, bind, plan, execute, fetch).

    Wraps the class attributes for the duration of the block, in this process only.
    """
    originals = {name: getattr(DuckDBEngine, name) for name in ("fetchall", "execute")}

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(self: DuckDBEngine, sql: Any, params: Any = None) -> Any:
            start = time.perf_counter()
            try:
                return fn(self, sql, params)
            finally:
                stats.calls += 1
                stats.seconds += time.perf_counter() - start

        return timed

    for name, fn in originals.items():
        setattr(DuckDBEngine, name, wrap(fn))
    try:
        yield stats
    finally:
        for name, fn in originals.items():
            setattr(DuckDBEngine, name, fn)


@dataclass
class PhaseTimer:
    """Wall time of named phases of a call, collected by wrapping module attributes."""

    seconds: dict[str, float] = field(default_factory=dict)

    def add(self, phase: str, value: float) -> None:
        self.seconds[phase] = self.seconds.get(phase, 0.0) + value

    @contextlib.contextmanager
    def wrap(self, module: Any, attrs: Mapping[str, Callable[..., str] | str]) -> Iterator[None]:
        """Wrap ``module.<attr>`` for each attr; the value names the phase (or computes it from
        the call's arguments). Attributes the module does not have are skipped."""
        originals = {}
        for attr, phase in attrs.items():
            fn = getattr(module, attr, None)
            if fn is None:
                continue
            originals[attr] = fn
            setattr(module, attr, self._timed(fn, phase))
        try:
            yield
        finally:
            for attr, fn in originals.items():
                setattr(module, attr, fn)

    def _timed(self, fn: Callable[..., Any], phase: Callable[..., str] | str) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            name = phase(*args, **kwargs) if callable(phase) else phase
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.add(name, time.perf_counter() - start)

        return wrapper


# -- output ---------------------------------------------------------------------------------
def base_parser(description: str, repeat: int) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--repeat", type=int, default=repeat, help=f"repetitions (default {repeat}); medians are reported"
    )
    parser.add_argument(
        "--threads", type=int, default=None, help="DuckDB threads (default: DuckDB's own, = cores)"
    )
    parser.add_argument(
        "--memory-limit",
        default="4GB",
        help="DuckDB memory_limit per engine (default 4GB, to protect a shared machine; '' = DuckDB's default)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=300.0,
        help="seconds allowed for one end-to-end anonymize run (default 300)",
    )
    return parser


def apply_engine_settings(threads: int | None = None, memory_limit: str | None = None) -> None:
    """Make every new DuckDBEngine use ``threads`` DuckDB threads and ``memory_limit`` (this process only)."""
    settings = []
    if threads is not None:
        settings.append(f"SET threads = {int(threads)}")
    if memory_limit:
        if not memory_limit.replace(".", "").isalnum():
            raise ValueError(f"bad memory limit {memory_limit!r}")
        settings.append(f"SET memory_limit = '{memory_limit}'")
    if not settings:
        return
    original = DuckDBEngine.__init__

    def init(self: DuckDBEngine, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        for sql in settings:
            self.con.execute(sql)

    DuckDBEngine.__init__ = init  # type: ignore[method-assign]


def machine() -> str:
    import duckdb
    import sqlglot

    cpu = platform.processor() or platform.machine()
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return (
        f"{_dt.datetime.now().isoformat(timespec='seconds')}  {os.cpu_count()} cores ({cpu})  "
        f"Python {sys.version.split()[0]}  DuckDB {duckdb.__version__}  sqlglot {sqlglot.__version__}\n"
        f"sqlanon {revision()}"
    )


def revision() -> str:
    """The git commit of the checkout, and whether the package files differ from it."""
    import subprocess

    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "sqlanon", "sql_templates"],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return "revision unknown"
    changed = [line[3:] for line in dirty if line.strip()]
    return f"commit {head}" + (f" + uncommitted changes in {', '.join(changed)}" if changed else "")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain-text table; also valid Markdown."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) + " |"

    out = [line(cells[0]), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(r) for r in cells[1:]]
    return "\n".join(out)


def verdict(value: float, limit: float) -> str:
    return "met" if value <= limit else "NOT met"


# -- end-to-end anonymize in a child process ------------------------------------------------
#: attributes of the stage modules (``PHASE_MODULES``) wrapped to time the phases of ``anonymize``
#: (where a module does not have one, it is skipped)
PIPELINE_PHASES: dict[str, Callable[..., str] | str] = {
    "prepare_output": "check output",
    "read_table": lambda *a, **kw: (
        "read release" if kw.get("what", a[3] if len(a) > 3 else "") == "release" else "read source"
    ),
    "encode": "encode",
    "run_search": "search",
    "materialize_verdicts": "rank minimal nodes",
    "node_metrics": "rank minimal nodes",
    "build_release": "build release",
    "write_staged": "write staged output",
    "sensitive_hierarchies": "gate",
    "run_gate": "gate",
}
PHASE_ORDER = [
    "check output",
    "read source",
    "encode",
    "search",
    "rank minimal nodes",
    "build release",
    "write staged output",
    "read release",
    "gate",
    "other",
]


def _child(spec: Mapping[str, Any]) -> dict[str, Any]:
    """Run one ``anonymize`` with phase timings (in the child process)."""
    import resource

    import sqlanon.pipeline as pipeline
    import sqlanon.release.gated as gated_publish
    import sqlanon.release.lattice as lattice_release

    apply_engine_settings(spec.get("threads"), spec.get("memory_limit"))
    config = adult_config(
        spec["criteria"],
        source=spec["source"],
        output=spec["output"],
        suppression_limit=spec.get("suppression", 0.0),
    )
    timer = PhaseTimer()
    with contextlib.ExitStack() as wrapped:
        for module in (pipeline, lattice_release, gated_publish):
            wrapped.enter_context(timer.wrap(module, PIPELINE_PHASES))
        start = time.perf_counter()
        report = pipeline.anonymize(config)
        total = time.perf_counter() - start
    phases = dict(timer.seconds)
    phases["other"] = total - sum(phases.values())
    return {
        "total": total,
        "phases": phases,
        "passed": report.passed,
        "rows_in": report.rows_in,
        "rows_out": report.rows_out,
        "evaluations": report.search.get("evaluations"),
        "minimal": len(report.minimal_nodes),
        "node": report.node,
        "maxrss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def anonymize_in_child(spec: Mapping[str, Any], timeout: float) -> dict[str, Any]:
    """Run :func:`_child` in a fresh Python process (killed after ``timeout`` s).

    Returns its result, or ``{"error": ...}`` on a timeout or failure. ``process`` is the
    child's wall time including interpreter start and imports (a CLI run's cost).
    """
    import json

    done = timed_run([sys.executable, __file__, "--child", json.dumps(dict(spec))], timeout)
    if "error" in done:
        return done
    result: dict[str, Any] = json.loads(done["stdout"].strip().splitlines()[-1])
    result["process"] = done["wall"]
    return result


def timed_run(command: Sequence[str], timeout: float) -> dict[str, Any]:
    """Run ``command`` in a new process: {"wall": seconds, "stdout": text}, or {"error": ...} on
    a timeout or a non-zero exit (with the last line of its stderr)."""
    import subprocess

    start = time.perf_counter()
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {timeout:g} s"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": f"exit {done.returncode}: {last[:300]}"}
    return {"wall": time.perf_counter() - start, "stdout": done.stdout}


if __name__ == "__main__":
    import json

    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        print(json.dumps(_child(json.loads(sys.argv[2]))))
    else:
        print("common.py is a module of the benchmarks; run bench_search.py or bench_scale.py")
