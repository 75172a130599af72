"""The HTML report (``--html``), opened in a real headless Chromium (Debian's ``chromium``,
driven by Playwright): it loads with no console message and no request but its own file, every
chart draws marks, its tables say what the JSON report says, and it holds no value of the
table unless --show-violations asked. The path is guarded as the JSON report's is."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise, product
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlanon.cli import main
from sqlanon.demo import write_demo
from tests.report.pages import CHARTS_JS, contrast_on_white, node_of


def _open(browser: Any, path: Path) -> dict[str, Any]:
    """Load the page; its console messages, requests, and per chart the SVG marks drawn."""
    page = browser.new_page()
    messages: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.resolve().as_uri())
    charts = page.eval_on_selector_all(".chart", "divs => divs.map(d => d.id)")
    marks = {}
    for chart in charts:
        page.wait_for_selector(f"#{chart} svg", timeout=20_000)
        marks[chart] = page.eval_on_selector(
            f"#{chart}",
            "d => d.querySelectorAll('svg .mark-rect path, svg .mark-symbol path, svg .mark-rule line').length",
        )
    # each axis's title and tick labels
    axes = page.eval_on_selector_all(
        ".chart g.role-axis",
        """gs => gs.map(g => ({
            title: Array.from(g.querySelectorAll('.role-axis-title text')).map(t => t.textContent).join(' '),
            labels: Array.from(g.querySelectorAll('.role-axis-label text')).map(t => t.textContent),
        }))""",
    )
    tables = page.eval_on_selector_all(
        "table", "ts => ts.map(t => Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.innerText)))"
    )
    text = page.inner_text("body")
    details = page.eval_on_selector("body", CHARTS_JS)
    specs = page.evaluate("charts")  # the page's Vega-Lite specifications, by chart id
    source = page.query_selector(".source")
    header = None if source is None else {"text": source.inner_text(), "html": source.inner_html()}
    page.close()
    return {
        "messages": messages,
        "requests": requests,
        "marks": marks,
        "axes": axes,
        "tables": tables,
        "text": text,
        "charts": details,
        "specs": specs,
        "source": header,
    }


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("html")
    anonymize_yaml, _ = write_demo(folder, rows=600)
    return folder, yaml.safe_load(anonymize_yaml.read_text())


def _run(folder: Path, config: dict[str, Any], *args: str) -> Any:
    path = folder / f"c{len(list(folder.glob('c*.yaml')))}.yaml"
    path.write_text(yaml.safe_dump(config))
    return CliRunner().invoke(main, [args[0], str(path), *args[1:]])


def _both(browser: Any, folder: Path, config: dict[str, Any], command: str) -> tuple[Any, dict[str, Any]]:
    """Run ``command`` with --html and --report (it passes); the JSON report and the page, which
    loaded cleanly."""
    html, report = folder / f"{command}.html", folder / f"{command}.json"
    result = _run(folder, config, command, "--html", str(html), "--report", str(report))
    assert result.exit_code == 0, result.output
    page = _open(browser, html)
    _loaded_cleanly(page, html)
    return json.loads(report.read_text()), page


def _table(page: dict[str, Any], header: str) -> list[list[str]]:
    """The page's table whose header row names ``header`` in its second column."""
    (found,) = [t for t in page["tables"] if len(t[0]) > 1 and t[0][1] == header]
    return list(found)


def _loaded_cleanly(page: dict[str, Any], path: Path) -> None:
    assert page["messages"] == []
    assert page["requests"] == [path.resolve().as_uri()]
    assert page["marks"] and all(n > 0 for n in page["marks"].values()), page["marks"]
    # a count of classes is labelled in whole numbers, each once (not 0, 1, 1, 2, 2 at halves)
    counts = [a["labels"] for a in page["axes"] if a["title"] == "classes"]
    for labels in counts:
        assert labels and len(set(labels)) == len(labels), labels
        assert all(label.replace(",", "").isdigit() for label in labels), labels


