/* bench/minimalloc/run_minimalloc.c - runs planners on CSV instances.
 *
 * Usage: run_minimalloc [--planner NAME]... [--time S] [--work N]
 *                       [--no-greedy] FILE...
 * For each file: buffers, max-live lower bound, greedy-size peak, then for
 * every planner named (default: exact) its peak, status, proven lower bound,
 * work and seconds; a TOTAL line sums the times. Also, if the file's header
 * has an "# optimum: N" line, whether the peak reaches it.
 *
 * Not a test: timings go to docs/results.md. */
#include "memplan/csv.h"
#include "memplan/memplan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
      int rc = memplan_solve(&p, planners[k], &o, &pl, err, sizeof err);
      if (rc != 0) {
        printf(" | %-8s error: %s", planners[k], err);
        bad = 1;
      } else {
        printf(" | %-8s %10" PRIu64 " %10" PRIu64 " %-10s %10" PRIu64
               " %8.3f",
               pl.planner, pl.peak, pl.lower_bound,
               memplan_status_name(pl.status), pl.work, pl.seconds);
        total[k] += pl.seconds;
        if (opt && pl.peak > opt) {
          printf(" ABOVE-OPTIMUM(%" PRIu64 ")", opt);
          bad = 1;
        }
      }
      memplan_plan_free(&pl);
    }
    printf("\n");
    fflush(stdout);
    memplan_problem_free(&p);
  }
  printf("%-28s", "TOTAL seconds");
  for (int k = 0; k < np; ++k)
    printf(" %s=%.3f", planners[k], total[k]);
  printf("\n");
  return bad;
}
