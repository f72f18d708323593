/* The problem model, memplan_problem_check, names, and memplan_solve's
 * contract (status, lower bound, capacity, errors), plus the shared cases
 * 01, 16 and 17 (generated at test time) with their stated values; and
 * the internal span table of the exact search (core/span_min.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/span_min.h"
#include "memplan/memplan.h"
#include "testutil.h"

static void assert_contains(const char *hay, const char *needle) {
  if (!strstr(hay, needle))
    fail_msg("expected \"%s\" in message \"%s\"", needle, hay);
}

static void problem_add_and_free(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char id[8] = "first";
  /* Enough to force several reallocations. */
  for (int i = 0; i < 100; ++i)
    assert_int_equal(memplan_problem_add(&p, i ? NULL : id, 4, 1, i, i + 1),
                     i);
  strcpy(id, "xxxx"); /* the problem owns a copy */
  assert_int_equal(p.count, 100);
  assert_string_equal(p.buffers[0].id, "first");
  assert_null(p.buffers[1].id);
  assert_false(p.buffers[0].fixed);
  char buf[24];
  assert_string_equal(memplan_buffer_name(&p, 0, buf), "first");
  assert_string_equal(memplan_buffer_name(&p, 42, buf), "#42");
  memplan_problem_free(&p);
  assert_int_equal(p.count, 0);
  assert_null(p.buffers);
  memplan_problem_free(&p); /* idempotent */
}

/* memplan_problem_check_at names the buffer its message is about: the one
 * that fails, the fixed buffer that ends highest for the budget above the
 * fixed ones, none when all is well. */
static void problem_check_culprit(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char err[256];
  size_t bad = 7;
  memplan_problem_add(&p, "a", 8, 1, 0, 2);
  memplan_problem_add(&p, "b", 8, 1, 0, 2);
  assert_int_equal(memplan_problem_check_at(&p, &bad, err, sizeof err), 0);
  assert_int_equal(bad, SIZE_MAX);
  p.buffers[1].end = 0;
  assert_int_equal(memplan_problem_check_at(&p, &bad, err, sizeof err), -1);
  assert_int_equal(bad, 1);
  p.buffers[1].end = 2;
  p.buffers[1].size = (1ull << 62) + 1;
  p.buffers[1].alignment = 1ull << 62; /* padded: 2^63, a's 2^63 before */
  p.buffers[0].size = 1ull << 63;
  assert_int_equal(memplan_problem_check_at(&p, &bad, err, sizeof err), -1);
  assert_int_equal(bad, 1);
  p.buffers[1].size = 8;
  p.buffers[1].alignment = 1;
  p.buffers[1].fixed = true;
  p.buffers[1].offset = (1ull << 63) + 8; /* its end plus a's 2^63 */
  assert_int_equal(memplan_problem_check_at(&p, &bad, err, sizeof err), -1);
  assert_contains(err, "buffer 'b': total of sizes with alignment padding above this fixed buffer, the highest (top");
  assert_int_equal(bad, 1);
  assert_int_equal(memplan_problem_check_at(&p, NULL, err, sizeof err), -1);
  memplan_problem_free(&p);
  /* Buffers but no array: refused, and the bound reads nothing. */
  memplan_problem q = {.buffers = NULL, .count = 3, .reserved = 0};
  int64_t at = -7;
  assert_int_equal(memplan_problem_check_at(&q, &bad, err, sizeof err), -1);
  assert_int_equal(memplan_lower_bound(&q, &at), 0);
  assert_int_equal(at, -7);
  uint64_t offs[3] = {0, 0, 0};
  size_t culprits[2] = {0, 0};
  assert_int_equal(memplan_validate_at(&q, offs, NULL, culprits, err, sizeof err), 1);
  assert_int_equal(culprits[0], SIZE_MAX);
  assert_int_equal(culprits[1], SIZE_MAX);
}

