"""A real PostgreSQL server for the tests, started from nothing and stopped at the end.

PostgreSQL refuses to run as root, so when the tests run as root the server runs as the
unprivileged ``postgres`` user (Debian's package creates it) via ``runuser``; otherwise as the
current user. It listens on a free loopback port, keeps its socket and data in a private
temporary folder, and needs a password (scram-sha-256), which the tests pass through an
environment variable as a user would.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

from sqlanon.atomic import alive

#: the environment variable that holds the test server's password
PASSWORD_ENV = "SQLANON_TEST_PG_PASSWORD"
USER = "sqlanon_test"


@dataclass(frozen=True)
class Server:
    url: str  # libpq URL without the password
    password_env: str
    folder: Path


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl: Debian's newest PostgreSQL, else the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


def stop_stale(bin_dir: Path) -> None:
    """Stop and remove the servers of test runs that were killed before they could."""
    for folder in Path(tempfile.gettempdir()).glob("sqlanon-pg-*-*"):
        owner = folder.name.split("-")[2]
        if owner.isdigit() and not alive(int(owner)):
            if (folder / "data").is_dir():
                subprocess.run(
                    _as_server_user(
                        [str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "stop"]
                    ),
                    capture_output=True,
                    timeout=60,
                )
            shutil.rmtree(folder, ignore_errors=True)


def start() -> Server:
    """initdb + pg_ctl start in a new folder; raise RuntimeError saying why it could not."""
    bin_dir = binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL's initdb is not installed (Debian: apt-get install postgresql)")
    stop_stale(bin_dir)
    folder = Path(tempfile.mkdtemp(prefix=f"sqlanon-pg-{os.getpid()}-"))
    password = secrets.token_hex(16)
    (folder / "pw").write_text(password + "\n")
    if os.geteuid() == 0:
        entry = pwd.getpwnam("postgres")
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        os.chown(folder / "pw", entry.pw_uid, entry.pw_gid)
    folder.chmod(0o700)
    data = folder / "data"
    port = _free_port()
    run = {"check": True, "capture_output": True, "text": True, "timeout": 120}
    subprocess.run(
        _as_server_user(
            [str(bin_dir / "initdb"), "-D", str(data), "-U", USER, "--auth=scram-sha-256", f"--pwfile={folder / 'pw'}",
             "-E", "UTF8", "--locale=C", "--no-sync"]
        ),
        **run,  # type: ignore[call-overload]
    )  # fmt: skip
    (folder / "pw").unlink()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories={folder} -c fsync=off -c full_page_writes=off"
    subprocess.run(
        _as_server_user(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(folder / "log"),
                "-o",
                options,
                "-w",
                "start",
            ]
        ),
        **run,  # type: ignore[call-overload]
    )
    os.environ[PASSWORD_ENV] = password
    return Server(f"postgresql://{USER}@127.0.0.1:{port}/postgres", PASSWORD_ENV, folder)


def stop(server: Server) -> None:
    bin_dir = binaries()
    if bin_dir is not None:
        subprocess.run(
            _as_server_user(
                [str(bin_dir / "pg_ctl"), "-D", str(server.folder / "data"), "-m", "immediate", "stop"]
            ),
            capture_output=True,
            timeout=60,
        )
    shutil.rmtree(server.folder, ignore_errors=True)


def load(
    con: psycopg.Connection[Any],
    schema: str,
    table: str,
    columns: Sequence[tuple[str, str]],
    rows: Iterable[Sequence[Any]],
) -> None:
    """(Re)create ``schema.table`` with ``columns`` (name, PostgreSQL type) and fill it with
    ``rows`` by COPY; names quoted, values sent as data."""
    name = sql.Identifier(schema, table)
    con.execute(sql.SQL("DROP TABLE IF EXISTS {} CASCADE").format(name))
    defs = sql.SQL(", ").join(sql.SQL("{} {}").format(sql.Identifier(c), sql.SQL(t)) for c, t in columns)
    con.execute(sql.SQL("CREATE TABLE {} ({})").format(name, defs))
    with con.cursor().copy(sql.SQL("COPY {} FROM STDIN").format(name)) as copy:
        for row in rows:
            copy.write_row(row)
    con.execute(sql.SQL("ANALYZE {}").format(name))
