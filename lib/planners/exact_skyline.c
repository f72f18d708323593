/*===-- exact_skyline.c - Skyline branching for the decision search --------===*\
|*                                                                            *|
|* Our branching rule for perfect packings (bottom-left fill, as in the       *|
|* searches for perfect rectangle packings). The skyline of a node is, per    *|
|* time section, the lowest offset anything still to place can take there:   *|
|* the highest placed top, the canonical order's last position and the        *|
|* lowest position of every unplaced buffer of the section (dfs's secmin).    *|
|* At its lowest level m, a section s at m is either covered at m by a       *|
|* buffer that starts there, or not; every plan does exactly one of the two,  *|
|* so the children are the buffers that can start at m in s, and "hole".      *|
|* The section with the fewest children is taken (first fail): with zero      *|
|* slack a section no buffer can start in refutes the node at once.           *|
|*                                                                            *|
|* What differs from slot branching (exact_slot.c), which stays at m after a  *|
|* hole and falls back to the canonical children: a hole raises each buffer   *|
|* of s that could start at m to the least offset it can rest at instead,     *|
|* so the section's level rises with it and the search stays a skyline:      *|
|*                                                                            *|
|*   In a plan of least sum of offsets, a buffer i rests on a neighbour k    *|
|*   (its offset is k's top rounded up to i's alignment) or sits at 0. If i  *|
|*   is not at m = its lowest position, k is not placed yet (every placed     *|
|*   neighbour's rounded top is at most m), so i's offset is at least the     *|
|*   least top, rounded up, of its unplaced neighbours at their lowest       *|
|*   positions, and at least m + gr (every such offset is a multiple of gr).  *|
|*   A buffer with no unplaced neighbour cannot leave m: the hole fails.      *|
|*                                                                            *|
|* Soundness with the other rules is the argument of exact_search.c: the     *|
|* plan of least sum of offsets satisfies every raised lower bound, and the  *|
|* levels never fall along a path, so it is never cut.                        *|
\*===----------------------------------------------------------------------===*/
#include "core/arith.h"
#include "planners/exact_search.h"

#include <assert.h>

/* The lowest offset unplaced buffer i can take below the current node: its
 * fixed offset, or its minoff, not below the canonical order's last
 * position (the same position dfs computes for secmin). */
static inline uint64_t reach(const xsearch *X, uint32_t i, uint64_t last) {
  const memplan_buffer *b = &X->p->buffers[i];
  if (b->fixed)
    return b->offset;
  return X->minoff[i] >= last ? X->minoff[i] : mpx_align_up(last, b->alignment);
}

/* The skyline level of section s (secmin is dfs's, valid at this node). */
static inline uint64_t level(const xsearch *X, uint32_t s) {
  return X->floor[s] > X->secmin[s] ? X->floor[s] : X->secmin[s];
}

/* A buffer that may start at m in s now (its twin placed first). */
static inline bool free_child(const xsearch *X, uint32_t i) {
  return X->twin[i] == UINT32_MAX || X->placed[X->twin[i]];
}

/* Where buffer i can rest if not at m: the least top of its unplaced
 * neighbours at their lowest positions, and m + gr, rounded up to i's
 * alignment; UINT64_MAX when it has no unplaced neighbour (it cannot
 * leave m in a plan of least sum). */
static uint64_t rest_above(const xsearch *X, uint32_t i, uint64_t m,
                           uint64_t last) {
  uint64_t low = UINT64_MAX;
  for (size_t e = X->g->first[i]; e < X->g->first[i + 1]; ++e) {
    uint32_t k = X->g->adj[e];
    if (X->placed[k])
      continue;
    uint64_t t = mp_add_sat(reach(X, k, last), X->p->buffers[k].size);
    if (t < low)
      low = t;
  }
  if (low == UINT64_MAX)
    return UINT64_MAX;
  uint64_t floor_ = mp_add_sat(m, X->gr);
  return mpx_align_up(low > floor_ ? low : floor_,
                      X->p->buffers[i].alignment);
}

/* Counts, per section of the piece, the buffers that can start at m
 * (into X->slotcnt); returns a fixed buffer that must go at m, or
 * UINT32_MAX. */