static void problem_check_errors(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char err[256];
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), 0);
  memplan_problem_add(&p, "ok", 8, 8, 0, 1);
  memplan_problem_add(&p, "bad", 8, 1, 5, 5);
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), -1);
  assert_contains(err, "'bad'");
  assert_contains(err, "[5, 5)");
  p.buffers[1].end = 6;
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), 0);

  p.buffers[1].alignment = 0;
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), -1);
  assert_contains(err, "alignment 0 (must be >= 1)");
  /* Any alignment >= 1 is allowed (XLA and Glow use 10 and 20). */
  p.buffers[1].alignment = 12;
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), 0);
  p.buffers[1].alignment = 4;

  p.buffers[0].fixed = true;
  p.buffers[0].offset = 4;
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), -1);
  assert_contains(err, "'ok': fixed offset 4 is not a multiple of its "
                       "alignment 8");
  p.buffers[0].offset = UINT64_MAX - 7;
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), -1);
  assert_contains(err, "overflows 64 bits");
  p.buffers[0].fixed = false;

  /* Sums: each size fits, their total does not. */
  p.buffers[0].size = 1ull << 63;
  p.buffers[1].size = 1ull << 63;
  assert_int_equal(memplan_problem_check(&p, err, sizeof err), -1);
  assert_contains(err, "overflows 64 bits");
  /* err may be NULL. */
  assert_int_equal(memplan_problem_check(&p, NULL, 0), -1);
  memplan_problem_free(&p);
}

static void names(void **state) {
  (void)state;
  assert_string_equal(memplan_status_name(MEMPLAN_OPTIMAL), "optimal");
  assert_string_equal(memplan_status_name(MEMPLAN_FEASIBLE), "feasible");
  assert_string_equal(memplan_status_name(MEMPLAN_INFEASIBLE), "infeasible");
  assert_string_equal(memplan_status_name(MEMPLAN_TIMEOUT), "timeout");
  assert_string_equal(memplan_status_name(MEMPLAN_ERROR), "error");
  assert_non_null(memplan_planner_find("linear"));
  assert_non_null(memplan_planner_find("greedy-size"));
  assert_non_null(memplan_planner_find("best-fit"));
  assert_null(memplan_planner_find("greedy"));
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_null(plan.offsets);
  assert_int_equal(plan.status, MEMPLAN_ERROR);
  memplan_plan_free(&plan);
}

static void solve_errors(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 8, 1, 0, 1);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "nope", NULL, &plan, err, sizeof err),
                   -1);
  assert_contains(err, "unknown planner 'nope'");
  assert_int_equal(memplan_solve(&p, NULL, NULL, &plan, err, sizeof err), -1);
  p.buffers[0].alignment = 0;
  assert_int_equal(
      memplan_solve(&p, "greedy-size", NULL, &plan, err, sizeof err), -1);
  assert_contains(err, "'a'");
  assert_contains(err, "alignment 0");
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

static void solve_empty_problem(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  const char *names[] = {"linear", "greedy-size", "best-fit"};
  for (int h = 0; h < 3; ++h) {
    memplan_plan plan;
    memplan_plan_init(&plan);
    char err[256];
    assert_int_equal(memplan_solve(&p, names[h], NULL, &plan, err, sizeof err),
                     0);
    assert_int_equal(plan.peak, 0);
    assert_int_equal(plan.lower_bound, 0);
    assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
    assert_string_equal(plan.planner, names[h]);
    memplan_plan_free(&plan);
  }
}

/* Capacity: a plan above it is returned (rc 0) with status infeasible; at
 * or below it the status is optimal or feasible as usual. */
