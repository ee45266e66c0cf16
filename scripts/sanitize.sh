#!/usr/bin/env bash
# Builds the C++ core with AddressSanitizer and UndefinedBehaviorSanitizer (its own build dir
# and virtualenv under build/sanitize, so the normal install is untouched) and runs the
# conformance and fuzz tests on it. Any sanitizer report aborts the run with its stack.
#
#   scripts/sanitize.sh                 # conformance, fuzz and the hostile-input tests
#   scripts/sanitize.sh tests/solitaire # or any pytest arguments
#
# .ci/run runs the default set (docs/robustness.md gives its time).
#
# Python itself is not built with ASan, so libasan must be loaded first: LD_PRELOAD.
# Leak checking is off: the interpreter's own allocations at exit would drown the report.
set -euo pipefail
cd "$(dirname "$0")/.."

root=build/sanitize
venv=$root/venv
flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"

if [[ ! -x $venv/bin/python ]]; then
  python -m venv --system-site-packages "$venv"
fi
"$venv/bin/python" -m pip install --quiet --no-build-isolation --no-deps . \
  -C build-dir="$root/cmake" \
  -C cmake.build-type=RelWithDebInfo \
  -C cmake.define.CMAKE_CXX_FLAGS="$flags" \
  -C cmake.define.CMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined"

# The test settings (pyproject.toml) run on every core through pytest-xdist; a venv made from
# inside another venv sees the base interpreter's packages, which may lack it.
"$venv/bin/python" -c "import xdist" 2>/dev/null \
  || "$venv/bin/python" -m pip install --quiet "pytest-xdist>=3.5"

libasan=$(g++ -print-file-name=libasan.so)
libubsan=$(g++ -print-file-name=libubsan.so)
export LD_PRELOAD="$libasan $libubsan"
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:abort_on_error=1:check_initialization_order=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export PYTHONFAULTHANDLER=1

# Outside the source tree, so `import mahjongkit` is the sanitized build.
if [[ $# -eq 0 ]]; then
  set -- tests/conformance tests/fuzz tests/mcr/test_hostile_inputs.py tests/test_cli_outputs.py \
    tests/solitaire/test_batch_writer.py tests/mcr/test_arena.py \
    tests/solitaire/test_layout_hostile.py tests/web/test_api_hostile_layouts.py \
    tests/mcr/test_records_hostile.py tests/mcr/test_records_export_faults.py \
    tests/mcr/test_rl_parallel_faults.py tests/mcr/test_judge_log_lies.py \
    tests/mcr/test_engine_hostile.py
fi
exec "$venv/bin/python" -m pytest -p no:cacheprovider -W ignore::DeprecationWarning -q "$@"
