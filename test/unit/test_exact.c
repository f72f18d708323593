/* Unit tests of the `exact` planner: optimal on small instances (against
 * the brute force of testutil.c and against milp where it proves optimality),
 * the known gap case, capacity refutations, determinism under a work limit,
 * the large-input fallback. Every limit is a work limit, never time. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memplan/memplan.h"
#include "planners/exact_fit.h"
#include "planners/exact_search.h"
#include "testutil.h"

static memplan_options work_opts(uint64_t work) {
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.work_limit = work;
  o.time_limit = 1e9; /* never the limit: results stay reproducible */
  return o;
}

/* Fixes `count` buffers at the offsets of a valid (greedy-size) plan, so the
 * fixed ones never collide with each other. */
static void fix_some(memplan_problem *p, uint64_t seed, size_t count) {
  memplan_plan g;
  memplan_plan_init(&g);
  char err[256];
  assert_int_equal(memplan_solve(p, "greedy-size", NULL, &g, err, sizeof err),
                   0);
  uint64_t s = seed;
  for (size_t k = 0; k < count; ++k) {
    size_t i = (size_t)tu_range(&s, 0, p->count - 1);
    p->buffers[i].fixed = true;
    p->buffers[i].offset = g.offsets[i];
  }
  memplan_plan_free(&g);
}

static void case08(memplan_problem *p) {
  memplan_problem_add(p, "a", 1024, 1, 0, 5);
  memplan_problem_add(p, "b", 1280, 1, 0, 4);
  memplan_problem_add(p, "c", 1024, 1, 4, 6);
  memplan_problem_add(p, "d", 1280, 1, 5, 6);
}

/* Asserts that exact proves the brute-force optimum of p (small) and that
 * its plan validates; returns 1 when that optimum is above the lower bound
 * (the search, not the bound, had to prove it). */
static int expect_brute_force(const memplan_problem *p,
                              const memplan_options *o, uint64_t seed) {
  uint64_t expect = tu_brute_force_peak(p);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  if (memplan_solve(p, "exact", o, &plan, err, sizeof err) != 0)
    fail_msg("seed %llu: %s", (unsigned long long)seed, err);
  if (plan.peak != expect || plan.status != MEMPLAN_OPTIMAL)
    fail_msg("seed %llu (n=%zu): exact %llu (%s), brute force %llu",
             (unsigned long long)seed, p->count,
             (unsigned long long)plan.peak, memplan_status_name(plan.status),
             (unsigned long long)expect);
  assert_int_equal(memplan_validate(p, plan.offsets, NULL, NULL, 0), 0);
  memplan_plan_free(&plan);
  return expect > memplan_lower_bound(p, NULL);
}

/* exact == brute force, proven optimal, on 240 seeded instances of 2..8
 * buffers: a third without extras, a third with alignments up to 64, a
 * third with alignments and one or two fixed buffers. */
static void test_brute_force(void **state) {
  (void)state;
  memplan_options o = work_opts(50000000);
  int with_fixed = 0, above_bound = 0;
  for (uint64_t seed = 1; seed <= 240; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    size_t n = 2 + (size_t)(seed % 7);
    int kind = (int)(seed % 3);
    tu_random_problem(&p, seed * 7919, n, 256, 10, kind ? 64 : 1);
    if (kind == 2) {
      fix_some(&p, seed, 1 + seed % 2);
      ++with_fixed;
    }
    above_bound += expect_brute_force(&p, &o, seed);
    memplan_problem_free(&p);
  }
  assert_int_equal(with_fixed, 80);
  /* The set must include instances where the bound is not the optimum,
   * or it would not test the search's proofs. */
  assert_true(above_bound >= 10);
}

/* Buffers live as long as everything else are put at the bottom before
 * the search (when their sizes keep the others aligned). exact == brute
 * force, proven, on 300 seeded instances of 3..8 buffers with one or two
 * such buffers: sizes that allow it with alignment 1 or 64, sizes that do
 * not (not a multiple of 64), and near misses that skip the last step
 * while a short buffer lives there, which must not be moved. */