static uint32_t count_children(xsearch *X, uint32_t s0, uint32_t s1,
                               uint64_t m, uint64_t last) {
  uint32_t *cnt = X->slotcnt; /* differences first (S + 1 entries) */
  for (uint32_t s = s0; s <= s1; ++s)
    cnt[s] = 0;
  for (uint32_t k = X->firstslo[s0]; k < X->firstslo[s1]; ++k) {
    uint32_t i = X->byslo[k];
    if (X->placed[i] || reach(X, i, last) != m)
      continue;
    if (X->p->buffers[i].fixed)
      return i;
    if (!free_child(X, i))
      continue;
    assert(X->shi[i] <= s1); /* the piece holds its unplaced buffers */
    cnt[X->slo[i]]++;
    cnt[X->shi[i]]--; /* unsigned: the prefix sums come out right */
  }
  uint32_t run = 0;
  for (uint32_t s = s0; s < s1; ++s) {
    run += cnt[s];
    cnt[s] = run;
  }
  return UINT32_MAX;
}

/* The section at level m with the fewest children (ties: the least slack,
 * then the earliest); *hole: whether it may stay empty at m. A section
 * whose slack is below gr gets no hole; that depends on C, so the capacity
 * at which it would is recorded in X->minreq (below it the tree is the
 * same, which keeps refutation thresholds sound). */
static uint32_t pick_section(xsearch *X, uint32_t s0, uint32_t s1, uint64_t m,
                             bool *hole) {
  uint32_t best_s = UINT32_MAX;
  size_t best_c = SIZE_MAX;
  uint64_t best_slack = UINT64_MAX;
  for (uint32_t s = s0; s < s1; ++s) {
    if (!X->load[s] || level(X, s) != m)
      continue;
    assert(m <= X->C && X->load[s] <= X->C - m); /* dfs checked req <= C */
    uint64_t slack = X->C - m - X->load[s];
    bool h = slack >= X->gr;
    if (!h) {
      uint64_t at = mp_add_sat(m, mp_add_sat(X->load[s], X->gr));
      if (at < X->minreq)
        X->minreq = at;
    }
    size_t c = (size_t)X->slotcnt[s] + h;
    if (c < best_c || (c == best_c && slack < best_slack)) {
      best_c = c;
      best_s = s;
      best_slack = slack;
      *hole = h;
    }
  }
  return best_s;
}

/* The hole child: nothing starts at m in s. Raises every buffer of s that
 * could start there to where it can rest instead (rest_above), undo-logged.
 * Returns false when one cannot rest anywhere else (the child fails). */
static bool ban_section(xsearch *X, uint32_t s, uint64_t m, uint64_t last) {
  for (uint32_t k = X->firstslo[X->slo_first[s]]; k < X->firstslo[s + 1];
       ++k) {
    uint32_t i = X->byslo[k];
    if (X->placed[i] || X->shi[i] <= s || reach(X, i, last) != m)
      continue;
    assert(!X->p->buffers[i].fixed); /* count_children took those */
    uint64_t up = rest_above(X, i, m, last);
    if (up == UINT64_MAX)
      return false;
    assert(up > m && up > X->minoff[i]);
    X->undo[X->nundo].what = i;
    X->undo[X->nundo++].old = X->minoff[i];
    if (X->tt)
      mpx_xs_term(X, i, up);
    X->minoff[i] = up;
  }
  return true;
}

/* The order in which the buffers that may start at m in s are tried
 * (ascending key, ties by index): larger area first (the classic order of
 * packing searches: the big pieces are the hard ones to fit late), or a
 * pseudo-random order drawn from X->shuffle for a restart. */
static uint64_t child_key(const xsearch *X, uint32_t i) {
  if (X->shuffle)
    return mpx_xs_mix64(X->shuffle ^ (i * 0x9e3779b97f4a7c15u));
  const memplan_buffer *b = &X->p->buffers[i];
  uint64_t w = (uint64_t)b->end - (uint64_t)b->start;
  uint64_t area = b->size * w;
  if (w && area / w != b->size)
    area = UINT64_MAX;
  return ~area;
}

