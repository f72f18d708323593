/*===-- exact.c - Anytime branch and bound for the minimum peak -----------===*\
|*                                                                            *|
|* The `exact` planner: minimizes the peak and proves it, or returns the best *|
|* plan found and the best proven lower bound when its budget runs out.       *|
|*                                                                            *|
|* Where the ideas come from (public descriptions only; no code copied):      *|
|*                                                                            *|
|*  - Canonical solutions (M. D. Moffitt, "MiniMalloc", ASPLOS 2024): in      *|
|*    some optimal plan no buffer can move to a lower aligned offset (move    *|
|*    buffers down while one can; the peak never rises). Listed by (offset,   *|
|*    rank), each buffer of such a plan sits exactly at the aligned top of    *|
|*    the conflicting buffers listed before it. So a depth-first search that  *|
|*    appends one buffer at a time, at that position, only in increasing      *|
|*    (offset, rank) order, is complete and never visits a plan twice.        *|
|*  - Dominance (MiniMalloc): no buffer may be placed at or above the top     *|
|*    an unplaced free buffer would have at its lowest position - in every    *|
|*    completion that buffer would float over a hole it fits in.              *|
|*  - Spatial inference over time sections (MiniMalloc): the timeline is cut  *|
|*    at every interval end; in each section, the bytes still to be placed    *|
|*    must fit between the section's floor and the capacity. The floor is     *|
|*    the highest of: its highest placed top, the current offset (nothing     *|
|*    goes below it any more) and the lowest position any unplaced buffer of  *|
|*    the section can take ("unallocated floor"). Leaving holes is costly:    *|
|*    raising the current offset raises the floor of every section. With      *|
|*    every alignment a multiple of A, all but the topmost buffer of a        *|
|*    section count their size rounded up to A (our refinement).              *|
|*  - Decomposition (MiniMalloc): when no unplaced buffer crosses a section   *|
|*    border, the two sides are independent and are solved one after the      *|
|*    other; a side that fails refutes the node.                              *|
|*  - Symmetry: interchangeable buffers (same size, alignment, interval) are  *|
|*    placed in rank order only. Fixed buffers are search items that must     *|
|*    be taken exactly at their offset, in their turn.                        *|
|*  - Refuted states are kept (a transposition table, as in game-tree         *|
|*    search; our use of it here): the subtree below a node depends only on   *|
|*    which buffers are placed, each unplaced buffer's minoff, the last       *|
|*    (offset, rank) and the tie order. Partial plans that differ only in     *|
|*    the order of a stack of buffers meet the same state; the second is      *|
|*    not searched again. See dfs.                                            *|
|*  - Decision vs. optimization: the search decides "is there a plan with     *|
|*    peak <= C?" (MiniMalloc's question). Each round probes the capacity     *|
|*    if one is set and not yet met, then C = L (the                          *|
|*    proven bound, upwards), C = U - g (below the best plan U) and one C in  *|
|*    the upper quarter of [L, U) (a tight capacity guides the search), for   *|
|*    each of three tie orders (MiniMalloc's static preorderings), under a    *|
|*    node budget that doubles when a round moves neither end (restarts, as   *|
|*    in MiniMalloc's round robin and TelaMalloc's anytime search). g is the  *|
|*    gcd of all sizes, alignments and fixed offsets: every canonical peak    *|
|*    is a multiple of g. A refutation at C proves the optimum >= the least   *|
|*    capacity under which some pruned node would have survived (nothing      *|
|*    else depends on C) - the threshold step of iterative-deepening A*.      *|
|*  - Lower bound: the maximum live bytes (the max-weight clique of the       *|
|*    interval graph); Buchsbaum et al., "OPT versus LOAD in dynamic storage  *|
|*    allocation" (STOC 2003) and Gergov ("Algorithms for compile-time memory *|
|*    optimization", SODA 1999) show that the optimum can exceed it, which    *|
|*    is why refutations, not only the bound, are needed for a proof.         *|
|*  - Initial upper bound and large inputs: the offline ordered-placement     *|
|*    heuristics of exact_fit.c (TFLite greedy-by-size, XLA best-fit), and    *|
|*    for inputs too big to search a local search over the order (move the    *|
|*    buffers that touch the peak to the front and re-place - in the spirit   *|
|*    of TelaMalloc's and TVM's hill climbing).                               *|
|*  - Buffers that overlap every other buffer of an independent time range    *|
|*    go to its bottom before the search (our observation, find_pins): they   *|
|*    can always be moved there without raising the peak.                     *|
|*                                                                            *|
|* Memory is O(n + conflicting pairs): the adjacency lists, per-section       *|
|* floors and loads, an undo log bounded by the sum of degrees and section    *|
|* counts (each buffer is placed at most once on a search path), and a        *|
|* bounded window of sorted children per node on the path; and the table of   *|
|* refuted states, 96 KiB at first, at most 96 MiB. A child's                 *|
|* check starts with the sections alone (quick_refute), which prunes most     *|
|* children before the full scan of the unplaced buffers.                     *|
\*===----------------------------------------------------------------------===*/
#include "core/arith.h"
#include "planners/exact_fit.h"
#include "planners/planners.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Above these sizes the search is not attempted (its per-node cost is O(n))
 * and the planner improves heuristic plans instead. */
#define EXACT_MAX_SEARCH_N 2000
#define EXACT_MAX_SEARCH_PAIRS ((size_t)4 << 20)
/* The kernel heuristics need the graph too; beyond this many pairs even
 * they are skipped and greedy-size alone answers. */
#define EXACT_MAX_GRAPH_PAIRS ((size_t)64 << 20)
#define EXACT_DEFAULT_SECONDS 10.0

#define EXACT_RANKS 3
/* The table of refuted states (see dfs): 2^12 entries of 24 bytes at
 * first, doubled as it fills, to at most 2^22 (96 MiB). */
#ifndef EXACT_TT_MIN_BITS
#define EXACT_TT_MIN_BITS 12
#endif
#ifndef EXACT_TT_MAX_BITS
#define EXACT_TT_MAX_BITS 22
#endif
/* Children a search node lists at a time (see dfs). */
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
  /* State. */
  uint64_t *minoff;    /* aligned top of the placed neighbours */
  uint64_t *floor;     /* per section: highest placed top */
  uint64_t *load;      /* per section: bytes not yet placed */
  uint64_t *loadr;     /* the same with each size rounded up to A */
  uint64_t A;          /* gcd of the alignments of all sized buffers */
  uint32_t *cuts;      /* per boundary s (between s-1 and s): unplaced
                          buffers crossing it */
  uint64_t *secmin;    /* scratch: per section, lowest reachable offset */
  uint64_t *secpad;    /* scratch: per section, largest rounding pad */
  uint64_t *off;
  unsigned char *placed;
  undo_entry *undo;
  size_t nundo;
  uint32_t *pstack;    /* buffers in the order they were placed */
  size_t npstack;
  /* Buffers placed before the search, at these offsets (find_pins). */
  uint32_t *pin;
  uint64_t *pinoff;
  size_t npin;
  /* Each node's children, sorted: a segment of at most EXACT_CAND_WINDOW
   * per node on the search path (at most items + 1 nodes deep), and the
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

static inline uint64_t mix64(uint64_t x) { /* SplitMix64's finalizer */
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
 * term() sets buffer i's part to value v; part1/part2 hold each buffer's
 * current hashes, so that only the new value is hashed. */
