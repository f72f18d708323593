/*===-- exact_table.c - The table of refuted states of `exact` ------------===*\
|*                                                                            *|
|* A transposition table, as in game-tree search (our use of it here): what  *|
|* is searched below a node depends only on which buffers are placed, where  *|
|* each unplaced one would go (its minoff), the last element of the         *|
|* canonical sequence, the piece and the strategy - not on where the placed  *|
|* buffers sit. Different partial plans often agree on all of it (a stack of *|
|* buffers in another order leaves the same tops), and the canonical order   *|
|* does not merge them. A refutation holds for every capacity below the     *|
|* least requirement pruned under it, so it is kept across decisions. Keys   *|
|* are two independent 64-bit hashes, kept as running sums (mpx_xs_term in   *|
|* exact_search.h): a false match needs both to collide.                     *|
\*===----------------------------------------------------------------------===*/
#include "planners/exact_search.h"

#include <stdlib.h>

/* Sets the keys from scratch (reset). */
void mpx_xs_keys_from_scratch(xsearch *X) {
  X->key1 = X->key2 = 0;
  for (size_t i = 0; i < X->n; ++i) {
    X->part1[i] = X->part2[i] = 0;
    mpx_xs_term(X, i, X->placed[i] ? UINT64_MAX : X->minoff[i]);
  }
}

/* Keeps a refuted state (the slot's previous one is dropped). The table
 * doubles when three quarters of it are in use, up to 2^EXACT_TT_MAX_BITS
 * entries; when memory for a bigger one is refused it stays as it is. */
void mpx_xs_tt_store(xsearch *X, uint64_t k1, uint64_t k2, uint64_t minreq) {
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
void mpx_xs_state_keys(const xsearch *X, uint32_t s0, uint32_t s1,
                       uint64_t last, int64_t last_rank, uint64_t *k1,
                       uint64_t *k2) {
  uint64_t w = mpx_xs_mix64(((uint64_t)s0 << 32 | s1) ^ mpx_xs_mix64(X->hsalt));
  *k1 = X->key1 + mpx_xs_mix64(w ^ last) + mpx_xs_mix64((uint64_t)last_rank + w);
  *k2 = X->key2 + mpx_xs_mix64(last * 0x9e3779b97f4a7c15u + w) +
        mpx_xs_mix64(w ^ ((uint64_t)last_rank << 17));
}