static void solve_capacity(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 2);
  memplan_problem_add(&p, "b", 20, 1, 1, 3);
  memplan_problem_add(&p, "c", 15, 1, 2, 4);
  p.capacity = 40;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(
      memplan_solve(&p, "greedy-size", NULL, &plan, err, sizeof err), 0);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  assert_int_equal(plan.peak, 35);
  /* Solving again into the same plan releases the old offsets. */
  assert_int_equal(memplan_solve(&p, "best-fit", NULL, &plan, err, sizeof err),
                   0);
  assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
  assert_int_equal(plan.peak, 45);
  assert_contains(plan.message, "peak 45 exceeds the capacity 40");
  p.capacity = 45;
  memplan_options o = {0};
  assert_int_equal(memplan_solve(&p, "best-fit", &o, &plan, err, sizeof err),
                   0);
  assert_int_equal(plan.status, MEMPLAN_FEASIBLE);
  assert_int_equal(plan.lower_bound, 35);
  assert_true(plan.seconds >= 0.0);
  assert_true(plan.work > 0);
  /* Lower bound above capacity: even the optimum does not fit. */
  p.capacity = 30;
  assert_int_equal(
      memplan_solve(&p, "greedy-size", NULL, &plan, err, sizeof err), 0);
  assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Fixed buffers that overlap each other: no plan exists, and the message
 * blames the input, not a planner. */
static void solve_conflicting_fixed(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "f1", 16, 1, 0, 4);
  memplan_problem_add(&p, "free", 8, 1, 0, 4);
  memplan_problem_add(&p, "f2", 16, 1, 3, 6);
  p.buffers[0].fixed = p.buffers[2].fixed = true;
  p.buffers[0].offset = 0;
  p.buffers[2].offset = 8;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  assert_int_equal(memplan_solve(&p, "best-fit", NULL, &plan, err, sizeof err),
                   -1);
  assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
  assert_contains(err, "fixed buffers 'f1' and 'f2' overlap; no plan exists");
  assert_contains(err, "'f1'");
  assert_contains(err, "'f2'");
  /* Not live together: fine, and f2 may reuse f1's bytes. */
  p.buffers[2].start = 4;
  assert_int_equal(memplan_solve(&p, "best-fit", NULL, &plan, err, sizeof err),
                   0);
  assert_int_equal(plan.offsets[2], 8);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Shared case 01: half-open ends. Every heuristic but linear reaches the
 * optimum 2048 and never puts e on a or b. */
static void shared_case_01(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 1024, 1, 0, 2);
  memplan_problem_add(&p, "e", 1024, 1, 1, 3);
  memplan_problem_add(&p, "b", 1024, 1, 2, 4);
  memplan_problem_add(&p, "c", 1024, 1, 4, 6);
  const char *names[] = {"greedy-size", "best-fit"};
  for (int h = 0; h < 2; ++h) {
    memplan_plan plan;
    memplan_plan_init(&plan);
    char err[256];
    assert_int_equal(memplan_solve(&p, names[h], NULL, &plan, err, sizeof err),
                     0);
    assert_int_equal(plan.peak, 2048);
    assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
    assert_int_not_equal(plan.offsets[1], plan.offsets[0]);
    assert_int_not_equal(plan.offsets[1], plan.offsets[2]);
    memplan_plan_free(&plan);
  }
  memplan_problem_free(&p);
}

/* Shared case 16: sizes beyond 32 bits; optimal 5500000064 for both
 * greedy-size and first/best fit, and offsets above 2^32. */
