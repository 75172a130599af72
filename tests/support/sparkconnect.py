"""A real Spark Connect server for the tests: Spark Connect's plugin (from pyspark's own jars)
started inside the test run's shared classic Spark session (tests/conftest.py's ``spark``),
listening on a free loopback port without authentication; and a client session to it in the
test process.

The server shares the classic session's JVM, its SparkContext and catalog (a Connect client
gets a session of its own, with its own settings and temp views, as on any server): a second
JVM would cost the run its start, its memory and its own warming up, on machines of two
cores. ``SparkSession.builder.remote("local")`` cannot serve instead: it refuses to start
beside the classic session (one SparkContext per process) and, once started, makes pyspark
treat the process's sessions as Connect ones."""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any

#: the plugin's class, as ``spark.plugins`` takes it
PLUGIN = "org.apache.spark.sql.connect.SparkConnectPlugin"
#: the setting holding the server's port
PORT = "spark.connect.grpc.binding.port"


@dataclass
class Server:
    url: str  # sc://127.0.0.1:<port>
    #: a client session of the test process (pyspark.sql.connect.session.SparkSession)
    session: Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def plugin_conf(port: int) -> list[tuple[str, str]]:
    """The settings that start the plugin, on ``port`` of the loopback interface, in a session
    being built."""
    return [
        ("spark.plugins", PLUGIN),
        ("spark.connect.grpc.binding.address", "127.0.0.1"),
        (PORT, str(port)),
    ]


def connect(port: int, timeout: float = 120.0) -> Server:
    """A client session to the plugin's server on ``port`` (its gRPC service may answer a
    moment after the classic session is up)."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession  # the connect extra

    url = f"sc://127.0.0.1:{port}"
    session = ConnectSession.builder.remote(url).create()
    deadline = time.monotonic() + timeout
    while True:
        try:
            session.sql("SELECT 1").collect()
            return Server(url, session)
        except Exception:
            if time.monotonic() > deadline:
                session.stop()
                raise
            time.sleep(0.5)


def stop(server: Server) -> None:
    server.session.stop()
