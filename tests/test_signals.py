"""SIGINT and SIGTERM stop a run within seconds at any stage, undo what it did and exit 130 / 143
with one line (issue 34, item 4 (c)).

Every test runs a real ``sqlanon`` process and sends it a real signal. The command line shows
its stages on stderr only when stderr is a terminal, so the tests give it a pseudo-terminal and
send the signal as the stage's line appears (:func:`stop_at`); a few runs put a hook in the
process that sends the signal from inside a step (the commit, a cleanup) instead. Spill folders
go to a private ``TMPDIR``, which must be empty afterwards.
"""

from __future__ import annotations

import json
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cli.test_cli import sqlanon_exe, write_yaml

#: one people row per number i of range(rows): 4,999 zip codes, 80 ages, two sexes
PEOPLE = (
    "SELECT 'p' || i AS name, lpad(((i * 7919) % 4999)::VARCHAR, 5, '0') AS zip, 18 + (i * 31) % 80 AS age, "
    "CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END AS sex, 'd' || ((i * 13) % 10) AS disease FROM range({rows}) t(i)"
)
#: a source that takes hours to read in one DuckDB statement: a hash aggregate of 10^11 numbers,
#: whose tasks run long between the points where DuckDB's Python client looks for signals
ENDLESS = (
    "SELECT 'p' || g AS name, lpad((g % 4999)::VARCHAR, 5, '0') AS zip, 18 + g % 80 AS age, "
    "CASE WHEN g % 2 = 0 THEN 'M' ELSE 'F' END AS sex, 'd' || (g % 10) AS disease "
    "FROM (SELECT i % 1000003 AS g, count(*) AS c FROM range(100000000000) t(i) GROUP BY ALL)"
)

COLUMNS = {
    "name": {"role": "identifier"},
    "zip": {"role": "quasi", "hierarchy": {"type": "mask", "levels": [1, 2, 3, 4, 5]}},
    "age": {"role": "quasi", "hierarchy": {"type": "intervals", "widths": [5, 10, 20]}},
    "sex": {"role": "quasi", "hierarchy": {"type": "mask", "levels": [1]}},
    "disease": {"role": "sensitive"},
}
PREVIOUS_REPORT = json.dumps({"command": "anonymize", "passed": True, "note": "the previous report"}) + "\n"
#: how long a stopped run may take to exit (its cleanup included)
PROMPT = 5.0


@dataclass
class Stopped:
    code: int
    #: seconds from the signal to the exit
    seconds: float
    stderr: str
    #: the last stage the process announced before it stopped
    stage: str


def project(folder: Path, query: str, **changes: Any) -> Path:
    """A project folder with a configuration reading ``query``, overwriting ``out/release.csv``
    (an earlier release is there) and an earlier report ``r.json``; its path."""
    folder.mkdir(parents=True)
    (folder / "out").mkdir()
    (folder / "out" / "release.csv").write_text("the previous release\n", encoding="utf-8")
    (folder / "r.json").write_text(PREVIOUS_REPORT, encoding="utf-8")
    (folder / "tmp").mkdir()
    cfg: dict[str, Any] = {
        "source": {"query": query},
        "columns": COLUMNS,
        "criteria": [{"k-anonymity": {"k": 5}}],
        "output": "out/release.csv",
        "overwrite": True,
    }
    cfg.update(changes)
    return write_yaml(folder / "c.yaml", cfg)


def from_a_terminal() -> None:
    """A child's SIGINT as in a program started from a terminal (Python's default handler): a
    shell's background job, as a CI runner may start the tests, has SIGINT ignored, which its
    children inherit; the API then rightly leaves Ctrl-C alone."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def environment(folder: Path) -> dict[str, str]:
    """The run's environment: spill folders in ``folder/tmp``."""
    return {**os.environ, "TMPDIR": str(folder / "tmp"), "PYTHONIOENCODING": "utf-8"}