static void test_overlap_all(void **state) {
  (void)state;
  memplan_options o = work_opts(50000000);
  int above_bound = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    size_t n = 2 + (size_t)(seed % 5);
    int kind = (int)(seed % 3);
    tu_random_problem(&p, seed * 6007, n, 256, 10, kind ? 64 : 1);
    uint64_t s = seed;
    size_t wide = 1 + seed % 2;
    for (size_t k = 0; k < wide; ++k) {
      uint64_t size = 64 * tu_range(&s, 1, 4) + (kind == 2 ? 8 : 0);
      int64_t end = seed % 4 == 3 && k == 0 ? 9 : 10;
      memplan_problem_add(&p, k ? "w1" : "w0", size, kind ? 64 : 1, 0, end);
    }
    if (seed % 4 == 3)
      memplan_problem_add(&p, "late", 64 * tu_range(&s, 1, 4), 1, 9, 10);
    above_bound += expect_brute_force(&p, &o, seed);
    memplan_problem_free(&p);
  }
  assert_true(above_bound >= 10);
}

/* Alignments that are not powers of two (as in XLA's and Glow's tests):
 * exact == brute force, proven, on 240 seeded instances of 2..8 buffers
 * (a quarter plus one live throughout), a third of them with a fixed
 * buffer; milp agrees on every 24th (with CBC built, it proves all 10).
 * Small sizes, so that the padding decides the optimum. */
static void test_odd_alignments(void **state) {
  (void)state;
  memplan_options o = work_opts(50000000);
  int above_bound = 0, vs_milp = 0;
  for (uint64_t seed = 1; seed <= 240; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    size_t n = 2 + (size_t)(seed % 7);
    tu_random_problem(&p, seed * 4099, n, 48, 8, 1);
    tu_odd_alignments(&p, seed);
    if (seed % 4 == 1) {
      /* Live throughout: pinned at the bottom only when its size is a
       * multiple of every alignment (60 is, for 1..6, 10, 12, 20). */
      static const uint64_t wide[] = {20, 24, 40, 60, 120};
      memplan_problem_add(&p, "wide", wide[seed / 4 % 5], 1, 0, 8);
    }
    if (seed % 3 == 2)
      fix_some(&p, seed, 1);
    above_bound += expect_brute_force(&p, &o, seed);
    if (seed % 24 == 0) {
      memplan_plan m;
      memplan_plan_init(&m);
      /* CBC's nodes bounded, no clock: the same instances are compared
       * on every machine. */
      memplan_options mo = work_opts(100000);
      char err[256];
      if (memplan_solve(&p, "milp", &mo, &m, err, sizeof err) == 0 &&
          m.status == MEMPLAN_OPTIMAL) {
        assert_int_equal(m.peak, tu_brute_force_peak(&p));
        ++vs_milp;
      }
      memplan_plan_free(&m);
    }
    memplan_problem_free(&p);
  }
  assert_true(above_bound >= 10);
  print_message("odd alignments: %d above the bound, %d checked against milp\n",
                above_bound, vs_milp);
#ifdef MEMPLAN_HAVE_CBC
  assert_int_equal(vs_milp, 10);
#endif
}

/* Case 08 of the shared cases: the greedy orders give 3328, the optimum is
 * the lower bound 2304. */
static void test_case08(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  case08(&p);
  memplan_options o = work_opts(100000);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err), 0);
  assert_int_equal(plan.peak, 2304);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* A capacity below the optimum: the plan returned exceeds it and the
 * status says infeasible, with the optimum as the proven bound. Uses
 * instances whose optimum is above the max-live bound, so the refutation
 * is the search's and not the bound's. */
