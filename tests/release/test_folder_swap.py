"""A folder of part files swapped into place by renames (:func:`sqlanon.atomic.swap_in_folder`,
what a Spark folder output's commit does): a new folder, a replaced one, an undo after the swap
(a failure or a stop signal later in the commit) that puts the previous folder back whole, an
existing folder never replaced without overwrite, and a killed run's leftovers: its staging
folder removed, a previous folder it left aside (killed between the two renames) put back.
No engine: the folders are written here."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from sqlanon import atomic
from sqlanon.config import TableRef, parse_config
from sqlanon.errors import ConfigError
from tests.release.test_what_it_writes import as_dead, dead_pid


def folder_of(path: Path, files: dict[str, bytes]) -> Path:
    path.mkdir()
    for name, data in files.items():
        (path / name).write_bytes(data)
    return path


def contents(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir())}


def random_files(rng: random.Random) -> dict[str, bytes]:
    """What Spark leaves in a folder: part files, _SUCCESS, hidden checksums (random sizes)."""
    files = {f"part-{i:05d}.parquet": rng.randbytes(rng.randint(0, 64)) for i in range(rng.randint(1, 4))}
    return files | {"_SUCCESS": b"", "._SUCCESS.crc": rng.randbytes(8)}


def beside(target: Path) -> list[str]:
    return sorted(p.name for p in target.parent.iterdir() if p.name != target.name)


@pytest.mark.parametrize("seed", range(4))
def test_swap_replace_and_undo(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    target = tmp_path / "release.parquet"
    old, new = random_files(rng), random_files(rng)
    existed = seed % 2 == 0
    if existed:
        folder_of(target, old)
    staged = folder_of(atomic.staging_folder(target) / "release", new)
    if existed:  # never replaced without overwrite
        with pytest.raises(atomic.AppearedError):
            atomic.swap_in_folder(staged, target, overwrite=False)
        assert contents(target) == old
    swap = atomic.swap_in_folder(staged, target, overwrite=True)
    assert contents(target) == new
    if seed < 2:
        swap.undo()  # what an abort after the commit does (a failing report, a stop signal)
        assert (contents(target) if target.exists() else None) == (old if existed else None)
    else:
        swap.finish()
        assert contents(target) == new
    atomic.discard(staged.parent)
    assert beside(target) == []


def test_a_killed_runs_leftovers(tmp_path: Path) -> None:
    """Killed before the commit: its staging folder goes. Killed between the two renames: the
    output is missing and the previous folder is the backup; it is renamed back."""
    rng = random.Random(5)
    target = tmp_path / "release.parquet"
    pid = dead_pid()
    staged = as_dead(atomic.staging_folder(target), pid)
    folder_of(staged / "release", random_files(rng))
    folder_of(target, random_files(rng))
    old = contents(target)
    swap = atomic.swap_in_folder(folder_of(tmp_path / "new", random_files(rng)), target, overwrite=True)
    assert swap.backup is not None
    shutil.rmtree(target)  # as the killed run left it: the output missing, the previous one aside
    backup = as_dead(swap.backup.parent, pid)
    live = atomic.staging_folder(target)  # this process's: kept
    atomic.remove_leftovers(target)
    assert contents(target) == old
    assert beside(target) == [live.name]
    # the target exists: a dead backup is only removed
    backup.mkdir()
    folder_of(backup / "previous", random_files(rng))
    atomic.remove_leftovers(target)
    assert contents(target) == old and beside(target) == [live.name]


@pytest.mark.parametrize(
    ("output", "engine", "says"),
    [
        ({"path": "hdfs://nn:8020/x", "format": "parquet"}, "spark", "not on this machine's file system"),
        ({"path": "s3a://bucket/x", "format": "parquet"}, "spark", "'s3a://bucket/x'"),
        ({"path": "file://otherhost/x", "format": "parquet"}, "spark", "not on this machine's file system"),
        ({"path": "out/x", "format": "json"}, "spark", "format must be one of parquet, csv"),
        ({"path": "out/x"}, "spark", "format must be one of parquet, csv"),
        ({"path": "out/x", "format": "parquet", "csv": {}}, "spark", "unknown key(s) ['csv']"),
        ({"path": "out/x", "format": "parquet"}, "duckdb", "name one file ending in .parquet"),
        ({"path": "out/x", "format": "parquet"}, "postgres", "or set engine: {kind: spark}"),
        ("out/x.parquet", "spark", "or a folder of Parquet or CSV files, {path: folder, format: parquet}"),
    ],
)
def test_folder_outputs_refused_by_the_configuration(
    tmp_path: Path, output: object, engine: str, says: str
) -> None:
    settings = {
        "duckdb": {},
        "spark": {"kind": "spark"},
        "postgres": {"kind": "postgres", "url": "postgresql://x/y"},
    }
    data = {
        "source": "people.csv",
        "columns": {"zip": {"role": "quasi", "hierarchy": "zip.csv"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": output,
        "engine": settings[engine],
    }
    with pytest.raises(ConfigError) as err:
        parse_config(data, tmp_path)
    assert says in str(err.value)


def test_folder_paths_spelled_as_file_uris(tmp_path: Path) -> None:
    data = {
        "source": {"path": f"file://{tmp_path}/in%20put/../in%20put/", "format": "parquet"},
        "columns": {"zip": {"role": "quasi", "hierarchy": "zip.csv"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": {"path": f"file:{tmp_path}/out.parquet", "format": "csv"},
        "engine": {"kind": "spark"},
    }
    config = parse_config(data, tmp_path)
    assert config.source == TableRef("parquet", tmp_path / "in put", folder=True)
    assert config.output == TableRef("csv", tmp_path / "out.parquet", folder=True)
