#!/usr/bin/env bash
# Installs the Debian packages memplan needs (as root, once), then configures
# and builds everything into build/: build/bin/memplan, build/bin/memplan-opt,
# build/lib/MemPlanPlugin.so, build/lib/libmemplan.a and the tests.
# Warnings are errors here (-DMEMPLAN_WERROR=ON), as in every script of the
# test command; MEMPLAN_WERROR=OFF scripts/build.sh lets a newer compiler's
# new warning pass (scripts/run-example.sh builds through this script).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMEMPLAN_WERROR="${MEMPLAN_WERROR:-ON}" >/dev/null
cmake --build "$root/build"
