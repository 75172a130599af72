"""Tests for hierarchy loading (ARX CSV, YAML specs) and the declarative builders."""

from __future__ import annotations

import csv
import datetime as dt
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlanon.errors import HierarchyError
from sqlanon.hierarchy import (
    NULL_LEAF,
    Hierarchy,
    build,
    load_hierarchy,
    read_arx_csv,
    shipped_hierarchies,
    validate,
)
from sqlanon.resources import shipped_dir

REPO = Path(__file__).resolve().parents[2]
SHIPPED = REPO / "hierarchies"
DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
ADULT = DATA / "adult"
TEST2 = DATA / "test2"
#: the tests reading the shared Adult / textbook files skip when the folder is not beside the checkout
needs_shared = pytest.mark.skipif(not DATA.is_dir(), reason=f"shared data folder {DATA} is not available")

ADULT_HEIGHTS = {
    "age": 4,
    "education": 3,
    "marital-status": 2,
    "native-country": 2,
    "occupation": 2,
    "race": 1,
    "salary-class": 1,
    "sex": 1,
    "workclass": 2,
}


# --------------------------------------------------------------------------- helpers


def assert_well_formed(h: Hierarchy, values: Sequence[str] | None = None) -> None:
    """Independent re-check of the structure: one row per value, functional levels, one top."""
    leaves = h.leaves()
    assert len(leaves) == len(set(leaves))
    if values is not None:
        assert sorted(leaves) == sorted(set(values))
    assert {len(r) for r in h.rows} == {h.height + 1}
    for level in range(1, h.height):
        parent: dict[str, str] = {}
        for r in h.rows:
            assert parent.setdefault(r[level], r[level + 1]) == r[level + 1]
    assert len({r[-1] for r in h.rows}) == 1


def row_of(h: Hierarchy, leaf: str) -> tuple[str, ...]:
    matches = [r for r in h.rows if r[0] == leaf]
    assert len(matches) == 1
    return matches[0]


def raises(match_all: Sequence[str]) -> Any:
    """pytest.raises(HierarchyError) whose message must contain every string in ``match_all``."""
    return pytest.raises(
        HierarchyError,
        match="(?s)" + "".join(f"(?=.*{re.escape(m)})" for m in match_all),
    )


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


_INTERVAL = re.compile(r"\[(-?[0-9.]+), (-?[0-9.]+)\)")


def label_contains(label: str, v: Fraction) -> bool:
    if label.startswith("<"):
        return v < Fraction(label[1:])
    if label.startswith(">="):
        return v >= Fraction(label[2:])
    m = _INTERVAL.fullmatch(label)
    assert m is not None, label
    return Fraction(m[1]) <= v < Fraction(m[2])


# --------------------------------------------------------------------------- ARX CSV


@needs_shared
@pytest.mark.parametrize("column", sorted(ADULT_HEIGHTS))
def test_adult_hierarchies_load(column: str) -> None:
    path = ADULT / f"adult_hierarchy_{column}.csv"
    h = read_arx_csv(column, path)
    assert h.column == column
    assert h.origin == str(path)
    assert h.height == ADULT_HEIGHTS[column]
    assert h.labels(h.height) == ["*"]
    assert_well_formed(h)
    with path.open(encoding="utf-8") as f:
        expected = [line.split(";") for line in f.read().splitlines() if line]
    assert [list(r) for r in h.rows] == expected


@needs_shared
def test_adult_hierarchies_cover_the_data() -> None:
    with (ADULT / "adult.csv").open(encoding="utf-8", newline="") as f:
        records = list(csv.DictReader(f, delimiter=";"))
    assert set(ADULT_HEIGHTS) == set(records[0])
    for column in ADULT_HEIGHTS:
        h = read_arx_csv(column, ADULT / f"adult_hierarchy_{column}.csv")
        assert {r[column] for r in records} <= set(h.leaves()), column


@needs_shared
def test_adult_age_rows() -> None:
    h = read_arx_csv("age", ADULT / "adult_hierarchy_age.csv")
    assert row_of(h, "1") == ("1", "0-4", "0-9", "0-19", "*")
    assert row_of(h, "100") == ("100", "95-99", "90-99", "80-99", "*")


@needs_shared
def test_test2_crlf_without_final_newline() -> None:
    zips = read_arx_csv("ZIPCode", TEST2 / "test2_hierarchy_ZIPCode.csv")
    assert row_of(zips, "47677") == (
        "47677",
        "4767*",
        "476**",
        "47***",
        "4****",
        "*****",
    )
    age = read_arx_csv("Age", TEST2 / "test2_hierarchy_Age.csv")
    assert row_of(age, "43") == ("43", ">=40", "*")
    disease = read_arx_csv("Disease", TEST2 / "test2_hierarchy_Disease.csv")
    assert disease.height == 3
    for h in (zips, age, disease):
        assert_well_formed(h)
        assert not any("\r" in label or "\n" in label for r in h.rows for label in r)


