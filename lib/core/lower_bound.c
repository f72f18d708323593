/*===-- lower_bound.c - Max live bytes over the schedule ------------------===*\
|*                                                                            *|
|* The buffers live at one step form a clique of the interval graph, and all  *|
|* of them need disjoint bytes, so the largest live total is a lower bound on *|
|* any peak (and for interval graphs it is the maximum-weight clique). A      *|
|* sweep over the 2n interval ends, radix-sorted, finds it in O(n log n).     *|
|*                                                                            *|
|* Alignment tightens it. Let g be the gcd of the alignments of the buffers   *|
|* that take space (with powers of two, simply the smallest). Every offset    *|
|* is a multiple of its own alignment, hence of g, so of the buffers live at  *|
|* one step, stacked in offset order, each but the topmost reaches up to the  *|
|* next multiple of g before the next one can start: it takes at least        *|
|* roundup(size, g) bytes. The topmost takes its size. Hence                  *|
|*   peak >= sum over live of roundup(size, g) - max padding,                 *|
|* where the max padding (roundup(size, g) - size) is taken over all buffers, *|
|* which can only weaken the subtraction's bound, never break it. With        *|
|* alignment 1 this is the plain live-bytes bound.                            *|
\*===----------------------------------------------------------------------===*/
#include "memplan/memplan.h"

#include "core/arith.h"
#include "core/radix_sort.h"

#include <stdlib.h>

uint64_t memplan_lower_bound(const memplan_problem *p, int64_t *at_step) {
  if (p->count && !p->buffers)
    return 0; /* no array to read (memplan_problem_check_at's fault) */
  if (p->count == 0) {
    if (at_step)
      *at_step = 0;
    return 0;
  }
  if (p->count > SIZE_MAX / (2 * sizeof(mp_kv)))
    return 0;
  mp_kv *ev = malloc(2 * p->count * sizeof *ev);
  if (!ev)
    return 0;
  /* Ends first, then starts, and a stable sort by time: at one step every
   * end comes before every start, since intervals are half-open (a buffer
   * ending at t and one starting at t are never live together). */
  size_t m = 0;
  uint64_t fixed_top = 0;
  uint64_t g = 0, max_pad = 0;
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size != 0 && b->start < b->end)
      g = mp_gcd(g, b->alignment);
  }
  if (g == 0)
    g = 1; /* no sized buffer, or an unchecked problem */
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->fixed) {
      /* Saturate: an unchecked problem may hold offset + size > 2^64. */
      uint64_t end;
      if (__builtin_add_overflow(b->offset, b->size, &end))
        end = UINT64_MAX;
      if (end > fixed_top)
        fixed_top = end;
    }
    /* Zero-size buffers and empty intervals add nothing to any step. */
    if (b->size == 0 || b->start >= b->end)
      continue;
    ev[m].key = mp_key_i64(b->end);
    ev[m++].val = (uint64_t)i << 1;
  }
  for (size_t i = 0; i < p->count; ++i) {
    const memplan_buffer *b = &p->buffers[i];
    if (b->size == 0 || b->start >= b->end)
      continue;
    ev[m].key = mp_key_i64(b->start);
    ev[m++].val = ((uint64_t)i << 1) | 1;
  }
  if (mp_radix_sort(ev, m) != 0) {
    free(ev);
    return 0;
  }
  /* roundup(size, g), saturating; and the largest padding it adds. */
#define MP_ROUNDUP_G(sz) ((sz) > UINT64_MAX - (g - 1) ? UINT64_MAX : ((sz) + g - 1) / g * g)
  for (size_t k = 0; k < m; ++k) {
    uint64_t sz = p->buffers[ev[k].val >> 1].size;
    uint64_t pad = MP_ROUNDUP_G(sz) - sz;
    if (pad > max_pad)
      max_pad = pad;
  }
  uint64_t live = 0, live_g = 0, best = 0;
  int64_t best_t = m ? (int64_t)(ev[0].key ^ 0x8000000000000000ull) : 0;
  for (size_t k = 0; k < m; ++k) {
    uint64_t sz = p->buffers[ev[k].val >> 1].size;
    if (ev[k].val & 1) {
      if (__builtin_add_overflow(live, sz, &live))
        live = UINT64_MAX; /* only reachable on unchecked input */
      if (__builtin_add_overflow(live_g, MP_ROUNDUP_G(sz), &live_g))
        live_g = UINT64_MAX;
      uint64_t here = live;
      if (live_g >= max_pad && live_g - max_pad > here)
        here = live_g - max_pad;
      if (here > best) {
        best = here;
        best_t = (int64_t)(ev[k].key ^ 0x8000000000000000ull);
      }
    } else {
      live -= sz;
      live_g -= MP_ROUNDUP_G(sz);
    }
  }
#undef MP_ROUNDUP_G
  free(ev);
  if (at_step)
    *at_step = best_t;
  return best > fixed_top ? best : fixed_top;
}