def test_anonymizes_page_draws_every_chart_offline(browser: Any, demo: tuple[Path, dict[str, Any]]) -> None:
    folder, base = demo
    config = dict(base, overwrite=True, suppression_limit=0.05)
    data, page = _both(browser, folder, config, "anonymize")
    # charts: the generalization, the lattice, the class sizes, one per t-closeness, the risk
    closeness = [c for c in data["checks"] if c["criterion"] == "t-closeness"]
    assert len(page["marks"]) == 4 + len(closeness)
    assert len([a for a in page["axes"] if a["title"] == "classes"]) == 1 + len(closeness)
    verdicts = _table(page, "criterion")
    assert len(verdicts) == 1 + len(data["checks"])
    for row, check in zip(verdicts[1:], data["checks"], strict=True):
        assert row[0] == ("ok" if check["passed"] else "FAIL")
        assert row[-1] == f"{check['violating_rows']:,}"
    node = _table(page, "level")
    assert {r[0]: int(r[1]) for r in node[1:]} == data["node"]
    # why not finer: a row per quasi-identifier, "stopped" where it is above level 0
    why = _table(page, "level chosen")
    assert {r[0]: (int(r[1]), r[2]) for r in why[1:]} == {
        q: (level, "stopped" if level else "") for q, level in data["node"].items()
    }
    assert "sqlanon anonymize: PASSED" in page["text"]
    # the JSON report carries what the page drew: sizes, and each closeness's distances
    assert sum(size * n for size, n in data["class_sizes"]) == data["rows_out"]
    for c in closeness:
        assert sum(n for _, n, _ in c["distances"]) == sum(n for _, n in data["class_sizes"])
        assert max(v for v, _, _ in c["distances"]) <= c["params"]["t"]
    # counts only: no sensitive value, no quasi-identifier label
    published = (folder / config["output"]).read_text().splitlines()[1:]
    diseases = {line.split(",")[-2] for line in published}
    assert diseases and not any(d in page["text"] for d in diseases)


def test_checks_page_with_a_risk_limit_and_violations(
    browser: Any, demo: tuple[Path, dict[str, Any]]
) -> None:
    folder, base = demo
    config = dict(base, source=base["source"], risk={"prosecutor_highest": 0.01})
    config.pop("output")
    html, report = folder / "check.html", folder / "check.json"
    result = _run(
        folder, config, "check", "--html", str(html), "--report", str(report), "--show-violations", "3"
    )
    assert result.exit_code == 1, result.output
    page = _open(browser, html)
    _loaded_cleanly(page, html)
    data = json.loads(report.read_text())
    assert "sqlanon check: FAILED" in page["text"]
    assert [r[0] for r in _table(page, "criterion")[1:]] == [
        "ok" if c["passed"] else "FAIL" for c in data["checks"]
    ]
    # the violating classes were asked for: they are on the page, with their labels
    listed = [c for c in data["checks"] if c.get("violations")]
    assert listed
    labels = {
        str(v) for c in listed for entry in c["violations"] for v in entry["class"].values() if v is not None
    }
    assert all(label in page["text"] for label in labels)
    assert "asked for with --show-violations" in page["text"]
    # the risk figures against the limit set: exceeded, and the others without one
    (risk,) = [t for t in page["tables"] if t[0][:3] == ["figure", "value", "limit"]]
    rows = {r[0]: r[1:] for r in risk[1:]}
    assert rows["prosecutor: highest"][1:] == ["0.01", "EXCEEDED"]
    assert float(rows["prosecutor: highest"][0]) == pytest.approx(
        data["risk"]["prosecutor"]["highest"], rel=1e-5
    )
    assert all(r[1:] == ["", ""] for name, r in rows.items() if name != "prosecutor: highest")


