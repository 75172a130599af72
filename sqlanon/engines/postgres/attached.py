"""PostgreSQL: what a republished table carries over from the table it replaces.

A release replaces a table by renames (``sqlanon.release.publish``): the release is a new table, and
what PostgreSQL keeps per table would stay with the previous one and be dropped with it. So the
commit, in its transaction and before the swap, gives the staged release what the previous
table had: its owner, its privileges (table and column grants, with their grant options), its
comment and its columns' comments, its row-level security (enabled, forced) and its policies.
Before any work, :meth:`PostgresAttached.refusal` says what could not be carried: an owner the
running user cannot hand a table to, or a policy naming a column the release drops; the run
is refused then rather than publishing a table its readers lost, or one without its policy.

Names are quoted (``psycopg.sql.Identifier``), comments are literals (``psycopg.sql.Literal``),
privileges and policy commands come from fixed lists; a policy's expressions are the server's
own text of them (``pg_get_expr``), recreated on the release in the same session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from psycopg import sql
from sqlglot import exp

from sqlanon.errors import EngineError, InputError

#: run a catalog query (text, bound parameters) and return its rows
Rows = Callable[[str, dict[str, Any]], list[tuple[Any, ...]]]
#: run a statement
Do = Callable[[sql.Composable], None]

#: what ``aclexplode`` names a table's privileges (PostgreSQL 17 adds MAINTAIN)
PRIVILEGES = ("SELECT", "INSERT", "UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER", "MAINTAIN")
#: ``pg_policy.polcmd``: the command a policy applies to
COMMANDS = {"r": "SELECT", "a": "INSERT", "w": "UPDATE", "d": "DELETE", "*": "ALL"}

_TABLE = """
SELECT pg_catalog.pg_get_userbyid(c.relowner), current_user, u.rolsuper,
  pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE'),
  pg_catalog.pg_has_role(current_user, c.relowner, %(set)s),
  pg_catalog.has_schema_privilege(c.relowner, c.relnamespace, 'CREATE'),
  pg_catalog.obj_description(c.oid, 'pg_class'), c.relrowsecurity, c.relforcerowsecurity
FROM pg_catalog.pg_class c, pg_catalog.pg_roles u
WHERE c.oid = %(oid)s::oid AND u.rolname = current_user
"""
#: a table's columns, in order, with their comments
_COLUMNS = """
SELECT a.attname, pg_catalog.col_description(a.attrelid, a.attnum)
FROM pg_catalog.pg_attribute a
WHERE a.attrelid = %(oid)s::oid AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum
"""
#: the grants of a table and of its columns (column NULL: the table's), but the owner's own
_GRANTS = """
SELECT NULL::text, g.grantee = 0, pg_catalog.pg_get_userbyid(g.grantee), g.privilege_type, g.is_grantable
FROM pg_catalog.pg_class c, pg_catalog.aclexplode(c.relacl) g
WHERE c.oid = %(oid)s::oid AND g.grantee <> c.relowner
UNION ALL
SELECT a.attname::text, g.grantee = 0, pg_catalog.pg_get_userbyid(g.grantee), g.privilege_type, g.is_grantable
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid, pg_catalog.aclexplode(a.attacl) g
WHERE c.oid = %(oid)s::oid AND a.attnum > 0 AND NOT a.attisdropped AND g.grantee <> c.relowner
"""
#: the privileges the owner revoked from itself (a new table's owner has them all)
_OWNER_LACKS = """
SELECT d.privilege_type
FROM pg_catalog.pg_class c, pg_catalog.aclexplode(pg_catalog.acldefault('r', c.relowner)) d
WHERE c.oid = %(oid)s::oid AND c.relacl IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM pg_catalog.aclexplode(c.relacl) g
  WHERE g.grantee = c.relowner AND g.privilege_type = d.privilege_type
)
"""
#: a table's row-level security policies: their expressions as the server prints them, and the
#: columns they read (the server records a policy's dependencies on them)
_POLICIES = """
SELECT p.polname, p.polpermissive, p.polcmd,
  ARRAY(SELECT r = 0 FROM unnest(p.polroles) r ORDER BY r),
  ARRAY(SELECT pg_catalog.pg_get_userbyid(r) FROM unnest(p.polroles) r ORDER BY r),
  pg_catalog.pg_get_expr(p.polqual, p.polrelid), pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid),
  ARRAY(
    SELECT a.attname::text FROM pg_catalog.pg_depend d
    JOIN pg_catalog.pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
    WHERE d.classid = 'pg_catalog.pg_policy'::regclass AND d.objid = p.oid
      AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid = p.polrelid AND d.refobjsubid > 0
    ORDER BY a.attnum
  )
