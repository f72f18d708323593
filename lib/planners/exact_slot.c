/*===-- exact_slot.c - Slot branching for the decision search -------------===*\
|*                                                                            *|
|* Our branching rule (first-fail, after the fill-the-lowest-gap searches of  *|
|* perfect rectangle packing). At the lowest level m of a piece, the bytes    *|
|* [m, m + 1) of a section s are either covered by a buffer that starts at m  *|
|* or left as a hole. Every plan does exactly one of these, so branching     *|
|* over the buffers that can start there, and "hole", visits every plan and  *|
|* none twice, whatever the ranks. The section with the fewest children is   *|
|* taken, so a section where only one buffer fits is filled at once, where   *|
|* the canonical order (exact_search.c) would first try every buffer of     *|
|* lower rank elsewhere at m. On perfect packings without holes it cuts the  *|
|* nodes by orders of magnitude (docs/results.md); elsewhere it can be      *|
|* worse, so `exact` runs it as separate strategies beside the canonical    *|
|* ones.                                                                      *|
\*===----------------------------------------------------------------------===*/
#include "core/arith.h"
#include "planners/exact_search.h"

/* Whether unplaced buffer i, live in section s, would go next at m (in a
 * canonical plan a buffer starts where its placed neighbours end). */
static inline bool slot_candidate(const xsearch *X, uint32_t i, uint32_t s,
                                  uint64_t m) {
  /* i lives in s when slo[i] <= s < shi[i]; callers scan from slo_first. */
  return !X->placed[i] && X->shi[i] > s && mpx_xs_next_pos(X, i) == m;
}

/* "Nothing starts at m in s": raises the minoff of every free buffer of
 * section s that would go next at m to the least aligned multiple past
 * m + gr - 1 (every canonical position is a multiple of gr), undo-logged.
 * A plan of the hole branch has such a buffer at m + gr or higher, so
 * none is lost; a buffer may then float above a hole, which wastes
 * search, never a plan. */
static void ban_slot(xsearch *X, uint32_t s, uint64_t m) {
  for (uint32_t k = X->firstslo[X->slo_first[s]]; k < X->firstslo[s + 1]; ++k) {
    uint32_t i = X->byslo[k];
    if (!slot_candidate(X, i, s, m) || X->p->buffers[i].fixed)
      continue;
    uint64_t up = mpx_align_up(m + X->gr, X->p->buffers[i].alignment);
    X->undo[X->nundo].what = i;
    X->undo[X->nundo++].old = X->minoff[i];
    if (X->tt)
      mpx_xs_term(X, i, up);
    X->minoff[i] = up;
  }
}

/* The section at the lowest level m to branch on: the one with the fewest
 * children (ties: the least slack), or UINT32_MAX when no section at m can
 * take a buffer there. The children of (s, m) are the buffers that would
 * start at m (a twin only after its predecessor), counted for every
 * section in one pass over the piece's buffers. A section where a fixed
 * buffer starts at m is left to the canonical children. A section whose
 * slack is below gr (the least hole) has no hole child; that depends on
 * C, so the capacity at which it would get one is recorded in X->minreq:
 * below it, the search is the same tree, which keeps refutation
 * thresholds sound. */
static uint32_t pick_slot(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                          uint64_t m, uint64_t *slack_out) {
  uint32_t *cnt = X->slotcnt;
  for (uint32_t s = s0; s < s1; ++s)
    cnt[s] = 0;
  for (uint32_t k = X->firstslo[s0]; k < X->firstslo[s1]; ++k) {
    uint32_t i = X->byslo[k];
    if (X->placed[i] || mpx_xs_next_pos(X, i) != m)
      continue;
    /* Every section of i is at level m (m is the least, and a higher one
     * would have raised i's minoff). */
    uint32_t add = X->p->buffers[i].fixed ? UINT32_MAX / 2
                   : X->twin[i] == UINT32_MAX || X->placed[X->twin[i]];
    for (uint32_t s = X->slo[i]; s < X->shi[i]; ++s)
      cnt[s] = add > UINT32_MAX / 4 || cnt[s] > UINT32_MAX / 4
                   ? UINT32_MAX / 2
                   : cnt[s] + add;
  }
  uint32_t best_s = UINT32_MAX;
  size_t best_c = SIZE_MAX;
  uint64_t best_slack = UINT64_MAX;
  for (uint32_t s = s0; s < s1; ++s) {
    if (!X->load[s] || mpx_xs_level(X, s, last) != m)
      continue;
    uint64_t slack = X->C - m - X->load[s];
    bool hole = slack >= X->gr;
    if (!hole) {
      uint64_t at = mp_add_sat(m, mp_add_sat(X->load[s], X->gr));
      if (at < X->minreq)
        X->minreq = at;
    }
    size_t c = cnt[s];
    if (c >= UINT32_MAX / 2 || (c == 0 && hole))
      continue; /* a fixed buffer (the canonical children take it), or a
                   hole already: nothing can start there */
    c += hole;
    if (c < best_c || (c == best_c && slack < best_slack)) {
      best_c = c;
      best_s = s;
      best_slack = slack;
    }
  }
  *slack_out = best_slack;
  return best_s;
}

int mpx_xs_slot_children(xsearch *X, uint32_t s0, uint32_t s1, uint64_t last,
                         int64_t last_rank, uint64_t min_height) {
  uint64_t m = UINT64_MAX, slack;
  for (uint32_t s = s0; s < s1; ++s)
    if (X->load[s] && mpx_xs_level(X, s, last) < m)
      m = mpx_xs_level(X, s, last);
  /* At most as many holes as buffers on a search path, so that the
   * recursion stays about twice as deep as without slot branching. */
  if (m == UINT64_MAX || m >= min_height || X->holes >= X->items)
    return 2;
  uint32_t s = pick_slot(X, s0, s1, last, m, &slack);
  if (s == UINT32_MAX)
    return 2;
  for (uint32_t k = X->firstslo[X->slo_first[s]]; k < X->firstslo[s + 1];
       ++k) {
    uint32_t i = X->byslo[k];
    if (!slot_candidate(X, i, s, m) ||
        (X->twin[i] != UINT32_MAX && !X->placed[X->twin[i]]))
      continue;
    /* Any rank may follow at m: the slot, not the rank, told this child
     * from its siblings. */
    size_t raised;
    int r = mpx_xs_try_child(X, s0, s1, i, m, -1, &raised);
    if (r != 0)
      return r;
  }
  if (slack < X->gr)
    return 0;
  /* The hole: the same node, with nothing starting at m in s. */
  size_t pmark = X->npstack, umark = X->nundo;
  if (!mpx_xs_undo_reserve(X, X->firstslo[s + 1] - X->firstslo[X->slo_first[s]]))
    return -1;
  ban_slot(X, s, m);
  ++X->holes;
  int r = mpx_xs_dfs(X, s0, s1, last, last_rank);
  --X->holes;
  if (r == 0)
    mpx_xs_unplace_to(X, pmark, umark);
  return r;
}
