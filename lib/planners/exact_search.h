/*===-- exact_search.h - The decision search of `exact` (internal) -------===*\
|*                                                                            *|
|* The state and the entry points of the search that decides "is there a     *|
|* plan with peak <= C?" for the exact planner. One algorithm per file:      *|
|*   exact_search.c  the depth-first search over canonical solutions         *|
|*                   (MiniMalloc's), its checks, pieces and pins;            *|
|*   exact_slot.c    slot branching (first-fail on the lowest level);        *|
|*   exact_skyline.c skyline branching (the same, with holes that raise the  *|
|*                   level);                                                  *|
|*   exact_restart.c randomized restarts of a decision (Luby budgets);       *|
|*   exact_table.c   the table of refuted states;                            *|
|*   exact.c         the planner: bounds, heuristics and the schedule of     *|
|*                   decisions that minimizes the peak.                      *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_EXACT_SEARCH_H
#define MEMPLAN_LIB_EXACT_SEARCH_H

#include "core/span_min.h"
#include "planners/exact_fit.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Tie orders (MiniMalloc's static preorderings); a strategy is a tie
 * order and a branching rule: strategy st uses tie order st % EXACT_RANKS
 * and rule st / EXACT_RANKS (exact_branch). The orders are MiniMalloc's
 * three defaults (W,A,T; T,A,W; T,W,A) and our A,T,W, listed in
 * mpx_xs_init. */
#define EXACT_RANKS 4
#define EXACT_BRANCHES 3
#define EXACT_STRATEGIES (EXACT_BRANCHES * EXACT_RANKS)

/* The branching rules of a decision. */
typedef enum exact_branch {
  EXACT_CANONICAL = 0, /* the canonical order alone (exact_search.c) */
  EXACT_SLOT = 1,      /* slot branching first (exact_slot.c) */
  EXACT_SKYLINE = 2,   /* skyline branching first (exact_skyline.c) */
} exact_branch;

/* The strategy of branching rule `rule` under tie order h < EXACT_RANKS. */
static inline int mpx_xs_strategy(exact_branch rule, int h) {
  return (int)rule * EXACT_RANKS + h;
}

/* The table of refuted states (exact_table.c): 2^12 entries of 24 bytes
 * at first, doubled as it fills, to at most 2^22 (96 MiB). */
#ifndef EXACT_TT_MIN_BITS
#define EXACT_TT_MIN_BITS 12
#endif
#ifndef EXACT_TT_MAX_BITS
#define EXACT_TT_MAX_BITS 22
#endif
/* Nodes of the shortest run of a restart series (exact_restart.c). */
#ifndef EXACT_RESTART_UNIT
#define EXACT_RESTART_UNIT 256
#endif
/* Skyline decisions at C = L, as restarts, get this many times a round's
 * budget, in exact and in auto's probes: on perfect packings they are the
 * ones that find the plan (docs/results.md). */
#ifndef EXACT_SKY_SHARE
#define EXACT_SKY_SHARE 4
#endif
/* Children a search node lists at a time (see children in
 * exact_search.c). */
#define EXACT_CAND_WINDOW 32

/* A child of a search node: buffer i at offset pos. */
typedef struct candidate {
  uint64_t pos;
  uint32_t rank, i;
} candidate;

typedef struct undo_entry {
  uint32_t what; /* < n: minoff of buffer `what`; else floor of section */
  uint64_t old;
} undo_entry;

