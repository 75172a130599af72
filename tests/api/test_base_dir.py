"""``base_dir`` of the Python API's verbs, where a mapping configuration's relative paths start:
a folder's path as text works as a :class:`pathlib.Path` does (it used to fail deep in the run
with a TypeError once the search had chosen its node), as does any ``os.PathLike``; anything
else is refused with a ConfigError naming ``base_dir``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.demo import write_demo
from sqlanon.errors import ConfigError


class Folder(os.PathLike[str]):
    """An ``os.PathLike`` that is not a :class:`pathlib.Path`."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __fspath__(self) -> str:
        return str(self.path)


@pytest.fixture
def demo(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    anonymize_yaml, _ = write_demo(tmp_path, rows=300)
    return tmp_path, yaml.safe_load(anonymize_yaml.read_text())


def test_a_folder_as_text_or_any_path_like_is_a_path(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, config = demo
    reports = {}
    for kind, base in {"path": folder, "text": str(folder), "path-like": Folder(folder)}.items():
        out = f"out-{kind}/release.csv"
        report = api.anonymize(dict(config, output=out), base_dir=base)
        assert report.passed, kind
        assert (folder / out).is_file(), kind  # the relative output, under base_dir
        reports[kind] = (sorted(report.node.items()), report.rows_out, report.suppressed_rows)
        gate = {key: value for key, value in config.items() if key != "output"}
        checked = api.check(dict(gate, source=out), base_dir=base)
        assert checked.rows_in == report.rows_out, kind
        assert api.compile_sql(config, base_dir=base).statements, kind
    assert len({repr(r) for r in reports.values()}) == 1, reports


@pytest.mark.parametrize("base", [3, b"/tmp", ["a"]], ids=["int", "bytes", "list"])
def test_anything_else_is_refused_naming_base_dir(demo: tuple[Path, dict[str, Any]], base: Any) -> None:
    _, config = demo
    with pytest.raises(ConfigError, match="base_dir must be a folder's path"):
        api.anonymize(config, base_dir=base)
