/*===-- solve.c - `memplan solve`: plan one CSV problem ------------------===*\
|*                                                                            *|
|* Reads the problem, runs one planner through memplan_solve (which checks,   *|
|* validates and measures), prints a one-line summary (or JSON) and writes    *|
|* the plan as CSV. The plan file is written only for a plan that fits: an    *|
|* infeasible answer exits 1 and leaves no output, like any other failure.    *|
\*===----------------------------------------------------------------------===*/
#include "commands.h"
#include "memplan/csv.h"
#include "memplan/json.h"
#include "memplan/output.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "solve";

static void solve_usage(FILE *out) {
  fprintf(out,
          "usage: memplan solve IN.csv [OPTIONS]\n"
          "\n"
          "Plans the problem in IN.csv (\"-\" = stdin), prints one summary "
          "line\n"
          "  planner=NAME buffers=N peak=BYTES lower_bound=BYTES gap=PCT%% "
          "status=S time=SECs\n"
          "(plus \" via=auto:MEMBER\" when auto names the member that won)\n"
          "and writes the plan (the input's columns plus offset) with -o.\n"
          "\n"
          "options:\n"
          "  -p, --planner=NAME     planner (default auto; see memplan "
          "--help)\n"
          MEMPLAN_CLI_PLANNING_HELP
          "  -o, --output=OUT.csv   write the plan (\"-\" = stdout; the "
          "summary then\n"
          "                         goes to stderr; also for /dev/stdout)\n"
          "      --json             print the summary as JSON instead (also "
          "when there is\n"
          "                         no plan: status infeasible, timeout or "
          "error, and\n"
          "                         \"peak\": null; \"lower_bound\": null "
          "too when the\n"
          "                         input was refused)\n"
          "  -v, --verbose          planner progress on stderr\n"
          "  -h, --help             this help\n"
          "\n"
          "exit status: 0 planned; 1 infeasible (over capacity, colliding "
          "fixed\n"
          "offsets) or no plan within the limits; 2 usage or input error, "
          "a planner\nfailure (milp's model too large, out of memory) or an "
          "output that cannot be\nwritten. No output file is written unless "
          "the exit status is 0.\n");
}

/* The --json summary on stdout; "lower_bound" is null unless `lb_known`
 * (an input refused before planning has none). Returns 0, or 2 having said
 * why. */
static int print_json(const memplan_problem *p, const memplan_plan *plan,
                      bool lb_known) {
  char err[512];
  json_t *j = memplan_json_summary(p, plan, false);
  int rc = 0;
  if (j && !lb_known && json_object_set_new(j, "lower_bound", json_null()) != 0) {
    json_decref(j);
    j = NULL;
  }
  if (!j)
    rc = memplan_cli_fail(CMD, 2, "cannot print JSON: out of memory");
  else if (memplan_json_write("-", j, err, sizeof err) != 0)
    rc = memplan_cli_fail(CMD, 2, "%s", err);
  json_decref(j);
  return rc;
}

