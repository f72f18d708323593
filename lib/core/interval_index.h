/*===-- interval_index.h - Which placed buffers overlap this interval? ----===*\
|*                                                                            *|
|* Offline planners know every live interval in advance and "place" them one *|
|* at a time, asking each time which placed buffers are live at the same     *|
|* time as the next one. Scanning all placed buffers makes that O(n^2); this *|
|* index answers it in O(log n + k log n) for k answers.                      *|
|*                                                                            *|
|* Layout: the n intervals sorted by start (rank r), and a max segment tree  *|
|* over the ranks holding the end of each *active* interval (INT64_MIN when  *|
|* inactive). [s, e) meets an active [s', e') iff s' < e and e' > s: the     *|
|* first condition is a prefix of ranks (binary search), the second prunes   *|
|* every subtree whose maximum end is <= s.                                   *|
|*                                                                            *|
|* Header-only (static inline) so that each planner compiles its own copy;   *|
|* the validator deliberately does not use it.                               *|
\*===----------------------------------------------------------------------===*/
#ifndef MEMPLAN_LIB_CORE_INTERVAL_INDEX_H
#define MEMPLAN_LIB_CORE_INTERVAL_INDEX_H

#include "core/radix_sort.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct mp_iindex {
  size_t n, leaves;   /* leaves: power of two >= n */
  int64_t *start;     /* start[r] of the interval of rank r, ascending */
  uint32_t *item;     /* item[r]: the id of rank r (read by callers) */
  uint32_t *rank;     /* rank[i]: the rank of id i */
  int64_t *maxend;    /* 2*leaves heap-ordered tree; [1] is the root */
} mp_iindex;

/* Growable list of item ids, the answer of a query. */
typedef struct mp_idlist {
  uint32_t *v;
  size_t len, cap;
} mp_idlist;

static inline int mp_idlist_push(mp_idlist *l, uint32_t x) {
  if (l->len == l->cap) {
    size_t c = l->cap ? 2 * l->cap : 64;
    uint32_t *nv = (uint32_t *)realloc(l->v, c * sizeof *nv);
    if (!nv)
      return -1;
    l->v = nv;
    l->cap = c;
  }
  l->v[l->len++] = x;
  return 0;
}

/* Builds the index of n intervals, all inactive. The start of interval i is
 * read at (const char *)starts + i * stride (so a caller can pass the start
 * field of an array of structs without copying it); ends are given at
 * activation. Returns 0, or -1 when out of memory or n >= 2^32 - 1; call
 * mp_iindex_free in both cases. */
static inline int mp_iindex_init(mp_iindex *ix, size_t n, const int64_t *starts,
                                 size_t stride) {
  ix->n = n;
  ix->leaves = 1;
  while (ix->leaves < n)
    ix->leaves *= 2;
  ix->start = (int64_t *)malloc((n ? n : 1) * sizeof(int64_t));
  ix->item = (uint32_t *)malloc((n ? n : 1) * sizeof(uint32_t));
  ix->rank = (uint32_t *)malloc((n ? n : 1) * sizeof(uint32_t));
  ix->maxend = (int64_t *)malloc(2 * ix->leaves * sizeof(int64_t));
  if (n >= UINT32_MAX || !ix->start || !ix->item || !ix->rank ||
      !ix->maxend)
    return -1;
  /* By start, ties by id (records laid out in id order, stable sort): a
   * total order, so the layout is deterministic. */
  mp_kv *keys = (mp_kv *)malloc((n ? n : 1) * sizeof *keys);
  if (!keys)
    return -1;
  for (size_t i = 0; i < n; ++i) {
    keys[i].key =
        mp_key_i64(*(const int64_t *)((const char *)starts + i * stride));
    keys[i].val = i;
  }
  if (mp_radix_sort(keys, n) != 0) {
    free(keys);
    return -1;
  }
  for (size_t r = 0; r < n; ++r) {
    ix->start[r] = (int64_t)(keys[r].key ^ 0x8000000000000000ull);
    ix->item[r] = (uint32_t)keys[r].val;
    ix->rank[keys[r].val] = (uint32_t)r;
  }
  free(keys);
  for (size_t k = 0; k < 2 * ix->leaves; ++k)
    ix->maxend[k] = INT64_MIN;
  return 0;
}

static inline void mp_iindex_free(mp_iindex *ix) {
  free(ix->start);
  free(ix->item);
  free(ix->rank);
  free(ix->maxend);
}

/* The rank of interval `id` (its position in start order). */
static inline uint32_t mp_iindex_rank(const mp_iindex *ix, uint32_t id) {
  return ix->rank[id];
}

/* Makes interval `id`, ending at e, visible to queries. O(log n). (e is >
 * its start, so never INT64_MIN, the mark of inactive leaves.) */
static inline void mp_iindex_activate(mp_iindex *ix, uint32_t id, int64_t e) {
  size_t k = ix->leaves + ix->rank[id];
  ix->maxend[k] = e;
  for (k /= 2; k >= 1 && ix->maxend[k] < e; k /= 2)
    ix->maxend[k] = e;
}

/* Appends to out the RANKS (not ids: callers keep per-rank payloads, which
 * makes the answers of one query adjacent in memory) of the active
 * intervals meeting [s, e), in rank (start) order. Returns 0, or -1 when out
 * of memory.
 *
 * Two parts: intervals starting in [s, e) all meet [s, e), and they are the
 * contiguous ranks [L, R), scanned directly (only the active flag matters);
 * intervals starting before s meet it iff they end after s, found in ranks
 * [0, L) by descending the max-end tree, pruning subtrees that end <= s. */
static inline int mp_iindex_query(const mp_iindex *ix, int64_t s, int64_t e,
                                  mp_idlist *out) {
  size_t lo = 0, hi = ix->n;
  while (lo < hi) { /* L = number of intervals with start < s */
    size_t mid = lo + (hi - lo) / 2;
    if (ix->start[mid] < s)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t L = lo;
  if (L > 0 && ix->maxend[1] > s) {
    /* Explicit stack of (node, first leaf rank, width). Each pop pushes at
     * most two children, so it holds at most one pending sibling per level
     * (<= 64 levels). */
    size_t stack[3 * 128], sp = 0;
    stack[sp++] = 1;
    stack[sp++] = 0;
    stack[sp++] = ix->leaves;
    while (sp) {
      size_t width = stack[--sp], first = stack[--sp], k = stack[--sp];
      if (ix->maxend[k] <= s || first >= L)
        continue;
      if (width == 1) {
        if (mp_idlist_push(out, (uint32_t)first) != 0)
          return -1;
        continue;
      }
      size_t half = width / 2;
      /* Right child pushed first, so the left one is popped first. */
      stack[sp++] = 2 * k + 1;
      stack[sp++] = first + half;
      stack[sp++] = half;
      stack[sp++] = 2 * k;
      stack[sp++] = first;
      stack[sp++] = half;
    }
  }
  const int64_t *leaf = ix->maxend + ix->leaves;
  for (size_t r = L; r < ix->n && ix->start[r] < e; ++r)
    if (leaf[r] != INT64_MIN)
      if (mp_idlist_push(out, (uint32_t)r) != 0)
        return -1;
  return 0;
}

#endif
