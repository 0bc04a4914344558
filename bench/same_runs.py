"""Whether two `pincite eval --out` run records give the same answers: every question's record and every metric,
apart from timing fields (and the run's creation time and git commit).

    python bench/same_runs.py BEFORE.json AFTER.json
"""

from __future__ import annotations

import json
import sys
from typing import Any

#: fields that measure time or say when and from which commit a run was made (and the settings' hash, which
#: covers the commit), not what it answered
_TIMING = frozenset({"seconds", "created", "git_commit", "settings_hash", "elapsed"})


def _timing(key: str) -> bool:
    k = key.lower()
    return k in _TIMING or "latency" in k or k.endswith(("_seconds", "_ms", "_s"))


def _strip(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _strip(x) for k, x in v.items() if not _timing(k)}
    if isinstance(v, list):
        return [_strip(x) for x in v]
    return v


def main(argv: list[str]) -> int:
    a, b = (_strip(json.load(open(p, encoding="utf-8"))) for p in argv[:2])
    qa, qb = a.get("questions", []), b.get("questions", [])
    differ = [x.get("id") for x, y in zip(qa, qb) if x != y]
    rest = {k for k in set(a) | set(b) if k != "questions" and a.get(k) != b.get(k)}
    print(f"{len(qa)} vs {len(qb)} questions, {len(differ)} differ{': ' + ', '.join(map(str, differ[:10])) if differ else ''}; "
          f"other fields differing: {sorted(rest) or 'none'}")
    return 0 if not differ and not rest and len(qa) == len(qb) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
