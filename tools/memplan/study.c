/*===-- study.c - `memplan study`: the seed's comparison experiment ------===*\
|*                                                                            *|
|* K seeded random instances of n buffers, every planner on each, one         *|
|* Markdown table per n: peak / lower bound (mean, median, worst), peak over  *|
|* the optimum where one is proven, how often the lower bound is met, time.   *|
|* Optionally an SVG strip plot of every instance's peak / lower bound, and   *|
|* the raw per-instance numbers as CSV.                                       *|
|*                                                                            *|
|* Instance k of size n is exactly `memplan gen --count=n --seed=S+k` with    *|
|* the same --max-size/--horizon/--max-life (gen's generator is repeated      *|
|* here draw for draw; a lit test checks the two agree), so any row of the    *|
|* raw output can be regenerated and looked at with `memplan render`.         *|
|*                                                                            *|
|* "Optimal" means proven: a plan whose status is optimal (peak equal to the  *|
|* lower bound, or proven by exact/milp). Instances without a proof are left  *|
|* out of the peak/optimum column, and the table says how many had one.       *|
\*===----------------------------------------------------------------------===*/

#include "commands.h"
#include "memplan/output.h"

#include "memplan/svg.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "study";

/* Same cut-off and reason as `memplan compare`: milp has one binary per
 * conflicting pair, so beyond this CBC spends its whole limit on the model. */
enum { MILP_DEFAULT_MAX_BUFFERS = 60 };
enum { MAX_PLANNERS = 16, MAX_SIZES = 16 };

/*---- Results ----------------------------------------------------------------*/

typedef struct run {
  bool ok;          /* a valid plan was produced */
  bool optimal;     /* status optimal (proven or peak == lower bound) */
  uint64_t peak;
  double seconds;
} run;

typedef struct stats {
  size_t solved, at_lb, proven, failed, skipped;
  double mean, median, worst;        /* peak / lower bound */
  double mean_best;                  /* peak / best peak of any planner */
  double mean_opt, worst_opt;        /* peak / optimum, proven instances */
  size_t with_opt;
  double mean_ms, max_ms;
} stats;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void usage(FILE *out) {
  fprintf(out,
          "usage: memplan study [OPTIONS]\n"
          "\n"
          "The seed's comparison experiment: K random instances of N buffers "
          "each\n(instance k is `memplan gen --count=N --seed=S+k` with the "
          "same size and\nlifetime options), every planner on each; prints a "
          "Markdown table per N:\npeak / lower bound (mean, median, worst), "
          "peak / best peak found, peak /\nproven optimum, how often the lower "
          "bound is met, mean and max time.\n"
          "\n"
          "options:\n"
          "  -k, --count=K          instances per size (default 20)\n"
          "  -n, --buffers=N[,N..]  buffers per instance (default 100)\n"
          "  -s, --seed=S           seed of instance 0 (default 1)\n"
          "      --planners=A,B,..  planners, in this order (default: every "
          "registered\n"
          "                         planner; milp only up to --milp-max "
          "buffers)\n"
          "      --milp-max=N       default planners include milp up to N "
          "buffers (%d)\n"
          "      --max-size=B       largest buffer in bytes (gen's, default "
          "4096)\n"
          "      --horizon=T        schedule steps (gen's default: N)\n"
          "      --max-life=L       longest lifetime (gen's default: T/4)\n"
          "  -t, --time-limit=SEC   limit per search planner run (default 1;\n"
          "                         none when only --work-limit is given)\n"
          "      --work-limit=N     deterministic work limit: search nodes of\n"
          "                         exact/auto, CBC's nodes for milp\n"
          "  -o, --output=FILE.md   the table (default stdout)\n"
          "      --svg=FILE.svg     strip plot of peak / lower bound\n"
          "      --raw=FILE.csv     one row per instance and planner\n"
          "  -h, --help             this help\n"
          "\n"
          "exit status: 0 done (planner failures are counted in the table); "
          "2 usage\nerror or an output cannot be written.\n",
          MILP_DEFAULT_MAX_BUFFERS);
}

