/* The seed's §7 "sufficient conditions for optimality", as property tests on
 * seeded random instances of each class:
 *
 *   - LIFO order (every buffer is freed before any buffer allocated earlier
 *     that is still live: a stack), distinct event steps;
 *   - nested lifetimes (any two intervals are disjoint or one contains the
 *     other), endpoints may coincide, buffers listed in random order;
 *   - equal sizes, arbitrary intervals.
 *
 * On all three classes the optimum equals the lower bound (max live bytes):
 * at any step the live buffers of a nested family form a chain, so stacking
 * each buffer on its ancestors reaches the bound; equal sizes make the plan an
 * interval-graph colouring, and interval graphs are perfect. The tests check
 * that first (against the brute force on small instances), then whether
 * greedy-size (offline) and best-fit (online) reach the bound.
 *
 * What holds on our planners is asserted as it is; where a planner misses
 * the bound, a fixed counterexample is asserted with its exact peaks and
 * recorded in docs/study.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "memplan/memplan.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TRIALS = 400 };

/* A random stack discipline: 2n events, each an allocation (if some remain)
 * or the free of the most recent live buffer. `merge` lets consecutive
 * events share a step (never a buffer's own start and end), which keeps the
 * family nested but no longer strictly LIFO in time; `shuffle` lists the
 * buffers in random order (the online planner allocates same-step buffers
 * in input order). Sizes uniform in [1, max_size]. */
static void nested_problem(memplan_problem *p, uint64_t seed, size_t n,
                           bool merge, bool shuffle, uint64_t max_size) {
  uint64_t s = seed;
  int64_t *start = malloc(n * sizeof *start), *end = malloc(n * sizeof *end);
  size_t *stack = malloc(n * sizeof *stack), *order = malloc(n * sizeof *order);
  size_t opened = 0, depth = 0;
  int64_t t = 0;
  bool last_was_open = false;
  for (size_t ev = 0; ev < 2 * n; ev++) {
    bool open = opened < n && (depth == 0 || tu_range(&s, 0, 1) == 0);
    /* A buffer never starts and ends at the same step. */
    if (ev > 0 && (!merge || (!open && last_was_open) || tu_range(&s, 0, 1)))
      t++;
    if (open) {
      start[opened] = t;
      stack[depth++] = opened++;
    } else {
      end[stack[--depth]] = t;
    }
    last_was_open = open;
  }
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  if (shuffle)
    for (size_t i = n; i > 1; i--) {
      size_t j = (size_t)tu_range(&s, 0, i - 1), tmp = order[i - 1];
      order[i - 1] = order[j];
      order[j] = tmp;
    }
  for (size_t k = 0; k < n; k++) {
    size_t i = order[k];
    char id[16];
    snprintf(id, sizeof id, "b%zu", i);
    memplan_problem_add(p, id, tu_range(&s, 1, max_size), 1, start[i], end[i]);
  }
  free(start);
  free(end);
  free(stack);
  free(order);
}

typedef void (*gen_fn)(memplan_problem *p, uint64_t seed, size_t n);

/* Strict LIFO: distinct steps, so time order is stack order. */
static void gen_lifo(memplan_problem *p, uint64_t seed, size_t n) {
  nested_problem(p, seed, n, false, false, 64);
}
/* Nested, shared steps, but listed outer before inner (allocation order at
 * a shared start is still stack order). */
static void gen_nested_outer_first(memplan_problem *p, uint64_t seed, size_t n) {
  nested_problem(p, seed, n, true, false, 64);
}
/* Nested, shared steps, listed in random order. */
static void gen_nested_any_order(memplan_problem *p, uint64_t seed, size_t n) {
  nested_problem(p, seed, n, true, true, 64);
}
static void gen_equal(memplan_problem *p, uint64_t seed, size_t n) {
  tu_random_problem(p, seed, n, 64, (int64_t)(2 * n), 1);
  for (size_t i = 0; i < p->count; i++)
    p->buffers[i].size = 8;
}
/* Equal sizes and equal lifetimes (length 1..n/2, starts random). */
static void gen_equal_life(memplan_problem *p, uint64_t seed, size_t n) {
  uint64_t s = seed;
  int64_t len = (int64_t)tu_range(&s, 1, n / 2 + 1);
  for (size_t i = 0; i < n; i++) {
    int64_t st = (int64_t)tu_range(&s, 0, 2 * n);
    memplan_problem_add(p, NULL, 8, 1, st, st + len);
  }
}

/* How many of TRIALS seeded instances of a class `planner` leaves above the
 * lower bound. Three quarters of the instances have 2..9 buffers, and on
 * those the brute-force optimum is checked to equal the bound (the theory
 * in the header); the rest have 20..79 buffers. */
static size_t above_bound(gen_fn gen, uint64_t seed0, const char *planner) {
  size_t above = 0;
  for (size_t k = 0; k < TRIALS; k++) {
    size_t n = k % 4 != 3 ? 2 + k % 8 : 20 + k % 60;
    memplan_problem p;
    memplan_problem_init(&p);
    gen(&p, seed0 + k, n);
    uint64_t lb = memplan_lower_bound(&p, NULL);
    if (n <= 9)
      assert_int_equal(tu_brute_force_peak(&p), lb);
    uint64_t pk = tu_peak(&p, planner, NULL);
    assert_true(pk >= lb);
    above += pk > lb;
    memplan_problem_free(&p);
  }
  return above;
}