def stop_at(
    command: list[str],
    stage: str,
    signum: int,
    *,
    cwd: Path,
    env: dict[str, str],
    delay: float = 0.0,
    prompt: float = PROMPT,
    start_timeout: float = 120.0,
    preexec: Any = None,
) -> Stopped:
    """Run ``command`` with stderr on a pseudo-terminal, send ``signum`` ``delay`` seconds after
    it announces ``stage``, and wait ``prompt`` seconds for it to exit (killed and failed if it
    has not)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        cwd=cwd,
        env=env,
        preexec_fn=preexec or from_a_terminal,
    )
    os.close(slave)
    out = b""
    sent: float | None = None
    began = time.monotonic()

    def read(wait: float) -> bool:
        nonlocal out
        ready, _, _ = select.select([master], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the process closed the terminal
            return False
        out += chunk
        return bool(chunk)

    try:
        while proc.poll() is None:
            open_ = read(0.02)
            if sent is None and f"sqlanon: {stage}".encode() in out:
                time.sleep(delay)
                proc.send_signal(signum)
                sent = time.monotonic()
            limit = (sent + prompt) if sent is not None else began + start_timeout
            if time.monotonic() > limit:
                proc.kill()
                proc.wait()
                pytest.fail(
                    f"{'no exit ' + str(prompt) + ' s after the signal' if sent else 'the stage never came'}: "
                    f"{out.decode(errors='replace')[-500:]!r}"
                )
            if not open_ and proc.poll() is None:
                time.sleep(0.01)
        ended = time.monotonic()
        while read(0.05):
            pass
    finally:
        os.close(master)
        if proc.stdout is not None:
            proc.stdout.close()
    assert sent is not None, f"the run ended before {stage!r}: {out.decode(errors='replace')[-500:]!r}"
    text = out.decode("utf-8", errors="replace")
    stages = [part.split("...")[0] for part in text.split("sqlanon: ")[1:] if "..." in part.split("\n")[0]]
    return Stopped(proc.returncode, ended - sent, text, stages[-1] if stages else "")


def one_line(stopped: Stopped, command: str, signum: int, done: str = "nothing was published") -> None:
    """The process exited 128 + signum with one line on stderr (after its progress line, which
    it cleared) and no traceback."""
    name = signal.Signals(signum).name
    assert stopped.code == 128 + signum, stopped.stderr
    assert "Traceback" not in stopped.stderr
    assert stopped.stderr.count("\n") == 1, stopped.stderr  # progress lines end in \r, not \n
    message = stopped.stderr.split("\x1b[K")[-1].strip()
    assert message == f"sqlanon {command}: interrupted ({name}); {done}", stopped.stderr


def left_as_it_was(folder: Path) -> None:
    """The earlier release and report untouched, nothing beside them, no spill folder."""
    assert (folder / "out" / "release.csv").read_text(encoding="utf-8") == "the previous release\n"
    assert (folder / "r.json").read_text(encoding="utf-8") == PREVIOUS_REPORT
    assert sorted(p.name for p in (folder / "out").iterdir()) == ["release.csv"]
    assert sorted(p.name for p in folder.iterdir()) == ["c.yaml", "out", "r.json", "tmp"]
    assert list((folder / "tmp").iterdir()) == []


def run_anonymize(config: Path, *hooks: str) -> subprocess.CompletedProcess[str]:
    """:func:`anonymize` run to its end (at most 120 s), as from a terminal; its output."""
    return subprocess.run(
        anonymize(config, *hooks),
        capture_output=True, text=True, cwd=config.parent, env=environment(config.parent), timeout=120,
        preexec_fn=from_a_terminal,
    )  # fmt: skip


def anonymize(config: Path, *hooks: str) -> list[str]:
    """``sqlanon anonymize CONFIG --report r.json``; with ``hooks`` (Python run first), the command
    line in a Python process that runs them."""
    args = ["anonymize", str(config), "--report", str(config.parent / "r.json")]
    if not hooks:
        return [*sqlanon_exe(), *args]
    body = "\n".join(textwrap.dedent(h) for h in hooks) + "\nfrom sqlanon.cli import main\nmain()\n"
    return [sys.executable, "-c", body, *args]


@pytest.mark.slow
def test_sigint_stops_a_long_duckdb_statement_at_once_process(tmp_path: Path) -> None:
    """SIGINT while DuckDB runs one statement of minutes (reading the source): the statement is
    cancelled, the run exits 130 within seconds with one line, and leaves nothing."""
    config = project(tmp_path / "p", ENDLESS)
    stopped = stop_at(anonymize(config), "reading the source", signal.SIGINT, cwd=config.parent,
                      env=environment(config.parent), delay=1.0)  # fmt: skip
    one_line(stopped, "anonymize", signal.SIGINT)
    assert stopped.stage == "reading the source"
    left_as_it_was(config.parent)


def ignoring_sigint() -> None:
    """A child started as a shell's background job is: SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.slow