static void test_capacity_infeasible(void **state) {
  (void)state;
  int tested = 0;
  for (uint64_t seed = 1; seed <= 400 && tested < 10; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    tu_random_problem(&p, seed * 104729, 7, 64, 6, 16);
    uint64_t opt = tu_brute_force_peak(&p);
    uint64_t lb = memplan_lower_bound(&p, NULL);
    if (opt > lb) {
      p.capacity = opt - 1;
      memplan_options o = work_opts(10000000);
      memplan_plan plan;
      memplan_plan_init(&plan);
      char err[256];
      assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err),
                       0);
      assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
      assert_int_equal(plan.peak, opt);
      assert_int_equal(plan.lower_bound, opt);
      assert_non_null(strstr(plan.message, "capacity"));
      memplan_plan_free(&plan);
      /* At exactly the optimum it fits. */
      p.capacity = opt;
      memplan_plan_init(&plan);
      assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err),
                       0);
      assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
      assert_int_equal(plan.peak, opt);
      memplan_plan_free(&plan);
      ++tested;
    }
    memplan_problem_free(&p);
  }
  assert_int_equal(tested, 10);
}

/* The proven lower bound never exceeds the optimum, whatever cuts the
 * search short. 400 seeded instances of 2..5 buffers over 3 steps with
 * even sizes and alignments up to 64 (so the heuristics are often above
 * the optimum and the granularity every peak is a multiple of is >= 2);
 * capacities 1-3 bytes below the optimum; work limits of 1 to 50 nodes.
 * exact's lower_bound must stay <= the brute-force optimum and its status
 * must be infeasible. A refuted capacity once raised the bound to
 * capacity + granularity, past the optimum when the capacity was not a
 * multiple of it: a 4-byte and a 2-byte buffer aligned to 4 and 8 under
 * capacity 7, work limit 3, got the bound 9 (optimum 8). */
static void test_bound_sound_under_limits(void **state) {
  (void)state;
  static const uint64_t limits[] = {1, 2, 3, 5, 8, 13, 50};
  int runs = 0, cut = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    uint64_t s = seed * 15485863;
    size_t n = 2 + (size_t)(seed % 4);
    for (size_t i = 0; i < n; ++i) {
      int64_t a = (int64_t)tu_range(&s, 0, 2);
      int64_t b = (int64_t)tu_range(&s, (uint64_t)a + 1, 3);
      memplan_problem_add(&p, NULL, 2 * tu_range(&s, 1, 40),
                          (uint64_t)1 << tu_range(&s, 0, 6), a, b);
    }
    uint64_t opt = tu_brute_force_peak(&p);
    for (uint64_t below = 1; below <= 3 && below < opt; ++below) {
      p.capacity = opt - below;
      for (size_t k = 0; k < sizeof limits / sizeof *limits; ++k) {
        memplan_options o = work_opts(limits[k]);
        memplan_plan plan;
        memplan_plan_init(&plan);
        char err[256];
        assert_int_equal(
            memplan_solve(&p, "exact", &o, &plan, err, sizeof err), 0);
        if (plan.lower_bound > opt)
          fail_msg("seed %llu, capacity %llu, work %llu: proven bound %llu "
                   "above the optimum %llu",
                   (unsigned long long)seed, (unsigned long long)p.capacity,
                   (unsigned long long)limits[k],
                   (unsigned long long)plan.lower_bound,
                   (unsigned long long)opt);
        assert_true(plan.peak >= opt);
        /* Nothing fits below the optimum, and exact must say so. */
        assert_int_equal(plan.status, MEMPLAN_INFEASIBLE);
        ++runs;
        if (plan.lower_bound < opt)
          ++cut;
        memplan_plan_free(&plan);
      }
    }
    memplan_problem_free(&p);
  }
  /* Both outcomes occur: the optimum proven as the bound, and searches cut
   * before a proof. */
  assert_true(runs >= 1000);
  assert_true(cut >= 100 && cut <= runs - 100);
}

/* Same problem, same work limit: the same plan byte for byte, and the
 * limit really cut the search (not proven). */
static void test_determinism(void **state) {
  (void)state;
  int cut = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    tu_random_problem(&p, seed * 31337, 120, 1 << 16, 60, 16);
    memplan_options o = work_opts(3000);
    memplan_plan a, b;
    memplan_plan_init(&a);
    memplan_plan_init(&b);
    char err[256];
    assert_int_equal(memplan_solve(&p, "exact", &o, &a, err, sizeof err), 0);
    assert_int_equal(memplan_solve(&p, "exact", &o, &b, err, sizeof err), 0);
    assert_int_equal(a.peak, b.peak);
    assert_int_equal(a.status, b.status);
    assert_int_equal(a.lower_bound, b.lower_bound);
    assert_int_equal(a.work, b.work);
    assert_memory_equal(a.offsets, b.offsets, p.count * sizeof *a.offsets);
    assert_true(a.work <= 3000 + 1);
    if (a.status == MEMPLAN_FEASIBLE)
      ++cut;
    memplan_plan_free(&a);
    memplan_plan_free(&b);
    memplan_problem_free(&p);
  }
  assert_true(cut >= 1);
}