static inline void term(xsearch *X, size_t i, uint64_t v) {
  uint64_t z = X->zob[i];
  uint64_t h1 = mix64(z ^ v);
  uint64_t h2 = mix64((z + 0x94d049bb133111ebu) ^ (v * 0xbf58476d1ce4e5b9u));
  X->key1 += h1 - X->part1[i];
  X->key2 += h2 - X->part2[i];
  X->part1[i] = h1;
  X->part2[i] = h2;
}

/* Sets the keys from scratch (reset). */
static void keys_from_scratch(xsearch *X) {
  X->key1 = X->key2 = 0;
  for (size_t i = 0; i < X->n; ++i) {
    X->part1[i] = X->part2[i] = 0;
    term(X, i, X->placed[i] ? UINT64_MAX : X->minoff[i]);
  }
}

static void place(xsearch *X, uint32_t i, uint64_t o) {
  const memplan_buffer *b = &X->p->buffers[i];
  uint64_t top = o + b->size;
  X->off[i] = o;
  X->placed[i] = 1;
  X->pstack[X->npstack++] = i;
  if (X->tt)
    term(X, i, UINT64_MAX);
  for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s) {
    X->undo[X->nundo].what = (uint32_t)X->n + s;
    X->undo[X->nundo++].old = X->floor[s];
    X->floor[s] = top;
    X->load[s] -= b->size;
    X->loadr[s] -= mpx_align_up(b->size, X->A);
  }
  for (uint32_t s = X->slo[i] + 1; s < X->shi[i]; ++s)
    X->cuts[s]--;
  for (size_t e = X->g->first[i]; e < X->g->first[i + 1]; ++e) {
    uint32_t j = X->g->adj[e];
    if (X->placed[j])
      continue;
    uint64_t m = mpx_align_up(top, X->p->buffers[j].alignment);
    if (m > X->minoff[j]) {
      X->undo[X->nundo].what = j;
      X->undo[X->nundo++].old = X->minoff[j];
      if (X->tt)
        term(X, j, m);
      X->minoff[j] = m;
    }
  }
}

/* Takes back every placement made since the marks. */
static void unplace_to(xsearch *X, size_t pmark, size_t umark) {
  while (X->nundo > umark) {
    undo_entry *u = &X->undo[--X->nundo];
    if (u->what < X->n) {
      /* A buffer placed since keeps its mark until the loop below. */
      if (X->tt && !X->placed[u->what])
        term(X, u->what, u->old);
      X->minoff[u->what] = u->old;
    } else {
      X->floor[u->what - X->n] = u->old;
    }
  }
  while (X->npstack > pmark) {
    uint32_t i = X->pstack[--X->npstack];
    uint64_t sz = X->p->buffers[i].size;
    uint64_t szr = mpx_align_up(sz, X->A);
    for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s) {
      X->load[s] += sz;
      X->loadr[s] += szr;
    }
    for (uint32_t s = X->slo[i] + 1; s < X->shi[i]; ++s)
      X->cuts[s]++;
    X->placed[i] = 0;
    if (X->tt)
      term(X, i, X->minoff[i]);
  }
}

static int solve_pieces(xsearch *X, uint32_t s0, uint32_t s1);

/* max(m, a + b), saturating. */
static inline uint64_t sat_max_sum(uint64_t m, uint64_t a, uint64_t b) {
  uint64_t t = a + b;
  if (t < a)
    t = UINT64_MAX;
  return t > m ? t : m;
}

/* Where buffer i would go next: its fixed offset, or on its neighbours. */
static inline uint64_t next_pos(const xsearch *X, uint32_t i) {
  const memplan_buffer *b = &X->p->buffers[i];
  return b->fixed ? b->offset : X->minoff[i];
}

static int cand_cmp(const void *x, const void *y) {
  const candidate *u = x, *v = y;
  if (u->pos != v->pos)
    return u->pos < v->pos ? -1 : 1;
  return u->rank < v->rank ? -1 : u->rank > v->rank;
}

/* Counts one node against the budgets: this decision's (X->stop = 1 when
 * it runs out), the work limit and the deadline (X->stop = 2). Returns 0,
 * or -1 when a budget ran out. */
static int count_node(xsearch *X) {
  /* Checked before counting: the node refused at the limit is not work
   * done, so the work reported never passes the limit. */
  if (X->work_limit && X->total_nodes >= X->work_limit) {
    X->stop = 2;
    return -1;
  }
  ++X->nodes;
  ++X->total_nodes;
  if (X->nodes > X->node_cap) {
    X->stop = 1;
    return -1;
  }
  if ((X->total_nodes >> 10) != X->clock_tick) {
    X->clock_tick = X->total_nodes >> 10;
    if (mpx_now() > X->deadline) {
      X->stop = 2;
      return -1;
    }
  }
  return 0;
}

/* A cheap part of the child's check, made before the full one: with
 * `best` just placed at `bpos`, every section of the piece still to fill
 * starts at bpos or higher (the canonical order) and those under `best`
 * at its top. Most children die here, and the full check in dfs scans
 * every unplaced buffer's sections. Returns 0 when the child survives it,
 * 1 when it is pruned (counted as a node, as dfs would count it), -1 when
 * a budget ran out. */
static int quick_refute(xsearch *X, uint32_t s0, uint32_t s1, uint32_t best,
                        uint64_t bpos) {
  uint64_t req = 0;
  uint32_t lo = X->slo[best], hi = X->shi[best];
  uint64_t top = bpos + X->p->buffers[best].size;
  for (uint32_t s = s0; s < s1; ++s) {
    uint64_t l = X->load[s];
    if (l == 0)
      continue;
    req = sat_max_sum(req, s >= lo && s < hi ? top : bpos, l);
  }
  if (req <= X->C)
    return 0;
  if (count_node(X) != 0)
    return -1;
  if (req < X->minreq)
    X->minreq = req;
  return 1;
}

/* Keeps a refuted state (the slot's previous one is dropped). The table
 * doubles when three quarters of it are in use, up to 2^EXACT_TT_MAX_BITS
 * entries; when memory for a bigger one is refused it stays as it is. */
static void tt_store(xsearch *X, uint64_t k1, uint64_t k2, uint64_t minreq) {
  tt_entry *e = &X->tt[k1 & X->ttmask];
  if (e->k1 == 0 && e->k2 == 0)
    X->ttused++;
  e->k1 = k1;
  e->k2 = k2;
  e->minreq = minreq;
  X->tt_stores++;
  uint64_t size = X->ttmask + 1;
  if (X->ttused * 4 <= size * 3 || size >> EXACT_TT_MAX_BITS)
    return;
  tt_entry *t = calloc((size_t)size * 2, sizeof *t);
  if (!t)
    return;
  uint64_t mask = size * 2 - 1, used = 0;
  for (uint64_t k = 0; k < size; ++k) {
    tt_entry *o = &X->tt[k];
    if (o->k1 == 0 && o->k2 == 0)
      continue;
    tt_entry *d = &t[o->k1 & mask];
    used += d->k1 == 0 && d->k2 == 0;
    *d = *o;
  }
  free(X->tt);
  X->tt = t;
  X->ttmask = mask;
  X->ttused = used;
}