typedef struct xsearch {
  const memplan_problem *p;
  const mpx_graph *g;
  size_t n, items;     /* buffers, buffers with size > 0 */
  /* Static orders. rank[h][i]: buffer i's place in tie order h (the
   * canonical sequence is by (offset, rank)); twin[h][i]: the previous
   * interchangeable buffer in that order, or UINT32_MAX. */
  uint32_t *ranks[EXACT_RANKS], *twins[EXACT_RANKS];
  uint32_t *rank, *twin; /* the order in use */
  uint32_t *slo, *shi; /* sections covered: [slo, shi) */
  size_t S;            /* number of sections */
  uint32_t *byslo;     /* sized buffers sorted by slo */
  uint32_t *firstslo;  /* S + 1 entries: first k with slo[byslo[k]] >= s */
  uint32_t *slo_first; /* per section s: least slo of a buffer live in s */
  /* State. */
  uint64_t *minoff;    /* aligned top of the placed neighbours */
  uint64_t *floor;     /* per section: highest placed top */
  uint64_t *load;      /* per section: bytes not yet placed */
  uint64_t *loadr;     /* the same with each size rounded up to A */
  uint64_t A;          /* gcd of the alignments of all sized buffers */
  uint64_t gr;         /* gcd of sizes, alignments, fixed offsets: every
                          canonical position is a multiple of it */
  exact_branch branch; /* the branching rule of this decision */
  uint64_t shuffle;    /* skyline: 0, or the seed of its child order */
  bool hatless;        /* skip the siblings of a hatless failed child */
  size_t holes;        /* slot holes on the current search path */
  uint32_t *cuts;      /* per boundary s (between s-1 and s): unplaced
                          buffers crossing it */
  /* Scratch of each dfs node: secmin, per section, the lowest offset an
   * unplaced buffer can take there (read from spanmin); spanpad (when
   * A > 1) the largest rounding pad, as the least complement. */
  const uint64_t *secmin;
  mp_span_min spanmin, spanpad;
  uint64_t span_len;   /* sections of all unplaced buffers, summed: what
                          writing them out costs (mp_span_min_begin) */
  uint32_t *slotcnt;   /* scratch: per section, slot children (exact_slot.c) */
  uint64_t *off;
  unsigned char *placed;
  undo_entry *undo;
  size_t nundo, undo_cap;
  uint32_t *pstack;    /* buffers in the order they were placed */
  size_t npstack;
  /* Buffers placed before the search, at these offsets (find_pins). */
  uint32_t *pin;
  uint64_t *pinoff;
  size_t npin;
  /* Each node's children, sorted: a segment of at most EXACT_CAND_WINDOW
   * per node on the search path (at most 2 items + 1 nodes deep: a placement or a skyline hole each), and the
   * scan that lists them (n entries). */
  candidate *cand, *scan;
  size_t ncand;
  /* Control. */
  uint64_t C;          /* decide: peak <= C ? */
  uint64_t nodes, node_cap; /* node_cap: this decision's budget */
  uint64_t total_nodes, work_limit;
  uint64_t clock_tick; /* total_nodes / 1024 when the clock was last read */
  double deadline;
  int stop;            /* 1: this budget, 2: global limit */
  uint64_t minreq;     /* least requirement of a node pruned by C */
  /* Refuted states (see dfs): zob[i] keys buffer i; tt has ttmask + 1
   * entries (none when ttmask == 0 and tt == NULL). */
  uint64_t *zob, *part1, *part2;
  struct tt_entry *tt;
  uint64_t ttmask;
  uint64_t hsalt;      /* the tie order in use, for the keys */
  uint64_t key1, key2; /* running sums of the state's parts (term) */
  uint64_t ttused;     /* entries in use */
  uint64_t tt_hits, tt_stores;
} xsearch;

/* A refuted state: its two 64-bit keys and the least requirement of a
 * node pruned below it. It stays refuted under every capacity below that
 * requirement, which also bounds the optimum (the threshold bound). */
typedef struct tt_entry {
  uint64_t k1, k2, minreq;
} tt_entry;

static inline uint64_t mpx_xs_mix64(uint64_t x) { /* SplitMix64's finalizer */
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}


/* The state's keys (see dfs) are sums over the buffers of a hash of each
 * one's part of the state: for an unplaced buffer its minoff, for a placed
 * one a mark. The section floors need no part: an unplaced buffer of a
 * section overlaps every placed one there, so its minoff is at least the
 * floor, and where nothing is left to place the floor is never read.
 * mpx_xs_term() sets buffer i's part to value v; part1/part2 hold each buffer's
 * current hashes, so that only the new value is hashed. */
static inline void mpx_xs_term(xsearch *X, size_t i, uint64_t v) {
  uint64_t z = X->zob[i];
  uint64_t h1 = mpx_xs_mix64(z ^ v);
  uint64_t h2 = mpx_xs_mix64((z + 0x94d049bb133111ebu) ^ (v * 0xbf58476d1ce4e5b9u));
  X->key1 += h1 - X->part1[i];
  X->key2 += h2 - X->part2[i];
  X->part1[i] = h1;
  X->part2[i] = h2;
}

/* max(m, a + b), saturating. */
static inline uint64_t mpx_xs_sat_max_sum(uint64_t m, uint64_t a, uint64_t b) {
  uint64_t t = a + b;
  if (t < a)
    t = UINT64_MAX;
  return t > m ? t : m;
}