@pytest.mark.parametrize(
    "data",
    [
        "a;x;*\nb;x;*\n",
        "a;x;*\nb;x;*",
        "a;x;*\r\nb;x;*\r\n",
        "a;x;*\r\nb;x;*",
        "\ufeffa;x;*\nb;x;*\n",
        "\na;x;*\n\n  \nb;x;*\n\n",
        '"a";"x";*\nb;"x";"*"\n',
    ],
)
def test_arx_csv_line_ends_bom_blank_lines_and_quotes(tmp_path: Path, data: str) -> None:
    h = read_arx_csv("c", write(tmp_path, "h.csv", data))
    assert h.rows == (("a", "x", "*"), ("b", "x", "*"))


def test_arx_csv_quoted_delimiter_and_null_leaf(tmp_path: Path) -> None:
    path = write(tmp_path, "h.csv", '"a;b";"x ""y""";*\n;x "y";*\nc;z;*\n')
    h = read_arx_csv("c", path)
    assert h.rows == (("a;b", 'x "y"', "*"), (NULL_LEAF, 'x "y"', "*"), ("c", "z", "*"))


def test_arx_csv_other_delimiter_and_utf8(tmp_path: Path) -> None:
    h = read_arx_csv("city", write(tmp_path, "h.csv", "Zürich,CH,*\nKöln,DE,*\n"), delimiter=",")
    assert h.rows == (("Zürich", "CH", "*"), ("Köln", "DE", "*"))


def test_arx_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.csv"
    with raises(["'zip'", str(path), "does not exist", "check the path"]):
        read_arx_csv("zip", path)


def test_arx_directory(tmp_path: Path) -> None:
    with raises(["'zip'", str(tmp_path), "folder"]):
        read_arx_csv("zip", tmp_path)


def test_arx_not_utf8(tmp_path: Path) -> None:
    path = write(tmp_path, "h.csv", "Z\xfcrich;*\n".encode("latin-1"))
    with raises(["'city'", str(path), "UTF-8", "0xfc"]):
        read_arx_csv("city", path)


@pytest.mark.parametrize("data", ["", "\n", "\r\n\r\n", "   \n"])
def test_arx_empty_file(tmp_path: Path, data: str) -> None:
    path = write(tmp_path, "h.csv", data)
    with raises(["'age'", str(path), "empty"]):
        read_arx_csv("age", path)


def test_arx_ragged_rows(tmp_path: Path) -> None:
    path = write(tmp_path, "h.csv", "a;x;*\nb;*\nc;x;*\n")
    with raises(["'c'", "ragged", "'b'"]):
        read_arx_csv("c", path)


def test_arx_wrong_delimiter(tmp_path: Path) -> None:
    path = write(tmp_path, "h.csv", "a,x,*\nb,x,*\n")
    with raises(["'c'", str(path), "delimiter", "';'"]):
        read_arx_csv("c", path)


def test_arx_bad_quoting(tmp_path: Path) -> None:
    path = write(tmp_path, "h.csv", 'a;x;*\n"b"c;x;*\n')
    with raises(["'c'", str(path), "line 2", "quoting"]):
        read_arx_csv("c", path)


@pytest.mark.parametrize("delimiter", ["", ";;", "\n", '"'])
def test_arx_bad_delimiter_argument(tmp_path: Path, delimiter: str) -> None:
    path = write(tmp_path, "h.csv", "a;*\n")
    with raises(["'c'", "delimiter", "single character"]):
        read_arx_csv("c", path, delimiter=delimiter)


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ("a;x;*\na;y;*\n", "more than once"),
        ("a;x;*\nb;y;+\n", "top labels"),
        ("a;x;p;*\nb;x;q;*\n", "several parents"),
    ],
)
def test_arx_structural_errors_come_from_validate(tmp_path: Path, data: str, fragment: str) -> None:
    with raises(["'col'", fragment]):
        read_arx_csv("col", write(tmp_path, "h.csv", data))


# --------------------------------------------------------------------------- intervals


def intervals(values: Sequence[str], **spec: Any) -> Hierarchy:
    return build("age", {"type": "intervals", **spec}, values, origin="test")


def test_intervals_example() -> None:
    h = intervals(["37", "20", "19", "0", "-1"], widths=[5, 10, 20])
    assert h.height == 4
    assert row_of(h, "37") == ("37", "[35, 40)", "[30, 40)", "[20, 40)", "*")
    assert row_of(h, "20") == ("20", "[20, 25)", "[20, 30)", "[20, 40)", "*")
    assert row_of(h, "19") == ("19", "[15, 20)", "[10, 20)", "[0, 20)", "*")
    assert row_of(h, "-1") == ("-1", "[-5, 0)", "[-10, 0)", "[-20, 0)", "*")


def test_intervals_anchor_floats_and_int_printing() -> None:
    h = intervals(["7", "2", "25.0", "3"], widths=[5.0, 10], anchor=3)
    assert row_of(h, "7") == ("7", "[3, 8)", "[3, 13)", "*")
    assert row_of(h, "2") == ("2", "[-2, 3)", "[-7, 3)", "*")
    assert row_of(h, "25.0") == ("25.0", "[23, 28)", "[23, 33)", "*")
    g = intervals(["0.7", "1.25"], widths=[0.5, 1])
    assert row_of(g, "0.7") == ("0.7", "[0.5, 1)", "[0, 1)", "*")
    assert row_of(g, "1.25") == ("1.25", "[1, 1.5)", "[1, 2)", "*")


