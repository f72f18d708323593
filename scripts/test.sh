#!/usr/bin/env bash
# The one test command: set-up, build, and every test.
#   1. scripts/build.sh       packages + build/ (the normal build)
#   2. scripts/sanitize.sh    the core and CLI tests under ASan + UBSan
#                             (build-asan/)
#   3. scripts/sanitize-pass.sh  the pass (memplan-opt) under ASan + UBSan
#                             on every pass test input and the smaller
#                             models (build-asan-mlir/)
#   4. scripts/fuzz.sh 20     saved fuzz regressions, then a short libFuzzer
#                             run of each fuzz target (build-fuzz/)
#   5. a Debug build (-O0, build-debug/), compiled only: gcc's warnings
#                             differ by optimization level (-Wformat-truncation
#                             fired at -O0 only), and -Werror makes them errors
#   6. a Release build with clang (-O3, build-release-clang/), compiled only:
#                             what a user's `cmake -DCMAKE_BUILD_TYPE=Release`
#                             builds, with the other compiler (build/ and
#                             build-debug/ use the default one, gcc on
#                             Debian), warnings as errors
#   7. ctest in build/        C unit tests (cmocka) and the lit suite (CLI,
#                             pass, end-to-end runs under mlir-runner); last,
#                             so that its summary closes the output
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
"$root/scripts/sanitize.sh"
"$root/scripts/sanitize-pass.sh"
"$root/scripts/fuzz.sh" 20
cmake -S "$root" -B "$root/build-debug" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DMEMPLAN_WERROR=ON >/dev/null
cmake --build "$root/build-debug"
cmake -S "$root" -B "$root/build-release-clang" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DMEMPLAN_WERROR=ON >/dev/null
cmake --build "$root/build-release-clang"
ctest --test-dir "$root/build" --output-on-failure -j2
