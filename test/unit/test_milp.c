/* The milp planner (big-M MILP via CBC): exact optima on small instances,
 * fixed offsets, capacity, the seed's example and case 08. No outcome
 * depends on the clock: milp always has a wall-clock limit (its default is
 * 10 s, which a sanitized build on a busy machine can run out of), so every
 * solve gets one that no run reaches, and is bounded by CBC's node limit
 * (work_limit) or by the proof on these small instances. CBC runs
 * single-threaded, so then it is deterministic. The only test of the clock
 * gives a limit that has passed before the first check.
 * Built without CBC, the planner must refuse with a message. */
#include "memplan/csv.h"
#include "memplan/memplan.h"
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#ifdef MEMPLAN_HAVE_CBC

/* Options for milp with no clock in play: a time limit no run reaches
 * (<= 0 would mean the 10 s default), and `work` CBC nodes (0 = none). */
static memplan_options no_clock(uint64_t work) {
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.time_limit = 1e9;
  o.work_limit = work;
  return o;
}

/* A node limit far above what these instances need (200 nodes at most):
 * it only turns a runaway search into a failure, the same on every
 * machine. */
#define MILP_TEST_NODES 100000

/* Solves with milp, asserts success, returns the peak. */
static uint64_t milp_peak(const memplan_problem *p, memplan_plan *plan) {
  memplan_options o = no_clock(MILP_TEST_NODES);
  return tu_solve_ok(p, "milp", &o, plan);
}

/* memplan_solve with milp under no_clock(MILP_TEST_NODES). */
static int milp_solve(const memplan_problem *p, memplan_plan *plan,
                      char *err, size_t err_len) {
  memplan_options o = no_clock(MILP_TEST_NODES);
  return memplan_solve(p, "milp", &o, plan, err, err_len);
}

static void test_seed_example(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 2);
  memplan_problem_add(&p, "b", 20, 1, 1, 3);
  memplan_problem_add(&p, "c", 15, 1, 2, 4);
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(milp_peak(&p, &plan), 35);
  assert_int_equal(plan.lower_bound, 35);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  assert_string_equal(plan.planner, "milp");
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Case 08: every common greedy order gives 3328; the optimum is the bound,
 * 2304. */
static void test_case08(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  char err[512];
  int rc = memplan_csv_read(MEMPLAN_SHARED_DIR
                            "/cases/08-greedy-vs-optimal-gap.csv",
                            false, &p, NULL, err, sizeof err);
  if (rc != 0)
    fail_msg("%s", err);
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(milp_peak(&p, &plan), 2304);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* An instance where the size-descending first-fit start is not optimal, so
 * CBC itself must find the better order: case 08's shape built by hand
 * with sizes scaled by 3 and alignment 1 (unit = gcd = 768). */
static void test_beats_first_fit(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 3072, 1, 0, 5);
  memplan_problem_add(&p, "b", 3840, 1, 0, 4);
  memplan_problem_add(&p, "c", 3072, 1, 4, 6);
  memplan_problem_add(&p, "d", 3840, 1, 5, 6);
  memplan_plan plan, greedy;
  memplan_plan_init(&plan);
  memplan_plan_init(&greedy);
  char err[256];
  assert_int_equal(memplan_solve(&p, "greedy-size", NULL, &greedy, err,
                                 sizeof err), 0);
  assert_int_equal(greedy.peak, 3 * 3328);
  assert_int_equal(milp_peak(&p, &plan), 3 * 2304);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  assert_true(plan.work > 0); /* CBC ran */
  memplan_plan_free(&plan);
  memplan_plan_free(&greedy);
  memplan_problem_free(&p);
}

/* 200 seeded random instances of 2..8 buffers, half with alignment up to
 * 16, some with a fixed buffer: milp equals the brute-force optimum and
 * says it is optimal. */
static void test_matches_brute_force(void **state) {
  (void)state;
  int cbc_ran = 0;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    uint64_t rs = seed * 7919;
    size_t n = (size_t)tu_range(&rs, 2, 8);
    memplan_problem p;
    memplan_problem_init(&p);
    tu_random_problem(&p, seed, n, 64, 6, seed % 2 ? 16 : 1);
    if (seed % 5 == 0) {
      /* Fix buffer 0 at an aligned offset a little above the bottom. */
      memplan_buffer *b = &p.buffers[0];
      b->fixed = true;
      b->offset = b->alignment * tu_range(&rs, 0, 3);
    }
    memplan_plan plan;
    memplan_plan_init(&plan);
    uint64_t peak = milp_peak(&p, &plan);
    uint64_t best = tu_brute_force_peak(&p);
    if (peak != best)
      fail_msg("seed %llu: milp peak %llu, brute force %llu",
               (unsigned long long)seed, (unsigned long long)peak,
               (unsigned long long)best);
    assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
    assert_int_equal(plan.lower_bound, best);
    if (plan.work > 0)
      cbc_ran++;
    memplan_plan_free(&plan);
    memplan_problem_free(&p);
  }
  /* Not all trivial: on many instances the first-fit start misses the
   * lower bound and CBC's answer decides (work counts its solve). */
  printf("CBC needed on %d of 200 instances\n", cbc_ran);
  assert_true(cbc_ran >= 20);
}

