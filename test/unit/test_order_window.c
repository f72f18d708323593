/* The pass's window search around the peak of an op order (order_window.h),
 * on hand-made blocks and on random ones: the result is an order that keeps
 * every dependence and whose peak is not higher; on blocks no wider than a
 * window the search covers the whole block, so its peak equals the least
 * over all orders found by brute force. No MLIR: the stage works on a plain
 * graph. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "pass/order_window.h"
#include "testutil.h"

#define MAX_OPS 16
#define MAX_UNITS 16

/* A block built by hand or at random; the arrays back an mp_order_dag. */
typedef struct block {
  size_t n, nunits;
  bool dep[MAX_OPS][MAX_OPS];   /* dep[i][j]: op i before op j (i < j) */
  bool use[MAX_OPS][MAX_UNITS]; /* use[k][u]: op k uses unit u */
  size_t pred0[MAX_OPS + 1], preds[MAX_OPS * MAX_OPS];
  size_t use0[MAX_OPS + 1], uses[MAX_OPS * MAX_UNITS];
  uint64_t size[MAX_UNITS];
  bool in[MAX_UNITS], out[MAX_UNITS];
} block;

static mp_order_dag dag_of(block *b) {
  size_t np = 0, nu = 0;
  for (size_t j = 0; j < b->n; ++j) {
    b->pred0[j] = np;
    b->use0[j] = nu;
    for (size_t i = 0; i < b->n; ++i)
      if (b->dep[i][j])
        b->preds[np++] = i;
    for (size_t u = 0; u < b->nunits; ++u)
      if (b->use[j][u])
        b->uses[nu++] = u;
  }
  b->pred0[b->n] = np;
  b->use0[b->n] = nu;
  return (mp_order_dag){b->n, b->pred0, b->preds, b->use0, b->uses,
                        b->nunits, b->size, b->in, b->out};
}

/* The model's peak of an order (order_window.h), computed plainly. */
static uint64_t peak_of(const block *b, const size_t *perm) {
  uint64_t peak = 0;
  for (size_t t = 0; t < b->n; ++t) {
    uint64_t live = 0;
    for (size_t u = 0; u < b->nunits; ++u) {
      size_t first = SIZE_MAX, last = 0;
      for (size_t s = 0; s < b->n; ++s)
        if (b->use[perm[s]][u]) {
          first = first == SIZE_MAX ? s : first;
          last = s;
        }
      if (first == SIZE_MAX)
        continue;
      first = b->in[u] ? 0 : first;
      last = b->out[u] ? b->n - 1 : last;
      live += first <= t && t <= last ? b->size[u] : 0;
    }
    peak = live > peak ? live : peak;
  }
  return peak;
}

static bool keeps_dependences(const block *b, const size_t *perm) {
  size_t at[MAX_OPS];
  bool seen[MAX_OPS] = {0};
  for (size_t t = 0; t < b->n; ++t) {
    if (perm[t] >= b->n || seen[perm[t]])
      return false;
    seen[perm[t]] = true;
    at[perm[t]] = t;
  }
  for (size_t i = 0; i < b->n; ++i)
    for (size_t j = 0; j < b->n; ++j)
      if (b->dep[i][j] && at[i] > at[j])
        return false;
  return true;
}

/* The least peak over every order that keeps the dependences. */
static void brute(const block *b, size_t *perm, size_t depth, bool *placed, uint64_t *best) {
  if (depth == b->n) {
    uint64_t p = peak_of(b, perm);
    *best = p < *best ? p : *best;
    return;
  }
  for (size_t k = 0; k < b->n; ++k) {
    bool ready = !placed[k];
    for (size_t i = 0; ready && i < b->n; ++i)
      ready = !b->dep[i][k] || placed[i];
    if (!ready)
      continue;
    placed[k] = true;
    perm[depth] = k;
    brute(b, perm, depth + 1, placed, best);
    placed[k] = false;
  }
}

/* Two chains, each an op writing a unit of 10 bytes and one reading it; in
 * the given order the second chain starts before the first ends. */
static void two_chains(block *b) {
  memset(b, 0, sizeof *b);
  b->n = 4;
  b->nunits = 2;
  b->size[0] = b->size[1] = 10;
  b->use[0][0] = b->use[1][0] = true; /* op 0 writes a, op 1 reads it */
  b->use[2][1] = b->use[3][1] = true; /* op 2 writes b, op 3 reads it */
  b->dep[0][1] = b->dep[2][3] = true;
}