/* The two keys of a dfs node's state (see dfs): the running sums kept by
 * place and unplace_to, and the node's own parameters. */
static void state_keys(const xsearch *X, uint32_t s0, uint32_t s1,
                       uint64_t last, int64_t last_rank, uint64_t *k1,
                       uint64_t *k2) {
  uint64_t w = mix64(((uint64_t)s0 << 32 | s1) ^ mix64(X->hsalt));
  *k1 = X->key1 + mix64(w ^ last) + mix64((uint64_t)last_rank + w);
  *k2 = X->key2 + mix64(last * 0x9e3779b97f4a7c15u + w) +
        mix64(w ^ ((uint64_t)last_rank << 17));
}

static int children(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                    int64_t last_rank, uint64_t min_height);

/* One node of the search over the unplaced buffers that live within the
 * sections [s0, s1) (a piece: no unplaced buffer crosses its borders, so
 * it is independent of every other piece). `last`/`last_rank` is the
 * previous element of this piece's canonical sequence (rank -1: none).
 * Returns 1 when the piece is fully placed (the placements are kept), 0
 * when it cannot be (state unchanged), -1 when a budget ran out. */
static int dfs(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
               int64_t last_rank) {
  if (count_node(X) != 0)
    return -1;
  const memplan_buffer *B = X->p->buffers;
  uint64_t C = X->C;
  uint32_t k0 = X->firstslo[s0], k1 = X->firstslo[s1];
  /* Buffers: each must still fit by itself; a fixed buffer must not have
   * been passed over by the canonical order or covered by a neighbour.
   * min_height: no buffer may start at or above the top a free buffer
   * would have at its lowest position - that buffer would float over a
   * hole it fits in, and moving it down gives a plan the search reaches
   * elsewhere (MiniMalloc's dominance rule). secmin: the lowest offset any
   * unplaced buffer can take in each section (MiniMalloc's "unallocated
   * floor"). */
  uint64_t min_height = UINT64_MAX;
  uint64_t req = 0; /* the least C under which this node would survive */
  size_t rem = 0;
  for (uint32_t s = s0; s < s1; ++s) {
    X->secmin[s] = UINT64_MAX;
    X->secpad[s] = 0;
  }
  for (uint32_t k = k0; k < k1; ++k) {
    uint32_t i = X->byslo[k];
    if (X->placed[i])
      continue;
    ++rem;
    uint64_t pos;
    if (B[i].fixed) {
      pos = B[i].offset;
      if (pos < last || (pos == last && (int64_t)X->rank[i] < last_rank) ||
          X->minoff[i] > pos)
        return 0;
    } else {
      pos = X->minoff[i] >= last ? X->minoff[i]
                                 : mpx_align_up(last, B[i].alignment);
      uint64_t h = X->minoff[i] + B[i].size;
      if (h < min_height)
        min_height = h;
    }
    req = sat_max_sum(req, pos, B[i].size);
    {
      uint64_t *sm = X->secmin;
      for (uint32_t s = X->slo[i], e = X->shi[i]; s < e; ++s)
        sm[s] = pos < sm[s] ? pos : sm[s];
    }
    if (X->A > 1) {
      uint64_t pad = mpx_align_up(B[i].size, X->A) - B[i].size;
      for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s)
        if (pad > X->secpad[s])
          X->secpad[s] = pad;
    }
  }
  if (rem == 0)
    return 1;
  /* Sections: what is left must fit between the floor and C. */
  for (uint32_t s = s0; s < s1; ++s) {
    if (X->load[s] == 0)
      continue;
    uint64_t f = X->floor[s] > last ? X->floor[s] : last;
    if (X->secmin[s] > f)
      f = X->secmin[s];
    req = sat_max_sum(req, f, X->load[s]);
    /* With every alignment a multiple of A, each buffer but the topmost
     * takes its size rounded up to A, and the lowest starts at a multiple
     * of A. */
    if (X->A > 1)
      req = sat_max_sum(req, mpx_align_up(f, X->A),
                        X->loadr[s] - X->secpad[s]);
  }
  if (req > C) {
    /* Pruned. Nothing else in the search depends on C, so the search at
     * any C' < req would prune here too: if the whole search fails, the
     * least such req over pruned nodes is a proven lower bound (the
     * threshold step of iterative-deepening A*). */
    if (req < X->minreq)
      X->minreq = req;
    return 0;
  }
  if (!X->tt)
    return children(X, s0, s1, last, last_rank, min_height);
  /* Refuted states. What is searched below this node depends only on
   * which buffers are placed, where each unplaced one would go (minoff;
   * the section floors follow from it), (last, last_rank), the piece and
   * the tie order - not on where the placed buffers sit. Different
   * partial plans often agree on all of it (a stack of buffers in another
   * order leaves the same tops), and the canonical order does not merge
   * them. A refutation holds for every capacity below the least
   * requirement pruned under it, so it is kept across decisions. Keys are
   * two independent 64-bit hashes: a false match needs both to collide. */
  uint64_t h1, h2;
  state_keys(X, s0, s1, last, last_rank, &h1, &h2);
  tt_entry *e = &X->tt[h1 & X->ttmask];
  if (e->k1 == h1 && e->k2 == h2 && e->minreq > C) {
    X->tt_hits++;
    if (e->minreq < X->minreq)
      X->minreq = e->minreq;
    return 0;
  }
  uint64_t outer = X->minreq;
  X->minreq = UINT64_MAX;
  int r = children(X, s0, s1, last, last_rank, min_height);
  uint64_t sub = X->minreq;
  X->minreq = sub < outer ? sub : outer;
  if (r == 0)
    tt_store(X, h1, h2, sub);
  return r;
}

/* The children of a dfs node that survived its checks; the same returns
 * as dfs. */