def test_audits_page_has_a_row_per_node(browser: Any, demo: tuple[Path, dict[str, Any]]) -> None:
    """The audit's page, zip held at level 3 of its 5 (max_level): the lattice drawn is the one
    the JSON report's search read, every node of it once, the nodes of no interest visible."""
    folder, base = demo
    columns = dict(base["columns"], zip=dict(base["columns"]["zip"], max_level=3))
    config = dict(base, columns=columns, criteria=[{"k-anonymity": {"k": 3}}], suppression_limit=0.02)
    data, page = _both(browser, folder, config, "audit")
    assert len(page["marks"]) == 2  # the attacks' heat map and the lattice
    (lattice,) = [c for c in page["charts"] if c["title"].startswith("The lattice")]
    tops = {c: min(h, data["search"].get("max_level", {}).get(c, h)) for c, h in data["heights"].items()}
    assert tops["zip"] == 3 < data["heights"]["zip"]
    want = {
        tuple(sorted(zip(tops, levels, strict=True)))
        for levels in product(*(range(t + 1) for t in tops.values()))
    }
    assert len(want) == data["search"]["lattice_size"]
    assert f"The lattice ({len(want):,} nodes)" in lattice["title"]
    dots, outline = lattice["symbols"]  # the nodes, and the outline of the chosen one
    drawn = [node_of(d["label"]) for d in dots]
    assert len(drawn) == len(set(drawn)) and set(drawn) == want
    assert {node_of(d["label"]) for d in outline} == {
        tuple(sorted(n["node"].items())) for n in data["nodes"] if n["chosen"]
    }
    # the nodes neither minimal nor chosen: grey dots that stand out from the white (WCAG's
    # contrast of 3 for graphics) and about 7 px across (the old ones: 1.5, 4 px)
    others = [d for d in dots if "kind: other" in d["label"]]
    assert len(others) == len(want) - len(data["nodes"])
    for dot in others:
        assert contrast_on_white(dot) >= 3, dot
        assert min(dot["width"], dot["height"]) >= 5, dot
    (nodes,) = [t for t in page["tables"] if len(t[0]) > 2 and t[0][2] == "rows"]
    assert len(nodes) == 1 + len(data["nodes"])
    for row, entry in zip(nodes[1:], data["nodes"], strict=True):
        for cell, attack in zip(row[3:], data["attacks"], strict=True):
            got = entry["attacks"][attack]
            want = (
                "n/a"
                if got is None
                else ("resists" if got["classes"] == 0 else f"{got['classes']:,} / {got['rows']:,}")
            )
            assert cell == want
    # skewness's distance and t per sensitive column, and where each came from (salary: numbers)
    (attacks,) = [t for t in page["tables"] if t[0][:1] == ["attack"]]
    skewness = {row[0]: row[2] for row in attacks[1:]}["skewness"]
    assert data["settings"]["skewness"]["salary"]["distance"] == "ordered"
    for column, how in data["settings"]["skewness"].items():
        assert (
            f"{column}: {how['distance']} distance ({how['distance_from']}), t = {how['t']:g} ({how['t_from']})"
            in skewness
        )


#: the classes of the table test_a_check_page_names_its_table_and_shows_the_sizes_near_k writes:
#: size -> how many
K10_CLASSES = {3: 2, 9: 1, 10: 3, 11: 2, 12: 1, 14: 1, 19: 2, 20: 1, 35: 2, 60: 1, 150: 1, 400: 1}


def test_a_check_page_names_its_table_and_shows_the_sizes_near_k(browser: Any, tmp_path: Path) -> None:
    """The page of ``check`` names the file it checked in its header (as text: the markup in
    its name is not read as HTML). With k = 10 and classes from 3 to 400 rows, the histogram
    has a bar per size up to 19 (so the classes at and just above k show one by one), then bars
    from a round number to the next, each counting the classes of the table in its range."""
    source = tmp_path / "people <b>&'q'.csv"
    sizes = [n for n, count in K10_CLASSES.items() for _ in range(count)]
    source.write_text(
        "g,s\n" + "".join(f"g{i},v{j % 3}\n" for i, n in enumerate(sizes) for j in range(n)), encoding="utf-8"
    )
    config = {
        "source": source.name,
        "columns": {"g": "quasi", "s": "sensitive"},
        "criteria": [{"k-anonymity": {"k": 10}}],
    }
    html = tmp_path / "check.html"
    result = _run(tmp_path, config, "check", "--html", str(html))
    assert result.exit_code == 1, result.output  # the classes of 3 and 9 rows
    page = _open(browser, html)
    _loaded_cleanly(page, html)
    assert page["source"]["text"] == f"Table checked: {source.name}"  # as the configuration names it
    assert "<b>" not in page["source"]["html"] and "&lt;b&gt;" in page["source"]["html"]
    # the table's class sizes, counted here from the file
    with source.open(encoding="utf-8") as fh:
        counts = Counter(line.split(",")[0] for line in fh.read().splitlines()[1:])
    classes = Counter(counts.values())
    assert classes == K10_CLASSES
    bins = [(n, n + 1) for n in range(3, 20)] + [(20, 50), (50, 100), (100, 200), (200, 500)]
    (chart,) = [c for c in page["charts"] if c["title"] == "Classes by size"]
    (x,) = [a for a in chart["axes"] if a["title"].startswith("class size")]
    assert x["labels"] == [f"{low}" if high == low + 1 else f"{low}-{high - 1}" for low, high in bins]
    assert "a bar per size up to 19, then wider bins" in x["title"]
    assert chart["bars"] == len(bins)
    (spec,) = [spec for spec in page["specs"].values() if spec.get("title") == "Classes by size"]
    drawn = spec["datasets"][spec["data"]["name"]]
    assert [(b["from"], b["to"]) for b in drawn] == bins
    assert [b["classes"] for b in drawn] == [
        sum(n for size, n in classes.items() if low <= size < high) for low, high in bins
    ]


