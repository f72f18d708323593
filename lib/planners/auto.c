/* Stub: to be written. */
#include "planners/planners.h"
#include <stdio.h>
int memplan_plan_auto(const memplan_problem *p, const memplan_options *o,
                    memplan_plan *plan) {
  (void)p; (void)o;
  snprintf(plan->message, sizeof plan->message, "planner not implemented yet");
  return -1;
}