static int children(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                    int64_t last_rank, uint64_t min_height) {
  uint32_t k0 = X->firstslo[s0], k1 = X->firstslo[s1];
  /* Children in increasing (position, rank), all above (last, last_rank)
   * and below min_height. The state is the same for every child (each is
   * taken back before the next), so they are listed by one scan and
   * sorted; this node keeps the first EXACT_CAND_WINDOW of them on the
   * candidate stack and scans again for the rest only if those fail. */
  size_t base = X->ncand;
  uint64_t cpos = last;
  int64_t crank = last_rank;
  for (;;) {
    size_t m = 0;
    for (uint32_t k = k0; k < k1; ++k) {
      uint32_t i = X->byslo[k];
      if (X->placed[i])
        continue;
      uint64_t pos = next_pos(X, i);
      int64_t r = X->rank[i];
      if (pos >= min_height || pos < cpos || (pos == cpos && r <= crank))
        continue;
      if (X->twin[i] != UINT32_MAX && !X->placed[X->twin[i]])
        continue;
      X->scan[m].pos = pos;
      X->scan[m].rank = (uint32_t)r;
      X->scan[m++].i = i;
    }
    if (m > 24) {
      qsort(X->scan, m, sizeof *X->scan, cand_cmp);
    } else {
      for (size_t a = 1; a < m; ++a) { /* few: insertion sort */
        candidate c = X->scan[a];
        size_t b = a;
        for (; b > 0 && cand_cmp(&c, &X->scan[b - 1]) < 0; --b)
          X->scan[b] = X->scan[b - 1];
        X->scan[b] = c;
      }
    }
    size_t take = m < EXACT_CAND_WINDOW ? m : EXACT_CAND_WINDOW;
    memcpy(X->cand + base, X->scan, take * sizeof *X->scan);
    X->ncand = base + take;
    for (size_t c = base; c < base + take; ++c) {
      uint32_t best = X->cand[c].i, brank = X->cand[c].rank;
      uint64_t bpos = X->cand[c].pos;
      size_t pmark = X->npstack, umark = X->nundo;
      place(X, best, bpos);
      /* Did this placement split the piece? */
      int split = 0;
      for (uint32_t s = X->slo[best] + 1; s < X->shi[best] && !split; ++s)
        split = X->cuts[s] == 0;
      int r;
      if (split)
        r = solve_pieces(X, s0, s1);
      else if ((r = quick_refute(X, s0, s1, best, bpos)) == 0)
        r = dfs(X, s0, s1, bpos, (int64_t)brank);
      else if (r == 1)
        r = 0;
      if (r != 0) {
        X->ncand = base;
        return r;
      }
      unplace_to(X, pmark, umark);
    }
    X->ncand = base;
    if (take == m)
      return 0;
    cpos = X->cand[base + take - 1].pos;
    crank = X->cand[base + take - 1].rank;
  }
}

/* Solves the independent pieces of [s0, s1) one after the other: a piece
 * that cannot be placed refutes the whole, whatever the others do. */
static int solve_pieces(xsearch *X, uint32_t s0, uint32_t s1) {
  size_t pmark = X->npstack, umark = X->nundo;
  uint32_t a = s0;
  for (uint32_t s = s0 + 1; s <= s1; ++s) {
    if (s < s1 && X->cuts[s] != 0)
      continue;
    int r = dfs(X, a, s, 0, -1);
    if (r != 1) {
      if (r == 0)
        unplace_to(X, pmark, umark);
      return r;
    }
    a = s;
  }
  return 1;
}

/* Puts the state back to "nothing placed". Zero-size buffers are placed
 * at 0 (or their fixed offset) from the start: they block nothing. */
static void reset(xsearch *X) {
  X->nundo = 0;
  X->ncand = 0;
  X->npstack = 0;
  for (size_t s = 0; s < X->S; ++s) {
    X->floor[s] = X->load[s] = X->loadr[s] = 0;
    X->cuts[s] = 0;
  }
  for (size_t i = 0; i < X->n; ++i) {
    const memplan_buffer *b = &X->p->buffers[i];
    X->minoff[i] = 0;
    X->placed[i] = b->size == 0;
    X->off[i] = b->fixed ? b->offset : 0;
    uint64_t szr = mpx_align_up(b->size, X->A);
    for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s) {
      X->load[s] += b->size;
      X->loadr[s] += szr;
    }
    for (uint32_t s = X->slo[i] + 1; s < X->shi[i]; ++s)
      X->cuts[s]++;
  }
  if (X->tt)
    keys_from_scratch(X);
}

/* Decides C with tie order h; returns 1 found (offsets in X->off), 0
 * refuted, -1 budget. */
static int decide(xsearch *X, uint64_t C, uint64_t budget, int h) {
  X->C = C;
  X->nodes = 0;
  X->node_cap = budget;
  X->stop = 0;
  X->rank = X->ranks[h];
  X->twin = X->twins[h];
  X->hsalt = (uint64_t)h + 1;
  X->minreq = UINT64_MAX;
  /* The decision itself is a node, even when it ends before any dfs: so
   * every decision spends work, and the work limit and the clock bound the
   * rounds of mpx_exact whatever the input (a two-buffer input near 2^64
   * once refuted capacities one granule at a time, forever). */
  if (count_node(X) != 0)
    return -1;
  reset(X);
  for (size_t i = 0; i < X->n; ++i)
    if (X->p->buffers[i].size == 0 && X->off[i] > C)
      return 0;
  for (size_t k = 0; k < X->npin; ++k) {
    uint32_t i = X->pin[k];
    uint64_t top = X->pinoff[k] + X->p->buffers[i].size;
    if (top > C) {
      X->minreq = top;
      return 0;
    }
    place(X, i, X->pinoff[k]);
  }
  if (X->S == 0)
    return 1;
  return solve_pieces(X, 0, (uint32_t)X->S);
}

/* Buffers that overlap in time every other buffer of their piece go to the
 * bottom of it, stacked in their order by first section (then index),
 * before any search: in any plan, such a buffer b has every other buffer
 * of the piece wholly below or wholly above it, so moving b to the bottom
 * and the ones below it up by b's size keeps the plan valid and its peak
 * unchanged. The pieces here
 * are the independent time ranges of the whole input, which start empty.
 * Only when nothing is fixed (a fixed buffer cannot move) and b's size is
 * a multiple of every alignment in the piece (the moved buffers stay
 * aligned); this removes branching over where such buffers go, which
 * matters most when a search must refute. Returns 0, or -1 when memory
 * runs out. */
static int find_pins(xsearch *X) {
  const memplan_buffer *B = X->p->buffers;
  for (size_t i = 0; i < X->n; ++i)
    if (B[i].fixed)
      return 0;
  X->pin = malloc((X->items ? X->items : 1) * sizeof *X->pin);
  X->pinoff = malloc((X->items ? X->items : 1) * sizeof *X->pinoff);
  if (!X->pin || !X->pinoff)
    return -1;
  uint32_t a = 0;
  for (uint32_t s = 1; s <= X->S; ++s) {
    if (s < X->S && X->cuts[s] != 0)
      continue;
    uint32_t k0 = X->firstslo[a], k1 = X->firstslo[s];
    /* The two earliest ends and the two latest starts of the piece. */
    int64_t end1 = INT64_MAX, end2 = INT64_MAX;
    int64_t start1 = INT64_MIN, start2 = INT64_MIN;
    uint32_t iend1 = UINT32_MAX, istart1 = UINT32_MAX;
    uint64_t alcm = 1; /* lcm of the piece's alignments (0: too big) */
    for (uint32_t k = k0; k < k1; ++k) {
      const memplan_buffer *b = &B[X->byslo[k]];
      if (b->end < end1) {
        end2 = end1;
        end1 = b->end;
        iend1 = X->byslo[k];
      } else if (b->end < end2) {
        end2 = b->end;
      }
      if (b->start > start1) {
        start2 = start1;
        start1 = b->start;
        istart1 = X->byslo[k];
      } else if (b->start > start2) {
        start2 = b->start;
      }
      if (alcm != 0)
        alcm = mp_lcm(alcm, b->alignment);
    }
    uint64_t top = 0;
    for (uint32_t k = k0; k < k1; ++k) {
      uint32_t i = X->byslo[k];
      const memplan_buffer *b = &B[i];
      /* The earliest end and latest start among the others. */
      int64_t oend = i == iend1 ? end2 : end1;
      int64_t ostart = i == istart1 ? start2 : start1;
      if (b->start < oend && b->end > ostart && alcm != 0 &&
          b->size % alcm == 0) {
        X->pin[X->npin] = i;
        X->pinoff[X->npin++] = top;
        top += b->size;
      }
    }
    a = s;
  }
  return 0;
}