/* On 20 small instances milp proves the optimum (within at most 200 CBC
 * nodes) and exact agrees. Skipped when milp is not built. */
static void test_against_milp(void **state) {
  (void)state;
  int compared = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    tu_random_problem(&p, seed * 65537, 7, 512, 9, 8);
    memplan_options o = work_opts(10000000); /* milp: CBC nodes, no clock */
    memplan_plan m, e;
    memplan_plan_init(&m);
    memplan_plan_init(&e);
    char err[256];
    int rc = memplan_solve(&p, "milp", &o, &m, err, sizeof err);
    if (rc == 0 && m.status == MEMPLAN_OPTIMAL) {
      memplan_options eo = work_opts(10000000);
      assert_int_equal(memplan_solve(&p, "exact", &eo, &e, err, sizeof err),
                       0);
      assert_int_equal(e.status, MEMPLAN_OPTIMAL);
      assert_int_equal(e.peak, m.peak);
      ++compared;
    }
    memplan_plan_free(&m);
    memplan_plan_free(&e);
    memplan_problem_free(&p);
  }
#ifdef MEMPLAN_HAVE_CBC
  assert_int_equal(compared, 20);
#endif
  if (compared == 0)
    skip();
}

/* Refuted states kept for reuse (exact.c's table) change how much is
 * searched, never the answer: on 150 seeded dense instances of 10-17
 * buffers (short horizon, few distinct sizes, so that different partial
 * plans often leave the same tops), the proven optimum and the proven
 * status are the same with and without the table, both plans validate, and
 * the table saves at least a fifth of the nodes over the whole set. */
static void test_reuse_refutations(void **state) {
  (void)state;
  uint64_t with = 0, without = 0;
  int proven = 0, only_with = 0;
  for (uint64_t seed = 1; seed <= 150; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    size_t n = 10 + (size_t)(seed % 8);
    tu_random_problem(&p, seed * 104729, n, 96, 6, seed % 2 ? 16 : 1);
    memplan_options o = work_opts(2000000);
    memplan_plan a, b;
    memplan_plan_init(&a);
    memplan_plan_init(&b);
    /* mpx_exact writes into offsets its caller owns, as memplan_solve's. */
    a.offsets = calloc(n, sizeof *a.offsets);
    b.offsets = calloc(n, sizeof *b.offsets);
    assert_non_null(a.offsets);
    assert_non_null(b.offsets);
    a.count = b.count = n;
    assert_int_equal(mpx_exact(&p, &o, &a, 0, NULL), 0);
    assert_int_equal(mpx_exact(&p, &o, &b, MPX_EXACT_NO_REUSE, NULL), 0);
    assert_int_equal(memplan_validate(&p, a.offsets, &a.peak, NULL, 0), 0);
    assert_int_equal(memplan_validate(&p, b.offsets, &b.peak, NULL, 0), 0);
    /* A proven optimum bounds the other run's plan from below and its
     * bound from above; two proofs agree. */
    bool pa = a.status == MEMPLAN_OPTIMAL, pb = b.status == MEMPLAN_OPTIMAL;
    if ((pa && (b.peak < a.peak || b.lower_bound > a.peak)) ||
        (pb && (a.peak < b.peak || a.lower_bound > b.peak)))
      fail_msg("seed %llu: with reuse %llu (%s, bound %llu), without %llu "
               "(%s, bound %llu)",
               (unsigned long long)seed, (unsigned long long)a.peak,
               memplan_status_name(a.status),
               (unsigned long long)a.lower_bound, (unsigned long long)b.peak,
               memplan_status_name(b.status),
               (unsigned long long)b.lower_bound);
    proven += pa && pb;
    only_with += pa && !pb;
    with += a.work;
    without += b.work;
    memplan_plan_free(&a);
    memplan_plan_free(&b);
    memplan_problem_free(&p);
  }
  print_message("reuse: %d proven by both, %d only with the table; nodes "
                "%llu with it, %llu without\n",
                proven, only_with, (unsigned long long)with,
                (unsigned long long)without);
  assert_true(proven >= 140);
  assert_true(with * 5 <= without * 4);
}