/* Where buffer i would go next: its fixed offset, or on its neighbours. */
static inline uint64_t mpx_xs_next_pos(const xsearch *X, uint32_t i) {
  const memplan_buffer *b = &X->p->buffers[i];
  return b->fixed ? b->offset : X->minoff[i];
}

/* The level of section s: nothing more can go below it. */
static inline uint64_t mpx_xs_level(const xsearch *X, uint32_t s, uint64_t last) {
  return X->floor[s] > last ? X->floor[s] : last;
}

/* exact_search.c. Makes room for k more undo entries (the log grows: slot
 * bans add to it); false when memory runs out, with X->stop = 2, so that
 * the caller ends the search as at a limit. */
bool mpx_xs_undo_reserve(xsearch *X, size_t k);
/* Places buffer i at o (undo-logged; room for its sections and
 * neighbours must be reserved); returns how many unplaced buffers'
 * minoff it raised. */
size_t mpx_xs_place(xsearch *X, uint32_t i, uint64_t o);
/* Takes back every change made since the marks (npstack, nundo). */
void mpx_xs_unplace_to(xsearch *X, size_t pmark, size_t umark);
/* Counts a node against the budgets; -1 when one ran out (X->stop). */
int mpx_xs_count_node(xsearch *X);
/* One search node over the piece [s0, s1): 1 placed (kept), 0 refuted
 * (state unchanged), -1 a budget ran out. */
int mpx_xs_dfs(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
               int64_t last_rank);
/* Places `best` at bpos and searches on with (bpos, brank) as the last
 * element; *raised as mpx_xs_place. Returns as mpx_xs_dfs. */
int mpx_xs_try_child(xsearch *X, uint32_t s0, uint32_t s1, uint32_t best,
                     uint64_t bpos, int64_t brank, size_t *raised);
/* Puts the state back to "nothing placed". */
void mpx_xs_reset(xsearch *X);
/* The gcd of p's sizes, alignments and fixed offsets (1 when all are 0):
 * every canonical peak, and so every capacity worth deciding, is a
 * multiple of it. */
uint64_t mpx_granularity(const memplan_problem *p);

/* Decides "peak <= C?" under strategy st (< EXACT_STRATEGIES) and a node
 * budget: 1 found (offsets in X->off), 0 refuted (X->minreq: the least
 * capacity at which the search could differ), -1 a budget ran out. */
int mpx_xs_decide(xsearch *X, uint64_t C, uint64_t budget, int st);
/* Builds the search for p over its conflict graph g (reuse: keep refuted
 * states); 0, or -1 when memory runs out (then mpx_xs_free it). */
int mpx_xs_init(xsearch *X, const memplan_problem *p, const mpx_graph *g,
                bool reuse);
void mpx_xs_free(xsearch *X);

/* exact_skyline.c: skyline branching at a node whose secmin dfs has just
 * filled; returns as mpx_xs_dfs, or 2 when it does not apply (the
 * canonical children then decide). */
int mpx_xs_skyline_children(xsearch *X, uint32_t s0, uint32_t s1,
                            uint64_t last, uint64_t min_height);
/* exact_restart.c: the k-th term (k >= 1) of Luby's sequence; and the
 * decision "peak <= C?" under strategy st as a series of runs with
 * shuffled child orders (X->shuffle) and Luby budgets of `unit` nodes,
 * about `budget` nodes in all. *run counts the runs of the caller's series
 * (0 at first) and goes on from where it stopped. Returns as
 * mpx_xs_decide. */
uint64_t mpx_luby(uint64_t k);
int mpx_xs_restarts(xsearch *X, uint64_t C, uint64_t budget, int st,
                    uint64_t unit, uint64_t *run);
/* exact_slot.c: slot branching at a node; 2 when it does not apply. */
int mpx_xs_slot_children(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                         int64_t last_rank, uint64_t min_height);

/* exact_table.c: the keys of refuted states. */
void mpx_xs_keys_from_scratch(xsearch *X);
void mpx_xs_tt_store(xsearch *X, uint64_t k1, uint64_t k2, uint64_t minreq);
void mpx_xs_state_keys(const xsearch *X, uint32_t s0, uint32_t s1,
                       uint64_t last, int64_t last_rank, uint64_t *k1,
                       uint64_t *k2);

#endif