/* Keys for the tie orders, after MiniMalloc's static preorderings: each a
 * lexicographic order, descending, on: the largest live total of the
 * buffer's sections (T), its duration (W), its area (A) - A,T,W / T,A,W /
 * T,W,A. */
typedef struct rkey {
  uint64_t a, b, c;
  uint32_t idx;
} rkey;

static int rkey_cmp(const void *x, const void *y) {
  const rkey *u = x, *v = y;
  if (u->a != v->a)
    return u->a < v->a ? -1 : 1;
  if (u->b != v->b)
    return u->b < v->b ? -1 : 1;
  if (u->c != v->c)
    return u->c < v->c ? -1 : 1;
  return u->idx < v->idx ? -1 : u->idx > v->idx;
}

static int i64_cmp(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return a < b ? -1 : a > b;
}

static void xsearch_free(xsearch *X) {
  for (int h = 0; h < EXACT_RANKS; ++h) {
    free(X->ranks[h]);
    free(X->twins[h]);
  }
  free(X->slo);
  free(X->shi);
  free(X->byslo);
  free(X->firstslo);
  free(X->minoff);
  free(X->floor);
  free(X->load);
  free(X->loadr);
  free(X->cuts);
  free(X->secmin);
  free(X->secpad);
  free(X->off);
  free(X->placed);
  free(X->undo);
  free(X->pstack);
  free(X->cand);
  free(X->scan);
  free(X->pin);
  free(X->pinoff);
  free(X->zob);
  free(X->part1);
  free(X->part2);
  free(X->tt);
}

static int xsearch_init(xsearch *X, const memplan_problem *p,
                        const mpx_graph *g, bool reuse) {
  memset(X, 0, sizeof *X);
  size_t n = p->count;
  X->p = p;
  X->g = g;
  X->n = n;
  size_t n1 = n ? n : 1;
  int64_t *ts = malloc(2 * n1 * sizeof *ts);
  rkey *keys = malloc(n1 * sizeof *keys);
  int ok = ts && keys;
  for (int h = 0; h < EXACT_RANKS; ++h) {
    X->ranks[h] = malloc(n1 * sizeof **X->ranks);
    X->twins[h] = malloc(n1 * sizeof **X->twins);
    ok = ok && X->ranks[h] && X->twins[h];
  }
  X->slo = calloc(n1, sizeof *X->slo);
  X->shi = calloc(n1, sizeof *X->shi);
  X->byslo = malloc(n1 * sizeof *X->byslo);
  X->minoff = malloc(n1 * sizeof *X->minoff);
  X->off = malloc(n1 * sizeof *X->off);
  X->placed = malloc(n1);
  X->pstack = malloc(n1 * sizeof *X->pstack);
  ok = ok && X->slo && X->shi && X->byslo && X->minoff && X->off &&
       X->placed && X->pstack;
  if (!ok)
    goto oom;
  /* Sections: between consecutive distinct interval ends. */
  size_t nt = 0;
  for (size_t i = 0; i < n; ++i) {
    if (p->buffers[i].size == 0)
      continue;
    ts[nt++] = p->buffers[i].start;
    ts[nt++] = p->buffers[i].end;
    ++X->items;
  }
  qsort(ts, nt, sizeof *ts, i64_cmp);
  size_t u = 0;
  for (size_t k = 0; k < nt; ++k)
    if (u == 0 || ts[u - 1] != ts[k])
      ts[u++] = ts[k];
  X->S = u ? u - 1 : 0;
  size_t S1 = X->S + 1;
  X->firstslo = calloc(S1 + 1, sizeof *X->firstslo);
  X->floor = malloc(S1 * sizeof *X->floor);
  X->load = malloc(S1 * sizeof *X->load);
  X->loadr = malloc(S1 * sizeof *X->loadr);
  X->cuts = malloc(S1 * sizeof *X->cuts);
  X->secmin = malloc(S1 * sizeof *X->secmin);
  X->secpad = calloc(S1, sizeof *X->secpad);
  if (!X->firstslo || !X->floor || !X->load || !X->loadr || !X->cuts ||
      !X->secmin || !X->secpad)
    goto oom;
  size_t undo_cap = 1;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size == 0)
      continue;
    size_t lo = 0, hi = u;
    while (lo < hi) { /* first ts >= start */
      size_t mid = (lo + hi) / 2;
      if (ts[mid] < b->start) lo = mid + 1; else hi = mid;
    }
    X->slo[i] = (uint32_t)lo;
    hi = u;
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (ts[mid] < b->end) lo = mid + 1; else hi = mid;
    }
    X->shi[i] = (uint32_t)lo;
    undo_cap += (X->shi[i] - X->slo[i]) + (g->first[i + 1] - g->first[i]);
  }
  X->undo = malloc(undo_cap * sizeof *X->undo);
  /* Every dfs below the first follows a placement of its own. */
  X->cand = malloc((X->items + 2) * EXACT_CAND_WINDOW * sizeof *X->cand);
  X->scan = malloc(n1 * sizeof *X->scan);
  if (!X->undo || !X->cand || !X->scan)
    goto oom;
  /* Sized buffers by first section (counting sort). */
  for (size_t i = 0; i < n; ++i)
    if (p->buffers[i].size)
      X->firstslo[X->slo[i] + 1]++;
  for (size_t s = 0; s < S1; ++s)
    X->firstslo[s + 1] += X->firstslo[s];
  {
    uint32_t *cur = X->cuts; /* borrowed as a cursor */
    for (size_t s = 0; s < S1; ++s)
      cur[s] = X->firstslo[s];
    for (size_t i = 0; i < n; ++i)
      if (p->buffers[i].size)
        X->byslo[cur[X->slo[i]]++] = (uint32_t)i;
  }
  /* A: the gcd of the alignments (with powers of two, the least), so that
   * every offset is a multiple of A. */
  X->A = 0;
  for (size_t i = 0; i < n; ++i)
    if (p->buffers[i].size)
      X->A = mp_gcd(X->A, p->buffers[i].alignment);
  if (X->A == 0)
    X->A = 1;
  {
    /* The table of refuted states is an aid, not a need: without memory
     * for it the search runs as before. */
    if (reuse) {
      X->zob = malloc(n1 * sizeof *X->zob);
      X->part1 = malloc(n1 * sizeof *X->part1);
      X->part2 = malloc(n1 * sizeof *X->part2);
      X->tt = calloc((size_t)1 << EXACT_TT_MIN_BITS, sizeof *X->tt);
    }
    if (X->zob && X->part1 && X->part2 && X->tt) {
      X->ttmask = ((uint64_t)1 << EXACT_TT_MIN_BITS) - 1;
      for (size_t i = 0; i < n; ++i)
        X->zob[i] = mix64((uint64_t)i * 0x9e3779b97f4a7c15u + 1);
    } else {
      free(X->tt);
      X->tt = NULL;
    }
  }
  reset(X); /* loads = live totals per section, for the T key */
  if (find_pins(X) != 0)
    goto oom;
  for (int h = 0; h < EXACT_RANKS; ++h) {
    for (size_t i = 0; i < n; ++i) {
      const memplan_buffer *b = &p->buffers[i];
      uint64_t w = (uint64_t)b->end - (uint64_t)b->start, t = 0;
      uint64_t a = b->size * w;
      if (w && a / w != b->size)
        a = UINT64_MAX;
      for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s)
        if (X->load[s] > t)
          t = X->load[s];
      /* h = 0: A,T,W; 1: T,A,W; 2: T,W,A. */
      uint64_t k3[EXACT_RANKS][3] = {{a, t, w}, {t, a, w}, {t, w, a}};
      keys[i].a = ~k3[h][0];
      keys[i].b = ~k3[h][1];
      keys[i].c = ~k3[h][2];
      keys[i].idx = (uint32_t)i;
    }
    qsort(keys, n, sizeof *keys, rkey_cmp);
    for (size_t k = 0; k < n; ++k) {
      X->ranks[h][keys[k].idx] = (uint32_t)k;
      X->twins[h][keys[k].idx] = UINT32_MAX;
    }
    /* Interchangeable buffers tie on every key, so they are adjacent. */
    for (size_t k = 1; k < n; ++k) {
      const memplan_buffer *a = &p->buffers[keys[k - 1].idx];
      const memplan_buffer *b = &p->buffers[keys[k].idx];
      if (!a->fixed && !b->fixed && a->size && a->size == b->size &&
          a->alignment == b->alignment && a->start == b->start &&
          a->end == b->end)
        X->twins[h][keys[k].idx] = keys[k - 1].idx;
    }
  }
  free(ts);
  free(keys);
  return 0;
