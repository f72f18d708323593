/* bench/minimalloc/run_minimalloc.c - runs planners on CSV instances.
 *
 * Usage: run_minimalloc [--planner NAME]... [--time S] [--work N]
 *                       [--no-greedy] FILE...
 * For each file: buffers, max-live lower bound, greedy-size peak, then for
 * every planner named (default: exact) its peak, status, proven lower bound,
 * work and CPU seconds (of this process, around memplan_solve); a TOTAL
 * line sums the times. Also, if the file's header has an "# optimum: N"
 * line, whether the peak reaches it, and a SUMMARY line per planner: how
 * many files reached their optimum, how many were proven optimal, the
 * mean peak / optimum, the median and the largest CPU time.
 *
 * Not a test: timings go to docs/results.md. */
#include "memplan/csv.h"
#include "memplan/memplan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int dbl_cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static uint64_t header_optimum(const char *path) {
  FILE *f = fopen(path, "r");
  char line[1024];
  uint64_t v = 0;
  if (!f)
    return 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] != '#')
      continue;
    const char *k = strstr(line, "optimum:");
    if (k) {
      v = strtoull(k + 8, NULL, 10);
      break;
    }
  }
  fclose(f);
  return v;
}

int main(int argc, char **argv) {
  const char *planners[8];
  int np = 0, greedy = 1;
  memplan_options o;
  memset(&o, 0, sizeof o);
  int first = 1;
  for (; first < argc && strncmp(argv[first], "--", 2) == 0; ++first) {
    if (!strcmp(argv[first], "--planner") && first + 1 < argc && np < 8)
      planners[np++] = argv[++first];
    else if (!strcmp(argv[first], "--time") && first + 1 < argc)
      o.time_limit = atof(argv[++first]);
    else if (!strcmp(argv[first], "--work") && first + 1 < argc)
      o.work_limit = strtoull(argv[++first], NULL, 10);
    else if (!strcmp(argv[first], "--no-greedy"))
      greedy = 0;
    else {
      fprintf(stderr, "unknown option %s\n", argv[first]);
      return 2;
    }
  }
  if (np == 0)
    planners[np++] = "exact";
  double total[8] = {0};
  int files = argc - first, reached[8] = {0}, proven[8] = {0}, known = 0;
  double ratio[8] = {0};
  double *cpu = calloc((size_t)(files > 0 ? files : 1) * 8, sizeof *cpu);
  int bad = 0;
  printf("%-28s %6s %10s %10s", "instance", "n", "lower", "greedy");
  for (int k = 0; k < np; ++k)
    printf(" | %-8s %10s %10s %-10s %10s %8s", planners[k], "peak", "bound",
           "status", "work", "seconds");
  printf("\n");
  for (int a = first; a < argc; ++a) {
    memplan_problem p;
    memplan_problem_init(&p);
    char err[512];
    if (memplan_csv_read(argv[a], false, &p, NULL, err, sizeof err) != 0) {
      printf("%-28s read error: %s\n", argv[a], err);
      continue;
    }
    const char *name = strrchr(argv[a], '/');
    name = name ? name + 1 : argv[a];
    uint64_t gpeak = 0;
    if (greedy) {
      memplan_plan gp;
      memplan_plan_init(&gp);
      if (memplan_solve(&p, "greedy-size", &o, &gp, err, sizeof err) == 0)
        gpeak = gp.peak;
      memplan_plan_free(&gp);
    }
    printf("%-28s %6zu %10" PRIu64 " %10" PRIu64, name, p.count,
           memplan_lower_bound(&p, NULL), gpeak);
    uint64_t opt = header_optimum(argv[a]);
    for (int k = 0; k < np; ++k) {
      memplan_plan pl;
      memplan_plan_init(&pl);
      double c0 = cpu_seconds();
      int rc = memplan_solve(&p, planners[k], &o, &pl, err, sizeof err);
      double sec = cpu_seconds() - c0;
      cpu[(size_t)k * (size_t)files + (size_t)(a - first)] = sec;
      if (rc != 0) {
        printf(" | %-8s error: %s", planners[k], err);
        bad = 1;
      } else {
        printf(" | %-8s %10" PRIu64 " %10" PRIu64 " %-10s %10" PRIu64
               " %8.3f",
               pl.planner, pl.peak, pl.lower_bound,
               memplan_status_name(pl.status), pl.work, sec);
        total[k] += sec;
        reached[k] += opt && pl.peak <= opt;
        proven[k] += pl.status == MEMPLAN_OPTIMAL;
        if (opt)
          ratio[k] += (double)pl.peak / (double)opt;
        if (opt && pl.peak > opt) {
          printf(" ABOVE-OPTIMUM(%" PRIu64 ")", opt);
          bad = 1;
        }
        if (opt && (pl.peak < opt || pl.lower_bound > opt)) {
          /* The optimum is known: a plan below it, or a bound above it,
           * is a bug (of the planner or of the instance's claim). */
          printf(" CONTRADICTS-OPTIMUM(%" PRIu64 ")", opt);
          bad = 1;
        }
      }
      memplan_plan_free(&pl);
    }
    known += opt != 0;
    printf("\n");
    fflush(stdout);
    memplan_problem_free(&p);
  }
  printf("%-28s", "TOTAL CPU seconds");
  for (int k = 0; k < np; ++k)
    printf(" %s=%.3f", planners[k], total[k]);
  printf("\n");
  for (int k = 0; k < np && files > 0; ++k) {
    double *c = cpu + (size_t)k * (size_t)files;
    qsort(c, (size_t)files, sizeof *c, dbl_cmp);
    double med = files % 2 ? c[files / 2] : (c[files / 2 - 1] + c[files / 2]) / 2;
    printf("SUMMARY %s: %d files, %d with a known optimum, reached on %d, "
           "proven optimal on %d, mean peak/optimum %.5f, CPU s median "
           "%.3f max %.3f mean %.3f\n",
           planners[k], files, known, reached[k], proven[k],
           known ? ratio[k] / known : 0.0, med, c[files - 1],
           total[k] / files);
  }
  free(cpu);
  return bad;
}
