/*===-- exact_fit.h - Conflict graph and ordered placement (internal) -*- C -*-===*\
|*                                                                            *|
|* Shared by the `exact` and `auto` planners (not a public API):              *|
|*   - the conflict graph of a problem in compressed adjacency form, built   *|
|*     by one sweep over the intervals sorted by start, O(n log n + pairs)   *|
|*     time and O(n + pairs) memory, with a cap on the number of pairs so   *|
|*     that dense inputs are refused instead of exhausting memory;          *|
|*   - the "ordered placement" kernel of the classic offline heuristics     *|
|*     (TFLite's greedy-by-size, XLA's global decreasing-size best-fit):     *|
|*     buffers are taken in a given order and each one goes into a gap      *|
|*     among the already placed buffers it conflicts with, either the lowest *|
|*     gap that fits (first fit) or the smallest one (best fit).            *|
|*                                                                            *|
|* Zero-size buffers have no edges: they conflict with nothing. Fixed        *|
|* buffers are obstacles placed before everything else.                      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_EXACT_FIT_H
#define MEMPLAN_LIB_EXACT_FIT_H

#include "memplan/memplan.h"

#include <stddef.h>
#include <stdint.h>

/** Undirected conflict graph: the neighbours of buffer i are
 *  adj[first[i] .. first[i+1]). Both directions are stored. */
typedef struct mpx_graph {
  size_t n;
  size_t pairs;    /**< number of conflicting pairs (edges / 2) */
  size_t *first;   /**< n + 1 entries */
  uint32_t *adj;   /**< 2 * pairs entries */
} mpx_graph;

/** Builds the graph in O(n log n + pairs) time. Returns 0 on success; 1
 *  if there are more than `max_pairs` conflicting pairs (or n >= 2^32); 2
 *  if the clock (mpx_now) passed `deadline` (0: none) first; -1 if memory
 *  runs out. g is left empty unless 0 is returned. */
int mpx_graph_build(const memplan_problem *p, size_t max_pairs, mpx_graph *g,
                    double deadline);
void mpx_graph_free(mpx_graph *g);

/** Orderings for the kernel. Every one breaks ties by larger size, then
 *  by buffer index, so the order is a total one and deterministic. */
typedef enum mpx_order_key {
  MPX_BY_SIZE = 0,     /**< size descending */
  MPX_BY_AREA = 1,     /**< size x duration descending */
  MPX_BY_DURATION = 2, /**< duration descending */
  MPX_BY_START = 3,    /**< start ascending (program order) */
  MPX_BY_CONFLICT = 4, /**< sum of conflicting sizes descending */
  MPX_ORDER_KEYS = 5
} mpx_order_key;

extern const char *const mpx_order_names[MPX_ORDER_KEYS];

/** Writes into `order` the free (not fixed) buffers sorted by `key`;
 *  returns how many were written. `g` is only needed for MPX_BY_CONFLICT
 *  (may be NULL otherwise). Returns (size_t)-1 if memory runs out. */
size_t mpx_order(const memplan_problem *p, const mpx_graph *g,
                 mpx_order_key key, uint32_t *order);

/** Scratch space for mpx_place: reuse across calls to avoid allocations. */
typedef struct mpx_scratch {
  unsigned char *placed; /**< n entries */
  uint64_t *lo, *hi;     /**< max-degree entries */
  size_t cap;
  /** mpx_place stops when the clock (mpx_now) passes this (0, as
   *  mpx_scratch_init sets it: never) and sets `stopped`: one run visits
   *  every conflicting pair, seconds on tens of millions of them. */
  double deadline;
  bool stopped;
} mpx_scratch;

int mpx_scratch_init(mpx_scratch *s, const mpx_graph *g);
void mpx_scratch_free(mpx_scratch *s);

/** Places fixed buffers at their offsets, zero-size free buffers at 0, and
 *  the `count` buffers of `order` one by one, each in the lowest (best_fit
 *  == 0) or the smallest (best_fit != 0) aligned gap among its placed
 *  neighbours where it fits. Writes all p->count offsets; returns the peak
 *  (max offset + size over all buffers). O(sum of degree log degree).
 *  When s->deadline passes first, sets s->stopped and returns UINT64_MAX
 *  with the offsets half written: not a plan. */
uint64_t mpx_place(const memplan_problem *p, const mpx_graph *g,
                   const uint32_t *order, size_t count, int best_fit,
                   mpx_scratch *s, uint64_t *offsets);

/** The peak of an offset vector: max(offset + size) over all buffers. */
uint64_t mpx_peak(const memplan_problem *p, const uint64_t *offsets);

/** Rounds x up to a multiple of a (a >= 1; any a, not only powers of 2). */
static inline uint64_t mpx_align_up(uint64_t x, uint64_t a) {
  if (a <= 1)
    return x;
  uint64_t r = x % a, up;
  if (!r)
    return x;
  /* Saturate: the next multiple may lie past 2^64 (a 2^58-aligned buffer
   * above a huge one). UINT64_MAX is then "nowhere": every capacity test
   * fails on it, where a wrapped value would put the buffer at 0. */
  return __builtin_add_overflow(x, a - r, &up) ? UINT64_MAX : up;
}

/** Flags of mpx_exact. */
enum {
  /** Give improving the best plan (C = U - g) twice the nodes of deciding
   *  C = L, for auto's small budgets; without it deciding C = L gets four
   *  times the nodes of the improvement, for inputs whose optimum is
   *  usually L. */
  MPX_EXACT_TOP_SHARE = 1,
  /** Do not keep refuted states (the table of dfs in exact.c): for tests
   *  that compare the search with and without it. */
  MPX_EXACT_NO_REUSE = 2,
  /** Only the strategies with slot branching (exact_slot.c): for tests
   *  that check it against the canonical search alone. */
  MPX_EXACT_SLOT_ONLY = 4,
  /** Only the canonical strategies, without the hatless rule: the search
   *  as MiniMalloc publishes it, for tests of the rules added to it. */
  MPX_EXACT_CANONICAL_ONLY = 8,
  /** Only the strategies with skyline branching and its restarts
   *  (exact_skyline.c, exact_restart.c): for tests, as SLOT_ONLY. */
  MPX_EXACT_SKYLINE_ONLY = 16,
};

/** The exact planner (exact.c) with `flags` (MPX_EXACT_*). `init`
 *  (p->count offsets, a valid plan, may be NULL) replaces the planner's own
 *  heuristics as the starting plan when the input is small enough to
 *  search. */
int mpx_exact(const memplan_problem *p, const memplan_options *o,
              memplan_plan *plan, unsigned flags, const uint64_t *init);

/** Seconds on a monotonic clock. */
double mpx_now(void);

#endif