oom:
  free(ts);
  free(keys);
  return -1;
}

/*---------------------------------------------------------------------------*
 * Heuristic upper bounds and the large-input fallback
 *---------------------------------------------------------------------------*/

/* Runs every order x {first fit, best fit}; keeps the lowest peak in
 * `best` (ties: the first) and returns it in *peak. With `have`, `best`
 * holds a plan already, of peak *peak, and the runs stop at the deadline
 * even before the first; otherwise the first run always completes.
 * Returns 0 when a run's plan is in `best` (its order in best_order), 1
 * when the plan given stands, or -1 when memory runs out or no order could
 * be made and no plan was given (a peak can be any uint64_t, 2^64 - 1
 * included, so failure is not told by the peak). */
static int heuristics(const memplan_problem *p, const mpx_graph *g,
                      uint64_t *best, uint32_t *best_order, size_t *best_count,
                      char *winner, size_t wlen, uint64_t *peak,
                      double deadline, bool have) {
  size_t n = p->count;
  uint32_t *order = malloc((n ? n : 1) * sizeof *order);
  uint64_t *off = malloc((n ? n : 1) * sizeof *off);
  mpx_scratch s;
  uint64_t bestp = have ? *peak : 0;
  bool had = have, won = false; /* a plan came in; a run here beat it */
  if (!order || !off || mpx_scratch_init(&s, g) != 0) {
    free(order);
    free(off);
    return -1;
  }
  /* Each run visits every conflicting pair: on big graphs the runs stop
   * at the deadline, even half-way, once there is a plan. */
  s.deadline = have ? deadline : 0;
  for (int k = 0; k < MPX_ORDER_KEYS && !(have && mpx_now() > deadline);
       ++k) {
    size_t cnt = mpx_order(p, g, (mpx_order_key)k, order);
    if (cnt == (size_t)-1)
      break;
    for (int bf = 0; bf < 2 && !(have && mpx_now() > deadline); ++bf) {
      uint64_t pk = mpx_place(p, g, order, cnt, bf, &s, off);
      if (s.stopped)
        break;
      if (!have || pk < bestp) {
        have = won = true;
        s.deadline = deadline;
        bestp = pk;
        memcpy(best, off, n * sizeof *off);
        if (best_order) {
          memcpy(best_order, order, cnt * sizeof *order);
          *best_count = cnt;
        }
        snprintf(winner, wlen, "%s-%s", bf ? "bestfit" : "firstfit",
                 mpx_order_names[k]);
      }
    }
  }
  mpx_scratch_free(&s);
  free(order);
  free(off);
  *peak = bestp;
  return !have ? -1 : had && !won ? 1 : 0;
}

/* Improves an order by moving the buffers that reach the peak to its front
 * and re-placing (first fit); keeps changes that do not raise the peak.
 * `iters` rounds at most, and not past the deadline. */
static uint64_t local_search(const memplan_problem *p, const mpx_graph *g,
                             uint32_t *order, size_t cnt, uint64_t *best,
                             uint64_t bestp, uint64_t iters, double deadline,
                             uint64_t *work) {
  size_t n = p->count;
  uint32_t *trial = malloc((cnt ? cnt : 1) * sizeof *trial);
  uint64_t *off = malloc((n ? n : 1) * sizeof *off);
  mpx_scratch s;
  if (!trial || !off || mpx_scratch_init(&s, g) != 0) {
    free(trial);
    free(off);
    return bestp;
  }
  /* There is a plan (best): every run may stop at the deadline. */
  s.deadline = deadline;
  /* Replay the order so that `best` matches it under first fit. */
  uint64_t cur = mpx_place(p, g, order, cnt, 0, &s, off);
  if (s.stopped)
    cnt = 0; /* no time for the rounds below */
  else if (cur < bestp) {
    bestp = cur;
    memcpy(best, off, n * sizeof *off);
  }
  for (uint64_t it = 0; it < iters && cnt > 1; ++it) {
    if (mpx_now() > deadline)
      break;
    ++*work;
    /* The k-th buffer (cycling) among those whose top equals the peak goes
     * first; the rest keep their relative order. */
    size_t w = 0, hit = 0, want = (size_t)(it % 7);
    uint32_t mover = UINT32_MAX;
    for (size_t k = 0; k < cnt; ++k) {
      uint32_t i = order[k];
      if (off[i] + p->buffers[i].size == cur) {
        mover = i;
        if (hit++ == want)
          break;
      }
    }
    if (mover == UINT32_MAX)
      break;
    trial[w++] = mover;
    for (size_t k = 0; k < cnt; ++k)
      if (order[k] != mover)
        trial[w++] = order[k];
    uint64_t pk = mpx_place(p, g, trial, cnt, 0, &s, off);
    if (s.stopped)
      break;
    if (pk <= cur) {
      memcpy(order, trial, cnt * sizeof *order);
      cur = pk;
      if (pk < bestp) {
        bestp = pk;
        memcpy(best, off, n * sizeof *off);
      }
    } else {
      mpx_place(p, g, order, cnt, 0, &s, off); /* restore off */
      if (s.stopped)
        break;
    }
  }
  mpx_scratch_free(&s);
  free(trial);
  free(off);
  return bestp;
}