/* Runs mpx_exact with `flags` on p under `work` nodes into a fresh plan
 * (validated). */
static void exact_flags(const memplan_problem *p, unsigned flags,
                        uint64_t work, memplan_plan *a) {
  memplan_options o = work_opts(work);
  memplan_plan_init(a);
  a->offsets = calloc(p->count ? p->count : 1, sizeof *a->offsets);
  assert_non_null(a->offsets);
  a->count = p->count;
  assert_int_equal(mpx_exact(p, &o, a, flags, NULL), 0);
  assert_int_equal(memplan_validate(p, a->offsets, &a->peak, NULL, 0), 0);
}

/* Two runs on one problem agree: a proven optimum bounds the other's plan
 * from below and its proven bound from above. */
static void expect_agree(uint64_t seed, const char *what,
                         const memplan_plan *a, const memplan_plan *b) {
  bool pa = a->status == MEMPLAN_OPTIMAL, pb = b->status == MEMPLAN_OPTIMAL;
  if ((pa && (b->peak < a->peak || b->lower_bound > a->peak)) ||
      (pb && (a->peak < b->peak || a->lower_bound > b->peak)) ||
      a->lower_bound > b->peak || b->lower_bound > a->peak)
    fail_msg("seed %llu, %s: %llu (%s, bound %llu) against %llu (%s, bound "
             "%llu)",
             (unsigned long long)seed, what, (unsigned long long)a->peak,
             memplan_status_name(a->status),
             (unsigned long long)a->lower_bound, (unsigned long long)b->peak,
             memplan_status_name(b->status),
             (unsigned long long)b->lower_bound);
}

/* A perfect packing: a height x width rectangle cut by random guillotine
 * cuts into n pieces (buffers: rows are bytes, columns steps), so the
 * optimum is the height. */
static void cut_packing(memplan_problem *p, uint64_t seed, size_t n,
                        uint64_t height, int64_t width) {
  uint64_t r[64][4] = {{0, height, 0, (uint64_t)width}};
  size_t m = 1;
  uint64_t s = seed;
  while (m < n && m < 64) {
    size_t k = (size_t)tu_range(&s, 0, m - 1);
    uint64_t *q = r[k];
    bool time = tu_rand(&s) % 2;
    uint64_t lo = time ? q[2] : q[0], hi = time ? q[3] : q[1];
    if (hi - lo < 2)
      continue;
    uint64_t c = tu_range(&s, lo + 1, hi - 1);
    memcpy(r[m], q, sizeof r[m]);
    q[time ? 3 : 1] = c;
    r[m][time ? 2 : 0] = c;
    ++m;
  }
  for (size_t k = 0; k < m; ++k)
    memplan_problem_add(p, NULL, (r[k][1] - r[k][0]) * 16, 1,
                        (int64_t)r[k][2], (int64_t)r[k][3]);
}

/* The rules added to MiniMalloc's search (slot and skyline branching with
 * its restarts, the hatless rule) give the same proven optima as the canonical search alone, on
 * random problems with alignments and fixed buffers (where the optimum is
 * often above the bound, so the refutations and their thresholds are
 * tested) and on perfect packings (slot branching's domain). */
