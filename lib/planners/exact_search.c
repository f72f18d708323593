/*===-- exact_search.c - Depth-first search over canonical solutions ------===*\
|*                                                                            *|
|* Decides "is there a plan with peak <= C?" for the exact planner (see      *|
|* exact_search.h for the files around it). Where the ideas come from        *|
|* (public descriptions only; no code copied):                                *|
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
|*  - Hatless siblings (MiniMalloc's current sources skip the siblings of a   *|
|*    failed child with no unplaced neighbour; ours skips them when the      *|
|*    child raised no unplaced buffer's minoff, see children).               *|
|*  - Spatial inference over time sections (MiniMalloc): the timeline is cut  *|
|*    at every interval end; in each section, the bytes still to be placed    *|
|*    must fit between the section's floor and the capacity. The floor is     *|
|*    the highest of: its highest placed top, the current offset (nothing     *|
|*    goes below it any more) and the lowest position any unplaced buffer of  *|
|*    the section can take ("unallocated floor"). With every alignment a     *|
|*    multiple of A, all but the topmost buffer of a section count their     *|
|*    size rounded up to A (our refinement).                                 *|
|*  - Decomposition (MiniMalloc): when no unplaced buffer crosses a section   *|
|*    border, the two sides are independent and are solved one after the      *|
|*    other; a side that fails refutes the node.                              *|
|*  - Symmetry: interchangeable buffers (same size, alignment, interval) are  *|
|*    placed in rank order only. Fixed buffers are search items that must     *|
|*    be taken exactly at their offset, in their turn.                        *|
|*  - Buffers that overlap every other buffer of an independent time range    *|
|*    go to its bottom before the search (our observation, find_pins).        *|
|*                                                                            *|
|* Soundness of the rules together: of the plans with peak <= C, take one of  *|
|* least sum of offsets (ties: twins in rank order). No rule cuts its path:   *|
|* each rule only drops nodes whose every plan could move a buffer down.     *|
|*                                                                            *|
|* Memory is O(n + conflicting pairs): per-section floors and loads, an undo  *|
|* log bounded by the sum of degrees and section counts (each buffer is      *|
|* placed at most once on a search path; a slot ban raises a minoff at most  *|
|* once per section of the path), and a bounded window of sorted children   *|
|* per node on the path.                                                      *|
\*===----------------------------------------------------------------------===*/
#include "core/arith.h"
#include "planners/exact_search.h"

#include <stdlib.h>
#include <string.h>

static int solve_pieces(xsearch *X, uint32_t s0, uint32_t s1);
static int children(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                    int64_t last_rank, uint64_t min_height);

/* Places buffer i at o; returns how many unplaced buffers' minoff it
 * raised. */
bool mpx_xs_undo_reserve(xsearch *X, size_t k) {
  if (X->undo_cap - X->nundo >= k)
    return true;
  size_t cap = 2 * X->undo_cap + k;
  undo_entry *u = realloc(X->undo, cap * sizeof *u);
  if (!u) {
    X->stop = 2;
    return false;
  }
  X->undo = u;
  X->undo_cap = cap;
  return true;
}

size_t mpx_xs_place(xsearch *X, uint32_t i, uint64_t o) {
  const memplan_buffer *b = &X->p->buffers[i];
  uint64_t top = o + b->size;
  size_t raised = 0;
  X->off[i] = o;
  X->placed[i] = 1;
  X->pstack[X->npstack++] = i;
  X->span_len -= X->shi[i] - X->slo[i];
  if (X->tt)
    mpx_xs_term(X, i, UINT64_MAX);
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
        mpx_xs_term(X, j, m);
      X->minoff[j] = m;
      ++raised;
    }
  }
  return raised;
}

