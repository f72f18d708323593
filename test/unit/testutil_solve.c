/* The cmocka half of the test helpers (testutil.c stays free of cmocka, so
 * that the fuzzers and benchmarks can link it too). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "testutil.h"

uint64_t tu_solve_ok(const memplan_problem *p, const char *planner,
                     const memplan_options *o, memplan_plan *plan) {
  char err[512] = "";
  if (memplan_solve(p, planner, o, plan, err, sizeof err) != 0)
    fail_msg("%s: %s", planner, err);
  assert_int_equal(plan->count, p->count);
  return plan->peak;
}

uint64_t tu_peak(const memplan_problem *p, const char *planner,
                 const memplan_options *o) {
  memplan_plan plan;
  memplan_plan_init(&plan);
  uint64_t peak = tu_solve_ok(p, planner, o, &plan);
  memplan_plan_free(&plan);
  return peak;
}
