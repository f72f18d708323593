/*===-- main.c - The memplan command-line tool: dispatch and helpers -----===*\
|*                                                                            *|
|* `memplan CMD ...` runs one subcommand (one file each). Exit codes are the  *|
|* same for all of them, so scripts can tell "the plan is bad" from "the     *|
|* command was wrong": 0 ok, 1 infeasible or invalid plan, 2 usage or input   *|
|* error.                                                                     *|
\*===----------------------------------------------------------------------===*/
/* realpath() is XSI: ask for it explicitly next to the POSIX baseline. */
#define _XOPEN_SOURCE 700

#include "commands.h"

#include "memplan/output.h"

#include "../../lib/core/arith.h" /* internal: mp_lcm, as the planners use it */
#include "../../lib/io/utf8.h" /* internal: memplan_utf8_visible, as the CSV reader quotes */

#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MEMPLAN_VERSION
#define MEMPLAN_VERSION "unknown"
#endif

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} command;

static const command commands[] = {
    {"solve", memplan_cmd_solve, "plan a CSV problem, print a summary, write "
                                 "the plan"},
    {"check", memplan_cmd_check, "validate a plan (a CSV with an offset "
                                 "column)"},
    {"compare", memplan_cmd_compare, "run several planners on one problem"},
    {"gen", memplan_cmd_gen, "generate a seeded random problem"},
    {"render", memplan_cmd_render, "draw a plan as a picture"},
    {"study", memplan_cmd_study, "run a random study over many instances"},
    {NULL, NULL, NULL},
};

static void usage(FILE *out) {
  fprintf(out,
          "usage: memplan COMMAND [OPTIONS] [ARGS]\n"
          "       memplan --help | --version\n"
          "       memplan help COMMAND   (same as memplan COMMAND --help)\n"
          "\n"
          "Static memory planning (dynamic storage allocation) on CSV "
          "problems:\n"
          "id,lower,upper,size[,alignment][,offset], live interval "
          "[lower, upper)\n"
          "in schedule steps, sizes and offsets in bytes.\n"
          "\ncommands:\n");
  for (const command *c = commands; c->name; ++c)
    fprintf(out, "  %-8s %s\n", c->name, c->summary);
  fprintf(out, "\nplanners:\n");
  size_t n = 0;
  const memplan_planner *pl = memplan_planners(&n);
  for (size_t i = 0; i < n; ++i)
    fprintf(out, "  %-12s %s\n", pl[i].name, pl[i].summary);
  fprintf(out, "\nexit status: 0 ok, 1 infeasible or invalid plan, 2 usage "
               "or input error,\na planner failure or an output that cannot "
               "be written\n");
}

/* Output that was lost is a failure, whoever printed it: stdio reports a
 * full disk or a closed pipe only through the stream's error flag and the
 * final flush, so every path out of main comes here once. A subcommand
 * that already said so (exit 2: gen, study, render write through
 * memplan_output) is not repeated. */
static int finish(const char *cmd, int code) {
  errno = 0;
  int flushed = fflush(stdout);
  int e = errno;
  if (flushed != 0 || ferror(stdout)) {
    if (code == 2)
      return 2;
    fprintf(stderr, "memplan%s%s: cannot write to standard output: %s\n",
            cmd ? " " : "", cmd ? cmd : "", strerror(e ? e : EIO));
    return 2;
  }
  return code;
}

static int run(int argc, char **argv);

/* A run stopped by Ctrl-C, kill or a closed pipe must not leave the
 * temporaries of its outputs behind (study holds three open for its whole
 * run). Remove them, then die of the same signal, so that the shell still
 * sees how the program ended. */
static void on_fatal_signal(int sig) {
  memplan_output_remove_temporaries();
  signal(sig, SIG_DFL);
  raise(sig);
}

int main(int argc, char **argv) {
  static const int fatal[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
  for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; ++i) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigaction(fatal[i], NULL, &sa);
    /* A signal the caller ignores (nohup's SIGHUP) stays ignored. */
    if (sa.sa_handler == SIG_IGN)
      continue;
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    sigaction(fatal[i], &sa, NULL);
  }
  int code = run(argc, argv);
  const char *cmd = NULL;
  if (argc >= 2)
    for (const command *c = commands; c->name; ++c)
      if (strcmp(c->name, argv[1]) == 0 ||
          (strcmp(argv[1], "help") == 0 && argc >= 3 &&
           strcmp(c->name, argv[2]) == 0))
        cmd = c->name;
  return finish(cmd, code);
}