static void test_fixed_offsets_honored(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 4);
  memplan_problem_add(&p, "b", 20, 1, 0, 4);
  memplan_problem_add(&p, "c", 8, 8, 1, 3);
  p.buffers[0].fixed = true;
  p.buffers[0].offset = 12;
  memplan_plan plan;
  memplan_plan_init(&plan);
  uint64_t peak = milp_peak(&p, &plan);
  assert_int_equal(plan.offsets[0], 12);
  /* b (20) cannot go below a (only 12 bytes there): it goes at 22 or
   * above; c (8, aligned 8) fits at 0. Optimum: 42. */
  assert_int_equal(peak, 42);
  assert_int_equal(plan.offsets[1], 22);
  assert_int_equal(plan.offsets[2], 0);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Six buffers, two fixed, alignment 8 (found by a review's random
 * testing): with the first-fit plan as CBC's MIP start, Clp 1.17.6 failed
 * an assertion in its dual simplex and aborted the process. The optimum
 * is 100 (exact proves it). */
static void test_fixed_with_start_no_abort(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "b0", 24, 8, 1, 3);
  memplan_problem_add(&p, "b1", 11, 8, 1, 3);
  memplan_problem_add(&p, "b3", 28, 8, 2, 4);
  memplan_problem_add(&p, "b5", 20, 8, 0, 2);
  memplan_problem_add(&p, "b6", 6, 8, 1, 5);
  memplan_problem_add(&p, "b7", 20, 8, 1, 5);
  p.buffers[0].fixed = p.buffers[1].fixed = true;
  p.buffers[0].offset = 24;
  p.buffers[1].offset = 56;
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(milp_peak(&p, &plan), 100);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

