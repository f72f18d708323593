#!/usr/bin/env bash
# Checks that no test depends on the wall clock: runs the C unit tests and
# the lit tests of the CLI (test/lit/cli, test/lit/viz) of a build with the
# clock running FACTOR times fast (default 10^6: a 1 s limit passes after
# 1 us, 10 s after 10 us). A test that passes at normal speed but fails here
# has an outcome that a wall-clock limit decides, so a slow or busy machine
# can fail it; give it a work limit instead (or, for milp, which always has
# a time limit, a work limit and a time limit no run reaches, such as 1e9 s:
# at 10^6 times it still lasts 1000 s).
#
# How: an LD_PRELOAD shim (built here with cc) makes clock_gettime and
# gettimeofday run fast inside memplan, memplan-opt and the test_*
# executables only; lit, FileCheck, python and `timeout` keep real time.
# Not part of scripts/test.sh (it runs the suite once more); run it after a
# change that touches limits or tests of them.
#
# Usage: scripts/clock-warp.sh [BUILD_DIR] [FACTOR]   (default: build/, 1e6)
#        CLOCK_WARP_LIT_FILTER=REGEX picks other lit tests (default: cli|viz).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
factor=${2:-1e6}
filter=${CLOCK_WARP_LIT_FILTER:-'(cli|viz)/'}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/warp.c" <<'EOF'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fnmatch.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* 1 inside the programs whose clocks run fast, 0 elsewhere. */
static int warped(void) {
  static int on = -1;
  if (on >= 0)
    return on;
  on = 0;
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return on;
  exe[n] = '\0';
  const char *base = strrchr(exe, '/') ? strrchr(exe, '/') + 1 : exe;
  static const char *const progs[] = {"memplan", "memplan-opt", "test_*"};
  for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++)
    on |= fnmatch(progs[i], base, 0) == 0;
  return on;
}

/* Time t of a clock, seen WARP_FACTOR times fast from the clock's first
 * call. (Built in, not read from the environment: lit passes only some
 * variables on to the tests.) */
static double fast(double t, double *first) {
  if (*first < 0)
    *first = t;
  return *first + (t - *first) * (WARP_FACTOR);
}

int clock_gettime(clockid_t c, struct timespec *ts) {
  static int (*real)(clockid_t, struct timespec *);
  static double first[16] = {-1, -1, -1, -1, -1, -1, -1, -1,
                             -1, -1, -1, -1, -1, -1, -1, -1};
  if (!real)
    real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
  int rc = real(c, ts);
  if (rc == 0 && warped() && c >= 0 && c < 16) {
    double t = fast((double)ts->tv_sec + (double)ts->tv_nsec * 1e-9, &first[c]);
    ts->tv_sec = (time_t)t;
    ts->tv_nsec = (long)((t - (double)ts->tv_sec) * 1e9);
  }
  return rc;
}

int gettimeofday(struct timeval *tv, void *tz) {
  static int (*real)(struct timeval *, void *);
  static double first = -1;
  if (!real)
    real = (int (*)(struct timeval *, void *))dlsym(RTLD_NEXT, "gettimeofday");
  int rc = real(tv, tz);
  if (rc == 0 && tv && warped()) {
    double t = fast((double)tv->tv_sec + (double)tv->tv_usec * 1e-6, &first);
    tv->tv_sec = (time_t)t;
    tv->tv_usec = (long)((t - (double)tv->tv_sec) * 1e6);
  }
  return rc;
}
EOF
[[ $factor =~ ^[0-9]+(\.[0-9]*)?(e[0-9]+)?$ ]] ||
  { echo "clock-warp: FACTOR must be a positive number, not '$factor'" >&2; exit 2; }
cc -O2 -shared -fPIC -DWARP_FACTOR="$factor" -o "$work/warp.so" "$work/warp.c" -ldl

export LD_PRELOAD=$work/warp.so
failed=0
for t in "$build"/test/unit/test_*; do
  [ -x "$t" ] || continue
  if "$t" >"$work/out" 2>&1; then
    echo "PASS: $(basename "$t")"
  else
    echo "FAIL: $(basename "$t") (clock $factor times fast)"
    grep -E '^\[  (ERROR|FAILED) |LINE' "$work/out" | head -20
    failed=1
  fi
done
lit=$(sed -n 's/^LIT_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt")
"$lit" -sv "$build/test/lit" --filter "$filter" || failed=1
echo "clock-warp: clock $factor times fast: $([ $failed = 0 ] && echo 'every test passed' || echo 'FAILURES above')"
exit $failed