static int run(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    usage(stdout);
    return 0;
  }
  if (strcmp(name, "--version") == 0) {
    printf("memplan %s\n", MEMPLAN_VERSION);
    return 0;
  }
  char *help_argv[4];
  if (strcmp(name, "help") == 0) {
    if (argc < 3) {
      usage(stdout);
      return 0;
    }
    /* "memplan help solve" is "memplan solve --help". */
    help_argv[0] = argv[0];
    help_argv[1] = argv[2];
    help_argv[2] = (char *)"--help";
    help_argv[3] = NULL;
    argv = help_argv;
    argc = 3;
    name = argv[1];
  }
  for (const command *c = commands; c->name; ++c)
    if (strcmp(c->name, name) == 0)
      return c->run(argc - 1, argv + 1);
  fprintf(stderr, "memplan: unknown command '%s'\n", name);
  fprintf(stderr, "Try 'memplan --help'.\n");
  return 2;
}

/*===----------------------------------------------------------------------===*
 * Helpers shared by the subcommands
 *===----------------------------------------------------------------------===*/

/* Writes a message with its control characters and the bytes that are
 * not UTF-8 visible (\r, \t, \xNN): names come from the command line and
 * file names, and a shell script saved with CRLF line ends passes
 * "in.csv\r", whose CR would send the terminal's cursor back and print the
 * rest of the message over its start; a file name in Latin-1 would make
 * the message invalid text. */
static void put_visible(FILE *out, const char *s) {
  char buf[4 * 2048 + 6]; /* the messages here are below 2048 bytes */
  fputs(memplan_utf8_visible(s, buf, sizeof buf), out);
}

int memplan_cli_usage_error(const char *cmd, const char *fmt, ...) {
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "memplan %s: ", cmd);
  put_visible(stderr, msg);
  fprintf(stderr, "\nTry 'memplan %s --help'.\n", cmd);
  return 2;
}

/* The last failure's text, for reports that carry it (solve --json). */
static char last_failure[1024];

int memplan_cli_fail(const char *cmd, int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_failure, sizeof last_failure, fmt, ap);
  va_end(ap);
  fprintf(stderr, "memplan %s: ", cmd);
  put_visible(stderr, last_failure);
  fputc('\n', stderr);
  return code;
}

const char *memplan_cli_last_failure(void) { return last_failure; }

int memplan_cli_u64(const char *cmd, const char *opt, const char *s,
                    uint64_t *out) {
  /* Same strictness as the CSV reader: digits only, whole string. */
  const char *t = s;
  if (!*t)
    return memplan_cli_usage_error(cmd, "--%s: empty value", opt);
  for (; *t; ++t)
    if (*t < '0' || *t > '9')
      return memplan_cli_usage_error(
          cmd, "--%s: '%s' is not a non-negative decimal integer", opt, s);
  errno = 0;
  unsigned long long v = strtoull(s, NULL, 10);
  if (errno == ERANGE || v > UINT64_MAX)
    return memplan_cli_usage_error(cmd, "--%s: '%s' overflows 64 bits", opt,
                                   s);
  *out = (uint64_t)v;
  return 0;
}

int memplan_cli_seconds(const char *cmd, const char *opt, const char *s,
                        double *out) {
  char *end = NULL;
  errno = 0;
  double v = strtod(s, &end);
  /* strtod also takes blanks, signs, "inf", hex: only plain decimals
   * (digits, one point, an exponent) pass. */
  bool plain = ((s[0] >= '0' && s[0] <= '9') || s[0] == '.') &&
               strspn(s, "0123456789.eE+-") == strlen(s);
  /* Underflow (1e-320, 1e-400) is a tiny limit, not an error and not 0
   * (which would mean the default): keep it positive. */
  if (errno == ERANGE && isfinite(v) && v < 1) {
    errno = 0;
    if (v <= 0)
      v = DBL_MIN;
  }
  if (!plain || *end || errno == ERANGE || !isfinite(v) || v < 0)
    return memplan_cli_usage_error(
        cmd, "--%s: '%s' is not a non-negative number of seconds", opt, s);
  *out = v;
  return 0;
}

int memplan_cli_planning_option(const char *cmd, int c, const char *arg,
                                char **argv, memplan_cli_planning *pl) {
  switch (c) {
  case 't':
    return memplan_cli_seconds(cmd, "time-limit", arg, &pl->opts.time_limit);
  case MEMPLAN_CLI_OPT_WORK:
    return memplan_cli_u64(cmd, "work-limit", arg, &pl->opts.work_limit);
  case MEMPLAN_CLI_OPT_CAPACITY:
    pl->have_capacity = true;
    return memplan_cli_u64(cmd, "capacity", arg, &pl->capacity);
  case MEMPLAN_CLI_OPT_ALIGNMENT:
    if (memplan_cli_u64(cmd, "alignment", arg, &pl->alignment))
      return 2;
    if (pl->alignment == 0)
      return memplan_cli_usage_error(cmd, "--alignment: must be >= 1");
    return 0;
  case ':':
    return memplan_cli_usage_error(cmd, "option '%s' needs a value",
                                   argv[optind - 1]);
  case '?':
    return memplan_cli_usage_error(cmd, "unknown option '%s'",
                                   argv[optind - 1]);
  default:
    return -1;
  }
}