def test_intervals_bottom_and_top_coding() -> None:
    h = intervals(
        ["10", "17.9", "18", "19", "44", "64.5", "65", "90"],
        widths=[5, 10],
        bottom=18,
        top=65,
    )
    assert row_of(h, "10") == ("10", "<18", "<18", "*")
    assert row_of(h, "17.9") == ("17.9", "<18", "<18", "*")
    assert row_of(h, "18") == ("18", "[18, 20)", "[18, 20)", "*")
    assert row_of(h, "44") == ("44", "[40, 45)", "[40, 50)", "*")
    assert row_of(h, "64.5") == ("64.5", "[60, 65)", "[60, 65)", "*")
    assert row_of(h, "65") == ("65", ">=65", ">=65", "*")
    assert row_of(h, "90") == ("90", ">=65", ">=65", "*")
    assert_well_formed(h)


def test_intervals_only_top() -> None:
    h = intervals(["1", "100"], widths=[10], top=50)
    assert h.rows == (("1", "[0, 10)", "*"), ("100", ">=50", "*"))


def test_intervals_non_numeric_names_column_and_values() -> None:
    with raises(["'age'", "not numbers", "'abc'", "'nan'", "'inf'"]):
        intervals(["1", "abc", "nan", "inf", "2"], widths=[5])


def test_intervals_non_numeric_shows_at_most_ten() -> None:
    bad = [f"x{i:02d}" for i in range(15)]
    with raises(["'x09'", "and 5 more"]) as info:
        intervals(bad, widths=[5])
    assert "x10" not in str(info.value)


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ({}, "'widths'"),
        ({"widths": []}, "'widths'"),
        ({"widths": 5}, "'widths'"),
        ({"widths": ["5"]}, "'widths'"),
        ({"widths": [0]}, "positive"),
        ({"widths": [-5, -10]}, "positive"),
        ({"widths": [True]}, "'widths'"),
        ({"widths": [5, 7]}, "multiple"),
        ({"widths": [10, 5]}, "multiple"),
        ({"widths": [5, 5]}, "multiple"),
        ({"widths": [0.5, 0.75]}, "multiple"),
        ({"widths": [5], "anchor": "0"}, "'anchor'"),
        ({"widths": [5], "bottom": None}, "'bottom'"),
        ({"widths": [5], "top": float("inf")}, "'top'"),
        ({"widths": [5], "bottom": 10, "top": 10}, "bottom"),
        ({"widths": [5], "width": 5}, "'width'"),
    ],
)
def test_intervals_bad_spec(spec: Mapping[str, Any], fragment: str) -> None:
    with raises(["'age'", fragment]):
        intervals(["1"], **spec)


def test_intervals_accepts_larger_multiples() -> None:
    h = intervals(["7"], widths=[0.5, 1.5, 3, 12])
    assert h.rows == (("7", "[7, 7.5)", "[6, 7.5)", "[6, 9)", "[0, 12)", "*"),)


numbers = st.one_of(
    st.integers(min_value=-10_000, max_value=10_000).map(str),
    st.decimals(min_value=-1000, max_value=1000, places=2, allow_nan=False).map(str),
)


@st.composite
def interval_specs(draw: st.DrawFn) -> dict[str, Any]:
    base = draw(st.sampled_from([1, 2, 5, 0.5, 0.25, 3]))
    factors = draw(st.lists(st.integers(min_value=2, max_value=4), max_size=3))
    widths: list[float] = [base]
    for f in factors:
        widths.append(widths[-1] * f)
    spec: dict[str, Any] = {"widths": widths, "anchor": draw(st.integers(-20, 20))}
    bottom = draw(st.none() | st.integers(-500, 0))
    top = draw(st.none() | st.integers(1, 500))
    if bottom is not None:
        spec["bottom"] = bottom
    if top is not None:
        spec["top"] = top
    return spec


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(values=st.lists(numbers, min_size=1, max_size=40), spec=interval_specs())
def test_intervals_properties(values: list[str], spec: dict[str, Any]) -> None:
    h = intervals(values, **spec)
    assert_well_formed(h, values)
    assert h.height == len(spec["widths"]) + 1
    assert h.labels(h.height) == ["*"]
    for row in h.rows:
        v = Fraction(row[0])
        for label in row[1:-1]:
            assert label_contains(label, v), (row, spec)


# --------------------------------------------------------------------------- missing: LABEL (NULL)


def null_row(label: str, height: int, top: str) -> tuple[str, ...]:
    """The NULL leaf's row, written out: '' -> label -> ... -> label -> top."""
    return (NULL_LEAF,) + tuple(label for _ in range(1, height)) + (top,)


def test_missing_intervals_example() -> None:
    h = intervals(["37", "20"], widths=[5, 10], missing="unknown")
    assert h.rows == (
        ("37", "[35, 40)", "[30, 40)", "*"),
        ("20", "[20, 25)", "[20, 30)", "*"),
        ("", "unknown", "unknown", "*"),
    )


