"""How a cell that may be NULL becomes a class key or a dictionary value (text), with NULL kept
out of band: no value, whatever its text, is ever counted with NULL, nor with another value.

The gate compares quasi-identifiers and sensitive values as text, and classes are named by
text keys (joins and GROUP BYs on keys that may not be NULL). A cell's key is:

* NULL: :data:`NULL_VALUE`, the word NULL between two record-separator characters (U+001E);
* a value that starts with U+001E: the value with one more U+001E in front (so the text of
  :data:`NULL_VALUE` itself is written with two, and stays apart from NULL);
* any other value: the value itself (numbers, dates, the empty string, every usual label).

No value's key is :data:`NULL_VALUE` (it starts with a single U+001E followed by ``N``), and
two values share no key, so :func:`from_key` reads back what :func:`to_key` wrote. The SQL forms
(:func:`to_key_sql`, :func:`from_key_sql`; in templates the filters ``key`` and ``unkey``) do the
same in every engine.
"""

from __future__ import annotations

from sqlglot import exp

#: the key of NULL; control characters around it keep it out of ordinary text, and it holds no
#: NUL character, which PostgreSQL's text cannot hold
NULL_VALUE = "\x1eNULL\x1e"
#: the character a value's key gets one more of in front when the value starts with it
ESCAPE = "\x1e"


def to_key(value: str | None) -> str:
    """The key of a cell (None: NULL)."""
    if value is None:
        return NULL_VALUE
    return ESCAPE + value if value.startswith(ESCAPE) else value


def from_key(text: str) -> str | None:
    """The cell whose key is ``text`` (None: NULL)."""
    if text == NULL_VALUE:
        return None
    return text[1:] if text.startswith(ESCAPE) else text


def _starts_escaped(expr: exp.Expr) -> exp.Expr:
    return exp.Like(this=expr.copy(), expression=exp.Literal.string(ESCAPE + "%"))


def to_key_sql(expr: exp.Expr) -> exp.Expr:
    """``CASE WHEN expr IS NULL THEN NULL_VALUE WHEN expr LIKE ESCAPE || '%' THEN ESCAPE ||
    expr ELSE expr END``: :func:`to_key` of a text expression."""
    return exp.Case(
        ifs=[
            exp.If(this=exp.Is(this=expr.copy(), expression=exp.Null()), true=exp.Literal.string(NULL_VALUE)),
            exp.If(
                this=_starts_escaped(expr),
                true=exp.DPipe(this=exp.Literal.string(ESCAPE), expression=expr.copy(), safe=True),
            ),
        ],
        default=expr.copy(),
    )


def from_key_sql(expr: exp.Expr) -> exp.Expr:
    """``CASE WHEN expr = NULL_VALUE THEN NULL WHEN expr LIKE ESCAPE || '%' THEN SUBSTRING(expr,
    2) ELSE expr END``: :func:`from_key` of a key expression."""
    return exp.Case(
        ifs=[
            exp.If(this=exp.EQ(this=expr.copy(), expression=exp.Literal.string(NULL_VALUE)), true=exp.Null()),
            exp.If(
                this=_starts_escaped(expr),
                true=exp.Substring(this=expr.copy(), start=exp.Literal.number(2)),
            ),
        ],
        default=expr.copy(),
    )


__all__ = ["ESCAPE", "NULL_VALUE", "from_key", "from_key_sql", "to_key", "to_key_sql"]
