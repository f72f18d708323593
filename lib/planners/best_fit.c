/*===-- best_fit.c - Online best fit with coalescing (seed §6) ------------===*\
|*                                                                            *|
|* A runtime caching allocator simulated offline: what a framework that      *|
|* mallocs and frees from one pool as the program runs would reach. It sees  *|
|* only the present, so it is the yardstick offline planners must beat.     *|
|*                                                                            *|
|* Events in time order; at one step all frees come before all allocations  *|
|* (half-open lives: a buffer ending at t and one starting at t may share    *|
|* bytes), and allocations at one step go in input order.                    *|
|*   allocate: the smallest free block in which the buffer fits after        *|
|*     padding its start to its alignment (ties: lowest offset); the block   *|
|*     is split, padding and tail stay free.                                 *|
|*   free: the range goes back and is merged with free neighbours.           *|
|*   no block fits: grow the pool at the top; if the highest free block      *|
|*     touches the top, the buffer starts in it and the pool is extended.    *|
|* Peak = the largest pool size reached.                                     *|
|*                                                                            *|
|* Free blocks sit in two treaps (lib/core/ordset.h): by (size, offset) for  *|
|* the best-fit search and by offset for coalescing: O(log n) per event.     *|
|* The search walks blocks upward from the first one of at least the size;  *|
|* any block of size >= size + alignment - 1 fits, so it stops there at the *|
|* latest.                                                                   *|
|*                                                                            *|
|* Fixed buffers do not go through the pool. Their byte ranges are reserved  *|
|* exactly for their live interval by a constraint on every allocation: a    *|
|* buffer live in [s, e) must avoid the ranges of the fixed buffers live at  *|
|* some step of [s, e), including those that start later (an allocator told *|
|* in advance about pinned regions). Those fixed buffers are found with the  *|
|* interval index (lib/core/interval_index.h); within a candidate block the  *|
|* lowest aligned offset clear of them is used. Free blocks may therefore    *|
|* cover bytes of a fixed buffer: they describe the pool of movable buffers *|
|* only. While fixed ranges are to be avoided, the best-fit walk is no      *|
|* longer bounded by size + alignment and may visit every free block: fixed *|
|* buffers are meant to be few. Zero-size buffers take no bytes and get     *|
|* offset 0.                                                                 *|
\*===----------------------------------------------------------------------===*/
#include "core/interval_index.h"
#include "core/ordset.h"
#include "core/radix_sort.h"
#include "planners/planners.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct bf_range {
  uint64_t lo, hi;
} bf_range;

static int bf_range_cmp(const void *a, const void *b) {
  const bf_range *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  return x->hi < y->hi ? -1 : (x->hi > y->hi);
}

typedef struct bf_state {
  mp_oset by_size; /* (length, offset) */
  mp_oset by_off;  /* (offset, length) */
  uint64_t top;
  /* Byte ranges of the fixed buffers the current allocation must avoid,
   * sorted by offset. */
  bf_range *avoid;
  size_t navoid, avoid_cap;
  uint64_t work;
} bf_state;

static int bf_add_block(bf_state *S, uint64_t off, uint64_t len) {
  if (len == 0)
    return 0;
  if (mp_oset_insert(&S->by_size, len, off) != 0)
    return -1;
  if (mp_oset_insert(&S->by_off, off, len) != 0) {
    mp_oset_erase(&S->by_size, len, off);
    return -1;
  }
  return 0;
}

static void bf_del_block(bf_state *S, uint64_t off, uint64_t len) {
  mp_oset_erase(&S->by_size, len, off);
  mp_oset_erase(&S->by_off, off, len);
}

/* Lowest offset >= lo, aligned to a, whose [o, o + size) misses every
 * avoided range; UINT64_MAX if that would overflow. */
static uint64_t bf_clear_of_fixed(const bf_state *S, uint64_t lo, uint64_t a,
                                  uint64_t size) {
  uint64_t cand;
  if (__builtin_add_overflow(lo, a - 1, &cand))
    return UINT64_MAX;
  cand = cand / a * a;
  for (size_t h = 0; h < S->navoid; ++h) {
    if (S->avoid[h].lo >= cand && S->avoid[h].lo - cand >= size)
      break;
    if (S->avoid[h].hi > cand) {
      if (__builtin_add_overflow(S->avoid[h].hi, a - 1, &cand))
        return UINT64_MAX;
      cand = cand / a * a;
    }
  }
  return cand;
}

/* Places a buffer of `size` bytes (> 0) aligned to `a`; *out gets the
 * offset. Returns 0, -1 when out of memory, -2 on 64-bit overflow. */
static int bf_alloc(bf_state *S, uint64_t size, uint64_t a, uint64_t *out) {
  uint64_t len, off;
  bool have = mp_oset_lower_bound(&S->by_size, size, 0, &len, &off);
  while (have) {
    S->work++;
    uint64_t o = bf_clear_of_fixed(S, off, a, size);
    if (o != UINT64_MAX && o - off <= len && len - (o - off) >= size) {
      bf_del_block(S, off, len);
      if (bf_add_block(S, off, o - off) != 0 ||
          bf_add_block(S, o + size, off + len - (o + size)) != 0)
        return -1;
      *out = o;
      return 0;
    }
    /* Without fixed ranges to avoid, a block this large always fits; so
     * the walk is bounded by the blocks of size in [size, size + a - 1). */
    have = off < UINT64_MAX
               ? mp_oset_lower_bound(&S->by_size, len, off + 1, &len, &off)
               : mp_oset_lower_bound(&S->by_size, len + 1, 0, &len, &off);
  }
  /* Grow the pool, starting inside the topmost free block when it reaches
   * the top. */
  uint64_t base = S->top;
  uint64_t toff, tlen;
  if (mp_oset_max(&S->by_off, &toff, &tlen) && toff + tlen == S->top) {
    base = toff;
    bf_del_block(S, toff, tlen);
  }
  uint64_t o = bf_clear_of_fixed(S, base, a, size), end;
  if (o == UINT64_MAX || __builtin_add_overflow(o, size, &end))
    return -2;
  if (bf_add_block(S, base, o - base) != 0)
    return -1;
  /* The buffer did not fit in the top block, so it ends above the top. */
  if (end > S->top)
    S->top = end;
  *out = o;
  return 0;
}

