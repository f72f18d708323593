/* The memplan CLI's subcommands, one file each; main.c dispatches by name.
 * Each returns the process exit code: 0 ok, 1 infeasible / invalid plan,
 * 2 usage or input error. argv[0] is the subcommand name. Standard output
 * need not be flushed or checked: main does that for every subcommand
 * (exit 2, "memplan CMD: cannot write to standard output: REASON"). */
#ifndef MEMPLAN_TOOLS_COMMANDS_H
#define MEMPLAN_TOOLS_COMMANDS_H

int memplan_cmd_solve(int argc, char **argv);
int memplan_cmd_check(int argc, char **argv);
int memplan_cmd_compare(int argc, char **argv);
int memplan_cmd_gen(int argc, char **argv);
int memplan_cmd_render(int argc, char **argv);
int memplan_cmd_study(int argc, char **argv);

/* Helpers shared by the subcommands (defined in main.c). Each prints its own
 * message to stderr, prefixed "memplan CMD: ". */
#include "memplan/csv.h"
#include "memplan/memplan.h"
#include <stdbool.h>
#include <stdio.h>

/* Prints the message and "Try 'memplan CMD --help'."; returns 2. */
int memplan_cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints "memplan CMD: message" to stderr; returns `code`. The message
 * (without the prefix) is kept for memplan_cli_last_failure. */