static void interleaved_chains_are_separated(void **state) {
  (void)state;
  block b;
  two_chains(&b);
  mp_order_dag d = dag_of(&b);
  size_t perm[4] = {0, 2, 1, 3};
  assert_int_equal(peak_of(&b, perm), 20);
  assert_int_equal(mp_order_window(&d, perm, 1000), 1);
  size_t want[4] = {0, 1, 2, 3};
  assert_memory_equal(perm, want, sizeof want);
  assert_int_equal(peak_of(&b, perm), 10);
}

static void dependence_is_kept(void **state) {
  (void)state;
  block b;
  two_chains(&b);
  b.dep[2][1] = b.dep[0][3] = true; /* each reader also needs the other writer */
  mp_order_dag d = dag_of(&b);
  size_t perm[4] = {0, 2, 1, 3};
  assert_int_equal(mp_order_window(&d, perm, 1000), 0);
  size_t want[4] = {0, 2, 1, 3};
  assert_memory_equal(perm, want, sizeof want);
}

static void no_budget_changes_nothing(void **state) {
  (void)state;
  block b;
  two_chains(&b);
  mp_order_dag d = dag_of(&b);
  size_t perm[4] = {0, 2, 1, 3};
  assert_int_equal(mp_order_window(&d, perm, 0), 0);
  size_t want[4] = {0, 2, 1, 3};
  assert_memory_equal(perm, want, sizeof want);
}

/* A unit live after the block stays live to its end: with op 2 after op 0,
 * the two units overlap in every order, so nothing moves. */
static void live_out_unit_counts_to_the_end(void **state) {
  (void)state;
  block b;
  two_chains(&b);
  b.out[0] = true;
  b.dep[0][2] = true;
  mp_order_dag d = dag_of(&b);
  size_t perm[4] = {0, 2, 1, 3};
  assert_int_equal(mp_order_window(&d, perm, 1000), 0);
  assert_int_equal(peak_of(&b, perm), 20);
}

static void random_block(block *b, uint64_t seed, size_t n) {
  uint64_t s = seed;
  memset(b, 0, sizeof *b);
  b->n = n;
  b->nunits = (size_t)tu_range(&s, 1, MAX_UNITS);
  for (size_t u = 0; u < b->nunits; ++u) {
    b->size[u] = tu_range(&s, 1, 100);
    b->in[u] = tu_range(&s, 0, 9) == 0;
    b->out[u] = tu_range(&s, 0, 9) == 0;
    size_t k = (size_t)tu_range(&s, 0, n - 1); /* every unit has a use */
    b->use[k][u] = true;
    for (size_t extra = tu_range(&s, 0, 2); extra-- > 0;)
      b->use[tu_range(&s, 0, n - 1)][u] = true;
  }
  for (size_t j = 1; j < n; ++j)
    for (size_t i = 0; i < j; ++i)
      b->dep[i][j] = tu_range(&s, 0, 5) == 0;
}

/* Blocks no wider than a window: the search is exhaustive. */
static void small_blocks_reach_the_least_peak(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    block b;
    size_t n = 2 + (size_t)(seed % 7); /* 2..8 ops */
    random_block(&b, seed, n);
    mp_order_dag d = dag_of(&b);
    size_t perm[MAX_OPS], scratch[MAX_OPS];
    for (size_t k = 0; k < n; ++k)
      perm[k] = k;
    bool placed[MAX_OPS] = {0};
    uint64_t best = UINT64_MAX;
    brute(&b, scratch, 0, placed, &best);
    assert_true(mp_order_window(&d, perm, (uint64_t)1 << 24) >= 0);
    assert_true(keeps_dependences(&b, perm));
    if (peak_of(&b, perm) != best)
      fail_msg("seed %llu: peak %llu, least %llu", (unsigned long long)seed,
               (unsigned long long)peak_of(&b, perm), (unsigned long long)best);
  }
}

/* Wider blocks: several windows; never a higher peak, dependences kept. */
static void wide_blocks_never_worse(void **state) {
  (void)state;
  for (uint64_t seed = 1; seed <= 100; ++seed) {
    block b;
    random_block(&b, seed * 7919, MAX_OPS);
    mp_order_dag d = dag_of(&b);
    size_t perm[MAX_OPS];
    for (size_t k = 0; k < MAX_OPS; ++k)
      perm[k] = k;
    uint64_t before = peak_of(&b, perm);
    assert_true(mp_order_window(&d, perm, 100000) >= 0);
    assert_true(keeps_dependences(&b, perm));
    assert_true(peak_of(&b, perm) <= before);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(interleaved_chains_are_separated),
      cmocka_unit_test(dependence_is_kept),
      cmocka_unit_test(no_budget_changes_nothing),
      cmocka_unit_test(live_out_unit_counts_to_the_end),
      cmocka_unit_test(small_blocks_reach_the_least_peak),
      cmocka_unit_test(wide_blocks_never_worse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