def test_a_sigint_the_run_was_started_ignoring_stays_ignored_process(tmp_path: Path) -> None:
    """A shell's background job (``sqlanon anonymize ... &`` in a script) starts with SIGINT
    ignored, so that Ctrl-C at the terminal leaves it running: the run does not take SIGINT
    over, publishes, and exits 0; SIGTERM still stops it."""
    config = project(tmp_path / "p", PEOPLE.format(rows=20_000))
    ran = stop_at(anonymize(config), "reading the source", signal.SIGINT, cwd=config.parent,
                  env=environment(config.parent), prompt=120.0, preexec=ignoring_sigint)  # fmt: skip
    assert ran.code == 0, ran.stderr
    assert "interrupted" not in ran.stderr and "Traceback" not in ran.stderr
    assert (config.parent / "out" / "release.csv").read_text(encoding="utf-8") != "the previous release\n"
    assert json.loads((config.parent / "r.json").read_text(encoding="utf-8"))["passed"] is True
    shutil.rmtree(config.parent)
    config = project(tmp_path / "p", ENDLESS)
    stopped = stop_at(anonymize(config), "reading the source", signal.SIGTERM, cwd=config.parent,
                      env=environment(config.parent), delay=1.0, preexec=ignoring_sigint)  # fmt: skip
    one_line(stopped, "anonymize", signal.SIGTERM)
    left_as_it_was(config.parent)


@pytest.mark.parametrize(
    ("command", "stage"), [("check", "reading the table"), ("audit", "reading the source")]
)
@pytest.mark.slow
def test_sigterm_stops_check_and_audit_and_writes_no_report_process(
    tmp_path: Path, command: str, stage: str
) -> None:
    """The commands that write only a report: SIGTERM inside a long statement stops them within
    seconds, exit 143 with one line, and the earlier report is as it was."""
    config = project(tmp_path / "p", ENDLESS)
    args = [*sqlanon_exe(), command, str(config), "--report", str(config.parent / "r.json")]
    stopped = stop_at(
        args, stage, signal.SIGTERM, cwd=config.parent, env=environment(config.parent), delay=1.0
    )
    one_line(stopped, command, signal.SIGTERM, done="nothing was written")
    left_as_it_was(config.parent)


# every stage of a run, SIGINT and SIGTERM by turns (both end the same way: see the test above)
STAGES = [
    ("encoding", signal.SIGTERM),
    ("searching the lattice", signal.SIGINT),
    ("ranking", signal.SIGTERM),
    ("checking each column one level lower", signal.SIGINT),  # why_coarse
    ("writing the release", signal.SIGINT),
    ("gating the release", signal.SIGTERM),
]


@pytest.mark.slow
@pytest.mark.parametrize(("stage", "signum"), STAGES, ids=[s for s, _ in STAGES])
def test_a_signal_at_any_stage_undoes_the_run_process(tmp_path: Path, stage: str, signum: int) -> None:
    """A signal as a stage starts: the run stops in that stage, exits 128 + signal with one line,
    and the earlier release and report are as they were, with nothing beside them."""
    config = project(tmp_path / "p", PEOPLE.format(rows=200_000))
    stopped = stop_at(anonymize(config), stage, signum, cwd=config.parent, env=environment(config.parent))
    one_line(stopped, "anonymize", signum)
    assert stopped.stage.startswith(stage)
    left_as_it_was(config.parent)


#: the hook: a signal to itself as the commit makes its n-th backup of what it replaces (the
#: release's, then the report's), inside the moves that swap them in
AT_BACKUP = """
import os, signal, tempfile
made = []
real = tempfile.mkdtemp
def mkdtemp(*args, **kwargs):
    path = real(*args, **kwargs)
    if kwargs.get("suffix") == ".bak":
        made.append(path)
        if len(made) == {nth}:
            os.kill(os.getpid(), signal.SIGINT)
    return path
tempfile.mkdtemp = mkdtemp
"""


@pytest.mark.slow
@pytest.mark.parametrize("nth", [1, 2], ids=["release-moved-in", "report-moved-in"])
def test_a_signal_during_the_commit_waits_for_its_moves_then_undoes_them_process(
    tmp_path: Path, nth: int
) -> None:
    """SIGINT in the middle of the commit's moves (the release's, or the report's): they are
    finished, then undone; the earlier release and report are back, no backup is left."""
    config = project(tmp_path / "p", PEOPLE.format(rows=2_000))
    done = run_anonymize(config, AT_BACKUP.replace("{nth}", str(nth)))
    assert done.returncode == 130, done.stderr
    assert done.stderr == "sqlanon anonymize: interrupted (SIGINT); nothing was published\n"
    left_as_it_was(config.parent)


