"""Write the configuration's JSON Schema, ``sqlanon/config/config.schema.json``, from the tables
the validator reads (sqlanon.config.schema.config_schema); ``--check`` writes nothing and exits 1
when the shipped file is not what the tables make (tests/config/test_schema.py runs it).

Run it from the checkout: ``python tools/config_schema.py [--check]``; it imports sqlanon from the
checkout it lives in.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: sqlanon from this checkout (one folder up)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlanon.config.schema import FILE, generated_text

SHIPPED = Path(__file__).resolve().parents[1] / "sqlanon" / "config" / FILE


def main(argv: list[str]) -> int:
    text = generated_text()
    if "--check" in argv:
        if not SHIPPED.exists() or SHIPPED.read_text(encoding="utf-8") != text:
            print(f"{SHIPPED} is out of date: run python tools/config_schema.py", file=sys.stderr)
            return 1
        return 0
    SHIPPED.write_text(text, encoding="utf-8")
    print(f"wrote {SHIPPED}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