static void compute(stats *s, const run *r, const uint64_t *lb,
                    const uint64_t *best, const bool *opt_known, size_t K,
                    double *scratch) {
  memset(s, 0, sizeof *s);
  size_t m = 0;
  double sum = 0, sum_best = 0, sum_opt = 0, sum_ms = 0;
  for (size_t k = 0; k < K; k++) {
    if (!r[k].ok) {
      s->failed++;
      continue;
    }
    s->solved++;
    double ratio = lb[k] ? (double)r[k].peak / (double)lb[k] : 1.0;
    scratch[m++] = ratio;
    sum += ratio;
    if (ratio > s->worst)
      s->worst = ratio;
    sum_best += best[k] ? (double)r[k].peak / (double)best[k] : 1.0;
    if (r[k].peak == lb[k])
      s->at_lb++;
    if (r[k].optimal)
      s->proven++;
    if (opt_known[k]) {
      double ro = best[k] ? (double)r[k].peak / (double)best[k] : 1.0;
      sum_opt += ro;
      if (ro > s->worst_opt)
        s->worst_opt = ro;
      s->with_opt++;
    }
    double ms = r[k].seconds * 1e3;
    sum_ms += ms;
    if (ms > s->max_ms)
      s->max_ms = ms;
  }
  if (m) {
    s->mean = sum / (double)m;
    s->mean_best = sum_best / (double)m;
    s->mean_ms = sum_ms / (double)m;
    qsort(scratch, m, sizeof *scratch, cmp_double);
    s->median = m % 2 ? scratch[m / 2] : (scratch[m / 2 - 1] + scratch[m / 2]) / 2;
  }
  if (s->with_opt)
    s->mean_opt = sum_opt / (double)s->with_opt;
}

/*---- The plot ---------------------------------------------------------------*/

static const char *const plot_colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728",
                                          "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
                                          "#bcbd22", "#17becf"};

typedef struct plot_group {
  size_t n;
  double *ratio; /* [planner][instance], NAN when no plan */
  double *mean;  /* [planner] */
  bool *present; /* [planner] */
} plot_group;

