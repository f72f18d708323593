/* Every planner stops within its limits on every well-formed input, the
 * extreme ones included: sizes and fixed offsets near 2^64, zero-size
 * buffers, problems whose buffers are all fixed. `exact` once refuted the
 * capacities of a two-buffer input near 2^64 one granule at a time,
 * without counting any work, so neither its work limit nor its clock
 * stopped it.
 *
 * Each test plans a few hand-made inputs and a few hundred seeded random
 * ones drawn from the extreme classes, under one kind of limit, and
 * asserts that the planner returns, with plan.work within the work limit
 * and a plan that the validator accepts. A planner that ignored a limit
 * would hang here (ctest's timeout catches it); the verdicts themselves do
 * not depend on the clock: with a time limit only the properties that hold
 * for every outcome are asserted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memplan/memplan.h"
#include "testutil.h"

#define HUGE64 UINT64_MAX

/* The input that hung `exact` (10 minutes in the fuzz step). */
static void hang_input(memplan_problem *p) {
  memplan_problem_add(p, "b0", HUGE64, 1, 7, 9);
  memplan_problem_add(p, "b9", 0, 1, 16, 21);
  p->buffers[0].fixed = p->buffers[1].fixed = true;
  p->buffers[0].offset = 0;
  p->buffers[1].offset = 11529215046068469760u;
}

/* A value from one of the extreme classes. */
static uint64_t extreme_value(uint64_t *s) {
  switch (tu_rand(s) % 8) {
  case 0:
    return 0;
  case 1:
    return HUGE64 - tu_range(s, 0, 3);
  case 2:
    return (uint64_t)1 << tu_range(s, 40, 63);
  case 3:
    return tu_range(s, 1, 5) * 11529215046068469760u / 5;
  case 4:
    return tu_rand(s);
  default:
    return tu_range(s, 1, 1000);
  }
}

/* Seeded random problem of 1..6 buffers from the extreme classes; every
 * buffer fixed when `all_fixed`. It may be malformed (fixed buffers that
 * overlap, an offset + size past 2^64): the callers skip those. */
static void extreme_problem(memplan_problem *p, uint64_t seed,
                            bool all_fixed) {
  uint64_t s = seed * 0x9e3779b97f4a7c15u + 1;
  size_t n = (size_t)tu_range(&s, 1, 6);
  for (size_t i = 0; i < n; ++i) {
    static const uint64_t aligns[] = {1, 1, 2, 3, 5, 64, (uint64_t)1 << 62};
    uint64_t a = aligns[tu_rand(&s) % 7];
    int64_t start = (int64_t)tu_range(&s, 0, 20);
    int64_t end = start + 1 + (int64_t)tu_range(&s, 0, 10);
    memplan_problem_add(p, NULL, extreme_value(&s), a, start, end);
    if (all_fixed || tu_rand(&s) % 3 == 0) {
      p->buffers[i].fixed = true;
      p->buffers[i].offset = extreme_value(&s) / a * a;
    }
  }
  if (tu_rand(&s) % 4 == 0)
    p->capacity = extreme_value(&s);
}

/* Plans p with `planner` under `o`; asserts that it returns and that what
 * it returns keeps to the limits and validates. The work limit binds the
 * search planners (exact, auto, milp); the heuristics have none (they
 * always finish, O(n log n) or, for greedy-size, under its time limit),
 * so only their plans are checked. */
static void plan_within(const memplan_problem *p, const char *planner,
                        const memplan_options *o, uint64_t seed) {
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512] = "";
  int rc = memplan_solve(p, planner, o, &plan, err, sizeof err);
  bool search = strcmp(planner, "exact") == 0 ||
                strcmp(planner, "auto") == 0 || strcmp(planner, "milp") == 0;
  if (search && o->work_limit && plan.work > o->work_limit)
    fail_msg("seed %llu, %s: work %llu above the limit %llu",
             (unsigned long long)seed, planner, (unsigned long long)plan.work,
             (unsigned long long)o->work_limit);
  if (rc == 0) {
    memplan_problem uncapped = *p;
    uncapped.capacity = 0;
    if (memplan_validate(&uncapped, plan.offsets, NULL, err, sizeof err) != 0)
      fail_msg("seed %llu, %s: invalid plan: %s", (unsigned long long)seed,
               planner, err);
  } else if (strcmp(planner, "milp") != 0 && !tu_fixed_overlap(p) &&
             plan.status != MEMPLAN_TIMEOUT) {
    /* milp may refuse (an arena too large for doubles); the others fail
     * only on colliding fixed buffers or by running out of time. */
    fail_msg("seed %llu, %s failed: %s", (unsigned long long)seed, planner,
             err);
  }
  memplan_plan_free(&plan);
}

/* Every planner on the hand-made and the seeded extreme inputs, under o. */
static void all_planners_within(const memplan_options *o) {
  size_t np = 0;
  const memplan_planner *pls = memplan_planners(&np);
  size_t planned = 0;
  for (uint64_t seed = 0; seed <= 400; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    if (seed == 0)
      hang_input(&p);
    else
      extreme_problem(&p, seed, seed % 3 == 0);
    if (memplan_problem_check(&p, NULL, 0) == 0)
      for (size_t k = 0, one = 1; k < np; ++k, planned += one, one = 0) {
        /* CBC takes milliseconds per model: every tenth input is enough. */
        if (strcmp(pls[k].name, "milp") == 0 && seed % 10 != 0)
          continue;
        plan_within(&p, pls[k].name, o, seed);
      }
    memplan_problem_free(&p);
  }
  /* The classes are drawn so that most inputs are well formed. */
  assert_true(planned >= 200);
}

static void work_limit_alone(void **state) {
  (void)state;
  static const uint64_t limits[] = {1, 2, 100};
  for (size_t l = 0; l < 3; ++l) {
    memplan_options o;
    memset(&o, 0, sizeof o);
    o.work_limit = limits[l];
    all_planners_within(&o);
  }
}

/* A time limit that has passed before the planner starts: the planners
 * must notice it and return, whatever they return. */
static void time_limit_alone(void **state) {
  (void)state;
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.time_limit = 1e-9;
  all_planners_within(&o);
}

static void both_limits(void **state) {
  (void)state;
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.time_limit = 1e-9;
  o.work_limit = 3;
  all_planners_within(&o);
}

/* The hang input exactly as reported: exact with both limits gives the
 * only plan there is, proven optimal, within its work limit. */
static void hang_input_exact(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  hang_input(&p);
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.work_limit = 100;
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(tu_solve_ok(&p, "exact", &o, &plan), HUGE64);
  assert_true(plan.work <= 100);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hang_input_exact),
      cmocka_unit_test(work_limit_alone),
      cmocka_unit_test(time_limit_alone),
      cmocka_unit_test(both_limits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
