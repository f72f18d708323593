/* The pass's choice of buffers to spill (spill_exact.h): on hand-made
 * problems where the greedy moves more bytes than needed, the search finds
 * the fewest; on random problems its answer fits the target and moves no
 * more bytes (then buffers) than a brute force over all choices finds. No
 * MLIR: the stage works on a memplan_problem. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "pass/spill_exact.h"
#include "testutil.h"

static void add(memplan_problem *p, const char *id, uint64_t size, int64_t s, int64_t e) {
  assert_true(memplan_problem_add(p, id, size, 1, s, e) >= 0);
}

/* At every step, the buffers not moved sum to at most target. */
static bool fits(const memplan_problem *p, const bool *moved, uint64_t target) {
  for (size_t i = 0; i < p->count; ++i) {
    uint64_t live = 0;
    int64_t t = p->buffers[i].start;
    for (size_t k = 0; k < p->count; ++k)
      if (!moved[k] && p->buffers[k].start <= t && t < p->buffers[k].end)
        live += p->buffers[k].size;
    if (live > target)
      return false;
  }
  return true;
}

static uint64_t moved_bytes(const memplan_problem *p, const bool *moved) {
  uint64_t b = 0;
  for (size_t k = 0; k < p->count; ++k)
    b += moved[k] ? p->buffers[k].size : 0;
  return b;
}

/* Two steps each 5 bytes over target 10: b (5) covers the first, c (5)
 * the second, a (6) both; d (4) is live throughout. */
static void two_steps(memplan_problem *p) {
  memplan_problem_init(p);
  add(p, "a", 6, 0, 4);
  add(p, "b", 5, 0, 2);
  add(p, "c", 5, 2, 4);
  add(p, "d", 4, 0, 4);
}

/* A greedy taking the smallest cover per step moves b and c (10 bytes); a
 * alone (6) is enough. */
static void one_buffer_covers_two_steps(void **state) {
  (void)state;
  memplan_problem p;
  two_steps(&p);
  bool movable[4] = {true, true, true, false}, fixed[4] = {0};
  bool moved[4] = {false, true, true, false}; /* the greedy's answer */
  assert_true(fits(&p, moved, 10));
  assert_int_equal(mp_spill_minimize(&p, movable, fixed, 10, moved, 1000), 1);
  bool want[4] = {true, false, false, false};
  assert_memory_equal(moved, want, sizeof want);
  memplan_problem_free(&p);
}

/* An answer that is already the fewest bytes stays, and so do fixed ones. */
static void optimal_answer_stays(void **state) {
  (void)state;
  memplan_problem p;
  two_steps(&p);
  bool movable[4] = {true, true, true, true}, fixed[4] = {false, false, false, true};
  bool moved[4] = {true, false, false, true};
  assert_int_equal(mp_spill_minimize(&p, movable, fixed, 10, moved, 1000), 0);
  bool want[4] = {true, false, false, true};
  assert_memory_equal(moved, want, sizeof want);
  memplan_problem_free(&p);
}

/* The least (bytes, buffers) over every choice of movable buffers. */
static void brute(const memplan_problem *p, const bool *movable, uint64_t target,
                  uint64_t *best_bytes, size_t *best_count) {
  size_t n = p->count;
  for (uint32_t m = 0; m < (1u << n); ++m) {
    bool moved[16] = {0};
    size_t c = 0;
    bool ok = true;
    for (size_t k = 0; k < n; ++k)
      if (m >> k & 1) {
        ok = ok && movable[k];
        moved[k] = true;
        c++;
      }
    if (!ok || !fits(p, moved, target))
      continue;
    uint64_t b = moved_bytes(p, moved);
    if (b < *best_bytes || (b == *best_bytes && c < *best_count))
      *best_bytes = b, *best_count = c;
  }
}

static void random_problems_reach_the_fewest_bytes(void **state) {
  (void)state;
  int compared = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    memplan_problem p;
    memplan_problem_init(&p);
    size_t n = 3 + (size_t)(seed % 10); /* 3..12 buffers */
    tu_random_problem(&p, seed, n, 64, 12, 1);
    bool movable[16], fixed[16] = {0}, all[16];
    uint64_t s = seed;
    for (size_t k = 0; k < n; ++k)
      movable[k] = tu_range(&s, 0, 3) != 0, all[k] = movable[k];
    uint64_t peak = memplan_lower_bound(&p, NULL);
    uint64_t target = peak * 2 / 3;
    if (!fits(&p, all, target)) { /* no choice fits: nothing to compare */
      memplan_problem_free(&p);
      continue;
    }
    uint64_t bb = UINT64_MAX;
    size_t bc = SIZE_MAX;
    brute(&p, movable, target, &bb, &bc);
    bool moved[16];
    memcpy(moved, all, sizeof moved); /* a poor first answer: every movable one */
    assert_true(mp_spill_minimize(&p, movable, fixed, target, moved, (uint64_t)1 << 20) >= 0);
    assert_true(fits(&p, moved, target));
    size_t c = 0;
    for (size_t k = 0; k < n; ++k) {
      assert_true(!moved[k] || movable[k]);
      c += moved[k];
    }
    if (moved_bytes(&p, moved) != bb || c != bc)
      fail_msg("seed %llu: moved %llu bytes in %zu, fewest %llu in %zu",
               (unsigned long long)seed, (unsigned long long)moved_bytes(&p, moved), c,
               (unsigned long long)bb, bc);
    compared++;
    memplan_problem_free(&p);
  }
  assert_int_equal(compared, 249); /* the other seeds have no choice that fits */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(one_buffer_covers_two_steps),
      cmocka_unit_test(optimal_answer_stays),
      cmocka_unit_test(random_problems_reach_the_fewest_bytes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
