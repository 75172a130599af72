"""A real Spark Connect server for the tests: a Python process of its own running a local Spark
(``local[2]``) with Spark Connect's plugin, from pyspark's own jars, listening on a free
loopback port without authentication, its warehouse in a temporary folder; and a client
session to it in the test process.

The server is a process (a JVM) of its own, not the one ``SparkSession.builder.remote("local")``
would start inside the test process: that one refuses to start beside the tests' classic Spark
session (one SparkContext per process), and, once started, makes pyspark treat the process's
sessions as Connect ones."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

#: the server: a local Spark with the Connect plugin, until its stdin closes
_SERVER = textwrap.dedent(
    """
    import sys
    from pyspark.sql import SparkSession
    port, warehouse, local, log4j = sys.argv[1:5]
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("sqlanon-tests-connect")
        .config("spark.plugins", "org.apache.spark.sql.connect.SparkConnectPlugin")
        .config("spark.connect.grpc.binding.address", "127.0.0.1")
        .config("spark.connect.grpc.binding.port", port)
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.adaptive.enabled", "false")  # as the shared session (tests/conftest.py)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.warehouse.dir", warehouse)
        .config("spark.local.dir", local)
        .config("spark.driver.extraJavaOptions", "-Dlog4j2.configurationFile=file:" + log4j)
        .getOrCreate()
    )
    print("ready", flush=True)
    sys.stdin.read()
    spark.stop()
    """
)


@dataclass
class Server:
    url: str  # sc://127.0.0.1:<port>
    folder: Path
    process: subprocess.Popen[str]
    #: a client session of the test process (pyspark.sql.connect.session.SparkSession)
    session: Any


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(folder: Path, timeout: float = 300.0) -> Server:
    """Start the server and open a session to it (RuntimeError with the server's last output
    when it does not start)."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession  # the connect extra

    log4j = str(resources.files("sqlanon.engines.spark").joinpath("log4j2.properties"))
    port = _free_port()
    env = {
        k: v for k, v in os.environ.items() if k not in ("SPARK_REMOTE", "SPARK_CONNECT_AUTHENTICATE_TOKEN")
    }
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-c", _SERVER, str(port), str(folder / "warehouse"), str(folder / "local"), log4j],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True, cwd=folder, env=env,
    )  # fmt: skip
    log.close()
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    line = "-"
    while line and line.strip() != "ready":  # "" when the server died
        line = process.stdout.readline()
    if not line:
        stop_process(process)
        raise RuntimeError(
            f"the Spark Connect server did not start: {(folder / 'server.log').read_text()[-2000:]}"
        )
    url = f"sc://127.0.0.1:{port}"
    session = ConnectSession.builder.remote(url).create()
    while True:  # the plugin's gRPC service may answer a moment after the session is up
        try:
            session.sql("SELECT 1").collect()
            break
        except Exception:
            if time.monotonic() > deadline:
                stop_process(process)
                raise
            time.sleep(0.5)
    return Server(url, folder, process, session)


def stop_process(process: subprocess.Popen[str]) -> None:
    try:
        if process.stdin is not None:
            process.stdin.close()  # the server stops its Spark and exits
        process.wait(timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        process.kill()
        process.wait()


def stop(server: Server) -> None:
    try:
        server.session.stop()
    finally:
        stop_process(server.process)