static void sort_children(candidate *c, size_t m) {
  for (size_t a = 1; a < m; ++a) { /* few: insertion sort */
    candidate t = c[a];
    size_t b = a;
    for (; b > 0 && (t.pos < c[b - 1].pos ||
                     (t.pos == c[b - 1].pos && t.i < c[b - 1].i));
         --b)
      c[b] = c[b - 1];
    c[b] = t;
  }
}

/* Tries, in child_key order, each buffer that may start at m in s; a
 * window of EXACT_CAND_WINDOW at a time on the candidate stack (children
 * are listed again past the last one tried when a window fails). Here a
 * candidate's `pos` holds its key: every child goes at m. Returns as
 * mpx_xs_dfs (0: every child failed). */
static int try_children(xsearch *X, uint32_t s0, uint32_t s1, uint32_t s,
                        uint64_t m, uint64_t last) {
  size_t base = X->ncand;
  uint64_t ckey = 0;
  uint32_t ci = 0;
  bool first = true;
  for (;;) {
    size_t n = 0;
    candidate *w = X->cand + base;
    for (uint32_t k = X->firstslo[X->slo_first[s]]; k < X->firstslo[s + 1];
         ++k) {
      uint32_t i = X->byslo[k];
      if (X->placed[i] || X->shi[i] <= s || reach(X, i, last) != m ||
          !free_child(X, i))
        continue;
      uint64_t key = child_key(X, i);
      if (!first && (key < ckey || (key == ckey && i <= ci)))
        continue;
      candidate c = {key, 0, i};
      if (n < EXACT_CAND_WINDOW) {
        w[n++] = c;
        sort_children(w, n);
      } else if (key < w[n - 1].pos ||
                 (key == w[n - 1].pos && i < w[n - 1].i)) {
        w[n - 1] = c;
        sort_children(w, n);
      }
    }
    if (n == 0)
      return 0;
    X->ncand = base + n;
    for (size_t c = 0; c < n; ++c) {
      /* Any rank may follow at m (rank -1): the section, not the rank,
       * told this child from its siblings. */
      size_t raised;
      int r = mpx_xs_try_child(X, s0, s1, w[c].i, m, -1, &raised);
      if (r != 0) {
        X->ncand = base;
        return r;
      }
    }
    X->ncand = base;
    if (n < EXACT_CAND_WINDOW)
      return 0;
    ckey = w[n - 1].pos;
    ci = w[n - 1].i;
    first = false;
  }
}

/* See exact_search.h. Called by children right after dfs filled secmin
 * for this node. */
int mpx_xs_skyline_children(xsearch *X, uint32_t s0, uint32_t s1,
                            uint64_t last, uint64_t min_height) {
  uint64_t m = UINT64_MAX;
  for (uint32_t s = s0; s < s1; ++s)
    if (X->load[s] && level(X, s) < m)
      m = level(X, s);
  /* At most as many holes as buffers on a search path, so that the
   * recursion stays about twice as deep as without holes. */
  if (m == UINT64_MAX || X->holes >= X->items)
    return 2;
  if (m >= min_height)
    return 0; /* every child would float over a free buffer's hole */
  uint32_t f = count_children(X, s0, s1, m, last);
  if (f != UINT32_MAX) {
    size_t raised; /* a fixed buffer at m covers its sections there */
    return mpx_xs_try_child(X, s0, s1, f, m, -1, &raised);
  }
  bool hole = false;
  uint32_t s = pick_section(X, s0, s1, m, &hole);
  if (s == UINT32_MAX)
    return 0;
  int r = try_children(X, s0, s1, s, m, last);
  if (r != 0)
    return r;
  if (!hole)
    return 0;
  size_t pmark = X->npstack, umark = X->nundo;
  if (!mpx_xs_undo_reserve(X, X->firstslo[s + 1] -
                                  X->firstslo[X->slo_first[s]]))
    return -1;
  r = 0;
  if (ban_section(X, s, m, last)) {
    ++X->holes;
    r = mpx_xs_dfs(X, s0, s1, last, -1);
    --X->holes;
  }
  if (r == 0)
    mpx_xs_unplace_to(X, pmark, umark);
  return r;
}