FROM pg_catalog.pg_policy p
WHERE p.polrelid = %(oid)s::oid
ORDER BY p.polname
"""


@dataclass(frozen=True)
class Grant:
    #: None: PUBLIC
    grantee: str | None
    privilege: str
    grantable: bool
    #: None: the table's; else the column's
    column: str | None


@dataclass(frozen=True)
class Policy:
    name: str
    permissive: bool
    command: str
    #: None: PUBLIC
    roles: tuple[str | None, ...]
    using: str | None
    check: str | None
    columns: tuple[str, ...]


@dataclass
class PostgresAttached:
    """What a PostgreSQL table has that its replacement gets (an
    :class:`~sqlanon.engines.base.Attached`), read by :func:`read`."""

    rows: Rows
    do: Do
    #: the table, as messages name it
    table: str
    owner: str
    user: str
    #: the running user may: use the owner's privileges (rename the table), become the owner
    #: (hand a table to it), and the owner may create in the table's schema
    superuser: bool
    owner_usage: bool
    owner_set: bool
    owner_create: bool
    comment: str | None
    rls: bool
    force_rls: bool
    column_comments: dict[str, str] = field(default_factory=dict)
    grants: list[Grant] = field(default_factory=list)
    owner_lacks: list[str] = field(default_factory=list)
    policies: list[Policy] = field(default_factory=list)

    def refusal(self, columns: Sequence[str]) -> str | None:
        head = f"The output table {self.table} is to be replaced"
        if not (self.superuser or self.owner_usage):
            return (
                f"{head}, but it is owned by {self.owner!r} and sqlanon runs as {self.user!r}, which does not have "
                f"the privileges of that role: only the owner may replace a table. Run as {self.owner!r}, or make "
                f"{self.user!r} a member of it (GRANT {_role(self.owner)} TO {_role(self.user)})."
            )
        if self.owner != self.user and not self.superuser:
            if not self.owner_set:
                return (
                    f"{head} by a release owned by {self.owner!r}, as it is, but {self.user!r} may not SET ROLE "
                    f"{self.owner!r}, which PostgreSQL requires to give a table to a role. Run as {self.owner!r}, "
                    f"or let {self.user!r} become it (GRANT {_role(self.owner)} TO {_role(self.user)} WITH SET "
                    "TRUE on PostgreSQL 16 and later)."
                )
            if not self.owner_create:
                return (
                    f"{head} by a release owned by {self.owner!r}, as it is, but {self.owner!r} has no CREATE "
                    "privilege on the table's schema, which PostgreSQL requires of a table's new owner. Grant it "
                    f"(GRANT CREATE ON SCHEMA ... TO {_role(self.owner)}), or run as {self.owner!r}."
                )
        unknown = sorted({g.privilege for g in self.grants + _lacks(self)} - set(PRIVILEGES))
        if unknown:
            return (
                f"{head}, and it has privileges sqlanon cannot carry over to the release ({', '.join(unknown)}). "
                "Revoke them, or choose another output table."
            )
        for policy in self.policies:
            missing = [c for c in policy.columns if c not in columns]
            if missing:
                return _lost_columns(self.table, policy, missing)
        return None

    def carry(self, schema: str, name: str) -> None:
        target = sql.Identifier(schema, name) if schema else sql.Identifier(name)
        (oid,) = self.rows(
            "SELECT pg_catalog.to_regclass(%(name)s)::oid::bigint", {"name": _name(schema, name)}
        )[0]
        columns = [str(c) for c, _ in self.rows(_COLUMNS, {"oid": oid})]
        for policy in self.policies:
            missing = [c for c in policy.columns if c not in columns]
            if missing:
                raise InputError(_lost_columns(self.table, policy, missing) + " Nothing was published.")
        if self.owner != self.user:
            # first: grants made by a member of the owning role are recorded as the owner's
            self.do(sql.SQL("ALTER TABLE {} OWNER TO {}").format(target, sql.Identifier(self.owner)))
        if self.comment is not None:
            self.do(sql.SQL("COMMENT ON TABLE {} IS {}").format(target, sql.Literal(self.comment)))
        for column, text in self.column_comments.items():
            if column in columns:
                self.do(
                    sql.SQL("COMMENT ON COLUMN {} IS {}").format(
                        sql.Identifier(*([schema] if schema else []), name, column), sql.Literal(text)
                    )
                )
        for grant in self.grants:
            if grant.column is not None and grant.column not in columns:
                continue  # a column the release no longer has
            self.do(_grant(target, grant))
        for privilege in self.owner_lacks:
            self.do(
                sql.SQL("REVOKE {} ON TABLE {} FROM {}").format(
                    _privilege(privilege), target, sql.Identifier(self.owner)
                )
            )
        if self.rls:
            self.do(sql.SQL("ALTER TABLE {} ENABLE ROW LEVEL SECURITY").format(target))
        if self.force_rls:
            self.do(sql.SQL("ALTER TABLE {} FORCE ROW LEVEL SECURITY").format(target))
        for policy in self.policies:
            try:
                self.do(_create_policy(target, policy))
            except EngineError as err:
                if err.cause is not None:
                    raise
                why = str(err).removeprefix("The SQL engine failed: ").rstrip(".")
                raise InputError(
                    f"The row-level security policy {policy.name!r} of the output table {self.table} cannot be "
                    f"recreated on the release ({why}): its expressions do not hold on the release's columns (a "
                    "generalized column holds labels, not the source's values). Nothing was published; change "
                    "or drop the policy and run again."
                ) from None


def read(rows: Rows, do: Do, oid: int, table: str, server_version: int) -> PostgresAttached:
    """What the table ``oid`` has (``table``: its name for messages)."""
    # PostgreSQL 16 split the right to become a role (SET) from membership
    params = {"oid": oid, "set": "SET" if server_version >= 160000 else "MEMBER"}
    owner, user, superuser, usage, can_set, create, comment, rls, force = rows(_TABLE, params)[0]
    attached = PostgresAttached(
        rows,
        do,
        table,
        str(owner),
        str(user),
        bool(superuser),
        bool(usage),
        bool(can_set),
        bool(create),
        None if comment is None else str(comment),
        bool(rls),
        bool(force),
    )
    attached.column_comments = {str(c): str(t) for c, t in rows(_COLUMNS, params) if t is not None}
    attached.grants = [
        Grant(
            None if public else str(grantee),
            str(privilege),
            bool(grantable),
            None if col is None else str(col),
        )
        for col, public, grantee, privilege, grantable in rows(_GRANTS, params)
    ]
    attached.owner_lacks = [str(p) for (p,) in rows(_OWNER_LACKS, params)]
    attached.policies = [
        Policy(
            str(name),
            bool(permissive),
            COMMANDS.get(str(command), str(command)),
            tuple(None if public else str(role) for public, role in zip(publics, roles, strict=True)),
            None if using is None else str(using),
            None if check is None else str(check),
            tuple(str(c) for c in columns),
        )
        for name, permissive, command, publics, roles, using, check, columns in rows(_POLICIES, params)
    ]
    return attached


def _name(schema: str, name: str) -> str:
    """``schema.name`` quoted, for ``to_regclass``."""
    return exp.Table(
        this=exp.to_identifier(name, quoted=True),
        db=exp.to_identifier(schema, quoted=True) if schema else None,
    ).sql("postgres")


def _role(name: str) -> str:
    """A role's name as SQL would write it (for a message's advice)."""
    return exp.to_identifier(name, quoted=True).sql("postgres")


def _lacks(attached: PostgresAttached) -> list[Grant]:
    return [Grant(attached.owner, p, False, None) for p in attached.owner_lacks]


def _privilege(privilege: str) -> sql.SQL:
    """A privilege's keyword, from the fixed list (refusal() refused any other before work)."""
    if privilege not in PRIVILEGES:
        raise InputError(f"sqlanon cannot carry the privilege {privilege!r} over to the release.")
    return sql.SQL(privilege)