/*---------------------------------------------------------------------------*
 * The planner
 *---------------------------------------------------------------------------*/

static int fail(memplan_plan *plan, const char *msg) {
  snprintf(plan->message, sizeof plan->message, "%s", msg);
  return -1;
}

/* Max live bytes, and the tops of fixed buffers: the root lower bound. */
static uint64_t root_bound(const xsearch *X) {
  uint64_t L = 0;
  for (size_t s = 0; s < X->S; ++s)
    if (X->load[s] > L)
      L = X->load[s];
  if (X->A > 1) {
    for (size_t s = 0; s < X->S; ++s)
      X->secpad[s] = 0;
    for (size_t i = 0; i < X->n; ++i) {
      uint64_t sz = X->p->buffers[i].size;
      uint64_t pad = mpx_align_up(sz, X->A) - sz;
      for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s)
        if (pad > X->secpad[s])
          X->secpad[s] = pad;
    }
    for (size_t s = 0; s < X->S; ++s)
      if (X->loadr[s] - X->secpad[s] > L)
        L = X->loadr[s] - X->secpad[s];
  }
  for (size_t i = 0; i < X->n; ++i) {
    const memplan_buffer *b = &X->p->buffers[i];
    if (b->fixed && b->offset + b->size > L)
      L = b->offset + b->size;
  }
  return L;
}

/* Too big for even the kernel heuristics: greedy-size within what is left
 * of the time limit (its cost grows with the number of buffers live at
 * once) or, when no clock may decide (a work limit alone), within
 * MPX_GREEDY_VISITS of its visits; else best-fit, which is O(n log n) and
 * always finishes. */
static int fallback(const memplan_problem *p, const memplan_options *o,
                    memplan_plan *plan, const char *why, double deadline,
                    bool no_clock) {
  memplan_options go;
  memset(&go, 0, sizeof go);
  if (o)
    go = *o;
  double left = deadline - mpx_now();
  go.time_limit = no_clock ? 0 : left > 1e-3 ? left : 1e-3;
  const char *used = "greedy-size";
  plan->status = MEMPLAN_FEASIBLE;
  int rc = mpx_greedy_size(p, &go, no_clock ? MPX_GREEDY_VISITS : 0, plan);
  if (rc == 0 && plan->status == MEMPLAN_TIMEOUT) {
    used = no_clock ? "best-fit (greedy-size reached its work limit)"
                    : "best-fit (greedy-size ran out of time)";
    const memplan_planner *bf = memplan_planner_find("best-fit");
    plan->status = MEMPLAN_FEASIBLE;
    rc = bf ? bf->run(p, o, plan) : -1;
  }
  snprintf(plan->planner, sizeof plan->planner, "exact");
  snprintf(plan->message, sizeof plan->message, "%s: no search, %s plan", why,
           used);
  /* exact's work is search nodes, and none was spent (the heuristic's own
   * count of visits is another unit and could pass the work limit). */
  plan->work = 0;
  plan->status = MEMPLAN_FEASIBLE;
  return rc;
}

int mpx_exact(const memplan_problem *p, const memplan_options *o,
              memplan_plan *plan, unsigned flags, const uint64_t *init) {
  size_t n = p->count;
  double t0 = mpx_now();
  uint64_t work_limit = o ? o->work_limit : 0;
  /* A work limit alone is the caller's request for a reproducible answer:
   * then no clock may cut the search short (the default applies only when
   * neither limit is given). */
  double limit = o && o->time_limit > 0 ? o->time_limit
                 : work_limit          ? 1e300
                                       : EXACT_DEFAULT_SECONDS;
  double deadline = t0 + limit;
  bool no_clock = limit >= 1e300;
  snprintf(plan->planner, sizeof plan->planner, "exact");
  plan->work = 0;
  if (n == 0) {
    plan->status = MEMPLAN_OPTIMAL;
    return 0;
  }

  mpx_graph g;
  int grc = mpx_graph_build(p, EXACT_MAX_GRAPH_PAIRS, &g, deadline);
  if (grc < 0)
    return fail(plan, "out of memory building the conflict graph");
  if (grc == 1)
    return fallback(p, o, plan, "too many conflicting pairs", deadline,
                    no_clock);
  if (grc == 2 || mpx_now() > deadline) {
    /* Building the graph took the whole limit (millions of pairs): the
     * kernel heuristics visit every pair again, best-fit does not. The
     * build itself stops at the deadline. */
    mpx_graph_free(&g);
    return fallback(p, o, plan, "time limit reached building the conflict "
                                "graph", deadline, no_clock);
  }

  char winner[48] = "";
  uint32_t *order = malloc(n * sizeof *order);
  size_t cnt = 0;
  if (!order) {
    mpx_graph_free(&g);
    return fail(plan, "out of memory");
  }
  uint64_t U = 0;
  int hrc = 0;
  int searchable = n <= EXACT_MAX_SEARCH_N && g.pairs <= EXACT_MAX_SEARCH_PAIRS;
  if (init && searchable) {
    /* The caller's plan is the start; its heuristics already ran. */
    memcpy(plan->offsets, init, n * sizeof *init);
    U = mpx_peak(p, init);
    snprintf(winner, sizeof winner, "the initial plan");
  } else {
    /* Too big to search: best-fit (O(n log n), no pair visited) first, so
     * that the runs below, each of which visits every conflicting pair
     * (seconds on tens of millions), may stop at the deadline before the
     * first one: with 5 * 10^7 pairs a 1 s limit took 4.2 s, and gave a
     * worse plan than 0.1 s, which had fallen back to best-fit. */
    bool have = !searchable && mpx_run_member(p, "best-fit", o, plan->offsets);
    if (have) {
      U = mpx_peak(p, plan->offsets);
      snprintf(winner, sizeof winner, "best-fit");
    }
    hrc = heuristics(p, &g, plan->offsets, order, &cnt, winner, sizeof winner,
                     &U, deadline, have);
    if (hrc == 1) { /* best-fit's plan stands: no order to improve */
      hrc = 0;
      cnt = 0;
    }
  }
  if (hrc != 0) {
    free(order);
    mpx_graph_free(&g);
    return fail(plan, "out of memory in the heuristics");
  }

  if (!searchable) {
    /* Too big to search: improve the best order instead, deterministically
     * (a fixed number of rounds), within the time limit. */
    uint64_t iters = work_limit ? work_limit : 200;
    uint64_t work = 0;
    if (cnt && mpx_now() <= deadline) /* its first replay visits every pair */
      U = local_search(p, &g, order, cnt, plan->offsets, U, iters, deadline,
                       &work);
    plan->work = work;
    plan->status = MEMPLAN_FEASIBLE;
    snprintf(plan->message, sizeof plan->message,
             "%zu buffers, %zu conflicting pairs: too large for the search; "
             "best heuristic (%s)%s",
             n, g.pairs, winner, work ? " improved by local search" : "");
    free(order);
    mpx_graph_free(&g);
    return 0;
  }
  free(order);

  xsearch X;
  if (xsearch_init(&X, p, &g, !(flags & MPX_EXACT_NO_REUSE)) != 0) {
    xsearch_free(&X);
    mpx_graph_free(&g);
    return fail(plan, "out of memory");
  }
  X.deadline = deadline;
  X.work_limit = work_limit;

  /* Granularity of canonical peaks. */
  uint64_t gr = 0;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size)
      gr = mp_gcd(gr, b->size);
    if (b->alignment > 1)
      gr = mp_gcd(gr, b->alignment);
    if (b->fixed)
      gr = mp_gcd(gr, b->offset);
  }
  if (gr == 0)
    gr = 1;
  /* load[] holds every size before the first decision. */
  reset(&X);
  uint64_t L = root_bound(&X);
  L = mp_round_up_sat(L, gr);

  uint64_t cap = p->capacity;
  int proven = 0, infeasible = 0;
  /* Restarts: every tie order gets the same node budget, which doubles
   * after a round in which neither end moved (MiniMalloc's round robin).
   * A refutation under any order is a proof: each search is complete.
   * Deciding C = L comes first and gets the larger share: on most inputs
   * the optimum is L, and then the downward search from U is wasted.
   * Each round probes three capacities: L with the whole budget, U - g
   * with an eighth and a point between with a quarter (so about 70% of
   * the work goes to the proof at L; on MiniMalloc's D the probe between
   * is what finds the best plans, measured in docs/results.md). */
  uint64_t budget = 2 * (uint64_t)n;
  /* Each probe's answer moves U (found) or L (refuted), or is undecided
   * within its budget. A round runs every tie order to the end even when
   * U moves: restarting the cycle at order 0 would repeat order 0's
   * undecided C = L search with the same budget, and give the same
   * answer. For the same reason C = L under an order is not decided again
   * with a budget no larger than one already spent on it. */