def test_missing_mask_and_dates_examples() -> None:
    h = build("zip", {"type": "mask", "missing": "?"}, ["47677", "47602"], origin="test")
    assert row_of(h, "") == ("", "?", "?", "?", "?", "*****")
    one = build("zip", {"type": "mask", "levels": [2], "missing": "?"}, ["ab"], origin="test")
    assert one.rows == (("ab", "**"), ("", "**"))  # height 1: the NULL leaf goes straight to the top
    d = build("born", {"type": "dates", "missing": "no date"}, ["2024-03-05"], origin="test")
    assert d.rows == (
        ("2024-03-05", "2024-03", "2024", "2020s", "*"),
        ("", "no date", "no date", "no date", "*"),
    )


def test_missing_covers_the_empty_string() -> None:
    """'' is matched like NULL by the encoding: with missing, it is the NULL leaf, not a value."""
    h = intervals(["", "7", ""], widths=[10], missing="unknown")
    assert h.rows == (("7", "[0, 10)", "*"), ("", "unknown", "*"))
    with raises(["'age'", "not numbers", "''"]):
        intervals(["", "7"], widths=[10])


def test_missing_may_be_the_top_label_below_the_top() -> None:
    h = intervals(["7"], widths=[10], missing="*")
    assert h.rows == (("7", "[0, 10)", "*"), ("", "*", "*"))


@pytest.mark.parametrize(
    ("kind", "spec", "values", "label", "level"),
    [
        ("intervals", {"widths": [5, 10]}, ["37", "20"], "[35, 40)", 1),
        ("intervals", {"widths": [5, 10]}, ["37", "20"], "[20, 30)", 2),
        ("intervals", {"widths": [5], "bottom": 18}, ["10", "20"], "<18", 1),
        ("mask", {}, ["ab", "cd"], "a*", 1),
        ("mask", {"pad": "0"}, ["7", "12"], "0*", 1),
        ("dates", {"levels": ["month", "year"]}, ["2024-03-05"], "2024", 2),
        ("dates", {"levels": ["day", "year"]}, ["2024-03-05 10:00"], "2024-03-05", 1),
    ],
)
def test_missing_label_colliding_with_a_built_label(
    kind: str, spec: dict[str, Any], values: list[str], label: str, level: int
) -> None:
    with raises(["'col'", f"missing: {label!r}", f"level {level}", "choose a label"]):
        build("col", {"type": kind, **spec, "missing": label}, values, origin="test")


@pytest.mark.parametrize("label", ["", 5, None, True, ["unknown"], {"a": 1}])
@pytest.mark.parametrize("kind", ["intervals", "mask", "dates"])
def test_missing_bad_label(kind: str, label: Any) -> None:
    spec: dict[str, Any] = {"type": kind, "missing": label}
    if kind == "intervals":
        spec["widths"] = [5]
    with raises(["'col'", "'missing'", "non-empty text"]):
        build("col", spec, ["2024-03-05"] if kind == "dates" else ["1"], origin="test")


def test_missing_is_not_a_tree_key() -> None:
    with raises(["'dx'", "unknown key", "'missing'"]):
        build("dx", {"type": "tree", "tree": {"*": ["a"]}, "missing": "x"}, [], origin="test")


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(numbers, min_size=1, max_size=30),
    spec=interval_specs(),
    label=st.text(alphabet="abcxyz ?", min_size=1, max_size=8),
    empty=st.booleans(),
)
def test_missing_intervals_properties(
    values: list[str], spec: dict[str, Any], label: str, empty: bool
) -> None:
    """Built with missing = built without it, plus the NULL row (an '' value changes nothing)."""
    plain = intervals(values, **spec)
    h = intervals([*values, ""] if empty else values, **spec, missing=label)
    assert h.rows == (*plain.rows, null_row(label, plain.height, "*"))
    assert_well_formed(h, [*values, ""])


@settings(max_examples=100, deadline=None)
@given(
    data=st.integers(min_value=1, max_value=6).flatmap(
        lambda n: st.lists(st.text(alphabet="0123456789", min_size=n, max_size=n), min_size=1, max_size=20)
    ),
    label=st.sampled_from(["unknown", "?", "n/a"]),
)
def test_missing_mask_properties(data: list[str], label: str) -> None:
    plain = mask(data)
    h = mask(data, missing=label)
    assert h.rows == (*plain.rows, null_row(label, plain.height, "*" * len(data[0])))
    assert_well_formed(h, [*data, ""])


# --------------------------------------------------------------------------- mask


def mask(values: Sequence[str], **spec: Any) -> Hierarchy:
    return build("zip", {"type": "mask", **spec}, values, origin="test")


def test_mask_example() -> None:
    h = mask(["47677", "47602"])
    assert row_of(h, "47677") == ("47677", "4767*", "476**", "47***", "4****", "*****")
    assert h.height == 5


def test_mask_char_and_levels_add_top() -> None:
    h = mask(["47677", "13053"], char="#", levels=[2, 4])
    assert h.rows == (
        ("47677", "476##", "4####", "*"),
        ("13053", "130##", "1####", "*"),
    )


def test_mask_levels_ending_full_has_no_extra_top() -> None:
    h = mask(["ab", "cd"], levels=[2])
    assert h.rows == (("ab", "**"), ("cd", "**"))


