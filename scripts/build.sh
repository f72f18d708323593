#!/usr/bin/env bash
# Installs the Debian packages memplan needs (as root, once), then configures
# and builds everything into build/: build/bin/memplan, build/bin/memplan-opt,
# build/lib/MemPlanPlugin.so, build/lib/libmemplan.a and the tests.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$root/build"