static void shared_case_16(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 3000000000ull, 64, 0, 3);
  memplan_problem_add(&p, "b", 2500000000ull, 64, 1, 4);
  memplan_problem_add(&p, "c", 3000000000ull, 64, 3, 6);
  memplan_problem_add(&p, "d", 2500000000ull, 64, 4, 6);
  memplan_problem_add(&p, "e", 64, 64, 0, 6);
  assert_int_equal(memplan_lower_bound(&p, NULL), 5500000064ull);
  const char *names[] = {"greedy-size", "best-fit"};
  for (int h = 0; h < 2; ++h) {
    memplan_plan plan;
    memplan_plan_init(&plan);
    char err[256];
    assert_int_equal(memplan_solve(&p, names[h], NULL, &plan, err, sizeof err),
                     0);
    assert_int_equal(plan.peak, 5500000064ull);
    assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
    memplan_plan_free(&plan);
  }
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "greedy-size", NULL, &plan, err,
                                 sizeof err), 0);
  assert_int_equal(plan.offsets[4], 5500000000ull); /* e above 2^32 */
  assert_int_equal(memplan_solve(&p, "linear", NULL, &plan, err, sizeof err),
                   0);
  assert_int_equal(plan.peak, 11000000064ull);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Shared case 17, generated as its header says (N = 100000): greedy-size
 * and best-fit both reach the bound 384. Speed is measured in bench/. */
static void shared_case_17(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char id[32];
  for (int64_t i = 0; i < 100000; ++i) {
    snprintf(id, sizeof id, "t%lld", (long long)i);
    memplan_problem_add(&p, id, 64 * (1 + (uint64_t)(i % 3)), 64, i, i + 3);
  }
  assert_int_equal(memplan_lower_bound(&p, NULL), 384);
  const char *names[] = {"greedy-size", "best-fit", "linear"};
  for (int h = 0; h < 3; ++h) {
    memplan_plan plan;
    memplan_plan_init(&plan);
    char err[256];
    assert_int_equal(memplan_solve(&p, names[h], NULL, &plan, err, sizeof err),
                     0);
    if (h < 2) {
      assert_int_equal(plan.peak, 384);
      assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
    } else {
      assert_int_equal(plan.peak, 64 * 2 * 100000 - 64); /* no reuse */
    }
    memplan_plan_free(&plan);
  }
  memplan_problem_free(&p);
}

/* Rounds of random spans over random ranges of points, each read checked
 * against writing the spans out, with the table and with direct writes
 * (the length hint chooses); one table across rounds, as in the search. */
static void span_min_matches_written_out(void **state) {
  (void)state;
  enum { P = 300 };
  mp_span_min t;
  assert_true(mp_span_min_init(&t, P, P));
  uint64_t rng = 19, want[P];
  for (int round = 0; round < 400; ++round) {
    uint32_t lo = (uint32_t)tu_range(&rng, 0, P - 1);
    uint32_t hi = (uint32_t)tu_range(&rng, lo, P);
    mp_span_min_begin(&t, lo, hi, round % 2 ? 0 : UINT64_MAX);
    for (uint32_t s = lo; s < hi; ++s)
      want[s] = UINT64_MAX;
    int puts = hi > lo ? (int)tu_range(&rng, 0, 40) : 0;
    for (int k = 0; k < puts; ++k) {
      uint32_t a = (uint32_t)tu_range(&rng, lo, hi - 1);
      uint32_t b = (uint32_t)tu_range(&rng, a + 1, hi);
      uint64_t v = tu_range(&rng, 0, 1000);
      mp_span_min_put(&t, a, b, v);
      for (uint32_t s = a; s < b; ++s)
        want[s] = v < want[s] ? v : want[s];
    }
    const uint64_t *got = mp_span_min_read(&t);
    for (uint32_t s = lo; s < hi; ++s)
      assert_int_equal(got[s], want[s]);
  }
  mp_span_min_free(&t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(problem_add_and_free),
      cmocka_unit_test(problem_check_errors),
      cmocka_unit_test(problem_check_culprit),
      cmocka_unit_test(names),
      cmocka_unit_test(solve_errors),
      cmocka_unit_test(solve_empty_problem),
      cmocka_unit_test(solve_capacity),
      cmocka_unit_test(solve_conflicting_fixed),
      cmocka_unit_test(shared_case_01),
      cmocka_unit_test(shared_case_16),
      cmocka_unit_test(shared_case_17),
      cmocka_unit_test(span_min_matches_written_out),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