def test_mask_different_lengths_names_values() -> None:
    with raises(["'zip'", "'4767'", "'476777'", "length 5"]):
        mask(["47677", "4767", "47602", "476777"])


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ({"char": "**"}, "'char'"),
        ({"char": ""}, "'char'"),
        ({"char": 1}, "'char'"),
        ({"levels": []}, "'levels'"),
        ({"levels": [2, 1]}, "'levels'"),
        ({"levels": [1, 1]}, "'levels'"),
        ({"levels": [0, 1]}, "'levels'"),
        ({"levels": "1,2"}, "'levels'"),
        ({"levels": [1, 6]}, "at most 5"),
        ({"chars": "*"}, "'chars'"),
    ],
)
def test_mask_bad_spec(spec: Mapping[str, Any], fragment: str) -> None:
    with raises(["'zip'", fragment]):
        mask(["47677"], **spec)


@settings(max_examples=100, deadline=None)
@given(
    data=st.integers(min_value=1, max_value=8).flatmap(
        lambda n: st.lists(st.text(min_size=n, max_size=n), min_size=1, max_size=30)
    )
)
@pytest.mark.slow
def test_mask_properties(data: list[str]) -> None:
    h = mask(data)
    assert_well_formed(h, data)
    n = len(data[0])
    assert h.height == n
    for row in h.rows:
        for k in range(1, n + 1):
            assert row[k] == row[0][: n - k] + "*" * k


def test_mask_pad_example() -> None:
    """Zip codes that lost their leading zero (02134 read as a number) padded back."""
    h = mask(["2134", "02139", "12345", "7"], pad="0", levels=[1, 3, 5])
    assert h.rows == (
        ("2134", "0213*", "02***", "*****"),
        ("02139", "0213*", "02***", "*****"),
        ("12345", "1234*", "12***", "*****"),
        ("7", "0000*", "00***", "*****"),
    )


def test_mask_pad_other_char_and_equal_lengths() -> None:
    assert mask(["ab", "c"], pad="_", char="#").rows == (("ab", "a#", "##"), ("c", "_#", "##"))
    assert mask(["ab", "cd"], pad="0").rows == mask(["ab", "cd"]).rows


def test_mask_without_pad_suggests_it() -> None:
    with raises(["'zip'", "'2134'", "length 5", "pad"]):
        mask(["47677", "2134", "47602"])


@pytest.mark.parametrize("pad", ["", "00", 0, None, ["0"]])
def test_mask_bad_pad(pad: Any) -> None:
    with raises(["'zip'", "'pad'", "single character"]):
        mask(["47677", "2134"], pad=pad)


def test_mask_pad_refuses_empty_values_unless_missing() -> None:
    with raises(["'zip'", "1 empty value", "missing"]) as info:
        mask(["2134", "", "47677"], pad="0")
    assert "2134" not in str(info.value)  # a count, no values
    h = mask(["2134", "", "47677"], pad="0", levels=[5], missing="?")
    assert h.rows == (("2134", "*****"), ("47677", "*****"), ("", "*****"))


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(st.text(alphabet="0123456789ab", min_size=1, max_size=7), min_size=1, max_size=25),
    pad=st.sampled_from(["0", " ", "x"]),
)
def test_mask_pad_properties(values: list[str], pad: str) -> None:
    h = mask(values, pad=pad)
    assert_well_formed(h, values)
    n = max(len(v) for v in values)
    assert h.height == n
    for row in h.rows:
        padded = pad * (n - len(row[0])) + row[0]
        for k in range(1, n + 1):
            assert row[k] == "".join(c if i < n - k else "*" for i, c in enumerate(padded))


# --------------------------------------------------------------------------- dates


def dates(values: Sequence[str], **spec: Any) -> Hierarchy:
    return build("born", {"type": "dates", **spec}, values, origin="test")


def test_dates_example_and_timestamps() -> None:
    h = dates(["2024-03-05", "1999-12-31 23:59:59", "2001-01-01T00:00:00+02:00"])
    assert row_of(h, "2024-03-05") == ("2024-03-05", "2024-03", "2024", "2020s", "*")
    assert row_of(h, "1999-12-31 23:59:59") == (
        "1999-12-31 23:59:59",
        "1999-12",
        "1999",
        "1990s",
        "*",
    )
    assert row_of(h, "2001-01-01T00:00:00+02:00")[1:] == (
        "2001-01",
        "2001",
        "2000s",
        "*",
    )


def test_dates_level_subset() -> None:
    h = dates(["2024-03-05"], levels=["month", "decade"])
    assert h.rows == (("2024-03-05", "2024-03", "2020s", "*"),)
    g = dates(["2024-03-05"], levels=["year"])
    assert g.rows == (("2024-03-05", "2024", "*"),)


def test_dates_unparseable_names_values() -> None:
    with raises(
        [
            "'born'",
            "'2024-02-30'",
            "'yesterday'",
            "'2024-03-051'",
            "'24-03-05'",
            "YYYY-MM-DD",
        ]
    ):
        dates(["2024-03-05", "2024-02-30", "yesterday", "2024-03-051", "24-03-05"])


@pytest.mark.parametrize("levels", [[], ["year", "month"], ["week"], ["month", "month"], "year", [1]])
def test_dates_bad_levels(levels: Any) -> None:
    with raises(["'born'", "'levels'", "'month', 'year', 'decade'"]):
        dates(["2024-03-05"], levels=levels)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.dates(min_value=dt.date(1000, 1, 1)), min_size=1, max_size=30))