static void write_plot(FILE *f, plot_group *groups, size_t ngroups,
                       const char *const *names, size_t np, size_t K,
                       const char *title) {
  double ymax = 1.0;
  for (size_t g = 0; g < ngroups; g++)
    for (size_t j = 0; j < np * K; j++)
      if (!isnan(groups[g].ratio[j]) && groups[g].ratio[j] > ymax)
        ymax = groups[g].ratio[j];
  /* The linear baseline can be many times the bound and would flatten the
   * interesting part; clip at 2x and mark clipped points at the top. */
  double ytop = ymax > 2.0 ? 2.0 : ymax + (ymax - 1.0) * 0.08 + 0.01;
  const double left = 70, top = 60, ph = 360, min_width = 600;
  /* Columns of at least 46 px, wider when few so that the plot fills the
   * minimum width. */
  double colw = 46;
  if (left + (colw * (double)np + 30) * (double)ngroups + 30 < min_width)
    colw = ((min_width - left - 30) / (double)ngroups - 30) / (double)np;
  double gw = colw * (double)np + 30;
  double width = left + gw * (double)ngroups + 30;
  double height = top + ph + 100;
  fprintf(f,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
          "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n"
          "<style>text{font-size:11px;fill:#333}.t{font-size:15px;font-weight:bold}"
          ".grid{stroke:#e4e4e4}.frame{fill:none;stroke:#444}"
          ".mean{stroke:#000;stroke-width:2}</style>\n"
          "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n",
          width, height, width, height, width, height);
  fputs("<text x=\"70\" y=\"24\" class=\"t\">", f);
  memplan_svg_escape(f, title);
  fputs("</text>\n<text x=\"70\" y=\"42\">peak / lower bound per instance "
        "(dots), mean (black bar); 1.0 = the lower bound is met</text>\n", f);
  double step = ytop - 1.0 > 0.5 ? 0.1 : ytop - 1.0 > 0.2 ? 0.05 : ytop - 1.0 > 0.08 ? 0.02 : 0.01;
  double plot_w = gw * (double)ngroups;
  /* Counted, as every tick loop (svg.c): at most (2 - 1) / 0.01 + 1. */
  for (int k = 0; k <= 100 && 1.0 + k * step <= ytop + 1e-9; k++) {
    double v = 1.0 + k * step;
    double y = top + ph - (v - 1.0) / (ytop - 1.0) * ph;
    fprintf(f, "<line class=\"grid\" x1=\"%.0f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
            left, left + plot_w, y, y);
    fprintf(f, "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%.2f</text>\n",
            left - 6, y + 4, v);
  }
  for (size_t g = 0; g < ngroups; g++) {
    double gx = left + gw * (double)g + 15;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
               "font-weight=\"bold\">n = %zu</text>\n",
            gx + colw * (double)np / 2, top + ph + 64, groups[g].n);
    for (size_t j = 0; j < np; j++) {
      if (!groups[g].present[j])
        continue;
      double cx = gx + colw * ((double)j + 0.5);
      const char *col = plot_colors[j % 10];
      for (size_t k = 0; k < K; k++) {
        double r = groups[g].ratio[j * K + k];
        if (isnan(r))
          continue;
        double v = r > ytop ? ytop : r;
        /* Deterministic jitter so that equal ratios do not hide each other. */
        double jx = ((double)((k * 7919) % 97) / 96.0 - 0.5) * colw * 0.5;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.2\" fill=\"%s\" "
                   "fill-opacity=\".55\"/>\n",
                cx + jx, top + ph - (v - 1.0) / (ytop - 1.0) * ph, col);
      }
      double m = groups[g].mean[j] > ytop ? ytop : groups[g].mean[j];
      double my = top + ph - (m - 1.0) / (ytop - 1.0) * ph;
      fprintf(f, "<line class=\"mean\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\"/>\n",
              cx - colw * 0.35, cx + colw * 0.35, my, my);
      fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                 "transform=\"rotate(-40 %.1f %.1f)\" fill=\"%s\">",
              cx + 4, top + ph + 14, cx + 4, top + ph + 14, col);
      memplan_svg_escape(f, names[j]);
      fputs("</text>\n", f);
    }
  }
  fprintf(f, "<rect class=\"frame\" x=\"%.0f\" y=\"%.0f\" width=\"%.1f\" height=\"%.0f\"/>\n",
          left, top, plot_w, ph);
  if (ymax > ytop)
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\">points above %.1f are drawn at the top "
               "edge (worst: %.2f)</text>\n",
            left, height - 10, ytop, ymax);
  fputs("</svg>\n", f);
}

/*---- The command ------------------------------------------------------------*/

static int parse_list(const char *s, char out[][32], size_t max, size_t *count) {
  *count = 0;
  const char *p = s;
  while (*p) {
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    if (len == 0 || len >= 32 || *count == max)
      return -1;
    memcpy(out[*count], p, len);
    out[*count][len] = '\0';
    (*count)++;
    p += len + (e ? 1 : 0);
    if (e && !*p)
      return -1;
  }
  return *count ? 0 : -1;
}

