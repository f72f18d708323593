/*===-- auto_lns.h - Large-neighbourhood search for auto (internal) -------===*\
|*                                                                            *|
|* auto_lns.c: lowers a plan's peak by re-placing a few buffers at a time     *|
|* with exact's decision search (exact_search.h), the others held where they  *|
|* are. Used by `auto` only (not a public API).                               *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_AUTO_LNS_H
#define MEMPLAN_LIB_AUTO_LNS_H

#include "planners/exact_fit.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct mpx_lns {
  /* In. */
  uint64_t work_limit; /**< work in all (> 0): search nodes, and one per
                            buffer of each neighbourhood built */
  double deadline;     /**< mpx_now() value past which it stops (a safety
                            net; 1e300 when only the work may decide) */
  uint64_t lower;      /**< a proven lower bound on the optimum: it stops
                            there */
  /* In and out. */
  uint64_t *offsets;   /**< p->count entries: a valid plan, improved in place */
  uint64_t peak;       /**< its peak */
  /* Out. */
  uint64_t work;       /**< work spent */
  bool improved;       /**< offsets hold a lower plan than they did */
} mpx_lns;

/* Runs the search on p (conflict graph g) from L->offsets. 0, or -1 when
 * memory runs out (the plan in L is then still valid). */
int mpx_lns_run(const memplan_problem *p, const mpx_graph *g, mpx_lns *L);

#endif
