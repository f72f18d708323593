/* bench/minimalloc/random_study.c - the seeded random study.
 *
 * Usage: random_study [N_INSTANCES] [N_BUFFERS] [EXACT_WORK_LIMIT]
 * (defaults 1000, 100, 50000). Instance k uses tu_random_problem with
 * seed k (skewed sizes up to 1 MiB, horizon = n steps, alignments up to 64
 * on half the buffers) - the generator the unit tests use.
 *
 * For each instance: greedy-size, auto (default options) and exact (work
 * limit, no time limit), all through memplan_solve. Prints the mean peaks,
 * the mean of auto/exact per instance, how often auto equals exact, how
 * many exact runs proved optimality, and mean times; the time of auto is
 * also given as a ratio to greedy-size measured in the same run. Times
 * are CPU seconds of this process around each memplan_solve (the machine
 * is shared; wall time would count the other jobs).
 * Not a test: results go to docs/results.md. */
#include "memplan/memplan.h"
#include "testutil.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
  int count = argc > 1 ? atoi(argv[1]) : 1000;
  size_t n = argc > 2 ? (size_t)atoi(argv[2]) : 100;
  uint64_t work = argc > 3 ? strtoull(argv[3], NULL, 10) : 50000;
  double sum_ratio = 0, t_auto = 0, t_exact = 0, t_greedy = 0;
  double peak_auto = 0, peak_exact = 0, peak_greedy = 0, peak_lb = 0;
  double worst = 1.0;
  int equal = 0, proven = 0, auto_optimal = 0, errors = 0;
  for (int k = 1; k <= count; ++k) {
    memplan_problem p;
    memplan_problem_init(&p);
    tu_random_problem(&p, (uint64_t)k, n, 1 << 20, (int64_t)n, 64);
    memplan_options dflt, ex;
    memset(&dflt, 0, sizeof dflt);
    memset(&ex, 0, sizeof ex);
    ex.work_limit = work;
    ex.time_limit = 1e9;
    memplan_plan g, a, e;
    memplan_plan_init(&g);
    memplan_plan_init(&a);
    memplan_plan_init(&e);
    char err[256];
    double c0 = cpu_now();
    int rg = memplan_solve(&p, "greedy-size", &dflt, &g, err, sizeof err);
    double c1 = cpu_now();
    int ra = rg ? rg : memplan_solve(&p, "auto", &dflt, &a, err, sizeof err);
    double c2 = cpu_now();
    int re = ra ? ra : memplan_solve(&p, "exact", &ex, &e, err, sizeof err);
    double c3 = cpu_now();
    if (rg != 0 || ra != 0 || re != 0) {
      fprintf(stderr, "instance %d: %s\n", k, err);
      ++errors;
    } else {
      uint64_t best = e.peak < a.peak ? e.peak : a.peak;
      double r = (double)a.peak / (double)best;
      sum_ratio += r;
      if (r > worst)
        worst = r;
      equal += a.peak == best;
      proven += e.status == MEMPLAN_OPTIMAL;
      auto_optimal += a.status == MEMPLAN_OPTIMAL;
      t_greedy += c1 - c0;
      t_auto += c2 - c1;
      t_exact += c3 - c2;
      peak_auto += (double)a.peak;
      peak_exact += (double)e.peak;
      peak_greedy += (double)g.peak;
      peak_lb += (double)a.lower_bound;
    }
    memplan_plan_free(&g);
    memplan_plan_free(&a);
    memplan_plan_free(&e);
    memplan_problem_free(&p);
  }
  int ok = count - errors;
  if (ok <= 0)
    return 1;
  printf("instances %d x %zu buffers (exact work limit %" PRIu64 ")\n", ok, n,
         work);
  printf("mean peak: lower bound %.0f, greedy-size %.0f, auto %.0f, exact "
         "%.0f\n",
         peak_lb / ok, peak_greedy / ok, peak_auto / ok, peak_exact / ok);
  printf("auto / best(auto, exact): mean %.5f, worst %.5f; auto == best in "
         "%d/%d\n",
         sum_ratio / ok, worst, equal, ok);
  printf("proven optimal: exact %d/%d, auto %d/%d\n", proven, ok,
         auto_optimal, ok);
  printf("mean CPU time: greedy-size %.3f ms, auto %.3f ms (%.1fx greedy-size), "
         "exact %.3f ms\n",
         1e3 * t_greedy / ok, 1e3 * t_auto / ok,
         t_greedy > 0 ? t_auto / t_greedy : 0.0, 1e3 * t_exact / ok);
  return errors != 0;
}