#: the hook: SIGINT as the commit, made final, drops what the release replaced
AS_FINAL = """
import os, signal
import sqlanon.atomic
finish = sqlanon.atomic.Swap.finish
def finished(self):
    if self.backup is not None:
        os.kill(os.getpid(), signal.SIGINT)
    return finish(self)
sqlanon.atomic.Swap.finish = finished
"""


@pytest.mark.slow
def test_a_signal_once_the_commit_is_final_is_ignored_process(tmp_path: Path) -> None:
    """SIGINT as the commit drops the releases it replaced: the run is past stopping; it ends as
    it would have (exit 0, the release and its report published, no backup left)."""
    config = project(tmp_path / "p", PEOPLE.format(rows=2_000))
    done = run_anonymize(config, AS_FINAL)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    folder = config.parent
    assert json.loads((folder / "r.json").read_text(encoding="utf-8"))["passed"] is True
    assert (folder / "out" / "release.csv").read_text(encoding="utf-8").startswith("zip,age,sex,disease\n")
    assert sorted(p.name for p in (folder / "out").iterdir()) == ["release.csv"]
    assert sorted(p.name for p in folder.iterdir()) == ["c.yaml", "out", "r.json", "tmp"]
    assert list((folder / "tmp").iterdir()) == []


#: the hooks: SIGINT as the release's staging folder is made, and SIGINT again as the run, stopped
#: by the first, removes that folder (it leaves a file saying so)
AGAIN_IN_CLEANUP = """
import os, signal
from pathlib import Path
import sqlanon.atomic
staging_folder, discard = sqlanon.atomic.staging_folder, sqlanon.atomic.discard
def first(target):
    folder = staging_folder(target)
    os.kill(os.getpid(), signal.SIGINT)
    return folder
def again(path):
    if path is not None and path.name.endswith(".tmp") and path.is_dir():
        Path("second-signal-sent").touch()
        os.kill(os.getpid(), signal.SIGINT)
    return discard(path)
sqlanon.atomic.staging_folder, sqlanon.atomic.discard = first, again
"""


@pytest.mark.slow
def test_a_second_sigint_during_the_cleanup_does_not_break_it_process(tmp_path: Path) -> None:
    """Ctrl-C as the release is staged, and again while the run removes what it staged: the
    cleanup runs to its end, and the run exits 130 with one line."""
    config = project(tmp_path / "p", PEOPLE.format(rows=2_000))
    done = run_anonymize(config, AGAIN_IN_CLEANUP)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "sqlanon anonymize: interrupted (SIGINT); nothing was published\n"
    (config.parent / "second-signal-sent").unlink()  # the cleanup was reached
    left_as_it_was(config.parent)


#: the race CI met (the API program above hung until killed): the watcher thread read the
#: signal before the run registered its next engine call, so found nothing to cancel, and the
#: handler, running once the call was registered, left the stop to the call's end; the call
#: (a statement of hours) then ran. Here the watcher's part runs first, as then.
RACE_PROGRAM = """
import json, signal
from sqlanon import interrupt

entered, cancels, outcome = [], [], "finished"
with interrupt.guard():
    interrupt._noticed(signal.SIGINT)  # the watcher: a stop, and no engine call to cancel yet
    try:
        with interrupt.statement(lambda: cancels.append(1)):
            entered.append(1)  # the engine call would start here
    except KeyboardInterrupt as stop:
        outcome = type(stop).__name__
print(json.dumps({"outcome": outcome, "entered": entered, "cancels": cancels}))
"""


@pytest.mark.slow
def test_a_stop_before_an_engine_call_is_registered_never_starts_it_process() -> None:
    done = subprocess.run(
        [sys.executable, "-c", RACE_PROGRAM],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=from_a_terminal,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"outcome": "Interrupted", "entered": [], "cancels": []}