def test_the_page_names_the_source_as_configured_never_a_querys_text(tmp_path: Path) -> None:
    """A file by its path relative to the configuration's folder when it lies there, else in
    full; a query as source as such (its text may hold values)."""
    from sqlanon import api
    from sqlanon.report.html import render_html

    table = tmp_path / "t.csv"
    table.write_text("g,s\n" + "a,x\n" * 3 + "b,y\n" * 3, encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    config = {"columns": {"g": "quasi", "s": "sensitive"}, "criteria": [{"k-anonymity": {"k": 2}}]}
    assert api.check(config | {"source": "t.csv"}, base_dir=tmp_path).source == "t.csv"
    assert api.check(config | {"source": str(table)}, base_dir=tmp_path / "elsewhere").source == str(table)
    query = f"SELECT * FROM read_csv('{table}') WHERE s <> 'the secret value'"
    report = api.check(config | {"source": {"query": query}}, base_dir=tmp_path)
    assert report.source == "query"
    page = render_html(report)
    assert 'Table checked: <span class="source-name">the source query (its text is not shown)</span>' in page
    assert "the secret value" not in page and "t.csv" not in page


@pytest.mark.slow
def test_the_html_path_is_guarded(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, base = demo
    config = dict(base, overwrite=True)
    source = folder / base["source"]
    before = source.read_bytes()
    for target in (source, folder / "hierarchies" / "sex.csv"):
        result = _run(folder, config, "anonymize", "--html", str(target))
        assert result.exit_code == 2 and "a report never replaces data" in result.output, result.output
    assert source.read_bytes() == before
    other = folder / "notes.html"
    other.write_text("<html>mine</html>")
    result = _run(folder, config, "anonymize", "--html", str(other))
    assert result.exit_code == 2 and "not a sqlanon report" in result.output
    assert other.read_text() == "<html>mine</html>"
    same = folder / "both.out"
    result = _run(folder, config, "anonymize", "--html", str(same), "--report", str(same))
    assert result.exit_code == 2 and "give them different paths" in result.output
    # an earlier HTML report may be replaced
    page = folder / "again.html"
    assert _run(folder, config, "anonymize", "--html", str(page)).exit_code == 0
    assert _run(folder, config, "anonymize", "--html", str(page)).exit_code == 0
    assert '<meta name="generator" content="sqlanon">' in page.read_text()


def _distribution_case(folder: Path, seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    from tests.compile.test_standalone import _write
    from tests.engines.conformance import CHECK_COLUMNS as COLUMNS
    from tests.engines.conformance import check_rows as _rows

    rows = _rows(seed)
    _write(folder / f"dist{seed}.csv", rows)
    columns = {c: "insensitive" for c in COLUMNS}
    columns.update(zip="quasi", age="quasi", disease="sensitive", salary="sensitive")
    config = {
        "source": f"dist{seed}.csv",
        "columns": columns,
        "criteria": [
            {"k-anonymity": {"k": 2}},
            {"t-closeness": {"t": 0.3, "distance": "equal", "attribute": "disease"}},
            {"t-closeness": {"t": 0.3, "distance": "ordered", "attribute": "salary"}},
        ],
    }
    return rows, config


def _figures(report: Any) -> tuple[Any, ...]:
    return report.class_sizes, [c.get("distances") for c in report.checks]


def test_the_pages_figures_on_postgres_and_spark_equal_duckdbs(
    tmp_path: Path, compiled_pg: Any, postgres: Any, spark: Any
) -> None:
    from sqlanon import api
    from tests.compile.test_standalone import _on_postgres

    for seed in (3, 8):
        rows, config = _distribution_case(tmp_path, seed)
        want = api.check(config, base_dir=tmp_path, html=tmp_path / f"d{seed}.html")
        assert want.class_sizes and all(
            c.get("distances") for c in want.checks if c["criterion"] == "t-closeness"
        )
        on_pg = _on_postgres(compiled_pg, postgres, 900 + seed, rows, config)
        assert _figures(api.check(on_pg, base_dir=tmp_path, html=tmp_path / f"p{seed}.html")) == _figures(
            want
        )
        frame = spark.createDataFrame(
            [tuple(r[c] for c in ("zip", "age", "sex", "disease", "salary")) for r in rows],
            "zip string, age int, sex string, disease string, salary int",
        )
        on_spark = dict(config, source=frame)
        got = api.check(on_spark, base_dir=tmp_path, html=tmp_path / f"s{seed}.html", connection=spark)
        assert _figures(got) == _figures(want)
        assert got.metadata["engine"] == {"kind": "spark", "version": spark.version}  # the report's contract


def test_the_pages_show_what_they_must_say(browser: Any, demo: tuple[Path, dict[str, Any]]) -> None:
    """Each violation table under its own caption, --html alone enough for --show-violations,
    and a report of the other kind named as such when a path holds one."""
    folder, base = demo
    config = dict(
        base,
        criteria=[
            {"k-anonymity": {"k": 50}},
            {"l-diversity": {"variant": "distinct", "l": 3, "attribute": "disease"}},
        ],
    )
    config.pop("output")
    html = folder / "violations.html"
    result = _run(folder, config, "check", "--html", str(html), "--show-violations", "2")
    assert result.exit_code == 1, result.output
    page = _open(browser, html)
    _loaded_cleanly(page, html)
    text = page["text"]
    first = text.index("Violating classes of k-anonymity (k=50)")
    second = text.index("Violating classes of l-diversity (distinct, l=3)")
    assert first < second
    json_report = folder / "kind.json"
    assert _run(folder, config, "check", "--report", str(json_report)).exit_code == 1
    result = _run(folder, config, "check", "--html", str(json_report))
    assert result.exit_code == 2 and "holds a sqlanon JSON report, not an HTML one" in result.output


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.integers(1, 10**7), st.integers(1, 10**6), min_size=1, max_size=60).map(
        lambda d: sorted([size, n] for size, n in d.items())
    ),
    st.one_of(st.none(), st.integers(1, 10**6)),
)
@pytest.mark.slow
def test_the_class_size_histogram_keeps_every_class(class_sizes: list[list[int]], k: int | None) -> None:
    """Contiguous bins from the smallest class's to the largest's, a bar each: a bar per size
    when at most 40 span them, else the bin holding k at most k/4 wide (one size for k <= 10)
    and round edges above; every class in the bar whose range holds its size, and a count axis
    of whole numbers reaching the tallest bar."""
    import altair as alt

    from sqlanon.report.charts import size_histogram as _size_histogram

    spec = _size_histogram(alt, class_sizes, k).to_dict()
    bars = spec["datasets"][spec["data"]["name"]]
    smallest, largest = class_sizes[0][0], class_sizes[-1][0]
    assert 1 <= len(bars) <= 45
    assert bars[0]["from"] <= smallest < bars[0]["to"] and bars[-1]["from"] <= largest < bars[-1]["to"]
    assert all(a["to"] == b["from"] for a, b in pairwise(bars))
    if largest - smallest < 40:
        assert all(b["to"] - b["from"] == 1 for b in bars)
    elif k is not None and smallest <= k <= largest:
        (at_k,) = [b for b in bars if b["from"] <= k < b["to"]]
        assert at_k["to"] - at_k["from"] <= max(1, k // 4)
    for bar in bars:
        inside = [(size, n) for size, n in class_sizes if bar["from"] <= size < bar["to"]]
        assert bar["classes"] == sum(n for _, n in inside)
        assert bar["rows"] == sum(size * n for size, n in inside)
        assert bar["sizes"] == (
            f"{bar['from']:,}" if bar["to"] == bar["from"] + 1 else f"{bar['from']:,}-{bar['to'] - 1:,}"
        )
    assert sum(b["classes"] for b in bars) == sum(n for _, n in class_sizes)
    ticks = spec["encoding"]["y"]["axis"]["values"]
    assert ticks[0] == 0 and ticks == sorted(set(ticks)) and len(ticks) <= 7
    assert all(isinstance(t, int) for t in ticks)
    step = ticks[1] - ticks[0]
    assert ticks == list(range(0, ticks[-1] + 1, step))
    assert ticks[-1] - step < max(b["classes"] for b in bars) <= ticks[-1]
