/* memplan render: the picture of a plan (see memplan/svg.h for what it
 * shows). Input is a CSV with an `offset` column (the output of `memplan
 * solve -o`); a CSV without one, or --planner=NAME, is planned first.
 *
 * An invalid plan is still drawn (seeing the overlap is the point of a
 * picture), with "INVALID" in the subtitle, and the exit code is 1. */
#include "commands.h"

#include "memplan/csv.h"
#include "memplan/memplan.h"
#include "memplan/output.h"
#include "memplan/svg.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void usage(FILE *f) {
  fputs("usage: memplan render PLAN.csv -o OUT.svg [options]\n"
        "\n"
        "Draws the memory layout of a plan: x = schedule step, y = offset, one\n"
        "rectangle per buffer; the peak, the lower bound and the step where the\n"
        "lower bound is reached; below, live bytes over time against the arena.\n"
        "A PLAN.csv with an `offset` for every buffer (memplan solve -o writes\n"
        "it) is drawn as it is. Without an offset column, or with some offset\n"
        "cells empty, it is a problem, planned first (default planner: auto),\n"
        "whose offset cells fix those buffers. PLAN.csv may be '-' (stdin).\n"
        "\n"
        "options:\n"
        "  -o, --output=FILE     the SVG to write ('-' = stdout; required)\n"
        "  --color=size|id       colour rectangles by size class (default) or by id\n"
        "  --title=TEXT          title line (default: the input file name)\n"
        "  -p, --planner=NAME    plan it with NAME first, even when every offset\n"
        "                        is set (offsets then fix their buffers)\n"
        "  --time-limit=SEC      time limit for --planner (search planners)\n"
        "  --width=PX            picture width in pixels, 400..20000 (default "
        "1200)\n"
        "  --height=PX           layout panel height in pixels, 100..20000\n"
        "                        (default 560)\n"
        "  --max-rects=N         draw at most N rectangles individually, merge the\n"
        "                        rest into grey coverage (default 5000)\n"
        "  --no-profile          omit the live-bytes panel\n"
        "  --no-labels           omit the labels inside rectangles\n"
        "  -h, --help            this text\n"
        "\n"
        "exit status: 0 ok, 1 the plan is invalid or above the capacity (still drawn),\n"
        "or the planner proved that nothing fits or found no plan in time (nothing\n"
        "drawn),\n"
        "2 usage or input error, "
        "a planner failure or an output that cannot be written\n",
        f);
}

static const char *const CMD = "render";