/* Returns [off, off + size) to the pool, merged with free neighbours. */
static int bf_release(bf_state *S, uint64_t off, uint64_t size) {
  uint64_t lo = off, hi = off + size, po, pl, so, sl;
  if (mp_oset_pred(&S->by_off, off, 0, &po, &pl) && po + pl == off) {
    bf_del_block(S, po, pl);
    lo = po;
  }
  if (mp_oset_lower_bound(&S->by_off, hi, 0, &so, &sl) && so == hi) {
    bf_del_block(S, so, sl);
    hi = so + sl;
  }
  return bf_add_block(S, lo, hi - lo);
}

int memplan_plan_best_fit(const memplan_problem *p, const memplan_options *o,
                          memplan_plan *plan) {
  (void)o;
  size_t n = p->count;
  int rc = -1;
  bf_state S = {0};
  mp_oset_init(&S.by_size);
  mp_oset_init(&S.by_off);
  mp_iindex fx = {0};
  mp_idlist hits = {0};
  uint32_t *fixed_id = NULL;
  int64_t *fs = NULL, *fe = NULL;
  mp_kv *ev = NULL;
  size_t nf = 0;
  if (n >= UINT32_MAX || n > SIZE_MAX / (2 * sizeof *ev))
    goto oom;
  ev = malloc((n ? 2 * n : 1) * sizeof *ev);
  if (!ev)
    goto oom;

  /* The fixed buffers of nonzero size, indexed by live interval. */
  for (size_t i = 0; i < n; ++i)
    nf += p->buffers[i].fixed && p->buffers[i].size;
  if (nf) {
    fixed_id = malloc(nf * sizeof *fixed_id);
    fs = malloc(nf * sizeof *fs);
    fe = malloc(nf * sizeof *fe);
    if (!fixed_id || !fs || !fe)
      goto oom;
    size_t k = 0;
    for (size_t i = 0; i < n; ++i)
      if (p->buffers[i].fixed && p->buffers[i].size) {
        fixed_id[k] = (uint32_t)i;
        fs[k] = p->buffers[i].start;
        fe[k++] = p->buffers[i].end;
      }
    if (mp_iindex_init(&fx, nf, fs, sizeof *fs) != 0)
      goto oom;
    for (size_t k2 = 0; k2 < nf; ++k2)
      mp_iindex_activate(&fx, (uint32_t)k2, fe[k2]);
  }

  /* Events keyed by time; laid out as all frees, then all allocations,
   * each in input order, so that the stable sort yields frees before
   * allocations at one step and input order within each. */
  size_t m = 0;
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed) {
      plan->offsets[i] = b->offset;
    } else if (b->size == 0) {
      plan->offsets[i] = 0;
    } else {
      ev[m].key = mp_key_i64(b->end);
      ev[m++].val = (uint64_t)i << 1;
    }
  }
  for (size_t i = 0; i < n; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (!b->fixed && b->size != 0) {
      ev[m].key = mp_key_i64(b->start);
      ev[m++].val = ((uint64_t)i << 1) | 1;
    }
  }
  if (mp_radix_sort(ev, m) != 0)
    goto oom;

  for (size_t k = 0; k < m; ++k) {
    size_t i = (size_t)(ev[k].val >> 1);
    const memplan_buffer *b = &p->buffers[i];
    if (!(ev[k].val & 1)) {
      if (bf_release(&S, plan->offsets[i], b->size) != 0)
        goto oom;
      continue;
    }
    S.navoid = 0;
    if (nf) {
      hits.len = 0;
      if (mp_iindex_query(&fx, b->start, b->end, &hits) != 0)
        goto oom;
      if (hits.len > S.avoid_cap) {
        size_t c = hits.len * 2;
        bf_range *na = realloc(S.avoid, c * sizeof *na);
        if (!na)
          goto oom;
        S.avoid = na;
        S.avoid_cap = c;
      }
      for (size_t h = 0; h < hits.len; ++h) {
        const memplan_buffer *f = &p->buffers[fixed_id[fx.item[hits.v[h]]]];
        S.avoid[h].lo = f->offset;
        S.avoid[h].hi = f->offset + f->size;
      }
      S.navoid = hits.len;
      if (S.navoid > 1)
        qsort(S.avoid, S.navoid, sizeof *S.avoid, bf_range_cmp);
    }
    int r = bf_alloc(&S, b->size, b->alignment, &plan->offsets[i]);
    if (r == -1)
      goto oom;
    if (r == -2) {
      snprintf(plan->message, sizeof plan->message,
               "offsets overflow 64 bits");
      goto done;
    }
  }
  plan->work = S.work + m;
  rc = 0;
  goto done;
oom:
  snprintf(plan->message, sizeof plan->message, "out of memory");
done:
  mp_oset_free(&S.by_size);
  mp_oset_free(&S.by_off);
  free(S.avoid);
  mp_iindex_free(&fx);
  free(hits.v);
  free(fixed_id);
  free(fs);
  free(fe);
  free(ev);
  return rc;
}
