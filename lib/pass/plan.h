/*===-- plan.h - Stage 4: offsets for each memory space, from the core ----===*\
|*                                                                            *|
|* Each memory space's problem is solved by memplan_solve with the chosen     *|
|* planner. memplan_solve validates every plan with the independent           *|
|* validator and refuses to return an invalid one, so nothing here trusts a   *|
|* planner blindly.                                                           *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_PASS_PLAN_H
#define MEMPLAN_PASS_PLAN_H

#include "memplan-c/pass.h"
#include "problem.h"

enum {
  MP_PLAN_OK = 0,
  MP_PLAN_FAILED = -1,       /* a planner or validator error, out of memory */
  MP_PLAN_OVER_CAPACITY = 1, /* an arena does not fit its space's capacity */
  /* An arena passed MP_ARENA_MAX_BYTES: the buffers to leave alone for it
   * were added to over_limit, and liveness must run again (leaving buffers
   * alone changes which deallocs may go). */
  MP_PLAN_RETRY = 2
};

/** Solves every space of p into plans[0..p->n) (initialized by the caller
 *  with memplan_plan_init). Every space is planned before a verdict is
 *  given, so that a retry comes before any capacity verdict, which the
 *  smaller arenas of the next attempt may meet. A capacity error names the
 *  memory space and, from the schedule `sched`, the step where the most
 *  bytes are live and the largest buffers live there (peak.h). Returns an
 *  MP_PLAN_* code; but for MP_PLAN_OK, err says why. */
int mp_plan_spaces(const mp_problems *p, const mp_liveness *l, const mp_schedule *sched,
                   const memplan_pass_options *o, memplan_plan *plans,
                   mp_ptrmap *over_limit, char *err, size_t err_len);

#endif