int memplan_cmd_solve(int argc, char **argv) {
  enum { OPT_JSON = MEMPLAN_CLI_OPT_OWN };
  static const struct option longopts[] = {
      {"planner", required_argument, NULL, 'p'},
      {"time-limit", required_argument, NULL, 't'},
      {"work-limit", required_argument, NULL, MEMPLAN_CLI_OPT_WORK},
      {"capacity", required_argument, NULL, MEMPLAN_CLI_OPT_CAPACITY},
      {"alignment", required_argument, NULL, MEMPLAN_CLI_OPT_ALIGNMENT},
      {"output", required_argument, NULL, 'o'},
      {"json", no_argument, NULL, OPT_JSON},
      {"verbose", no_argument, NULL, 'v'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  const char *planner = "auto", *out_path = NULL;
  memplan_cli_planning pl;
  memset(&pl, 0, sizeof pl);
  bool json = false;
  int c, rc;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":p:t:o:vh", longopts, NULL)) != -1) {
    if ((rc = memplan_cli_planning_option(CMD, c, optarg, argv, &pl)) >= 0) {
      if (rc)
        return rc;
      continue;
    }
    switch (c) {
    case 'p':
      planner = optarg;
      break;
    case 'o':
      out_path = optarg;
      break;
    case OPT_JSON:
      json = true;
      break;
    case 'v':
      pl.opts.verbose = 1;
      break;
    case 'h':
      solve_usage(stdout);
      return 0;
    }
  }
  const char *in_path;
  if (memplan_cli_one_operand(CMD, argc, argv, "the input file IN.csv",
                              &in_path))
    return 2;
  if (!memplan_planner_find(planner))
    return memplan_cli_usage_error(CMD, "unknown planner '%s'", planner);
  if (out_path && !*out_path)
    return memplan_cli_usage_error(CMD, "-o: empty file name");
  /* The plan on standard output, however named (-o -, -o /dev/stdout):
   * the summary then goes to stderr, or it would end up in the CSV. */
  bool out_stdout = out_path && memplan_cli_is_stdout(out_path);
  if (out_path) {
    char what[4200];
    snprintf(what, sizeof what, "-o %s", out_path);
    if (memplan_cli_distinct(CMD, "the input", in_path, true, what,
                             out_path) ||
        (json && memplan_cli_distinct(CMD, "--json", "-", false, what,
                                      out_path)))
      return 2;
  }
  FILE *summary_out = out_stdout ? stderr : stdout;
  /* A plan file that cannot be written (a missing directory, a directory,
   * a dangling link) is reported now, not after a search that may run for
   * minutes. */
  {
    char oerr[1024];
    if (out_path && memplan_output_check(out_path, oerr, sizeof oerr) != 0)
      return memplan_cli_fail(CMD, 2, "%s", oerr);
  }

  memplan_problem p;
  memplan_problem_init(&p);
  memplan_csv_info info;
  char err[1024];
  if (memplan_csv_read(in_path, false, &p, &info, err, sizeof err) != 0) {
    memplan_csv_info_free(&info);
    return memplan_cli_fail(CMD, 2, "%s", err);
  }
  int code = memplan_cli_prepare(CMD, in_path, &info, &p, false,
                                 pl.have_capacity, pl.capacity, pl.alignment);
  /* prepare's 1 (fixed buffers cannot be placed) comes after its problem
   * check: the problem is well formed and has a lower bound. */
  bool well_formed = code != 2;
  memplan_plan plan;
  memplan_plan_init(&plan);
  bool planned = false;
  if (code == 0) {
    if (memplan_solve(&p, planner, &pl.opts, &plan, err, sizeof err) == 0) {
      planned = true;
    } else if (plan.status == MEMPLAN_INFEASIBLE ||
               plan.status == MEMPLAN_TIMEOUT) {
      /* A planner that proved nothing fits, or found nothing in time, is
       * an answer about the problem (exit 1); anything else is an error. */
      code = memplan_cli_fail(CMD, 1, "%s: %s", in_path, err);
    } else {
      code = memplan_cli_fail(CMD, 2, "%s: %s", in_path, err);
    }
  }
  if (!planned && json) {
    /* The input was read, so a script gets its object even without a plan:
     * the status, the lower bound, no peak (null), and why. memplan_solve
     * leaves zeroed offsets behind a planner that found nothing; they are
     * no plan, so they are dropped (memplan/json.h: no offsets, no peak). */
    free(plan.offsets);
    plan.offsets = NULL;
    plan.count = 0;
    if (code == 2)
      plan.status = MEMPLAN_ERROR;
    else if (plan.status != MEMPLAN_TIMEOUT)
      plan.status = MEMPLAN_INFEASIBLE;
    if (!plan.planner[0])
      snprintf(plan.planner, sizeof plan.planner, "%s", planner);
    if (well_formed) {
      uint64_t lb = memplan_lower_bound(&p, NULL);
      if (lb > plan.lower_bound)
        plan.lower_bound = lb;
    }
    if (!plan.message[0])
      snprintf(plan.message, sizeof plan.message, "%s",
               memplan_cli_last_failure());
    if (print_json(&p, &plan, well_formed) != 0)
      code = 2;
  }
  /* The plan file first: if it cannot be written, the run failed (exit 2)
   * and no summary claims a plan. A plan over the capacity is not written
   * at all (below). */
  if (code == 0 && out_path && plan.status != MEMPLAN_INFEASIBLE &&
      memplan_csv_write(out_path, &p, &info, plan.offsets, err,
                        sizeof err) != 0)
    code = memplan_cli_fail(CMD, 2, "%s", err);
  if (code == 0) {
    if (json) {
      if (print_json(&p, &plan, true) != 0)
        code = 2;
    } else {
      memplan_cli_print_summary(summary_out, planner, &p, &plan);
    }
    /* The reason is stated here from the numbers, not left to the planner's
     * message (a portfolio reports its winner there, not the capacity). */
    if (code == 0 && plan.status == MEMPLAN_INFEASIBLE) {
      /* Proven only when the lower bound itself is above the capacity;
       * otherwise the planner merely found nothing that fits, and a longer
       * search or another planner might. */
      bool planner_says = plan.message[0] && !strstr(plan.message, "capacity");
      char why[96];
      if (plan.lower_bound > p.capacity)
        snprintf(why, sizeof why,
                 " (proven: the optimum is >= %" PRIu64 ")", plan.lower_bound);
      else
        snprintf(why, sizeof why,
                 " (not proven: the lower bound %" PRIu64
                 " fits; a longer search or another planner may fit)",
                 plan.lower_bound);
      code = memplan_cli_fail(
          CMD, 1,
          "%s: infeasible: peak %" PRIu64 " exceeds the capacity %" PRIu64
          "%s%s%s%s%s",
          in_path, plan.peak, p.capacity, why,
          planner_says ? " (" : "", planner_says ? plan.message : "",
          planner_says ? ")" : "", out_path ? " (no plan written)" : "");
    }
  }
  memplan_plan_free(&plan);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
  return code;
}