def test_dates_properties(days: list[dt.date]) -> None:
    values = [d.isoformat() for d in days]
    h = dates(values)
    assert_well_formed(h, values)
    for row in h.rows:
        d = dt.date.fromisoformat(row[0])
        assert row[1:] == (
            f"{d.year}-{d.month:02d}",
            str(d.year),
            f"{d.year // 10}0s",
            "*",
        )


def test_dates_day_level_on_dates_and_timestamps() -> None:
    values = ["2024-03-05", "2024-03-05 10:22:01", "2024-03-05T10:22:01", "1999-12-31 23:59"]
    h = dates(values, levels=["day", "month", "year", "decade"])
    for v in values[:3]:
        assert row_of(h, v) == (v, "2024-03-05", "2024-03", "2024", "2020s", "*")
    assert row_of(h, "1999-12-31 23:59") == (
        "1999-12-31 23:59",
        "1999-12-31",
        "1999-12",
        "1999",
        "1990s",
        "*",
    )
    assert dates(["2024-03-05 10:00"], levels=["day"]).rows == (("2024-03-05 10:00", "2024-03-05", "*"),)


def test_dates_default_levels_have_no_day() -> None:
    assert dates(["2024-03-05 10:00"]).rows == (("2024-03-05 10:00", "2024-03", "2024", "2020s", "*"),)


@pytest.mark.parametrize("levels", [["month", "day"], ["day", "day"], ["days"]])
def test_dates_day_must_come_first(levels: list[str]) -> None:
    with raises(["'born'", "'levels'", "'day', 'month', 'year', 'decade'"]):
        dates(["2024-03-05"], levels=levels)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.datetimes(min_value=dt.datetime(1000, 1, 1)), min_size=1, max_size=30),
    st.sampled_from([" ", "T"]),
)
def test_dates_day_properties(stamps: list[dt.datetime], sep: str) -> None:
    values = [t.isoformat(sep=sep) for t in stamps]
    h = dates(values, levels=["day", "year"])
    assert_well_formed(h, values)
    for row in h.rows:
        t = dt.datetime.fromisoformat(row[0])
        assert row[1:] == (f"{t.year:04d}-{t.month:02d}-{t.day:02d}", f"{t.year:04d}", "*")


# --------------------------------------------------------------------------- tree


def tree(t: Any, values: Sequence[str] = ()) -> Hierarchy:
    return build("dx", {"type": "tree", "tree": t}, values, origin="test")


def test_tree_builds_rows_and_ignores_values() -> None:
    h = tree({"*": {"a": ["x", "y"], "b": ["z"]}}, values=["not", "in", "tree"])
    assert h.rows == (("x", "a", "*"), ("y", "a", "*"), ("z", "b", "*"))


def test_tree_integer_leaves_become_text() -> None:
    h = tree({"*": {"low": [1, 2], 3: ["30"]}})
    assert h.rows == (("1", "low", "*"), ("2", "low", "*"), ("30", "3", "*"))


def test_tree_uneven_depth_is_an_error() -> None:
    with raises(["'dx'", "depth", "'z'"]):
        tree({"*": {"a": ["x", "y"], "b": {"c": ["z"]}}})


def test_tree_duplicate_leaf() -> None:
    with raises(["'dx'", "more than once", "'x'"]):
        tree({"*": {"a": ["x", "y"], "b": ["x"]}})


@pytest.mark.parametrize(
    ("t", "fragment"),
    [
        (None, "'tree'"),
        (["x"], "'tree'"),
        ({"*": ["x"], "+": ["y"]}, "exactly one top"),
        ({}, "exactly one top"),
        ({"*": {"a": []}}, "empty list"),
        ({"*": {"a": "x"}}, "'x'"),
        ({"*": {}}, "non-empty mapping"),
        ({"*": {"a": [1.5]}}, "quote it"),
        ({"*": {"a": [True]}}, "quote it"),
        ({"*": {"a": [["x"]]}}, "quote it"),
    ],
)
def test_tree_bad_spec(t: Any, fragment: str) -> None:
    with raises(["'dx'", fragment]):
        tree(t)


def test_tree_inconsistent_label_caught() -> None:
    with raises(["'dx'", "several parents", "'a'"]):
        tree({"*": {"p": {"a": ["x"]}, "q": {"a": ["y"]}}})


@pytest.mark.parametrize("null", ["", None])
def test_tree_null_leaf(null: str | None) -> None:
    h = tree({"*": {"known": ["a", "b"], "unknown": [null]}})
    assert h.rows == (("a", "known", "*"), ("b", "known", "*"), (NULL_LEAF, "unknown", "*"))


def test_tree_yaml_null_leaf(tmp_path: Path) -> None:
    for i, null in enumerate(["~", "null", '""']):
        name = f"t{i}.yaml"
        write(tmp_path, name, "type: tree\ntree:\n  '*':\n    known: [a]\n    unknown: [" + null + "]\n")
        h = load_hierarchy("dx", name, [], tmp_path)
        assert h.rows == (("a", "known", "*"), ("", "unknown", "*"))


