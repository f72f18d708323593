/*===-- compare.c - `memplan compare`: several planners, one problem -----===*\
|*                                                                            *|
|* One summary row per planner, in the same key=value form as `solve`, so a   *|
|* row can be grepped the same way. A planner that fails does not stop the    *|
|* others: its row says status=error and why, and the exit status reports it. *|
\*===----------------------------------------------------------------------===*/
#include "commands.h"
#include "memplan/csv.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "compare";

/* milp has one binary per conflicting pair: beyond this many buffers CBC
 * spends its whole time limit on the model, so it is left out by default. */
enum { MILP_DEFAULT_MAX_BUFFERS = 60 };

static void compare_usage(FILE *out) {
  fprintf(out,
          "usage: memplan compare IN.csv [OPTIONS]\n"
          "\n"
          "Runs several planners on the problem in IN.csv and prints one row "
          "per\nplanner:\n"
          "  planner=NAME buffers=N peak=BYTES lower_bound=BYTES gap=PCT%% "
          "status=S time=SECs\n"
          "then 'best=NAME peak=BYTES' (the lowest peak that fits, first in "
          "list order),\nor 'best=none' when no planner's plan fits.\n"
          "\n"
          "options:\n"
          "      --planners=A,B,... planners to run, in this order (default: "
          "every\n"
          "                         registered planner; milp only when the "
          "problem\n"
          "                         has at most %d buffers)\n"
          MEMPLAN_CLI_PLANNING_HELP
          "  -h, --help             this help\n"
          "\n"
          "exit status: 0 every planner planned within the capacity; 1 some "
          "plan is\ninfeasible or timed out; 2 usage or input error, or a "
          "planner failed.\n",
          MILP_DEFAULT_MAX_BUFFERS);
}

int memplan_cmd_compare(int argc, char **argv) {
  enum { OPT_PLANNERS = MEMPLAN_CLI_OPT_OWN };
  static const struct option longopts[] = {
      {"planners", required_argument, NULL, OPT_PLANNERS},
      {"time-limit", required_argument, NULL, 't'},
      {"work-limit", required_argument, NULL, MEMPLAN_CLI_OPT_WORK},
      {"capacity", required_argument, NULL, MEMPLAN_CLI_OPT_CAPACITY},
      {"alignment", required_argument, NULL, MEMPLAN_CLI_OPT_ALIGNMENT},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  const char *planners_arg = NULL;
  memplan_cli_planning pl;
  memset(&pl, 0, sizeof pl);
  int c, rc;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":t:h", longopts, NULL)) != -1) {
    if ((rc = memplan_cli_planning_option(CMD, c, optarg, argv, &pl)) >= 0) {
      if (rc)
        return rc;
      continue;
    }
    switch (c) {
    case OPT_PLANNERS:
      planners_arg = optarg;
      break;
    case 'h':
      compare_usage(stdout);
      return 0;
    }
  }
  const char *path;
  if (memplan_cli_one_operand(CMD, argc, argv, "the input file IN.csv", &path))
    return 2;

  /* The list of planners to run: names from --planners, checked before the
   * (possibly large) input is read. */
  size_t nreg = 0;
  const memplan_planner *reg = memplan_planners(&nreg);
  const char **names = calloc(nreg + 1, sizeof *names);
  char *list = planners_arg ? strdup(planners_arg) : NULL;
  size_t nnames = 0;
  int code = (!names || (planners_arg && !list))
                 ? memplan_cli_fail(CMD, 2, "out of memory")
                 : 0;
  if (code == 0 && list) {
    size_t cap = nreg + 1;
    /* Split at every comma (an empty name between two is refused, not
     * skipped); an empty argument is the empty list below. */
    for (char *tok = list[0] ? list : NULL, *next; tok; tok = next) {
      next = strchr(tok, ',');
      if (next)
        *next++ = '\0';
      if (!tok[0]) {
        code = memplan_cli_usage_error(CMD, "--planners: an empty name in '%s'",
                                       planners_arg);
        break;
      }
      if (!memplan_planner_find(tok)) {
        code = memplan_cli_usage_error(CMD, "--planners: unknown planner "
                                            "'%s'",
                                       tok);
        break;
      }
      if (nnames == cap) {
        cap *= 2;
        const char **nn = realloc(names, cap * sizeof *nn);
        if (!nn) {
          code = memplan_cli_fail(CMD, 2, "out of memory");
          break;
        }
        names = nn;
      }
      names[nnames++] = tok;
    }
    if (code == 0 && nnames == 0)
      code = memplan_cli_usage_error(CMD, "--planners: empty list");
  }

  memplan_problem p;
  memplan_problem_init(&p);
  memplan_csv_info info;
  memset(&info, 0, sizeof info);
  char err[1024];
  if (code == 0 &&
      memplan_csv_read(path, false, &p, &info, err, sizeof err) != 0)
    code = memplan_cli_fail(CMD, 2, "%s", err);
  if (code == 0)
    code = memplan_cli_prepare(CMD, path, &info, &p, false, pl.have_capacity,
                               pl.capacity, pl.alignment);
  /* prepare's 1: the fixed buffers alone collide or exceed the capacity, an
   * answer about the problem (nothing fits), unlike its 2 (bad input). */
  bool nothing_fits = code == 1;
  if (code == 0 && !list)
    for (size_t i = 0; i < nreg; ++i)
      if (strcmp(reg[i].name, "milp") != 0 ||
          p.count <= MILP_DEFAULT_MAX_BUFFERS)
        names[nnames++] = reg[i].name;

  const char *best = NULL;
  uint64_t best_peak = 0;
  bool ready = code == 0;
  for (size_t k = 0; ready && k < nnames; ++k) {
    memplan_plan plan;
    memplan_plan_init(&plan);
    int rc = memplan_solve(&p, names[k], &pl.opts, &plan, err, sizeof err);
    if (rc != 0) {
      bool answer = plan.status == MEMPLAN_INFEASIBLE ||
                    plan.status == MEMPLAN_TIMEOUT;
      printf("planner=%s buffers=%zu status=%s message=\"%s\"\n", names[k],
             p.count, answer ? memplan_status_name(plan.status) : "error",
             err);
      if (!answer)
        code = 2;
      else if (code != 2)
        code = 1;
    } else {
      memplan_cli_print_summary(stdout, names[k], &p, &plan);
      if (plan.status == MEMPLAN_INFEASIBLE) {
        if (code != 2)
          code = 1;
      } else if (!best || plan.peak < best_peak) {
        best = names[k];
        best_peak = plan.peak;
      }
    }
    fflush(stdout);
    memplan_plan_free(&plan);
    /* Rows nobody can read are not worth the other planners' time; main
     * reports the lost output (exit 2). */
    if (ferror(stdout))
      break;
  }
  /* Always a last line once the problem was read and checked, so that a
   * script reading it learns "nothing fits" rather than finding no line at
   * all. A usage or input error gives no verdict (exit 2, message only). */
  if (ready && best)
    printf("best=%s peak=%" PRIu64 "\n", best, best_peak);
  else if ((ready || nothing_fits) && !ferror(stdout))
    printf("best=none\n");
  free(list);
  free(names);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
  return code;
}
