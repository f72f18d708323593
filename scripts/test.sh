#!/usr/bin/env bash
# The one test command: set-up, build, and every test.
#   1. scripts/build.sh       packages + build/ (the normal build)
#   2. ctest in build/        C unit tests (cmocka) and the lit suite (CLI,
#                             pass, end-to-end runs under mlir-runner)
#   3. scripts/sanitize.sh    the same core/CLI tests under ASan + UBSan
#   4. scripts/fuzz.sh 20     a short libFuzzer run of each fuzz target
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
ctest --test-dir "$root/build" --output-on-failure -j2
if [ -x "$root/scripts/sanitize.sh" ]; then "$root/scripts/sanitize.sh"; fi
if [ -x "$root/scripts/fuzz.sh" ]; then "$root/scripts/fuzz.sh" 20; fi
