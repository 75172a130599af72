"""What opens an engine and how it reads files: the ``engine:`` and ``csv:`` settings as the
engines take them (the configuration parses its YAML into these; engines never import it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass(frozen=True)
class CsvOptions:
    delimiter: str = ","
    quote: str = '"'
    escape: str = '"'
    header: bool = True
    #: the longest line DuckDB's reader takes, in bytes (None: DuckDB's default, 2,000,000)
    max_line_size: int | None = None


#: the largest ``csv: max_line_size`` (DuckDB refuses some larger values; no line is that long)
MAX_LINE_SIZE = 2**40


@dataclass(frozen=True)
class EngineSettings:
    """The engine of a run (``engine:`` in the configuration). DuckDB's settings; None: DuckDB's default
    (memory_limit: 80 % of RAM; threads: the cores). Spill files always go to a private temporary
    folder (``temp_directory``, default one under the system's temp folder, removed afterwards)."""

    memory_limit: str | None = None
    threads: int | None = None
    temp_directory: Path | None = None
    #: which engine runs the SQL (``duckdb``, ``postgres``, ``spark``)
    kind: str = "duckdb"
    #: PostgreSQL: a libpq URL without a password, and the environment variable holding it
    url: str | None = None
    password_env: str | None = None
    #: Spark: the master URL and settings (``spark.*`` keys) the session is built with
    master: str = "local[*]"
    #: Spark Connect: the server's URL (``sc://host:port``) or ``local[N]`` (None: a classic
    #: session of ``master``)
    remote: str | None = None
    conf: tuple[tuple[str, str], ...] = ()
    #: the caller's open connection (the Python API's ``connection=``): the run uses it, and
    #: leaves it open, instead of opening one
    connection: Any = field(default=None, compare=False, repr=False)


#: libpq's connection parameters that hold a secret (or name a file of passwords): never in a
#: URL written in a configuration file
URL_SECRETS = frozenset({"password", "passfile", "sslpassword", "oauth_client_secret"})


def url_problem(url: Any) -> str | None:
    """What is wrong with ``url`` as ``engine.url`` (None: nothing). The message never repeats
    the URL: a wrong one may hold a password."""
    if not isinstance(url, str) or not url.strip().startswith(("postgresql://", "postgres://")):
        return (
            "engine.url must be a URL that starts with postgresql://, such as "
            "postgresql://analyst@db.example.org:5432/warehouse (the value given is not repeated here: it may hold "
            "a password; libpq's key=value strings are not accepted)."
        )
    try:
        parts = urlsplit(url.strip())
    except ValueError as err:  # urllib's message quotes the host: it is not repeated
        bracket = "IPv4 or IPv6 address" in str(err)
        return "engine.url " + (
            "has a host in square brackets that is not an IP address: brackets are for IPv6 addresses, "
            "such as postgresql://analyst@[2001:db8::1]:5432/warehouse; write a host name without them."
            if bracket
            else "is not a well-formed URL (a '[' without its ']', or the other way round); write it as "
            "postgresql://analyst@db.example.org:5432/warehouse."
        )
    query = {k.lower() for k in parse_qs(parts.query, keep_blank_values=True)}
    secrets = sorted(query & URL_SECRETS)
    if parts.password or secrets:
        what = "a password" if parts.password else f"the secret parameter {', '.join(secrets)}"
        return (
            f"engine.url holds {what}; remove it from the URL (a secret in a configuration file can be read by "
            "anyone who reads the file). Put the password in an environment variable named by "
            "engine.password_env, and other secrets (sslpassword, oauth_client_secret) in a libpq connection "
            "service file (pg_service.conf, named in the URL by ?service=...)."
        )
    return None