static void test_rules_agree(void **state) {
  (void)state;
  int proven = 0;
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    if (seed % 3 == 0) {
      cut_packing(&p, seed, 12 + seed % 9, 24, 12);
    } else {
      tu_random_problem(&p, seed * 7919, 9 + (size_t)(seed % 8), 96, 6,
                        seed % 2 ? 16 : 1);
      if (seed % 5 == 1)
        fix_some(&p, seed, 2);
      if (seed % 7 == 2)
        tu_odd_alignments(&p, seed);
    }
    memplan_plan all, slot, sky, canon;
    exact_flags(&p, 0, 400000, &all);
    exact_flags(&p, MPX_EXACT_SLOT_ONLY, 400000, &slot);
    exact_flags(&p, MPX_EXACT_SKYLINE_ONLY, 400000, &sky);
    exact_flags(&p, MPX_EXACT_CANONICAL_ONLY | MPX_EXACT_NO_REUSE, 400000,
                &canon);
    expect_agree(seed, "all vs canonical", &all, &canon);
    expect_agree(seed, "slot vs canonical", &slot, &canon);
    expect_agree(seed, "all vs slot", &all, &slot);
    expect_agree(seed, "skyline vs canonical", &sky, &canon);
    expect_agree(seed, "skyline vs slot", &sky, &slot);
    if (seed % 3 == 0 && slot.status == MEMPLAN_OPTIMAL)
      assert_int_equal(slot.peak, 24 * 16);
    if (seed % 3 == 0 && sky.status == MEMPLAN_OPTIMAL)
      assert_int_equal(sky.peak, 24 * 16);
    proven += all.status == MEMPLAN_OPTIMAL && slot.status == MEMPLAN_OPTIMAL &&
              sky.status == MEMPLAN_OPTIMAL && canon.status == MEMPLAN_OPTIMAL;
    memplan_plan_free(&all);
    memplan_plan_free(&slot);
    memplan_plan_free(&sky);
    memplan_plan_free(&canon);
    memplan_problem_free(&p);
  }
  print_message("rules: %d of 120 proven by all four\n", proven);
  assert_true(proven >= 110);
}

/* The four tie orders (mpx_xs_init): A,T,W, T,A,W, T,W,A and MiniMalloc's
 * W,A,T, each descending, on four buffers that each of them (and W,T,A)
 * ranks differently. Sections [0,1) [1,2) [2,4) hold 21, 51 and 30 bytes:
 * b0 [0,2) 21 bytes: A 42, T 51, W 2; b1 [2,4) 28: A 56, T 30, W 2;
 * b2 [1,4) 2: A 6, T 51, W 3; b3 [1,2) 28: A 28, T 51, W 1. */
static void test_tie_orders(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  memplan_problem_add(&p, NULL, 21, 1, 0, 2);
  memplan_problem_add(&p, NULL, 28, 1, 2, 4);
  memplan_problem_add(&p, NULL, 2, 1, 1, 4);
  memplan_problem_add(&p, NULL, 28, 1, 1, 2);
  mpx_graph g;
  assert_int_equal(mpx_graph_build(&p, SIZE_MAX, &g, 0), 0);
  xsearch X;
  assert_int_equal(mpx_xs_init(&X, &p, &g, false), 0);
  static const uint32_t want[EXACT_RANKS][4] = {
      {1, 0, 3, 2}, /* A,T,W: b1, b0, b3, b2 */
      {0, 3, 2, 1}, /* T,A,W: b0, b3, b2, b1 */
      {1, 3, 0, 2}, /* T,W,A: b2, b0, b3, b1 */
      {2, 1, 0, 3}, /* W,A,T: b2, b1, b0, b3 */
  };
  for (int h = 0; h < EXACT_RANKS; ++h)
    for (int i = 0; i < 4; ++i)
      assert_int_equal(X.ranks[h][i], want[h][i]);
  mpx_xs_free(&X);
  mpx_graph_free(&g);
  memplan_problem_free(&p);
}

/* Luby's sequence, the budgets of the restarts (exact_restart.c). */
static void test_luby(void **state) {
  (void)state;
  static const uint64_t want[15] = {1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8};
  for (uint64_t k = 1; k <= 15; ++k)
    assert_int_equal(mpx_luby(k), want[k - 1]);
  assert_int_equal(mpx_luby(((uint64_t)1 << 20) - 1), (uint64_t)1 << 19);
}

/* Skyline branching with restarts on perfect packings (60 guillotine
 * pieces of a 256 x 48 rectangle, zero slack): every one found and proven
 * within the work limit, and the same plan and work on a second run (the
 * restarts' seeds are counts, not clocks). */
