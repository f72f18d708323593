/* bench_heuristics - how greedy-size and best-fit scale with n.
 *
 *   bench_heuristics [--max-n=N] [--min-time=SEC] [--seed=S]
 *
 * For n = 10^3, 10^4, ... up to --max-n (default 10^6) and two instance
 * families, times linear (the O(n) baseline), greedy-size and best-fit. Each
 * (family, planner, n) runs in its own child process, so that the child's
 * peak RSS (wait4's ru_maxrss) belongs to that run alone. Times are CPU
 * seconds of the process (CLOCK_PROCESS_CPUTIME_ID), which other load on a
 * shared machine disturbs far less than wall time; wall time is shown too.
 * Each run is repeated until --min-time CPU seconds have passed and the
 * minimum is kept. Reported per run: the planner alone (its registry entry
 * called directly), the whole memplan_solve (check, planner, lower bound,
 * validation), peak, lower bound, peak RSS in bytes per buffer, and the RSS
 * of a child that only builds the problem (what the input itself costs).
 * At the end: t(10n)/t(n) for the two largest n (n log n predicts ~11.5 for
 * 10^5 -> 10^6; n^2 would give 100).
 *
 * Families:
 *   chain   shared case 17: t<i> live [i, i+3), 64 * (1 + i mod 3) bytes,
 *           alignment 64 (three buffers live at every step);
 *   random  starts uniform in [0, n), lives log-uniform in [1, 256] steps
 *           (about 46 buffers live at a time), sizes log-uniform in
 *           [1, 2^20] bytes, alignment 1 or 64; seeded.
 * Not part of ctest: results go to docs/results.md. */
#define _DEFAULT_SOURCE /* wait4 */
#include "memplan/memplan.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t rnd(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static double clock_s(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static double cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }
static double wall(void) { return clock_s(CLOCK_MONOTONIC); }

static int build(memplan_problem *p, const char *family, size_t n,
                 uint64_t seed) {
  char id[32];
  uint64_t s = seed;
  for (size_t i = 0; i < n; ++i) {
    snprintf(id, sizeof id, "t%zu", i);
    int64_t rc;
    if (strcmp(family, "chain") == 0) {
      rc = memplan_problem_add(p, id, 64 * (1 + i % 3), 64, (int64_t)i,
                               (int64_t)i + 3);
    } else {
      int64_t start = (int64_t)(rnd(&s) % n);
      int64_t life = (int64_t)floor(exp((double)(rnd(&s) % 10000) / 10000.0 *
                                        log(256.0)));
      unsigned bits = (unsigned)(rnd(&s) % 21);
      uint64_t size = 1 + rnd(&s) % (1ull << bits);
      uint64_t align = rnd(&s) % 2 ? 64 : 1;
      rc = memplan_problem_add(p, id, size, align, start, start + life);
    }
    if (rc < 0)
      return -1;
  }
  return 0;
}

typedef struct result {
  int ok;
  double planner_s, total_s, wall_s;
  uint64_t peak, lb;
  int reps;
  char err[300];
} result;

/* Runs in the child. planner == NULL: build the problem only. */
static void measure(const char *family, const char *planner, size_t n,
                    uint64_t seed, double min_time, result *r) {
  memset(r, 0, sizeof *r);
  memplan_problem p;
  memplan_problem_init(&p);
  if (build(&p, family, n, seed) != 0) {
    snprintf(r->err, sizeof r->err, "out of memory building");
    return;
  }
  if (!planner) {
    r->ok = 1;
    memplan_problem_free(&p);
    return;
  }
  const memplan_planner *pl = memplan_planner_find(planner);
  if (!pl) {
    snprintf(r->err, sizeof r->err, "unknown planner %s", planner);
    return;
  }
  double best_p = 1e300, best_t = 1e300, best_w = 1e300, started = cpu();
  memplan_plan plan, raw;
  memplan_plan_init(&plan);
  memplan_plan_init(&raw);
  raw.offsets = calloc(n ? n : 1, sizeof *raw.offsets);
  raw.count = n;
  if (!raw.offsets) {
    snprintf(r->err, sizeof r->err, "out of memory");
    return;
  }
  memplan_options opts;
  memset(&opts, 0, sizeof opts);
  do {
    /* The planner alone, as memplan_solve calls it... */
    double c0 = cpu();
    if (pl->run(&p, &opts, &raw) != 0) {
      snprintf(r->err, sizeof r->err, "%s", raw.message);
      return;
    }
    double c1 = cpu(), w1 = wall();
    /* ...then the whole entry point, which also validates. */
    if (memplan_solve(&p, planner, &opts, &plan, r->err, sizeof r->err) != 0)
      return;
    double c2 = cpu(), w2 = wall();
    if (c1 - c0 < best_p)
      best_p = c1 - c0;
    if (c2 - c1 < best_t)
      best_t = c2 - c1;
    if (w2 - w1 < best_w)
      best_w = w2 - w1;
    r->reps++;
  } while (cpu() - started < min_time && r->reps < 1000);
  r->ok = 1;
  r->planner_s = best_p;
  r->total_s = best_t;
  r->wall_s = best_w;
  r->peak = plan.peak;
  r->lb = plan.lower_bound;
  free(raw.offsets);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Forks, measures in the child, returns the result and the child's peak RSS
 * in bytes. */
static int run_child(const char *family, const char *planner, size_t n,
                     uint64_t seed, double min_time, result *r,
                     long *rss_bytes) {
  int fd[2];
  if (pipe(fd) != 0)
    return -1;
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    close(fd[0]);
    result mine;
    measure(family, planner, n, seed, min_time, &mine);
    ssize_t w = write(fd[1], &mine, sizeof mine);
    _exit(w == (ssize_t)sizeof mine ? 0 : 1);
  }
  close(fd[1]);
  ssize_t got = read(fd[0], r, sizeof *r);
  close(fd[0]);
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) != pid || got != (ssize_t)sizeof *r)
    return -1;
  *rss_bytes = ru.ru_maxrss * 1024L; /* Linux reports KiB */
  return 0;
}

