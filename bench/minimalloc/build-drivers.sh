#!/bin/sh
# bench/minimalloc/build-drivers.sh BUILD_DIR OUT_DIR - compiles the bench
# drivers of this folder (run_minimalloc, random_study) against
# BUILD_DIR/lib/libmemplan.a into OUT_DIR. Used by run.sh and packings.sh.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
build=$1
out=$2
mkdir -p "$out"
libs="$(pkg-config --libs jansson) -lm"
if pkg-config --exists cbc; then libs="$libs $(pkg-config --libs cbc)"; fi
cflags="-O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I$src/include -I$src/test/unit"
cc $cflags "$here/run_minimalloc.c" "$build/lib/libmemplan.a" $libs -o "$out/run_minimalloc"
cc $cflags "$here/random_study.c" "$src/test/unit/testutil.c" "$build/lib/libmemplan.a" $libs -o "$out/random_study"
