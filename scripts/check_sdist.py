"""Check that an sdist holds what a build needs and nothing else.

    python scripts/check_sdist.py dist/mahjongkit-0.1.0.tar.gz

What a build needs, derived from the repository rather than from the sdist's own include list
in pyproject.toml (so a mistake there shows here): the build files (pyproject.toml,
CMakeLists.txt), the README and LICENSE the metadata names, every tracked file under cpp/ and
under python/mahjongkit/, and the PKG-INFO the sdist writes. Anything else (tests, docs,
benchmarks, scripts, CI files, build output, a compiled extension) is an error, and so is a
needed file that is missing. Exits 1 naming every difference.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL = {"pyproject.toml", "CMakeLists.txt", "README.md", "LICENSE"}
TREES = ("cpp/", "python/mahjongkit/")
WRITTEN_BY_THE_BUILD = {"PKG-INFO"}


def needed() -> set[str]:
    """The repository's files a build of the package reads."""
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return {
        path for path in tracked if path in TOP_LEVEL or path.startswith(TREES)
    } | WRITTEN_BY_THE_BUILD


def members(sdist: Path) -> set[str]:
    """The sdist's files, relative to its top folder (`mahjongkit-X.Y.Z/`)."""
    with tarfile.open(sdist) as tar:
        names = [m.name for m in tar.getmembers() if m.isfile()]
    return {name.split("/", 1)[1] for name in names if "/" in name}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    sdist = Path(argv[0])
    have, want = members(sdist), needed()
    extra, missing = sorted(have - want), sorted(want - have)
    for path in extra:
        print(f"{sdist.name}: not needed by a build: {path}", file=sys.stderr)
    for path in missing:
        print(f"{sdist.name}: missing, a build needs it: {path}", file=sys.stderr)
    if extra or missing:
        return 1
    print(f"{sdist.name}: {len(have)} files, exactly what a build needs")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