int memplan_cli_fail(const char *cmd, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The message of the last memplan_cli_fail, or "" if none (static storage,
 * overwritten by the next call). */
const char *memplan_cli_last_failure(void);
/* Strict decimal option values (whole string, no sign, 64-bit range):
 * 0 ok, else a usage error was printed and 2 is returned. */
int memplan_cli_u64(const char *cmd, const char *opt, const char *s,
                    uint64_t *out);
/* Non-negative finite seconds. 0 ok, else prints and returns 2. */
int memplan_cli_seconds(const char *cmd, const char *opt, const char *s,
                        double *out);
/* --capacity / --alignment overrides on a problem read from `file` (with
 * `info` from its reader, whose lines locate the messages; may be NULL;
 * `plan`: the file is a plan, its offsets where the buffers are):
 * capacity replaces the file's (when have_capacity); alignment (0 = none)
 * raises every buffer's alignment to at least it. Then checks that the fixed
 * buffers are placeable at all: pairwise disjoint where they are live
 * together, aligned, within the capacity. Returns 0, 1 (fixed buffers
 * collide or exceed the capacity: no plan exists) or 2 (bad value), having
 * printed why. */
int memplan_cli_prepare(const char *cmd, const char *file,
                        const memplan_csv_info *info, memplan_problem *p,
                        bool plan, bool have_capacity, uint64_t capacity,
                        uint64_t alignment);
/* The one-line summary that tests grep:
 *   planner=NAME buffers=N peak=P lower_bound=L gap=G% status=S time=T.TTTs
 * followed by " via=WINNER" when the planner reports another name (auto). */
void memplan_cli_print_summary(FILE *out, const char *planner,
                               const memplan_problem *p,
                               const memplan_plan *plan);
/* Options that say how to plan, shared by solve, compare and check:
 * -t/--time-limit=SEC, --work-limit=N, --capacity=BYTES, --alignment=N.
 * Their getopt_long codes (the long-only ones from 256 up); a subcommand's
 * own long-only codes start at MEMPLAN_CLI_OPT_OWN. */
enum {
  MEMPLAN_CLI_OPT_WORK = 256,
  MEMPLAN_CLI_OPT_CAPACITY,
  MEMPLAN_CLI_OPT_ALIGNMENT,
  MEMPLAN_CLI_OPT_OWN
};
typedef struct memplan_cli_planning {
  memplan_options opts;    /* time_limit, work_limit */
  bool have_capacity;      /* --capacity given (replaces the file's) */
  uint64_t capacity;
  uint64_t alignment;      /* --alignment, 0 = none */
} memplan_cli_planning;
/* The --help lines of those options (a fragment of a printf format: '%%'
 * for '%'), written once for every subcommand that takes them. */
#define MEMPLAN_CLI_PLANNING_HELP                                              \
  "  -t, --time-limit=SEC   wall-clock limit for each search planner (0,\n"   \
  "                         the default: milp and exact 10 s, auto 10 s as\n" \
  "                         a safety net; auto's search stops after its\n"   \
  "                         own node budget unless --work-limit is given)\n" \
  "      --work-limit=N     deterministic work limit (search nodes of\n"     \
  "                         exact/auto, CBC's nodes for milp; 0 = none,\n"   \
  "                         auto's own: B = 2000 + 32n, plus\n"             \
  "                         min(n^4/10^4, 2.4e8/n) when its heuristics\n"   \
  "                         are 3 %% or more above the lower bound, and\n"   \
  "                         B/4 more for its large-neighbourhood search)\n" \
  "      --capacity=BYTES   arena capacity (overrides '# capacity:'; 0 =\n"  \
  "                         none)\n"                                         \
  "      --alignment=N      every offset also a multiple of N (each\n"       \
  "                         alignment becomes its lcm with N)\n"
/* Handles getopt_long's result `c` if it is one of the shared planning
 * options, or one of getopt's error codes (':' missing value, '?' unknown
 * option, with opterr = 0 and a leading ':' in the short options).
 * Returns 0 when the option was taken, 2 after printing a usage error, and
 * -1 when `c` is none of these (the subcommand handles it). */
int memplan_cli_planning_option(const char *cmd, int c, const char *arg,
                                char **argv, memplan_cli_planning *pl);
/* The one operand after the options: 0 with *path set, else prints a usage
 * error naming `what` (e.g. "the input file IN.csv") and returns 2. */
int memplan_cli_one_operand(const char *cmd, int argc, char **argv,
                            const char *what, const char **path);

/* Refuses (usage error, returns 2) two paths of one command that lead to
 * the same place: two outputs, by path or by file (both "-", or the same
 * regular file, FIFO or socket, also through another name or a link), or,
 * with a_is_input, an output (b) that names the input file (a; "-" is
 * then standard input). `what_*` name the options in the message, e.g.
 *   "--svg=t.md and -o t.md would both write to t.md". Returns 0 when
 * they differ. */
int memplan_cli_distinct(const char *cmd, const char *what_a,
                         const char *path_a, bool a_is_input,
                         const char *what_b, const char *path_b);

/* Whether writing `path` writes standard output: "-", or a name of the
 * same file (/dev/stdout, /dev/fd/1, the file stdout was redirected to),
 * except a device other than a terminal (both /dev/null). */
bool memplan_cli_is_stdout(const char *path);

/* The random instances of `memplan gen` (gen.c), also drawn by `study`. */
typedef enum memplan_cli_size_dist {
  MEMPLAN_CLI_SIZE_UNIFORM, /* uniform in [1, max_size] */
  MEMPLAN_CLI_SIZE_SKEWED,  /* log-uniform: an octave, then uniform in it */
  MEMPLAN_CLI_SIZE_POW2     /* 2^k, k uniform */
} memplan_cli_size_dist;
typedef struct memplan_cli_random {
  uint64_t max_size;          /* bytes, >= 1 */
  memplan_cli_size_dist dist;
  uint64_t horizon;           /* steps; 0 = count */
  uint64_t max_life;          /* steps; 0 = max(1, horizon / 4) */
  uint64_t alignment;         /* 0 = 1 */
} memplan_cli_random;
/* Appends `count` buffers t0.. drawn from splitmix64(seed): a start uniform
 * in [0, horizon), a life uniform in [1, max_life] cut at the horizon, a
 * size per `dist`. Same arguments, same buffers, on every machine. Returns
 * 0, or -1 when memory runs out. */
int memplan_cli_random_problem(memplan_problem *p, uint64_t count,
                               uint64_t seed, const memplan_cli_random *r);

/* Uniform in [lo, hi] from splitmix64(state), without modulo bias (gen.c). */
uint64_t memplan_cli_uniform(uint64_t *state, uint64_t lo, uint64_t hi);

/* The instances of `memplan gen --family=packing|packing-gap`
 * (gen_packing.c), whose optimum is known by construction. */
typedef struct memplan_cli_packing {
  uint64_t count;     /* buffers (without packing-gap's three) */
  uint64_t height;    /* the rectangle's height in units, >= 1 */
  uint64_t horizon;   /* its width in steps, >= 1 */
  uint64_t unit;      /* bytes per unit; a multiple of 6 with gap */
  unsigned holes;     /* percent of count dropped after the cut */
  unsigned pinwheels; /* percent of cuts made as pinwheels */
  unsigned time_cuts; /* percent of straight cuts made in time */
  unsigned aligned;   /* percent of buffers aligned to unit x 2^k */
  unsigned layers;    /* thin strips over the whole horizon, kept whole */
  bool gap;           /* packing-gap: optimum above max-live */
} memplan_cli_packing;
/* Appends the buffers of the instance `seed` to p; *planted gets a plan
 * of peak *optimum (p->count offsets, malloc'ed, the caller's), the
 * optimum. Returns 0, -1 when memory runs out, 1 when the rectangle
 * cannot be cut into that many pieces (height x horizon too small), or 2
 * when too few pieces lie off the witness step to drop the holes (say a
 * horizon of a step or two, or many holes beside full-horizon layers). */
int memplan_cli_packing_problem(memplan_problem *p, uint64_t seed,
                                const memplan_cli_packing *g,
                                uint64_t **planted, uint64_t *optimum);

/* Gap of peak above the lower bound, in percent (0 when the bound is 0). */
double memplan_cli_gap_percent(uint64_t peak, uint64_t lower_bound);

#endif