#: a program using the API on its own DuckDB connection: Ctrl-C (SIGINT to itself) one second
#: into a statement of minutes; it prints what it then finds on the connection
API_PROGRAM = """
import json, os, signal, sys, threading, time
import duckdb
import sqlanon

con = duckdb.connect()
con.execute("SET threads = 2")
con.execute("CREATE TABLE kept AS SELECT 1 AS x")
sent = []

def ctrl_c():
    sent.append(time.monotonic())
    os.kill(os.getpid(), signal.SIGINT)

def stage(name):
    if name == "reading the source":
        threading.Timer(1.0, ctrl_c).start()

config = json.loads(sys.argv[1])
try:
    sqlanon.anonymize(config, connection=con, stage=stage)
    outcome = "finished"
except KeyboardInterrupt:
    outcome = "KeyboardInterrupt"
seconds = time.monotonic() - sent[0] if sent else None
found = con.execute(
    "SELECT table_name FROM information_schema.tables WHERE table_name ILIKE '%sqlanon%' OR table_name = 'release'"
).fetchall()
print(json.dumps({
    "outcome": outcome,
    "seconds": seconds,
    "found": [r[0] for r in found],
    "kept": con.execute("SELECT x FROM kept").fetchall(),
    "threads": con.execute("SELECT current_setting('threads')").fetchall()[0][0],
    "default_handler": signal.getsignal(signal.SIGINT) is signal.default_int_handler,
    "attached": [r[0] for r in con.execute("SELECT database_name FROM duckdb_databases() WHERE NOT internal").fetchall()],
}))
"""