#define EXACT_FOUND()                                                          \
  do {                                                                         \
    U = mpx_peak(p, X.off);                                                    \
    memcpy(plan->offsets, X.off, n * sizeof *X.off);                           \
    snprintf(winner, sizeof winner, "search");                                 \
    moved = 1;                                                                 \
    if (o && o->verbose)                                                       \
      fprintf(stderr, "exact: plan with peak %llu (order %d, %llu nodes, "     \
              "%.1f s)\n", (unsigned long long)U, h,                           \
              (unsigned long long)X.total_nodes, mpx_now() - t0);              \
  } while (0)
  /* Raise L to `to`, or to the refutation's threshold if that is higher. */
#define EXACT_RAISE_L(to)                                                      \
  do {                                                                         \
    L = (to);                                                                  \
    if (X.minreq != UINT64_MAX && X.minreq > L)                                \
      L = mp_round_up_sat(X.minreq, gr);                                       \
    moved = 1;                                                                 \
  } while (0)
  uint64_t lastL[EXACT_RANKS] = {0}, lastB[EXACT_RANKS] = {0};
  while (L < U) {
    int moved = 0, stop = 0;
    for (int h = 0; h < EXACT_RANKS && L < U && !stop; ++h) {
      int r;
      if (cap && U > cap && L < cap) {
        /* The caller's question first: does anything fit the capacity? */
        r = decide(&X, cap, budget, h);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          /* The least possible peak above cap (cap need not be a
           * multiple of gr; every peak is). */
          EXACT_RAISE_L(mp_round_up_sat(mp_add_sat(cap, 1), gr));
          infeasible = 1;
          continue;
        }
        if (X.stop == 2) {
          stop = 1;
          break;
        }
      }
      if (lastL[h] != L || lastB[h] < budget) {
        lastL[h] = L;
        lastB[h] = budget;
        r = decide(&X, L, budget, h);
        if (o && o->verbose)
          fprintf(stderr,
                  "exact: decide C=%llu order=%d budget=%llu: %s (nodes %llu,"
                  " tt hits %llu stores %llu)\n",
                  (unsigned long long)L, h, (unsigned long long)budget,
                  r == 1 ? "found" : r == 0 ? "refuted" : "undecided",
                  (unsigned long long)X.nodes, (unsigned long long)X.tt_hits,
                  (unsigned long long)X.tt_stores);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          /* Refuted: the optimum is above L, and at least X.minreq. */
          EXACT_RAISE_L(mp_add_sat(L, gr));
          if (cap && L > cap)
            infeasible = 1; /* the optimum itself is above the capacity */
          continue;
        }
        if (X.stop == 2) {
          stop = 1;
          break;
        }
      }
      if (U - L > gr) {
        r = decide(&X, U - gr, flags & MPX_EXACT_TOP_SHARE ? budget * 2 : budget / 8 + 1, h);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          L = U;
          break;
        }
        if (X.stop == 2) {
          stop = 1;
          break;
        }
      }
      /* A probe in the upper quarter of the gap: a looser C than L, a
       * tighter one than U - g. A tight capacity guides the search (the
       * section inference bites), so plans well below U are often found
       * there sooner than one step below U; a refutation there raises L
       * just as well. */
      uint64_t M = (L + (U - L) / 4 * 3) / gr * gr;
      if (M > L && U - M > gr) {
        r = decide(&X, M, budget / 4 + 1, h);
        if (r == 1) {
          EXACT_FOUND();
          continue;
        }
        if (r == 0) {
          EXACT_RAISE_L(mp_add_sat(M, gr));
          continue;
        }
        if (X.stop == 2)
          stop = 1;
      }
    }
    if (stop)
      break;
    if (!moved && budget <= UINT64_MAX / 2)
      budget *= 2;
  }
#undef EXACT_FOUND
#undef EXACT_RAISE_L
  if (L >= U) {
    proven = 1;
    L = U;
  }
  plan->work = X.total_nodes;
  plan->lower_bound = L;
  plan->status = proven ? MEMPLAN_OPTIMAL : MEMPLAN_FEASIBLE;
  if (cap && U > cap) {
    if (infeasible || proven)
      snprintf(plan->message, sizeof plan->message,
               "no plan fits the capacity %llu: the optimum is proven >= %llu "
               "(best plan returned)",
               (unsigned long long)cap, (unsigned long long)L);
    else
      snprintf(plan->message, sizeof plan->message,
               "no plan found within the capacity %llu before the limit; "
               "proven lower bound %llu",
               (unsigned long long)cap, (unsigned long long)L);
  } else if (!proven) {
    snprintf(plan->message, sizeof plan->message,
             "limit reached: best peak %llu (from %s), proven lower bound "
             "%llu",
             (unsigned long long)U, winner, (unsigned long long)L);
  } else {
    snprintf(plan->message, sizeof plan->message,
             "optimal, proven by search (%llu nodes; plan from %s)",
             (unsigned long long)X.total_nodes, winner);
  }
  xsearch_free(&X);
  mpx_graph_free(&g);
  return 0;
}

int memplan_plan_exact(const memplan_problem *p, const memplan_options *o,
                       memplan_plan *plan) {
  return mpx_exact(p, o, plan, 0, NULL);
}
