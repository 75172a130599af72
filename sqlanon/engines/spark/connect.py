"""Spark Connect sessions (``pyspark.sql.connect``): one sqlanon makes (``engine.remote``: a
server at ``sc://host:port``, or a local one it starts, ``local[N]``), and what a run on any
Connect session changes in the client process (the thread's active session, the progress bar).
No ``sparkContext`` and no JVM on the client: ``engine.py`` runs the same SQL through it."""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Sequence
from typing import Any

from sqlanon import interrupt
from sqlanon.engines.spark.defaults import DEFAULTS, RUNTIME, built
from sqlanon.errors import EngineError


def is_connect(spark: Any) -> bool:
    """Whether ``spark`` is a Spark Connect session (``pyspark.sql.connect``), not a classic one."""
    return type(spark).__module__.startswith("pyspark.sql.connect")


#: Spark Connect's client prints a progress bar when this is 1 (pyspark.sql.connect.shell):
#: unset while sqlanon runs
PROGRESS_BAR = "SPARK_CONNECTPROGRESS_BAR_ENABLED"


def connect_session(remote: str, conf: Sequence[tuple[str, str]] = ()) -> tuple[Any, list[str]]:
    """A new Spark Connect session: to the server at ``remote`` (``sc://host:port``), or, for
    ``local[N]``, to a server started in this process from pyspark's jars (:func:`_local_server`,
    stopped with the session). engine.conf's settings go to the builder: a server sqlanon starts
    takes them all; a running server takes the session's runtime settings (``spark.sql.*``) and
    keeps its own for the others (pyspark ignores those silently). Also the environment
    variables a local server's start added (removed when it stops)."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    if remote.startswith("local"):
        return _local_server(remote, conf)
    _answers(remote)
    connect = ConnectSession.builder.remote(remote)
    settings = {k: v for k, v in DEFAULTS.items() if k in RUNTIME}
    settings.update(conf)
    for key, value in settings.items():
        connect = connect.config(key, value)
    return connect.create(), []


#: how long a Spark Connect server's port may take to accept a connection
CONNECT_SECONDS = 15.0


def _answers(remote: str) -> None:
    """Raise unless something listens at the host and port of ``remote`` (``sc://host[:port]``,
    15002 by default): pyspark's client retries a refused connection with growing pauses for
    minutes before it fails. The URL is not repeated in the message (it may name a user)."""
    address = remote.removeprefix("sc://").split("/", 1)[0].split(";", 1)[0]
    host, _, port = (
        address.rpartition(":") if address.rpartition(":")[2].isdigit() else (address, "", "15002")
    )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise EngineError(
            f"No Spark Connect server answers at engine.remote's host and port ({type(err).__name__}: "
            f"{err.strerror or 'no answer within ' + str(int(CONNECT_SECONDS)) + ' s'}); check that the server "
            "runs and that this machine reaches it.",
            cause="connection",
        ) from None


#: pyspark's environment variables of a local Spark Connect server in the process (its stop()
#: stops the server and removes them), and the server's token, which its clients read
_LOCAL_SERVER = ("SPARK_LOCAL_REMOTE", "SPARK_CONNECT_MODE_ENABLED")
_TOKEN = "SPARK_CONNECT_AUTHENTICATE_TOKEN"


def _local_server(master: str, conf: Sequence[tuple[str, str]]) -> tuple[Any, list[str]]:
    """A session to a Spark Connect server started in this process (pyspark's
    ``remote("local[N]")``, which is a classic Spark context of this process with the Connect
    plugin, so with sqlanon's logging off), listening on a free loopback port (pyspark's own
    local mode takes port 15002, where another program's server may listen), with a token
    only this process knows (pyspark's)."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    classic = sys.modules.get("pyspark.core.context")
    if (
        any(key in os.environ for key in _LOCAL_SERVER)
        or ConnectSession.getActiveSession() is not None
        or (classic is not None and classic.SparkContext._active_spark_context is not None)
    ):
        raise EngineError(
            "engine.remote local[...] starts a Spark Connect server in this process, which already runs Spark "
            "(a classic session, a local Connect server or a Connect session): pass that session to the Python "
            "API with connection=, or give engine.remote the server's sc://host:port.",
            cause="connection",
        )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    options: dict[str, Any] = {
        **built(conf),
        "spark.app.name": "sqlanon",
        "spark.connect.grpc.binding.address": "127.0.0.1",
        "spark.connect.grpc.binding.port": str(port),
    }
    added = [key for key in (*_LOCAL_SERVER, _TOKEN) if key not in os.environ]
    os.environ["SPARK_LOCAL_REMOTE"] = "1"
    try:
        with interrupt.handlers_kept():  # the server's SparkContext would keep a SIGINT handler
            ConnectSession._start_connect_server(master, options)
        os.environ["SPARK_CONNECT_MODE_ENABLED"] = "1"
        runtime = {k: v for k, v in options.items() if k.startswith("spark.sql.")}  # the session's own
        return ConnectSession.builder.remote(f"sc://localhost:{port}").config(map=runtime).create(), added
    except BaseException:
        _stop_local(added)
        raise


def _stop_local(added: Sequence[str]) -> None:
    """Stop the process's local Connect server (if it started) and remove the environment
    variables sqlanon's start ``added``."""
    from pyspark.sql.session import SparkSession as ClassicSession

    server = ClassicSession._activeSession
    if server is not None:
        server.stop()
    for key in added:
        os.environ.pop(key, None)


def stop_connect(spark: Any, added: Sequence[str] | None) -> None:
    """Stop a Connect session sqlanon made; ``added`` (not None): also the local server it
    started, and the environment variables its start added. pyspark stops the process's local
    server with any session stopped while one runs: it is kept running for a session to
    another server."""
    kept = (
        {} if added is not None else {key: os.environ.pop(key) for key in _LOCAL_SERVER if key in os.environ}
    )
    try:
        spark.stop()
    finally:
        os.environ.update(kept)
        for key in added or ():
            os.environ.pop(key, None)


def activate(spark: Any, owned: bool) -> tuple[bool, Any]:
    """Make the Connect session ``spark`` this thread's active one: pyspark gives a checkpoint's
    result (``localCheckpoint``) to the thread's active session, not to the session that made
    it (``pyspark.sql.connect.conversion.proto_to_remote_cached_dataframe``), and with another
    session active (the program's, beside sqlanon's own) the kept result is then looked for in
    the wrong session (CONNECT_INVALID_PLAN.DATAFRAME_NOT_FOUND). Whether it could be set, and
    the session that was active, for :func:`deactivate` (a session sqlanon made, ``owned``,
    which pyspark made active when none was, is not left active)."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    local = getattr(ConnectSession, "_active_session", None)
    if local is None:
        return False, None
    before = getattr(local, "session", None)
    local.session = spark
    return True, None if owned and before is spark else before


def deactivate(activated: tuple[bool, Any]) -> None:
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    done, before = activated
    if done:
        ConnectSession._active_session.session = before


__all__ = ["PROGRESS_BAR", "activate", "connect_session", "deactivate", "is_connect", "stop_connect"]