int memplan_cli_one_operand(const char *cmd, int argc, char **argv,
                            const char *what, const char **path) {
  if (optind >= argc)
    return memplan_cli_usage_error(cmd, "missing %s", what);
  if (argc - optind > 1)
    return memplan_cli_usage_error(cmd, "unexpected argument '%s'",
                                   argv[optind + 1]);
  *path = argv[optind];
  return 0;
}

/* memplan_problem_check_at on the problem a plan describes (`plan`: each
 * buffer with an offset fixed there, memplan_csv_fix_at_plan), so that the
 * budget a planner would need does not refuse a plan already made. `p`
 * itself is left as it is: the plan's offsets are judged later. 0 or -1. */
static int check_placed(const memplan_problem *p, const memplan_csv_info *info,
                        bool plan, size_t *bad, char *err, size_t err_len) {
  if (!plan || !info || !info->has_offset_value || !p->count)
    return memplan_problem_check_at(p, bad, err, err_len);
  memplan_problem q = *p;
  q.buffers = malloc(p->count * sizeof *q.buffers);
  if (!q.buffers) {
    snprintf(err, err_len, "out of memory");
    *bad = SIZE_MAX;
    return -1;
  }
  memcpy(q.buffers, p->buffers, p->count * sizeof *q.buffers);
  memplan_csv_fix_at_plan(&q, info);
  int rc = memplan_problem_check_at(&q, bad, err, err_len);
  free(q.buffers);
  return rc;
}

int memplan_cli_prepare(const char *cmd, const char *file,
                        const memplan_csv_info *info, memplan_problem *p,
                        bool plan, bool have_capacity, uint64_t capacity,
                        uint64_t alignment) {
  char nb[24], where[64];
  if (have_capacity)
    p->capacity = capacity;
  if (alignment) {
    /* Every offset must be a multiple of its own alignment and of N: the
     * least common multiple (the larger one when both are powers of two).
     * A refusal names the row, as the reader's own messages do. */
    for (size_t i = 0; i < p->count; ++i) {
      memplan_buffer *b = &p->buffers[i];
      if (info && info->lines)
        snprintf(where, sizeof where, ":%zu", info->lines[i]);
      else
        where[0] = '\0';
      uint64_t lcm = b->alignment ? mp_lcm(b->alignment, alignment) : alignment;
      if (lcm == 0)
        return memplan_cli_fail(cmd, 2,
                                "%s%s: buffer '%s': its alignment %" PRIu64
                                " and --alignment=%" PRIu64
                                " have no common multiple below 2^64",
                                file, where, memplan_buffer_name(p, i, nb),
                                b->alignment, alignment);
      b->alignment = lcm;
      if (b->fixed && b->offset % b->alignment != 0)
        return memplan_cli_fail(cmd, 2,
                                "%s%s: column 'offset': buffer '%s': fixed "
                                "offset %" PRIu64
                                " is not a multiple of --alignment=%" PRIu64,
                                file, where, memplan_buffer_name(p, i, nb),
                                b->offset, alignment);
    }
  }
  char err[512];
  size_t bad;
  if (check_placed(p, info, plan, &bad, err, sizeof err) != 0) {
    /* The reader checked the file; what fails here is what the overrides
     * changed (--alignment's padding): pointed at its row too. */
    if (info && info->lines && bad < p->count)
      return memplan_cli_fail(cmd, 2, "%s:%zu: %s", file, info->lines[bad], err);
    return memplan_cli_fail(cmd, 2, "%s: %s", file, err);
  }

  /* Fixed buffers are constraints, not choices: when they overlap each
   * other or stick out of the capacity, no planner can succeed, and the
   * honest answer is "infeasible" with the culprits named, not a planner
   * failure. Validating the fixed buffers alone says exactly that. */
  size_t nfixed = 0;
  for (size_t i = 0; i < p->count; ++i)
    nfixed += p->buffers[i].fixed;
  if (!nfixed)
    return 0;
  memplan_problem sub;
  memplan_problem_init(&sub);
  uint64_t *offs = malloc(nfixed * sizeof *offs);
  int rc = offs ? 0 : -1;
  for (size_t i = 0; i < p->count && rc == 0; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (!b->fixed)
      continue;
    int64_t k = memplan_problem_add(&sub, memplan_buffer_name(p, i, nb),
                                    b->size, b->alignment, b->start, b->end);
    if (k < 0) {
      rc = -1;
      break;
    }
    sub.buffers[k].fixed = true;
    sub.buffers[k].offset = b->offset;
    offs[k] = b->offset;
  }
  sub.capacity = p->capacity;
  int v = rc == 0 ? memplan_validate(&sub, offs, NULL, err, sizeof err) : -1;
  memplan_problem_free(&sub);
  free(offs);
  if (v < 0)
    return memplan_cli_fail(cmd, 2, "%s: out of memory", file);
  if (v > 0)
    return memplan_cli_fail(cmd, 1,
                            "%s: infeasible: the fixed offsets alone are "
                            "invalid: %s",
                            file, err);
  return 0;
}