int main(int argc, char **argv) {
  size_t max_n = 1000000;
  double min_time = 1.0;
  uint64_t seed = 42;
  static const struct option longopts[] = {
      {"max-n", required_argument, NULL, 'n'},
      {"min-time", required_argument, NULL, 't'},
      {"seed", required_argument, NULL, 's'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  int c;
  while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
    switch (c) {
    case 'n':
      max_n = (size_t)strtoull(optarg, NULL, 10);
      break;
    case 't':
      min_time = atof(optarg);
      break;
    case 's':
      seed = strtoull(optarg, NULL, 10);
      break;
    case 'h':
      printf("usage: %s [--max-n=N] [--min-time=SEC] [--seed=S]\n", argv[0]);
      return 0;
    default:
      return 2;
    }
  }
  const char *families[] = {"chain", "random"};
  const char *planners[] = {"linear", "greedy-size", "best-fit"};
  enum { NF = 2, NP = 3, MAXK = 8 };
  double tp[NF][NP][MAXK] = {{{0}}};
  size_t ns[MAXK];
  int nk = 0;
  for (size_t n = 1000; n <= max_n && nk < MAXK; n *= 10)
    ns[nk++] = n;

  printf("| family | planner | n | planner CPU s | solve CPU s | solve wall s "
         "| reps | peak | lower bound | peak RSS B/buffer | input-only RSS "
         "B/buffer |\n");
  printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int f = 0; f < NF; ++f)
    for (int k = 0; k < nk; ++k) {
      result base;
      long base_rss = 0;
      if (run_child(families[f], NULL, ns[k], seed, 0, &base, &base_rss) != 0)
        return 1;
      for (int pl = 0; pl < NP; ++pl) {
        result r;
        long rss = 0;
        if (run_child(families[f], planners[pl], ns[k], seed, min_time, &r,
                      &rss) != 0 ||
            !r.ok) {
          fprintf(stderr, "%s %s n=%zu failed: %s\n", families[f],
                  planners[pl], ns[k], r.err);
          return 1;
        }
        tp[f][pl][k] = r.planner_s;
        printf("| %s | %s | %zu | %.6f | %.6f | %.6f | %d | %llu | %llu | "
               "%.0f | %.0f |\n",
               families[f], planners[pl], ns[k], r.planner_s, r.total_s,
               r.wall_s, r.reps, (unsigned long long)r.peak, (unsigned long long)r.lb,
               (double)rss / (double)ns[k], (double)base_rss / (double)ns[k]);
      }
    }
  if (nk >= 2) {
    printf("\nratio of planner CPU time t(%zu)/t(%zu) (n log n predicts "
           "%.1f):\n",
           ns[nk - 1], ns[nk - 2],
           10.0 * log((double)ns[nk - 1]) / log((double)ns[nk - 2]));
    for (int f = 0; f < NF; ++f)
      for (int pl = 0; pl < NP; ++pl)
        printf("  %-6s %-12s %.1f\n", families[f], planners[pl],
               tp[f][pl][nk - 1] / tp[f][pl][nk - 2]);
  }
  return 0;
}