def _grantee(name: str | None) -> sql.Composable:
    return sql.SQL("PUBLIC") if name is None else sql.Identifier(name)


def _grant(target: sql.Composable, grant: Grant) -> sql.Composed:
    what: sql.Composable = _privilege(grant.privilege)
    if grant.column is not None:
        what = sql.SQL("{} ({})").format(what, sql.Identifier(grant.column))
    statement = sql.SQL("GRANT {} ON TABLE {} TO {}").format(what, target, _grantee(grant.grantee))
    if grant.grantable:
        statement = sql.SQL("{} WITH GRANT OPTION").format(statement)
    return statement


def _create_policy(target: sql.Composable, policy: Policy) -> sql.Composed:
    """``CREATE POLICY`` as the previous table had it, its expressions the server's own text."""
    if policy.command not in COMMANDS.values():
        raise InputError(f"sqlanon cannot carry the policy {policy.name!r} over to the release.")
    parts: list[sql.Composable] = [
        sql.SQL("CREATE POLICY {} ON {} AS {} FOR {} TO {}").format(
            sql.Identifier(policy.name),
            target,
            sql.SQL("PERMISSIVE" if policy.permissive else "RESTRICTIVE"),
            sql.SQL(policy.command),
            sql.SQL(", ").join(_grantee(r) for r in policy.roles),
        )
    ]
    if policy.using is not None:
        parts.append(sql.SQL("USING ({})").format(sql.SQL(policy.using)))
    if policy.check is not None:
        parts.append(sql.SQL("WITH CHECK ({})").format(sql.SQL(policy.check)))
    return sql.SQL(" ").join(parts)


def _lost_columns(table: str, policy: Policy, missing: list[str]) -> str:
    return (
        f"The output table {table} has the row-level security policy {policy.name!r}, which reads column(s) "
        f"{', '.join(repr(c) for c in missing)} that the release does not have (an identifier column is "
        "dropped): the policy cannot be recreated on the release, and replacing the table without it would "
        "show its rows to everyone it hid them from. Change or drop the policy, or choose another output table."
    )


__all__ = ["PostgresAttached", "read"]
