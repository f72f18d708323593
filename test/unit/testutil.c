/* Shared helpers for the unit tests; see testutil.h. The brute force here
 * is written independently of every planner so that it can judge them. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t tu_rand(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t tu_range(uint64_t *state, uint64_t lo, uint64_t hi) {
  if (hi <= lo)
    return lo;
  uint64_t span = hi - lo + 1;
  if (span == 0) /* the full 64-bit range */
    return tu_rand(state);
  return lo + tu_rand(state) % span;
}

static unsigned tu_log2(uint64_t x) {
  unsigned k = 0;
  while (x > 1) {
    x >>= 1;
    ++k;
  }
  return k;
}

void tu_long_schedule(memplan_problem *p, uint64_t seed, int n) {
  uint64_t rs = seed;
  for (int i = 0; i < n; ++i) {
    int64_t start = i / 2 + (int64_t)tu_range(&rs, 0, 8);
    int64_t end = start + 1 + (int64_t)tu_range(&rs, 0, 40);
    uint64_t align = 1ull << tu_range(&rs, 0, 6);
    memplan_problem_add(p, NULL, tu_range(&rs, 1, 1 << 20), align, start,
                        end);
  }
}

void tu_odd_alignments(memplan_problem *p, uint64_t seed) {
  static const uint64_t pick[] = {1, 2, 3, 5, 6, 10, 12, 20, 24, 40};
  uint64_t s = seed;
  for (size_t i = 0; i < p->count; ++i)
    if (!p->buffers[i].fixed)
      p->buffers[i].alignment = pick[tu_rand(&s) % 10];
}

void tu_random_problem(memplan_problem *p, uint64_t seed, size_t n,
                       uint64_t max_size, int64_t horizon, uint64_t max_align) {
  uint64_t s = seed;
  if (max_size == 0)
    max_size = 1;
  if (horizon < 1)
    horizon = 1;
  unsigned size_bits = tu_log2(max_size), align_bits = tu_log2(max_align);
  for (size_t i = 0; i < n; ++i) {
    /* Log-uniform magnitude, then uniform below it: many small buffers, a
     * few large ones, as in real models. */
    unsigned k = (unsigned)tu_range(&s, 0, size_bits);
    uint64_t cap = k >= 63 ? max_size : (1ull << k);
    if (cap > max_size)
      cap = max_size;
    uint64_t size = tu_range(&s, 1, cap);
    int64_t start = (int64_t)tu_range(&s, 0, (uint64_t)(horizon - 1));
    int64_t end = (int64_t)tu_range(&s, (uint64_t)start + 1, (uint64_t)horizon);
    uint64_t align = 1;
    if (max_align > 1 && tu_rand(&s) % 2)
      align = 1ull << tu_range(&s, 0, align_bits);
    char id[32];
    snprintf(id, sizeof id, "b%zu", i);
    memplan_problem_add(p, id, size, align, start, end);
  }
}

bool tu_fixed_overlap(const memplan_problem *p) {
  for (size_t i = 0; i < p->count; ++i)
    for (size_t j = i + 1; j < p->count; ++j) {
      const memplan_buffer *a = &p->buffers[i], *c = &p->buffers[j];
      if (a->fixed && c->fixed && a->size && c->size && a->start < c->end &&
          c->start < a->end && a->offset < c->offset + c->size &&
          c->offset < a->offset + a->size)
        return true;
    }
  return false;
}

/* Exhaustive search: choose which unplaced buffer comes next, put it at the
 * lowest aligned offset clear of the placed buffers it conflicts with. Any
 * optimal plan, replayed in offset order, is reproduced at or below its own
 * offsets, so the minimum over all orders is the optimum. Branches whose
 * running peak already reaches the best found are cut. */
typedef struct bf_state {
  const memplan_problem *p;
  size_t n;
  uint64_t *off;
  int *placed;
  uint64_t best, target;
} bf_state;

static int bf_conflict(const memplan_buffer *a, const memplan_buffer *b) {
  return a->size && b->size && a->start < b->end && b->start < a->end;
}

static uint64_t bf_lowest(const bf_state *S, size_t i) {
  const memplan_buffer *b = &S->p->buffers[i];
  uint64_t a = b->alignment, cand = 0;
  /* Repeat until a full pass moves nothing: n <= 9, so this is cheap. */
  for (int moved = 1; moved;) {
    moved = 0;
    for (size_t j = 0; j < S->n; ++j) {
      if (!S->placed[j] || j == i)
        continue;
      const memplan_buffer *c = &S->p->buffers[j];
      if (!bf_conflict(b, c))
        continue;
      if (S->off[j] < cand + b->size && cand < S->off[j] + c->size) {
        uint64_t e = S->off[j] + c->size;
        cand = (e + a - 1) / a * a;
        moved = 1;
      }
    }
  }
  return cand;
}

static void bf_search(bf_state *S, size_t depth, uint64_t peak) {
  if (peak >= S->best || S->best == S->target)
    return;
  if (depth == S->n) {
    S->best = peak;
    return;
  }
  for (size_t i = 0; i < S->n; ++i) {
    if (S->placed[i])
      continue;
    uint64_t o = bf_lowest(S, i);
    uint64_t e = o + S->p->buffers[i].size;
    S->off[i] = o;
    S->placed[i] = 1;
    bf_search(S, depth + 1, e > peak ? e : peak);
    S->placed[i] = 0;
  }
}

uint64_t tu_brute_force_peak(const memplan_problem *p) {
  size_t n = p->count;
  bf_state S = {p, n, calloc(n + 1, sizeof(uint64_t)),
                calloc(n + 1, sizeof(int)), UINT64_MAX,
                memplan_lower_bound(p, NULL)};
  uint64_t peak = 0;
  size_t fixed = 0;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed || b->size == 0) {
      /* Fixed buffers are where they are; zero-size ones go to 0 (or their
       * fixed offset) and never block anything. */
      S.off[i] = b->fixed ? b->offset : 0;
      S.placed[i] = 1;
      ++fixed;
      if (S.off[i] + b->size > peak)
        peak = S.off[i] + b->size;
    }
  }
  bf_search(&S, fixed, peak);
  free(S.off);
  free(S.placed);
  return S.best;
}