static void test_skyline_packings(void **state) {
  (void)state;
  uint64_t work = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    cut_packing(&p, seed * 31, 60, 256, 48);
    memplan_plan a, b;
    exact_flags(&p, MPX_EXACT_SKYLINE_ONLY, 200000, &a);
    exact_flags(&p, MPX_EXACT_SKYLINE_ONLY, 200000, &b);
    assert_int_equal(a.status, MEMPLAN_OPTIMAL);
    assert_int_equal(a.peak, 256 * 16);
    assert_int_equal(a.work, b.work);
    assert_memory_equal(a.offsets, b.offsets, p.count * sizeof *a.offsets);
    work += a.work;
    memplan_plan_free(&a);
    memplan_plan_free(&b);
    memplan_problem_free(&p);
  }
  print_message("skyline: 20 packings proven in %llu nodes\n",
                (unsigned long long)work);
}

/* Schedule steps over the whole int64 range (a life of 2^64 - 1 steps):
 * the search's tie keys and the heuristic orders neither wrap nor
 * overflow (scripts/sanitize.sh runs this under UBSan), and the answer is
 * still right: case 08's shape at the start of time under one buffer that
 * lives throughout. The heuristics stop at 3328 + 64; the optimum, 2304 +
 * 64, needs the search. */
static void test_extreme_steps(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  const int64_t lo = INT64_MIN;
  memplan_problem_add(&p, "all", 64, 1, lo, INT64_MAX);
  memplan_problem_add(&p, "a", 1024, 1, lo, lo + 5);
  memplan_problem_add(&p, "b", 1280, 1, lo, lo + 4);
  memplan_problem_add(&p, "c", 1024, 1, lo + 4, lo + 6);
  memplan_problem_add(&p, "d", 1280, 1, lo + 5, lo + 6);
  assert_int_equal(tu_brute_force_peak(&p), 2368);
  assert_int_equal(tu_peak(&p, "greedy-size", NULL), 3392);
  memplan_options o = work_opts(1000000);
  expect_brute_force(&p, &o, 0);
  assert_int_equal(tu_peak(&p, "auto", NULL), 2368);
  memplan_problem_free(&p);
}

/* Building the conflict graph stops at its deadline (a time limit far
 * below what millions of pairs take), and only then: 3000 buffers that all
 * overlap (4.5 M pairs) give code 2 with a deadline already past, the
 * whole graph without one. exact then falls back to best-fit and says
 * why. */
static void test_graph_deadline(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  for (int i = 0; i < 3000; ++i)
    memplan_problem_add(&p, NULL, 16 + (uint64_t)(i % 7), 1, i % 5, 10000 + i);
  mpx_graph g;
  assert_int_equal(mpx_graph_build(&p, SIZE_MAX, &g, mpx_now() - 1.0), 2);
  assert_null(g.first);
  assert_int_equal(mpx_graph_build(&p, SIZE_MAX, &g, 0), 0);
  assert_int_equal(g.pairs, 3000u * 2999u / 2);
  mpx_graph_free(&g);
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.time_limit = 1e-9;
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err), 0);
  assert_non_null(strstr(plan.message, "time limit reached building the "
                                       "conflict graph"));
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Beyond the search's size the planner improves heuristics, says so, and
 * the plan validates. */
static void test_large_fallback(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  tu_long_schedule(&p, 4242, 3000);
  memplan_options o = work_opts(20);
  memplan_plan plan, g;
  memplan_plan_init(&plan);
  memplan_plan_init(&g);
  char err[256];
  assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err), 0);
  assert_non_null(strstr(plan.message, "too large"));
  assert_int_equal(memplan_solve(&p, "greedy-size", &o, &g, err, sizeof err),
                   0);
  assert_true(plan.peak <= g.peak);
  memplan_plan_free(&plan);
  memplan_plan_free(&g);
  memplan_problem_free(&p);
}