int memplan_cmd_render(int argc, char **argv) {
  enum { O_COLOR = 256, O_TITLE, O_TLIMIT, O_WIDTH, O_HEIGHT,
         O_MAXR, O_NOPROF, O_NOLAB };
  static const struct option longopts[] = {
      {"output", required_argument, NULL, 'o'},
      {"color", required_argument, NULL, O_COLOR},
      {"title", required_argument, NULL, O_TITLE},
      {"planner", required_argument, NULL, 'p'},
      {"time-limit", required_argument, NULL, O_TLIMIT},
      {"width", required_argument, NULL, O_WIDTH},
      {"height", required_argument, NULL, O_HEIGHT},
      {"max-rects", required_argument, NULL, O_MAXR},
      {"no-profile", no_argument, NULL, O_NOPROF},
      {"no-labels", no_argument, NULL, O_NOLAB},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  memplan_svg_options so;
  memset(&so, 0, sizeof so);
  const char *out = NULL, *planner = NULL;
  double time_limit = 0;
  uint64_t v;
  unsigned lo, hi;
  int c;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":o:p:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'h': usage(stdout); return 0;
    case O_COLOR:
      if (strcmp(optarg, "size") == 0)
        so.color = MEMPLAN_SVG_COLOR_SIZE;
      else if (strcmp(optarg, "id") == 0)
        so.color = MEMPLAN_SVG_COLOR_ID;
      else
        return memplan_cli_usage_error(CMD, "--color: '%s' is not 'size' or 'id'", optarg);
      break;
    case O_TITLE: so.title = optarg; break;
    case 'p': planner = optarg; break;
    case O_TLIMIT:
      if (memplan_cli_seconds(CMD, "time-limit", optarg, &time_limit))
        return 2;
      break;
    case O_WIDTH:
    case O_HEIGHT:
      if (memplan_cli_u64(CMD, c == O_WIDTH ? "width" : "height", optarg, &v))
        return 2;
      /* The library's own limits: a value it would clamp is refused here
       * rather than silently drawn at another size. */
      lo = c == O_WIDTH ? MEMPLAN_SVG_WIDTH_MIN : MEMPLAN_SVG_HEIGHT_MIN;
      hi = c == O_WIDTH ? MEMPLAN_SVG_WIDTH_MAX : MEMPLAN_SVG_HEIGHT_MAX;
      if (v < lo || v > hi)
        return memplan_cli_usage_error(CMD, "--%s: %s is not in %u..%u pixels",
                                       c == O_WIDTH ? "width" : "height",
                                       optarg, lo, hi);
      if (c == O_WIDTH)
        so.width = (unsigned)v;
      else
        so.height = (unsigned)v;
      break;
    case O_MAXR:
      if (memplan_cli_u64(CMD, "max-rects", optarg, &v))
        return 2;
      /* 0 is the library's "default" (5000), the opposite of what
       * --max-rects=0 asks for. */
      if (v == 0)
        return memplan_cli_usage_error(CMD, "--max-rects: must be >= 1");
      so.max_rects = v > SIZE_MAX ? SIZE_MAX : (size_t)v;
      break;
    case O_NOPROF: so.no_profile = true; break;
    case O_NOLAB: so.no_labels = true; break;
    case ':':
      return memplan_cli_usage_error(CMD, "option '%s' needs a value", argv[optind - 1]);
    default:
      return memplan_cli_usage_error(CMD, "unknown option '%s'", argv[optind - 1]);
    }
  }
  if (optind + 1 != argc)
    return memplan_cli_usage_error(CMD, "expected exactly one input file");
  if (!out || !*out)
    return memplan_cli_usage_error(CMD, "missing -o OUT.svg");
  const char *in = argv[optind];
  {
    char what[4200];
    snprintf(what, sizeof what, "-o %s", out);
    if (memplan_cli_distinct(CMD, "the input", in, true, what, out))
      return 2;
  }
  if (planner && !memplan_planner_find(planner))
    return memplan_cli_usage_error(CMD, "--planner: unknown planner '%s'", planner);

  char err[512];
  /* Before planning (render plans a problem first): a wrong -o is reported
   * before the work, not after it. */
  if (memplan_output_check(out, err, sizeof err) != 0) {
    return memplan_cli_fail(CMD, 2, "%s", err);
  }
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_csv_info info;
  memset(&info, 0, sizeof info);
  /* A complete plan is read as a plan (offsets not fixed: fixed buffers
   * would also raise the lower bound to the peak). Anything else, a file
   * without offsets or with some cells empty, is a problem to plan first,
   * its offset cells fixing buffers. Re-reading is cheaper than guessing
   * from the header. stdin, a pipe or a FIFO (/dev/stdin, <(...)) cannot
   * be re-read: it is read once as a problem and, when every offset cell is
   * set, turned back into a plan by unfixing its buffers. */
  struct stat st;
  bool rereadable = strcmp(in, "-") != 0 && stat(in, &st) == 0 && S_ISREG(st.st_mode);
  bool as_plan = !planner && rereadable &&
                 memplan_csv_read(in, true, &p, &info, err, sizeof err) == 0;
  if (!as_plan) {
    memplan_csv_info_free(&info);
    memset(&info, 0, sizeof info);
    if (memplan_csv_read(in, false, &p, &info, err, sizeof err) != 0) {
      return memplan_cli_fail(CMD, 2, "%s", err);
    }
    if (!planner && info.has_offset) {
      as_plan = true;
      for (size_t i = 0; i < p.count; i++)
        as_plan = as_plan && info.has_offset_value[i];
      for (size_t i = 0; as_plan && i < p.count; i++)
        p.buffers[i].fixed = false;
    }
  }
  int rc = 0;
  uint64_t *offsets = NULL;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char subtitle[600] = "";
  if (as_plan) {
    offsets = info.offsets;
    if (memplan_validate(&p, offsets, NULL, err, sizeof err) != 0) {
      memplan_cli_fail(CMD, 1, "%s: invalid plan: %s (drawn anyway)", in, err);
      snprintf(subtitle, sizeof subtitle, "INVALID PLAN: %s", err);
      rc = 1;
    }
  } else {
    memplan_options opts;
    memset(&opts, 0, sizeof opts);
    opts.time_limit = time_limit;
    if (!planner)
      planner = "auto";
    if (memplan_solve(&p, planner, &opts, &plan, err, sizeof err) != 0) {
      memplan_cli_fail(CMD, 1, "%s: %s", in, err);
      rc = plan.status == MEMPLAN_INFEASIBLE || plan.status == MEMPLAN_TIMEOUT ? 1 : 2;
      goto done;
    }
    offsets = plan.offsets;
    so.lower_bound = plan.lower_bound; /* the bound solve reports */
    snprintf(subtitle, sizeof subtitle, "planned by %s: status %s, %.3f s", plan.planner,
             memplan_status_name(plan.status), plan.seconds);
    /* The planner's best plan above the capacity is drawn, and said to be
     * over it as a plan file with the same offsets would be (exit 1). */
    if (plan.status == MEMPLAN_INFEASIBLE) {
      memplan_cli_fail(CMD, 1,
                       "%s: infeasible: peak %" PRIu64
                       " exceeds the capacity %" PRIu64 " (drawn anyway)",
                       in, plan.peak, p.capacity);
      rc = 1;
    }
  }
  so.subtitle = subtitle[0] ? subtitle : NULL;
  if (!so.title)
    so.title = in;
  if (memplan_svg_write(out, &p, offsets, &so, err, sizeof err) != 0) {
    rc = memplan_cli_fail(CMD, 2, "%s", err);
  }
done:
  memplan_plan_free(&plan);
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
  return rc;
}