/* Takes back every placement made since the marks. */
void mpx_xs_unplace_to(xsearch *X, size_t pmark, size_t umark) {
  while (X->nundo > umark) {
    undo_entry *u = &X->undo[--X->nundo];
    if (u->what < X->n) {
      /* A buffer placed since keeps its mark until the loop below. */
      if (X->tt && !X->placed[u->what])
        mpx_xs_term(X, u->what, u->old);
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
    X->span_len += X->shi[i] - X->slo[i];
    if (X->tt)
      mpx_xs_term(X, i, X->minoff[i]);
  }
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
int mpx_xs_count_node(xsearch *X) {
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
    req = mpx_xs_sat_max_sum(req, s >= lo && s < hi ? top : bpos, l);
  }
  if (req <= X->C)
    return 0;
  if (mpx_xs_count_node(X) != 0)
    return -1;
  if (req < X->minreq)
    X->minreq = req;
  return 1;
}

/* One node of the search over the unplaced buffers that live within the
 * sections [s0, s1) (a piece: no unplaced buffer crosses its borders, so
 * it is independent of every other piece). `last`/`last_rank` is the
 * previous element of this piece's canonical sequence (rank -1: none).
 * Returns 1 when the piece is fully placed (the placements are kept), 0
 * when it cannot be (state unchanged), -1 when a budget ran out. */
int mpx_xs_dfs(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
               int64_t last_rank) {
  if (mpx_xs_count_node(X) != 0)
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
  mp_span_min_begin(&X->spanmin, s0, s1, X->span_len);
  if (X->A > 1)
    mp_span_min_begin(&X->spanpad, s0, s1, X->span_len);
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
    req = mpx_xs_sat_max_sum(req, pos, B[i].size);
    mp_span_min_put(&X->spanmin, X->slo[i], X->shi[i], pos);
    if (X->A > 1) { /* the largest pad is the least complement */
      uint64_t pad = mpx_align_up(B[i].size, X->A) - B[i].size;
      if (pad)
        mp_span_min_put(&X->spanpad, X->slo[i], X->shi[i], ~pad);
    }
  }
  if (rem == 0)
    return 1;
  X->secmin = mp_span_min_read(&X->spanmin);
  const uint64_t *npad = X->A > 1 ? mp_span_min_read(&X->spanpad) : NULL;
  /* Sections: what is left must fit between the floor and C. */
  for (uint32_t s = s0; s < s1; ++s) {
    if (X->load[s] == 0)
      continue;
    uint64_t f = X->floor[s] > last ? X->floor[s] : last;
    if (X->secmin[s] > f)
      f = X->secmin[s];
    req = mpx_xs_sat_max_sum(req, f, X->load[s]);
    /* With every alignment a multiple of A, each buffer but the topmost
     * takes its size rounded up to A, and the lowest starts at a multiple
     * of A. */
    if (X->A > 1)
      req = mpx_xs_sat_max_sum(req, mpx_align_up(f, X->A),
                               X->loadr[s] - ~npad[s]);
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
  /* Refuted states (exact_table.c). */
  uint64_t h1, h2;
  mpx_xs_state_keys(X, s0, s1, last, last_rank, &h1, &h2);
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
    mpx_xs_tt_store(X, h1, h2, sub);
  return r;
}

/* The children of a dfs node that survived its checks; the same returns
 * as dfs. With slot branching on (a strategy of exact_slot.c) it gets the
 * first say. */
static int children(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                    int64_t last_rank, uint64_t min_height) {
  if (X->branch != EXACT_CANONICAL) {
    int r = X->branch == EXACT_SLOT
                ? mpx_xs_slot_children(X, s0, s1, last, last_rank, min_height)
                : mpx_xs_skyline_children(X, s0, s1, last, min_height);
    if (r != 2)
      return r;
  }
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
      uint64_t pos = mpx_xs_next_pos(X, i);
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
      size_t raised;
      int r = mpx_xs_try_child(X, s0, s1, best, bpos, (int64_t)brank, &raised);
      if (r != 0) {
        X->ncand = base;
        return r;
      }
      if (raised == 0 && X->hatless && !X->p->buffers[best].fixed) {
        /* Hatless: `best` raised no unplaced buffer's minoff, and
         * failed. In a plan below a later sibling, `best` sits at or
         * above that sibling's position; moved down to bpos it meets
         * nothing (its unplaced neighbours all start at or above its
         * top) and lowers the sum of offsets. So a plan of least sum is
         * never below a later sibling, and the siblings are skipped
         * (MiniMalloc skips them when `best` has no unplaced neighbour
         * at all; ours is the same argument). */
        X->ncand = base;
        return 0;
      }
    }
    X->ncand = base;
    if (take == m)
      return 0;
    cpos = X->cand[base + take - 1].pos;
    crank = X->cand[base + take - 1].rank;
  }
}

/* Places `best` at bpos and searches on (the child's last element is
 * (bpos, brank)); takes the placement back unless a plan was completed.
 * *raised: how many minoffs the placement raised. Returns as dfs. */
int mpx_xs_try_child(xsearch *X, uint32_t s0, uint32_t s1, uint32_t best,
                     uint64_t bpos, int64_t brank, size_t *raised) {
  size_t pmark = X->npstack, umark = X->nundo;
  if (!mpx_xs_undo_reserve(X, (X->shi[best] - X->slo[best]) +
                                  (X->g->first[best + 1] - X->g->first[best])))
    return -1;
  *raised = mpx_xs_place(X, best, bpos);
  /* Did this placement split the piece? */
  int split = 0;
  for (uint32_t s = X->slo[best] + 1; s < X->shi[best] && !split; ++s)
    split = X->cuts[s] == 0;
  int r;
  if (split)
    r = solve_pieces(X, s0, s1);
  else if ((r = quick_refute(X, s0, s1, best, bpos)) == 0)
    r = mpx_xs_dfs(X, s0, s1, bpos, brank);
  else if (r == 1)
    r = 0;
  if (r == 0)
    mpx_xs_unplace_to(X, pmark, umark);
  return r;
}

/* Solves the independent pieces of [s0, s1) one after the other: a piece
 * that cannot be placed refutes the whole, whatever the others do. */