/* Too many pairs for a graph (11600 buffers all live together: 67 M
 * pairs), under a work limit alone: exact's fallback ran greedy-size to the
 * end however long that took (110 s on `memplan gen --count=100000
 * --seed=3`); with no clock to stop it, its visits are bounded now and
 * best-fit finishes the job. */
static void test_fallback_work_limit_alone(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  for (int i = 0; i < 11600; ++i)
    assert_true(memplan_problem_add(&p, NULL, 64, 1, 0, 10) >= 0);
  memplan_options o;
  memset(&o, 0, sizeof o);
  o.work_limit = 1000; /* and no time limit */
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err), 0);
  assert_non_null(strstr(plan.message, "too many conflicting pairs"));
  assert_non_null(strstr(plan.message, "greedy-size reached its work limit"));
  assert_int_equal(plan.peak, 64 * 11600);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

/* Too large to search, exact starts from best-fit's plan too: it returned
 * its own heuristics' best (158102 bytes here) where best-fit alone gives
 * 157717, and under a time limit a longer limit gave the worse plan. 2500
 * buffers of random sizes and alignments, each live for 1-100 steps. */
static void test_large_not_worse_than_best_fit(void **state) {
  (void)state;
  uint64_t x = 88172645463325260u; /* xorshift64, fixed seed */
#define NEXT() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
  memplan_problem p;
  memplan_problem_init(&p);
  for (int i = 0; i < 2500; i++) {
    uint64_t size = 1 + NEXT() % 4096, align = (uint64_t)1 << (NEXT() % 7);
    memplan_problem_add(&p, NULL, size, align, i, i + 1 + (int64_t)(NEXT() % 100));
  }
#undef NEXT
  memplan_options o = work_opts(10);
  memplan_plan e, b;
  memplan_plan_init(&e);
  memplan_plan_init(&b);
  char err[256];
  assert_int_equal(memplan_solve(&p, "exact", &o, &e, err, sizeof err), 0);
  assert_non_null(strstr(e.message, "too large"));
  assert_int_equal(memplan_solve(&p, "best-fit", &o, &b, err, sizeof err), 0);
  assert_int_equal(b.peak, 157717);
  assert_true(e.peak <= b.peak);
  memplan_plan_free(&e);
  memplan_plan_free(&b);
  memplan_problem_free(&p);
}

/* Zero-size buffers and a fixed zero-size buffer above everything. */
static void test_zero_sizes(void **state) {
  (void)state;
  memplan_problem p;
  memplan_problem_init(&p);
  case08(&p);
  memplan_problem_add(&p, "z0", 0, 1, 0, 6);
  int64_t z = memplan_problem_add(&p, "z1", 0, 8, 2, 3);
  p.buffers[z].fixed = true;
  p.buffers[z].offset = 4096;
  memplan_options o = work_opts(100000);
  memplan_plan plan;
  memplan_plan_init(&plan);
  char err[256];
  assert_int_equal(memplan_solve(&p, "exact", &o, &plan, err, sizeof err), 0);
  assert_int_equal(plan.peak, 4096);
  assert_int_equal(plan.offsets[z], 4096);
  assert_int_equal(plan.status, MEMPLAN_OPTIMAL);
  memplan_plan_free(&plan);
  memplan_problem_free(&p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_brute_force),
      cmocka_unit_test(test_overlap_all),
      cmocka_unit_test(test_odd_alignments),
      cmocka_unit_test(test_case08),
      cmocka_unit_test(test_capacity_infeasible),
      cmocka_unit_test(test_bound_sound_under_limits),
      cmocka_unit_test(test_determinism),
      cmocka_unit_test(test_against_milp),
      cmocka_unit_test(test_reuse_refutations),
      cmocka_unit_test(test_rules_agree),
      cmocka_unit_test(test_tie_orders),
      cmocka_unit_test(test_luby),
      cmocka_unit_test(test_skyline_packings),
      cmocka_unit_test(test_extreme_steps),
      cmocka_unit_test(test_graph_deadline),
      cmocka_unit_test(test_large_fallback),
      cmocka_unit_test(test_fallback_work_limit_alone),
      cmocka_unit_test(test_large_not_worse_than_best_fit),
      cmocka_unit_test(test_zero_sizes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
