/*===-- registry.c - The table of planners, selected by name ------------===*/
#include "planners/planners.h"

#include <string.h>

static const memplan_planner registry[] = {
    {"auto", "portfolio: lower bound, heuristics, then exact under a budget",
     memplan_plan_auto},
    {"exact", "branch and bound: anytime, proves optimality", memplan_plan_exact},
    {"milp", "big-M MILP (one order binary per conflicting pair) via CBC",
     memplan_plan_milp},
    {"greedy-size", "size descending, lowest offset that fits (offline)",
     memplan_plan_greedy_size},
    {"best-fit", "online in time order: smallest free block, coalescing",
     memplan_plan_best_fit},
    {"linear", "no reuse: buffers stacked (the baseline)", memplan_plan_linear},
    {NULL, NULL, NULL},
};

const memplan_planner *memplan_planners(size_t *count) {
  if (count)
    *count = sizeof(registry) / sizeof(registry[0]) - 1;
  return registry;
}

bool mpx_run_into(const memplan_problem *p, memplan_planner_fn run,
                  const memplan_options *o, uint64_t *out) {
  memplan_plan tmp;
  memplan_plan_init(&tmp);
  tmp.offsets = out;
  tmp.count = p->count;
  tmp.status = MEMPLAN_FEASIBLE; /* as memplan_solve does */
  return run(p, o, &tmp) == 0 && tmp.status != MEMPLAN_TIMEOUT &&
         tmp.status != MEMPLAN_INFEASIBLE && tmp.status != MEMPLAN_ERROR;
}

bool mpx_run_member(const memplan_problem *p, const char *name,
                    const memplan_options *o, uint64_t *out) {
  const memplan_planner *pl = memplan_planner_find(name);
  return pl && mpx_run_into(p, pl->run, o, out);
}

const memplan_planner *memplan_planner_find(const char *name) {
  if (!name)
    return NULL;
  for (const memplan_planner *pl = registry; pl->name; ++pl)
    if (strcmp(pl->name, name) == 0)
      return pl;
  return NULL;
}
