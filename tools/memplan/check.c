/*===-- check.c - `memplan check`: validate a plan -----------------------===*\
|*                                                                            *|
|* A plan is a CSV problem whose offset column holds the answer. Here the     *|
|* offsets are not constraints: they are what memplan_validate judges,        *|
|* against the live intervals, the alignments and the capacity. Plans from    *|
|* other tools can be checked the same way, which is the point: the           *|
|* validator shares no code with any planner.                                 *|
\*===----------------------------------------------------------------------===*/
#include "commands.h"
#include "memplan/csv.h"

#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "check";

static void check_usage(FILE *out) {
  fprintf(out,
          "usage: memplan check PLAN.csv [OPTIONS]\n"
          "\n"
          "Validates the plan in PLAN.csv (\"-\" = stdin): a CSV problem "
          "whose offset\n"
          "column gives every buffer's offset. Checks that buffers live at "
          "the same\n"
          "time share no byte, that offsets are aligned and, with a capacity "
          "('#\n"
          "capacity: N' or --capacity), that the peak fits. Prints\n"
          "  valid buffers=N peak=BYTES lower_bound=BYTES gap=PCT%%\n"
          "or names the first violation and the buffers involved. lower_bound "
          "is the\n"
          "load bound (no search); solve may prove a higher one.\n"
          "\n"
          "options:\n"
          "      --capacity=BYTES   arena capacity (overrides the file's; 0 "
          "= none)\n"
          "      --alignment=N      require every offset to be a multiple of "
          "N too\n"
          "  -h, --help             this help\n"
          "\n"
          "exit status: 0 valid; 1 invalid plan; 2 usage or input error.\n");
}

/* The validator's capacity message gives the peak only; a user fixing the
 * plan wants the buffers that stick out, so they are listed here. */
static bool above(const memplan_problem *p, const uint64_t *offsets,
                  size_t i) {
  uint64_t end;
  return __builtin_add_overflow(offsets[i], p->buffers[i].size, &end) ||
         end > p->capacity;
}

static bool peak_above(const memplan_problem *p, const uint64_t *offsets) {
  for (size_t i = 0; i < p->count; ++i)
    if (above(p, offsets, i))
      return true;
  return false;
}

static void name_buffers_above(const char *path, const memplan_problem *p,
                               const uint64_t *offsets) {
  enum { SHOWN = 10 };
  size_t n = 0;
  char nb[24];
  fprintf(stderr, "memplan check: %s: buffers above the capacity %" PRIu64
                  ":", path, p->capacity);
  for (size_t i = 0; i < p->count; ++i) {
    if (!above(p, offsets, i))
      continue;
    if (n++ < SHOWN)
      fprintf(stderr, " '%s' (bytes [%" PRIu64 ", %" PRIu64 "))",
              memplan_buffer_name(p, i, nb), offsets[i],
              offsets[i] + p->buffers[i].size);
  }
  if (n > SHOWN)
    fprintf(stderr, " and %zu more", n - SHOWN);
  fputc('\n', stderr);
}

int memplan_cmd_check(int argc, char **argv) {
  static const struct option longopts[] = {
      {"capacity", required_argument, NULL, MEMPLAN_CLI_OPT_CAPACITY},
      {"alignment", required_argument, NULL, MEMPLAN_CLI_OPT_ALIGNMENT},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  memplan_cli_planning pl;
  memset(&pl, 0, sizeof pl);
  int c, rc;
  opterr = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
    if ((rc = memplan_cli_planning_option(CMD, c, optarg, argv, &pl)) >= 0) {
      if (rc)
        return rc;
      continue;
    }
    if (c == 'h') {
      check_usage(stdout);
      return 0;
    }
  }
  const char *path;
  if (memplan_cli_one_operand(CMD, argc, argv, "the plan file PLAN.csv", &path))
    return 2;

  memplan_problem p;
  memplan_problem_init(&p);
  memplan_csv_info info;
  char err[1024];
  if (memplan_csv_read(path, true, &p, &info, err, sizeof err) != 0) {
    memplan_csv_info_free(&info);
    return memplan_cli_fail(CMD, 2, "%s", err);
  }
  /* --alignment=N makes each alignment its lcm with N, and the validator
   * would then blame "its alignment lcm", a number found nowhere in the
   * file. Name the requirement that fails, the file's or the option's,
   * first; but after prepare, whose input errors (an alignment and N with
   * no common multiple below 2^64) are exit 2 whatever the offsets are. */
  int code = 0;
  uint64_t *own = NULL; /* the file's alignments, before the lcm */
  if (pl.alignment && p.count) {
    own = malloc(p.count * sizeof *own);
    if (!own)
      code = memplan_cli_fail(CMD, 2, "%s: out of memory", path);
    for (size_t i = 0; own && i < p.count; ++i)
      own[i] = p.buffers[i].alignment;
  }
  /* No buffer is fixed in a plan, so prepare only applies the overrides
   * and the well-formedness check, with each offset counted as placed. */
  if (code == 0)
    code = memplan_cli_prepare(CMD, path, &info, &p, true, pl.have_capacity,
                               pl.capacity, pl.alignment);
  for (size_t i = 0; own && i < p.count && code == 0; ++i) {
    uint64_t off = info.offsets[i];
    char nb[24];
    size_t line = info.lines ? info.lines[i] : 0; /* rows exist: set */
    if (own[i] && off % own[i] != 0)
      code = memplan_cli_fail(CMD, 1,
                              "%s:%zu: invalid plan: column 'offset': buffer "
                              "'%s': offset %" PRIu64
                              " is not a multiple of its alignment %" PRIu64,
                              path, line, memplan_buffer_name(&p, i, nb), off,
                              own[i]);
    else if (off % pl.alignment != 0)
      code = memplan_cli_fail(CMD, 1,
                              "%s:%zu: invalid plan: column 'offset': buffer "
                              "'%s': offset %" PRIu64
                              " is not a multiple of --alignment=%" PRIu64,
                              path, line, memplan_buffer_name(&p, i, nb), off,
                              pl.alignment);
  }
  free(own);
  if (code == 0) {
    uint64_t peak = 0;
    size_t at[2];
    int v = memplan_validate_at(&p, info.offsets, &peak, at, err, sizeof err);
    if (v < 0) {
      code = memplan_cli_fail(CMD, 2, "%s: out of memory", path);
    } else if (v > 0) {
      /* At the row of the buffer at fault; for an overlap, at one of the
       * two rows, naming the other's line too. */
      if (info.lines && at[0] != SIZE_MAX && at[1] != SIZE_MAX)
        code = memplan_cli_fail(CMD, 1, "%s:%zu: invalid plan: %s (and line %zu)",
                                path, info.lines[at[1]], err, info.lines[at[0]]);
      else if (info.lines && at[0] != SIZE_MAX)
        code = memplan_cli_fail(CMD, 1, "%s:%zu: invalid plan: %s", path,
                                info.lines[at[0]], err);
      else
        code = memplan_cli_fail(CMD, 1, "%s: invalid plan: %s", path, err);
      if (p.capacity && peak_above(&p, info.offsets))
        name_buffers_above(path, &p, info.offsets);
    } else {
      uint64_t lb = memplan_lower_bound(&p, NULL);
      printf("valid buffers=%zu peak=%" PRIu64 " lower_bound=%" PRIu64
             " gap=%.2f%%\n",
             p.count, peak, lb, memplan_cli_gap_percent(peak, lb));
    }
  }
  memplan_csv_info_free(&info);
  memplan_problem_free(&p);
  return code;
}
