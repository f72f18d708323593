/*===-- core/span_min.h - The least value over spans, read at every point -===*\
|*                                                                            *|
|* Internal: not installed, not part of the API.                              *|
|*                                                                            *|
|* A round is many updates "value v over the points [lo, hi)" followed by     *|
|* one read of every point's least value. Written out, an update costs       *|
|* hi - lo; here it costs two cells: a sparse table run backwards. Level k    *|
|* holds values over spans of 2^k points; an update of length len writes     *|
|* level k = floor(log2(len)) at lo and at hi - 2^k, two spans of 2^k that   *|
|* cover [lo, hi). The read pushes each level into the one below it, so a    *|
|* round costs O(updates + P log L) for P points and spans of at most L.     *|
|* Only the levels up to the highest one an update used are filled (and     *|
|* pushed) in a round, and the table has levels up to its longest span      *|
|* only. When the caller expects the spans to be short, writing them out    *|
|* is cheaper, and a round does that instead (mp_span_min_begin): the same  *|
|* values.                                                                   *|
|*                                                                            *|
|* The exact search uses it for its per-section floors (exact_search.c),     *|
|* read at every node after one update per unplaced buffer.                  *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_SPAN_MIN_H
#define MEMPLAN_LIB_CORE_SPAN_MIN_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct mp_span_min {
  uint64_t *cell;  /* level k at cell + k * stride; level 0 is the read */
  size_t stride;   /* points of the table */
  unsigned levels; /* levels allocated */
  unsigned top;    /* levels [0, top) are filled for this round */
  uint32_t lo, hi; /* the round's points */
  bool direct;     /* this round writes every point of a span (level 0) */
} mp_span_min;

/* floor(log2(x)), x >= 1. */
static inline unsigned mp_log2_floor(uint32_t x) {
  assert(x >= 1);
  return 31u - (unsigned)__builtin_clz(x);
}

/* A table over points [0, points), points >= 1, for spans of at most
 * `longest` points (1 <= longest <= points); false when memory runs out
 * (then nothing is allocated). */
static inline bool mp_span_min_init(mp_span_min *t, size_t points,
                                    uint32_t longest) {
  assert(points >= 1 && points <= UINT32_MAX);
  assert(longest >= 1 && longest <= points);
  t->stride = points;
  t->levels = mp_log2_floor(longest) + 1;
  t->top = 0;
  t->lo = t->hi = 0;
  t->cell = malloc((size_t)t->levels * points * sizeof *t->cell);
  return t->cell != NULL;
}

static inline void mp_span_min_free(mp_span_min *t) {
  free(t->cell);
  t->cell = NULL;
}

/* Starts a round over the points [lo, hi): every point holds UINT64_MAX.
 * `length`, the expected sum of the lengths of the round's spans, chooses
 * how they are written: out, or in the table when its passes (about three
 * per level over [lo, hi)) cost less. Any value gives the same reads. */
static inline void mp_span_min_begin(mp_span_min *t, uint32_t lo, uint32_t hi,
                                     uint64_t length) {
  assert(lo <= hi && hi <= t->stride);
  t->lo = lo;
  t->hi = hi;
  t->top = 0;
  uint64_t w = hi - lo;
  t->direct = w == 0 || length <= 3 * w * (mp_log2_floor((uint32_t)w) + 1);
  if (t->direct) {
    for (uint32_t s = lo; s < hi; ++s)
      t->cell[s] = UINT64_MAX;
    t->top = 1;
  }
}

/* Every point of [lo, hi) (within the round's, lo < hi) holds at most v. */
static inline void mp_span_min_put(mp_span_min *t, uint32_t lo, uint32_t hi,
                                   uint64_t v) {
  assert(t->lo <= lo && lo < hi && hi <= t->hi);
  uint64_t *c = t->cell; /* a local: stores to c[] might alias *t */
  if (t->direct) {
    for (uint32_t s = lo; s < hi; ++s)
      c[s] = v < c[s] ? v : c[s];
    return;
  }
  unsigned k = mp_log2_floor(hi - lo);
  assert(k < t->levels); /* no longer than init's `longest` */
  for (; t->top <= k; ++t->top) {
    uint64_t *l = t->cell + (size_t)t->top * t->stride;
    for (uint32_t s = t->lo; s < t->hi; ++s)
      l[s] = UINT64_MAX;
  }
  uint64_t *l = t->cell + (size_t)k * t->stride;
  uint32_t b = hi - (1u << k);
  if (v < l[lo])
    l[lo] = v;
  if (v < l[b])
    l[b] = v;
}

/* Ends the round: returns the least value of each point of [lo, hi) at
 * its index (valid until the next round begins). */
static inline const uint64_t *mp_span_min_read(mp_span_min *t) {
  if (t->top == 0) { /* no update: level 0 was never filled */
    for (uint32_t s = t->lo; s < t->hi; ++s)
      t->cell[s] = UINT64_MAX;
    return t->cell;
  }
  for (unsigned k = t->top - 1; k >= 1; --k) {
    const uint64_t *up = t->cell + (size_t)k * t->stride;
    uint64_t *down = t->cell + (size_t)(k - 1) * t->stride;
    uint32_t half = 1u << (k - 1), span = 1u << k;
    for (uint32_t s = t->lo; s + span <= t->hi; ++s) {
      uint64_t v = up[s];
      if (v == UINT64_MAX)
        continue;
      if (v < down[s])
        down[s] = v;
      if (v < down[s + half])
        down[s + half] = v;
    }
  }
  return t->cell;
}

#endif