def test_tree_null_and_empty_leaf_are_the_same_leaf() -> None:
    with raises(["'dx'", "more than once", "''"]):
        tree({"*": {"a": ["", "x"], "b": [None]}})


# --------------------------------------------------------------------------- spec errors


@pytest.mark.parametrize(
    ("spec", "fragments"),
    [
        ({}, ["no 'type' key", "'intervals', 'mask', 'dates', 'tree'"]),
        (
            {"type": "interval"},
            ["unknown type 'interval'", "'intervals', 'mask', 'dates', 'tree'"],
        ),
        ({"type": ["mask"]}, ["unknown type", "'intervals', 'mask', 'dates', 'tree'"]),
        (
            {"type": "mask", "level": [1]},
            ["unknown key", "'level'", "'char', 'levels'"],
        ),
        (["mask"], ["list", "'type'"]),
    ],
)
def test_bad_spec_names_column_key_and_choices(spec: Any, fragments: list[str]) -> None:
    with raises(["'col'", "origin-x", *fragments]):
        build("col", spec, ["1"], origin="origin-x")


@pytest.mark.parametrize("kind", ["intervals", "mask", "dates"])
def test_builders_need_values(kind: str) -> None:
    spec: dict[str, Any] = {"type": kind}
    if kind == "intervals":
        spec["widths"] = [5]
    with raises(["'col'", "no non-NULL source values"]):
        build("col", spec, [], origin="test")


def test_duplicate_values_get_one_row() -> None:
    h = build("zip", {"type": "mask"}, ["12", "12", "34"], origin="test")
    assert h.leaves() == ["12", "34"]


def test_build_returns_validated_hierarchy() -> None:
    h = build("zip", {"type": "mask"}, ["12"], origin="o")
    assert validate(h) is h
    assert (h.column, h.origin) == ("zip", "o")


# --------------------------------------------------------------------------- load_hierarchy