static void test_overlapping_fixed_refused(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 4);
  memplan_problem_add(&p, "b", 10, 1, 2, 6);
  p.buffers[0].fixed = p.buffers[1].fixed = true;
  p.buffers[0].offset = 0;
  p.buffers[1].offset = 5;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  assert_int_equal(milp_solve(&p, &plan, err, sizeof err), -1);
  assert_non_null(strstr(err, "'a' and 'b'"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Capacity 40 on the seed's example: the optimum (35) fits. Capacity 34:
 * below the live-bytes bound, infeasible at once. A capacity between the
 * bound and the optimum needs CBC's proof: three mutually conflicting
 * 10-byte buffers aligned to 16 have bound 30 but optimum 42 (0, 16, 32),
 * so capacity 41 is infeasible only by the search. */
static void test_capacity(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 2);
  memplan_problem_add(&p, "b", 20, 1, 1, 3);
  memplan_problem_add(&p, "c", 15, 1, 2, 4);
  memplan_plan plan;
  memplan_plan_init(&plan);
  p.capacity = 40;
  assert_int_equal(milp_peak(&p, &plan), 35);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  p.capacity = 34;
  char err[512];
  assert_int_equal(milp_solve(&p, &plan, err, sizeof err), -1);
  assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
  memplan_problem_free(&p);

  memplan_problem_init(&p);
  memplan_problem_add(&p, "x", 10, 16, 0, 3);
  memplan_problem_add(&p, "y", 10, 16, 0, 3);
  memplan_problem_add(&p, "z", 10, 16, 0, 3);
  p.capacity = 42;
  assert_int_equal(milp_peak(&p, &plan), 42);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  p.capacity = 41;
  assert_int_equal(milp_solve(&p, &plan, err, sizeof err), -1);
  assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
  assert_non_null(strstr(err, "infeasible"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Zero-size buffers take no space; a fixed zero-size buffer still sets the
 * peak to at least its offset. */
static void test_zero_size(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 0, 1, 0, 4);
  memplan_problem_add(&p, "b", 16, 1, 0, 4);
  memplan_problem_add(&p, "c", 16, 1, 0, 4);
  memplan_problem_add(&p, "z", 0, 64, 0, 4);
  p.buffers[3].fixed = true;
  p.buffers[3].offset = 64;
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(milp_peak(&p, &plan), 64);
  assert_int_equal(plan.offsets[3], 64);
  p.buffers[3].offset = 0;
  assert_int_equal(milp_peak(&p, &plan), 32);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Large sizes: the unit scaling keeps CBC's numbers small (gcd 2^32). */
static void test_large_sizes_scaled(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  const uint64_t G = 1ull << 32;
  memplan_problem_add(&p, "a", 4 * G, 1, 0, 5);
  memplan_problem_add(&p, "b", 5 * G, 1, 0, 4);
  memplan_problem_add(&p, "c", 4 * G, 1, 4, 6);
  memplan_problem_add(&p, "d", 5 * G, 1, 5, 6);
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(milp_peak(&p, &plan), 9 * G);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Huge values: a buffer of 2^64 - 1 bytes is planned (first fit meets the
 * bound, CBC is not needed); case 08's shape with coprime sizes near 2^52
 * would need CBC on numbers beyond exact doubles, and is refused. */
static void test_huge_values(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "max", UINT64_MAX, 1, 0, 2);
  memplan_problem_add(&p, "zero", 0, 1, 1, 3);
  memplan_plan plan;
  memplan_plan_init(&plan);
  assert_int_equal(milp_peak(&p, &plan), UINT64_MAX);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  assert_int_equal(plan.work, 0);
  memplan_problem_free(&p);

  const uint64_t G = 1ull << 50;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 4 * G + 1, 1, 0, 5);
  memplan_problem_add(&p, "b", 5 * G, 1, 0, 4);
  memplan_problem_add(&p, "c", 4 * G + 1, 1, 4, 6);
  memplan_problem_add(&p, "d", 5 * G, 1, 5, 6);
  char err[512];
  assert_int_equal(milp_solve(&p, &plan, err, sizeof err), -1);
  assert_non_null(strstr(err, "too large for CBC"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Beyond the pair cap the planner refuses rather than build a huge model:
 * 300 buffers all live together make 44850 pairs. */
static void test_pair_cap(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  for (int i = 0; i < 300; ++i)
    memplan_problem_add(&p, NULL, 8, 1, 0, 10);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  assert_int_equal(milp_solve(&p, &plan, err, sizeof err), -1);
  assert_non_null(strstr(err, "conflicting buffer pairs"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Same input, same plan, byte for byte. */
static void test_deterministic(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  tu_random_problem(&p, 4242, 12, 256, 8, 8);
  memplan_plan a, b;
  memplan_plan_init(&a);
  memplan_plan_init(&b);
  milp_peak(&p, &a);
  milp_peak(&p, &b);
  assert_int_equal(a.peak, b.peak);
  assert_memory_equal(a.offsets, b.offsets, p.count * sizeof *a.offsets);
  memplan_plan_free(&a);
  memplan_plan_free(&b);
  memplan_problem_free(&p);
}

/* A work limit of one node stops CBC after its root: a valid plan, status
 * FEASIBLE, CBC's bound between the live-bytes bound and the peak, and the
 * same answer twice (a node limit, unlike the clock, is deterministic). */
static void test_work_limit_feasible(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  tu_random_problem(&p, 99, 40, 1000, 10, 8);
  memplan_options o = no_clock(1);
  memplan_plan a, b;
  memplan_plan_init(&a);
  memplan_plan_init(&b);
  char err[512];
  assert_int_equal(memplan_solve(&p, "milp", &o, &a, err, sizeof err), 0);
  assert_int_equal(a.status, MEMPLAN_FEASIBLE);
  assert_non_null(strstr(a.message, "work limit"));
  assert_true(a.lower_bound < a.peak);
  assert_true(a.lower_bound >= memplan_lower_bound(&p, NULL));
  assert_int_equal(memplan_solve(&p, "milp", &o, &b, err, sizeof err), 0);
  assert_int_equal(a.peak, b.peak);
  assert_int_equal(a.lower_bound, b.lower_bound);
  assert_memory_equal(a.offsets, b.offsets, p.count * sizeof *a.offsets);
  memplan_plan_free(&a);
  memplan_plan_free(&b);
  memplan_problem_free(&p);
}

/* Stopped by the work limit below an undecided capacity: no plan, and the
 * message names the work limit (it said "time limit", which was not set).
 * Seven buffers whose optimum is 77 bytes (brute force), capacity 76. */
static void test_work_limit_no_plan_message(void **state) {
  (void)state;
  static const struct { uint64_t size, align; int64_t s, e; } b[] = {
      {10, 1, 0, 2}, {33, 8, 0, 1}, {9, 3, 2, 4}, {13, 8, 4, 6},
      {19, 2, 1, 3}, {13, 4, 0, 3}, {20, 4, 0, 2}};
  memplan_problem p;
  memplan_problem_init(&p);
  for (size_t i = 0; i < sizeof b / sizeof b[0]; ++i)
    memplan_problem_add(&p, NULL, b[i].size, b[i].align, b[i].s, b[i].e);
  p.capacity = 76;
  memplan_options o = no_clock(2);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  assert_int_equal(memplan_solve(&p, "milp", &o, &plan, err, sizeof err), -1);
  assert_int_equal(plan.status, MEMPLAN_TIMEOUT);
  assert_non_null(strstr(plan.message, "before the work limit"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* The time limit covers building CBC's model too (the rows go in one at a
 * time, slower than CBC's search on a few hundred buffers): with a limit
 * that has passed before the first pair, the model is dropped unsolved and
 * the first-fit plan comes back (valid, above the bound here), FEASIBLE,
 * with the live-bytes bound and a message that says so. */
static void test_time_limit_covers_model(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  tu_random_problem(&p, 7, 60, 1000, 10, 8);
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.time_limit = 1e-9;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  assert_int_equal(memplan_solve(&p, "milp", &o, &plan, err, sizeof err), 0);
  assert_int_equal(plan.status, MEMPLAN_FEASIBLE);
  assert_non_null(strstr(plan.message, "passed while the model was built"));
  assert_int_equal(plan.work, 0);
  assert_int_equal(plan.lower_bound, memplan_lower_bound(&p, NULL));
  assert_true(plan.peak > plan.lower_bound);
  assert_int_equal(memplan_validate(&p, plan.offsets, NULL, NULL, 0), 0);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* A quiet milp (verbose = 0) writes nothing on standard output, which may
 * be the caller's plan. CglTwomir printed "2mir_test: why does constraint
 * not exist ?" there with a bare printf on this problem (large sizes and
 * alignments, one fixed buffer), four times. */
static void test_quiet_stdout(void **state) {
  (void)state;
  static const struct {
    uint64_t size, align;
    int64_t s, e;
    bool fixed;
    uint64_t off;
  } b[] = {
      {25097443727450ULL, 268435456ULL, 1, 2, false, 0},
      {5480443883523ULL, 814743ULL, 4, 7, true, 64538920828377ULL},
      {18476590990213ULL, 429893ULL, 4, 5, false, 0},
      {52495986845163ULL, 268435456ULL, 3, 5, false, 0},
      {27348628867593ULL, 262144ULL, 4, 6, false, 0},
      {36331169509882ULL, 67108864ULL, 1, 2, false, 0},
  };
  memplan_problem p;
  memplan_problem_init(&p);
  for (size_t i = 0; i < sizeof b / sizeof b[0]; ++i) {
    memplan_problem_add(&p, NULL, b[i].size, b[i].align, b[i].s, b[i].e);
    p.buffers[i].fixed = b[i].fixed;
    p.buffers[i].offset = b[i].off;
  }
  char path[] = "/tmp/memplan-milp-stdout-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  fflush(stdout);
  int saved = dup(STDOUT_FILENO);
  assert_true(saved >= 0 && dup2(fd, STDOUT_FILENO) >= 0);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  int rc = milp_solve(&p, &plan, err, sizeof err);
  fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  struct stat st;
  assert_int_equal(fstat(fd, &st), 0);
  close(fd);
  unlink(path);
  assert_int_equal(rc, 0);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  assert_int_equal(st.st_size, 0);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_example),
      cmocka_unit_test(test_quiet_stdout),
      cmocka_unit_test(test_work_limit_feasible),
      cmocka_unit_test(test_work_limit_no_plan_message),
      cmocka_unit_test(test_time_limit_covers_model),
      cmocka_unit_test(test_case08),
      cmocka_unit_test(test_beats_first_fit),
      cmocka_unit_test(test_matches_brute_force),
      cmocka_unit_test(test_fixed_offsets_honored),
      cmocka_unit_test(test_fixed_with_start_no_abort),
      cmocka_unit_test(test_overlapping_fixed_refused),
      cmocka_unit_test(test_capacity),
      cmocka_unit_test(test_zero_size),
      cmocka_unit_test(test_large_sizes_scaled),
      cmocka_unit_test(test_huge_values),
      cmocka_unit_test(test_pair_cap),
      cmocka_unit_test(test_deterministic),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

#else /* built without CBC */

static void test_refuses_without_cbc(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, "a", 10, 1, 0, 2);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[512];
  assert_int_equal(memplan_solve(&p, "milp", NULL, &plan, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "without CBC"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_refuses_without_cbc),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}

#endif