static int solve_pieces(xsearch *X, uint32_t s0, uint32_t s1) {
  size_t pmark = X->npstack, umark = X->nundo;
  uint32_t a = s0;
  for (uint32_t s = s0 + 1; s <= s1; ++s) {
    if (s < s1 && X->cuts[s] != 0)
      continue;
    int r = mpx_xs_dfs(X, a, s, 0, -1);
    if (r != 1) {
      if (r == 0)
        mpx_xs_unplace_to(X, pmark, umark);
      return r;
    }
    a = s;
  }
  return 1;
}

/* Puts the state back to "nothing placed". Zero-size buffers are placed
 * at 0 (or their fixed offset) from the start: they block nothing. */
void mpx_xs_reset(xsearch *X) {
  X->nundo = 0;
  X->ncand = 0;
  X->npstack = 0;
  X->span_len = 0;
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
    X->span_len += X->shi[i] - X->slo[i]; /* 0 for a buffer of size 0 */
  }
  if (X->tt)
    mpx_xs_keys_from_scratch(X);
}

/* See exact_search.h. A strategy st is tie order st % EXACT_RANKS, with
 * branching rule st / EXACT_RANKS (exact_branch). */
int mpx_xs_decide(xsearch *X, uint64_t C, uint64_t budget, int st) {
  int h = st % EXACT_RANKS;
  X->branch = (exact_branch)(st / EXACT_RANKS);
  X->C = C;
  X->nodes = 0;
  X->node_cap = budget;
  X->stop = 0;
  X->rank = X->ranks[h];
  X->twin = X->twins[h];
  X->hsalt = (uint64_t)st + 1;
  X->minreq = UINT64_MAX;
  X->holes = 0;
  /* The decision itself is a node, even when it ends before any dfs: so
   * every decision spends work, and the work limit and the clock bound the
   * rounds of mpx_exact whatever the input (a two-buffer input near 2^64
   * once refuted capacities one granule at a time, forever). */
  if (mpx_xs_count_node(X) != 0)
    return -1;
  mpx_xs_reset(X);
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
    mpx_xs_place(X, i, X->pinoff[k]);
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
 * T,W,A / W,A,T. */
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

void mpx_xs_free(xsearch *X) {
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
  mp_span_min_free(&X->spanmin);
  mp_span_min_free(&X->spanpad);
  free(X->slo_first);
  free(X->slotcnt);
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

int mpx_xs_init(xsearch *X, const memplan_problem *p,
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
  X->slo_first = malloc(S1 * sizeof *X->slo_first);
  X->slotcnt = malloc(S1 * sizeof *X->slotcnt);
  if (!X->firstslo || !X->floor || !X->load || !X->loadr || !X->cuts ||
      !X->slo_first || !X->slotcnt)
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
  X->undo_cap = undo_cap;
  /* Every dfs below the first follows a placement or a hole of its own
   * (at most items of each on a path). */
  X->cand = malloc((2 * X->items + 3) * EXACT_CAND_WINDOW * sizeof *X->cand);
  X->scan = malloc(n1 * sizeof *X->scan);
  if (!X->undo || !X->cand || !X->scan)
    goto oom;
  for (size_t s = 0; s < S1; ++s)
    X->slo_first[s] = (uint32_t)s;
  for (size_t i = 0; i < n; ++i)
    if (p->buffers[i].size)
      for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s)
        if (X->slo[i] < X->slo_first[s])
          X->slo_first[s] = X->slo[i];
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
    /* The span tables need levels up to the longest live range only. */
    uint32_t longest = 1;
    for (size_t i = 0; i < n; ++i)
      if (X->shi[i] - X->slo[i] > longest)
        longest = X->shi[i] - X->slo[i];
    if (!mp_span_min_init(&X->spanmin, S1, longest) ||
        (X->A > 1 && !mp_span_min_init(&X->spanpad, S1, longest)))
      goto oom;
  }
  X->gr = 0;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size) {
      X->gr = mp_gcd(X->gr, b->size);
      if (b->alignment > 1)
        X->gr = mp_gcd(X->gr, b->alignment);
    }
    if (b->fixed)
      X->gr = mp_gcd(X->gr, b->offset);
  }
  if (X->gr == 0)
    X->gr = 1;
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
        X->zob[i] = mpx_xs_mix64((uint64_t)i * 0x9e3779b97f4a7c15u + 1);
    } else {
      free(X->tt);
      X->tt = NULL;
    }
  }
  mpx_xs_reset(X); /* loads = live totals per section, for the T key */
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
      /* h = 0: A,T,W (ours: it proves MiniMalloc's E fast); 1: T,A,W;
       * 2: T,W,A; 3: W,A,T (MiniMalloc's first; docs/results.md). */
      uint64_t k3[EXACT_RANKS][3] = {
          {a, t, w}, {t, a, w}, {t, w, a}, {w, a, t}};
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

