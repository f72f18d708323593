/*===-- auto_probe.h - Bisection on the capacity for auto ---------*- C -*-===*\
|*                                                                            *|
|* auto_probe.c: improves a plan by asking exact's decision search            *|
|* (exact_search.h) "is there a plan of peak <= C?" at capacities C chosen by *|
|* bisection between the proven lower bound and the best plan's peak. Used    *|
|* by `auto` only (not a public API).                                         *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_AUTO_PROBE_H
#define MEMPLAN_LIB_AUTO_PROBE_H

#include "planners/exact_fit.h"

#include <stdbool.h>
#include <stdint.h>

/** The probe's inputs and results. */
typedef struct mpx_probe {
  /* In. */
  uint64_t work_limit; /**< search nodes in all (> 0) */
  double deadline;     /**< mpx_now() value past which it stops (a safety
                            net; 1e300 when only the work may decide) */
  uint64_t capacity;   /**< the caller's capacity (0: none): while the plan
                            is above it, it is the capacity decided */
  bool restart_lower;  /**< also decide C = lower as skyline restarts, at
                            the start and at each budget doubling: for
                            inputs whose optimum is likely the bound */
  /* In and out. */
  uint64_t *offsets;   /**< p->count entries: a valid plan, improved in place */
  uint64_t peak;       /**< its peak */
  uint64_t lower;      /**< a proven lower bound on the optimum */
  /* Out. */
  uint64_t work;       /**< search nodes spent */
  bool improved;       /**< offsets hold a plan found by the probes */
} mpx_probe;

/** Runs the probes on p (with its conflict graph g). The plan in
 *  P->offsets is replaced only by a lower one; P->lower only rises, by
 *  refutations (each a complete search). Returns 0, or -1 when memory
 *  runs out (P unchanged then). Deterministic when the deadline is not
 *  reached. Returns at once when the input cannot be searched (fixed
 *  buffers are fine; the caller bounds n). */
int mpx_probe_run(const memplan_problem *p, const mpx_graph *g, mpx_probe *P);

#endif
