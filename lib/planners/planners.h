/*===-- planners.h - Internal declarations of the planners ---------*- C -*-===*\
|*                                                                            *|
|* Each planner lives in its own file and exports one memplan_planner_fn.     *|
|* Adding a planner: one file here plus one line in registry.c.               *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_PLANNERS_H
#define MEMPLAN_LIB_PLANNERS_H

#include "memplan/memplan.h"

int memplan_plan_linear(const memplan_problem *p, const memplan_options *o,
                        memplan_plan *plan);
int memplan_plan_greedy_size(const memplan_problem *p,
                             const memplan_options *o, memplan_plan *plan);
int memplan_plan_best_fit(const memplan_problem *p, const memplan_options *o,
                          memplan_plan *plan);
int memplan_plan_milp(const memplan_problem *p, const memplan_options *o,
                      memplan_plan *plan);
int memplan_plan_exact(const memplan_problem *p, const memplan_options *o,
                       memplan_plan *plan);
int memplan_plan_auto(const memplan_problem *p, const memplan_options *o,
                      memplan_plan *plan);

/* greedy-size that also stops, status timeout and no plan as at its time
 * limit, once it has visited more than `max_visits` (buffer, placed
 * neighbour) pairs (0 = no cap). The count does not depend on the machine:
 * auto bounds greedy-size with it when no clock may decide. */
int mpx_greedy_size(const memplan_problem *p, const memplan_options *o,
                    uint64_t max_visits, memplan_plan *plan);

/* greedy-size's visits when no clock may bound it (no time limit: auto's
 * default, or a work limit alone, in auto and in exact's fallback): the
 * size of the largest conflict graph auto's kernel builds, about 2 s here
 * on 10^5 buffers all live at once. */
#define MPX_GREEDY_VISITS ((uint64_t)32 << 20)

/* Runs `run` as memplan_solve would, with its offsets written into `out`
 * (p->count entries, the caller's). True when it gave a plan (not timeout,
 * infeasible or error). */
bool mpx_run_into(const memplan_problem *p, memplan_planner_fn run,
                  const memplan_options *o, uint64_t *out);

/* mpx_run_into for the registered planner `name`: the members of auto, and
 * exact's first plan on inputs too large to search. */
bool mpx_run_member(const memplan_problem *p, const char *name,
                    const memplan_options *o, uint64_t *out);

#endif