@pytest.mark.slow
@pytest.mark.parametrize("output", [None, {"table": "release"}], ids=["returned", "table"])
def test_ctrl_c_in_the_api_raises_keyboard_interrupt_and_leaves_the_connection_clean_process(
    tmp_path: Path, output: Any
) -> None:
    """The API on a caller's DuckDB connection, Ctrl-C inside a statement of minutes: the
    program gets KeyboardInterrupt within seconds; the connection works, without the run's temp
    tables or an output table, with its settings and Python's SIGINT handler as they were."""
    config: dict[str, Any] = {"source": {"query": ENDLESS}, "columns": COLUMNS,
                              "criteria": [{"k-anonymity": {"k": 5}}]}  # fmt: skip
    if output is not None:
        config["output"] = output
    (tmp_path / "tmp").mkdir()
    done = subprocess.run(
        [sys.executable, "-c", API_PROGRAM, json.dumps(config)],
        capture_output=True, text=True, cwd=tmp_path, env=environment(tmp_path), timeout=120,
        preexec_fn=from_a_terminal,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["outcome"] == "KeyboardInterrupt"
    assert found["seconds"] < PROMPT
    assert found["found"] == []
    assert found["kept"] == [[1]]
    assert found["threads"] == 2
    assert found["default_handler"] is True
    assert found["attached"] == ["memory"]
    assert done.stderr == ""
    assert list((tmp_path / "tmp").iterdir()) == []


# --------------------------------------------------------------------------- PostgreSQL

PG_PEOPLE = (
    "CREATE TABLE sig.people AS SELECT 'p' || i AS name, lpad(((i * 7919) % 4999)::text, 5, '0') AS zip, "
    "18 + (i * 31) % 80 AS age, CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END AS sex, "
    "'d' || ((i * 13) % 10) AS disease FROM generate_series(0, 29999) i"
)


@pytest.fixture
def pg(postgres: Any) -> Iterator[Any]:
    """A connection to the test server, with the table ``sig.people`` (30,000 rows) and the
    table ``sig.release`` (one row: an earlier release); both dropped afterwards."""
    import psycopg

    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    con.execute("DROP SCHEMA IF EXISTS sig CASCADE")
    con.execute("CREATE SCHEMA sig")
    con.execute(PG_PEOPLE)
    con.execute("CREATE TABLE sig.release AS SELECT 'the previous release' AS note")
    try:
        yield con
    finally:
        con.execute("DROP SCHEMA IF EXISTS sig CASCADE")
        con.close()


def pg_config(folder: Path, postgres: Any, source: Any, output: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "tmp").mkdir()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    cfg = {"engine": engine, "source": source, "columns": COLUMNS, "criteria": [{"k-anonymity": {"k": 5}}],
           "output": {"table": output}, "overwrite": True}  # fmt: skip
    return write_yaml(folder / "c.yaml", cfg)


def pg_left_as_it_was(con: Any, folder: Path) -> None:
    """No table of sqlanon's in the server, ``sig`` as it was, no statement of the run still
    running on the server (the run cancelled it before it exited), no spill folder."""
    tables = con.execute(
        "SELECT n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE c.relkind = 'r' AND (c.relname LIKE '%sqlanon%' OR n.nspname = 'sig') ORDER BY 1"
    ).fetchall()
    assert [t for (t,) in tables] == ["sig.people", "sig.release"]
    assert con.execute("SELECT note FROM sig.release").fetchall() == [("the previous release",)]
    running = con.execute(
        "SELECT query FROM pg_stat_activity WHERE application_name = 'sqlanon' AND state <> 'idle'"
    ).fetchall()
    assert running == []
    assert list((folder / "tmp").iterdir()) == []


def test_sigint_cancels_a_long_postgres_statement_process(tmp_path: Path, postgres: Any, pg: Any) -> None:
    """SIGINT while PostgreSQL runs a statement of minutes (a source query that sleeps): the
    server cancels it, the run exits 130 within seconds with one line and leaves nothing."""
    config = pg_config(tmp_path / "p", postgres, {"query": "SELECT p.* FROM sig.people p, pg_sleep(600) s"},
                       "sig.new_release")  # fmt: skip
    stopped = stop_at([*sqlanon_exe(), "anonymize", str(config)], "reading the source", signal.SIGINT,
                      cwd=config.parent, env=environment(config.parent), delay=1.0)  # fmt: skip
    one_line(stopped, "anonymize", signal.SIGINT)
    pg_left_as_it_was(pg, config.parent)


def test_sigterm_while_the_release_is_written_leaves_the_postgres_output_as_it_was_process(
    tmp_path: Path, postgres: Any, pg: Any
) -> None:
    """SIGTERM while the release replacing ``sig.release`` is written in the server: the run's
    transaction is rolled back, and it exits 143 with one line."""
    config = pg_config(tmp_path / "p", postgres, {"table": "sig.people"}, "sig.release")
    stopped = stop_at([*sqlanon_exe(), "anonymize", str(config)], "writing the release", signal.SIGTERM,
                      cwd=config.parent, env=environment(config.parent))  # fmt: skip
    one_line(stopped, "anonymize", signal.SIGTERM)
    pg_left_as_it_was(pg, config.parent)


#: a program with its own SIGINT handler (it counts the signals and looks at the release when it
#: gets one) runs the API in its main thread, then in another thread; SIGINT comes in the middle
#: of the commit's moves; it prints which handler each stage saw and what its handler saw
OWN_HANDLER = """
import json, os, signal, sys, tempfile, threading
import sqlanon

seen = []
def own(signum, frame):
    seen.append(open("out/release.csv").read().startswith("zip,"))
signal.signal(signal.SIGINT, own)

real = tempfile.mkdtemp
def mkdtemp(*args, **kwargs):
    path = real(*args, **kwargs)
    if kwargs.get("suffix") == ".bak":
        os.kill(os.getpid(), signal.SIGINT)
    return path
tempfile.mkdtemp = mkdtemp

handlers = []
def stage(name):
    handlers.append(signal.getsignal(signal.SIGINT) is own)
config = json.loads(sys.argv[1])
main = sqlanon.anonymize(config, stage=stage).passed
os.replace("out/release.csv", "out/first.csv")
with open("out/release.csv", "w") as f:
    f.write("the previous release\\n")
other = []
thread = threading.Thread(target=lambda: other.append(sqlanon.anonymize(config, stage=stage).passed))
thread.start()
thread.join()
print(json.dumps({"passed": [main, other], "handlers": handlers, "seen": seen,
                  "still_own": signal.getsignal(signal.SIGINT) is own}))
"""


@pytest.mark.slow
def test_a_programs_own_sigint_handler_is_left_in_place_and_gets_the_signal_after_the_commit_process(
    tmp_path: Path,
) -> None:
    """The API never replaces a program's own SIGINT handler (in the main thread or another):
    in the main thread, a SIGINT in the middle of the commit's moves reaches it once the moves
    are done (it sees the new release), and the run, not stopped by that handler, publishes."""
    config = project(tmp_path / "p", PEOPLE.format(rows=2_000))
    cfg = yaml.safe_load(config.read_text(encoding="utf-8"))
    done = subprocess.run(
        [sys.executable, "-c", OWN_HANDLER, json.dumps(cfg)],
        capture_output=True, text=True, cwd=config.parent, env=environment(config.parent), timeout=120,
        preexec_fn=from_a_terminal,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["passed"] == [True, [True]]
    assert found["handlers"] and all(found["handlers"])
    # once per run: in the main thread after the moves (the new release in place); from the
    # other thread's run, at once (signals interrupt the main thread only, not that run)
    assert len(found["seen"]) == 2 and found["seen"][0] is True
    assert found["still_own"] is True