/* A fixed instance: lower bound, brute-force optimum and a planner's peak. */
typedef struct row {
  const char *id;
  int64_t start, end;
  uint64_t size;
} row;

static void check_instance(const row *rows, size_t n, uint64_t lb,
                           const char *planner, uint64_t expect_peak) {
  memplan_problem p;
  memplan_problem_init(&p);
  for (size_t i = 0; i < n; i++)
    memplan_problem_add(&p, rows[i].id, rows[i].size, 1, rows[i].start, rows[i].end);
  assert_int_equal(memplan_lower_bound(&p, NULL), lb);
  assert_int_equal(tu_brute_force_peak(&p), lb);
  assert_int_equal(tu_peak(&p, planner, NULL), expect_peak);
  memplan_problem_free(&p);
}

/* LIFO is sufficient for the online best-fit planner: frees always release
 * the top of the pool, so live buffers stay packed at the bottom. */
static void test_lifo_best_fit_meets_bound(void **state) {
  (void)state;
  assert_int_equal(above_bound(gen_lifo, 1000, "best-fit"), 0);
}

/* ...but not for greedy-size, which ignores time order. Counterexample
 * (also nested): greedy puts c3 and b1 at 0, then a0 at 7 and c2 at 11 (15);
 * a0@0, b1@4, c2@10, c3@4 reaches the bound 14 (step 2: 4 + 6 + 4). */
static void test_lifo_greedy_counterexample(void **state) {
  (void)state;
  static const row rows[] = {{"a0", 0, 7, 4}, {"b1", 1, 4, 6}, {"c2", 2, 3, 4}, {"c3", 5, 6, 7}};
  check_instance(rows, 4, 14, "greedy-size", 15);
  check_instance(rows, 4, 14, "best-fit", 14);
  /* Not a rare corner: a good share of random LIFO instances. */
  assert_true(above_bound(gen_lifo, 1000, "greedy-size") > TRIALS / 20);
}

/* Nested lifetimes with shared steps: best-fit meets the bound when, at a
 * shared start, the outer buffer is allocated first (then it is still LIFO);
 * in any other order it may not. Counterexample, in input order: i (inner)
 * is allocated before o (outer) at step 0, so o sits above i; i's hole
 * [0,2) is too small for x at step 2, the pool grows to 11; the optimum
 * o@0, i@3, x@3 meets the bound 9 (step 2: 3 + 6). greedy-size gets it. */
static void test_nested_best_fit(void **state) {
  (void)state;
  assert_int_equal(above_bound(gen_nested_outer_first, 2000, "best-fit"), 0);
  static const row rows[] = {{"i", 0, 1, 2}, {"x", 2, 3, 6}, {"o", 0, 4, 3}};
  check_instance(rows, 3, 9, "best-fit", 11);
  check_instance(rows, 3, 9, "greedy-size", 9);
  assert_true(above_bound(gen_nested_any_order, 2000, "best-fit") > 0);
}

/* Nested lifetimes are not sufficient for greedy-size either (the LIFO
 * counterexample above is nested); on random nested instances it misses
 * the bound often. */
static void test_nested_greedy(void **state) {
  (void)state;
  assert_true(above_bound(gen_nested_any_order, 2000, "greedy-size") > TRIALS / 20);
  assert_true(above_bound(gen_nested_outer_first, 2000, "greedy-size") > TRIALS / 20);
}

/* Equal sizes: both planners always meet the bound. best-fit: every hole
 * fits any buffer, so the pool grows only when every slot is live.
 * greedy-size: its size ties fall to start order, and first-fit interval
 * colouring in start order is optimal. With "longer life first" ties (the
 * order before) it was not: on this instance, size 1, it put d [4,8) and
 * a [0,3) at 0, b [1,4) at 1, c [3,5) at 2 (peak 3); start order gives
 * a@0, b@1, c@0, d@1 (peak 2). */
static void test_equal_sizes(void **state) {
  (void)state;
  assert_int_equal(above_bound(gen_equal, 3000, "best-fit"), 0);
  assert_int_equal(above_bound(gen_equal_life, 4000, "greedy-size"), 0);
  assert_int_equal(above_bound(gen_equal, 3000, "greedy-size"), 0);
  static const row rows[] = {{"a", 0, 3, 1}, {"d", 4, 8, 1}, {"c", 3, 5, 1}, {"b", 1, 4, 1}};
  check_instance(rows, 4, 2, "greedy-size", 2);
  check_instance(rows, 4, 2, "best-fit", 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lifo_best_fit_meets_bound),
      cmocka_unit_test(test_lifo_greedy_counterexample),
      cmocka_unit_test(test_nested_best_fit),
      cmocka_unit_test(test_nested_greedy),
      cmocka_unit_test(test_equal_sizes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