def test_load_csv_relative_and_absolute(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    write(tmp_path, "sub/h.csv", "a;*\nb;*\n")
    rel = load_hierarchy("c", "sub/h.csv", [], tmp_path)
    absolute = load_hierarchy("c", str(tmp_path / "sub" / "h.csv"), [], Path("/nonexistent"))
    assert rel.rows == absolute.rows == (("a", "*"), ("b", "*"))
    assert rel.origin == str(tmp_path / "sub" / "h.csv")


def test_load_csv_with_delimiter(tmp_path: Path) -> None:
    write(tmp_path, "h.CSV", "a,x,*\nb,x,*\n")
    assert load_hierarchy("c", "h.CSV", [], tmp_path, delimiter=",").height == 2


@pytest.mark.parametrize("name", ["h.yaml", "h.yml"])
def test_load_yaml_spec(tmp_path: Path, name: str) -> None:
    write(tmp_path, name, "type: intervals\nwidths: [10]\n")
    h = load_hierarchy("age", name, ["15", "31"], tmp_path)
    assert h.rows == (("15", "[10, 20)", "*"), ("31", "[30, 40)", "*"))
    assert h.origin == str(tmp_path / name)


def test_load_inline_mapping_and_path_object(tmp_path: Path) -> None:
    h = load_hierarchy("zip", {"type": "mask", "levels": [1]}, ["ab"], tmp_path)
    assert h.rows == (("ab", "a*", "*"),)
    write(tmp_path, "s.csv", "Male;*\n")
    assert load_hierarchy("sex", Path("s.csv"), [], tmp_path).rows == (("Male", "*"),)


@pytest.mark.parametrize(
    ("name", "data", "fragments"),
    [
        ("h.txt", "a;*\n", ["'.txt'", ".csv", ".yaml"]),
        ("h", "a;*\n", ["'(none)'", ".csv"]),
        ("h.yaml", "type: [intervals\n", ["not valid YAML", "line"]),
        ("h.yaml", "- type: mask\n", ["mapping", "list"]),
        ("h.yaml", "", ["mapping", "NoneType"]),
        ("h.yaml", "type: mask\nlevels: [9]\n", ["at most 1"]),
    ],
)
def test_load_file_errors(tmp_path: Path, name: str, data: str, fragments: list[str]) -> None:
    write(tmp_path, name, data)
    with raises(["'col'", name, *fragments]):
        load_hierarchy("col", name, ["a"], tmp_path)


def test_load_missing_yaml_and_csv(tmp_path: Path) -> None:
    for name in ("gone.yaml", "gone.csv"):
        with raises(["'col'", str(tmp_path / name), "does not exist"]):
            load_hierarchy("col", name, [], tmp_path)


def test_load_non_utf8_yaml(tmp_path: Path) -> None:
    write(
        tmp_path,
        "h.yaml",
        "type: tree\ntree: {'*': {a: [Z\xfcrich]}}\n".encode("latin-1"),
    )
    with raises(["'col'", "UTF-8"]):
        load_hierarchy("col", "h.yaml", [], tmp_path)


def test_load_wrong_spec_type(tmp_path: Path) -> None:
    with raises(["'col'", "int", ".csv", "'type'"]):
        load_hierarchy("col", 5, [], tmp_path)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- shipped files


def test_readme_lists_every_shipped_file() -> None:
    readme = (SHIPPED / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^- `([^`]+)`", readme, flags=re.MULTILINE))
    present = {p.name for p in SHIPPED.iterdir() if p.name != "README.md"}
    assert listed == present
    assert {"age.yaml", "zip5.yaml", "sex.csv", "dates.yaml", "disease.yaml"} <= present


def test_shipped_disease_tree() -> None:
    h = load_hierarchy("Disease", "disease.yaml", [], SHIPPED)
    assert h.height == 3
    assert len(h.rows) == 10
    root = "respiratory & digestive system diseases"
    groups = {
        "respiratory infection": (
            {"flu", "pneumonia", "bronchitis"},
            "respiratory system diseases",
        ),
        "vascular lung diseases": (
            {"pulmonary edema", "pulmonary embolism"},
            "respiratory system diseases",
        ),
        "stomach diseases": (
            {"gastric ulcer", "gastritis", "stomach cancer"},
            "digestive system diseases",
        ),
        "colon diseases": ({"colitis", "colon cancer"}, "digestive system diseases"),
    }
    for group, (leaves, system) in groups.items():
        for leaf in leaves:
            assert row_of(h, leaf) == (leaf, group, system, root)
    assert h.labels(2) == ["digestive system diseases", "respiratory system diseases"]


def test_shipped_sex() -> None:
    h = load_hierarchy("sex", "sex.csv", [], SHIPPED)
    assert h.rows == (("Male", "*"), ("Female", "*"))


def test_shipped_age_on_all_ages() -> None:
    values = [str(a) for a in range(121)]
    h = load_hierarchy("age", "age.yaml", values, SHIPPED)
    assert_well_formed(h, values)
    assert h.height == 4
    assert row_of(h, "37") == ("37", "[35, 40)", "[30, 40)", "[20, 40)", "*")
    assert row_of(h, "120") == ("120", "[120, 125)", "[120, 130)", "[120, 140)", "*")


def test_shipped_dates() -> None:
    h = load_hierarchy("d", "dates.yaml", ["2024-03-05", "1987-11-30 08:00"], SHIPPED)
    assert row_of(h, "1987-11-30 08:00") == (
        "1987-11-30 08:00",
        "1987-11",
        "1987",
        "1980s",
        "*",
    )
    assert h.height == 4


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(st.from_regex(r"[0-9]{5}", fullmatch=True), min_size=1, max_size=50))
def test_shipped_zip5_on_random_zips(zips: list[str]) -> None:
    h = load_hierarchy("zip", "zip5.yaml", zips, SHIPPED)
    assert_well_formed(h, zips)
    assert h.height == 5
    assert h.labels(5) == ["*****"]
    for row in h.rows:
        z = row[0]
        assert row == (
            z,
            z[:4] + "*",
            z[:3] + "**",
            z[:2] + "***",
            z[:1] + "****",
            "*****",
        )


# --------------------------------------------------------------------------- builtin:NAME

SAMPLE_VALUES = {
    "age": ["37", "20"],
    "zip5": ["47677", "02134"],
    "sex": [],
    "dates": ["2024-03-05", "1987-11-30 08:00"],
    "disease": [],
}


def test_shipped_hierarchies_are_the_shipped_files() -> None:
    assert shipped_dir("hierarchies").resolve() == SHIPPED.resolve()
    files = shipped_hierarchies()
    assert list(files) == sorted(SAMPLE_VALUES)
    assert {p.name for p in files.values()} == {p.name for p in SHIPPED.iterdir() if p.name != "README.md"}


@pytest.mark.parametrize("name", sorted(SAMPLE_VALUES))
def test_builtin_names_load_the_shipped_file(tmp_path: Path, name: str) -> None:
    (file,) = [p.name for p in SHIPPED.iterdir() if p.stem == name]
    values = SAMPLE_VALUES[name]
    expected = load_hierarchy(name, file, values, SHIPPED)
    for spec in (f"builtin:{name}", f"builtin:{file}"):
        h = load_hierarchy(name, spec, values, tmp_path)  # tmp_path has no hierarchies/ folder
        assert h.rows == expected.rows
        assert Path(h.origin).resolve() == (SHIPPED / file).resolve()


@pytest.mark.parametrize(
    "name",
    [
        "nope",
        "",
        "../x",
        "../hierarchies/age",
        "../README",
        "README",
        "README.md",
        "age.txt",
        "Age",
        "/etc/passwd",
        "hierarchies/age.yaml",
        "./age.yaml",
        " age",
    ],
)
def test_builtin_unknown_or_escaping_name(tmp_path: Path, name: str) -> None:
    every = [f"builtin:{n}" for n in sorted(SAMPLE_VALUES)]
    with raises(["'col'", repr(f"builtin:{name}"), "not a shipped hierarchy", ", ".join(every)]):
        load_hierarchy("col", f"builtin:{name}", ["1"], tmp_path)


def test_builtin_prefix_wins_over_a_local_file(tmp_path: Path) -> None:
    write(tmp_path, "builtin:age.yaml", "type: intervals\nwidths: [1]\n")
    h = load_hierarchy("age", "builtin:age.yaml", ["37"], tmp_path)
    assert h.rows == (("37", "[35, 40)", "[30, 40)", "[20, 40)", "*"),)
