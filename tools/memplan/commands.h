/* The memplan CLI's subcommands, one file each; main.c dispatches by name.
 * Each returns the process exit code: 0 ok, 1 infeasible / invalid plan,
 * 2 usage or input error. argv[0] is the subcommand name. */
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
#include "memplan/memplan.h"
#include <stdio.h>

/* Prints the message and "Try 'memplan CMD --help'."; returns 2. */
int memplan_cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints "memplan CMD: message" to stderr; returns `code`. */
int memplan_cli_fail(const char *cmd, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Strict decimal option values (whole string, no sign, 64-bit range):
 * 0 ok, else a usage error was printed and 2 is returned. */
int memplan_cli_u64(const char *cmd, const char *opt, const char *s,
                    uint64_t *out);
/* Non-negative finite seconds. 0 ok, else prints and returns 2. */
int memplan_cli_seconds(const char *cmd, const char *opt, const char *s,
                        double *out);
/* --capacity / --alignment overrides on a problem read from `file`:
 * capacity replaces the file's (when have_capacity); alignment (0 = none)
 * raises every buffer's alignment to at least it. Then checks that the fixed
 * buffers are placeable at all: pairwise disjoint where they are live
 * together, aligned, within the capacity. Returns 0, 1 (fixed buffers
 * collide or exceed the capacity: no plan exists) or 2 (bad value), having
 * printed why. */
int memplan_cli_prepare(const char *cmd, const char *file,
                        memplan_problem *p, bool have_capacity,
                        uint64_t capacity, uint64_t alignment);
/* The one-line summary that tests grep:
 *   planner=NAME buffers=N peak=P lower_bound=L gap=G% status=S time=T.TTTs
 * followed by " via=WINNER" when the planner reports another name (auto). */
void memplan_cli_print_summary(FILE *out, const char *planner,
                               const memplan_problem *p,
                               const memplan_plan *plan);
/* Gap of peak above the lower bound, in percent (0 when the bound is 0). */
double memplan_cli_gap_percent(uint64_t peak, uint64_t lower_bound);

#endif