/* Where `path` leads, for comparing two paths: the file's identity when it
 * exists (fd is the stream "-" stands for), else the canonical name it
 * would be created under (memplan_output_creation_name). */
typedef struct cli_dest {
  bool exists;
  struct stat st;
  char *canon; /* malloc'd; NULL when the path exists or cannot be resolved */
} cli_dest;

static cli_dest cli_dest_of(const char *path, int std_fd) {
  cli_dest d;
  memset(&d, 0, sizeof d);
  if (strcmp(path, "-") == 0) {
    d.exists = fstat(std_fd, &d.st) == 0;
    return d;
  }
  if (stat(path, &d.st) == 0) {
    d.exists = true;
    return d;
  }
  /* Not there yet: the name it will be created under (a link to a name
   * that another output creates first leads there too). */
  d.canon = memplan_output_creation_name(path);
  return d;
}

bool memplan_cli_is_stdout(const char *path) {
  if (strcmp(path, "-") == 0)
    return true;
  struct stat a, b;
  /* A device that is not a terminal (stdout and -o both /dev/null) holds
   * nothing that a summary could spoil: the summary stays on stdout, or
   * `-o /dev/null > /dev/null` printed it on stderr. */
  return fstat(STDOUT_FILENO, &a) == 0 && stat(path, &b) == 0 &&
         a.st_dev == b.st_dev && a.st_ino == b.st_ino &&
         !(S_ISCHR(a.st_mode) && !isatty(STDOUT_FILENO));
}

int memplan_cli_distinct(const char *cmd, const char *what_a,
                         const char *path_a, bool a_is_input,
                         const char *what_b, const char *path_b) {
  /* Two streams into one stdout interleave (solve's CSV and JSON); two
   * outputs into one file keep only the last one renamed over it; an output
   * over the input replaces the problem with its plan or picture. All are
   * mistakes that exit 0 and lose something, so they are refused before
   * anything is read or written. Devices (/dev/null twice) are harmless. */
  bool same = false;
  if (!a_is_input && strcmp(path_a, "-") == 0 && strcmp(path_b, "-") == 0) {
    same = true;
  } else {
    cli_dest a = cli_dest_of(path_a, a_is_input ? STDIN_FILENO : STDOUT_FILENO);
    cli_dest b = cli_dest_of(path_b, STDOUT_FILENO);
    if (a.exists && b.exists)
      same = a.st.st_dev == b.st.st_dev && a.st.st_ino == b.st.st_ino &&
             (S_ISREG(a.st.st_mode) ||
              (!a_is_input && (S_ISFIFO(a.st.st_mode) ||
                               S_ISSOCK(a.st.st_mode))));
    else if (a.canon && b.canon)
      same = strcmp(a.canon, b.canon) == 0;
    free(a.canon);
    free(b.canon);
  }
  if (!same)
    return 0;
  const char *where = strcmp(path_b, "-") == 0 ? "standard output" : path_b;
  if (a_is_input) /* named as given: a link or /dev/stdin is another name */
    return memplan_cli_usage_error(cmd, "%s would overwrite the input %s",
                                   what_b,
                                   strcmp(path_a, "-") == 0 ? "(standard input)" : path_a);
  return memplan_cli_usage_error(cmd, "%s and %s would both write to %s",
                                 what_a, what_b, where);
}

double memplan_cli_gap_percent(uint64_t peak, uint64_t lower_bound) {
  if (lower_bound == 0 || peak <= lower_bound)
    return 0.0;
  return 100.0 * ((double)(peak - lower_bound) / (double)lower_bound);
}

void memplan_cli_print_summary(FILE *out, const char *planner,
                               const memplan_problem *p,
                               const memplan_plan *plan) {
  fprintf(out,
          "planner=%s buffers=%zu peak=%" PRIu64 " lower_bound=%" PRIu64
          " gap=%.2f%% status=%s time=%.3fs",
          planner, p->count, plan->peak, plan->lower_bound,
          memplan_cli_gap_percent(plan->peak, plan->lower_bound),
          memplan_status_name(plan->status), plan->seconds);
  if (plan->planner[0] && strcmp(plan->planner, planner) != 0)
    fprintf(out, " via=%s", plan->planner);
  fputc('\n', out);
}