int memplan_cmd_study(int argc, char **argv) {
  enum { O_PLANNERS = 256, O_MILPMAX, O_MAXSIZE, O_HORIZON, O_LIFE, O_WORK,
         O_SVG, O_RAW };
  static const struct option longopts[] = {
      {"count", required_argument, NULL, 'k'},
      {"buffers", required_argument, NULL, 'n'},
      {"seed", required_argument, NULL, 's'},
      {"planners", required_argument, NULL, O_PLANNERS},
      {"milp-max", required_argument, NULL, O_MILPMAX},
      {"max-size", required_argument, NULL, O_MAXSIZE},
      {"horizon", required_argument, NULL, O_HORIZON},
      {"max-life", required_argument, NULL, O_LIFE},
      {"time-limit", required_argument, NULL, 't'},
      {"work-limit", required_argument, NULL, O_WORK},
      {"output", required_argument, NULL, 'o'},
      {"svg", required_argument, NULL, O_SVG},
      {"raw", required_argument, NULL, O_RAW},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  uint64_t K = 20, seed = 1, milp_max = MILP_DEFAULT_MAX_BUFFERS;
  memplan_cli_random gp = {4096, MEMPLAN_CLI_SIZE_SKEWED, 0, 0, 1};
  double time_limit = -1; /* not given: 1 s, or none with a work limit */
  uint64_t work_limit = 0;
  const char *out_path = "-", *svg_path = NULL, *raw_path = NULL;
  bool out_given = false;
  char names[MAX_PLANNERS][32];
  size_t np = 0;
  bool explicit_planners = false;
  char sizes_s[MAX_SIZES][32];
  size_t nsizes = 1;
  size_t sizes[MAX_SIZES] = {100};
  uint64_t v;
  int c;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":k:n:s:t:o:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'k':
      if (memplan_cli_u64(CMD, "count", optarg, &K))
        return 2;
      if (K == 0 || K > 1000000)
        return memplan_cli_usage_error(CMD, "--count: must be in 1..1000000");
      break;
    case 'n':
      if (parse_list(optarg, sizes_s, MAX_SIZES, &nsizes) != 0)
        return memplan_cli_usage_error(
            CMD, "--buffers: expected N or a comma list of at most %d sizes", MAX_SIZES);
      for (size_t i = 0; i < nsizes; i++) {
        if (memplan_cli_u64(CMD, "buffers", sizes_s[i], &v))
          return 2;
        if (v == 0 || v > 10000000)
          return memplan_cli_usage_error(CMD, "--buffers: %s is not in 1..10000000", sizes_s[i]);
        sizes[i] = (size_t)v;
      }
      break;
    case 's':
      if (memplan_cli_u64(CMD, "seed", optarg, &seed))
        return 2;
      break;
    case O_PLANNERS:
      if (parse_list(optarg, names, MAX_PLANNERS, &np) != 0)
        return memplan_cli_usage_error(CMD, "--planners: expected a comma list of names");
      for (size_t j = 0; j < np; j++)
        if (!memplan_planner_find(names[j]))
          return memplan_cli_usage_error(CMD, "--planners: unknown planner '%s'", names[j]);
      explicit_planners = true;
      break;
    case O_MILPMAX:
      if (memplan_cli_u64(CMD, "milp-max", optarg, &milp_max))
        return 2;
      break;
    case O_MAXSIZE:
      if (memplan_cli_u64(CMD, "max-size", optarg, &gp.max_size))
        return 2;
      if (gp.max_size == 0)
        return memplan_cli_usage_error(CMD, "--max-size: must be >= 1");
      break;
    case O_HORIZON:
      if (memplan_cli_u64(CMD, "horizon", optarg, &gp.horizon))
        return 2;
      if (gp.horizon == 0 || gp.horizon > (uint64_t)INT64_MAX)
        return memplan_cli_usage_error(CMD, "--horizon: must be in 1..%" PRId64, INT64_MAX);
      break;
    case O_LIFE:
      if (memplan_cli_u64(CMD, "max-life", optarg, &gp.max_life))
        return 2;
      if (gp.max_life == 0)
        return memplan_cli_usage_error(CMD, "--max-life: must be >= 1");
      break;
    case 't':
      if (memplan_cli_seconds(CMD, "time-limit", optarg, &time_limit))
        return 2;
      break;
    case O_WORK:
      if (memplan_cli_u64(CMD, "work-limit", optarg, &work_limit))
        return 2;
      break;
    case 'o': out_path = optarg; out_given = true; break;
    case O_SVG: svg_path = optarg; break;
    case O_RAW: raw_path = optarg; break;
    case 'h': usage(stdout); return 0;
    case ':':
      return memplan_cli_usage_error(CMD, "option '%s' needs a value", argv[optind - 1]);
    default:
      return memplan_cli_usage_error(CMD, "unknown option '%s'", argv[optind - 1]);
    }
  }
  if (optind < argc)
    return memplan_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
  if (!*out_path || (svg_path && !*svg_path) || (raw_path && !*raw_path))
    return memplan_cli_usage_error(CMD, "empty output file name");
  /* Instance k is `memplan gen --seed=S+k`: past 2^64 - 1 the seeds would
   * wrap to 0, 1, ..., instances gen cannot make (it refuses the seed). */
  if (K - 1 > UINT64_MAX - seed)
    return memplan_cli_usage_error(
        CMD, "--seed=%" PRIu64 " with --count=%" PRIu64
             ": the last instance's seed S+K-1 overflows 64 bits",
        seed, K);
  {
    /* Three outputs, three different places (-o defaults to stdout). */
    const char *paths[3] = {out_path, svg_path, raw_path};
    const char *opts[3] = {"-o", "--svg=", "--raw="};
    char what[3][4200];
    for (int i = 0; i < 3; i++)
      if (paths[i])
        snprintf(what[i], sizeof what[i], "%s%s%s", opts[i],
                 i == 0 ? " " : "", paths[i]);
    if (!out_given)
      snprintf(what[0], sizeof what[0], "the table (no -o)");
    for (int i = 0; i < 3; i++)
      for (int j = i + 1; j < 3; j++)
        if (paths[i] && paths[j] &&
            memplan_cli_distinct(CMD, what[i], paths[i], false, what[j],
                                 paths[j]))
          return 2;
  }
  /* A work limit alone asks for reproducible runs: no default clock then
   * (as in exact and auto; 0 = the planners' own defaults). */
  if (time_limit < 0)
    time_limit = work_limit ? 0 : 1.0;
  if (!explicit_planners) {
    size_t count = 0;
    const memplan_planner *pl = memplan_planners(&count);
    for (size_t j = 0; j < count && np < MAX_PLANNERS; j++)
      snprintf(names[np++], sizeof names[0], "%s", pl[j].name);
  }

  /* All-or-nothing outputs (memplan/output.h): no half-written table. */
  memplan_output out, svg, raw;
  memset(&svg, 0, sizeof svg);
  memset(&raw, 0, sizeof raw);
  char oerr[512];
  if (memplan_output_open(&out, out_path, oerr, sizeof oerr) != 0)
    return memplan_cli_fail(CMD, 2, "%s", oerr);
  if ((svg_path && memplan_output_open(&svg, svg_path, oerr, sizeof oerr) != 0) ||
      (raw_path && memplan_output_open(&raw, raw_path, oerr, sizeof oerr) != 0)) {
    memplan_output_close(&out, false, NULL, 0);
    memplan_output_close(&svg, false, NULL, 0);
    return memplan_cli_fail(CMD, 2, "%s", oerr);
  }

  FILE *f = out.stream;
  fprintf(f, "# memplan study\n\n");
  fprintf(f, "Command: `memplan study --count=%" PRIu64 " --buffers=", K);
  for (size_t i = 0; i < nsizes; i++)
    fprintf(f, "%s%zu", i ? "," : "", sizes[i]);
  fprintf(f, " --seed=%" PRIu64, seed);
  if (explicit_planners) {
    fputs(" --planners=", f);
    for (size_t j = 0; j < np; j++)
      fprintf(f, "%s%s", j ? "," : "", names[j]);
  }
  fprintf(f, " --max-size=%" PRIu64, gp.max_size);
  if (gp.horizon)
    fprintf(f, " --horizon=%" PRIu64, gp.horizon);
  if (gp.max_life)
    fprintf(f, " --max-life=%" PRIu64, gp.max_life);
  fprintf(f, " --time-limit=%g", time_limit);
  if (work_limit)
    fprintf(f, " --work-limit=%" PRIu64, work_limit);
  if (!explicit_planners)
    fprintf(f, " --milp-max=%" PRIu64, milp_max);
  fprintf(f, "`\n\n");
  fprintf(f, "Instance k is `memplan gen --count=N --seed=%" PRIu64
             "+k --max-size=%" PRIu64 "` (horizon N and max life N/4 "
             "unless given). Ratios are peak / lower bound (1.00 = the bound "
             "is met, so the plan is optimal); `/best` is peak over the best "
             "peak any planner found on the instance; `/opt` is peak over the "
             "optimum on the instances where some planner proved it (count in "
             "parentheses). Times are each planner's own wall clock "
             "(memplan_plan.seconds) on this machine.\n\n",
          seed, gp.max_size);
  if (raw.stream)
    fprintf(raw.stream, "buffers,instance,seed,planner,status,peak,lower_bound,seconds\n");

  memplan_options opts;
  memset(&opts, 0, sizeof opts);
  opts.time_limit = time_limit;
  opts.work_limit = work_limit;

  run *runs = malloc(sizeof *runs * np * K);
  uint64_t *lb = malloc(sizeof *lb * K), *best = malloc(sizeof *best * K);
  bool *opt_known = malloc(sizeof *opt_known * K);
  double *scratch = malloc(sizeof *scratch * K);
  plot_group *groups = calloc(nsizes, sizeof *groups);
  int rc = 0;
  if (!runs || !lb || !best || !opt_known || !scratch || !groups) {
    rc = memplan_cli_fail(CMD, 2, "out of memory");
    goto cleanup;
  }
  for (size_t si = 0; si < nsizes && rc == 0; si++) {
    size_t n = sizes[si];
    bool active[MAX_PLANNERS];
    for (size_t j = 0; j < np; j++)
      active[j] = explicit_planners || strcmp(names[j], "milp") != 0 || n <= milp_max;
    for (size_t k = 0; k < K; k++) {
      memplan_problem p;
      memplan_problem_init(&p);
      if (memplan_cli_random_problem(&p, n, seed + k, &gp) != 0) {
        memplan_problem_free(&p);
        rc = memplan_cli_fail(CMD, 2, "out of memory generating instance %zu", k);
        break;
      }
      lb[k] = memplan_lower_bound(&p, NULL);
      best[k] = 0;
      opt_known[k] = false;
      for (size_t j = 0; j < np; j++) {
        run *r = &runs[j * K + k];
        memset(r, 0, sizeof *r);
        if (!active[j])
          continue;
        memplan_plan plan;
        memplan_plan_init(&plan);
        char err[512];
        if (memplan_solve(&p, names[j], &opts, &plan, err, sizeof err) == 0) {
          r->ok = true;
          r->peak = plan.peak;
          r->optimal = plan.status == MEMPLAN_OPTIMAL;
          if (!best[k] || plan.peak < best[k])
            best[k] = plan.peak;
          if (r->optimal)
            opt_known[k] = true;
        } else {
          fprintf(stderr, "memplan study: n=%zu instance %zu (seed %" PRIu64 "): %s\n",
                  n, k, seed + k, err);
        }
        r->seconds = plan.seconds;
        if (raw.stream)
          fprintf(raw.stream, "%zu,%zu,%" PRIu64 ",%s,%s,%" PRIu64 ",%" PRIu64 ",%.6f\n", n, k,
                  seed + k, names[j],
                  memplan_status_name(r->ok || plan.status > MEMPLAN_FEASIBLE ? plan.status
                                                                              : MEMPLAN_ERROR),
                  r->ok ? plan.peak : 0, lb[k], plan.seconds);
        memplan_plan_free(&plan);
      }
      memplan_problem_free(&p);
    }
    if (rc)
      break;
    fprintf(f, "## n = %zu buffers, %" PRIu64 " instances\n\n", n, K);
    fprintf(f, "| planner | solved | peak/LB mean | median | worst | /best mean "
               "| /opt mean (n) | /opt worst | LB met | proven opt | mean ms | max ms |\n"
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    plot_group *pg = &groups[si];
    pg->n = n;
    pg->ratio = malloc(sizeof *pg->ratio * np * K);
    pg->mean = calloc(np, sizeof *pg->mean);
    pg->present = calloc(np, sizeof *pg->present);
    if (!pg->ratio || !pg->mean || !pg->present) {
      rc = memplan_cli_fail(CMD, 2, "out of memory");
      break;
    }
    for (size_t j = 0; j < np; j++) {
      for (size_t k = 0; k < K; k++) {
        const run *r = &runs[j * K + k];
        pg->ratio[j * K + k] = r->ok ? (lb[k] ? (double)r->peak / (double)lb[k] : 1.0) : NAN;
      }
      if (!active[j]) {
        fprintf(f, "| %s | skipped (n > --milp-max=%" PRIu64 ") | | | | | | | | | | |\n",
                names[j], milp_max);
        continue;
      }
      stats s;
      compute(&s, &runs[j * K], lb, best, opt_known, K, scratch);
      pg->present[j] = s.solved > 0;
      pg->mean[j] = s.mean;
      if (!s.solved) {
        fprintf(f, "| %s | 0/%" PRIu64 " | | | | | | | | | | |\n", names[j], K);
        continue;
      }
      fprintf(f, "| %s | %zu/%" PRIu64 " | %.4f | %.4f | %.4f | %.4f | ", names[j],
              s.solved, K, s.mean, s.median, s.worst, s.mean_best);
      if (s.with_opt)
        fprintf(f, "%.4f (%zu) | %.4f | ", s.mean_opt, s.with_opt, s.worst_opt);
      else
        fprintf(f, "– (0) | – | ");
      fprintf(f, "%zu | %zu | %.3f | %.3f |\n", s.at_lb, s.proven, s.mean_ms, s.max_ms);
    }
    /* The seed's headline comparison, when both planners ran. */
    size_t jg = np, jb = np;
    for (size_t j = 0; j < np; j++) {
      if (active[j] && strcmp(names[j], "greedy-size") == 0) jg = j;
      if (active[j] && strcmp(names[j], "best-fit") == 0) jb = j;
    }
    if (jg < np && jb < np) {
      double sum = 0;
      size_t m = 0, gwins = 0, bwins = 0;
      for (size_t k = 0; k < K; k++) {
        const run *g = &runs[jg * K + k], *b = &runs[jb * K + k];
        if (!g->ok || !b->ok || !g->peak)
          continue;
        sum += (double)b->peak / (double)g->peak;
        m++;
        gwins += g->peak < b->peak;
        bwins += b->peak < g->peak;
      }
      if (m)
        fprintf(f, "\nbest-fit (online) peak / greedy-size (offline) peak: mean %.4f "
                   "over %zu instances; greedy-size lower on %zu, best-fit lower on %zu, "
                   "equal on %zu.\n",
                sum / (double)m, m, gwins, bwins, m - gwins - bwins);
    }
    size_t nopt = 0;
    for (size_t k = 0; k < K; k++)
      nopt += opt_known[k];
    fprintf(f, "\nOptimum proven on %zu of %" PRIu64 " instances.\n\n", nopt, K);
    fflush(f);
  }
  if (rc == 0 && svg.stream) {
    char title[128];
    snprintf(title, sizeof title, "memplan study: %" PRIu64 " random instances per size, seed %" PRIu64,
             K, seed);
    const char *name_ptrs[MAX_PLANNERS];
    for (size_t j = 0; j < np; j++)
      name_ptrs[j] = names[j];
    write_plot(svg.stream, groups, nsizes, name_ptrs, np, K, title);
  }

cleanup:
  if (groups)
    for (size_t i = 0; i < nsizes; i++) {
      free(groups[i].ratio);
      free(groups[i].mean);
      free(groups[i].present);
    }
  free(groups);
  free(runs);
  free(lb);
  free(best);
  free(opt_known);
  free(scratch);
  if (rc) {
    /* No partial outputs: drop the temporaries. */
    memplan_output_close(&out, false, NULL, 0);
    memplan_output_close(&svg, false, NULL, 0);
    memplan_output_close(&raw, false, NULL, 0);
    return rc;
  }
  if (memplan_output_close(&out, true, oerr, sizeof oerr) != 0)
    rc = memplan_cli_fail(CMD, 2, "%s", oerr);
  if (svg.stream && memplan_output_close(&svg, true, oerr, sizeof oerr) != 0)
    rc = memplan_cli_fail(CMD, 2, "%s", oerr);
  if (raw.stream && memplan_output_close(&raw, true, oerr, sizeof oerr) != 0)
    rc = memplan_cli_fail(CMD, 2, "%s", oerr);
  return rc;
}
